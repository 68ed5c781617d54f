"""The toolkit's matplotlib plots, collected in a batch and rendered by a pool of processes.

Callers add plot jobs to a PlotBatch (sub-experiment and experiment comparisons, checks,
history, gate ratios) and call render() once, so a run pays the worker start-up cost once.
(The per-payload histograms and time series are sample_plots.py's: Pillow, for speed.)

Rendering is built for speed, because a full experiment draws hundreds of plots:
- a job holds only numpy arrays and strings, cheap to send to a worker;
- each process keeps one figure per plot shape and only updates its artists (data,
  title, limits) instead of building a new figure or clearing axes;
- fixed layouts (no bbox_inches="tight"), modest size and dpi, PNG compression level 1;
- workers are forked (they inherit the imported matplotlib) and get jobs in a few
  large chunks; a handful of jobs is rendered in the calling process.
Every PNG is written to a temporary name beside its target and renamed into place.

Why one module of ~450 lines: each kind of plot is a job builder (PlotBatch.add_*) and a
figure shape (_Shape subclass) that only make sense together and share the render loop.
"""

import multiprocessing
import os
from dataclasses import dataclass
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.cm import ScalarMappable
from matplotlib.collections import LineCollection
from matplotlib.colors import Normalize
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from latency_gate.contracts import throughput_formats
from latency_gate.contracts.formats import CHECKED_MAGNITUDES, LATENCY, PAYLOAD, write_atomic

DPI = 80
PNG_OPTIONS = {"compress_level": 1}  # 3-4x faster than the default level, files ~30% larger
# Text is most of the drawing time (matplotlib renders glyph by glyph): unhinted glyphs
# render ~15% faster and look the same at these sizes.
RENDER_SETTINGS = {"text.hinting": "no_hinting"}
IN_PROCESS_MAX_JOBS = 2  # fewer jobs render faster here than a pool starts
CHUNKS_PER_WORKER = 3  # a few large chunks: little messaging, still some load balancing
LEGEND_MAX_RUNS = 10  # more runs than this: colour by run order with a colorbar, not a legend
MAX_RUN_TICKS = 6  # run-id tick labels of payload history plots: each costs ~3 ms to draw

PAYLOAD_AXIS, LATENCY_AXIS = PAYLOAD, LATENCY
RUN_AXIS = "Run"
REQUIREMENT_COLOR, EXPERIMENT_COLOR = "#d62728", "#1f77b4"
CHANGE_POINT_COLOR = "#7b3fa0"
REFERENCE_COLORS, RESULT_COLORS = ("#ff0000", "#ff6666"), ("#09487e", "#0895cd")
SERIES_COLORS = matplotlib.rcParams["axes.prop_cycle"].by_key()["color"]
RUN_COLORMAP = "viridis"

# Magnitude (summary column) -> the file name part the reference scripts use.
COMPARED_MAGNITUDE_NAMES = {"Min": "min", "Max": "max", "Median": "median", "99%": "99"}
CHECK_NAMES = {"Median": "median", "99%": "99", "Max": "max",
               throughput_formats.THROUGHPUT: "throughput", throughput_formats.LOST: "lost"}
HISTORY_MAGNITUDE_NAMES = {"Min": "Min", "Median": "Median", "Max": "Max", "99%": "99"}
EXPERIMENT_COMPARISONS = ((("Min", "Median"), "min_median"), (("Max", "99%"), "max_99%"))
# Throughput scatter plots: summary column -> the spec's file name prefix and a colour map.
SCATTER_PLOTS = {throughput_formats.THROUGHPUT: ("throughput_scatterplot", "viridis"),
                 throughput_formats.LOST: ("lost_samples_scatterplot", "magma_r")}


