"""Checking sub-experiment summaries against a requirements CSV (spec step 3).

A check report has, for each checked magnitude of the kind (latency: Median, 99%, Max;
throughput: Lost [samples], Subscription throughput [Mb/s]) in that order, one row per
payload in the order of the requirements: Difference is |requirement - experiment|,
Percentage over requirement is (experiment - requirement) * 100 / requirement, and the
check fails when the experiment is above the requirement, or below it for a floor
(throughput). Values are compared as the summaries state them (3 decimals), as the
reference scripts do.
"""

import sys
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from xml.etree import ElementTree

import numpy as np

from latency_gate.analysis import requirements
from latency_gate.contracts import results as results_contract, run_metadata
from latency_gate.contracts.formats import checks_path, find_summaries, write_rows, write_text_atomic
from latency_gate.errors import InputError
from latency_gate.runner import kinds
from latency_gate.runner.kinds import LATENCY, Kind


@dataclass(frozen=True)
class SubexperimentCheck:
    subexperiment: str
    checks: dict  # the kind's check columns, in order: {column: numpy array}, one row per check
    kind: Kind = LATENCY

    @property
    def total(self):
        return len(self.checks["Status"])

    @property
    def failed(self):
        return int(np.count_nonzero(self.checks["Status"] == "failed"))

    @property
    def passed(self):
        return self.total - self.failed


def check_subexperiment(subexperiment, summary, requirements, summary_source=None, requirements_source=None,
                        kind=LATENCY):
    """The spec's check report for one sub-experiment, or InputError on mismatched payloads.
    summary, requirements: frames, or their columns as numpy arrays (kind.read_*_columns)."""
    payload = kind.payload
    wanted = np.asarray(requirements["Experiment type"]) == subexperiment
    if not wanted.any():
        raise InputError(f"no requirements for sub-experiment '{subexperiment}'", requirements_source)
    required_payloads = np.asarray(requirements[payload])[wanted]
    measured_payloads = np.asarray(summary[payload])
    _require_same_payloads(subexperiment, required_payloads, measured_payloads, summary_source, requirements_source)
    # The summary's row of each required payload, in the requirements' order (payloads are unique in both).
    by_payload = np.argsort(measured_payloads, kind="stable")
    measured = by_payload[np.searchsorted(measured_payloads, required_payloads, sorter=by_payload)]
    requirement = np.concatenate([np.asarray(requirements[m], dtype=float)[wanted] for m in kind.magnitudes])
    experiment = np.concatenate([np.asarray(summary[m], dtype=float)[measured] for m in kind.magnitudes])
    floors = np.repeat([kind.is_floor(m) for m in kind.magnitudes], len(required_payloads))
    failed = np.where(floors, experiment < requirement, experiment > requirement)
    checks = {
        "Check": np.repeat(kind.magnitudes, len(required_payloads)),
        payload: np.tile(required_payloads, len(kind.magnitudes)),
        "Requirement": requirement,
        "Experiment": experiment,
        "Difference": np.abs(requirement - experiment),
        "Percentage over requirement": percentage_over(experiment, requirement),
        "Status": np.where(failed, "failed", "passed"),
    }
    return SubexperimentCheck(subexperiment, {column: checks[column] for column in kind.check_columns}, kind)


def percentage_over(experiment, requirement):
    """(experiment - requirement) in percent of the requirement. A requirement of 0 (no lost
    samples) counts as 1, the smallest count, so the percentage stays a number."""
    return (experiment - requirement) * 100 / np.where(requirement == 0, 1.0, requirement)


def _require_same_payloads(subexperiment, required, measured, summary_source, requirements_source):
    only_required = [int(b) for b in required if b not in set(measured)]
    if only_required:
        raise InputError(
            f"payload(s) {only_required} of '{subexperiment}' are in the requirements but not in the experiment",
            summary_source,
        )
    only_measured = [int(b) for b in measured if b not in set(required)]
    if only_measured:
        raise InputError(
            f"payload(s) {only_measured} of '{subexperiment}' are in the experiment but have no requirement",
            requirements_source,
        )


