"""The per-payload plots of a run's measurements, drawn with Pillow: a latency histogram and
time series, or the throughput specification's throughput and lost-samples scatter plots.

These are 220 of a full run's plots, and the spec's latency_process_results.py (and
throughput_process_results.py) draws 22 of them per call: with matplotlib each call paid
0.3 s of imports and 20-25 ms per plot (text layout, mostly), a third of the time of the
spec's whole analysis flow. Pillow imports in 20 ms and draws one of these in a few ms, so
they are drawn here; every other plot (comparisons, checks, history, gate) is plots.py's.

A plot is first described (Chart: title, axis labels, ranges, ticks, the series and the
legend lines), then drawn; the tests read the description. Drawn at twice the size and
reduced, for smooth lines and circles; written to a temporary name and renamed into place.
"""

import functools
import importlib.util
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from latency_gate.contracts import throughput_formats
from latency_gate.contracts.formats import LATENCY, PAYLOAD, SAMPLE, write_atomic
from latency_gate.render import forked

HISTOGRAM_BINS = 100
# Bins span min .. this percentile: a few spikes 10x above the body would otherwise squeeze
# the whole distribution into the first bins. The legend counts the samples left out.
HISTOGRAM_RANGE_PERCENTILE = 99.9
LATENCY_AXIS, SAMPLE_AXIS, COUNT_AXIS = LATENCY, SAMPLE, "Count"
SERIES_COLOR = "#1f77b4"  # matplotlib's first colour, as the other plots
SIZE = (640, 480)
SUPERSAMPLING = 2
PLOT_AREA = (84, 36, 622, 424)  # left, top, right, bottom, in final pixels
FONT_SIZES = {"title": 15, "label": 13, "tick": 11, "legend": 11, "value": 9}
TICKS = 6  # about this many per axis
IN_PROCESS_MAX_CHARTS = 8  # fewer are drawn sooner here than a worker starts
# Throughput scatter plots: summary column -> the spec's file name prefix and its colour map,
# as matplotlib's (viridis; magma reversed: more lost samples darker) at 9 even stops.
SCATTER_PLOTS = {
    throughput_formats.THROUGHPUT: ("throughput_scatterplot", (
        "#440154", "#472d7b", "#3b528b", "#2c728e", "#21918c", "#28ae80", "#5ec962", "#addc30", "#fde725")),
    throughput_formats.LOST: ("lost_samples_scatterplot", (
        "#fcfdbf", "#fec287", "#fb8761", "#e55064", "#b5367a", "#812581", "#4f127b", "#1c1044", "#000004")),
}
SCATTER_AREA = (84, 36, 548, 424)  # the plot area beside the colour bar
SCATTER_RADII = (6, 32)  # pixels, of a circle at 0 and at the largest value


@dataclass
class Chart:
    """What one plot shows, before it is drawn."""

    title: str
    xlabel: str
    ylabel: str
    xlim: tuple
    ylim: tuple
    legend: list  # lines of text, the first one beside the series' sample
    histogram: tuple | None = None  # (counts, edges)
    line: tuple | None = None  # (x, y)
    scatter: "Scatter | None" = None
    xticks: np.ndarray = field(init=False)
    yticks: np.ndarray = field(init=False)

    def __post_init__(self):
        # A scatter plot's axes are categories: a tick at each (0, 1, ...), labelled with its value.
        self.xticks = nice_ticks(*self.xlim) if self.scatter is None else np.arange(len(self.scatter.xcategories))
        self.yticks = nice_ticks(*self.ylim) if self.scatter is None else np.arange(len(self.scatter.ycategories))


