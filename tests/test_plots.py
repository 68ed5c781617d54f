"""Specification of the plots: which files a batch writes, and what each plot shows (the
payload-series plots through their descriptions and line_plots' legend and limits, and in
their pixels; the matplotlib shapes through their drawn axes)."""

import time

import numpy as np
import pandas as pd
import pytest
from PIL import Image, ImageColor

from latency_gate.contracts import throughput_formats as tf
from latency_gate.contracts.formats import CHECK_COLUMNS, SUMMARY_COLUMNS
from latency_gate.render import forked, line_plots, plot_style, plots, sample_plots
from latency_gate.errors import InputError

pytestmark = pytest.mark.unit

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
PAYLOADS = (16, 64, 1024)
SUBEXPERIMENTS = ("intraprocess_best_effort", "interprocess_reliable")


def summary(scale=1.0, payloads=PAYLOADS):
    frame = pd.DataFrame({column: scale * np.arange(1.0, len(payloads) + 1) for column in SUMMARY_COLUMNS})
    frame["Bytes"] = payloads
    frame["Max"] *= 10
    return frame


def checks(failed_payloads=(64,)):
    rows = []
    for check in ("Median", "99%", "Max"):
        for payload in PAYLOADS:
            failed = payload in failed_payloads
            rows.append((check, payload, 10.0, 12.0 if failed else 8.0, 2.0, 20.0 if failed else -20.0,
                         "failed" if failed else "passed"))
    return pd.DataFrame(rows, columns=CHECK_COLUMNS)


def history(runs):
    frames = [
        summary(1 + run / 10).assign(**{"Run": f"run-{run:03d}", "Experiment type": name})
        for run in range(runs) for name in SUBEXPERIMENTS
    ]
    return pd.concat(frames, ignore_index=True)


def requirements():
    return pd.DataFrame({
        "Experiment type": np.repeat(SUBEXPERIMENTS, len(PAYLOADS)),
        "Bytes": PAYLOADS * len(SUBEXPERIMENTS),
        "Median": 7.5, "99%": 8.5, "Max": 95.0,
    })


def job_named(batch, name):
    """The one job whose path ends with name ('file.png' or 'directory/file.png')."""
    (job,) = [job for job in batch.jobs if job.path.as_posix().endswith("/" + name)]
    return job


def series_of(job):
    """{label: (x, y)} of a payload-series job's lines, as its legend lists them."""
    return {one.label: (np.asarray(one.x).tolist(), np.asarray(one.y).tolist()) for one in line_plots.legend(job)}


def drawn_axes(job):
    """The main axes of a job's matplotlib figure, drawn (not saved). Figures are reused:
    inspect the axes before drawing another job."""
    figure = plots.draw(job)
    figure.canvas.draw()
    return figure.axes[0]


def legend_labels(axes):
    return [text.get_text() for text in axes.get_legend().get_texts()]


def assert_valid_pngs(paths):
    assert paths, "no images"
    for path in paths:
        content = path.read_bytes()
        assert content.startswith(PNG_MAGIC), path
        assert len(content) > 5000, path  # a blank 640x480 image compresses far below this


def test_subexperiment_comparison_has_one_plot_per_magnitude_and_one_series_per_subexperiment(tmp_path):
    batch = plots.PlotBatch()
    batch.add_subexperiment_comparison({name: summary(i + 1) for i, name in enumerate(SUBEXPERIMENTS)}, tmp_path)

    paths = batch.render(workers=1)
    job = job_named(batch, "subexperiments_99.png")

    assert sorted(p.name for p in paths) == [f"subexperiments_{m}.png" for m in ("99", "max", "median", "min")]
    assert_valid_pngs(paths)
    assert list(series_of(job)) == list(SUBEXPERIMENTS)
    assert job.data["payloads"].tolist() == [16, 64, 1024]
    assert series_of(job)["interprocess_reliable"] == ([0, 1, 2], summary(2)["99%"].tolist())


