"""Requirements are each magnitude's percentile across runs (spec: 99th), per sub-experiment and payload."""

import dataclasses
import io
import json
import threading
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from latency_gate.analysis import requirements
from latency_gate.cli import check
from latency_gate.contracts import formats, requirements_provenance, run_metadata
from latency_gate.runner.run_spec import RunSpec
from latency_gate.errors import InputError

REPOSITORY = Path(__file__).resolve().parents[1]


def write_run(root, name, medians, subexperiments=("intraprocess_best_effort", "interprocess_reliable")):
    for subexperiment in subexperiments:
        payloads = list(medians)
        frame = pd.DataFrame({c: 1.0 for c in formats.SUMMARY_COLUMNS}, index=range(len(payloads)))
        frame["Bytes"] = payloads
        frame["Samples"] = 100
        frame["Median"] = list(medians.values())
        frame["99%"] = [2 * m for m in medians.values()]
        frame["Max"] = [10 * m for m in medians.values()]
        formats.write_csv(frame, formats.summary_path(root / name, subexperiment))
    return root / name


@pytest.mark.unit
def test_requirements_are_the_linear_percentile_of_each_magnitude_across_runs(tmp_path):
    medians = [1.0, 2.0, 3.0, 4.0, 10.0]
    runs = [write_run(tmp_path, f"run{i}", {16: m, 32: m + 1}) for i, m in enumerate(medians)]
    derived = requirements.derive_requirements(runs, percentile=90)
    assert list(derived.columns) == list(formats.REQUIREMENTS_COLUMNS)
    assert derived["Experiment type"].tolist() == ["intraprocess_best_effort"] * 2 + ["interprocess_reliable"] * 2
    first = derived.iloc[0]
    assert first["Bytes"] == 16
    assert first["Median"] == pytest.approx(np.percentile(medians, 90))  # 7.6, between 4 and 10
    assert first["99%"] == pytest.approx(np.percentile([2 * m for m in medians], 90))
    assert first["Max"] == pytest.approx(np.percentile([10 * m for m in medians], 90))


@pytest.mark.unit
def test_the_default_percentile_is_the_spec_99th():
    assert requirements.DEFAULT_PERCENTILE == 99


@pytest.mark.unit
def test_runs_are_found_below_the_results_directory_in_name_order(tmp_path):
    for name in ["b", "a", "c"]:
        write_run(tmp_path, name, {16: 1.0})
    (tmp_path / "empty").mkdir()
    assert [p.name for p in requirements.run_directories(tmp_path)] == ["a", "b", "c"]


@pytest.mark.unit
def test_runs_whose_payloads_differ_are_bad_input(tmp_path):
    runs = [write_run(tmp_path, "a", {16: 1.0, 32: 1.0}), write_run(tmp_path, "b", {16: 1.0})]
    with pytest.raises(InputError, match=r"b/measurements_intraprocess_best_effort_summary.csv: payloads of "):
        requirements.derive_requirements(runs)


@pytest.mark.unit
@pytest.mark.parametrize("differs, why", [
    ({"middleware": "cyclonedds"}, "a run of cyclonedds among runs of fastdds: requirements come from runs of one "
                                   "middleware"),
    ({"subexperiments": {"intraprocess_best_effort": run_metadata.SubexperimentOutcome(status="failed")}},
     "sub-experiment 'intraprocess_best_effort' failed in this run: its summary is no measure of what it requires"),
])
def test_requirements_come_from_runs_of_one_middleware_and_passed_sub_experiments(tmp_path, differs, why):
    runs = [write_run(tmp_path, name, {16: 1.0}) for name in ("a", "b", "c")]
    for run in runs:
        run_metadata.write(run, run_metadata.RunMetadata(run_id=run.name, **(differs if run.name == "b" else {})))

    with pytest.raises(InputError) as refused:
        requirements.write_requirements(runs, tmp_path / "requirements.csv")

    assert str(refused.value).startswith(f"{runs[1] / run_metadata.METADATA_FILE}: {why}")
    assert not (tmp_path / "requirements.csv").exists()


@pytest.mark.unit
def test_a_results_directory_without_runs_is_bad_input(tmp_path):
    with pytest.raises(InputError, match="no run directories with summaries"):
        requirements.run_directories(tmp_path)


