"""Specification of the per-payload plots of a run's measurements (render/sample_plots.py):
which files a sub-experiment gets, what each plot shows, and that they are real images.

- a histogram and a time series per payload, in the order payloads first appear;
- the histogram counts every sample up to the 99.9th percentile in 100 bins and says in
  its legend how many samples above that it leaves out;
- the time series draws every sample, sample number against latency;
- each has a title naming sub-experiment and payload, axis labels with units, a legend;
- the images are PNGs that show the series (its colour inside the plot area), and a
  failed draw leaves no file behind;
- a throughput run's cases, per payload, as the throughput specification's throughput and
  lost samples scatter plots: demand against recovery time, a circle per case, larger and
  further along the colour map for a larger value, its value written on it.
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from PIL import Image

from latency_gate.contracts import throughput_formats as tf
from latency_gate.contracts.formats import LATENCY, PAYLOAD, SAMPLE
from latency_gate.render import forked, sample_plots

pytestmark = pytest.mark.unit

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def measurements(payloads=(16, 64, 1024), samples=500, seed=0):
    rng = np.random.default_rng(seed)
    return pd.DataFrame({
        SAMPLE: np.tile(np.arange(1, samples + 1), len(payloads)),
        PAYLOAD: np.repeat(payloads, samples),
        LATENCY: rng.lognormal(3.0, 0.2, samples * len(payloads)),
    })


def test_a_histogram_and_a_time_series_per_payload_in_file_order(tmp_path):
    paths = sample_plots.draw_measurements(tmp_path, {"intraprocess_reliable": measurements(payloads=(1024, 16, 64))})

    directory = tmp_path / "intraprocess_reliable"
    assert paths == [directory / f"{kind}_{payload}.png" for payload in (1024, 16, 64)
                     for kind in ("histogram", "time_series")]
    assert sorted(directory.iterdir()) == sorted(paths)  # no temporary files left


def test_workers_draw_the_same_images_as_one_process(tmp_path, monkeypatch):
    data = {name: measurements(seed=index) for index, name in enumerate(("intraprocess_reliable", "interprocess_reliable"))}
    assert 12 > sample_plots.IN_PROCESS_MAX_CHARTS  # so the 12 charts below go to workers (on 2+ CPUs)
    monkeypatch.setattr(forked.os, "getloadavg", lambda: (0.0, 0.0, 0.0))  # however busy the machine is
    pooled = sample_plots.draw_measurements(tmp_path / "pooled", data)
    monkeypatch.setattr(sample_plots, "IN_PROCESS_MAX_CHARTS", 100)
    alone = sample_plots.draw_measurements(tmp_path / "alone", data)

    assert len(pooled) == len(alone) == 12
    for one, other in zip(alone, pooled):
        assert one.read_bytes() == other.read_bytes(), one


def test_the_histogram_counts_every_sample_in_100_bins_up_to_the_99_9_percentile():
    data = measurements(payloads=(16,), samples=10_000)
    data.loc[5, LATENCY] = 10_000.0  # a spike far above the body: left out, and said so

    charts = sample_plots.measurement_charts("intraprocess_best_effort", data, "plots")
    chart = charts[sample_plots.Path("plots/intraprocess_best_effort/histogram_16.png")]

    counts, edges = chart.histogram
    assert len(counts) == sample_plots.HISTOGRAM_BINS
    high = np.percentile(data[LATENCY], sample_plots.HISTOGRAM_RANGE_PERCENTILE)
    assert counts.sum() == np.count_nonzero(data[LATENCY] <= high)
    assert "10 above" in chart.legend[1] and "10000 samples" in chart.legend[0]
    assert (chart.title, chart.xlabel, chart.ylabel) == (
        "intraprocess_best_effort: latency histogram, 16 Bytes", "Latency [us]", "Count")


def test_the_time_series_draws_every_sample():
    data = measurements(payloads=(16, 64))

    chart = sample_plots.measurement_charts("intraprocess_best_effort", data, "p")[
        sample_plots.Path("p/intraprocess_best_effort/time_series_64.png")]

    x, y = chart.line
    rows = data[data[PAYLOAD] == 64]
    np.testing.assert_array_equal(x, rows[SAMPLE])
    np.testing.assert_array_equal(y, rows[LATENCY])
    assert (chart.title, chart.xlabel, chart.ylabel) == (
        "intraprocess_best_effort: latency time series, 64 Bytes", "Sample", "Latency [us]")
    assert chart.ylim[0] < y.min() and chart.ylim[1] > y.max()


@pytest.mark.parametrize(("low", "high", "expected"), [
    (0, 100, [0, 20, 40, 60, 80, 100]),
    (17.3, 98.1, [20, 40, 60, 80]),
    (60001, 70000, [62000, 64000, 66000, 68000, 70000]),
    (0.12, 0.31, [0.15, 0.2, 0.25, 0.3]),
])
def test_ticks_fall_on_round_numbers_inside_the_range(low, high, expected):
    np.testing.assert_allclose(sample_plots.nice_ticks(low, high), expected)


def test_tick_labels_have_as_few_decimals_as_the_ticks_need():
    assert sample_plots.tick_labels(np.array([-0.0, 2.5, 5.0])) == ["0.0", "2.5", "5.0"]  # no "-0.0"
    assert sample_plots.tick_labels(np.array([0.15, 0.2])) == ["0.15", "0.20"]
    assert sample_plots.tick_labels(np.array([62000.0, 64000.0])) == ["62000", "64000"]


def test_the_images_are_pngs_that_show_the_series_inside_the_plot_area(tmp_path):
    (histogram, series) = sample_plots.draw_measurements(tmp_path, {"intraprocess_best_effort": measurements((16,))})

    for path in (histogram, series):
        assert path.read_bytes().startswith(PNG_MAGIC)
        image = Image.open(path).convert("RGB")
        assert image.size == sample_plots.SIZE
        left, top, right, bottom = sample_plots.PLOT_AREA
        pixels = np.asarray(image)[top:bottom, left:right].reshape(-1, 3).astype(int)
        blue = np.array([0x1f, 0x77, 0xb4])
        near_series = np.abs(pixels - blue).sum(axis=1) < 120  # the line, or the bars' fill and outline
        assert near_series.mean() > 0.002, path
        assert (pixels == 255).all(axis=1).mean() > 0.3, path  # and mostly background


def test_a_failed_draw_leaves_no_file(tmp_path, monkeypatch):
    def broken(chart):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(sample_plots, "draw", broken)
    with pytest.raises(RuntimeError):
        sample_plots.draw_measurements(tmp_path, {"intraprocess_best_effort": measurements((16,))})
    assert not any(path.is_file() for path in tmp_path.rglob("*"))


def test_a_long_line_is_drawn_from_each_pixel_columns_first_lowest_highest_and_last_point():
    rng = np.random.default_rng(1)
    x, y = np.arange(1, 10_001, dtype=float), rng.lognormal(3, 0.3, 10_000)

    kept_x, kept_y = sample_plots.visible_points(x, y, columns=100)

    assert len(kept_x) <= 400 and np.all(np.diff(kept_x) > 0)  # in order, at most 4 per column
    column = ((x - 1) / (x[-1] - 1) * 100).astype(int).clip(max=99)
    kept_column = ((kept_x - 1) / (x[-1] - 1) * 100).astype(int).clip(max=99)
    for c in (0, 37, 99):
        assert kept_y[kept_column == c].min() == y[column == c].min()
        assert kept_y[kept_column == c].max() == y[column == c].max()
        assert kept_x[kept_column == c][[0, -1]].tolist() == x[column == c][[0, -1]].tolist()
    short = sample_plots.visible_points(x[:300], y[:300], columns=100)
    assert len(short[0]) == 300  # few points: all drawn


def cases(values, payloads=(1024,)):
    """A throughput measurements frame: every payload at demands 100 and 1000 x recovery 0 and 20 ms."""
    frame = pd.DataFrame({column: 1 for column in tf.MEASUREMENT_COLUMNS}, index=range(4 * len(payloads)))
    frame[tf.PAYLOAD] = np.repeat(payloads, 4)
    frame[tf.DEMAND] = np.tile([100, 100, 1000, 1000], len(payloads))
    frame[tf.RECOVERY] = np.tile([0, 20, 0, 20], len(payloads))
    frame[tf.THROUGHPUT] = np.tile(values, len(payloads))
    frame[tf.LOST] = np.tile([0, 3, 0, 7], len(payloads))
    return frame


def test_throughput_scatter_plots_draw_every_case_at_its_demand_and_recovery_time_with_its_value():
    charts = sample_plots.scatter_charts("interprocess_reliable", cases([10.0, 20.0, 30.0, 45.5], (64, 1024)), "p")

    assert [path.as_posix() for path in charts] == [f"p/measurements_interprocess_reliable/{name}_{payload}.png"
                                                     for payload in (64, 1024)
                                                     for name in ("throughput_scatterplot", "lost_samples_scatterplot")]
    chart = charts[Path("p/measurements_interprocess_reliable/throughput_scatterplot_1024.png")]
    scatter = chart.scatter
    assert (scatter.x.tolist(), scatter.y.tolist()) == ([0, 0, 1, 1], [0, 1, 0, 1])  # demand, recovery index
    assert scatter.values.tolist() == [10.0, 20.0, 30.0, 45.5] and scatter.label == tf.THROUGHPUT
    assert (scatter.xcategories.tolist(), scatter.ycategories.tolist()) == ([100, 1000], [0, 20])
    assert (chart.xlabel, chart.ylabel) == (tf.DEMAND, tf.RECOVERY)
    assert chart.title == f"interprocess_reliable: {tf.THROUGHPUT}, 1024 Bytes"
    lost = charts[Path("p/measurements_interprocess_reliable/lost_samples_scatterplot_1024.png")].scatter
    assert lost.values.tolist() == [0, 3, 0, 7] and lost.label == tf.LOST


def test_a_larger_value_is_a_larger_circle_further_along_the_colour_map():
    scatter = sample_plots.scatter_charts("interprocess_reliable", cases([0.0, 10.0, 20.0, 40.0]), "p")[
        Path("p/measurements_interprocess_reliable/throughput_scatterplot_1024.png")].scatter

    radii = [scatter.radius(value) for value in scatter.values]
    assert radii == sorted(radii) and (radii[0], radii[-1]) == sample_plots.SCATTER_RADII
    viridis = sample_plots.SCATTER_PLOTS[tf.THROUGHPUT][1]
    assert [scatter.color(0.0), scatter.color(40.0)] == [tuple(int(c[i:i + 2], 16) for i in (1, 3, 5))
                                                         for c in (viridis[0], viridis[-1])]


def circle_centres(chart):
    """(x, y, value) in image pixels of each circle of a scatter chart."""
    left, top, right, bottom = sample_plots.SCATTER_AREA
    return [(left + (x - chart.xlim[0]) / (chart.xlim[1] - chart.xlim[0]) * (right - left),
             bottom - (y - chart.ylim[0]) / (chart.ylim[1] - chart.ylim[0]) * (bottom - top), value)
            for x, y, value in zip(chart.scatter.x, chart.scatter.y, chart.scatter.values)]


def test_the_scatter_plots_are_pngs_with_each_circle_in_its_colour_at_its_case(tmp_path):
    throughput, _ = sample_plots.draw_scatter_plots(tmp_path, {"interprocess_reliable": cases([10.0, 20.0, 30.0, 45.5])})

    chart = sample_plots.scatter_charts("interprocess_reliable", cases([10.0, 20.0, 30.0, 45.5]), tmp_path)[throughput]
    image = Image.open(throughput).convert("RGB")
    assert image.size == sample_plots.SIZE
    for centre_x, centre_y, value in circle_centres(chart):
        # Left of the centre, clear of the value written on it: the circle's own colour.
        pixel = image.getpixel((int(centre_x - chart.scatter.radius(value) * 0.7), int(centre_y)))
        assert max(abs(a - b) for a, b in zip(pixel, chart.scatter.color(value))) <= 8, (value, pixel)


def test_a_value_is_written_in_white_on_a_dark_circle_and_in_black_on_a_light_one(tmp_path):
    """The largest value is the darkest circle of the lost samples' colour map (magma reversed:
    near black) and the lightest of the throughput's (viridis: yellow)."""
    measured = cases([10.0, 20.0, 30.0, 45.5])
    paths = sample_plots.draw_scatter_plots(tmp_path, {"interprocess_reliable": measured})

    charts = sample_plots.scatter_charts("interprocess_reliable", measured, tmp_path)
    for path, largest, written in zip(paths, (45.5, 7), ("black", "white")):
        image = np.asarray(Image.open(path).convert("L"), dtype=int)
        ((x, y, _),) = [centre for centre in circle_centres(charts[path]) if centre[2] == largest]
        label = image[int(y) - 3:int(y) + 4, int(x) - 3:int(x) + 4]  # where the value's digits are
        assert (label.min() < 60) if written == "black" else (label.max() > 200), (path.name, label)
