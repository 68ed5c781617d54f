"""The check report reaches GitHub Actions as job summary, annotations and step outputs.

Specification:
- one `::error` annotation per failed check, titled sub-experiment, payload and check;
- text that would end or forge a workflow command ('%', CR, LF, ':' and ',' in titles) is escaped;
- the markdown report is appended to the job summary, the counts, worst margin and report
  paths to the step outputs;
- a missing report is a clear error, not a traceback.
"""

import json

from latency_gate import github_actions

FAILURE = {"subexperiment": "intraprocess_best_effort", "bytes": 32, "check": "Median",
           "requirement": 10.0, "experiment": 12.5, "percentage_over": 25.0, "status": "failed"}


def write_report(directory, failures):
    directory.mkdir(exist_ok=True)
    worst = failures[0] if failures else {**FAILURE, "percentage_over": -40.0, "status": "passed"}
    (directory / "check_result.json").write_text(json.dumps(
        {"passed": 5, "failed": len(failures), "total": 5 + len(failures), "worst": worst, "failures": failures}))
    (directory / "check_report.md").write_text("## Latency requirements check\n")


def test_one_error_annotation_per_failed_check(tmp_path, capsys):
    write_report(tmp_path / "report", [FAILURE, {**FAILURE, "bytes": 16, "check": "Max"}])

    github_actions.publish_check_report(tmp_path / "report", None, None)

    assert capsys.readouterr().out.splitlines() == [  # GitHub shows %25 as %
        "::error title=intraprocess_best_effort 32 B Median::Median latency 12.500 us is 25.0%25 over "
        "the requirement 10.000 us",
        "::error title=intraprocess_best_effort 16 B Max::Max latency 12.500 us is 25.0%25 over "
        "the requirement 10.000 us",
    ]


def test_text_that_would_forge_a_workflow_command_is_escaped():
    line = github_actions.annotation({**FAILURE, "subexperiment": "a,b:c", "check": "Median%\n::warning::x"})

    assert "\n" not in line
    assert line.startswith("::error title=a%2Cb%3Ac 32 B Median%25%0A%3A%3Awarning%3A%3Ax::")


def test_summary_and_outputs_are_appended(tmp_path):
    write_report(tmp_path / "report", [FAILURE])
    summary, outputs = tmp_path / "summary.md", tmp_path / "outputs"
    summary.write_text("earlier step\n")

    github_actions.publish_check_report(tmp_path / "report", summary, outputs)

    assert summary.read_text() == "earlier step\n## Latency requirements check\n"
    report = (tmp_path / "report").resolve()
    assert outputs.read_text().splitlines() == [
        "passed=5", "failed=1", "worst-margin=25.0",
        f"report={report / 'check_report.md'}", f"junit={report / 'check_report.xml'}",
    ]


def test_a_missing_report_is_a_clear_error(tmp_path, capsys):
    assert github_actions.main([str(tmp_path)]) == 3
    assert "no usable check report" in capsys.readouterr().err
