"""The throughput specification's steps on hand-made data: its CSV formats, summaries (the
best case per payload), checks (subscription throughput is a floor, lost samples a
ceiling) and requirements from many runs (a floor at a low percentile)."""

import json
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import drawn
import model_gate
from latency_gate import cli
from latency_gate.analysis import checks, requirements, throughput
from latency_gate.contracts import formats, requirements_provenance, run_metadata, throughput_formats as tf
from latency_gate.render import plots
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_CHECK_FAILED, EXIT_OK, InputError
from latency_gate.runner.kinds import THROUGHPUT, Grid

pytestmark = pytest.mark.unit

SUBEXPERIMENT = "interprocess_best_effort"
# The specification's own example rows (measurements CSV example).
SPEC_MEASUREMENTS = (
    ",".join(tf.MEASUREMENT_COLUMNS) + "\n"
    "16,1000,0,68000,1009243.093,67377.226,8.624,68000,0,1008973.053,67395.259,8.627\n"
    "1024,1000,10,63000,1003405.113,62786.206,514.345,62854,146,1003199.694,62653.528,513.258\n"
)


def cases(throughputs, lost=0, payloads=(16, 1024), demands=(100, 1000), recoveries=(0, 20)):
    """A measurements frame over the grid, subscription throughput given per case in grid order."""
    grid = pd.MultiIndex.from_product([payloads, demands, recoveries], names=list(tf.CASE)).to_frame(index=False)
    frame = grid.assign(**{column: 1 for column in tf.MEASUREMENT_COLUMNS[3:]})
    frame[tf.THROUGHPUT] = np.asarray(throughputs, dtype=float)
    frame[tf.LOST] = lost
    return frame[list(tf.MEASUREMENT_COLUMNS)]


def test_the_specs_measurements_example_reads_and_writes_back_byte_for_byte(tmp_path):
    path = tmp_path / f"measurements_{SUBEXPERIMENT}.csv"
    path.write_text(SPEC_MEASUREMENTS)

    measurements = tf.read_measurements(path)
    formats.write_csv(measurements, tmp_path / "copy.csv")

    assert (tmp_path / "copy.csv").read_text() == SPEC_MEASUREMENTS
    assert measurements[tf.LOST].dtype == np.int64


def test_the_summary_keeps_per_payload_the_case_of_highest_subscription_throughput():
    measured = cases([5, 9, 7, 9, 100, 200, 300, 250])  # 16 B: 9 twice (first wins); 1024 B: 300

    summary = throughput.summarise(measured)

    assert summary[tf.PAYLOAD].tolist() == [16, 1024]
    assert summary[tf.THROUGHPUT].tolist() == [9, 300]
    assert summary[[tf.DEMAND, tf.RECOVERY]].values.tolist() == [[100, 20], [1000, 0]]
    assert list(summary.columns) == list(tf.SUMMARY_COLUMNS)


def test_one_raw_csv_is_summarised_as_its_run_directory_is_byte_for_byte(tmp_path):
    """The spec's one-file command line reads and summarises with numpy alone; the result is the frames'."""
    measured = cases([5.5, 9.25, 7, 9.25, 100, 200.125, 300.5, 250], lost=[0, 1, 2, 3, 4, 5, 6, 7])
    run = tmp_path / "run"
    formats.write_csv(measured.iloc[::-1], formats.measurements_path(run, SUBEXPERIMENT))  # payloads descending

    assert cli.main(["process", "--kind", "throughput", "--raw-csv", str(formats.measurements_path(run, SUBEXPERIMENT)),
                     "--output-csv", str(tmp_path / "one.csv"), "--no-plots"]) == EXIT_OK
    assert cli.main(["process", "--kind", "throughput", "--experiment-directory", str(run), "--no-plots"]) == EXIT_OK

    one, whole = (tmp_path / "one.csv").read_text(), formats.summary_path(run, SUBEXPERIMENT).read_text()
    assert one == whole
    assert [line.split(",")[-1] for line in one.splitlines()[1:]] == ["9.250", "300.500"]  # ties: first in the file
    assert [line.split(",")[8] for line in one.splitlines()[1:]] == ["3", "6"]  # its lost samples, a count


def requirements_frame(lost, mbps, payloads=(16, 1024)):
    return pd.DataFrame({tf.EXPERIMENT_TYPE: SUBEXPERIMENT, tf.PAYLOAD: list(payloads), tf.LOST: lost,
                         tf.THROUGHPUT: mbps})


