"""Line plots of plots.py's jobs drawn with Pillow: payload series ("payload_series": lines over
categorical payload ticks, a legend beside them: the spec's comparison and check plots, a short
history) and one cell over the runs ("run_series": the history's payload plots, with the
requirement, change points and settings changes). With matplotlib the spec's compare and check
commands paid 0.35 s of imports and 40-90 ms per plot, and every history regeneration the
same; Pillow imports in 20 ms and draws one in a few ms. Drawn at twice the size and reduced,
for smooth lines and markers.
"""

from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw

from latency_gate.render.plot_style import CHANGE_POINT_COLOR, EXPERIMENT_COLOR, MAX_RUN_TICKS, REQUIREMENT_COLOR, Series
from latency_gate.render.sample_plots import font, mapping, nice_ticks, tick_labels, vertical_text

SIZE = (640, 384)  # as plots.py's other payload plots: 8 x 4.8 in at 80 dpi
PLOT_AREA = (70, 30, 430, 338)  # left, top, right, bottom, in final pixels; the legend beside it
SUPERSAMPLING = 2
LINE_WIDTH = 1.7  # pixels: matplotlib's 1.5 pt at 80 dpi
DASHES = {"-": None, "--": (7.4, 3.2), ":": (1.7, 2.8)}  # on, off in pixels: matplotlib's patterns at 80 dpi
MARGIN = 0.05  # of the data's span on either side, as matplotlib's autoscale
GRID_COLOR = "#e5e5e5"
FONT_SIZES = {"title": 13, "label": 11, "tick": 9, "legend": 9, "run": 8}  # pixels: matplotlib's 12, 10, 8, 8, 7 pt


CHANGE_POINT_LABEL, SETTINGS_LABEL = "change point", "settings changed: not comparable"
RUN_SERIES_SIZE = (640, 440)  # 8 x 5.5 in at 80 dpi
RUN_SERIES_AREA = (96, 35, 614, 282)  # room below for the rotated run ids
SETTINGS_COLOR = "#555555"


@dataclass(frozen=True)
class Mark:
    """A legend entry drawn as full-height vertical lines at runs (change points, settings changes)."""

    label: str
    x: np.ndarray
    color: str
    linestyle: str
    width: float  # pixels

    marker, markersize = "", 0


def legend(job):
    """The legend's entries, in order. Payload series: each series, then the failed points when
    there are any. A run series: the values, the requirement when there is one, the change
    points and the settings changes when there are any."""
    if job.shape == "run_series":
        data = job.data
        runs = np.arange(len(data["runs"]))
        entries = [Series(data["magnitude"], runs, np.asarray(data["values"], dtype=float), EXPERIMENT_COLOR,
                          markersize=3)]
        if np.isfinite(data["requirement"]):
            entries.append(Series(data["requirement_label"], np.array([-np.inf, np.inf]),
                                  np.full(2, data["requirement"]), REQUIREMENT_COLOR, "--", ""))
        if len(data.get("changes", ())):
            entries.append(Mark(CHANGE_POINT_LABEL, np.asarray(data["changes"], dtype=float), CHANGE_POINT_COLOR,
                                ":", 1.7))
        if len(data.get("settings_changes", ())):
            entries.append(Mark(SETTINGS_LABEL, np.asarray(data["settings_changes"], dtype=float) - 0.5,
                                SETTINGS_COLOR, ":", 2.8))
        return entries
    failed = job.data.get("failed")
    return [*job.data["series"], *([failed] if failed is not None and len(failed.x) else [])]


def limits(job):
    """(x limits, y limits) of a job: every tick (payloads, runs), and every finite value (a
    requirement's included) with a margin."""
    count = len(job.data["runs"] if job.shape == "run_series" else job.data["payloads"])
    lines = [one for one in legend(job) if not isinstance(one, Mark)]
    values = np.concatenate([np.asarray(one.y, dtype=float) for one in lines] or [np.zeros(0)])
    values = values[np.isfinite(values)]
    low, high = (values.min(), values.max()) if values.size else (0.0, 1.0)
    span = (high - low) or abs(high) or 1.0
    x_margin = MARGIN * max(count - 1, 1)
    return (-x_margin, count - 1 + x_margin), (low - MARGIN * span, high + MARGIN * span)


def run_ticks(runs):
    """The runs labelled on the x axis: at most MAX_RUN_TICKS, evenly spread, the first and the latest always."""
    return np.unique(np.linspace(0, len(runs) - 1, min(len(runs), MAX_RUN_TICKS)).round().astype(int))


