"""The history store: one immutable directory per run, never lost or half-written."""

import dataclasses
import io
import json
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from PIL import ImageColor

import drawn
from latency_gate.analysis import changepoints, processing, requirements
from latency_gate.contracts import change_points, formats, run_metadata
from latency_gate.errors import EXIT_INTERRUPTED, InputError
from latency_gate.render import line_plots, plot_style, plots, site, store_views
from latency_gate.store import history
from latency_gate_testing import factories

pytestmark = pytest.mark.unit

PLATFORM = "linux-x64-latency"
SCRIPTS = str(Path(__file__).resolve().parent.parent / "scripts")
SUBEXPERIMENTS = ("intraprocess_best_effort", "intraprocess_reliable")


def vertical_line_at(job, run, color):
    """The drawn plot has a line of `color` at `run` (on the x axis) over most of its height."""
    image, ((x0, x1), _) = plots.draw(job), line_plots.limits(job)
    left, top, right, bottom = line_plots.RUN_SERIES_AREA
    column = round(left + (run - x0) / (x1 - x0) * (right - left))
    rgb = ImageColor.getrgb(color)

    def near(pixel):  # its colour, or its colour blended with the white between dots
        return max(abs(a - b) for a, b in zip(pixel, rgb)) <= 40

    hits = sum(any(near(image.getpixel((x, y))) for x in (column - 1, column, column + 1)) for y in range(top, bottom))
    return hits > (bottom - top) / 4  # dotted: a quarter of its height at least


def summary_of(run, subexperiment):
    return formats.read_summary(formats.summary_path(run, subexperiment))


@pytest.fixture
def processed_run(tmp_path):
    run = factories.write_experiment(tmp_path / "run", SUBEXPERIMENTS, payloads=(16, 32), samples=200)
    processing.process_experiment(run)
    run_metadata.write(run, run_metadata.RunMetadata(run_id="20261122T064501Z-local-lab1", fastdds_version="2.9.1"))
    return run


def test_a_published_run_holds_its_summaries_and_metadata_but_not_raw_samples(tmp_path, processed_run):
    published = history.add_run(tmp_path / "store", processed_run, PLATFORM, "20261122T064501Z-abc-lab1")
    assert published == tmp_path / "store" / "runs" / PLATFORM / "20261122T064501Z-abc-lab1"
    assert sorted(p.name for p in published.iterdir()) == [
        "measurements_intraprocess_best_effort_summary.csv",
        "measurements_intraprocess_reliable_summary.csv",
        "metadata.json",
    ]
    metadata = run_metadata.read(published)
    assert metadata.fastdds_version == "2.9.1"
    assert (metadata.run_id, metadata.platform) == ("20261122T064501Z-abc-lab1", PLATFORM)


def test_a_run_is_published_under_the_run_id_its_metadata_records_unless_given_one(tmp_path, processed_run):
    published = history.add_run(tmp_path / "store", processed_run, PLATFORM)
    assert published.name == "20261122T064501Z-local-lab1"


def test_a_run_without_metadata_is_published_with_a_record_of_its_run_id_and_platform(tmp_path, processed_run):
    (processed_run / run_metadata.METADATA_FILE).unlink()  # as the spec's own flows leave a run
    published = history.add_run(tmp_path / "store", processed_run, PLATFORM)
    metadata = run_metadata.read(published)
    assert (metadata.run_id, metadata.platform) == (published.name, PLATFORM)
    assert run_metadata.parse_run_id(published.name).revision is None  # made now, of no known revision


def test_a_run_is_never_overwritten(tmp_path, processed_run):
    history.add_run(tmp_path / "store", processed_run, PLATFORM, "r1")
    before = (tmp_path / "store" / "runs" / PLATFORM / "r1" / "metadata.json").read_text()
    with pytest.raises(InputError, match="run 'r1' is already in the history"):
        history.add_run(tmp_path / "store", processed_run, PLATFORM, "r1")
    assert (tmp_path / "store" / "runs" / PLATFORM / "r1" / "metadata.json").read_text() == before


