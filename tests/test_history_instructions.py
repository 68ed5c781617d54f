"""A counted run in the history: its instructions per round trip are a line of their own, with
change points, and its latencies (timed under valgrind, ~50x slower) are never stored."""

import dataclasses
import json

import pandas as pd
import pytest

from latency_gate import cli
from latency_gate.analysis import changepoints, processing
from latency_gate.contracts import change_points, formats, instruction_counts as counts, run_metadata
from latency_gate.errors import EXIT_BAD_INPUT, InputError
from latency_gate.render import changepoint_summary, store_views
from latency_gate.store import history, site_store
from latency_gate_testing import factories
from latency_gate_testing.factories import write_history, write_instruction_history

pytestmark = pytest.mark.unit

SUBEXPERIMENTS = ("intraprocess_best_effort", "interprocess_best_effort")
PAYLOADS = (16, 1024)
COUNTED = "valgrind-3.19.0 callgrind: the per-sample path"


def counts_frame(subexperiment, per_round_trip=3000.0):
    """instructions_<sub-experiment>.csv as runner/counting.py writes it (101 round trips per payload)."""
    roles = ("both",) if subexperiment.startswith("intraprocess") else ("publisher", "subscriber")
    rows = [(bytes_, role, 101, round(per_round_trip * share * 101), per_round_trip * share)
            for role, share in zip(roles, (1.0,) if len(roles) == 1 else (0.6, 0.4)) for bytes_ in PAYLOADS]
    return pd.DataFrame(rows, columns=list(counts.COUNTS_COLUMNS))


@pytest.fixture
def counted_run(tmp_path):
    """A counted socket-floor run as `run --signal instructions` leaves it: processed (valgrind-timed)
    summaries, its counts and functions, metadata that says it was counted."""
    run = factories.write_experiment(tmp_path / "run", SUBEXPERIMENTS, payloads=PAYLOADS, samples=200)
    processing.process_experiment(run)
    for name in SUBEXPERIMENTS:
        formats.write_csv(counts_frame(name), counts.counts_path(run, name))
        formats.write_csv(pd.DataFrame({counts.BYTES: [16], counts.FUNCTION: ["send"], counts.INCLUSIVE: [40.0]}),
                          counts.functions_path(run, name))
    run_metadata.write(run, run_metadata.RunMetadata(
        run_id="20261122T064501Z-abc-lab1", middleware="socket", settings=run_metadata.Settings(counted=COUNTED)))
    return run


def add(store, run, platform="lab", **options):
    return history.add_run(store, run, history.store_platform(platform, run), **options)


def test_a_counted_run_keeps_its_counts_and_metadata_on_a_line_of_its_own_and_not_its_latencies(tmp_path, counted_run):
    published = add(tmp_path / "store", counted_run)
    assert published == tmp_path / "store" / "runs" / "lab-socket-instructions" / "20261122T064501Z-abc-lab1"
    assert sorted(p.name for p in published.iterdir()) == [
        "instructions_interprocess_best_effort.csv", "instructions_intraprocess_best_effort.csv", "metadata.json"]
    assert run_metadata.read(published).settings.counted == COUNTED


def test_a_fast_dds_counted_run_goes_beside_the_platforms_latency_line(tmp_path, counted_run):
    metadata = run_metadata.read(counted_run)
    run_metadata.write(counted_run, dataclasses.replace(metadata, middleware="fastdds"))
    assert history.store_platform("lab", counted_run) == "lab-instructions"
    run_metadata.write(counted_run, dataclasses.replace(metadata, settings=run_metadata.Settings()))
    assert history.store_platform("lab", counted_run) == "lab-socket"  # timed: the latency line


def test_the_history_reads_a_counted_runs_cells_per_side_and_in_all(tmp_path, counted_run):
    add(tmp_path / "store", counted_run)
    cells = site_store.read_history(tmp_path / "store").summaries.set_index(["subexperiment", "Bytes"])
    inter = cells.loc[("interprocess_best_effort", 1024)]
    assert (inter[counts.PER_ROUND_TRIP], inter[counts.PUBLISHER_PER_ROUND_TRIP],
            inter[counts.SUBSCRIBER_PER_ROUND_TRIP]) == pytest.approx((3000.0, 1800.0, 1200.0))
    intra = cells.loc[("intraprocess_best_effort", 16)]
    assert intra[counts.PER_ROUND_TRIP] == pytest.approx(3000.0)
    assert intra[[counts.PUBLISHER_PER_ROUND_TRIP, counts.SUBSCRIBER_PER_ROUND_TRIP]].isna().all()  # one process
    assert "Median" not in cells.columns  # no latency of a counted run is read


@pytest.mark.parametrize("text, complaint", [
    ("Bytes,Role,Round trips,Instructions\n16,both,101,300\n", "missing column"),
    ("Bytes,Role,Round trips,Instructions,Instructions per round trip\n16,both,101,300,many\n", "not a finite number"),
    ("Bytes,Role,Round trips,Instructions,Instructions per round trip\n16,both,101,300,2.9\n16,both,101,300,2.9\n",
     "duplicate entry"),
])
def test_a_malformed_counts_file_is_refused_naming_it_and_nothing_is_written(tmp_path, counted_run, text, complaint):
    bad = counts.counts_path(counted_run, "interprocess_best_effort")
    bad.write_text(text)
    with pytest.raises(InputError, match=complaint) as refused:
        add(tmp_path / "store", counted_run)
    assert str(bad) in str(refused.value)
    line = tmp_path / "store" / "runs" / "lab-socket-instructions"
    assert not line.exists() or list(line.iterdir()) == []  # no run, no staging directory left


