#!/usr/bin/env python3
"""Times every analysis stage on a full-size experiment and a 100-run history.

Full size: 10 sub-experiments x 11 payloads x 10,000 samples. Each stage runs as the
CLI command a user or CI job runs (so interpreter and import start-up count), and the
best and median of --repeat runs are printed as a table.

    .venv/bin/python benchmarks/analysis_benchmark.py [--repeat 3] [--runs 100]

Targets (2-core machine): process + compare-subexperiments + check, all plots, < 5 s;
history plots for 100 runs < 10 s.
"""

import argparse
import contextlib
import io
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from latency_gate.cli import check, process
from latency_gate.analysis.requirements import derive_requirements
from latency_gate.analysis.statistics import summarise
from latency_gate.contracts import formats
from latency_gate_testing import factories

CLI = [sys.executable, "-m", "latency_gate"]


def make_history(root, runs):
    """Summaries of `runs` runs (1,000 samples per payload each: only summaries matter here)."""
    for index in range(runs):
        run = root / f"20261122T{index:06d}Z-local-bench"
        for sub_index, name in enumerate(formats.SUBEXPERIMENTS):
            frame = factories.measurements(name, samples=1000, seed=index * 100 + sub_index)
            formats.write_csv(summarise(frame), formats.summary_path(run, name))
    return root


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--runs", type=int, default=100, help="runs in the history")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="latency-bench-"))
    try:
        print(f"Generating a full-size experiment and a {args.runs}-run history in {work} ...", flush=True)
        experiment = factories.write_experiment(work / "experiment")
        history = make_history(work / "history", args.runs)
        requirements = work / "requirements.csv"
        formats.write_csv(derive_requirements(sorted(history.iterdir())), requirements)

        stages = {
            "process (summaries, 220 histogram/time-series, 4 comparison plots)":
                CLI + ["process", "--experiment-directory", experiment, "--plots-directory", work / "plots"],
            "check (10 check CSVs, 30 check plots, reports)":
                CLI + ["check", "--requirements", requirements, "--experiment-directory", experiment,
                       "--plots-directory", work / "plots"],
            f"history ({args.runs} runs, 370 plots)":
                CLI + ["history", "--requirements", requirements, "--experiments-results", history,
                       "--plots-directory", work / "history-plots"],
        }
        timings = {name: [] for name in stages}
        for _ in range(args.repeat):
            for name, command in stages.items():
                # check exits 1 when a synthetic run misses a requirement: that is still a timing.
                started = time.perf_counter()
                subprocess.run(list(map(str, command)), stdout=subprocess.DEVNULL)
                timings[name].append(time.perf_counter() - started)

        # The same two stages in one process: what a pipeline pays without two interpreter start-ups.
        in_process = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            with contextlib.redirect_stdout(io.StringIO()):
                process.process_experiment(experiment, work / "plots")
                check.check_experiment(requirements, experiment, work / "plots")
            in_process.append(time.perf_counter() - started)

        width = max(map(len, stages)) + 2
        print(f"\n{'stage':<{width}}{'best [s]':>10}{'median [s]':>12}")
        for name, values in timings.items():
            print(f"{name:<{width}}{min(values):>10.2f}{statistics.median(values):>12.2f}")
        first_two = [sum(v) for v in zip(*list(timings.values())[:2])]
        print(f"{'process + check (target < 5 s)':<{width}}{min(first_two):>10.2f}{statistics.median(first_two):>12.2f}")
        print(f"{'process + check in one process':<{width}}{min(in_process):>10.2f}"
              f"{statistics.median(in_process):>12.2f}")
        history_times = list(timings.values())[2]
        print(f"{'history (target < 10 s for 100 runs)':<{width}}{min(history_times):>10.2f}"
              f"{statistics.median(history_times):>12.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