@dataclass(frozen=True)
class Series:
    """One line of a plot: y values at x positions, drawn with the given style."""

    label: str
    x: np.ndarray
    y: np.ndarray
    color: str
    linestyle: str = "-"
    marker: str = "o"
    markersize: float = 4


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
                Series(subexperiment, _positions(payloads, summary["Bytes"]), summary[magnitude].to_numpy(float),
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
        for check in pd.unique(checks["Check"]):
            rows = checks[checks["Check"] == check]
            payloads = np.unique(rows[payload_column].to_numpy())
            x = _positions(payloads, rows[payload_column])
            experiment = rows["Experiment"].to_numpy(float)
            failed = (rows["Status"] == "failed").to_numpy()
            self.jobs.append(PlotJob(
                "payload_series", directory / f"comparison_{CHECK_NAMES[check]}.png",
                f"{subexperiment}: {check} check ({failed.sum()} of {len(rows)} failed)",
                {
                    "payloads": payloads,
                    "series": [
                        Series("Experiment", x, experiment, EXPERIMENT_COLOR),
                        Series("Requirement", x, rows["Requirement"].to_numpy(float), REQUIREMENT_COLOR, "--"),
                    ],
                    "failed": Series("Failed", x[failed], experiment[failed], REQUIREMENT_COLOR, "", "X", 10),
                },
                None if payload_column == "Bytes" else (payload_column, check),
            ))

    def add_throughput_scatter(self, subexperiment, measurements, plots_directory):
        """Per payload, the spec's throughput and lost samples scatter plots: demand on x,
        recovery time on y, a circle per case sized and coloured by the value written on it."""
        directory = Path(plots_directory) / f"measurements_{subexperiment}"
        demands = np.unique(measurements[throughput_formats.DEMAND].to_numpy())
        recoveries = np.unique(measurements[throughput_formats.RECOVERY].to_numpy())
        for payload, cases in measurements.groupby(throughput_formats.PAYLOAD, sort=True):
            x = np.searchsorted(demands, cases[throughput_formats.DEMAND].to_numpy())
            y = np.searchsorted(recoveries, cases[throughput_formats.RECOVERY].to_numpy())
            for magnitude, (name, colormap) in SCATTER_PLOTS.items():
                self.jobs.append(PlotJob(
                    "scatter", directory / f"{name}_{payload}.png", f"{subexperiment}: {magnitude}, {payload} Bytes",
                    {"demands": demands, "recoveries": recoveries, "x": x, "y": y,
                     "values": cases[magnitude].to_numpy(float), "label": magnitude, "colormap": colormap},
                ))

    def add_gate_ratios(self, subexperiment, cells, min_effect, plots_directory):
        """Relative gate: PR / base ratio per payload with its interval, one line per gated magnitude."""
        payloads = np.unique(cells["Bytes"].to_numpy())
        magnitudes = list(pd.unique(cells["Magnitude"]))
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
                       summary[magnitude].to_numpy(float), colors[index], ("-", "--")[index])
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
        for subexperiment in pd.unique(history["Experiment type"]):
            rows = history[history["Experiment type"] == subexperiment]
            runs = pd.unique(rows["Run"])  # chronological: order of first appearance
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
        workers = workers or os.cpu_count() or 1
        if workers == 1 or len(self.jobs) < IN_PROCESS_MAX_JOBS:
            return _render_jobs(self.jobs)
        chunk_count = min(len(self.jobs), workers * CHUNKS_PER_WORKER)
        # Contiguous chunks mix the shapes (jobs are added shape after shape per payload),
        # which spreads the expensive ones over the workers.
        bounds = np.linspace(0, len(self.jobs), chunk_count + 1).round().astype(int)
        chunks = [self.jobs[start:stop] for start, stop in zip(bounds[:-1], bounds[1:])]
        with _process_context().Pool(min(workers, chunk_count)) as pool:
            return [path for paths in pool.map(_render_jobs, chunks, chunksize=1) for path in paths]


def _process_context():
    # Forked workers start at once with matplotlib imported; spawn only where fork is missing.
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


def _payload_union(summaries):
    return np.unique(np.concatenate([summary["Bytes"].to_numpy() for summary in summaries]))


def _positions(payloads, column):
    """Categorical x positions of payloads (sorted ticks) for a Bytes column."""
    return np.searchsorted(payloads, column.to_numpy())


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
    """Draw and save jobs in this process with its reused figures; return their paths."""
    with matplotlib.rc_context(RENDER_SETTINGS):
        for job in jobs:
            _save(draw(job), job.path)
    return [job.path for job in jobs]