def test_check_plots_show_experiment_in_blue_requirement_in_red_and_mark_failed_points(tmp_path):
    batch = plots.PlotBatch()
    batch.add_checks("interprocess_reliable", checks(failed_payloads=(64,)), tmp_path)

    paths = batch.render(workers=1)
    job = job_named(batch, "comparison_99.png")

    assert sorted(p.relative_to(tmp_path).as_posix() for p in paths) == [
        f"measurements_interprocess_reliable/comparison_{name}.png" for name in ("99", "max", "median")]
    assert_valid_pngs(paths)
    experiment, requirement, failed = line_plots.legend(job)
    assert [one.label for one in line_plots.legend(job)] == ["Experiment", "Requirement", "Failed"]
    assert (experiment.color, requirement.color, failed.color) == (
        plot_style.EXPERIMENT_COLOR, plot_style.REQUIREMENT_COLOR, plot_style.REQUIREMENT_COLOR)
    assert (failed.x.tolist(), failed.y.tolist(), failed.marker) == ([1], [12.0], "X")  # 64 Bytes is tick 1
    assert job.title == "interprocess_reliable: 99% check (1 of 3 failed)"
    # Drawn: the failed point's cross in red at 64 Bytes and 12 us (its centre, on the blue line, is red).
    image = Image.open(job.path).convert("RGB")
    (x0, x1), (y0, y1) = line_plots.limits(job)
    left, top, right, bottom = line_plots.PLOT_AREA
    at = (round(left + (1 - x0) / (x1 - x0) * (right - left)), round(bottom - (12.0 - y0) / (y1 - y0) * (bottom - top)))
    assert image.getpixel(at) == ImageColor.getrgb(plot_style.REQUIREMENT_COLOR)


def test_check_plot_without_failures_marks_nothing():
    batch = plots.PlotBatch()
    batch.add_checks("interprocess_reliable", checks(failed_payloads=()), "unused")

    job = job_named(batch, "comparison_median.png")

    assert [one.label for one in line_plots.legend(job)] == ["Experiment", "Requirement"]


def test_experiment_comparison_draws_reference_in_reds_and_result_in_blues(tmp_path):
    batch = plots.PlotBatch()
    batch.add_experiment_comparison("intraprocess_best_effort", summary(1), summary(2),
                                    "Reference: a", "Result: b", tmp_path)

    paths = batch.render(workers=1)
    job = job_named(batch, "intraprocess_best_effort_max_99%.png")

    assert sorted(p.name for p in paths) == ["intraprocess_best_effort_max_99%.png",
                                             "intraprocess_best_effort_min_median.png"]
    assert list(series_of(job)) == ["Reference: a Max", "Reference: a 99%", "Result: b Max", "Result: b 99%"]
    assert [one.color for one in line_plots.legend(job)] == ["#ff0000", "#ff6666", "#09487e", "#0895cd"]
    assert [one.linestyle for one in line_plots.legend(job)] == ["-", "--", "-", "--"]


def test_history_writes_magnitude_and_payload_plots_per_subexperiment(tmp_path):
    batch = plots.PlotBatch()
    batch.add_history(history(runs=3), requirements(), tmp_path)

    paths = batch.render(workers=1)

    for name in SUBEXPERIMENTS:
        written = {p.name for p in paths if p.parent == tmp_path / name}
        assert written == {f"history_{m}.png" for m in ("Min", "Median", "Max", "99")} | {
            f"{payload}_bytes_{m}.png" for payload in PAYLOADS for m in ("Median", "99", "Max")}
    assert len(paths) == len(SUBEXPERIMENTS) * (4 + 3 * len(PAYLOADS))
    assert_valid_pngs(paths)


def test_magnitude_history_with_few_runs_names_every_run_in_the_legend():
    batch = plots.PlotBatch()
    batch.add_history(history(runs=3), None, "unused")

    job = job_named(batch, "intraprocess_best_effort/history_Median.png")

    assert list(series_of(job)) == ["run-000", "run-001", "run-002"]
    assert job.axis_labels == ("Payload [Bytes]", "Latency [us]")


def test_magnitude_history_with_many_runs_colours_runs_by_order_and_names_only_the_latest():
    runs = 150
    batch = plots.PlotBatch()
    batch.add_history(history(runs), None, "unused")

    axes = drawn_axes(job_named(batch, "intraprocess_best_effort/history_Max.png"))

    colorbar_axes = axes.figure.axes[1]
    assert colorbar_axes.get_ylabel() == "Run order (1 = oldest)"
    assert colorbar_axes.get_ylim() == (1, runs)
    assert legend_labels(axes) == [f"Latest run ({runs}): run-{runs - 1:03d}", f"Earlier runs (1-{runs - 1})"]
    (earlier,) = axes.collections
    assert len(earlier.get_segments()) == runs - 1
    latest_max = summary(1 + (runs - 1) / 10)["Max"]
    np.testing.assert_allclose(axes.lines[0].get_ydata(), latest_max)
    assert axes.get_ylim()[1] >= latest_max.max()  # every run is in view