# --------------------------------------------------------------------------------------
# Provenance: what the requirements came from, and a check that is not like with like


def real_run(directory, **options):
    """A run of the real runner (metadata.json as it writes it), processed into summaries."""
    from latency_gate import cli
    from latency_gate.runner import experiment

    assert experiment.run_experiment(directory, RunSpec(subexperiments=["intraprocess_best_effort"], samples=200,
                                                        payloads=(16, 512), timeout_s=60, **options)) == 0
    assert cli.main(["process", "--experiment-directory", str(directory)]) == 0
    return directory


@pytest.fixture(scope="module")
def os_runs(tmp_path_factory):
    """Three runs under the OS's defaults (--no-realtime), and one under the real-time preset."""
    root = tmp_path_factory.mktemp("provenance")
    for index in range(3):
        real_run(root / "os-runs" / f"run-{index}", realtime_preset=False, baseline_s=1)
    return root, real_run(root / "preset-run", baseline_s=1)


@pytest.mark.programs
def test_requirements_carry_their_provenance_beside_the_csv(os_runs, tmp_path):
    root, _ = os_runs
    output = tmp_path / "linux-x86_64-2cpu.csv"

    requirements.write_requirements(requirements.run_directories(root / "os-runs"), output)

    origin = requirements_provenance.read(output)
    assert (tmp_path / "linux-x86_64-2cpu.provenance.json").is_file()
    assert origin["runs"] == origin["runs_with_metadata"] == 3 and origin["percentile"] == 99
    assert origin["regime"]["cpu_idle"] == "os" and origin["regime"]["rt_prio"] is None
    assert origin["regimes"] == [{"runs": 3, **origin["regime"]}]
    assert origin["middleware_versions"][0].startswith("fastdds 2.") and origin["cpu_models"] and origin["kernels"]
    assert origin["platform_baseline"]["runs"] == 3 and origin["platform_baseline"]["p99_us_median"] > 0
    assert formats.read_requirements(output).columns.tolist() == list(formats.REQUIREMENTS_COLUMNS)  # spec CSV as is


@pytest.mark.programs
def test_a_check_of_a_run_under_other_settings_than_the_requirements_says_so_at_the_top(os_runs, tmp_path, capsys):

    root, preset_run = os_runs
    output = tmp_path / "requirements.csv"
    requirements.write_requirements(requirements.run_directories(root / "os-runs"), output)
    capsys.readouterr()

    check.check_experiment(output, preset_run, tmp_path / "plots", tmp_path)

    report = (tmp_path / "check_report.md").read_text().splitlines()
    note = next(i for i, line in enumerate(report) if "Not like with like" in line)
    assert note < next(i for i, line in enumerate(report) if line.startswith("### Sub-experiments"))
    # Each difference the runs recorded (what the platform granted of the preset), pinning at least.
    from latency_gate.contracts import run_metadata
    differences = run_metadata.unlike_runs(preset_run, root / "os-runs" / "run-0")
    assert "publisher CPUs: 0 vs none" in differences
    assert any(all(d in line for d in differences) for line in report)
    notes = " ".join(json.loads((tmp_path / "check_result.json").read_text())["comparability"])
    assert all(d in notes for d in differences)
    assert f"warning: {preset_run}: measured under other settings" in capsys.readouterr().err