def test_add_to_history_refuses_a_malformed_counts_file_with_one_line_and_exit_3(tmp_path, counted_run, capsys):
    bad = counts.counts_path(counted_run, "intraprocess_best_effort")
    bad.write_text("Bytes,Role,Round trips,Instructions,Instructions per round trip\n16,both,101,300,inf\n")
    code = cli.main(["add-to-history", "--store", str(tmp_path / "store"), "--experiment-directory", str(counted_run),
                     "--platform", "lab"])
    error = capsys.readouterr().err.strip()
    assert code == EXIT_BAD_INPUT == 3
    assert len(error.splitlines()) == 1 and str(bad) in error
    assert not (tmp_path / "store" / "index.html").exists()


def test_counts_of_an_unknown_sub_experiment_are_refused(tmp_path, counted_run):
    formats.write_csv(counts_frame("intraprocess_best_effort"), counted_run / "instructions_intraprocess_bogus.csv")
    with pytest.raises(InputError, match="unknown sub-experiment 'intraprocess_bogus'"):
        add(tmp_path / "store", counted_run)


def test_a_counted_run_without_counts_or_with_requirements_is_refused(tmp_path, counted_run):
    requirements = tmp_path / "requirements.csv"
    requirements.write_text("Experiment type,Bytes,Median,99%,Max\n")
    with pytest.raises(InputError, match="no requirements: none apply to instruction counts"):
        add(tmp_path / "store", counted_run, requirements_path=requirements)
    for path in counted_run.glob(counts.COUNTS_GLOB):
        path.unlink()
    with pytest.raises(InputError, match="without instruction counts"):
        add(tmp_path / "store", counted_run)


def test_a_counted_run_over_the_size_limit_is_refused(tmp_path, counted_run, monkeypatch):
    monkeypatch.setattr(history, "MAX_RUN_BYTES", 400)
    with pytest.raises(InputError, match="more than a run may"):
        add(tmp_path / "store", counted_run)
    assert not (tmp_path / "store" / "runs" / "lab-socket-instructions" / "20261122T064501Z-abc-lab1").exists()


def test_a_lasting_change_of_counts_is_a_change_point_and_the_latency_line_is_unchanged(tmp_path):
    """Twelve counted runs, one cell 2 % higher from run 8 on: one change point, there; the
    platform's latency line (same platform and middleware) is read and drawn as without them."""
    alone, beside = tmp_path / "alone", tmp_path / "beside"
    for store in (alone, beside):
        write_history(store, platform="lab-socket", runs=3, subexperiments=["interprocess_best_effort"],
                      payloads=PAYLOADS, middleware="socket")
    run_ids = write_instruction_history(beside, runs=12, payloads=PAYLOADS,
                                        shift=(8, "interprocess_best_effort", 1024, 1.02))
    for store in (alone, beside):
        store_views.regenerate(store)

    detection = changepoints.read(change_points.path(beside, "lab-socket-instructions"))
    assert detection.kind == "instructions" and detection.runs == 12
    assert [(p.subexperiment, p.payload, p.magnitude, p.run_id) for p in detection.changepoints] == [
        ("interprocess_best_effort", 1024, counts.PER_ROUND_TRIP, run_ids[8])]
    assert detection.changepoints[0].change == pytest.approx(0.02, abs=0.002)
    summary = changepoint_summary.markdown_summary(detection)
    assert summary.startswith("## Instructions change points on lab-socket-instructions")
    assert " instructions | +2.0 % |" in summary

    series = "site/data/series/lab-socket/interprocess_best_effort.js"
    assert (beside / series).read_text() == (alone / series).read_text()
    assert (beside / "changepoints/lab-socket.json").read_text() == (alone / "changepoints/lab-socket.json").read_text()
    assert sorted(p.name for p in (beside / "plots").iterdir()) == ["lab-socket"]  # no PNGs of counts
    index = json.loads((beside / "site/data/index.js").read_text().split("=", 1)[1].rsplit(";", 1)[0])["index"]
    line = next(p for p in index["platforms"] if p["name"] == "lab-socket-instructions")
    assert (line["platform"], line["middleware"], line["kind"]) == ("lab", "socket", "instructions")
    assert line["units"][counts.PER_ROUND_TRIP] == "instructions"
    assert [(p["subexperiment"], p["payload"], p["run"]) for p in line["changepoints"]] == [
        ("interprocess_best_effort", 1024, 8)]


def test_counts_that_hold_their_level_have_no_change_point(tmp_path):
    write_instruction_history(tmp_path, runs=12, payloads=PAYLOADS)
    store_views.regenerate(tmp_path)
    assert changepoints.read(change_points.path(tmp_path, "lab-socket-instructions")).changepoints == []
