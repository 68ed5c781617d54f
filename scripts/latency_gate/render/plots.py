"""The toolkit's plots beyond the per-payload ones, described in a batch and rendered by
forked processes.

Callers add plot jobs to a PlotBatch (sub-experiment and experiment comparisons, checks,
history, gate ratios, middleware comparisons) and call render() once, so a run pays the
worker start-up cost once. A job (PlotJob) describes one PNG: its shape, title, axis labels
and data (numpy arrays, Series and strings, cheap to send to a worker); the tests read the
descriptions. Line plots (lines over the payloads: the comparisons, the checks, a short
history; one cell over the runs: the history's payload plots) are drawn with Pillow
(line_plots.py), so neither the spec's commands nor a history's regeneration import
matplotlib; the other shapes (many runs coloured by order, the gate's ratios) are drawn with
matplotlib (figures.py), imported when one is drawn.
(The per-payload histograms, time series and throughput scatter plots are sample_plots.py's.)

The calling process renders a share of the jobs beside forked workers (forked.py), each
every n-th job; a handful of jobs is rendered in the calling process alone. Every PNG is written to a temporary name beside its target and renamed
into place. A command's whole set of plots is drawn into a staging directory and moved into
place once all are drawn (draw_staged).
"""

import importlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from latency_gate.contracts import throughput_formats
from latency_gate.contracts.formats import CHECKED_MAGNITUDES, write_atomic
from latency_gate.render import forked, sample_plots
from latency_gate.render.plot_style import EXPERIMENT_COLOR, LATENCY_AXIS, PAYLOAD_AXIS, REQUIREMENT_COLOR, Series
from latency_gate.runner import processes

IN_PROCESS_MAX_JOBS = 2  # fewer jobs render faster here than a worker starts
LEGEND_MAX_RUNS = 10  # more runs than this: colour by run order with a colorbar, not a legend

RUN_AXIS = "Run"
REFERENCE_COLORS, RESULT_COLORS = ("#ff0000", "#ff6666"), ("#09487e", "#0895cd")
SERIES_COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",  # matplotlib's default cycle (tab10)
                 "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")

# Magnitude (summary column) -> the file name part the reference scripts use.
COMPARED_MAGNITUDE_NAMES = {"Min": "min", "Max": "max", "Median": "median", "99%": "99"}
CHECK_NAMES = {"Median": "median", "99%": "99", "Max": "max",
               throughput_formats.THROUGHPUT: "throughput", throughput_formats.LOST: "lost"}
HISTORY_MAGNITUDE_NAMES = {"Min": "Min", "Median": "Median", "Max": "Max", "99%": "99"}
EXPERIMENT_COMPARISONS = ((("Min", "Median"), "min_median"), (("Max", "99%"), "max_99%"))


@dataclass(frozen=True)
class PlotJob:
    """One PNG to draw: the figure shape that draws it, where, its title and its data."""

    shape: str  # a key of SHAPES
    path: Path
    title: str
    data: dict  # numpy arrays, Series and strings only
    axis_labels: tuple = None  # (x, y) when not the shape's own


@dataclass(frozen=True)
class HistoryView:
    """What a kind's history plots show: its payload column; the magnitudes drawn over the
    payloads, with their file name parts and names (titles, legends); the checked magnitudes
    drawn per payload over the runs; the y axis label (None: the magnitude's column name,
    which carries its unit)."""

    payload: str
    files: dict  # summary column -> file name part
    names: dict  # summary column -> its name in legends
    checked: tuple
    ylabel: str = None
    title_prefix: str = ""  # before a magnitude's name in titles
    floors: frozenset = frozenset()  # checked magnitudes whose requirement is a lower bound

    def requirement_label(self, magnitude):
        return f"{self.names[magnitude]} requirement" + (" (floor)" if magnitude in self.floors else "")

    def axis_labels(self, x_label, magnitude):
        return x_label, self.ylabel or magnitude


LATENCY_HISTORY = HistoryView(
    "Bytes", HISTORY_MAGNITUDE_NAMES, {magnitude: magnitude for magnitude in HISTORY_MAGNITUDE_NAMES},
    CHECKED_MAGNITUDES, LATENCY_AXIS, "latency ",
)
THROUGHPUT_HISTORY = HistoryView(
    throughput_formats.PAYLOAD, {throughput_formats.THROUGHPUT: "throughput", throughput_formats.LOST: "lost"},
    {throughput_formats.THROUGHPUT: "subscription throughput", throughput_formats.LOST: "lost samples"},
    throughput_formats.CHECKED_MAGNITUDES, floors=throughput_formats.FLOORS,
)
HISTORY_VIEWS = {"latency": LATENCY_HISTORY, "throughput": THROUGHPUT_HISTORY}  # by kind name