def median_baseline_run(root):
    """Of the requirements' runs, the one whose platform baseline (cyclictest p99) is their median: a
    run like them by construction. Another's baseline can be an outlier when the machine's load
    changed during the fixture's runs (555 us against 107 us beside another test process), and the
    check then rightly says the runner woke up slower."""
    from latency_gate.contracts import run_metadata
    runs = sorted((root / "os-runs").iterdir(), key=lambda run: run_metadata.read(run).platform_baseline["p99_us"])
    return runs[len(runs) // 2]


@pytest.mark.programs
def test_a_check_of_a_run_like_the_requirements_runs_has_no_comparability_note(os_runs, tmp_path, capsys):

    root, _ = os_runs
    output = tmp_path / "requirements.csv"
    requirements.write_requirements(requirements.run_directories(root / "os-runs"), output)
    capsys.readouterr()

    check.check_experiment(output, median_baseline_run(root), tmp_path / "plots", tmp_path)

    assert "Not like with like" not in (tmp_path / "check_report.md").read_text()
    assert json.loads((tmp_path / "check_result.json").read_text())["comparability"] == []
    assert "warning" not in capsys.readouterr().err


@pytest.mark.unit
def test_a_noisier_runner_than_the_requirements_runs_is_named_with_both_baselines():
    origin = {"runs": 5, "regime": None, "regimes": [], "platform_baseline": {"p99_us_median": 20.0}}

    def run_woken_at(p99_us):
        return run_metadata.RunMetadata(run_id="r1", platform_baseline={"avg_us": 5.0, "p99_us": p99_us})

    notes = requirements.comparability_notes(origin, run_woken_at(95.0))

    assert notes == ["this runner wakes up slower than the requirements' runs did (cyclictest p99 95 us vs 20 us): "
                     "a noisier machine, whose latencies are expected to be higher"]
    assert requirements.comparability_notes(origin, run_woken_at(29.0)) == []


@pytest.mark.unit
def test_a_run_of_another_middleware_than_the_requirements_runs_is_named():
    origin = {"runs": 5, "regime": None, "regimes": [], "fastdds_versions": ["2.9.1"]}  # before backends: Fast DDS

    notes = requirements.comparability_notes(origin, run_metadata.RunMetadata(run_id="r1", middleware="cyclonedds"))

    assert notes == ["this run measured cyclonedds, the requirements' runs fastdds: another middleware's requirements"]
    same = run_metadata.RunMetadata(run_id="r2", middleware="cyclonedds")
    assert requirements.comparability_notes({**origin, "middlewares": ["cyclonedds"]}, same) == []


@pytest.mark.unit
def test_a_run_of_another_version_of_the_requirements_middleware_is_named_whichever_middleware():
    origin = {"runs": 5, "regime": None, "regimes": [], "middlewares": ["cyclonedds"],
              "middleware_versions": ["cyclonedds 0.10.2"]}

    def cyclone(version):
        return run_metadata.RunMetadata(run_id="r1", middleware="cyclonedds", middleware_version=version)

    assert requirements.comparability_notes(origin, cyclone("0.10.2")) == []
    assert requirements.comparability_notes(origin, cyclone("0.11.0")) == [
        "middleware cyclonedds 0.11.0 is not the requirements' (cyclonedds 0.10.2)"]


@pytest.mark.unit
def test_a_provenance_from_before_the_middleware_versions_compares_fast_dds_versions():
    origin = {"runs": 5, "regime": None, "regimes": [], "fastdds_versions": ["2.9.1"]}

    def fastdds(version):
        return run_metadata.RunMetadata(run_id="r1", fastdds_version=version, middleware_version=version)

    assert requirements.comparability_notes(origin, fastdds("2.9.1")) == []
    assert requirements.comparability_notes(origin, fastdds("2.14.0")) == [
        "Fast DDS 2.14.0 is not the requirements' (2.9.1)"]


@pytest.mark.unit
def test_a_provenance_from_before_a_regime_key_reads_it_as_its_default():
    """The committed provenance predates the topology key: its runs were on one host."""
    origin = requirements_provenance.read(REPOSITORY / "requirements" / "linux-x86_64-2cpu.csv")
    assert "topology" not in origin["regime"]
    settings = run_metadata.Settings(**origin["regime"])

    def run_on(topology):
        return run_metadata.RunMetadata(run_id="r1", settings=dataclasses.replace(settings, topology=topology),
                                        fastdds_version="2.9.1")

    assert not any("settings" in note for note in requirements.comparability_notes(origin, run_on("localhost")))
    (note,) = [n for n in requirements.comparability_notes(origin, run_on("netns")) if "settings" in n]
    assert note.endswith("topology: netns vs localhost")
    assert "topology" not in run_metadata.regime_text(origin["regime"])


@pytest.mark.unit
def test_an_unreadable_provenance_is_bad_input_naming_it(tmp_path):
    (tmp_path / "r.provenance.json").write_text("{not json")

    with pytest.raises(InputError, match="r.provenance.json.*unreadable requirements provenance"):
        requirements_provenance.read(tmp_path / "r.csv")


@pytest.mark.unit
def test_a_provenance_is_written_beside_its_csv_with_its_schema_version_first_and_read_back(tmp_path):
    written = requirements_provenance.write(tmp_path / "lab.csv", {"runs": 200, "percentile": 99.0})

    assert written == tmp_path / "lab.provenance.json"
    assert list(json.loads(written.read_text())) == ["schema_version", "runs", "percentile"]
    assert requirements_provenance.read(tmp_path / "lab.csv")["runs"] == 200
    assert requirements_provenance.read(tmp_path / "other.csv") is None  # none beside it: nothing to compare


@pytest.mark.unit
def test_a_json_object_without_runs_is_not_a_provenance(tmp_path):
    (tmp_path / "r.provenance.json").write_text('{"schema_version": 1}')

    with pytest.raises(InputError, match=r"r.provenance.json.*not a requirements provenance \(no 'runs'\)"):
        requirements_provenance.read(tmp_path / "r.csv")


@pytest.mark.unit
@pytest.mark.parametrize("field, problem", [
    ({"regime": 5}, "'regime' must be an object, got 5"),
    ({"middlewares": 7}, "'middlewares' must be a list, got 7"),
    ({"regimes": [3]}, "'regimes[0]' must be an object, got 3"),
    ({"platform_baseline": {"p99_us_median": "45"}}, "'platform_baseline.p99_us_median' must be a number, got \"45\""),
    ({"platform_baseline": {"p99_us_median": float("nan")}},
     "'platform_baseline.p99_us_median' must be a finite number, got NaN"),
    ({"grids": [{"demands": [1000], "recovery_times_ms": [0]}]}, "'grids[0]' lacks test_time_s, got [\"demands\", \"recovery_times_ms\"]"),
])
def test_a_provenance_whose_fields_its_readers_use_are_of_another_shape_is_refused_naming_it(tmp_path, field, problem):
    (tmp_path / "r.provenance.json").write_text(json.dumps({"schema_version": 1, "runs": 10, **field}))

    with pytest.raises(InputError) as refused:
        requirements_provenance.read(tmp_path / "r.csv")
    assert str(refused.value) == f"{tmp_path / 'r.provenance.json'}: not a requirements provenance: {problem}"


@pytest.mark.programs
@pytest.mark.parametrize("unlike", [True, False])
def test_a_failed_check_says_whether_the_run_is_like_the_requirements_runs(os_runs, tmp_path, capsys, unlike):
    from latency_gate import cli

    root, preset_run = os_runs
    output = tmp_path / "requirements.csv"
    requirements.write_requirements(requirements.run_directories(root / "os-runs"), output)
    tight = formats.read_requirements(output)
    tight[list(formats.CHECKED_MAGNITUDES)] = 0.001  # every run fails these
    formats.write_csv(tight, output)
    run = preset_run if unlike else median_baseline_run(root)
    capsys.readouterr()

    code = cli.main(["check", "-r", str(output), "-e", str(run), "-p", str(tmp_path / "plots"),
                     "--report-directory", str(tmp_path)])

    assert code == 1
    said = capsys.readouterr().out
    assert ("Not like with like: this run differs" in said) is unlike
    assert ("The run is like the requirements' runs" in said) is not unlike


@pytest.mark.unit
@pytest.mark.parametrize("name", ["measurements_intraprocess_best_effort_summary.csv", "requirements.csv"])
def test_requirements_are_not_written_into_a_run_they_come_from(tmp_path, name):
    runs = [write_run(tmp_path, f"run{i}", {16: 1.0 + i}) for i in range(2)]
    output = runs[1] / name
    before = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}

    with pytest.raises(InputError, match=f"^{output}: is inside the run {runs[1]}, one of the inputs"):
        requirements.write_requirements(runs, output)

    assert {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()} == before


