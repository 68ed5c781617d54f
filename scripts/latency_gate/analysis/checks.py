"""Checking sub-experiment summaries against a requirements CSV (spec step 3).

A check report has, for each checked magnitude (Median, 99%, Max) in that order, one row
per payload in the order of the requirements: Difference is |requirement - experiment|,
Percentage over requirement is (experiment - requirement) * 100 / requirement, and the
check fails when the experiment is above the requirement. Values are compared as the
summaries state them (3 decimals), as the reference scripts do.
"""

import sys
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import pandas as pd

from latency_gate.analysis import requirements
from latency_gate.contracts import results as results_contract, run_metadata
from latency_gate.contracts.formats import (
    CHECK_COLUMNS, CHECKED_MAGNITUDES, checks_path, find_summaries, read_requirements, read_summary, write_csv,
    write_text_atomic,
)
from latency_gate.errors import InputError
from latency_gate.render import plots

# itertuples() needs identifiers for attribute access.
_IDENTIFIER_COLUMNS = {"Percentage over requirement": "Percentage"}


@dataclass(frozen=True)
class SubexperimentCheck:
    subexperiment: str
    checks: pd.DataFrame  # CHECK_COLUMNS

    @property
    def failed(self):
        return int((self.checks["Status"] == "failed").sum())

    @property
    def passed(self):
        return len(self.checks) - self.failed


def check_subexperiment(subexperiment, summary, requirements, summary_source=None, requirements_source=None):
    """The spec's check report for one sub-experiment, or InputError on mismatched payloads."""
    wanted = requirements[requirements["Experiment type"] == subexperiment]
    if wanted.empty:
        raise InputError(f"no requirements for sub-experiment '{subexperiment}'", requirements_source)
    _require_same_payloads(subexperiment, wanted["Bytes"], summary["Bytes"], summary_source, requirements_source)
    measured = summary.set_index("Bytes").loc[wanted["Bytes"]]
    required = wanted.set_index("Bytes")
    reports = []
    for magnitude in CHECKED_MAGNITUDES:
        requirement = required[magnitude].to_numpy(dtype=float)
        experiment = measured[magnitude].to_numpy(dtype=float)
        difference = requirement - experiment
        reports.append(pd.DataFrame({
            "Check": magnitude,
            "Bytes": required.index.to_numpy(),
            "Requirement": requirement,
            "Experiment": experiment,
            "Difference": np.abs(difference),
            "Percentage over requirement": -difference * 100 / requirement,
            "Status": np.where(difference < 0, "failed", "passed"),
        }))
    return SubexperimentCheck(subexperiment, pd.concat(reports, ignore_index=True)[list(CHECK_COLUMNS)])


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


def failures(results):
    """All failed checks, worst (most over its requirement) first."""
    rows = [r.checks.assign(Subexperiment=r.subexperiment) for r in results]
    table = pd.concat(rows, ignore_index=True)
    failed = table[table["Status"] == "failed"]
    return failed.sort_values("Percentage over requirement", ascending=False, kind="stable")


def result_document(results, notes=()):
    """check_result.json (contracts.results): counts, the worst margin, every failure, comparability notes."""
    table = pd.concat([r.checks.assign(Subexperiment=r.subexperiment) for r in results], ignore_index=True)
    worst = table.loc[table["Percentage over requirement"].idxmax()]
    return {
        "passed": int((table["Status"] == "passed").sum()),
        "failed": int((table["Status"] == "failed").sum()),
        "total": len(table),
        "worst": _check_record(worst),
        "failures": [_check_record(row) for _, row in failures(results).iterrows()],
        "comparability": list(notes),
        "subexperiments": {
            r.subexperiment: {
                "passed": r.passed,
                "failed": r.failed,
                "worst_percentage_over": round(float(r.checks["Percentage over requirement"].max()), 3),
            }
            for r in results
        },
    }


def _check_record(row):
    return {
        "subexperiment": row["Subexperiment"],
        "bytes": int(row["Bytes"]),
        "check": row["Check"],
        "requirement": round(float(row["Requirement"]), 3),
        "experiment": round(float(row["Experiment"]), 3),
        "percentage_over": round(float(row["Percentage over requirement"]), 3),
        "status": row["Status"],
    }


