"""Comparing two experiments ("Compare Experiments" in the spec).

Every sub-experiment summarised in both the reference and the target (results) directory is
compared, payload by payload, over the payloads both hold (eProsima's script lines the rows up by
payload too); what only one of them holds is named on standard error and not compared. A
comparison fails when, for any payload, the target's Min, Median, Max or 99% is above the
reference's times (1 + fail threshold).
"""

import sys
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from latency_gate.contracts import run_metadata
from latency_gate.contracts.formats import COMPARISON, SUMMARY_COLUMNS, find_summaries, read_summary, write_csv
from latency_gate.errors import InputError

COMPARED_MAGNITUDES = ("Min", "Median", "Max", "99%")
DEFAULT_FAIL_THRESHOLD = 0.1


@dataclass(frozen=True)
class Comparison:
    subexperiment: str
    table: pd.DataFrame  # the spec's comparison CSV: summary columns + Label
    regressions: pd.DataFrame  # Bytes, Magnitude, Reference, Result, Ratio for each failed cell

    @property
    def passed(self):
        return self.regressions.empty


def compare_summaries(subexperiment, reference, result, reference_label, result_label, fail_threshold,
                      result_source=None, err=None):
    """The Comparison of one sub-experiment's two summaries over the payloads both hold (the others
    named on `err`, default sys.stderr); InputError when they share none."""
    err = err or sys.stderr  # looked up per call: tests replace it
    shared = [payload for payload in result["Bytes"] if payload in set(reference["Bytes"])]
    if not shared:
        raise InputError(f"'{subexperiment}': the result's payloads {list(result['Bytes'])} and the reference's "
                         f"{list(reference['Bytes'])} share none", result_source)
    for holder, summary in (("reference", reference), ("result", result)):
        alone = [payload for payload in summary["Bytes"] if payload not in shared]
        if alone:
            print(f"note: '{subexperiment}': payload(s) {', '.join(map(str, alone))} only in the {holder}: "
                  f"not compared", file=err)
    columns = list(COMPARED_MAGNITUDES)
    before = reference.set_index("Bytes").loc[shared, columns]
    after = result.set_index("Bytes").loc[shared, columns]
    cells = pd.DataFrame({
        "Reference": before.stack(),
        "Result": after.stack(),
        "Ratio": (after / before).stack(),
        "Failed": (after > before * (1 + fail_threshold)).stack(),
    })
    regressions = cells[cells["Failed"]].drop(columns="Failed").rename_axis(["Bytes", "Magnitude"]).reset_index()
    table = pd.concat(
        [reference.assign(Label=reference_label), result.assign(Label=result_label)], ignore_index=True
    )[[*SUMMARY_COLUMNS, "Label"]]
    return Comparison(subexperiment, table, regressions)


def compare_experiments(reference_directory, results_directory, plots_directory,
                        fail_threshold=DEFAULT_FAIL_THRESHOLD):
    """Compare every sub-experiment of the results against the reference; write a CSV per
    sub-experiment into the plots directory (the plots: cli/compare_experiments.py)."""
    if not fail_threshold >= 0:  # nan too: every comparison with it is false, so every result would pass
        raise InputError(f"fail threshold must be a number of 0 or more, got {fail_threshold}")
    reference_directory, results_directory = Path(reference_directory), Path(results_directory)
    references = find_summaries(reference_directory)
    results = find_summaries(results_directory)
    both = {name: path for name, path in results.items() if name in references}
    if not both:
        raise InputError(f"no sub-experiment is summarised in both this and the reference {reference_directory}",
                         results_directory)
    for holder, summaries in (("reference", references), ("result", results)):
        alone = [name for name in summaries if name not in both]
        if alone:
            print(f"note: sub-experiment(s) {', '.join(alone)} only in the {holder}: not compared", file=sys.stderr)
    differences = run_metadata.unlike_runs(results_directory, reference_directory)
    if differences:
        print(f"warning: {results_directory} was measured under other settings than the reference "
              f"{reference_directory} (result vs reference): {'; '.join(differences)}: not like with like",
              file=sys.stderr)
    reference_label = f"Reference: {reference_directory.resolve().name}"
    result_label = f"Result: {results_directory.resolve().name}"
    comparisons = [
        compare_summaries(name, read_summary(references[name]), read_summary(path), reference_label, result_label,
                          fail_threshold, path)
        for name, path in both.items()
    ]
    plots_directory = Path(plots_directory)
    for comparison in comparisons:
        write_csv(comparison.table, COMPARISON.path(plots_directory, comparison.subexperiment))
    return comparisons
