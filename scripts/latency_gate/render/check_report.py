"""The requirements check's reports (spec step 3's verdict for people and CI): check_report.md
(the job summary: failures first, worst first, with how far beyond), check_report.xml (JUnit)
and check_result.json (contracts/results.py), from analysis/checks.py's ExperimentCheck."""

from types import SimpleNamespace
from xml.etree import ElementTree

import numpy as np

from latency_gate.contracts import results as results_contract
from latency_gate.contracts.formats import write_text_atomic
from latency_gate.render import markdown
from latency_gate.runner.kinds import LATENCY


def write_reports(checked, report_directory):
    """The three reports of an ExperimentCheck into report_directory."""
    results, notes = checked.results, checked.notes
    table = _table(results)  # once, for the three reports
    write_text_atomic(report_directory / results_contract.CHECK_REPORT, markdown_report(results, notes=notes,
                                                                                        table=table))
    write_text_atomic(report_directory / results_contract.CHECK_JUNIT, junit_report(results, table))
    results_contract.write(report_directory, results_contract.CHECK_RESULT, result_document(results, notes, table))


def _table(results):
    """Every check of every sub-experiment, a row each (namespaces with Subexperiment, Check,
    Payload, Requirement, Experiment, Difference, Percentage, Status, Unit), and its
    Shortfall: how far, in percent of the requirement, the experiment is on the failing
    side of it (the percentage over a ceiling, under a floor; negative: the margin left)."""
    rows = []
    for r in results:
        checks = r.checks
        for check, payload, requirement, experiment, difference, percentage, status in zip(
                checks["Check"].tolist(), checks[r.kind.payload].tolist(), *(checks[column].tolist() for column in (
                    "Requirement", "Experiment", "Difference", "Percentage over requirement", "Status"))):
            rows.append(SimpleNamespace(
                Subexperiment=r.subexperiment, Check=check, Payload=payload, Requirement=requirement,
                Experiment=experiment, Difference=difference, Percentage=percentage, Status=status,
                Unit=r.kind.unit(check), Shortfall=-percentage if r.kind.is_floor(check) else percentage))
    return rows


def _worst(rows):
    """The row furthest beyond its requirement (the first such)."""
    return rows[int(np.argmax([row.Shortfall for row in rows]))]


def _by_subexperiment(results, table):
    """(result, its rows of the table) per sub-experiment, in the results' order."""
    return [(r, [row for row in table if row.Subexperiment == r.subexperiment]) for r in results]


def failures(results, table=None):
    """All failed checks, worst (furthest beyond its requirement) first. table: _table(results), when made already."""
    table = _table(results) if table is None else table
    return sorted((row for row in table if row.Status == "failed"), key=lambda row: -row.Shortfall)


def result_document(results, notes=(), table=None):
    """check_result.json (contracts.results): counts, the worst margin, every failure, comparability notes."""
    table = _table(results) if table is None else table
    failed = sum(row.Status == "failed" for row in table)
    return {
        "passed": len(table) - failed,
        "failed": failed,
        "total": len(table),
        "worst": _check_record(_worst(table)),
        "failures": [_check_record(row) for row in failures(results, table)],
        "comparability": list(notes),
        "subexperiments": {
            r.subexperiment: {
                "passed": r.passed,
                "failed": r.failed,
                "worst_percentage_over": round(float(_worst(rows).Shortfall), 3),
            }
            for r, rows in _by_subexperiment(results, table)
        },
    }


def _check_record(row):
    return {
        "subexperiment": row.Subexperiment,
        "bytes": int(row.Payload),
        "check": row.Check,
        "requirement": round(float(row.Requirement), 3),
        "experiment": round(float(row.Experiment), 3),
        "percentage_over": round(float(row.Percentage), 3),
        "status": row.Status,
    }


