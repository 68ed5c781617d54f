"""Comparing two experiments ("Compare Experiments" in the spec).

For every sub-experiment summary of the target (results) directory, the reference must
hold the same summary. A comparison fails when, for any payload, the target's Min,
Median, Max or 99% is above the reference's times (1 + fail threshold).
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
                      reference_source=None, result_source=None):
    if list(reference["Bytes"]) != list(result["Bytes"]):
        raise InputError(
            f"payloads of '{subexperiment}' differ: reference {list(reference['Bytes'])} "
            f"({reference_source}) vs result {list(result['Bytes'])}",
            result_source,
        )
    columns = list(COMPARED_MAGNITUDES)
    before = reference.set_index("Bytes")[columns]
    after = result.set_index("Bytes")[columns]
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
    if fail_threshold < 0:
        raise InputError(f"fail threshold must not be negative, got {fail_threshold}")
    reference_directory, results_directory = Path(reference_directory), Path(results_directory)
    references = find_summaries(reference_directory)
    results = find_summaries(results_directory)
    missing = [name for name in results if name not in references]
    if missing:
        raise InputError(f"sub-experiment(s) {', '.join(missing)} have no reference summary", reference_directory)
    differences = run_metadata.unlike_runs(results_directory, reference_directory)
    if differences:
        print(f"warning: {results_directory} was measured under other settings than the reference "
              f"{reference_directory} (result vs reference): {'; '.join(differences)}: not like with like",
              file=sys.stderr)
    reference_label = f"Reference: {reference_directory.resolve().name}"
    result_label = f"Result: {results_directory.resolve().name}"
    comparisons = [
        compare_summaries(name, read_summary(references[name]), read_summary(path), reference_label, result_label,
                          fail_threshold, references[name], path)
        for name, path in results.items()
    ]
    plots_directory = Path(plots_directory)
    for comparison in comparisons:
        write_csv(comparison.table, COMPARISON.path(plots_directory, comparison.subexperiment))
    return comparisons
