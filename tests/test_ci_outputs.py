"""CI outputs are written one way (latency_gate.ci.outputs), for GitHub Actions and GitLab CI.

Specification:
- on GitHub Actions, step outputs are appended to $GITHUB_OUTPUT, markdown to
  $GITHUB_STEP_SUMMARY, and annotations are `::error` workflow commands on stdout;
- on GitLab CI, step outputs are LATENCY_<KEY> lines of the dotenv report
  $LATENCY_GATE_DOTENV; annotations are lines on stderr; there is no job summary;
- text that would end or forge a workflow command ('%', CR, LF, ':' and ',' in titles) is
  escaped, and an output value that spans lines is refused;
- a check report becomes one annotation per failed check, the job summary, and the counts,
  worst margin and report paths as outputs; a missing report is a clear error (exit 3);
- the shell wrappers use the same code, through `latency-gate ci-output`;
- a relative gate's verdict becomes GitLab's metrics report (gate_metrics.txt, OpenMetrics
  text): passed, the counts, and each regressed or improved cell's change in percent.
"""

import os
import subprocess
import sys

import pytest

import gate_results
from latency_gate.ci import outputs
from latency_gate.contracts import results

pytestmark = pytest.mark.unit

FAILURE = {"subexperiment": "intraprocess_best_effort", "bytes": 32, "check": "Median",
           "requirement": 10.0, "experiment": 12.5, "percentage_over": 25.0, "status": "failed"}


def github(tmp_path):
    return {"GITHUB_ACTIONS": "true", "GITHUB_OUTPUT": str(tmp_path / "outputs"),
            "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md")}


def write_report(directory, failures):
    directory.mkdir(exist_ok=True)
    worst = failures[0] if failures else {**FAILURE, "percentage_over": -40.0, "status": "passed"}
    results.write(directory, results.CHECK_RESULT,
                  {"passed": 5, "failed": len(failures), "total": 5 + len(failures), "worst": worst, "failures": failures})
    (directory / "check_report.md").write_text("## Latency requirements check\n")


def test_one_error_annotation_per_failed_check(tmp_path, capsys):
    write_report(tmp_path / "report", [FAILURE, {**FAILURE, "bytes": 16, "check": "Max"}])

    outputs.publish_check_report(tmp_path / "report", github(tmp_path))

    assert capsys.readouterr().out.splitlines() == [  # GitHub shows %25 as %
        "::error title=intraprocess_best_effort 32 B Median::Median latency 12.500 us is 25.0%25 over "
        "the requirement 10.000 us",
        "::error title=intraprocess_best_effort 16 B Max::Max latency 12.500 us is 25.0%25 over "
        "the requirement 10.000 us",
    ]


def test_text_that_would_forge_a_workflow_command_is_escaped(capsys):
    outputs.annotate("error", "a,b:c Median%\n::warning::x", "50%\r\n::error::y", {"GITHUB_ACTIONS": "true"})

    line = capsys.readouterr().out
    assert line.count("\n") == 1
    assert line == "::error title=a%2Cb%3Ac Median%25%0A%3A%3Awarning%3A%3Ax::50%25%0D%0A::error::y\n"


def test_summary_and_outputs_of_a_check_report_are_appended_on_github(tmp_path):
    write_report(tmp_path / "report", [FAILURE])
    (tmp_path / "summary.md").write_text("earlier step\n")

    outputs.publish_check_report(tmp_path / "report", github(tmp_path))

    assert (tmp_path / "summary.md").read_text() == "earlier step\n## Latency requirements check\n"
    report = (tmp_path / "report").resolve()
    assert (tmp_path / "outputs").read_text().splitlines() == [
        "passed=5", "failed=1", "worst-margin=25.0",
        f"report={report / 'check_report.md'}", f"junit={report / 'check_report.xml'}",
    ]


def test_on_gitlab_outputs_go_to_the_dotenv_report_and_annotations_to_stderr(tmp_path, capsys):
    environ = {"GITLAB_CI": "true", "LATENCY_GATE_DOTENV": str(tmp_path / "gate.env")}

    outputs.set_outputs({"results-directory": "/builds/r", "result": "failed"}, environ)
    outputs.annotate("warning", "ceiling", "stale requirement", environ)
    outputs.add_summary("## not on GitLab\n", environ)

    assert (tmp_path / "gate.env").read_text() == "LATENCY_RESULTS_DIRECTORY=/builds/r\nLATENCY_RESULT=failed\n"
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == "warning: ceiling: stale requirement\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gate.env"]


def test_an_output_value_that_spans_lines_is_refused(tmp_path):
    with pytest.raises(ValueError, match="one line"):
        outputs.set_outputs({"report": "a\nforged=1"}, github(tmp_path))
    assert not (tmp_path / "outputs").exists()