@dataclass
class Scatter:
    """Cases on categorical axes (x: the index of its x category, y: of its y category), a
    circle each, its area and colour growing with its value, the value written on it."""

    xcategories: np.ndarray
    ycategories: np.ndarray
    x: np.ndarray
    y: np.ndarray
    values: np.ndarray
    colors: tuple  # the colour map's even stops, low to high
    label: str  # the colour bar's: what the values are

    @property
    def top(self):
        """The value of the largest circle and the colour map's end."""
        finite = self.values[np.isfinite(self.values)]
        return finite.max() if finite.size and finite.max() > 0 else 1.0

    def colors_of(self, values):
        """The colour map's colours (n x 3, 0-255) of values, interpolated between its stops."""
        stops = np.array([[int(color[i:i + 2], 16) for i in (1, 3, 5)] for color in self.colors], dtype=float)
        position = np.clip(np.asarray(values, dtype=float) / self.top, 0, 1) * (len(stops) - 1)
        low = np.minimum(position.astype(int), len(stops) - 2)
        return np.rint(stops[low] + (stops[low + 1] - stops[low]) * (position - low)[:, None]).astype(np.uint8)

    def color(self, value):
        return tuple(int(c) for c in self.colors_of([value])[0])

    def label_color(self, value):
        """The colour a circle's value is written in: black or white, whichever contrasts more
        with its fill (WCAG's contrast ratio of relative luminances)."""
        channels = np.asarray(self.color(value)) / 255
        linear = np.where(channels <= 0.04045, channels / 12.92, ((channels + 0.055) / 1.055) ** 2.4)
        luminance = linear @ np.array([0.2126, 0.7152, 0.0722])
        return "white" if 1.05 / (luminance + 0.05) > (luminance + 0.05) / 0.05 else "black"

    def radius(self, value):
        """A circle's radius in final pixels: its area grows with the value."""
        small, large = SCATTER_RADII
        return np.sqrt(small ** 2 + (large ** 2 - small ** 2) * np.clip(value / self.top, 0, 1))