def test_an_invalid_requirements_file_is_not_published_and_leaves_nothing_behind(tmp_path, processed_run):
    bad = tmp_path / "requirements.csv"
    bad.write_text("Experiment type,Bytes,Median\n")
    with pytest.raises(InputError, match="missing column"):
        history.add_run(tmp_path / "store", processed_run, PLATFORM, "r1", requirements_path=bad)
    assert list((tmp_path / "store").rglob("*")) == []  # refused before anything was made


def test_unsafe_platform_names_are_refused(tmp_path, processed_run):
    with pytest.raises(InputError, match="platform '../x'"):
        history.add_run(tmp_path / "store", processed_run, "../x", "r1")


def test_pruning_keeps_the_newest_runs(tmp_path, processed_run):
    for run_id in ["r3", "r1", "r2"]:
        history.add_run(tmp_path / "store", processed_run, PLATFORM, run_id)
    removed = history.prune(tmp_path / "store", PLATFORM, keep=2)
    assert [p.name for p in removed] == ["r1"]
    assert sorted(p.name for p in history.runs_directory(tmp_path / "store", PLATFORM).iterdir()) == ["r2", "r3"]


def _publish(store, run, run_id):
    history.add_run(store, run, PLATFORM, run_id)


def test_concurrent_publishers_of_different_runs_both_land(tmp_path, processed_run):
    store = tmp_path / "store"
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_publish, args=(store, processed_run, f"r{i}")) for i in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert [w.exitcode for w in workers] == [0, 0, 0, 0]
    runs = sorted(p.name for p in history.runs_directory(store, PLATFORM).iterdir())
    assert runs == ["r0", "r1", "r2", "r3"]


def test_history_plots_are_drawn_per_sub_experiment_with_the_requirement(tmp_path, processed_run, rendered_plots):
    for run_id in ["r1", "r2", "r3"]:
        history.add_run(tmp_path / "store", processed_run, PLATFORM, run_id)
    runs = history.runs_directory(tmp_path / "store", PLATFORM)
    formats.write_csv(requirements.derive_requirements(requirements.run_directories(runs)), tmp_path / "req.csv")
    store_views.plot_history(runs, tmp_path / "req.csv", tmp_path / "plots")
    written = sorted(p.name for p in (tmp_path / "plots" / "intraprocess_reliable").iterdir())
    assert written == sorted(
        [f"history_{m}.png" for m in ("Min", "Median", "Max", "99")]
        + [f"{b}_bytes_{m}.png" for b in (16, 32) for m in ("Median", "99", "Max")]
    )
    cell = rendered_plots.find("intraprocess_reliable/32_bytes_99.png")
    measured = summary_of(processed_run, "intraprocess_reliable").set_index("Bytes").loc[32, "99%"]
    required = formats.read_requirements(tmp_path / "req.csv").set_index(["Experiment type", "Bytes"])
    assert cell.title == "intraprocess_reliable: latency 99% history, 32 Bytes"
    assert list(cell.data["runs"]) == ["r1", "r2", "r3"] and list(cell.data["values"]) == [measured] * 3
    assert cell.data["requirement"] == required.loc[("intraprocess_reliable", 32), "99%"]
    assert drawn.size_of(tmp_path / "plots" / "intraprocess_reliable" / "32_bytes_99.png") == (640, 440)  # moved in


def test_adding_a_run_from_the_command_line_regenerates_plots_and_site(tmp_path, processed_run, rendered_plots):
    from latency_gate import cli

    store = tmp_path / "store"
    for run_id in ["20261122T060000Z-a-lab", "20261122T070000Z-b-lab"]:
        assert cli.main(["add-to-history", "--store", str(store), "--experiment-directory", str(processed_run),
                         "--platform", PLATFORM, "--run-id", run_id, "--keep", "5"]) == 0
    assert (store / "index.html").is_file()
    medians = rendered_plots.series("intraprocess_best_effort/history_Median.png", PLATFORM)
    run_medians = summary_of(processed_run, "intraprocess_best_effort")["Median"].tolist()
    assert medians == {"20261122T060000Z-a-lab": run_medians, "20261122T070000Z-b-lab": run_medians}
    assert not [p for p in (store / "plots").iterdir() if p.name.startswith(".")]  # no staging left behind


