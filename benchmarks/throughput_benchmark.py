#!/usr/bin/env python3
"""Times the throughput specification's steps on a full-grid experiment and a 100-run history.

Full grid: 10 sub-experiments x 11 payloads x 5 demands x 6 recovery times (3,300 cases,
the throughput specification's). The measured values are synthetic (latency_gate_testing's
factories.throughput_measurements: what demand and rest allow, with noise): only their
amount matters here. Each stage runs
as the CLI command a user or CI job runs (interpreter and import start-up count), and the
best and median of --repeat runs are printed as a table.

    .venv/bin/python benchmarks/throughput_benchmark.py [--repeat 3] [--runs 100]
"""

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from latency_gate.analysis.requirements import derive_requirements
from latency_gate.contracts import formats, run_metadata
from latency_gate.runner.kinds import THROUGHPUT
from latency_gate_testing import factories

CLI = [sys.executable, "-m", "latency_gate"]


def write_run(directory, seed):
    for index, name in enumerate(formats.SUBEXPERIMENTS):
        formats.write_csv(factories.throughput_measurements(seed * 100 + index),
                          formats.measurements_path(directory, name))
    run_metadata.write(directory, run_metadata.RunMetadata(run_id=directory.name, kind="throughput"))
    return directory


def timed(command, repeat):
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        times.append(time.perf_counter() - started)
        if done.returncode not in (0, 1):  # 1: a check failed, as synthetic data may
            raise SystemExit(f"{' '.join(command)}: exit {done.returncode}: {done.stderr}")
    return min(times), statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--runs", type=int, default=100, help="runs in the history")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="throughput-bench-"))
    print(f"Generating a full-grid experiment and a {args.runs}-run history in {work} ...", flush=True)
    experiment = write_run(work / "experiment", 0)
    history = work / "history"
    for index in range(args.runs):
        run = write_run(history / f"20261125T{index:06d}Z-local-bench", index + 1)
        subprocess.run([*CLI, "process", "--experiment-directory", str(run), "--no-plots"], check=True,
                       capture_output=True)
    requirements = work / "requirements.csv"
    formats.write_csv(derive_requirements(sorted(history.iterdir()), kind=THROUGHPUT), requirements)
    stages = {
        "process (10 summaries, 220 scatter plots)":
            [*CLI, "process", "--experiment-directory", str(experiment)],
        "check (20 check plots, reports)":
            [*CLI, "check", "-r", str(requirements), "-e", str(experiment), "-p", str(work / "check-plots")],
        f"requirements from {args.runs} runs":
            [*CLI, "requirements", "-e", str(history), "-o", str(work / "derived.csv")],
        f"history plots of {args.runs} runs (440 plots)":
            [*CLI, "history", "-e", str(history), "-r", str(requirements), "-p", str(work / "history-plots")],
    }
    print("\n| stage | best [s] | median [s] |\n|---|---:|---:|")
    for stage, command in stages.items():
        best, median = timed(command, args.repeat)
        print(f"| {stage} | {best:.2f} | {median:.2f} |", flush=True)


if __name__ == "__main__":
    main()