def nice_ticks(low, high, count=TICKS):
    """Ticks at 1, 2, 2.5 or 5 times a power of ten, about `count` of them inside [low, high]."""
    span = high - low if high > low else (abs(high) or 1.0)
    raw = span / count
    power = 10.0 ** np.floor(np.log10(raw))
    step = power * next(m for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = np.ceil(low / step) * step
    return np.arange(first, high + step * 1e-9, step)


def tick_labels(ticks):
    """The ticks with the fewest decimals that show each exactly, the same for all (0.0, 2.5, 5.0)."""
    decimals = next(d for d in range(7) if d == 6 or np.allclose(ticks, np.round(ticks, d), rtol=0, atol=1e-9))
    return [f"{tick:.{decimals}f}" for tick in np.round(ticks, decimals) + 0.0]  # + 0.0: no "-0"


def histogram_chart(subexperiment, payload, latencies):
    low, high = np.min(latencies), np.percentile(latencies, HISTOGRAM_RANGE_PERCENTILE)
    counts, edges = np.histogram(latencies, bins=HISTOGRAM_BINS, range=(low, high))
    left_out = np.count_nonzero(latencies > high)
    return Chart(
        f"{subexperiment}: latency histogram, {payload} Bytes", LATENCY_AXIS, COUNT_AXIS,
        (edges[0], edges[-1]), (0, counts.max() * 1.25),  # headroom for the legend
        [f"{len(latencies)} samples, median {np.median(latencies):.3f} us",
         f"{left_out} above {high:.3f} us not shown (max {np.max(latencies):.3f} us)"],
        histogram=(counts, edges),
    )


def time_series_chart(subexperiment, payload, samples, latencies):
    margin_x, margin_y = 0.02 * (samples.max() - samples.min()), 0.05 * (latencies.max() - latencies.min())
    return Chart(
        f"{subexperiment}: latency time series, {payload} Bytes", SAMPLE_AXIS, LATENCY_AXIS,
        (samples.min() - margin_x, samples.max() + margin_x),
        (latencies.min() - margin_y, latencies.max() + margin_y * 3),  # headroom for the legend
        [f"Latency ({len(latencies)} samples)"],
        line=(samples, latencies),
    )


def measurement_charts(subexperiment, measurements, plots_directory):
    """{path: Chart}: a histogram and a time series per payload, in order of first appearance
    (measurements: a frame, or formats.read_measurement_columns' arrays)."""
    payloads = np.asarray(measurements[PAYLOAD])
    samples = np.asarray(measurements[SAMPLE], dtype=float)
    latencies = np.asarray(measurements[LATENCY], dtype=float)
    directory = Path(plots_directory) / subexperiment
    charts = {}
    unique, first = np.unique(payloads, return_index=True)
    for payload in unique[np.argsort(first)]:
        rows = payloads == payload
        charts[directory / f"histogram_{payload}.png"] = histogram_chart(subexperiment, payload, latencies[rows])
        charts[directory / f"time_series_{payload}.png"] = time_series_chart(
            subexperiment, payload, samples[rows], latencies[rows])
    return charts


def scatter_charts(subexperiment, measurements, plots_directory):
    """{path: Chart}: per payload (ascending), the throughput specification's throughput and
    lost samples scatter plots: demand on x, recovery time on y, a circle per case
    (measurements: a frame, or read_measurement_columns' arrays)."""
    tf = throughput_formats
    demand, recovery = (np.asarray(measurements[column]) for column in (tf.DEMAND, tf.RECOVERY))
    demands, recoveries = np.unique(demand), np.unique(recovery)
    payloads = np.asarray(measurements[tf.PAYLOAD])
    directory = Path(plots_directory) / f"measurements_{subexperiment}"
    charts = {}
    for payload in np.unique(payloads):
        rows = payloads == payload
        for magnitude, (name, colors) in SCATTER_PLOTS.items():
            scatter = Scatter(demands, recoveries, np.searchsorted(demands, demand[rows]),
                              np.searchsorted(recoveries, recovery[rows]),
                              np.asarray(measurements[magnitude], dtype=float)[rows], colors, magnitude)
            charts[directory / f"{name}_{payload}.png"] = Chart(
                f"{subexperiment}: {magnitude}, {payload} Bytes", tf.DEMAND, tf.RECOVERY,
                (-0.6, len(demands) - 0.4), (-0.6, len(recoveries) - 0.4), [], scatter=scatter)
    return charts


def draw_scatter_plots(plots_directory, measurements):
    """Write every throughput scatter plot of the sub-experiments in `measurements` ({name:
    its cases}); return the paths."""
    return _draw({path: chart for name, cases in measurements.items()
                  for path, chart in scatter_charts(name, cases, plots_directory).items()})


def draw_measurements(plots_directory, measurements):
    """Write every measurement plot of the sub-experiments in `measurements` ({name: frame});
    return the paths. Two or more idle CPUs draw in forked workers (render/forked.py)."""
    return _draw({path: chart for name, frame in measurements.items()
                  for path, chart in measurement_charts(name, frame, plots_directory).items()})


def _draw(charts):
    """Draw and write the charts; this process draws a share beside workers - 1 forked ones."""
    jobs = list(charts.items())
    forked.in_shares(_write, jobs, forked.free_workers(len(jobs) // IN_PROCESS_MAX_CHARTS + 1))
    return list(charts)


def _write(jobs):
    for path, chart in jobs:
        image = draw(chart)
        write_atomic(path, lambda handle: handle.write(png_bytes(image)))


def png_bytes(image):
    """An RGB image as a PNG file's bytes: rows unfiltered, deflated at level 1. Pillow's
    encoder filters every row first, which takes twice as long here (4 ms a plot against 2);
    the files are a third larger (20-30 kB)."""
    pixels = np.asarray(image.convert("RGB"))
    height, width, _ = pixels.shape
    rows = np.zeros((height, width * 3 + 1), np.uint8)  # each row: filter type 0, then its pixels
    rows[:, 1:] = pixels.reshape(height, width * 3)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows.tobytes(), 1)) + chunk(b"IEND", b""))


# ---------------------------------------------------------------------------------------
# Drawing


@functools.cache
def font(size, scale=1):
    """DejaVu Sans of `size` pixels (times `scale`), as matplotlib draws the other plots: its
    copy, so no system font is needed."""
    fonts = Path(importlib.util.find_spec("matplotlib").submodule_search_locations[0]) / "mpl-data" / "fonts" / "ttf"
    return ImageFont.truetype(str(fonts / "DejaVuSans.ttf"), size * scale)