def summary_frame(lost, mbps, payloads=(16, 1024)):
    frame = pd.DataFrame({column: 1 for column in tf.SUMMARY_COLUMNS}, index=range(len(payloads)))
    frame[tf.PAYLOAD], frame[tf.LOST], frame[tf.THROUGHPUT] = list(payloads), lost, mbps
    return frame


def test_the_check_report_reproduces_the_specs_example_rows(tmp_path):
    """The spec's example: lost 2488 against 58.8 and 9.263 Mb/s against 9.364 both fail."""
    result = checks.check_subexperiment(SUBEXPERIMENT, summary_frame([2488], [9.263], [16]),
                                        requirements_frame([58.8], [9.364], [16]), kind=THROUGHPUT)

    checks.write_checks(result, tmp_path)
    assert formats.checks_path(tmp_path, SUBEXPERIMENT).read_text() == (
        "Check,Payload [Bytes],Requirement,Experiment,Difference,Percentage over requirement,Status\n"
        "Lost [samples],16,58.800,2488.000,2429.200,4131.293,failed\n"
        "Subscription throughput [Mb/s],16,9.364,9.263,0.101,-1.079,failed\n"
    )


def test_throughput_fails_only_below_its_floor_and_lost_samples_only_above_their_ceiling():
    result = checks.check_subexperiment(SUBEXPERIMENT, summary_frame([0, 3], [100.0, 50.0]),
                                        requirements_frame([0, 5], [100.0, 60.0]), kind=THROUGHPUT)

    status = pd.DataFrame(result.checks).set_index(["Check", tf.PAYLOAD])["Status"]
    assert status[(tf.THROUGHPUT, 16)] == "passed"  # equal to the floor
    assert status[(tf.THROUGHPUT, 1024)] == "failed"  # below it
    assert status[(tf.LOST, 16)] == "passed" and status[(tf.LOST, 1024)] == "passed"
    # More throughput than required is a pass with a positive percentage, never a failure.
    higher = checks.check_subexperiment(SUBEXPERIMENT, summary_frame([0, 0], [500.0, 500.0]),
                                        requirements_frame([0, 0], [100.0, 60.0]), kind=THROUGHPUT)
    assert higher.failed == 0


def test_a_ceiling_of_zero_lost_samples_gives_a_finite_percentage():
    result = checks.check_subexperiment(SUBEXPERIMENT, summary_frame([0, 4], [1.0, 1.0]),
                                        requirements_frame([0, 0], [1.0, 1.0]), kind=THROUGHPUT)

    frame = pd.DataFrame(result.checks)
    lost = frame[frame["Check"] == tf.LOST].set_index(tf.PAYLOAD)
    assert lost.at[16, "Percentage over requirement"] == 0 and lost.at[16, "Status"] == "passed"
    assert lost.at[1024, "Percentage over requirement"] == 400  # against 1 sample
    assert lost.at[1024, "Status"] == "failed"


def write_run(directory, measured, kind="throughput"):
    formats.write_csv(measured, formats.measurements_path(directory, SUBEXPERIMENT))
    run_metadata.write(directory, run_metadata.RunMetadata(run_id=directory.name, kind=kind))


def test_requirements_put_the_throughput_floor_at_the_1st_percentile_and_lost_at_the_99th(tmp_path):
    runs = []
    for index in range(101):  # throughput 100..200 Mb/s, lost 0..100
        run = tmp_path / "runs" / f"run-{index:04d}"
        write_run(run, cases([100.0 + index] * 8, lost=index))
        assert cli.main(["process", "--experiment-directory", str(run), "--no-plots"]) == EXIT_OK
        runs.append(run)

    assert cli.main(["requirements", "-e", str(tmp_path / "runs"), "-o", str(tmp_path / "req.csv")]) == EXIT_OK

    derived = tf.read_requirements(tmp_path / "req.csv")
    assert derived[tf.THROUGHPUT].tolist() == [101.0, 101.0]  # 1st percentile of 100..200
    assert derived[tf.LOST].tolist() == [99.0, 99.0]
    origin = json.loads(requirements_provenance.path(tmp_path / "req.csv").read_text())
    assert origin["kind"] == "throughput" and origin["percentiles"] == {tf.LOST: 99.0, tf.THROUGHPUT: 1.0}



