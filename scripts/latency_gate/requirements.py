"""Deriving requirements from many runs ("Set Latency Requirements" in the spec).

For each sub-experiment, payload and checked magnitude (Median, 99%, Max), the
requirement is that magnitude's value across the runs at a percentile (spec: 99),
computed with numpy's default (linear) percentile.
"""

from pathlib import Path

import sys

import numpy as np

from .errors import InputError
from .formats import (
    CHECKED_MAGNITUDES, REQUIREMENTS_COLUMNS, SUBEXPERIMENTS, SUMMARY_COLUMNS, find_summaries, read_batch, read_summary,
    write_csv,
)

DEFAULT_PERCENTILE = 99.0


def run_directories(experiments_results):
    """The run directories (those holding summaries) below a results directory, sorted by name."""
    root = Path(experiments_results)
    if not root.is_dir():
        raise InputError("no such directory", root)
    runs = sorted(
        p for p in root.iterdir()
        if p.is_dir() and not p.name.startswith(".") and any(p.glob("measurements_*_summary.csv"))
    )
    if not runs:
        raise InputError("no run directories with summaries (measurements_<sub-experiment>_summary.csv)", root)
    return runs


def collect_summaries(runs):
    """Long frame: one row per run, sub-experiment and payload, with the summary columns."""
    runs = [Path(run) for run in runs]
    files = [(index, name, path) for index, run in enumerate(runs) for name, path in find_summaries(run).items()]
    frame = read_batch(files, SUMMARY_COLUMNS, read_summary, {}, unique=("Bytes",))
    names = np.array([run.name for run in runs], dtype=object)
    return frame.assign(Run=names[frame.pop("run").to_numpy()]).rename(columns={"subexperiment": "Experiment type"})


def derive_requirements(runs, percentile=DEFAULT_PERCENTILE):
    """Requirements CSV frame (spec columns) from the summaries of many runs."""
    if not 0 <= percentile <= 100:
        raise InputError(f"percentile must be between 0 and 100, got {percentile}")
    runs = [Path(r) for r in runs]
    history = collect_summaries(runs)
    _require_consistent_payloads(history, runs)
    order = {name: i for i, name in enumerate(SUBEXPERIMENTS)}
    requirements = (
        history.groupby(["Experiment type", "Bytes"], sort=False)[list(CHECKED_MAGNITUDES)]
        .agg(lambda values: np.percentile(values.to_numpy(dtype=float), percentile))
        .reset_index()
    )
    requirements = requirements.sort_values(
        ["Experiment type", "Bytes"], key=lambda c: c.map(order) if c.name == "Experiment type" else c,
        kind="stable",
    )
    return requirements[list(REQUIREMENTS_COLUMNS)].reset_index(drop=True)


def _require_consistent_payloads(history, runs):
    """Every run that has a sub-experiment must have measured the same payloads for it."""
    payloads = history.groupby(["Experiment type", "Run"], sort=False)["Bytes"].agg(frozenset)
    for name, per_run in payloads.groupby(level=0, sort=False):
        expected = per_run.iloc[0]
        for (_, run), measured in per_run.items():
            if measured != expected:
                raise InputError(
                    f"payloads of '{name}' differ from the other runs: {sorted(measured)} vs {sorted(expected)}",
                    next(r for r in runs if r.name == run) / f"measurements_{name}_summary.csv",
                )


def write_requirements(runs, output, percentile=DEFAULT_PERCENTILE, out=sys.stdout):
    """Derive the requirements from `runs`, write the CSV, and say how well founded it is."""
    derived = derive_requirements(runs, percentile)
    write_csv(derived, output)
    print(f"Wrote {output}: {len(derived)} requirements from {len(runs)} runs at percentile {percentile:g}",
          file=out, flush=True)
    if len(runs) < 100 / (100 - min(percentile, 99.9)):
        print(f"Note: {len(runs)} runs are too few for a meaningful {percentile:g}th percentile; the spec uses 200.",
              file=out, flush=True)
    return derived