def _beyond(row):
    """How far a failed check is beyond its requirement: '+1.234 us (+5.0%)', '-3.000 Mb/s (-2.0%)'."""
    sign = "+" if row.Percentage >= 0 else "-"
    return f"{sign}{row.Difference:.3f} {row.Unit} ({row.Percentage:+.1f}%)"


def markdown_report(results, title=None, notes=(), table=None):
    """A job-summary report: verdict, what makes the comparison unlike (notes), failures first
    with how far beyond, then per sub-experiment."""
    kind = results[0].kind
    title = title or f"{kind.title} requirements check"
    table = _table(results) if table is None else table
    failed = failures(results, table)
    verdict = (
        f"**FAILED**: {len(failed)} of {len(table)} checks are {_beyond_words(kind)} their requirement"
        if len(failed) else f"**PASSED**: all {len(table)} checks meet their requirements"
    )
    lines = [f"## {title}", "", verdict, ""]
    if notes:
        lines += ["> **Not like with like.** This run differs from the runs the requirements came from, so a "
                  "failure may be the machine's, not the code's:"]
        lines += [f"> - {note}" for note in notes]
        lines += ["> Regenerate the requirements on this runner under these settings "
                  "(`latency-gate requirements`), or run under theirs.", ""]
    units = {row.Unit for row in table}
    unit = f" [{units.pop()}]" if len(units) == 1 else ""  # one unit: in the header, else beside each value
    value = (lambda number, _: f"{number:.3f}") if unit else (lambda number, row: f"{number:.3f} {row.Unit}")
    if len(failed):
        lines += ["### Failed checks", ""]
        lines += markdown.table(
            ["Sub-experiment", "Payload [Bytes]", "Check", f"Requirement{unit}", f"Experiment{unit}",
             f"{'Over' if not kind.floors else 'Beyond'} by"],
            [[row.Subexperiment, str(row.Payload), row.Check, value(row.Requirement, row),
              value(row.Experiment, row), _beyond(row)] for row in failed],
            "lrlrrr")
        lines.append("")
    lines += ["### Sub-experiments", ""]
    lines += markdown.table(
        ["Sub-experiment", "Status", "Passed", "Failed", "Worst margin to requirement"],
        [[r.subexperiment, "❌ failed" if r.failed else "✅ passed", str(r.passed), str(r.failed),
          f"{worst.Percentage:+.1f}% ({worst.Check}, {worst.Payload} B)"]
         for r, worst in ((r, _worst(rows)) for r, rows in _by_subexperiment(results, table))],
        "llrrr")
    return "\n".join(lines) + "\n"


def _beyond_words(kind):
    return "beyond" if kind.floors else "over"


def junit_report(results, table=None):
    """JUnit XML: one test case per sub-experiment, payload and check."""
    kind = results[0].kind
    table = _table(results) if table is None else table
    suites = ElementTree.Element("testsuites", name=f"{kind.name} requirements", tests=str(len(table)),
                                 failures=str(sum(r.failed for r in results)))
    for r, rows in _by_subexperiment(results, table):
        suite = ElementTree.SubElement(suites, "testsuite", name=r.subexperiment, tests=str(len(rows)),
                                       failures=str(r.failed))
        for row in rows:
            case = ElementTree.SubElement(suite, "testcase", classname=f"{kind.name}.{r.subexperiment}",
                                          name=f"{row.Check} {row.Payload} B")
            if row.Status == "failed":
                side = "below the floor" if kind.is_floor(row.Check) else "over the requirement"
                what = f"{row.Check} {kind.name}" if kind is LATENCY else row.Check
                message = (f"{what} {row.Experiment:.3f} {row.Unit} is {side} {row.Requirement:.3f} {row.Unit} "
                           f"by {row.Difference:.3f} {row.Unit} ({row.Percentage:+.1f}%)")
                ElementTree.SubElement(case, "failure", message=message, type="RequirementExceeded").text = message
    ElementTree.indent(suites)
    return ElementTree.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"
