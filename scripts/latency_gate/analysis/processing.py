"""Processing experiment results (spec step 2): the summary of every measurements CSV; for a
throughput run, the best case per payload. The plots drawn from them: render/processing_plots.py
(the spec's command lines: cli/process.py and cli/compare_subexperiments.py).
"""

import os
import time
from dataclasses import dataclass
from pathlib import Path

from latency_gate.analysis import statistics, throughput
from latency_gate.contracts import run_metadata, throughput_formats
from latency_gate.contracts.formats import (
    KNOWN_SUBEXPERIMENTS, MEASUREMENTS, check_writable, is_summary, measurements_path, read_measurement_columns, subexperiment_of_measurements,
    summary_path, write_csv, write_rows,
)
from latency_gate.errors import InputError
from latency_gate.runner import kinds
from latency_gate.runner.kinds import LATENCY


def summarise(kind, measurements, source=None):
    """A kind's summary frame of its measurements (`source` names them in errors): the spec's
    statistics per payload for latency, the best case per payload for throughput."""
    return (throughput.summarise if kind is kinds.THROUGHPUT else statistics.summarise)(measurements, source)


def process_raw_csv(raw_csv, output_csv, kind=LATENCY):
    """The spec's latency_process_results.py (throughput_process_results.py) without its plots:
    one measurements CSV to its summary; returns {sub-experiment: measurements} (the columns
    as numpy arrays). numpy alone: this runs once per sub-experiment, each time in a new
    process, and pandas' import would be half of it."""
    subexperiment = subexperiment_of_measurements(raw_csv)
    if Path(output_csv).exists() and os.path.samefile(output_csv, raw_csv):
        raise InputError("is the measurements CSV itself: its summary would replace the samples", output_csv)
    if kind is kinds.THROUGHPUT:
        measurements = throughput_formats.read_measurement_columns(raw_csv)
        rows = throughput.summary_rows(measurements, raw_csv)
    else:
        measurements = read_measurement_columns(raw_csv)
        rows = statistics.summary_rows(measurements, raw_csv)
    write_rows(rows, kind.summary_columns, kind.integers, output_csv)
    return {subexperiment: measurements}


@dataclass(frozen=True)
class Processed:
    """A run directory's measurements and summaries, by sub-experiment in spec order."""

    kind: object  # runner.kinds.Kind
    measurements: dict
    summaries: dict


def process_experiment(experiment_directory, kind=None):
    """Summarise every measurements_<subexperiment>.csv of a run directory, in spec order;
    returns them as Processed.

    Writes measurements_<subexperiment>_summary.csv beside each raw CSV. All raw files are
    read and summarised before any file is written. kind: latency or throughput; None: the
    run's (metadata.json), else latency.
    """
    directory = Path(experiment_directory)
    kind = kind or kinds.of_run(run_metadata.read_if_present(directory))
    # A directory or a link to nothing in a measurements file's place is read, and refused, not passed over.
    raw_files = {name: path for name in KNOWN_SUBEXPERIMENTS
                 if (path := measurements_path(directory, name)).exists() or path.is_symlink()}
    for path in directory.glob(MEASUREMENTS.glob):
        if not is_summary(path):
            subexperiment_of_measurements(path)  # unknown names are an error, not silently skipped
    if not raw_files:
        raise InputError("no measurements (measurements_<sub-experiment>.csv)", directory)
    measurements, summaries = {}, {}
    for name, path in raw_files.items():
        started = time.perf_counter()
        measurements[name] = kind.read_measurements(path)
        summaries[name] = summarise(kind, measurements[name], path)
        counted = "samples" if kind is LATENCY else "cases"
        print(f"Processed {name}: {len(measurements[name])} {counted}, {len(summaries[name])} payloads "
              f"({time.perf_counter() - started:.2f} s)", flush=True)
    check_writable(*(summary_path(directory, name) for name in summaries))
    for name, summary in summaries.items():
        write_csv(summary, summary_path(directory, name))
    return Processed(kind, measurements, summaries)