def _font(role, scale):
    return font(FONT_SIZES[role], scale)


def draw(chart):
    """The chart as an RGB image of SIZE pixels. A line or circles are drawn at SUPERSAMPLING
    times the size and reduced, for smooth slopes; a histogram's bars are axis-aligned and
    need not be."""
    s = SUPERSAMPLING if chart.line is not None or chart.scatter is not None else 1
    image = Image.new("RGB", (SIZE[0] * s, SIZE[1] * s), "white")
    pen = ImageDraw.Draw(image)
    left, top, right, bottom = (v * s for v in (PLOT_AREA if chart.scatter is None else SCATTER_AREA))
    to_x = mapping(chart.xlim, left, right)
    to_y = mapping(chart.ylim, bottom, top)
    xticks = chart.xticks[(chart.xticks >= chart.xlim[0]) & (chart.xticks <= chart.xlim[1])]
    yticks = chart.yticks[(chart.yticks >= chart.ylim[0]) & (chart.yticks <= chart.ylim[1])]
    for x in to_x(xticks):
        pen.line([(x, top), (x, bottom)], fill="#e3e3e3", width=s)
    for y in to_y(yticks):
        pen.line([(left, y), (right, y)], fill="#e3e3e3", width=s)
    if chart.histogram is not None:
        counts, edges = chart.histogram
        # The outline of the bars as one polygon: down to the axis, along the counts, back.
        xs = to_x(np.repeat(edges, 2))
        ys = to_y(np.concatenate([[0], np.repeat(counts, 2), [0]]))
        pen.polygon(np.column_stack([xs, ys]).ravel().tolist(), fill="#4b91c2", outline=SERIES_COLOR)
    if chart.line is not None:
        x, y = visible_points(*chart.line, columns=right - left)
        pen.line(np.column_stack([to_x(x), to_y(y)]).ravel().tolist(), fill=SERIES_COLOR, width=s, joint=None)
    if chart.scatter is not None:
        _scatter(pen, chart.scatter, to_x, to_y, s)
        _color_bar(image, pen, chart.scatter, right, top, bottom, s)
    pen.rectangle([left, top, right, bottom], outline="black", width=s)
    tick_font = _font("tick", s)
    xtexts, ytexts = ((tick_labels(xticks), tick_labels(yticks)) if chart.scatter is None else
                      ([str(v) for v in chart.scatter.xcategories], [str(v) for v in chart.scatter.ycategories]))
    for x, text in zip(to_x(xticks), xtexts):
        pen.line([(x, bottom), (x, bottom + 4 * s)], fill="black", width=s)
        pen.text((x, bottom + 6 * s), text, font=tick_font, fill="black", anchor="ma")
    for y, text in zip(to_y(yticks), ytexts):
        pen.line([(left - 4 * s, y), (left, y)], fill="black", width=s)
        pen.text((left - 6 * s, y), text, font=tick_font, fill="black", anchor="rm")
    pen.text(((left + right) / 2, top - 10 * s), chart.title, font=_font("title", s), fill="black", anchor="md")
    pen.text(((left + right) / 2, (SIZE[1] - 8) * s), chart.xlabel, font=_font("label", s), fill="black", anchor="md")
    vertical_text(image, chart.ylabel, (16 * s, (top + bottom) / 2), s)
    if chart.legend:
        _legend(pen, chart.legend, right, top, s)
    return image.reduce(s) if s > 1 else image


def _scatter(pen, scatter, to_x, to_y, s):
    """A circle per case, the largest first so that none hides a smaller one, its value on it."""
    value_font = _font("value", s)
    for index in np.argsort(-np.nan_to_num(scatter.values, nan=-np.inf), kind="stable"):
        value = scatter.values[index]
        x, y, radius = to_x(scatter.x[index]), to_y(scatter.y[index]), scatter.radius(value) * s
        pen.ellipse([x - radius, y - radius, x + radius, y + radius], fill=scatter.color(value), outline="black",
                    width=s)
        text, color = f"{value:.4g}", scatter.label_color(value)
        # A label wider than its circle spills onto the white plot: outlined in the other colour.
        spills = value_font.getlength(text) > 2 * radius
        pen.text((x, y), text, font=value_font, anchor="mm", fill=color, stroke_width=s if spills else 0,
                 stroke_fill="black" if color == "white" else "white")