def markdown_report(results, title="Latency requirements check", notes=()):
    """A job-summary report: verdict, what makes the comparison unlike (notes), failures first
    with how far over, then per sub-experiment."""
    failed = failures(results)
    total = sum(len(r.checks) for r in results)
    verdict = (
        f"**FAILED**: {len(failed)} of {total} checks are over their requirement"
        if len(failed) else f"**PASSED**: all {total} checks meet their requirements"
    )
    lines = [f"## {title}", "", verdict, ""]
    if notes:
        lines += ["> **Not like with like.** This run differs from the runs the requirements came from, so a "
                  "failure may be the machine's, not the code's:"]
        lines += [f"> - {note}" for note in notes]
        lines += ["> Regenerate the requirements on this runner under these settings "
                  "(`latency-gate requirements`), or run under theirs.", ""]
    if len(failed):
        lines += [
            "### Failed checks",
            "",
            "| Sub-experiment | Payload [Bytes] | Check | Requirement [us] | Experiment [us] | Over by |",
            "|---|---:|---|---:|---:|---:|",
        ]
        lines += [
            f"| {row.Subexperiment} | {row.Bytes} | {row.Check} | {row.Requirement:.3f} | "
            f"{row.Experiment:.3f} | +{row.Difference:.3f} us (+{row.Percentage:.1f}%) |"
            for row in failed.rename(columns=_IDENTIFIER_COLUMNS).itertuples()
        ]
        lines.append("")
    lines += [
        "### Sub-experiments",
        "",
        "| Sub-experiment | Status | Passed | Failed | Worst margin to requirement |",
        "|---|---|---:|---:|---:|",
    ]
    for r in results:
        worst = r.checks.loc[r.checks["Percentage over requirement"].idxmax()]
        status = "❌ failed" if r.failed else "✅ passed"
        lines.append(
            f"| {r.subexperiment} | {status} | {r.passed} | {r.failed} | "
            f"{worst['Percentage over requirement']:+.1f}% ({worst['Check']}, {worst['Bytes']} B) |"
        )
    return "\n".join(lines) + "\n"


def junit_report(results):
    """JUnit XML: one test case per sub-experiment, payload and check."""
    suites = ElementTree.Element("testsuites", name="latency requirements", tests=str(sum(len(r.checks) for r in results)),
                                 failures=str(sum(r.failed for r in results)))
    for r in results:
        suite = ElementTree.SubElement(suites, "testsuite", name=r.subexperiment, tests=str(len(r.checks)),
                                       failures=str(r.failed))
        for row in r.checks.rename(columns=_IDENTIFIER_COLUMNS).itertuples(index=False):
            case = ElementTree.SubElement(suite, "testcase", classname=f"latency.{r.subexperiment}",
                                          name=f"{row.Check} {row.Bytes} B")
            if row.Status == "failed":
                message = (f"{row.Check} latency {row.Experiment:.3f} us is over the requirement "
                           f"{row.Requirement:.3f} us by {row.Difference:.3f} us (+{row.Percentage:.1f}%)")
                ElementTree.SubElement(case, "failure", message=message, type="RequirementExceeded").text = message
    ElementTree.indent(suites)
    return ElementTree.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"


def check_experiment(requirements_path, experiment_directory, plots_directory, report_directory=None,
                     print_summaries=False):
    """Check every summary of an experiment directory; write check CSVs, reports and plots.

    Everything is read and checked before anything is written, so bad input leaves no
    partial output. Returns the per-sub-experiment results.
    """
    required = read_requirements(requirements_path)
    results = [
        check_subexperiment(name, read_summary(path), required, path, requirements_path)
        for name, path in find_summaries(experiment_directory).items()
    ]
    metadata = run_metadata.read_if_present(experiment_directory)
    notes = requirements.comparability_notes(requirements.read_provenance(requirements_path), metadata)
    for note in notes:
        print(f"warning: {experiment_directory}: {note}", file=sys.stderr)
    report_directory = Path(report_directory or experiment_directory)
    batch = plots.PlotBatch()
    for result in results:
        write_csv(result.checks, checks_path(experiment_directory, result.subexperiment))
        batch.add_checks(result.subexperiment, result.checks, Path(plots_directory))
        status = "FAILED" if result.failed else "PASSED"
        print(f"Checking {result.subexperiment}  [{status}] {result.passed}/{len(result.checks)} checks passed")
        if print_summaries:
            print(result.checks.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    write_text_atomic(report_directory / "check_report.md", markdown_report(results, notes=notes))
    write_text_atomic(report_directory / "check_report.xml", junit_report(results))
    results_contract.write(report_directory, results_contract.CHECK_RESULT, result_document(results, notes))
    batch.render()
    return results
