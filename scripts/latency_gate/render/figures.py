"""The matplotlib shapes of plots.py's jobs: many runs coloured by their order, the relative
gate's ratios. Imported only when such a job is drawn (matplotlib's import costs ~0.35 s).

Drawing is built for speed, because a history draws hundreds of plots: each process keeps
one figure per shape and only updates its artists (data, title, limits) instead of
building a new figure or clearing axes; fixed layouts (no bbox_inches="tight"), modest size
and dpi, PNG compression level 1.
"""

import matplotlib
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.cm import ScalarMappable
from matplotlib.collections import LineCollection
from matplotlib.colors import Normalize
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from latency_gate.contracts import magnitudes
from latency_gate.contracts.formats import write_atomic
from latency_gate.render.plot_style import LATENCY_AXIS, PAYLOAD_AXIS, REQUIREMENT_COLOR, RUN_COLORMAP

DPI = 80
PNG_OPTIONS = {"compress_level": 1}  # 3-4x faster than the default level, files ~30% larger
# Text is most of the drawing time (matplotlib renders glyph by glyph): unhinted glyphs
# render ~15% faster and look the same at these sizes.
RENDER_SETTINGS = {"text.hinting": "no_hinting"}


def draw(job):
    """Draw a job on this process's figure of its shape and return the figure (not saved)."""
    if job.shape not in _figures:
        _figures[job.shape] = SHAPES[job.shape]()
    shape = _figures[job.shape]
    with matplotlib.rc_context(RENDER_SETTINGS):
        shape.axes.set_title(job.title, y=1.0)  # a fixed y: matplotlib skips placing it around the ticks
        x_label, y_label = job.axis_labels or (shape.xlabel, shape.ylabel)  # figures are shared by jobs
        shape.axes.set_xlabel(x_label)
        shape.axes.set_ylabel(y_label)
        shape.update(**job.data)
    return shape.figure


def save(figure, path):
    with matplotlib.rc_context(RENDER_SETTINGS):
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


class _RunColored(_Shape):
    """Many runs over categorical payload ticks: every run a thin line coloured by its
    order (colorbar), the latest drawn bold and named in the legend."""

    size = (8.0, 4.8)
    margins = {**_Shape.margins, "left": 0.09, "right": 0.82}
    xlabel, ylabel = PAYLOAD_AXIS, LATENCY_AXIS

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
        # The legend copies the runs' colour when made, and a collection maps its array to colours
        # only when drawn: map it now, or a reused figure's legend shows the previous plot's colour.
        self.runs.update_scalarmappable()
        self.axes.legend(handles=[self.latest, self.runs], loc="upper left", fontsize=8)
        # relim() ignores collections: add the runs' points to the data limits by hand.
        self.axes.relim()
        finite = np.isfinite(values)
        self.axes.update_datalim(np.column_stack([np.broadcast_to(x, values.shape)[finite], values[finite]]))
        self.axes.autoscale_view()


class _GateRatios(_Shape):
    """PR / base ratios with interval bars over categorical payloads; regressions as red X,
    improvements as green triangles, the no-change line and the minimum effect dashed."""

    size = (8.0, 4.8)
    margins = {**_Shape.margins, "left": 0.09, "right": 0.72}
    xlabel, ylabel = PAYLOAD_AXIS, "PR / base ratio"  # the legend names the magnitudes (latency, a count, ...)
    verdict_markers = {"regression": ("X", REQUIREMENT_COLOR), "improvement": ("^", "#2ca02c")}

    def update(self, payloads, series, min_effect):
        for container in list(self.axes.containers):  # error bars: removes their lines too
            container.remove()
        for artist in [*self.axes.lines, *self.axes.collections]:
            artist.remove()
        self.axes.axhline(1.0, color="black", linewidth=0.8, label="no change")
        self.axes.axhline(1.0 + min_effect, color=REQUIREMENT_COLOR, linestyle="--", linewidth=0.8,
                          label=f"minimum effect (+{magnitudes.percent_text(min_effect)})")
        ratios = np.concatenate([np.r_[one["ratio"], one["low"], one["high"]] for one in series])
        # Intervals of noisy cells can span orders of magnitude (or overflow to infinity with
        # two rounds): keep the view on the finite ratios.
        finite = ratios[np.isfinite(ratios)]
        low, high = np.percentile(finite, [2, 98]) if finite.size else (1.0, 1.0)
        bottom, top = min(low, 0.9) * 0.95, max(high, 1.0 + min_effect) * 1.05
        for one in series:
            bounded = np.isfinite(one["ratio"])
            ratio, lower, upper = (one[column][bounded] for column in ("ratio", "low", "high"))
            self.axes.errorbar(one["x"][bounded], ratio, yerr=np.vstack([ratio - lower, upper - ratio]), fmt="o", markersize=4,
                               capsize=2, color=one["color"], label=f"{one['label']} (interval)")
            # An unbounded ratio (a pull request's throughput of 0 Mb/s) at the top of the view.
            shown = np.where(bounded, one["ratio"], top / 1.03)
            for verdict, (marker, color) in self.verdict_markers.items():
                hit = one["verdict"] == verdict
                if hit.any():
                    self.axes.plot(one["x"][hit], shown[hit], linestyle="", marker=marker, markersize=10,
                                   color=color, label=f"{one['label']} {verdict}")
        self.axes.set_xticks(np.arange(len(payloads)), [str(p) for p in payloads], fontsize=8)
        self.axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
        self.axes.set_ylim(bottom, top)


SHAPES = {
    "run_colored": _RunColored,
    "gate_ratios": _GateRatios,
}
_figures = {}  # shape name -> this process's reused figure of that shape