def latency_gate(*arguments, environ):
    return subprocess.run([sys.executable, "-m", "latency_gate", "ci-output", *arguments],
                          capture_output=True, text=True, env=environ)


def test_the_command_line_writes_the_same_outputs(tmp_path, monkeypatch):
    environ = dict(os.environ, **github(tmp_path))
    write_report(tmp_path / "report", [FAILURE])

    assert latency_gate("set", "results-directory=/r", "run-directory=", environ=environ).returncode == 0
    done = latency_gate("check-report", str(tmp_path / "report"), environ=environ)

    assert done.returncode == 0
    assert done.stdout.startswith("::error title=intraprocess_best_effort 32 B Median::")
    assert (tmp_path / "outputs").read_text().splitlines()[:3] == ["results-directory=/r", "run-directory=",
                                                                   "passed=5"]


def test_a_summary_file_that_is_no_utf8_text_is_named_and_nothing_is_written(tmp_path):
    """It said "cannot write the CI output: 'utf-8' codec can't decode ...", naming no file."""
    summary = tmp_path / "bad.md"
    summary.write_bytes(b"## ok\n\xff\n")
    done = latency_gate("summary", str(summary), environ=dict(os.environ, **github(tmp_path)))

    assert done.returncode == 3
    assert done.stderr == f"latency-gate ci-output: error: {summary}:2: not UTF-8 text: byte 0xff at column 1\n"
    assert not (tmp_path / "summary.md").exists()


def test_a_summary_that_is_a_directory_is_named_as_one_to_read_not_the_output_written(tmp_path):
    (tmp_path / "report").mkdir()
    done = latency_gate("summary", str(tmp_path / "report"), environ=dict(os.environ, **github(tmp_path)))

    assert done.returncode == 3
    assert done.stderr == f"latency-gate ci-output: error: {tmp_path / 'report'}: a directory, not a summary to read\n"
    assert not (tmp_path / "summary.md").exists()


def test_a_missing_report_is_a_clear_error(tmp_path):
    done = latency_gate("check-report", str(tmp_path), environ=dict(os.environ, **github(tmp_path)))

    assert done.returncode == 3
    assert done.stderr.startswith(f"latency-gate ci-output: error: {tmp_path / 'check_result.json'}: no check_result.json")
    assert not (tmp_path / "outputs").exists()


def test_a_relative_gates_verdict_is_a_gitlab_metrics_report(tmp_path):
    gate_results.write(tmp_path, "a" * 40, changes={(32, "Median"): 1.2, (64, "99%"): 0.8})

    done = subprocess.run([sys.executable, "-m", "latency_gate", "ci-output", "gate-metrics", str(tmp_path)],
                          capture_output=True, text=True)

    assert done.returncode == 0, done.stderr
    metrics = (tmp_path / "gate_metrics.txt").read_text().splitlines()
    assert metrics[:9] == ["latency_gate_passed 0", "latency_gate_cells 6", "latency_gate_rounds 8",
                           "latency_gate_regression 1", "latency_gate_inconclusive 0", "latency_gate_no_regression 4",
                           "latency_gate_improvement 1", "latency_gate_ceiling_over 0", "latency_gate_not_ruled_out 0"]
    assert metrics[9].startswith('latency_gate_change_percent{cell="intraprocess_best_effort 32 B Median"} 20.')
    assert metrics[10].startswith('latency_gate_change_percent{cell="intraprocess_best_effort 64 B 99%"} -20.')


def test_a_metrics_report_keeps_a_counted_changes_decimals():
    """A code-path gate's +0.23 % is not +0.2 % (its minimum effect is 0.15-0.2 %)."""
    document = gate_results.document("a" * 40, changes={(32, "Median"): 1.2})
    document["regressions"][0]["ratio"] = 1.0023

    changes = [line for line in outputs.gate_metrics(document).splitlines() if "change_percent" in line]

    assert changes == ['latency_gate_change_percent{cell="intraprocess_best_effort 32 B Median"} 0.2300']


def test_a_metrics_report_spells_unbounded_changes_as_openmetrics_does_and_lists_a_cell_once():
    document = gate_results.document("a" * 40, changes={(32, "Median"): 1.2})
    cell = document["regressions"][0]
    document["regressions"] = [{**cell, "ratio": float("inf")}, {**cell, "ratio": 3.0}]
    document["improvements"] = [{**cell, "bytes": 64, "ratio": float("nan")}]

    changes = [line for line in outputs.gate_metrics(document).splitlines() if "change_percent" in line]

    assert changes == ['latency_gate_change_percent{cell="intraprocess_best_effort 32 B Median"} +Inf',
                       'latency_gate_change_percent{cell="intraprocess_best_effort 64 B Median"} NaN']
