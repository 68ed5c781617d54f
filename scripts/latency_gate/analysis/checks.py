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

import numpy as np

from latency_gate.analysis import requirements
from latency_gate.contracts import requirements_provenance, run_metadata
from latency_gate.contracts.formats import checks_path, find_summaries, write_rows
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


@dataclass(frozen=True)
class ExperimentCheck:
    """An experiment's checks: one SubexperimentCheck per summary, and the notes on what makes the
    run unlike the runs its requirements came from."""
    results: list
    notes: tuple = ()


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


def write_checks(result, directory):
    """A sub-experiment's checks_<sub-experiment>.csv (the spec's check report)."""
    checks = result.checks
    write_rows(zip(*(values.tolist() for values in checks.values())), list(checks), (result.kind.payload,),
               checks_path(directory, result.subexperiment), texts=("Check", "Status"))


def check_experiment(requirements_path, experiment_directory, print_summaries=False, kind=None):
    """Check every summary of an experiment directory; writes nothing (its check CSVs: write_checks;
    the reports: render/check_report.py; the plots: cli/check.py, which writes them all).

    kind: latency or throughput (runner/kinds.py); None: the run's (metadata.json), else latency.
    Returns the per-sub-experiment results and the comparability notes.
    """
    metadata = run_metadata.read_if_present(experiment_directory)
    kind = kind or kinds.of_run(metadata)
    required = kind.read_requirements_columns(requirements_path)
    results = [
        check_subexperiment(name, kind.read_summary_columns(path), required, path, requirements_path, kind)
        for name, path in find_summaries(experiment_directory).items()
    ]
    notes = tuple(requirements.comparability_notes(requirements_provenance.read(requirements_path), metadata))
    for note in notes:
        print(f"warning: {experiment_directory}: {note}", file=sys.stderr)
    for result in results:
        status = "FAILED" if result.failed else "PASSED"
        print(f"Checking {result.subexperiment}  [{status}] {result.passed}/{result.total} checks passed")
        if print_summaries:
            print(checks_text(result.checks))
    return ExperimentCheck(results, notes)