def test_payload_history_draws_the_requirement_as_a_labelled_line_at_its_value():
    batch = plots.PlotBatch()
    batch.add_history(history(runs=4), requirements(), "unused")

    job = job_named(batch, "intraprocess_best_effort/64_bytes_99.png")

    values, requirement = line_plots.legend(job)
    assert [one.label for one in line_plots.legend(job)] == ["99%", "99% requirement"]
    assert requirement.y.tolist() == [8.5, 8.5]
    assert (requirement.color, requirement.linestyle) == (plot_style.REQUIREMENT_COLOR, "--")
    np.testing.assert_allclose(values.y, [2 * (1 + run / 10) for run in range(4)])
    assert job.axis_labels == ("Run", "Latency [us]")
    assert job.title == "intraprocess_best_effort: latency 99% history, 64 Bytes"
    # Drawn: the requirement's dashed red line at 8.5 us, across the plot area.
    image, (_, (y0, y1)) = plots.draw(job), line_plots.limits(job)
    left, top, right, bottom = line_plots.RUN_SERIES_AREA
    row = round(bottom - (8.5 - y0) / (y1 - y0) * (bottom - top))
    red = [x for x in range(left, right) if image.getpixel((x, row)) == ImageColor.getrgb(plot_style.REQUIREMENT_COLOR)]
    assert red and red[0] < left + 20 and red[-1] > right - 20  # dashed: from edge to edge, with gaps


def test_payload_history_without_requirements_has_no_requirement_line():
    batch = plots.PlotBatch()
    batch.add_history(history(runs=4), None, "unused")

    job = job_named(batch, "intraprocess_best_effort/64_bytes_Max.png")

    assert [one.label for one in line_plots.legend(job)] == ["Max"]
    image = plots.draw(job)
    assert ImageColor.getrgb(plot_style.REQUIREMENT_COLOR) not in {color for _, color in image.getcolors(1 << 20)}


def test_payload_history_thins_run_labels_and_always_labels_the_first_and_latest_run():
    runs = 300
    batch = plots.PlotBatch()
    batch.add_history(history(runs), requirements(), "unused")

    job = job_named(batch, "intraprocess_best_effort/1024_bytes_Median.png")

    labels = [job.data["runs"][tick] for tick in line_plots.run_ticks(job.data["runs"])]
    assert 2 <= len(labels) <= plot_style.MAX_RUN_TICKS
    assert (labels[0], labels[-1]) == ("run-000", f"run-{runs - 1:03d}")


def test_every_plot_has_a_title_axis_labels_a_legend_and_a_grid():
    batch = plots.PlotBatch()
    batch.add_subexperiment_comparison({"intraprocess_best_effort": summary()}, "unused")
    batch.add_checks("intraprocess_best_effort", checks(), "unused")
    batch.add_experiment_comparison("intraprocess_best_effort", summary(), summary(2), "a", "b", "unused")
    batch.add_history(history(runs=20), requirements(), "unused")
    # 4 magnitudes, 3 checks, 2 comparisons, and per sub-experiment 4 magnitudes and 3 per payload
    assert len(batch.jobs) == 4 + 3 + 2 + len(SUBEXPERIMENTS) * (4 + 3 * len(PAYLOADS))

    for job in batch.jobs:
        if job.shape in plots.PILLOW_SHAPES:  # its title and labels as given, the legend line_plots draws
            assert job.title and line_plots.legend(job), job.path
            image = plots.draw(job)
            runs = job.shape == "run_series"
            left, top, right, bottom = line_plots.RUN_SERIES_AREA if runs else line_plots.PLOT_AREA
            assert image.size == (line_plots.RUN_SERIES_SIZE if runs else line_plots.SIZE)
            # A grid row crosses the plot area's left edge: light grey, as the grid (blended with white).
            edge = [image.getpixel((left + 3, y)) for y in range(top + 3, bottom - 3)]
            assert any(r == g == b and ImageColor.getrgb(line_plots.GRID_COLOR)[0] <= r < 0xfa for r, g, b in edge)
            continue
        axes = drawn_axes(job)
        assert axes.get_title() and axes.get_xlabel() and axes.get_ylabel(), job.path
        assert axes.get_legend() is not None and legend_labels(axes), job.path
        assert any(line.get_visible() for line in axes.get_ygridlines()), job.path


def full_batch(directory):
    batch = plots.PlotBatch()
    for name in SUBEXPERIMENTS:
        batch.add_checks(name, checks(), directory)
    batch.add_subexperiment_comparison({name: summary() for name in SUBEXPERIMENTS}, directory)
    batch.add_history(history(runs=12), requirements(), directory / "history")
    return batch