@pytest.mark.parametrize("column", [tf.LOST, tf.THROUGHPUT])
@pytest.mark.parametrize("command, written", [("requirements", "req.csv"), ("history", "plots")])
def test_requirements_and_history_refuse_a_negative_value_as_check_does_naming_file_and_line_and_write_nothing(
        tmp_path, capsys, column, command, written):
    for index in range(3):
        run = tmp_path / "runs" / f"run-{index}"
        write_run(run, cases([100.0] * 8))
        assert cli.main(["process", "--experiment-directory", str(run), "--no-plots"]) == EXIT_OK
    summary = formats.summary_path(tmp_path / "runs" / "run-1", SUBEXPERIMENT)
    edited = tf.read_summary(summary)
    edited.loc[1, column] = -5
    formats.write_csv(edited, summary)
    capsys.readouterr()

    code = cli.main([command, "-e", str(tmp_path / "runs"),
                     *(["-o", str(tmp_path / written)] if command == "requirements" else ["-p", str(tmp_path / written)])])

    assert code == EXIT_BAD_INPUT
    assert capsys.readouterr().err == (f"latency-gate {command}: error: {summary}:3: column '{column}': "
                                       "negative value -5\n")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["runs"]

def test_check_exits_1_when_throughput_drops_below_the_floor_and_says_by_how_much(tmp_path, capsys, rendered_plots):
    run = tmp_path / "run"
    write_run(run, cases([100.0] * 4 + [1000.0] * 4))
    assert cli.main(["process", "--experiment-directory", str(run), "--no-plots"]) == EXIT_OK
    formats.write_csv(requirements_frame([0, 0], [100.0, 1100.0]), tmp_path / "req.csv")

    code = cli.main(["check", "-r", str(tmp_path / "req.csv"), "-e", str(run), "-p", str(tmp_path / "plots")])

    assert code == EXIT_CHECK_FAILED
    report = (run / "check_report.md").read_text()
    assert "## Throughput requirements check" in report
    assert "**FAILED**: 1 of 4 checks are beyond their requirement" in report
    assert "| interprocess_best_effort | 1024 | Subscription throughput [Mb/s] | 1100.000 Mb/s | 1000.000 Mb/s | " \
           "-100.000 Mb/s (-9.1%) |" in report
    verdict = json.loads((run / "check_result.json").read_text())
    assert verdict["failed"] == 1 and verdict["worst"]["check"] == tf.THROUGHPUT
    assert 'message="Subscription throughput [Mb/s] 1000.000 Mb/s is below the floor 1100.000 Mb/s' in \
        (run / "check_report.xml").read_text()
    checked = rendered_plots.find(f"measurements_{SUBEXPERIMENT}/comparison_throughput.png")
    assert checked.title == f"{SUBEXPERIMENT}: {tf.THROUGHPUT} check (1 of 2 failed)"
    assert checked.axis_labels == (tf.PAYLOAD, tf.THROUGHPUT)
    assert {one.label: one.y.tolist() for one in checked.data["series"]} == {
        "Experiment": [100.0, 1000.0], "Requirement": [100.0, 1100.0]}
    assert checked.data["failed"].y.tolist() == [1000.0]
    assert drawn.drawing(tmp_path / "expected", checked) == {checked.path.name: checked.path.read_bytes()}


@pytest.mark.parametrize("edit, error", [
    (lambda text: text.replace("Lost [samples],", ""), "missing column(s) 'Lost [samples]'"),
    (lambda text: text.replace(",146,", ",nan,"), "3: column 'Lost [samples]': not a finite number: 'nan'"),
    (lambda text: text.replace(",146,", ",-146,"), "3: column 'Lost [samples]': negative value -146"),
    (lambda text: text.replace(",146,", ",14.6,"), "3: column 'Lost [samples]': not a whole number: 14.6"),
    (lambda text: text + text.splitlines()[1] + "\n", "4: duplicate entry for Payload [Bytes]=16, "
                                                      "Demand [sample/burst]=1000, Recovery time [ms]=0"),
    (lambda text: text.rsplit(",", 3)[0] + "\n", "3: column 'Subscription time [us]': not a finite number: empty cell"),
])
@pytest.mark.parametrize("one_file", [False, True], ids=["run directory", "one raw CSV (numpy)"])
def test_bad_measurements_are_refused_naming_the_file_and_line_and_nothing_is_written(tmp_path, edit, error,
                                                                                       one_file, capsys):
    run = tmp_path / "run"
    run.mkdir()
    path = formats.measurements_path(run, SUBEXPERIMENT)
    path.write_text(edit(SPEC_MEASUREMENTS))

    code = cli.main(["process", "--kind", "throughput", *(
        ["--raw-csv", str(path), "--output-csv", str(tmp_path / "summary.csv"), "--plots-directory", str(run / "plots")]
        if one_file else ["--experiment-directory", str(run)])])

    assert code == EXIT_BAD_INPUT
    message = capsys.readouterr().err.strip()
    assert message.startswith(f"latency-gate process: error: {path}:") and error in message, message
    assert len(message.splitlines()) == 1
    assert not formats.summary_path(run, SUBEXPERIMENT).exists() and not (run / "plots").exists()
    assert not (tmp_path / "summary.csv").exists()


