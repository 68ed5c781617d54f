#!/usr/bin/env python3
"""Times the throughput specification's steps on a full-grid experiment and a 100-run history.

Full grid: 10 sub-experiments x 11 payloads x 5 demands x 6 recovery times (3,300 cases,
the throughput specification's). The measured values are synthetic (a saturating curve of
demand over recovery time, with noise): only their amount matters here. Each stage runs
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

import numpy as np
import pandas as pd

from latency_gate.analysis.requirements import derive_requirements
from latency_gate.contracts import formats, run_metadata, throughput_formats as tf
from latency_gate.runner.kinds import THROUGHPUT

CLI = [sys.executable, "-m", "latency_gate"]


def measurements(seed):
    """One sub-experiment's full grid: sent per case = what demand and rest allow, a few lost."""
    rng = np.random.default_rng(seed)
    grid = pd.MultiIndex.from_product([tf.PAYLOADS, tf.DEMANDS, tf.RECOVERY_TIMES_MS], names=list(tf.CASE))
    cases = grid.to_frame(index=False)
    payload, demand, rest = (cases[column].to_numpy(float) for column in tf.CASE)
    rate = np.minimum(250_000.0, demand / np.maximum(rest, 0.05) * 1000) * rng.uniform(0.95, 1.05, len(cases))
    sent = np.round(rate).astype(np.int64)
    lost = rng.integers(0, 50, len(cases))
    time_us = rng.uniform(1.0e6, 1.01e6, len(cases))
    mbps = sent * payload * 8 / time_us
    values = {tf.SENT: sent, tf.PUBLICATION_TIME: time_us, tf.PUBLICATION_RATE: sent / time_us * 1e6,
              tf.PUBLICATION_THROUGHPUT: mbps, tf.RECEIVED: sent - lost, tf.LOST: lost,
              tf.SUBSCRIPTION_TIME: time_us, tf.SUBSCRIPTION_RATE: (sent - lost) / time_us * 1e6,
              tf.THROUGHPUT: (sent - lost) * payload * 8 / time_us}
    return cases.assign(**values)[list(tf.MEASUREMENT_COLUMNS)]


def write_run(directory, seed):
    for index, name in enumerate(formats.SUBEXPERIMENTS):
        formats.write_csv(measurements(seed * 100 + index), formats.measurements_path(directory, name))
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
