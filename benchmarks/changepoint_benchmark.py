#!/usr/bin/env python3
"""Times change-point detection (latency_gate.analysis.changepoints.detect) on a platform's history.

A history of --runs runs x 10 sub-experiments x 11 payloads, Median and 99% analysed:
220 series of --runs points each. Two histories are timed: one whose runs scatter
by 4 % (log-normal) and one by 10 %, both with a 30 % step in the median of ten cells
halfway. Large histories are analysed by a pool of processes (PARALLEL_MIN_POINTS).
The histories are built in memory; reading the store is timed by site_benchmark.

    .venv/bin/python benchmarks/changepoint_benchmark.py [--runs 1000 100] [--repeat 3]
"""

import argparse
import statistics
import sys
import time

import numpy as np
import pandas as pd

from latency_gate.analysis import changepoints
from latency_gate.contracts import formats

STEPS = 10


def history(runs, scatter, seed=0):
    """Long frame as the site reads it: run, subexperiment, Bytes, Median, 99%."""
    rng = np.random.default_rng(seed)
    frame = pd.MultiIndex.from_product(
        [range(runs), formats.SUBEXPERIMENTS, formats.PAYLOADS], names=["run", "subexperiment", "Bytes"],
    ).to_frame(index=False)
    level = 40.0 * (1 + frame["Bytes"].to_numpy() / 4096)
    sigma = np.sqrt(np.log(1 + scatter**2))
    cell = frame.groupby(["subexperiment", "Bytes"], sort=False).ngroup().to_numpy()
    stepped = np.isin(cell, rng.choice(cell.max() + 1, STEPS, replace=False)) & (frame["run"].to_numpy() >= runs // 2)
    frame["Median"] = level * np.where(stepped, 1.3, 1.0) * rng.lognormal(0, sigma, len(frame))
    frame["99%"] = 2 * level * rng.lognormal(0, sigma, len(frame))
    return frame


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, nargs="+", default=[1000, 100])
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()

    rows = []
    for runs in arguments.runs:
        for scatter in (0.04, 0.10):
            frame = history(runs, scatter)
            run_ids = [f"run-{index:04d}" for index in range(runs)]
            times, found = [], []
            for _ in range(arguments.repeat):
                started = time.perf_counter()
                found = changepoints.detect(frame, run_ids)
                times.append(time.perf_counter() - started)
            exact = sum(p.index == runs // 2 and p.magnitude == "Median" for p in found)
            near = sum(abs(p.index - runs // 2) <= 2 and p.magnitude == "Median" for p in found)
            rows.append((f"{runs} runs, scatter {scatter:.0%}", f"{min(times):.2f}", f"{statistics.median(times):.2f}",
                         f"{exact}/{STEPS}", f"{near}/{STEPS}", f"{len(found) - near}"))

    header = ("history (220 series)", "best [s]", "median [s]", "steps at their run", "within 2 runs",
              "other change points")
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, tuple("-" * w for w in widths), *rows]:
        print("  ".join(str(cell).ljust(width) if i == 0 else str(cell).rjust(width)
                        for i, (cell, width) in enumerate(zip(row, widths))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