# Two rows ThroughputTest wrote before it counted Lost as Sent - Received (16 B x 100, no rest and 20 ms):
# its samples lost after the last one received, and its writes that failed, were neither received nor lost.
RECORDED = (Path(__file__).resolve().parents[1] / "benchmarks" / "results" / "throughput-2026-11-25"
            / "measurements_interprocess_reliable.partial.csv").read_text().splitlines()[:3]


@pytest.mark.parametrize("lost, refused", [
    ((0, 0), "2: Received [samples] + Lost [samples] (825 + 0) is not Sent [samples] (50600)"),  # as recorded
    ((49775, 4846), "3: Received [samples] + Lost [samples] (255 + 4846) is not Sent [samples] (5100)"),  # one too many
])
def test_the_runner_refuses_a_programs_row_whose_sent_samples_are_not_received_or_lost_naming_its_line(
        tmp_path, lost, refused):
    raw = tmp_path / "raw.csv"
    rows = [RECORDED[1].replace(",825,0,", f",825,{lost[0]},"), RECORDED[2].replace(",255,0,", f",255,{lost[1]},")]
    raw.write_text("\n".join([RECORDED[0], *rows]) + "\n")
    config = SimpleNamespace(payloads=(16,), grid=Grid(demands=(100,), recovery_times_ms=(0, 20)))

    with pytest.raises(InputError) as error:
        THROUGHPUT.store(raw, tmp_path / "measurements.csv", config)

    assert str(error.value) == f"{raw}:{refused}: every sample sent is received or lost"
    assert not (tmp_path / "measurements.csv").exists()


def test_throughput_requirements_naming_an_unknown_subexperiment_are_refused(tmp_path):
    path = tmp_path / "req.csv"
    formats.write_csv(requirements_frame([0, 0], [1.0, 1.0]).replace(SUBEXPERIMENT, "interprocess_turbo"), path)

    with pytest.raises(InputError, match="unknown sub-experiment 'interprocess_turbo'"):
        tf.read_requirements(path)


def test_a_throughput_run_cannot_join_a_latency_runs_requirements(tmp_path):
    latency = tmp_path / "runs" / "run-0001"
    formats.write_csv(pd.DataFrame({"Sample": [1, 2], "Payload [Bytes]": [16, 16], "Latency [us]": [1.0, 2.0]}),
                      formats.measurements_path(latency, SUBEXPERIMENT))
    run_metadata.write(latency, run_metadata.RunMetadata(run_id="run-0001"))
    write_run(tmp_path / "runs" / "run-0002", cases([1.0] * 8))
    for run in ("run-0001", "run-0002"):
        assert cli.main(["process", "--experiment-directory", str(tmp_path / "runs" / run), "--no-plots"]) == EXIT_OK

    with pytest.raises(InputError, match="a throughput run among latency runs"):
        requirements.write_requirements(requirements.run_directories(tmp_path / "runs"), tmp_path / "req.csv")
    assert not (tmp_path / "req.csv").exists()


def test_the_relative_gate_judges_throughput_by_its_inverse_so_a_lower_pr_throughput_is_a_regression(tmp_path):
    """1/throughput (us per Mb) makes 'slower' mean for throughput what it means for latency."""
    from latency_gate.analysis import relative
    from latency_gate.campaigns import gate as gate_rounds

    rng = np.random.default_rng(3)
    rows = []
    for round_number in range(1, 7):
        for build, mbps in (("base", 100.0), ("pr", 80.0)):
            run = tmp_path / f"round-{round_number}" / build
            formats.write_csv(cases(mbps * (1 + rng.normal(0, 0.01, 8))), formats.measurements_path(run, SUBEXPERIMENT))
            rows.append(gate_rounds.cell_values(run, SUBEXPERIMENT, THROUGHPUT).assign(**{
                relative.ROUND: round_number, relative.BUILD: build, relative.SUBEXPERIMENT: SUBEXPERIMENT}))
    table = pd.concat(rows, ignore_index=True)

    decision = relative.decide(table, relative.GateSettings(gated=relative.GATED_BY_KIND["throughput"]))

    assert set(decision[relative.MAGNITUDE]) == {relative.INVERSE_THROUGHPUT}
    assert (decision["Verdict"] == relative.REGRESSION).all()
    assert decision["Ratio"].to_numpy() == pytest.approx(100 / 80, rel=0.02)  # base / PR throughput