def _color_bar(image, pen, scatter, right, top, bottom, s):
    """The colour map from 0 (bottom) to the largest value (top), ticked, its label beside it."""
    left, width = right + 16 * s, 14 * s
    rows = scatter.colors_of(scatter.top * (bottom - np.arange(top, bottom)) / (bottom - top))
    image.paste(Image.fromarray(np.repeat(rows[:, None, :], width, axis=1), "RGB"), (left, top))
    pen.rectangle([left, top, left + width, bottom], outline="black", width=s)
    ticks = nice_ticks(0, scatter.top, 5)
    for value, text in zip(ticks, tick_labels(ticks)):
        y = bottom - (bottom - top) * value / scatter.top
        pen.line([(left + width, y), (left + width + 4 * s, y)], fill="black", width=s)
        pen.text((left + width + 6 * s, y), text, font=_font("tick", s), fill="black", anchor="lm")
    vertical_text(image, scatter.label, ((SIZE[0] - 12) * s, (top + bottom) / 2), s)


def visible_points(x, y, columns):
    """The points of a line (x increasing) that a `columns` pixels wide plot can show: per
    pixel column its first, lowest, highest and last point, in their order (M4
    aggregation). The drawn line covers the same pixels as with every point, at a fraction of
    the segments (10,000 samples, each spanning the column's range, made most of the time)."""
    if len(x) <= 4 * columns:
        return x, y
    column = np.minimum(((x - x[0]) / (x[-1] - x[0]) * columns).astype(int), columns - 1)
    first = np.flatnonzero(np.r_[True, column[1:] != column[:-1]])
    last = np.r_[first[1:] - 1, len(x) - 1]
    sizes = last - first + 1
    keep = [first, last]
    for extreme in (np.minimum, np.maximum):
        at_extreme = np.flatnonzero(y == np.repeat(extreme.reduceat(y, first), sizes))
        keep.append(at_extreme[np.r_[True, column[at_extreme][1:] != column[at_extreme][:-1]]])  # each column's first
    keep = np.unique(np.concatenate(keep))
    return x[keep], y[keep]


def mapping(limits, start, end):
    low, high = limits
    scale = (end - start) / ((high - low) or 1.0)
    return lambda values: start + (np.asarray(values, dtype=float) - low) * scale


def vertical_text(image, text, centre, s, size=FONT_SIZES["label"]):
    """`text` turned a quarter left (an y axis label), centred at `centre`."""
    text_font = font(size, s)
    width, height = text_font.getbbox(text)[2:]
    label = Image.new("RGB", (width, height + 4), "white")
    ImageDraw.Draw(label).text((0, 0), text, font=text_font, fill="black")
    rotated = label.transpose(Image.Transpose.ROTATE_90)
    image.paste(rotated, (int(centre[0] - rotated.width / 2), int(centre[1] - rotated.height / 2)))


def _legend(pen, lines, right, top, s):
    legend_font = _font("legend", s)
    line_height = (FONT_SIZES["legend"] + 4) * s
    sample = 22 * s  # the series' sample line before the first line of text
    width = max(legend_font.getbbox(text)[2] for text in lines) + sample + 14 * s
    box = [right - width - 8 * s, top + 8 * s, right - 8 * s, top + 8 * s + line_height * len(lines) + 8 * s]
    pen.rounded_rectangle(box, radius=4 * s, fill="white", outline="#cccccc", width=s)
    x, y = box[0] + 6 * s, box[1] + 4 * s + line_height / 2
    pen.line([(x, y), (x + sample - 6 * s, y)], fill=SERIES_COLOR, width=3 * s)
    for index, text in enumerate(lines):
        pen.text((x + sample, y + index * line_height), text, font=legend_font, fill="black", anchor="lm")