def test_a_pool_of_workers_writes_the_same_files_as_one_process_and_leaves_no_temporary_files(tmp_path):
    alone = full_batch(tmp_path / "alone").render(workers=1)
    pooled = full_batch(tmp_path / "pooled").render(workers=2)

    assert len(alone) == len(SUBEXPERIMENTS) * 3 + 4 + len(SUBEXPERIMENTS) * (4 + 3 * len(PAYLOADS))
    assert [p.relative_to(tmp_path / "pooled") for p in pooled] == [p.relative_to(tmp_path / "alone") for p in alone]
    for one, other in zip(alone, pooled):
        assert one.read_bytes() == other.read_bytes(), one  # reused figures carry nothing over
    written = {p for p in tmp_path.rglob("*") if p.is_file()}
    assert written == set(alone) | set(pooled)  # no temporary files


def test_a_failing_plot_leaves_no_half_written_file(tmp_path, monkeypatch):
    batch = plots.PlotBatch()
    batch.add_checks("intraprocess_best_effort", checks(), tmp_path)

    def broken_png(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(sample_plots, "png_bytes", broken_png)
    with pytest.raises(OSError, match="disk full"):
        batch.render(workers=1)

    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


def test_an_empty_batch_renders_nothing():
    assert plots.PlotBatch().render() == []


def test_throughput_payload_history_draws_its_requirement_as_a_floor_on_a_throughput_axis(tmp_path):
    history = pd.DataFrame({column: 1 for column in tf.SUMMARY_COLUMNS}, index=range(2))
    history[tf.PAYLOAD], history[tf.THROUGHPUT] = 1024, [500.0, 480.0]
    history["Experiment type"], history["Run"] = "interprocess_reliable", ["r1", "r2"]
    required = pd.DataFrame({tf.EXPERIMENT_TYPE: ["interprocess_reliable"], tf.PAYLOAD: [1024], tf.LOST: [0.0],
                             tf.THROUGHPUT: [490.0]})
    batch = plots.PlotBatch()

    batch.add_history(history, required, tmp_path, view=plots.THROUGHPUT_HISTORY)

    job = job_named(batch, "interprocess_reliable/1024_bytes_throughput.png")
    assert [one.label for one in line_plots.legend(job)] == ["subscription throughput",
                                                            "subscription throughput requirement (floor)"]
    assert line_plots.legend(job)[1].y[0] == 490.0
    assert job.axis_labels[1] == tf.THROUGHPUT
    assert {job.path.name for job in batch.jobs} == {
        "history_throughput.png", "history_lost.png", "1024_bytes_throughput.png", "1024_bytes_lost.png"}


def test_forked_shares_do_every_job_once_and_a_failing_worker_fails_the_call(tmp_path):
    def touch(share):
        for name in share:
            if name == "bad":
                raise ValueError("a worker's error")
            with open(tmp_path / name, "x"):  # "x": a job done twice would fail
                pass

    forked.in_shares(touch, [f"job{index}" for index in range(7)], 3)
    assert sorted(path.name for path in tmp_path.iterdir()) == [f"job{index}" for index in range(7)]
    with pytest.raises(RuntimeError, match="1 forked worker"):
        forked.in_shares(touch, ["ok", "bad"], 2)  # the second share is a child's


def test_a_workers_bad_input_is_the_calls_one_line_error_as_had_the_parent_done_the_job(tmp_path, capfd):
    """A plot that cannot be written (a directory in its place) is bad input (exit 3) naming it, not
    a worker's traceback and exit 1, whichever process drew it."""
    def draw(share):
        for name in share:
            if name == "blocked.png":
                raise InputError("cannot write: Is a directory", tmp_path / name)

    with pytest.raises(InputError) as refused:
        forked.in_shares(draw, ["ok.png", "blocked.png"], 2)  # the second share is a child's

    assert str(refused.value) == f"{tmp_path / 'blocked.png'}: cannot write: Is a directory"
    assert "Traceback" not in capfd.readouterr().err


def test_an_interrupted_parent_stops_its_forked_workers_instead_of_waiting_for_them(tmp_path):
    """Ctrl-C or SIGTERM in the parent's share (a cancelled CI job) stops the command at once: its
    workers are stopped, none is left drawing on after it."""
    def share(names):
        if "parent" in names:
            raise KeyboardInterrupt
        time.sleep(60)  # a worker's long share
        (tmp_path / "worker finished").touch()

    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        forked.in_shares(share, ["parent", "worker"], 2)
    assert time.monotonic() - started < 30  # not the worker's 60 s
    assert not (tmp_path / "worker finished").exists()


def test_workers_are_forked_only_for_cpus_the_load_leaves_idle(monkeypatch):
    monkeypatch.setattr(forked.os, "cpu_count", lambda: 4)
    for load, expected in ((0.2, 4), (1.5, 3), (3.2, 1), (9.0, 1)):
        monkeypatch.setattr(forked.os, "getloadavg", lambda load=load: (load, load, load))
        assert forked.free_workers(8) == expected, load
