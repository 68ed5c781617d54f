"""Processing experiment results (spec step 2): summaries, histograms, time series and
sub-experiment comparison plots."""

import time
from pathlib import Path

from . import plots
from .errors import InputError
from .formats import (
    SUBEXPERIMENTS, measurements_path, read_measurements, read_summary, subexperiment_of_measurements,
    subexperiment_of_summary, summary_path, write_csv,
)
from .statistics import summarise


def process_raw_csv(raw_csv, output_csv, plots_directory):
    """The spec's latency_process_results.py: one measurements CSV to its summary and plots."""
    subexperiment = subexperiment_of_measurements(raw_csv)
    measurements = read_measurements(raw_csv)
    summary = summarise(measurements, raw_csv)
    write_csv(summary, output_csv)
    batch = plots.PlotBatch()
    batch.add_measurements(subexperiment, measurements, Path(plots_directory))
    batch.render()
    return summary


def process_experiment(experiment_directory, plots_directory=None, with_plots=True):
    """Summarise every measurements_<subexperiment>.csv of a run directory, in spec order.

    Writes measurements_<subexperiment>_summary.csv beside each raw CSV and, unless
    with_plots is false, the histograms, time series and sub-experiment comparison plots
    (default plots directory: <experiment_directory>/plots). All raw files are read and
    summarised before any file is written.
    """
    directory = Path(experiment_directory)
    raw_files = {
        name: measurements_path(directory, name)
        for name in SUBEXPERIMENTS if measurements_path(directory, name).is_file()
    }
    for path in directory.glob("measurements_*.csv"):
        if not path.name.endswith("_summary.csv"):
            subexperiment_of_measurements(path)  # unknown names are an error, not silently skipped
    if not raw_files:
        raise InputError("no measurements (measurements_<sub-experiment>.csv)", directory)
    plots_directory = Path(plots_directory) if plots_directory else directory / "plots"
    batch = plots.PlotBatch()
    summaries = {}
    for name, path in raw_files.items():
        started = time.perf_counter()
        measurements = read_measurements(path)
        summaries[name] = summarise(measurements, path)
        if with_plots:
            batch.add_measurements(name, measurements, plots_directory)
        print(f"Processed {name}: {len(measurements)} samples, {len(summaries[name])} payloads "
              f"({time.perf_counter() - started:.2f} s)", flush=True)
    for name, summary in summaries.items():
        write_csv(summary, summary_path(directory, name))
    if with_plots:
        batch.add_subexperiment_comparison(summaries, plots_directory)
        print(f"Rendering plots to {plots_directory} ...", flush=True)
        batch.render()
    return summaries


def compare_subexperiments(summary_paths, plots_directory):
    """The spec's latency_compare_subexperiments.py: min, max, median and 99% comparison plots."""
    summaries = {subexperiment_of_summary(path): read_summary(path) for path in summary_paths}
    batch = plots.PlotBatch()
    batch.add_subexperiment_comparison(summaries, Path(plots_directory))
    return batch.render()