def add_to_history(store, run, run_id, *options):
    from latency_gate import cli

    return cli.main(["add-to-history", "--store", str(store), "--experiment-directory", str(run),
                     "--platform", PLATFORM, "--run-id", run_id, *options])


def stored(store):
    return {path.relative_to(store): path.read_bytes() for path in sorted(store.rglob("*")) if path.is_file()}


@pytest.mark.parametrize("keep", ["0", "-1"])
def test_a_retention_that_keeps_no_run_is_refused_before_the_run_is_added(tmp_path, processed_run, capsys, keep):
    store = tmp_path / "store"
    assert add_to_history(store, processed_run, "20261122T060000Z-a-lab") == 0
    before = stored(store)

    assert add_to_history(store, processed_run, "20261122T070000Z-b-lab", "--keep", keep) == 3

    assert f"history retention must keep at least 1 run, got {keep}" in capsys.readouterr().err
    assert stored(store) == before


def test_an_add_that_fails_on_a_stored_run_it_cannot_read_stores_nothing_and_keeps_the_site(tmp_path, processed_run,
                                                                                            capsys):
    store = tmp_path / "store"
    assert add_to_history(store, processed_run, "20261122T060000Z-a-lab") == 0
    broken = store / "runs" / PLATFORM / "20261122T060000Z-a-lab" / run_metadata.METADATA_FILE
    broken.write_text("{")
    before = stored(store)

    assert add_to_history(store, processed_run, "20261122T070000Z-b-lab", "--keep", "1") == 3

    assert str(broken) in capsys.readouterr().err
    assert stored(store) == before  # the new run is not stored, the older one not pruned, the site as it was


def test_an_add_that_fails_on_another_lines_run_leaves_every_derived_file_as_it_was(tmp_path, processed_run,
                                                                                      capsys):
    """Every line is read and drawn before any line's plots or change points are replaced: a line that
    sorts after the run's own and cannot be read leaves the run's line's plots as they were too."""
    store = tmp_path / "store"
    assert add_to_history(store, processed_run, "20261122T060000Z-a-lab") == 0
    history.add_run(store, processed_run, "zz-other", "20261122T060000Z-a-lab")
    store_views.regenerate(store)
    broken = history.runs_directory(store, "zz-other") / "20261122T060000Z-a-lab" / run_metadata.METADATA_FILE
    broken.write_text("{")
    before = stored(store)

    assert add_to_history(store, processed_run, "20261122T070000Z-b-lab") == 3

    assert str(broken) in capsys.readouterr().err
    assert stored(store) == before


def test_an_add_without_the_chart_library_stores_nothing_and_draws_nothing(tmp_path, processed_run, capsys,
                                                                          monkeypatch):
    store = tmp_path / "store"
    assert add_to_history(store, processed_run, "20261122T060000Z-a-lab") == 0
    before = stored(store)
    monkeypatch.setattr(site, "CHART_LIBRARY", tmp_path / "not-installed")

    assert add_to_history(store, processed_run, "20261122T070000Z-b-lab") == 3

    (line,) = capsys.readouterr().err.strip().splitlines()[-1:]
    assert "chart library not installed" in line
    assert stored(store) == before  # no run, and neither plots nor change points of two runs


def test_an_add_interrupted_while_the_site_is_built_leaves_plots_and_change_points_as_they_were(
        tmp_path, processed_run, monkeypatch):
    store = tmp_path / "store"
    assert add_to_history(store, processed_run, "20261122T060000Z-a-lab") == 0
    before = stored(store)

    def interrupted(site_dir):
        raise KeyboardInterrupt

    monkeypatch.setattr(site, "_copy_assets", interrupted)
    assert add_to_history(store, processed_run, "20261122T070000Z-b-lab") == EXIT_INTERRUPTED

    assert stored(store) == before
    assert not [path for path in store.rglob(".*") if path.name != ".nojekyll"]  # no staging left behind