def draw(job):
    """Draw a job on this process's figure of its shape and return the figure (not saved)."""
    if job.shape not in _figures:
        _figures[job.shape] = SHAPES[job.shape]()
    shape = _figures[job.shape]
    shape.axes.set_title(job.title, y=1.0)  # a fixed y: matplotlib skips placing it around the ticks
    x_label, y_label = job.axis_labels or (shape.xlabel, shape.ylabel)  # figures are shared by jobs
    shape.axes.set_xlabel(x_label)
    shape.axes.set_ylabel(y_label)
    shape.update(**job.data)
    return shape.figure


def _save(figure, path):
    write_atomic(path, lambda handle: figure.canvas.print_png(handle, pil_kwargs=PNG_OPTIONS))


class _Shape:
    """A reusable figure with one axes at a fixed position: labels and grid set once.

    Title and axis labels sit at fixed positions too: matplotlib otherwise measures every
    tick label on every draw to place them, a fifth of the drawing time."""

    size = (6.4, 4.8)
    margins = {"left": 0.12, "right": 0.96, "bottom": 0.11, "top": 0.92}
    label_distances = (22, 40)  # x and y axis label distance from the axes, in points
    xlabel = ylabel = ""

    def __init__(self):
        self.figure = Figure(figsize=self.size, dpi=DPI)
        FigureCanvasAgg(self.figure)
        self.figure.subplots_adjust(**self.margins)
        self.axes = self.figure.add_subplot()
        self.axes.set_xlabel(self.xlabel)
        self.axes.set_ylabel(self.ylabel)
        x_distance, y_distance = (points * DPI / 72 for points in self.label_distances)
        self.axes.xaxis.set_label_coords(0.5, -x_distance / self.axes.bbox.height)
        self.axes.yaxis.set_label_coords(-y_distance / self.axes.bbox.width, 0.5)
        self.axes.grid(True, alpha=0.4)
        self.axes.locator_params(nbins=6)  # fewer tick labels: less text to render

    def rescale(self):
        self.axes.relim()
        self.axes.autoscale_view()


class _PayloadSeries(_Shape):
    """Lines over categorical payload ticks; the legend sits right of the axes because
    sub-experiment names are long. Optional `failed` points are marked on top."""

    size = (8.0, 4.8)
    margins = {**_Shape.margins, "left": 0.09, "right": 0.68}
    xlabel, ylabel = PAYLOAD_AXIS, LATENCY_AXIS

    def update(self, payloads, series, failed=None):
        for line in list(self.axes.lines):  # the series differ from plot to plot
            line.remove()
        for one in [*series, *([failed] if failed is not None and len(failed.x) else [])]:
            self.axes.plot(one.x, one.y, color=one.color, linestyle=one.linestyle, marker=one.marker,
                           markersize=one.markersize, label=one.label)
        self.axes.set_xticks(np.arange(len(payloads)), [str(p) for p in payloads], fontsize=8)
        self.axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
        self.rescale()