def draw(job, axis_labels):
    """The job as an RGB image; axis_labels: (x, y)."""
    s = SUPERSAMPLING
    runs = job.shape == "run_series"
    size, area = (RUN_SERIES_SIZE, RUN_SERIES_AREA) if runs else (SIZE, PLOT_AREA)
    image = Image.new("RGB", (size[0] * s, size[1] * s), "white")
    pen = ImageDraw.Draw(image)
    left, top, right, bottom = (v * s for v in area)
    xlim, ylim = limits(job)
    to_x, to_y = mapping(xlim, left, right), mapping(ylim, bottom, top)
    if runs:
        xticks = run_ticks(job.data["runs"])
        xtexts = [str(job.data["runs"][tick]) for tick in xticks]
    else:
        xticks = np.arange(len(job.data["payloads"]))
        xtexts = [str(payload) for payload in job.data["payloads"]]
    yticks = nice_ticks(*ylim)
    yticks = yticks[(yticks >= ylim[0]) & (yticks <= ylim[1])]
    for y in to_y(yticks):
        pen.line([(left, y), (right, y)], fill=GRID_COLOR, width=s)
    for x in to_x(xticks):
        pen.line([(x, top), (x, bottom)], fill=GRID_COLOR, width=s)
    for one in legend(job):
        if isinstance(one, Mark):
            for x in to_x(one.x):
                _polyline(pen, [(x, top), (x, bottom)], one.color, one.linestyle, s, one.width)
        else:
            _series(pen, one, np.clip(to_x(one.x), left, right), to_y(one.y), s)
    pen.rectangle([left, top, right, bottom], outline="black", width=s)
    tick_font = font(FONT_SIZES["tick"], s)
    for x, text in zip(to_x(xticks), xtexts):
        pen.line([(x, bottom), (x, bottom + 4 * s)], fill="black", width=s)
        if runs:
            _slanted_text(image, text, (x, bottom + 6 * s), s)
        else:
            pen.text((x, bottom + 6 * s), text, font=tick_font, fill="black", anchor="ma")
    for y, text in zip(to_y(yticks), tick_labels(yticks)):
        pen.line([(left - 4 * s, y), (left, y)], fill="black", width=s)
        pen.text((left - 6 * s, y), text, font=tick_font, fill="black", anchor="rm")
    pen.text(((left + right) / 2, top - 8 * s), job.title, font=font(FONT_SIZES["title"], s), fill="black",
             anchor="md")
    pen.text(((left + right) / 2, (size[1] - 6) * s), axis_labels[0], font=font(FONT_SIZES["label"], s),
             fill="black", anchor="md")
    vertical_text(image, axis_labels[1], (14 * s, (top + bottom) / 2), s, FONT_SIZES["label"])
    if runs:
        _legend(pen, legend(job), left + 6 * s, top + 6 * s, s)
    else:
        _legend(pen, legend(job), right + 10 * s, top, s)
    return image.reduce(s)


def _slanted_text(image, text, anchor, s):
    """A run id turned 45 degrees, its end at `anchor` (below a tick), as matplotlib's rotated labels."""
    text_font = font(FONT_SIZES["run"], s)
    width, height = text_font.getbbox(text)[2:]
    label = Image.new("L", (width, height + 2), 0)
    ImageDraw.Draw(label).text((0, 0), text, font=text_font, fill=255)
    rotated = label.rotate(45, expand=True, resample=Image.Resampling.BILINEAR)
    # The text's end (its top right corner before turning) is the rotated image's top right.
    corner = (int(anchor[0] - rotated.width), int(anchor[1]))
    image.paste("black", corner, rotated)


def _series(pen, one, xs, ys, s):
    """A series' line, broken where a value is missing, and its markers."""
    finite = np.isfinite(xs) & np.isfinite(ys)
    if one.linestyle:
        for run in np.split(np.flatnonzero(finite), np.flatnonzero(np.diff(np.flatnonzero(finite)) != 1) + 1):
            if len(run) > 1:
                _polyline(pen, list(zip(xs[run], ys[run])), one.color, one.linestyle, s)
    for x, y in zip(xs[finite], ys[finite]):
        _marker(pen, one.marker, x, y, one.markersize, one.color, s)


def _polyline(pen, points, color, linestyle, s, line_width=LINE_WIDTH):
    width = max(1, round(line_width * s))
    dashes = DASHES.get(linestyle)
    if dashes is None:
        pen.line(points, fill=color, width=width, joint="curve")
        return
    on, off = (length * s for length in dashes)
    phase = 0.0  # distance into the current on-off period, carried from segment to segment
    for (x0, y0), (x1, y1) in zip(points[:-1], points[1:]):
        length = float(np.hypot(x1 - x0, y1 - y0))
        position = 0.0
        while position < length:
            step = min((on if phase < on else on + off) - phase, length - position)
            if phase < on:
                start, end = position / length, (position + step) / length
                pen.line([(x0 + (x1 - x0) * start, y0 + (y1 - y0) * start),
                          (x0 + (x1 - x0) * end, y0 + (y1 - y0) * end)], fill=color, width=width)
            position += step
            phase = (phase + step) % (on + off)


def _marker(pen, marker, x, y, size, color, s):
    """matplotlib's "o" (a disc) or "X" (a filled cross); size in points, its diameter."""
    radius = size * 80 / 72 / 2 * s
    if marker == "X":
        arm = radius * 0.35
        for sign in (1, -1):
            pen.line([(x - radius, y - sign * radius), (x + radius, y + sign * radius)], fill=color,
                     width=max(1, round(2 * arm)))
    elif marker:
        pen.ellipse([x - radius, y - radius, x + radius, y + radius], fill=color)


def _legend(pen, entries, left, top, s):
    legend_font = font(FONT_SIZES["legend"], s)
    line_height = 16 * s
    sample = 24 * s
    width = max((legend_font.getbbox(one.label)[2] for one in entries), default=0) + sample + 16 * s
    box = [left, top, left + width, top + 8 * s + line_height * len(entries)]
    pen.rounded_rectangle(box, radius=3 * s, fill="white", outline="#cccccc", width=s)
    for index, one in enumerate(entries):
        y = top + 4 * s + line_height * (index + 0.5)
        x = left + 6 * s
        if isinstance(one, Mark):
            _polyline(pen, [(x + (sample - 6 * s) / 2, y - 6 * s), (x + (sample - 6 * s) / 2, y + 6 * s)], one.color,
                      one.linestyle, s, one.width)
        elif one.linestyle:
            _polyline(pen, [(x, y), (x + sample - 6 * s, y)], one.color, one.linestyle, s)
        if not isinstance(one, Mark):
            _marker(pen, one.marker, x + (sample - 6 * s) / 2, y, one.markersize, one.color, s)
        pen.text((x + sample, y), one.label, font=legend_font, fill="black", anchor="lm")