class PlotBatch:
    """Plot jobs collected from callers, rendered together by render()."""

    def __init__(self):
        self.jobs = []

    def add_subexperiment_comparison(self, summaries, plots_directory):
        """Min, Max, Median and 99% of every sub-experiment against the payload."""
        payloads = _payload_union(summaries.values())
        for magnitude, name in COMPARED_MAGNITUDE_NAMES.items():
            series = [
                Series(subexperiment, _positions(payloads, summary["Bytes"]), np.asarray(summary[magnitude], dtype=float),
                       _series_color(index), _series_linestyle(index))
                for index, (subexperiment, summary) in enumerate(summaries.items())
            ]
            self.jobs.append(PlotJob(
                "payload_series", Path(plots_directory) / f"subexperiments_{name}.png",
                f"Sub-experiments latency {magnitude} comparison", {"payloads": payloads, "series": series},
            ))

    def add_checks(self, subexperiment, checks, plots_directory, payload_column="Bytes"):
        """Per check (latency: Median, 99%, Max; throughput: lost samples, throughput):
        experiment and requirement; failed points marked. A throughput check's y axis is
        its magnitude's column (name and unit)."""
        directory = Path(plots_directory) / f"measurements_{subexperiment}"
        names = np.asarray(checks["Check"])
        for check in _in_order(names):
            rows = {column: np.asarray(values)[names == check] for column, values in checks.items()}
            payloads = np.unique(rows[payload_column])
            x = _positions(payloads, rows[payload_column])
            experiment = rows["Experiment"].astype(float)
            failed = rows["Status"] == "failed"
            self.jobs.append(PlotJob(
                "payload_series", directory / f"comparison_{CHECK_NAMES[check]}.png",
                f"{subexperiment}: {check} check ({failed.sum()} of {len(failed)} failed)",
                {
                    "payloads": payloads,
                    "series": [
                        Series("Experiment", x, experiment, EXPERIMENT_COLOR),
                        Series("Requirement", x, rows["Requirement"].astype(float), REQUIREMENT_COLOR, "--"),
                    ],
                    "failed": Series("Failed", x[failed], experiment[failed], REQUIREMENT_COLOR, "", "X", 10),
                },
                None if payload_column == "Bytes" else (payload_column, check),
            ))

    def add_gate_ratios(self, subexperiment, cells, min_effect, plots_directory):
        """Relative gate: PR / base ratio per payload with its interval, one line per gated magnitude."""
        payloads = np.unique(cells["Bytes"].to_numpy())
        magnitudes = list(_in_order(cells["Magnitude"]))
        series = []
        for index, magnitude in enumerate(magnitudes):
            rows = cells[cells["Magnitude"] == magnitude]
            offset = (index - (len(magnitudes) - 1) / 2) * 0.12  # side by side, not on top of each other
            series.append({
                "label": magnitude, "color": _series_color(index),
                "x": _positions(payloads, rows["Bytes"]) + offset,
                "ratio": rows["Ratio"].to_numpy(float), "low": rows["Low"].to_numpy(float),
                "high": rows["High"].to_numpy(float), "verdict": rows["Verdict"].to_numpy(str),
            })
        regressions = int((cells["Verdict"] == "regression").sum())
        self.jobs.append(PlotJob(
            "gate_ratios", Path(plots_directory) / f"gate_{subexperiment}.png",
            f"{subexperiment}: PR / base ({regressions} regression(s))",
            {"payloads": payloads, "series": series, "min_effect": min_effect},
        ))

    def add_middleware_comparison(self, subexperiment, table, titles, plots_directory):
        """Mean (solid) and minimum (dashed) per payload of each middleware, as eProsima's vendor
        comparison figures; `table` holds middleware_comparison's rows of one sub-experiment,
        `titles` the middleware's names for the legend."""
        payloads = np.unique(table["Bytes"].to_numpy())
        series = []
        for index, middleware in enumerate(titles):  # the same colour for a middleware in every plot
            rows = table[table["Middleware"] == middleware]
            if rows.empty:  # unsupported by this middleware
                continue
            x = _positions(payloads, rows["Bytes"])
            for magnitude, linestyle in (("Mean", "-"), ("Min", "--")):
                series.append(Series(f"{titles[middleware]} {magnitude.lower()}", x,
                                     rows[magnitude].to_numpy(float), _series_color(index), linestyle))
        self.jobs.append(PlotJob(
            "payload_series", Path(plots_directory) / f"middleware_{subexperiment}.png",
            f"{subexperiment}: one-way latency by middleware", {"payloads": payloads, "series": series},
        ))

    def add_experiment_comparison(self, subexperiment, reference, result, reference_label, result_label,
                                  plots_directory):
        """Min-median and max-99% plots of a result against a reference summary."""
        payloads = _payload_union([reference, result])
        for magnitudes, name in EXPERIMENT_COMPARISONS:
            series = [
                Series(f"{label} {magnitude}", _positions(payloads, summary["Bytes"]),
                       np.asarray(summary[magnitude], dtype=float), colors[index], ("-", "--")[index])
                for summary, label, colors in ((reference, reference_label, REFERENCE_COLORS),
                                               (result, result_label, RESULT_COLORS))
                for index, magnitude in enumerate(magnitudes)
            ]
            self.jobs.append(PlotJob(
                "payload_series", Path(plots_directory) / f"{subexperiment}_{name}.png",
                f"{subexperiment}: {' and '.join(magnitudes)} comparison", {"payloads": payloads, "series": series},
            ))

    def add_history(self, history, requirements, plots_directory, changepoints=(), settings_changed=(),
                    view=LATENCY_HISTORY):
        """Per sub-experiment: a plot per magnitude over the payloads with one series per
        run, and a plot per checked magnitude and payload over the runs, the latter with a
        vertical marker at each of the cell's change points (changepoints.ChangePoint) and
        a grey one before each run measured under other settings than the run before it.
        view: the kind's columns and names (LATENCY_HISTORY, THROUGHPUT_HISTORY)."""
        changed_runs = {}
        for point in changepoints:
            changed_runs.setdefault((point.subexperiment, point.payload, point.magnitude), []).append(point.run_id)
        for subexperiment in _in_order(history["Experiment type"]):
            rows = history[history["Experiment type"] == subexperiment]
            runs = _in_order(rows["Run"])  # chronological: order of first appearance
            run_ids = np.array([str(run) for run in runs])
            payloads = np.unique(rows[view.payload].to_numpy())
            table = rows.pivot(index="Run", columns=view.payload)
            # runs x payloads per magnitude, NaN where a run lacks a payload
            values = {magnitude: table[magnitude].reindex(index=runs, columns=payloads).to_numpy(float)
                      for magnitude in view.files}
            directory = Path(plots_directory) / subexperiment
            for magnitude, name in view.files.items():
                self.jobs.append(_magnitude_history_job(
                    directory / f"history_{name}.png",
                    f"{subexperiment}: {view.title_prefix}{view.names[magnitude]} history",
                    payloads, run_ids, values[magnitude], view.axis_labels(PAYLOAD_AXIS, magnitude),
                ))
            required = _requirements_of(requirements, subexperiment, payloads, view)
            for magnitude in view.checked:
                for column, payload in enumerate(payloads):
                    self.jobs.append(PlotJob(
                        "run_series",
                        directory / f"{payload}_bytes_{view.files[magnitude]}.png",
                        f"{subexperiment}: {view.title_prefix}{view.names[magnitude]} history, {payload} Bytes",
                        {"magnitude": view.names[magnitude], "runs": run_ids, "values": values[magnitude][:, column],
                         "requirement": required[magnitude][column],
                         "requirement_label": view.requirement_label(magnitude),
                         "changes": np.flatnonzero(np.isin(
                             run_ids, changed_runs.get((subexperiment, int(payload), magnitude), []))),
                         "settings_changes": np.flatnonzero(np.isin(run_ids, list(settings_changed)))},
                        view.axis_labels(RUN_AXIS, magnitude),
                    ))

    def render(self, workers=None):
        """Draw every job; return the written paths in the order the jobs were added."""
        if not self.jobs:
            return []
        for directory in {job.path.parent for job in self.jobs}:
            directory.mkdir(parents=True, exist_ok=True)
        workers = workers or forked.free_workers(os.cpu_count() or 1)
        if workers > 1 and any(job.shape not in PILLOW_SHAPES for job in self.jobs):
            importlib.import_module("latency_gate.render.figures")  # matplotlib once, before the workers fork
        forked.in_shares(_render_jobs, self.jobs, workers if len(self.jobs) >= IN_PROCESS_MAX_JOBS else 1)
        return [job.path for job in self.jobs]


