"""The one way the tool speaks to a CI system: step outputs, the job summary, annotations.

The CLI (`latency-gate ci-output`, publish-history) and the shell wrappers in scripts/ci/
all go through here, so the formats and their escaping live in one place.

- GitHub Actions (GITHUB_ACTIONS=true): outputs are `key=value` lines appended to
  $GITHUB_OUTPUT, markdown is appended to $GITHUB_STEP_SUMMARY, annotations are `::error`
  / `::warning` workflow commands on stdout.
- GitLab CI (GITLAB_CI=true): outputs are `LATENCY_<KEY>=value` lines appended to the
  dotenv report named by $LATENCY_GATE_DOTENV (when set: later jobs read them as variables);
  GitLab has no job summary (the markdown reports travel as artifacts); annotations are
  `error: <title>: <message>` lines on stderr.
- Anywhere else (a laptop): annotations on stderr as on GitLab, nothing else.

A relative gate's verdict also goes to gate_metrics.txt beside its gate_result.json, in the
OpenMetrics text form of GitLab's metrics report (artifacts:reports:metrics, GitLab Premium
and Ultimate): the merge request's widget lists the values and how they changed.
"""

import os
import re
import sys
from pathlib import Path

from latency_gate.contracts import gate_result, results
from latency_gate.contracts.formats import write_text_atomic
from latency_gate.errors import InputError

GITHUB_OUTPUT, GITHUB_SUMMARY = "GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"
GITLAB_DOTENV = "LATENCY_GATE_DOTENV"
LEVELS = ("error", "warning", "notice")
_KEY = re.compile(r"[a-z][a-z0-9-]*")
GATE_METRICS = "gate_metrics.txt"


def _on_github(environ):
    return environ.get("GITHUB_ACTIONS") == "true"


def _append(path, text):
    with open(path, "a", encoding="utf-8") as file:
        file.write(text)


def set_outputs(values, environ=None):
    """Step outputs: {name: value}, names in kebab case, values on one line."""
    environ = os.environ if environ is None else environ
    lines = []
    for key, value in values.items():
        value = str(value)
        if not _KEY.fullmatch(key) or "\n" in value or "\r" in value:
            raise ValueError(f"step output {key!r}: names are kebab-case and values one line, got {value!r}")
        lines.append((key, value))
    if _on_github(environ) and environ.get(GITHUB_OUTPUT):
        _append(environ[GITHUB_OUTPUT], "".join(f"{key}={value}\n" for key, value in lines))
    elif environ.get(GITLAB_DOTENV):
        _append(environ[GITLAB_DOTENV],
                "".join(f"LATENCY_{key.upper().replace('-', '_')}={value}\n" for key, value in lines))


def add_summary(markdown, environ=None):
    """Markdown for the job summary (GitHub Actions only)."""
    environ = os.environ if environ is None else environ
    if _on_github(environ) and environ.get(GITHUB_SUMMARY):
        _append(environ[GITHUB_SUMMARY], markdown if markdown.endswith("\n") else markdown + "\n")


def escape_data(text):
    """Workflow command data: '%', CR and LF would end or forge the command."""
    return str(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text):
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotate(level, title, message, environ=None, stdout=None, stderr=None):
    """An annotation: on GitHub a workflow command shown on the run's page, elsewhere a line on stderr."""
    environ = os.environ if environ is None else environ
    if level not in LEVELS:
        raise ValueError(f"annotation level must be one of {', '.join(LEVELS)}, got {level!r}")
    if _on_github(environ):
        print(f"::{level} title={escape_property(title)}::{escape_data(message)}", file=stdout or sys.stdout)
    else:
        print(f"{level}: {title}: {message}", file=stderr or sys.stderr)


def check_failure_annotation(failure):
    """Title and message of a failed check of check_result.json."""
    title = f"{failure['subexperiment']} {failure['bytes']} B {failure['check']}"
    message = (f"{failure['check']} latency {failure['experiment']:.3f} us is "
               f"{failure['percentage_over']:.1f}% over the requirement {failure['requirement']:.3f} us")
    return title, message


def publish_check_report(report_directory, environ=None, stdout=None, stderr=None):
    """A check's reports (check_result.json, check_report.md of `latency-gate check`) as one
    annotation per failed check, the job summary and the outputs passed, failed, worst-margin,
    report and junit. It never decides the verdict: the check's exit code does."""
    report_directory = Path(report_directory).resolve()
    result = results.read(report_directory, results.CHECK_RESULT)
    try:
        markdown = (report_directory / results.CHECK_REPORT).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"no usable check report: {error}", report_directory / results.CHECK_REPORT) from None
    for failure in result["failures"]:
        annotate("error", *check_failure_annotation(failure), environ=environ, stdout=stdout, stderr=stderr)
    add_summary(markdown, environ)
    set_outputs({
        "passed": result["passed"],
        "failed": result["failed"],
        "worst-margin": result["worst"]["percentage_over"],
        "report": report_directory / results.CHECK_REPORT,
        "junit": report_directory / results.CHECK_JUNIT,
    }, environ)
    return result


def gate_metrics(result):
    """GitLab's metrics report of a relative gate (gate_result.json, checked): the verdict (passed:
    not failed; not_ruled_out: the cells that made it inconclusive), the counts, and each
    regressed or improved cell's change in percent (its name is a contract name: letters,
    digits and _ . % / + -, safe in a label)."""
    counts = result["counts"]
    lines = [f"latency_gate_passed {int(result['passed'])}", f"latency_gate_cells {result['cells']}",
             f"latency_gate_rounds {result['rounds']}",
             *(f"latency_gate_{verdict.replace(' ', '_')} {counts.get(verdict, 0)}" for verdict in gate_result.VERDICTS),
             f"latency_gate_ceiling_over {len(result.get('ceiling_over', []))}",
             f"latency_gate_not_ruled_out {result['not_ruled_out']}"]
    for record in [*result.get("regressions", []), *result.get("improvements", [])]:
        cell = f"{record['subexperiment']} {record['bytes']} B {record['magnitude']}"
        lines.append(f'latency_gate_change_percent{{cell="{cell}"}} {(record["ratio"] - 1) * 100:.1f}')
    return "\n".join(lines) + "\n"


def write_gate_metrics(directory):
    """gate_metrics.txt beside a relative gate's gate_result.json."""
    directory = Path(directory)
    write_text_atomic(directory / GATE_METRICS, gate_metrics(gate_result.read(directory)))