@pytest.fixture
def interruptible():
    """SIGINT as a command typed at a terminal has it (Python's KeyboardInterrupt): one started in the
    background of a shell without job control (a CI job's `... &`) inherits it ignored, and keeps it so."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_an_add_interrupted_while_it_swaps_in_swaps_in_all_then_stops_and_keeps_the_run(tmp_path, processed_run,
                                                                                          monkeypatch, stop,
                                                                                          interruptible):
    """The swap is a series of renames: a stop signal in its middle (here: once the first of two lines'
    plots are in, before the second's and the site) is held until all is swapped in, then stops the
    command (exit 130). The store is as an add that was not interrupted leaves it: the run is kept,
    as the new site shows it."""
    interrupted, uninterrupted = tmp_path / "interrupted", tmp_path / "uninterrupted"
    for store in (interrupted, uninterrupted):
        assert add_to_history(store, processed_run, "20261122T060000Z-a-lab") == 0
        history.add_run(store, processed_run, "zz-other", "20261122T060000Z-a-lab")
        store_views.regenerate(store)
    assert add_to_history(uninterrupted, processed_run, "20261122T070000Z-b-lab") == 0
    swap_directory = store_views._swap_directory

    def stopped_after(new, final):
        swap_directory(new, final)
        os.kill(os.getpid(), stop)

    monkeypatch.setattr(store_views, "_swap_directory", stopped_after)
    assert add_to_history(interrupted, processed_run, "20261122T070000Z-b-lab") == EXIT_INTERRUPTED

    assert stored(interrupted) == stored(uninterrupted)
    assert not [path for path in interrupted.rglob(".*") if path.name != ".nojekyll"]  # no staging left behind


@pytest.mark.parametrize("planted", ["plots", "changepoints", ".nojekyll", f"runs/{PLATFORM}"])
def test_a_store_holding_a_symbolic_link_is_refused_before_anything_is_written_through_it(tmp_path, processed_run,
                                                                                          capsys, planted):
    """The store's writes and deletes (plots and the site swapped in, runs pruned) never follow a link
    out of it: a store that holds one is refused, exit 3, naming it."""
    store = tmp_path / "store"
    assert add_to_history(store, processed_run, "20261122T060000Z-a-lab") == 0
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.txt").write_text("keep me\n")
    target = store / planted
    if target.is_dir():
        shutil.copytree(target, outside, dirs_exist_ok=True)
        shutil.rmtree(target)
    else:
        target.unlink()
    target.symlink_to(outside)
    before = stored(outside)

    assert add_to_history(store, processed_run, "20261122T070000Z-b-lab", "--keep", "1") == 3

    (line,) = capsys.readouterr().err.strip().splitlines()
    assert f"{target}: a symbolic link in the history store" in line, line
    assert stored(outside) == before
    from latency_gate import cli
    assert cli.main(["build-site", "--store", str(store)]) == 3  # the site's own command refuses it too


def test_another_adds_staging_area_is_not_read_as_the_store_but_may_not_be_a_link(tmp_path, processed_run, capsys):
    """Another add's hidden staging directory holds files it writes and renames as a check walks the
    store (four concurrent adds saw one vanish: "not a regular file"): not walked. A link in its
    place is still refused."""
    store = tmp_path / "store"
    assert add_to_history(store, processed_run, "20261122T060000Z-a-lab") == 0
    staging = history.runs_directory(store, PLATFORM) / ".20261122T063000Z-c-lab.x1y2"
    staging.mkdir()
    os.mkfifo(staging / "metadata.json.tmp")  # no regular file: refused in a run, never opened here

    assert add_to_history(store, processed_run, "20261122T070000Z-b-lab") == 0

    shutil.rmtree(staging)
    staging.symlink_to(tmp_path)
    capsys.readouterr()
    assert add_to_history(store, processed_run, "20261122T080000Z-d-lab") == 3
    assert f"{staging}: a symbolic link in the history store" in capsys.readouterr().err


def test_a_stored_runs_file_over_the_bound_is_refused_before_it_is_read(tmp_path, processed_run, capsys):
    store = tmp_path / "store"
    assert add_to_history(store, processed_run, "20261122T060000Z-a-lab") == 0
    (summary,) = history.runs_directory(store, PLATFORM).glob("*/measurements_intraprocess_best_effort_summary.csv")
    summary.write_text(summary.read_text() + "\n" * history.MAX_FILE_BYTES)

    capsys.readouterr()
    assert add_to_history(store, processed_run, "20261122T070000Z-b-lab") == 3

    (line,) = capsys.readouterr().err.strip().splitlines()
    assert f"{summary}: " in line and f"more than a run's file may hold (MAX_FILE_BYTES, {history.MAX_FILE_BYTES})" in line
    assert len(history.line_runs(store, PLATFORM)) == 1


@pytest.mark.parametrize("run_id, why", [
    ("20261122T050000Z-old-lab", "sorts before the 2 newest runs of linux-x64-latency that are kept"),
    ("0-by-hand", "sorts before the 2 newest runs"),
    ("99991231T000000Z-x-y", "is dated later than now"),
])
def test_a_run_that_retention_would_prune_at_once_or_that_would_sort_after_every_run_to_come_is_refused(
        tmp_path, processed_run, capsys, run_id, why):
    store = tmp_path / "store"
    for existing in ("20261122T060000Z-a-lab", "20261122T070000Z-b-lab"):
        assert add_to_history(store, processed_run, existing, "--keep", "2") == 0
    before = stored(store)

    assert add_to_history(store, processed_run, run_id, "--keep", "2") == 3

    assert why in capsys.readouterr().err
    assert stored(store) == before


@pytest.mark.parametrize("platform", ["linux-throughput", "linux-instructions", "linux-cyclonedds"])
def test_a_platform_named_as_another_platforms_line_ends_is_refused(tmp_path, processed_run, platform):
    with pytest.raises(InputError, match=f"platform '{platform}' ends as a line of another platform's"):
        history.store_platform(platform, processed_run)


@pytest.mark.parametrize("field, value, what", [
    ("run_id", "../../x", "run id '../../x'"), ("kind", "bogus", "metadata 'kind' must be one of latency, throughput, got \"bogus\""),
    ("middleware", "../evil", "middleware '../evil'"),
])
def test_a_bad_name_in_the_runs_metadata_is_refused_naming_its_file(tmp_path, processed_run, field, value, what):
    recorded = processed_run / run_metadata.METADATA_FILE
    document = json.loads(recorded.read_text())
    recorded.write_text(json.dumps(document | {field: value}))
    with pytest.raises(InputError) as refused:
        history.add_run(tmp_path / "store", processed_run, history.store_platform(PLATFORM, processed_run))
    assert str(refused.value).startswith(f"{recorded}: ") and what in str(refused.value)


def test_a_second_writer_of_the_store_waits_for_the_first_and_says_so(tmp_path):
    store, told, entered = tmp_path / "store", io.StringIO(), threading.Event()

    def second_writer():
        with history.writing(store, err=told):
            entered.set()

    with history.writing(store):
        second = threading.Thread(target=second_writer)
        second.start()
        deadline = time.monotonic() + 30
        while not told.getvalue() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert told.getvalue() == f"waiting for another writer of {store} to finish ...\n"
        assert not entered.is_set()  # held while the first writes
    assert entered.wait(30)  # and then it writes
    second.join(30)


def test_concurrent_adds_from_the_command_line_each_land_and_the_derived_files_hold_them_all(tmp_path,
                                                                                             processed_run):
    """Adds to one store take turns: each regenerates from a store that holds the others' runs."""
    store = tmp_path / "store"
    adds = [subprocess.Popen([sys.executable, "-m", "latency_gate", "add-to-history", "--store", str(store),
                              "--experiment-directory", str(processed_run), "--platform", PLATFORM,
                              "--run-id", f"20261122T0{index}0000Z-a-lab"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, env=os.environ | {"PYTHONPATH": SCRIPTS})
            for index in range(4)]
    outputs = [add.communicate(timeout=300)[0] for add in adds]
    assert [add.returncode for add in adds] == [0, 0, 0, 0], outputs
    assert len(history.line_runs(store, PLATFORM)) == 4
    assert changepoints.read(change_points.path(store, PLATFORM)).runs == 4


def test_a_store_that_is_a_file_is_one_line_naming_it_exit_3(tmp_path, processed_run, capsys):
    store = tmp_path / "store"
    store.write_text("not a directory\n")

    assert add_to_history(store, processed_run, "20261122T060000Z-a-lab") == 3

    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("latency-gate add-to-history: error: ") and str(store) in line, line
    assert store.read_text() == "not a directory\n"


def test_a_run_of_another_middleware_goes_to_its_own_line_beside_the_platforms_fast_dds_runs(tmp_path, processed_run,
                                                                                              rendered_plots):
    from latency_gate import cli

    store = tmp_path / "store"
    assert cli.main(["add-to-history", "--store", str(store), "--experiment-directory", str(processed_run),
                     "--platform", PLATFORM]) == 0
    cyclone = run_metadata.read(processed_run)
    run_metadata.write(processed_run, dataclasses.replace(cyclone, run_id="20261122T074501Z-local-lab1",
                                                          middleware="cyclonedds"))
    assert cli.main(["add-to-history", "--store", str(store), "--experiment-directory", str(processed_run),
                     "--platform", PLATFORM]) == 0

    assert sorted(p.name for p in (store / "runs").iterdir()) == [PLATFORM, f"{PLATFORM}-cyclonedds"]
    assert [p.name for p in (store / "runs" / f"{PLATFORM}-cyclonedds").iterdir()] == ["20261122T074501Z-local-lab1"]
    lines = {platform: rendered_plots.series("intraprocess_reliable/history_Median.png", platform)
             for platform in (PLATFORM, f"{PLATFORM}-cyclonedds")}
    assert {platform: list(series) for platform, series in lines.items()} == {
        PLATFORM: ["20261122T064501Z-local-lab1"], f"{PLATFORM}-cyclonedds": ["20261122T074501Z-local-lab1"]}


def test_a_failed_add_of_a_new_lines_first_run_leaves_no_empty_line_behind(tmp_path, processed_run, capsys,
                                                                           monkeypatch):
    """A line's directory without runs would fail every later regeneration of the store."""
    store = tmp_path / "store"
    assert add_to_history(store, processed_run, "20261122T060000Z-a-lab") == 0
    before = stored(store)
    cyclone = run_metadata.read(processed_run)
    run_metadata.write(processed_run, dataclasses.replace(cyclone, middleware="cyclonedds"))
    with monkeypatch.context() as patched:
        patched.setattr(site, "CHART_LIBRARY", tmp_path / "not-installed")
        assert add_to_history(store, processed_run, "20261122T070000Z-b-lab") == 3

    assert sorted(p.name for p in (store / "runs").iterdir()) == [PLATFORM]
    assert stored(store) == before
    run_metadata.write(processed_run, cyclone)
    assert add_to_history(store, processed_run, "20261122T080000Z-c-lab") == 0


def test_a_run_of_a_middleware_this_machine_has_no_backend_for_is_kept_on_its_line_under_its_name(
        tmp_path, processed_run):
    """A team's own backend, installed where its runs were measured and not where they are published."""
    store = tmp_path / "store"
    recorded = run_metadata.read(processed_run)
    run_metadata.write(processed_run, dataclasses.replace(recorded, middleware="teamdds", middleware_title=None))

    assert add_to_history(store, processed_run, "20261122T060000Z-a-lab") == 0

    assert [p.name for p in (store / "runs").iterdir()] == [f"{PLATFORM}-teamdds"]
    assert '"middlewareTitle":"teamdds"' in "".join(p.read_text() for p in (store / "site").rglob("*.js"))


STEPPED = "interprocess_reliable"


@pytest.fixture
def stepped_store(tmp_path):
    """12 runs; from run 6 on, interprocess_reliable's median at 1024 B is 30 % higher."""
    store = tmp_path / "store"
    run_ids = factories.write_history(store, platform=PLATFORM, runs=12, subexperiments=SUBEXPERIMENTS + (STEPPED,),
                            payloads=(16, 1024))
    for run_id in run_ids[6:]:
        path = formats.summary_path(store / "runs" / PLATFORM / run_id, STEPPED)
        summary = formats.read_summary(path)
        summary.loc[summary["Bytes"] == 1024, "Median"] *= 1.3
        formats.write_csv(summary, path)
    return store, run_ids


def test_regenerating_the_store_writes_its_change_points_beside_the_plots_and_into_the_site(stepped_store,
                                                                                            rendered_plots):
    store, run_ids = stepped_store

    store_views.regenerate(store)

    detection = changepoints.read(store / "changepoints" / f"{PLATFORM}.json")
    assert [(p.subexperiment, p.payload, p.magnitude, p.run_id, p.index) for p in detection.changepoints] == [
        (STEPPED, 1024, "Median", run_ids[6], 6)]
    assert (detection.platform, detection.runs) == (PLATFORM, 12)
    stepped = rendered_plots.find(f"{STEPPED}/1024_bytes_Median.png")
    assert list(stepped.data["changes"]) == [6]  # the run its vertical line marks
    assert all(len(job.data.get("changes", ())) == 0 for job in rendered_plots.values() if job is not stepped)
    index = (store / "site" / "data" / "index.js").read_text()
    assert '"changepoints":[{"subexperiment":"interprocess_reliable","payload":1024,"magnitude":"Median","run":6' in index


def test_the_payload_history_plot_marks_each_change_point_with_a_labelled_vertical_line(stepped_store, tmp_path):
    store, run_ids = stepped_store
    runs = requirements.run_directories(history.runs_directory(store, PLATFORM))
    summaries = requirements.collect_summaries(runs)
    found = changepoints.detect_history(summaries, [run.name for run in runs]).changepoints
    batch = plots.PlotBatch()

    batch.add_history(summaries, None, tmp_path, found)

    marked = {job.path.name: job for job in batch.jobs if job.path.parent.name == STEPPED}
    stepped = marked["1024_bytes_Median.png"]
    assert [one.label for one in line_plots.legend(stepped)] == ["Median", line_plots.CHANGE_POINT_LABEL]
    assert line_plots.legend(stepped)[1].x.tolist() == [6]  # at run 6
    assert vertical_line_at(stepped, 6, plot_style.CHANGE_POINT_COLOR)  # full height, dotted
    unmarked = marked["1024_bytes_99.png"]  # another cell of the same payload: none
    assert [one.label for one in line_plots.legend(unmarked)] == ["99%"]
    assert not vertical_line_at(unmarked, 6, plot_style.CHANGE_POINT_COLOR)


def test_the_payload_history_plots_mark_where_the_measurement_settings_change(tmp_path, rendered_plots):
    """Runs 0-3 under the OS's defaults, 4-7 under the real-time preset: a grey line between runs 3 and 4."""
    store = tmp_path / "store"
    run_ids = factories.write_history(store, platform=PLATFORM, runs=8, subexperiments=SUBEXPERIMENTS, payloads=(16,),
                            preset_from=4)
    runs = requirements.run_directories(history.runs_directory(store, PLATFORM))
    assert run_metadata.settings_changes(runs) == [run_ids[4]]

    store_views.regenerate(store)

    job = rendered_plots.find(f"{SUBEXPERIMENTS[0]}/16_bytes_Median.png")
    (changed,) = [one for one in line_plots.legend(job) if one.label == line_plots.SETTINGS_LABEL]
    assert changed.x.tolist() == [3.5]  # between runs 3 and 4
    assert vertical_line_at(job, 3.5, line_plots.SETTINGS_COLOR)


@pytest.mark.parametrize("planted", ["zz bad", "empty"])
def test_a_run_directory_no_add_would_write_is_refused_not_shown_as_a_run(tmp_path, processed_run, capsys, planted):
    """A pushed branch's store may hold what add-to-history never writes: a run id of other
    characters, a run with no files. The site showed it as a run."""
    from latency_gate import cli

    store = tmp_path / "store"
    assert add_to_history(store, processed_run, "20261122T060000Z-a-lab") == 0
    planted_run = history.runs_directory(store, PLATFORM) / planted
    planted_run.mkdir()
    capsys.readouterr()

    assert cli.main(["build-site", "--store", str(store)]) == 3

    (line,) = capsys.readouterr().err.strip().splitlines()
    assert str(planted_run) in line
    assert ("run id 'zz bad' may only hold" if planted == "zz bad" else "a run directory that holds no files") in line
