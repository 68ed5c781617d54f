"""Render-time benchmark of latency_gate.plots at the sizes of real runs.

Full experiment: 10 sub-experiments x 11 payloads x 10,000 samples (220 histograms and
time series), the 4 sub-experiment comparison plots and 30 check plots.
History: 100 runs of 10 sub-experiments: 4 magnitude and 33 payload plots each (370).

    .venv/bin/python benchmarks/plots_benchmark.py [--workers N] [--keep DIR]
"""

import argparse
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate import plots, synthetic
from latency_gate.formats import CHECKED_MAGNITUDES, LATENCY, PAYLOAD, SUBEXPERIMENTS, SUMMARY_COLUMNS

HISTORY_RUNS = 100


def summary_of(measurements):
    """A summary frame (spec columns) of a measurements frame, enough for plotting."""
    groups = measurements.groupby(PAYLOAD, sort=False)[LATENCY]
    summary = pd.DataFrame({
        "Bytes": list(groups.groups), "Samples": groups.size().to_numpy(),
        "Max": groups.max().to_numpy(), "Min": groups.min().to_numpy(), "Mean": groups.mean().to_numpy(),
        "Median": groups.median().to_numpy(), "Stdev": groups.std().to_numpy(),
        "90%": groups.quantile(0.9).to_numpy(), "99%": groups.quantile(0.99).to_numpy(),
        "99.99%": groups.quantile(0.9999).to_numpy(),
    })
    summary["Mean jitter"] = summary["Max jitter"] = 0.0
    return summary[list(SUMMARY_COLUMNS)]


def checks_of(summary, rng):
    """Check frames against requirements a little above the summary; some fail."""
    frames = []
    for magnitude in CHECKED_MAGNITUDES:
        experiment = summary[magnitude].to_numpy()
        requirement = experiment * rng.uniform(0.95, 1.3, len(experiment))
        frames.append(pd.DataFrame({
            "Check": magnitude, "Bytes": summary["Bytes"], "Requirement": requirement, "Experiment": experiment,
            "Difference": requirement - experiment,
            "Percentage over requirement": (experiment - requirement) / requirement * 100,
            "Status": np.where(experiment > requirement, "failed", "passed"),
        }))
    return pd.concat(frames, ignore_index=True)


def experiment_batch(directory):
    rng = np.random.default_rng(1)
    batch = plots.PlotBatch()
    summaries = {}
    for index, name in enumerate(SUBEXPERIMENTS):
        measurements = synthetic.measurements(name, seed=index)
        summaries[name] = summary_of(measurements)
        batch.add_measurements(name, measurements, directory)
    batch.add_subexperiment_comparison(summaries, directory)
    for name, summary in summaries.items():
        batch.add_checks(name, checks_of(summary, rng), directory)
    return batch, summaries


def history_batch(directory, summaries):
    """100 runs drifting and jittering around the experiment's summaries."""
    rng = np.random.default_rng(2)
    frames = []
    for run in range(HISTORY_RUNS):
        run_id = f"2026{1 + run // 28:02d}{1 + run % 28:02d}T120000Z-{rng.bytes(6).hex()}-lab1"
        for name, summary in summaries.items():
            scaled = summary.copy()
            factor = (1 + 0.002 * run) * rng.lognormal(0, 0.05, len(summary))
            for column in SUMMARY_COLUMNS[2:]:
                scaled[column] = summary[column] * factor
            frames.append(scaled.assign(**{"Run": run_id, "Experiment type": name}))
    history = pd.concat(frames, ignore_index=True)
    last = history[history["Run"] == history["Run"].iat[-1]]
    requirements = last[["Experiment type", "Bytes", *CHECKED_MAGNITUDES]] * 1  # copy
    for magnitude in CHECKED_MAGNITUDES:
        requirements[magnitude] = last[magnitude].to_numpy() * 1.2
    batch = plots.PlotBatch()
    batch.add_history(history, requirements, directory)
    return batch


def timed(label, make_batch, workers):
    started = time.perf_counter()
    batch = make_batch()
    prepared = time.perf_counter()
    paths = batch.render(workers)
    finished = time.perf_counter()
    rendered = finished - prepared
    print(f"| {label:<40} | {len(paths):>4} | {prepared - started:>9.2f} | {rendered:>9.2f} "
          f"| {1000 * rendered / len(paths):>7.1f} |", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=None, help="render processes (default: all cores)")
    parser.add_argument("--keep", type=Path, help="write the plots here and keep them (default: a temporary directory)")
    args = parser.parse_args()
    directory = args.keep or Path(tempfile.mkdtemp(prefix="plots_benchmark."))
    try:
        print("| plots                                    | jobs | prepare s |  render s | ms/plot |")
        print("|------------------------------------------|------|-----------|-----------|---------|")
        summaries = {}

        def make_experiment():
            batch, made = experiment_batch(directory / "experiment")
            summaries.update(made)
            return batch

        timed("experiment (measurements+comparison+checks)", make_experiment, args.workers)
        timed(f"history ({HISTORY_RUNS} runs)", lambda: history_batch(directory / "history", summaries), args.workers)
    finally:
        if not args.keep:
            shutil.rmtree(directory)


if __name__ == "__main__":
    main()
