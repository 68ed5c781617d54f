"""Checking summaries against requirements, as the spec's "Check report CSV specification"."""

from xml.etree import ElementTree

import pandas as pd
import pytest

from latency_gate.analysis import checks
from latency_gate.cli import check
from latency_gate.contracts import formats, throughput_formats as tf
from latency_gate.errors import InputError
from latency_gate.render import check_report
from latency_gate.runner.kinds import THROUGHPUT
from spec_examples import CHECK_REPORT

pytestmark = pytest.mark.unit

SUBEXPERIMENT = "intraprocess_best_effort"


def test_the_check_report_reproduces_the_spec_example_byte_for_byte(spec_check_example, tmp_path):
    experiment, requirements = spec_check_example
    results = check.check_experiment(requirements, experiment, tmp_path / "plots")
    assert formats.checks_path(experiment, SUBEXPERIMENT).read_text() == CHECK_REPORT
    assert [r.failed for r in results] == [0]


def summary_with(median, p99, maximum, payloads=(16, 32)):
    frame = pd.DataFrame({c: 1.0 for c in formats.SUMMARY_COLUMNS}, index=range(len(payloads)))
    frame["Bytes"] = list(payloads)
    frame["Samples"] = 100
    frame["Median"], frame["99%"], frame["Max"] = median, p99, maximum
    return frame


def requirements_with(median, p99, maximum, payloads=(16, 32), subexperiment=SUBEXPERIMENT):
    return pd.DataFrame({"Experiment type": subexperiment, "Bytes": list(payloads),
                         "Median": median, "99%": p99, "Max": maximum})


def test_a_check_fails_only_when_the_experiment_is_above_the_requirement():
    result = checks.check_subexperiment(
        SUBEXPERIMENT, summary_with([10.0, 10.0], [20.0, 20.0], [50.0, 50.0]),
        requirements_with([10.0, 9.0], [20.0, 25.0], [40.0, 60.0]),
    )
    status = pd.DataFrame(result.checks).set_index(["Check", "Bytes"])["Status"]
    assert status[("Median", 16)] == "passed"  # equal is not above
    assert status[("Median", 32)] == "failed"
    assert status[("Max", 16)] == "failed"
    assert status[("99%", 32)] == "passed"
    assert result.failed == 2


def test_difference_is_absolute_and_percentage_is_relative_to_the_requirement():
    result = checks.check_subexperiment(
        SUBEXPERIMENT, summary_with([12.0, 8.0], [1.0, 1.0], [1.0, 1.0]), requirements_with([10.0, 10.0], 2.0, 2.0)
    )
    frame = pd.DataFrame(result.checks)
    median = frame[frame["Check"] == "Median"].set_index("Bytes")
    assert median.at[16, "Difference"] == pytest.approx(2.0)
    assert median.at[16, "Percentage over requirement"] == pytest.approx(20.0)
    assert median.at[32, "Difference"] == pytest.approx(2.0)
    assert median.at[32, "Percentage over requirement"] == pytest.approx(-20.0)


def test_a_payload_required_but_not_measured_is_bad_input():
    with pytest.raises(InputError, match=r"payload\(s\) \[64\] .* in the requirements but not in the experiment"):
        checks.check_subexperiment(SUBEXPERIMENT, summary_with(1.0, 1.0, 1.0),
                                   requirements_with(2.0, 2.0, 2.0, payloads=(16, 32, 64)))


def test_a_payload_measured_but_not_required_is_bad_input():
    with pytest.raises(InputError, match=r"payload\(s\) \[64\] .* have no requirement"):
        checks.check_subexperiment(SUBEXPERIMENT, summary_with(1.0, 1.0, 1.0, payloads=(16, 32, 64)),
                                   requirements_with(2.0, 2.0, 2.0))


def test_a_sub_experiment_without_requirements_is_bad_input():
    with pytest.raises(InputError, match="no requirements for sub-experiment 'intraprocess_best_effort'"):
        checks.check_subexperiment(SUBEXPERIMENT, summary_with(1.0, 1.0, 1.0),
                                   requirements_with(2.0, 2.0, 2.0, subexperiment="intraprocess_reliable"))


@pytest.fixture
def failing_results():
    return [
        checks.check_subexperiment(SUBEXPERIMENT, summary_with([12.0, 8.0], [30.0, 1.0], 1.0),
                                   requirements_with(10.0, 20.0, 2.0)),
        checks.check_subexperiment("intraprocess_reliable", summary_with(1.0, 1.0, 1.0),
                                   requirements_with(2.0, 2.0, 2.0, subexperiment="intraprocess_reliable")),
    ]