@pytest.mark.unit
def test_requirements_whose_provenance_cannot_be_written_are_not_written_either(tmp_path):
    runs = [write_run(tmp_path, f"run{i}", {16: 1.0 + i}) for i in range(2)]
    output = tmp_path / "out" / "lab.csv"
    output.parent.mkdir()
    (output.parent / "lab.provenance.json").mkdir()

    with pytest.raises(InputError, match=f"^{output.parent / 'lab.provenance.json'}: is a directory, not a file"):
        requirements.write_requirements(runs, output)

    assert not output.exists()


def complete_run(root, name, **recorded):
    """An extrapolation's finished run-NNNN whose two sub-experiments passed, with `recorded` in its metadata."""
    run = write_run(root, name, {16: 1.0})
    passed = run_metadata.SubexperimentOutcome(status="passed")
    run_metadata.write(run, run_metadata.RunMetadata(
        run_id=name, finished_at="2026-11-28T00:00:00+00:00", payloads=[16],
        subexperiments={"intraprocess_best_effort": passed, "interprocess_reliable": passed}, **recorded))
    return run


@pytest.mark.unit
def test_merging_shards_that_measured_otherwise_is_refused_naming_the_first_run_of_other_settings(tmp_path, capsys):
    from latency_gate import cli

    complete_run(tmp_path / "runs", "run-0001", samples=50)
    other = complete_run(tmp_path / "runs", "run-0002", samples=60)  # shard 2/2, started with other options

    assert cli.main(["extrapolate-requirements", "-r", str(tmp_path / "runs"), "-o", str(tmp_path / "req.csv"),
                     "--runs", "2", "--merge-only"]) == 3

    assert capsys.readouterr().err.strip() == (
        f"latency-gate extrapolate-requirements: error: {other / 'metadata.json'}: measured otherwise than run-0001 "
        "(samples 60, not 50): requirements come from runs alike")
    assert not (tmp_path / "req.csv").exists()


