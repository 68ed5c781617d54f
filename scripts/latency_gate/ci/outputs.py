"""The one way the tool speaks to a CI system: step outputs, the job summary, annotations.

The CLI (`latency-gate ci-output`, `latency-gate ci`, publish-history) and the shell wrappers in
scripts/ci/ all go through here: the values are checked here, once, and the platform running
the job (ci/platforms/, `detect`) says where each goes - GitHub Actions, GitLab CI, or on a
terminal annotations on stderr and nothing else.

A relative gate's verdict also goes to gate_metrics.txt beside its gate_result.json, in the
OpenMetrics text form of GitLab's metrics report (artifacts:reports:metrics, GitLab Premium
and Ultimate): the merge request's widget lists the values and how they changed.
"""

import math
import re
from pathlib import Path

from latency_gate.ci import platforms
from latency_gate.contracts import gate_result, results
from latency_gate.contracts.formats import write_text_atomic
from latency_gate.errors import InputError

LEVELS = platforms.LEVELS
_KEY = re.compile(r"[a-z][a-z0-9-]*")
GATE_METRICS = "gate_metrics.txt"


def set_outputs(values, environ=None):
    """Step outputs: {name: value}, names in kebab case, values on one line."""
    pairs = []
    for key, value in values.items():
        value = str(value)
        if not _KEY.fullmatch(key) or "\n" in value or "\r" in value:
            raise ValueError(f"step output {key!r}: names are kebab-case and values one line, got {value!r}")
        pairs.append((key, value))
    platforms.detect(environ).set_outputs(pairs)


def add_summary(markdown, environ=None):
    """Markdown for the job summary (where the platform has one)."""
    platforms.detect(environ).add_summary(markdown)


def annotate(level, title, message, environ=None, stdout=None, stderr=None):
    """An annotation: an error, warning or notice, shown as the platform shows them."""
    if level not in LEVELS:
        raise ValueError(f"annotation level must be one of {', '.join(LEVELS)}, got {level!r}")
    platforms.detect(environ).annotate(level, title, message, stdout=stdout, stderr=stderr)


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
             f"latency_gate_not_ruled_out {result.get('not_ruled_out', 0)}"]
    changes = {}  # one series a cell: the first record of it
    for record in [*result.get("regressions", []), *result.get("improvements", [])]:
        changes.setdefault(f"{record['subexperiment']} {record['bytes']} B {record['magnitude']}", record["ratio"])
    lines += [f'latency_gate_change_percent{{cell="{cell}"}} {_metric_value((ratio - 1) * 100)}'
              for cell, ratio in changes.items()]
    return "\n".join(lines) + "\n"


def _metric_value(number):
    """A change in percent as OpenMetrics writes it: 4 decimals (a ratio's 6, gate_result.json's: a
    counted +0.23 % read 0.2 with one), or NaN, +Inf, -Inf."""
    if math.isnan(number):
        return "NaN"
    return f"{number:.4f}" if math.isfinite(number) else ("+Inf" if number > 0 else "-Inf")


def write_gate_metrics(directory):
    """gate_metrics.txt beside a relative gate's gate_result.json."""
    directory = Path(directory)
    write_text_atomic(directory / GATE_METRICS, gate_metrics(gate_result.read(directory)))