def draw_staged(plots_directory, draw):
    """draw(directory) into a staging directory beside plots_directory, then what it drew moved
    into plots_directory (a plot of the same name replaced, any other file kept: a run's check
    plots, say), SIGINT and SIGTERM held over the moves; draw's paths as they are in plots_directory.
    A failure or an interrupt while drawing leaves plots_directory as it was (or not made) and no
    staging directory: drawn in place, it would have left some plots new and some old."""
    final = Path(plots_directory)
    real = final.resolve()  # beside the directory, not beside a link to it: the moves are renames
    real.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=real.parent, prefix=f".{real.name}.staging-"))
    try:
        drawn = draw(staging)
        with processes.held_stop_signals():
            _move_into(staging, real)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return [final / Path(path).relative_to(staging) for path in drawn]


def _move_into(source, target):
    """Rename every file under `source` to its place under `target`; a directory `target` lacks,
    whole. Made here, not renamed, `target` gets the usual mode (mkdtemp's is 0700)."""
    target.mkdir(exist_ok=True)
    for entry in sorted(source.iterdir()):
        destination = target / entry.name
        if entry.is_dir() and destination.is_dir():
            _move_into(entry, destination)
        else:
            os.replace(entry, destination)


def _in_order(values):
    """The distinct values in order of first appearance (summaries: a frame's column, or an array)."""
    values = np.asarray(values)
    _, first = np.unique(values, return_index=True)
    return values[np.sort(first)]