@pytest.mark.unit
def test_a_second_extrapolation_into_one_runs_directory_waits_for_the_first_before_it_touches_a_run(tmp_path,
                                                                                                   monkeypatch):
    """It would start the first one's unfinished run afresh under it, deleting what it writes."""
    from latency_gate.campaigns import extrapolation
    from latency_gate.runner import experiment

    started = []
    monkeypatch.setattr(experiment, "validate_run", lambda spec: None)
    monkeypatch.setattr(experiment, "run_experiment", lambda directory, spec, out: started.append(directory.name) or 0)
    monkeypatch.setattr(extrapolation.processing, "process_experiment", lambda directory: None)
    told = io.StringIO()
    second = threading.Thread(target=extrapolation.extrapolate, args=(tmp_path / "runs", None),
                              kwargs={"runs": 1, "out": told})
    with formats.held_directory(tmp_path / "runs", "runs directory", lambda held: None):  # the first, running
        second.start()
        deadline = time.monotonic() + 60
        while "waiting for another extrapolation" not in told.getvalue() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert started == []
    second.join(60)

    assert told.getvalue().startswith(f"waiting for another extrapolation into {tmp_path / 'runs'} to finish ...")
    assert started == ["run-0001"]


@pytest.mark.unit
def test_an_extrapolation_names_a_runs_directory_that_is_a_file_as_no_directory(tmp_path, capsys):
    from latency_gate import cli

    (tmp_path / "a-file").write_text("")

    assert cli.main(["extrapolate-requirements", "-r", str(tmp_path / "a-file"), "--runs", "5"]) == 3

    assert capsys.readouterr().err.strip().endswith(f"cannot make {tmp_path / 'a-file'}: {tmp_path / 'a-file'} is "
                                                    "not a directory")


@pytest.mark.unit
def test_an_extrapolation_refuses_an_output_it_cannot_write_before_its_first_run(tmp_path, capsys):
    from latency_gate import cli

    (tmp_path / "a-file").write_text("")

    assert cli.main(["extrapolate-requirements", "-r", str(tmp_path / "runs"), "-o", str(tmp_path / "a-file" / "r.csv"),
                     "--runs", "5"]) == 3

    assert capsys.readouterr().err.strip().endswith(f"cannot write it: {tmp_path / 'a-file'} is not a directory")
    assert not (tmp_path / "runs").exists()


@pytest.mark.unit
@pytest.mark.parametrize("percentile", ["nan", "101"])
def test_an_extrapolation_refuses_its_percentile_before_its_first_run(tmp_path, capsys, percentile):
    from latency_gate import cli

    assert cli.main(["extrapolate-requirements", "-r", str(tmp_path / "runs"), "-o", str(tmp_path / "req.csv"),
                     "--runs", "5", "--percentile", percentile]) == 3

    assert capsys.readouterr().err.strip().endswith(f"percentile must be between 0 and 100, got {float(percentile)}")
    assert list(tmp_path.iterdir()) == []  # no run made