def checks_text(checks):
    """A check report as a text table, as pandas' to_string(index=False) prints it: every
    column right-aligned to its widest cell, one space apart, floats with 3 decimals, and a
    number column's name with a space before it."""
    cells = [[f" {column}" if values.dtype.kind in "iuf" else column,
              *(f"{v:.3f}" if values.dtype.kind == "f" else str(v) for v in values.tolist())]
             for column, values in checks.items()]
    widths = [max(map(len, column)) for column in cells]
    return "\n".join(" ".join(cell.rjust(width) for cell, width in zip(row, widths)) for row in zip(*cells))


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
        lines += [
            "### Failed checks",
            "",
            f"| Sub-experiment | Payload [Bytes] | Check | Requirement{unit} | Experiment{unit} | "
            f"{'Over' if not kind.floors else 'Beyond'} by |",
            "|---|---:|---|---:|---:|---:|",
        ]
        lines += [
            f"| {row.Subexperiment} | {row.Payload} | {row.Check} | {value(row.Requirement, row)} | "
            f"{value(row.Experiment, row)} | {_beyond(row)} |"
            for row in failed
        ]
        lines.append("")
    lines += [
        "### Sub-experiments",
        "",
        "| Sub-experiment | Status | Passed | Failed | Worst margin to requirement |",
        "|---|---|---:|---:|---:|",
    ]
    for r, rows in _by_subexperiment(results, table):
        worst = _worst(rows)
        status = "❌ failed" if r.failed else "✅ passed"
        lines.append(
            f"| {r.subexperiment} | {status} | {r.passed} | {r.failed} | "
            f"{worst.Percentage:+.1f}% ({worst.Check}, {worst.Payload} B) |"
        )
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


def write_checks(result, directory):
    """A sub-experiment's checks_<sub-experiment>.csv (the spec's check report)."""
    checks = result.checks
    write_rows(zip(*(values.tolist() for values in checks.values())), list(checks), (result.kind.payload,),
               checks_path(directory, result.subexperiment), texts=("Check", "Status"))


def check_experiment(requirements_path, experiment_directory, report_directory=None, print_summaries=False,
                     kind=None):
    """Check every summary of an experiment directory; write check CSVs and reports (the plots:
    cli/check.py).

    kind: latency or throughput (runner/kinds.py); None: the run's (metadata.json), else latency.
    Everything is read and checked before anything is written, so bad input leaves no
    partial output. Returns the per-sub-experiment results.
    """
    metadata = run_metadata.read_if_present(experiment_directory)
    kind = kind or kinds.of_run(metadata)
    required = kind.read_requirements_columns(requirements_path)
    results = [
        check_subexperiment(name, kind.read_summary_columns(path), required, path, requirements_path, kind)
        for name, path in find_summaries(experiment_directory).items()
    ]
    notes = requirements.comparability_notes(requirements.read_provenance(requirements_path), metadata)
    for note in notes:
        print(f"warning: {experiment_directory}: {note}", file=sys.stderr)
    report_directory = Path(report_directory or experiment_directory)
    for result in results:
        write_checks(result, experiment_directory)
        status = "FAILED" if result.failed else "PASSED"
        print(f"Checking {result.subexperiment}  [{status}] {result.passed}/{result.total} checks passed")
        if print_summaries:
            print(checks_text(result.checks))
    table = _table(results)  # once, for the three reports
    write_text_atomic(report_directory / results_contract.CHECK_REPORT, markdown_report(results, notes=notes,
                                                                                        table=table))
    write_text_atomic(report_directory / results_contract.CHECK_JUNIT, junit_report(results, table))
    results_contract.write(report_directory, results_contract.CHECK_RESULT, result_document(results, notes, table))
    return results
