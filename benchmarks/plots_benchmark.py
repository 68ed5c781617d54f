"""Render-time benchmark of the plots at the sizes of real runs.

Full experiment: 10 sub-experiments x 11 payloads x 10,000 samples (220 histograms and
time series, render/sample_plots.py), the 4 sub-experiment comparison plots and 30 check
plots (render/plots.py).
History: 100 runs of 10 sub-experiments: 4 magnitude and 33 payload plots each (370).

    .venv/bin/python benchmarks/plots_benchmark.py [--workers N] [--keep DIR]
"""

import argparse
import os
import resource
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate.contracts.formats import CHECKED_MAGNITUDES, LATENCY, PAYLOAD, SUBEXPERIMENTS, SUMMARY_COLUMNS
from latency_gate.render import plots, sample_plots
from latency_gate_testing import factories

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


def experiment_data():
    """Measurements, summaries and checks of every sub-experiment."""
    rng = np.random.default_rng(1)
    measurements = {name: factories.measurements(name, seed=index) for index, name in enumerate(SUBEXPERIMENTS)}
    summaries = {name: summary_of(frame) for name, frame in measurements.items()}
    checks = {name: checks_of(summary, rng) for name, summary in summaries.items()}
    return measurements, summaries, checks


def history_data(summaries):
    """100 runs drifting and jittering around the experiment's summaries, and requirements
    20% above the latest run."""
    rng = np.random.default_rng(2)
    one_run = pd.concat([summary.assign(**{"Experiment type": name}) for name, summary in summaries.items()],
                        ignore_index=True)
    history = pd.concat([one_run] * HISTORY_RUNS, ignore_index=True)
    run = np.repeat(np.arange(HISTORY_RUNS), len(one_run))
    history["Run"] = [f"2026{1 + r // 28:02d}{1 + r % 28:02d}T120000Z-{r:012x}-lab1" for r in run]
    factor = (1 + 0.002 * run) * rng.lognormal(0, 0.05, len(history))
    magnitudes = list(SUMMARY_COLUMNS[2:])
    history[magnitudes] = history[magnitudes].mul(factor, axis=0)
    latest = history[run == HISTORY_RUNS - 1]
    requirements = latest[["Experiment type", "Bytes"]].assign(
        **{magnitude: latest[magnitude] * 1.2 for magnitude in CHECKED_MAGNITUDES})
    return history, requirements


def timed(label, draw):
    """Time drawing (draw() returns the paths written), in wall-clock and CPU seconds (this
    process and its workers: the CPU time does not depend on other load of the machine)."""
    cpu_before = _cpu_seconds()
    started = time.perf_counter()
    paths = draw()
    finished = time.perf_counter()
    cpu = _cpu_seconds() - cpu_before
    print(f"| {label:<48} | {len(paths):>5} | {finished - started:>6.2f} "
          f"| {1000 * (finished - started) / len(paths):>7.1f} | {cpu:>5.1f} | {1000 * cpu / len(paths):>10.1f} |",
          flush=True)


def rendered(add_jobs, workers):
    """A matplotlib batch's drawing: add the jobs, render them."""
    def draw():
        batch = plots.PlotBatch()
        add_jobs(batch)
        return batch.render(workers)
    return draw


def _cpu_seconds():
    return sum(resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
               for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=None, help="matplotlib render processes (default: all cores)")
    parser.add_argument("--keep", type=Path, help="write the plots here and keep them (default: a temporary directory)")
    args = parser.parse_args()
    directory = args.keep or Path(tempfile.mkdtemp(prefix="plots_benchmark."))
    measurements, summaries, checks = experiment_data()
    history, requirements = history_data(summaries)

    def add_comparison_and_checks(batch):
        batch.add_subexperiment_comparison(summaries, directory / "experiment")
        for name, frame in checks.items():
            batch.add_checks(name, frame, directory / "experiment")

    try:
        print(f"workers: {args.workers or os.cpu_count()}, load average before: {os.getloadavg()[0]:.2f}")
        print("| plots                                            | plots | wall s | ms/plot | CPU s | CPU ms/plot |")
        print("|--------------------------------------------------|-------|--------|---------|-------|-------------|")
        timed("measurements (histograms, time series; Pillow)",
              lambda: sample_plots.draw_measurements(directory / "experiment", measurements))
        timed("comparisons and checks (matplotlib)", rendered(add_comparison_and_checks, args.workers))
        timed(f"history ({HISTORY_RUNS} runs, matplotlib)",
              rendered(lambda batch: batch.add_history(history, requirements, directory / "history"), args.workers))
    finally:
        if not args.keep:
            shutil.rmtree(directory)


if __name__ == "__main__":
    main()
