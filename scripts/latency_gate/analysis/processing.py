"""Processing experiment results (spec step 2): summaries, histograms, time series and
sub-experiment comparison plots; for a throughput run, summaries (the best case per
payload) and the throughput and lost-samples scatter plots of every payload.

matplotlib (render.plots) is imported only where a comparison is drawn: the spec's
latency_process_results.py, run once per sub-experiment, draws with Pillow alone
(render.sample_plots) and should not pay matplotlib's import on every call.
"""

import time
from pathlib import Path

from latency_gate.analysis import kinds
from latency_gate.analysis.kinds import LATENCY
from latency_gate.contracts import run_metadata
from latency_gate.contracts.formats import (
    SUBEXPERIMENTS, measurements_path, read_summary, subexperiment_of_measurements, subexperiment_of_summary,
    summary_path, write_csv,
)
from latency_gate.errors import InputError
from latency_gate.render import sample_plots


def process_raw_csv(raw_csv, output_csv, plots_directory=None, kind=LATENCY):
    """The spec's latency_process_results.py (throughput_process_results.py): one measurements
    CSV to its summary and, given a plots directory, its plots."""
    subexperiment = subexperiment_of_measurements(raw_csv)
    measurements = kind.read_measurements(raw_csv)
    summary = kind.summarise(measurements, raw_csv)
    write_csv(summary, output_csv)
    if plots_directory is not None:
        _draw_measurements(kind, Path(plots_directory), {subexperiment: measurements})
    return summary


def _draw_measurements(kind, plots_directory, measurements):
    if kind is LATENCY:
        sample_plots.draw_measurements(plots_directory, measurements)
        return
    from latency_gate.render import plots  # matplotlib: see the module's docstring

    batch = plots.PlotBatch()
    for subexperiment, cases in measurements.items():
        batch.add_throughput_scatter(subexperiment, cases, plots_directory)
    batch.render()


def process_experiment(experiment_directory, plots_directory=None, with_plots=True, kind=None):
    """Summarise every measurements_<subexperiment>.csv of a run directory, in spec order.

    Writes measurements_<subexperiment>_summary.csv beside each raw CSV and, unless
    with_plots is false, the histograms, time series and sub-experiment comparison plots
    (default plots directory: <experiment_directory>/plots). All raw files are read and
    summarised before any file is written. kind: latency or throughput; None: the run's
    (metadata.json), else latency.
    """
    directory = Path(experiment_directory)
    kind = kind or kinds.of_run(run_metadata.read_if_present(directory))
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
    measurements, summaries = {}, {}
    for name, path in raw_files.items():
        started = time.perf_counter()
        measurements[name] = kind.read_measurements(path)
        summaries[name] = kind.summarise(measurements[name], path)
        counted = "samples" if kind is LATENCY else "cases"
        print(f"Processed {name}: {len(measurements[name])} {counted}, {len(summaries[name])} payloads "
              f"({time.perf_counter() - started:.2f} s)", flush=True)
    for name, summary in summaries.items():
        write_csv(summary, summary_path(directory, name))
    if with_plots:
        print(f"Drawing plots to {plots_directory} ...", flush=True)
        _draw_measurements(kind, plots_directory, measurements)
        if kind is LATENCY:
            _draw_subexperiment_comparison(summaries, plots_directory)
    return summaries


def compare_subexperiments(summary_paths, plots_directory):
    """The spec's latency_compare_subexperiments.py: min, max, median and 99% comparison plots."""
    summaries = {subexperiment_of_summary(path): read_summary(path) for path in summary_paths}
    return _draw_subexperiment_comparison(summaries, Path(plots_directory))


def _draw_subexperiment_comparison(summaries, plots_directory):
    from latency_gate.render import plots  # matplotlib: see the module's docstring

    batch = plots.PlotBatch()
    batch.add_subexperiment_comparison(summaries, plots_directory)
    return batch.render()