class _RunColored(_PayloadSeries):
    """Many runs over categorical payload ticks: every run a thin line coloured by its
    order (colorbar), the latest drawn bold and named in the legend. (Shares the layout
    of _PayloadSeries, not its drawing.)"""

    margins = {**_PayloadSeries.margins, "right": 0.82}

    def __init__(self):
        super().__init__()
        self.run_order = ScalarMappable(Normalize(1, 2), RUN_COLORMAP)
        colorbar_axes = self.figure.add_axes((self.margins["right"] + 0.02, self.margins["bottom"], 0.02,
                                              self.margins["top"] - self.margins["bottom"]))
        self.colorbar = self.figure.colorbar(self.run_order, cax=colorbar_axes, label="Run order (1 = oldest)")
        self.colorbar.locator = MaxNLocator(integer=True)
        self.runs = LineCollection([], cmap=RUN_COLORMAP, linewidth=0.8, alpha=0.7, label="Earlier runs")
        self.axes.add_collection(self.runs)
        (self.latest,) = self.axes.plot([], [], color="black", linewidth=2, marker="o", markersize=4)

    def update(self, payloads, runs, values):
        x = np.arange(len(payloads))
        self.runs.set_segments(np.stack([np.broadcast_to(x, values.shape), values], axis=-1)[:-1])
        self.runs.set_array(np.arange(1, len(runs)))
        self.runs.set_clim(1, len(runs))
        self.run_order.set_clim(1, len(runs))
        self.latest.set_data(x, values[-1])
        self.latest.set_label(f"Latest run ({len(runs)}): {runs[-1]}")
        self.runs.set_label(f"Earlier runs (1-{len(runs) - 1})")
        self.axes.set_xticks(x, [str(p) for p in payloads], fontsize=8)
        self.axes.legend(handles=[self.latest, self.runs], loc="upper left", fontsize=8)
        # relim() ignores collections: add the runs' points to the data limits by hand.
        self.axes.relim()
        finite = np.isfinite(values)
        self.axes.update_datalim(np.column_stack([np.broadcast_to(x, values.shape)[finite], values[finite]]))
        self.axes.autoscale_view()


class _RunSeries(_Shape):
    """One magnitude of one payload over the runs, with its requirement as a dashed line.
    Run-id tick labels are thinned so hundreds of runs stay legible."""

    size = (8.0, 5.5)
    margins = {**_Shape.margins, "left": 0.15, "bottom": 0.36}
    label_distances = (120, 40)  # below the rotated run ids
    xlabel, ylabel = RUN_AXIS, LATENCY_AXIS

    def __init__(self):
        super().__init__()
        (self.line,) = self.axes.plot([], [], color=EXPERIMENT_COLOR, marker="o", markersize=3)
        self.requirement = self.axes.axhline(0, color=REQUIREMENT_COLOR, linestyle="--")
        # Full-height lines at change-point runs: x in data, y in axes coordinates (0..1),
        # a collection, so limits and the lines' list stay those of the data.
        self.changes = LineCollection([], colors=CHANGE_POINT_COLOR, linestyles=":", linewidths=1.5,
                                      label="change point", transform=self.axes.get_xaxis_transform())
        self.axes.add_collection(self.changes, autolim=False)
        # Between two runs measured under other settings (run_metadata.settings_changes).
        self.settings = LineCollection([], colors="#555555", linestyles=(0, (1, 1)), linewidths=2.5,
                                       label="settings changed: not comparable",
                                       transform=self.axes.get_xaxis_transform())
        self.axes.add_collection(self.settings, autolim=False)

    def update(self, magnitude, runs, values, requirement, requirement_label, changes=(), settings_changes=()):
        x = np.arange(len(runs))
        self.line.set_data(x, values)
        self.line.set_label(magnitude)
        self.requirement.set_ydata([requirement, requirement])
        self.requirement.set_label(requirement_label)
        self.requirement.set_visible(bool(np.isfinite(requirement)))
        ticks = np.unique(np.linspace(0, len(runs) - 1, min(len(runs), MAX_RUN_TICKS)).round().astype(int))
        self.axes.set_xticks(ticks, [str(runs[t]) for t in ticks], rotation=45, ha="right", rotation_mode="anchor", fontsize=7)
        self.changes.set_segments([[(run, 0), (run, 1)] for run in changes])
        self.settings.set_segments([[(run - 0.5, 0), (run - 0.5, 1)] for run in settings_changes])
        handles = [self.line, self.requirement] if self.requirement.get_visible() else [self.line]
        handles += [self.changes] if len(changes) else []
        handles += [self.settings] if len(settings_changes) else []
        self.axes.legend(handles=handles, loc="upper left", fontsize=8)
        self.axes.relim(visible_only=True)
        self.axes.autoscale_view()


