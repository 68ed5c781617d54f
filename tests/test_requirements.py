"""Requirements are each magnitude's percentile across runs (spec: 99th), per sub-experiment and payload."""

import numpy as np
import pandas as pd
import pytest

from latency_gate import formats, requirements
from latency_gate.errors import InputError


def write_run(root, name, medians, subexperiments=("intraprocess_best_effort", "interprocess_reliable")):
    for subexperiment in subexperiments:
        payloads = list(medians)
        frame = pd.DataFrame({c: 1.0 for c in formats.SUMMARY_COLUMNS}, index=range(len(payloads)))
        frame["Bytes"] = payloads
        frame["Samples"] = 100
        frame["Median"] = list(medians.values())
        frame["99%"] = [2 * m for m in medians.values()]
        frame["Max"] = [10 * m for m in medians.values()]
        formats.write_csv(frame, formats.summary_path(root / name, subexperiment))
    return root / name


def test_requirements_are_the_linear_percentile_of_each_magnitude_across_runs(tmp_path):
    medians = [1.0, 2.0, 3.0, 4.0, 10.0]
    runs = [write_run(tmp_path, f"run{i}", {16: m, 32: m + 1}) for i, m in enumerate(medians)]
    derived = requirements.derive_requirements(runs, percentile=90)
    assert list(derived.columns) == list(formats.REQUIREMENTS_COLUMNS)
    assert derived["Experiment type"].tolist() == ["intraprocess_best_effort"] * 2 + ["interprocess_reliable"] * 2
    first = derived.iloc[0]
    assert first["Bytes"] == 16
    assert first["Median"] == pytest.approx(np.percentile(medians, 90))  # 7.6, between 4 and 10
    assert first["99%"] == pytest.approx(np.percentile([2 * m for m in medians], 90))
    assert first["Max"] == pytest.approx(np.percentile([10 * m for m in medians], 90))


def test_the_default_percentile_is_the_spec_99th():
    assert requirements.DEFAULT_PERCENTILE == 99


def test_runs_are_found_below_the_results_directory_in_name_order(tmp_path):
    for name in ["b", "a", "c"]:
        write_run(tmp_path, name, {16: 1.0})
    (tmp_path / "empty").mkdir()
    assert [p.name for p in requirements.run_directories(tmp_path)] == ["a", "b", "c"]


def test_runs_whose_payloads_differ_are_bad_input(tmp_path):
    runs = [write_run(tmp_path, "a", {16: 1.0, 32: 1.0}), write_run(tmp_path, "b", {16: 1.0})]
    with pytest.raises(InputError, match=r"b/measurements_intraprocess_best_effort_summary.csv: payloads of "):
        requirements.derive_requirements(runs)


def test_a_results_directory_without_runs_is_bad_input(tmp_path):
    with pytest.raises(InputError, match="no run directories with summaries"):
        requirements.run_directories(tmp_path)