def test_the_markdown_report_lists_failures_first_worst_first_with_how_far_over(failing_results):
    report = check_report.markdown_report(failing_results)
    assert "**FAILED**: 2 of 12 checks are over their requirement" in report
    failures_section = report.split("### Failed checks")[1].split("### Sub-experiments")[0]
    rows = [line for line in failures_section.splitlines() if line.startswith(f"| {SUBEXPERIMENT}")]
    assert rows == [
        "| intraprocess_best_effort | 16 | 99% | 20.000 | 30.000 | +10.000 us (+50.0%) |",
        "| intraprocess_best_effort | 16 | Median | 10.000 | 12.000 | +2.000 us (+20.0%) |",
    ]
    assert "| intraprocess_reliable | ✅ passed | 6 | 0 |" in report


def test_the_junit_report_has_one_test_case_per_sub_experiment_payload_and_check(failing_results):
    root = ElementTree.fromstring(check_report.junit_report(failing_results))
    cases = root.findall("./testsuite/testcase")
    assert len(cases) == 12
    failed = [c for c in cases if c.find("failure") is not None]
    assert sorted(c.get("name") for c in failed) == ["99% 16 B", "Median 16 B"]
    assert root.get("failures") == "2"


def test_the_json_result_counts_checks_and_names_the_worst(failing_results):
    result = check_report.result_document(failing_results)
    assert (result["passed"], result["failed"], result["total"]) == (10, 2, 12)
    assert result["worst"] == {"subexperiment": SUBEXPERIMENT, "bytes": 16, "check": "99%", "requirement": 20.0,
                               "experiment": 30.0, "percentage_over": 50.0, "status": "failed"}
    assert [f["check"] for f in result["failures"]] == ["99%", "Median"]


def test_the_printed_check_report_is_pandas_to_string_of_it(failing_results):
    """--print_summaries prints each report as the reference scripts' pandas did; negative
    percentages and the throughput kind's columns included."""
    throughput = checks.check_subexperiment(
        SUBEXPERIMENT, pd.DataFrame({c: [1.0, 2.0] for c in tf.SUMMARY_COLUMNS} | {tf.PAYLOAD: [16, 16384],
                                                                                 tf.LOST: [0, 12]}),
        pd.DataFrame({"Experiment type": SUBEXPERIMENT, tf.PAYLOAD: [16, 16384], tf.LOST: [0.0, 3.5],
                      tf.THROUGHPUT: [0.5, 2500.25]}), kind=THROUGHPUT)
    for result in [*failing_results, throughput]:
        expected = pd.DataFrame(result.checks).to_string(index=False, float_format=lambda v: f"{v:.3f}")
        assert checks.checks_text(result.checks) == expected


def test_a_report_directory_it_cannot_make_is_refused_before_the_run_s_check_csvs_are_rewritten(
        spec_check_example, tmp_path, capsys):
    from latency_gate import cli

    experiment, requirements = spec_check_example
    check.check_experiment(requirements, experiment, tmp_path / "plots")
    stored = {path.name: path.read_bytes() for path in experiment.iterdir() if path.is_file()}
    tightened = pd.read_csv(requirements)
    tightened["Median"] = (tightened["Median"] / 2).round(3)
    tightened.to_csv(requirements, index=False)
    a_file = tmp_path / "a-file"
    a_file.write_text("")

    assert cli.main(["check", "-r", str(requirements), "-e", str(experiment), "-p", str(tmp_path / "plots"),
                     "--report-directory", str(a_file)]) == 3

    assert capsys.readouterr().err.strip() == (
        f"latency-gate check: error: {a_file}: cannot make {a_file}: {a_file} is not a directory")
    assert {path.name: path.read_bytes() for path in experiment.iterdir() if path.is_file()} == stored


@pytest.mark.parametrize("blocked", ["check_result.json", "checks_last"])
def test_a_check_that_cannot_write_one_of_its_files_writes_none_and_leaves_the_stored_ones(spec_check_example, tmp_path,
                                                                                            capsys, blocked):
    from latency_gate import cli

    experiment, requirements = spec_check_example
    check.check_experiment(requirements, experiment, tmp_path / "plots")
    stored = {path.name: path.read_bytes() for path in experiment.iterdir() if path.is_file()}
    tightened = pd.read_csv(requirements)
    tightened["Median"] = (tightened["Median"] / 2).round(3)  # every report and check CSV would change
    tightened.to_csv(requirements, index=False)
    report_directory = tmp_path / "reports"
    last = sorted(experiment.glob("checks_*.csv"))[-1]
    in_the_way = report_directory / "check_result.json" if blocked == "check_result.json" else last
    in_the_way.unlink(missing_ok=True)
    in_the_way.mkdir(parents=True)
    if in_the_way.parent == experiment:
        del stored[in_the_way.name]

    assert cli.main(["check", "-r", str(requirements), "-e", str(experiment), "-p", str(tmp_path / "plots"),
                     "--report-directory", str(report_directory)]) == 3

    assert capsys.readouterr().err.strip() == (
        f"latency-gate check: error: {in_the_way}: is a directory, not a file to write")
    assert {path.name: path.read_bytes() for path in experiment.iterdir() if path.is_file()} == stored
    assert [path.name for path in report_directory.glob("*")] == (["check_result.json"] if blocked == "check_result.json"
                                                                  else [])