def test_a_pull_request_that_delivers_nothing_in_a_throughput_cell_fails_that_cell_as_a_regression(
        tmp_path, monkeypatch):
    """A best case of 0 Mb/s has no time per megabit: no ratio takes it, and the cell is a regression
    whatever its other rounds say; the other cells are decided as ever."""
    from latency_gate.analysis import relative
    from latency_gate.contracts import gate_result

    results, code = model_gate.run(tmp_path, monkeypatch, noise=0.002, kind=THROUGHPUT, silent={("pr", 1024, 2)},
                                   settings=relative.GateSettings(gated=relative.GATED_BY_KIND["throughput"]))

    assert code == EXIT_CHECK_FAILED
    result = gate_result.read(results)
    assert result["verdict"] == "failed" and result["counts"]["regression"] == 1
    (regression,) = result["regressions"]
    assert (regression["subexperiment"], regression["bytes"], regression["magnitude"]) == (
        "intraprocess_best_effort", 1024, relative.INVERSE_THROUGHPUT)
    assert regression["reason"] == "the pull request's build delivered no samples in round 2 (a best case of 0 Mb/s)"
    assert "intraprocess_best_effort 1024 B: the pull request's build delivered no samples in round 2" in \
        (tmp_path / "gate.log").read_text()
    assert len(gate_result.read_rounds(results)) == 10 * 2 * 4 - 1  # every value but the one there is none of
    cells = gate_result.read_cells(results)
    assert (cells["Verdict"] == relative.REGRESSION).sum() == 1  # the other payloads: no regression
    monkeypatch.undo()  # the model gate's plots were not drawn: this one is
    ratios = plots.PlotBatch()
    ratios.add_gate_ratios("intraprocess_best_effort", cells, 0.05, tmp_path / "plots")
    assert drawn.drawing(tmp_path / "drawn", *ratios.jobs)  # the unbounded ratio drawn beside the others


def test_a_base_that_delivers_nothing_in_a_throughput_cell_is_bad_input_naming_it(tmp_path, monkeypatch):
    with pytest.raises(InputError) as refused:
        model_gate.run(tmp_path, monkeypatch, kind=THROUGHPUT, silent={("base", 64, 1)})

    measurements = formats.measurements_path(tmp_path / "gate-1" / "runs" / "round-01" / "base",
                                             "intraprocess_best_effort")
    assert str(refused.value) == (f"{measurements}: the base build delivered no samples in intraprocess_best_effort "
                                  "at 64 B in round 1 (a best case of 0 Mb/s): nothing to compare the pull request with")

def test_a_throughput_floor_is_the_gates_ceiling_on_the_time_per_megabit(tmp_path):
    from latency_gate.analysis import relative
    from latency_gate.campaigns import gate as gate_rounds

    path = tmp_path / "req.csv"
    formats.write_csv(requirements_frame([0, 0], [100.0, 400.0]), path)

    required, origin = gate_rounds.load_requirements(path, [SUBEXPERIMENT], (16, 1024), THROUGHPUT)

    assert required["Bytes"].tolist() == [16, 1024]
    assert required[relative.INVERSE_THROUGHPUT].tolist() == [1e4, 2.5e3]  # us per Mb
    assert origin is None  # no provenance beside it


def test_a_check_against_requirements_from_another_grid_says_so(tmp_path):
    """A case's throughput depends on the grid around it (the history is sized for the
    payload's largest demand), so requirements from another grid are flagged."""
    grid = {"demands": [100, 1000], "recovery_times_ms": [0, 20], "test_time_s": 1}
    for index in range(3):
        run = tmp_path / "runs" / f"run-{index}"
        formats.write_csv(cases([100.0] * 8), formats.measurements_path(run, SUBEXPERIMENT))
        run_metadata.write(run, run_metadata.RunMetadata(run_id=run.name, kind="throughput", grid=grid))
        assert cli.main(["process", "--experiment-directory", str(run), "--no-plots"]) == EXIT_OK
    assert cli.main(["requirements", "-e", str(tmp_path / "runs"), "-o", str(tmp_path / "req.csv")]) == EXIT_OK
    origin = requirements_provenance.read(tmp_path / "req.csv")
    other = run_metadata.RunMetadata(run_id="x", kind="throughput", grid={**grid, "demands": [100, 50000]})

    assert origin["grids"] == [grid]
    assert requirements.comparability_notes(origin, run_metadata.RunMetadata(run_id="y", kind="throughput",
                                                                             grid=grid)) == []
    (note,) = requirements.comparability_notes(origin, other)
    assert "grid demands 100,50000 x recovery times 0,20 ms, 1 s is not the requirements' runs'" in note