class _GateRatios(_Shape):
    """PR / base ratios with interval bars over categorical payloads; regressions as red X,
    improvements as green triangles, the no-change line and the minimum effect dashed."""

    size = (8.0, 4.8)
    margins = {**_Shape.margins, "left": 0.09, "right": 0.72}
    xlabel, ylabel = PAYLOAD_AXIS, "PR / base latency ratio"
    verdict_markers = {"regression": ("X", REQUIREMENT_COLOR), "improvement": ("^", "#2ca02c")}

    def update(self, payloads, series, min_effect):
        for container in list(self.axes.containers):  # error bars: removes their lines too
            container.remove()
        for artist in [*self.axes.lines, *self.axes.collections]:
            artist.remove()
        self.axes.axhline(1.0, color="black", linewidth=0.8, label="no change")
        self.axes.axhline(1.0 + min_effect, color=REQUIREMENT_COLOR, linestyle="--", linewidth=0.8,
                          label=f"minimum effect (+{min_effect:.0%})")
        for one in series:
            self.axes.errorbar(one["x"], one["ratio"], yerr=[one["ratio"] - one["low"], one["high"] - one["ratio"]],
                               fmt="o", markersize=4, capsize=2, color=one["color"],
                               label=f"{one['label']} (interval)")
            for verdict, (marker, color) in self.verdict_markers.items():
                hit = one["verdict"] == verdict
                if hit.any():
                    self.axes.plot(one["x"][hit], one["ratio"][hit], linestyle="", marker=marker, markersize=10,
                                   color=color, label=f"{one['label']} {verdict}")
        self.axes.set_xticks(np.arange(len(payloads)), [str(p) for p in payloads], fontsize=8)
        self.axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
        ratios = np.concatenate([np.r_[one["ratio"], one["low"], one["high"]] for one in series])
        # Intervals of noisy cells can span orders of magnitude (or overflow to infinity with
        # two rounds): keep the view on the finite ratios.
        low, high = np.nanpercentile(ratios[np.isfinite(ratios)], [2, 98])
        self.axes.set_ylim(min(low, 0.9) * 0.95, max(high, 1.0 + min_effect) * 1.05)


class _Scatter(_Shape):
    """Throughput cases over categorical demands (x) and recovery times (y): a circle per
    case, its area and colour growing with the value, the value written on it (the spec's
    Figures 3 and 4)."""

    size = (8.0, 5.5)
    margins = {**_Shape.margins, "left": 0.12, "right": 0.88}
    xlabel, ylabel = throughput_formats.DEMAND, throughput_formats.RECOVERY
    max_area = 2500  # points^2 of the largest value's circle

    def __init__(self):
        super().__init__()
        self.scale = ScalarMappable(Normalize(0, 1), "viridis")
        colorbar_axes = self.figure.add_axes((self.margins["right"] + 0.02, self.margins["bottom"], 0.02,
                                              self.margins["top"] - self.margins["bottom"]))
        self.colorbar = self.figure.colorbar(self.scale, cax=colorbar_axes)

    def update(self, demands, recoveries, x, y, values, label, colormap):
        for artist in [*self.axes.collections, *self.axes.texts]:
            artist.remove()
        top = np.nanmax(values) if np.isfinite(values).any() and np.nanmax(values) > 0 else 1.0
        self.scale.set_cmap(colormap)
        self.scale.set_clim(0, top)
        self.axes.scatter(x, y, s=80 + self.max_area * values / top, c=values, cmap=colormap, norm=self.scale.norm,
                          alpha=0.8, edgecolors="black", linewidths=0.5)
        for column, row, value in zip(x, y, values):
            self.axes.text(column, row, f"{value:.4g}", ha="center", va="center", fontsize=7)
        self.axes.set_xticks(np.arange(len(demands)), [str(d) for d in demands], fontsize=8)
        self.axes.set_yticks(np.arange(len(recoveries)), [str(r) for r in recoveries], fontsize=8)
        self.axes.set_xlim(-0.6, len(demands) - 0.4)
        self.axes.set_ylim(-0.6, len(recoveries) - 0.4)
        self.colorbar.set_label(label)


SHAPES = {
    "payload_series": _PayloadSeries,
    "scatter": _Scatter,
    "run_colored": _RunColored,
    "run_series": _RunSeries,
    "gate_ratios": _GateRatios,
}
_figures = {}  # shape name -> this process's reused figure of that shape