def _payload_union(summaries):
    return np.unique(np.concatenate([np.asarray(summary["Bytes"]) for summary in summaries]))


def _positions(payloads, column):
    """Categorical x positions of payloads (sorted ticks) for a Bytes column."""
    return np.searchsorted(payloads, np.asarray(column))


def _series_color(index):
    return SERIES_COLORS[index % len(SERIES_COLORS)]


def _series_linestyle(index):
    # Past the colour cycle, a second line style keeps series apart.
    return ("-", "--", ":")[index // len(SERIES_COLORS) % 3]


def _magnitude_history_job(path, title, payloads, runs, values, axis_labels):
    if len(runs) <= LEGEND_MAX_RUNS:
        series = [Series(run, np.arange(len(payloads)), row, _series_color(index), _series_linestyle(index))
                  for index, (run, row) in enumerate(zip(runs, values))]
        return PlotJob("payload_series", path, title, {"payloads": payloads, "series": series}, axis_labels)
    return PlotJob("run_colored", path, title, {"payloads": payloads, "runs": runs, "values": values}, axis_labels)


def _requirements_of(requirements, subexperiment, payloads, view):
    """{checked magnitude: requirement per payload}, NaN where there is none."""
    if requirements is None:
        return {magnitude: np.full(len(payloads), np.nan) for magnitude in view.checked}
    rows = requirements[requirements["Experiment type"] == subexperiment].set_index(view.payload)
    return {magnitude: rows[magnitude].reindex(payloads).to_numpy(float) for magnitude in view.checked}


def _render_jobs(jobs):
    """Draw and save jobs in this process; return their paths."""
    for job in jobs:
        picture = draw(job)
        if job.shape in PILLOW_SHAPES:
            write_atomic(job.path, lambda handle: handle.write(sample_plots.png_bytes(picture)))
        else:
            from latency_gate.render import figures  # matplotlib: only for its shapes

            figures.save(picture, job.path)
    return [job.path for job in jobs]


def draw(job):
    """The picture of a job, not saved: a Pillow image (PILLOW_SHAPES), else this process's
    matplotlib figure of the job's shape."""
    if job.shape in PILLOW_SHAPES:
        from latency_gate.render import line_plots

        default_labels = (RUN_AXIS, LATENCY_AXIS) if job.shape == "run_series" else (PAYLOAD_AXIS, LATENCY_AXIS)
        return line_plots.draw(job, job.axis_labels or default_labels)
    from latency_gate.render import figures  # matplotlib: only for its shapes

    return figures.draw(job)


PILLOW_SHAPES = frozenset({"payload_series", "run_series"})
