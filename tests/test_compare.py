"""Comparing a result against a reference ("Compare Experiments" in the spec)."""

import pandas as pd
import pytest

import drawn
from latency_gate.cli import compare_experiments
from latency_gate.contracts import formats
from latency_gate.runner.run_spec import RunSpec
from latency_gate.errors import InputError
from latency_gate.render import plots


def write_summary(directory, subexperiment, scale, payloads=(16, 32)):
    frame = pd.DataFrame({c: 2.0 * scale for c in formats.SUMMARY_COLUMNS}, index=range(len(payloads)))  # the median's
    frame["Bytes"] = list(payloads)
    frame["Samples"] = 10000
    for column, value in {"Min": 1.0, "Median": 2.0, "Max": 20.0, "99%": 5.0}.items():
        frame[column] = value * scale
    formats.write_csv(frame, formats.summary_path(directory, subexperiment))


@pytest.mark.unit
def test_a_result_within_the_threshold_passes_and_one_beyond_fails(tmp_path):
    write_summary(tmp_path / "reference", "intraprocess_best_effort", 1.0)
    write_summary(tmp_path / "reference", "intraprocess_reliable", 1.0)
    write_summary(tmp_path / "result", "intraprocess_best_effort", 1.1)  # exactly at the 10% limit
    write_summary(tmp_path / "result", "intraprocess_reliable", 1.2)
    comparisons = compare_experiments.compare_experiments(tmp_path / "reference", tmp_path / "result", tmp_path / "plots")
    assert [(c.subexperiment, c.passed) for c in comparisons] == [
        ("intraprocess_best_effort", True), ("intraprocess_reliable", False),
    ]
    failed = comparisons[1].regressions
    assert len(failed) == 8  # 4 magnitudes x 2 payloads
    assert failed["Ratio"].to_numpy() == pytest.approx(1.2)


@pytest.mark.unit
def test_the_comparison_csv_holds_both_summaries_labelled_by_directory(tmp_path):
    write_summary(tmp_path / "2019-12-20_10-15-16", "intraprocess_best_effort", 1.0)
    write_summary(tmp_path / "2020-02-19_14-07-41", "intraprocess_best_effort", 2.0)
    compare_experiments.compare_experiments(tmp_path / "2019-12-20_10-15-16", tmp_path / "2020-02-19_14-07-41", tmp_path / "plots")
    lines = (tmp_path / "plots" / "intraprocess_best_effort_comparison.csv").read_text().splitlines()
    assert lines[0] == "Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%,Label"
    assert lines[1] == "16,10000,20.000,1.000,2.000,2.000,2.000,2.000,2.000,2.000,5.000,2.000,Reference: 2019-12-20_10-15-16"
    assert lines[4] == "32,10000,40.000,2.000,4.000,4.000,4.000,4.000,4.000,4.000,10.000,4.000,Result: 2020-02-19_14-07-41"


@pytest.mark.unit
def test_the_comparison_plots_draw_the_reference_in_reds_and_the_result_in_blues(tmp_path, rendered_plots):
    write_summary(tmp_path / "reference", "intraprocess_best_effort", 1.0)
    write_summary(tmp_path / "result", "intraprocess_best_effort", 3.0)

    compare_experiments.compare_experiments(tmp_path / "reference", tmp_path / "result", tmp_path / "plots")

    min_median, max_99 = (tmp_path / "plots" / f"intraprocess_best_effort_{name}.png" for name in ("min_median", "max_99%"))
    assert set(rendered_plots) == {min_median, max_99}
    assert rendered_plots.series(min_median.name) == {
        "Reference: reference Min": [1.0, 1.0], "Reference: reference Median": [2.0, 2.0],
        "Result: result Min": [3.0, 3.0], "Result: result Median": [6.0, 6.0]}
    assert rendered_plots.series(max_99.name) == {
        "Reference: reference Max": [20.0, 20.0], "Reference: reference 99%": [5.0, 5.0],
        "Result: result Max": [60.0, 60.0], "Result: result 99%": [15.0, 15.0]}
    assert rendered_plots[max_99].title == "intraprocess_best_effort: Max and 99% comparison"
    assert [one.color for one in rendered_plots[max_99].data["series"]] == [*plots.REFERENCE_COLORS,
                                                                            *plots.RESULT_COLORS]
    assert drawn.drawing(tmp_path / "expected", *rendered_plots.values()) == {
        png.name: png.read_bytes() for png in (min_median, max_99)}  # the files are those drawings


@pytest.mark.unit
@pytest.mark.parametrize("threshold", [-0.1, float("nan")])
def test_a_fail_threshold_below_zero_or_not_a_number_is_bad_input(tmp_path, threshold):
    """A threshold of nan compares false with every ratio: every result would pass."""
    write_summary(tmp_path / "reference", "intraprocess_best_effort", 1.0)
    write_summary(tmp_path / "result", "intraprocess_best_effort", 3.0)
    with pytest.raises(InputError, match=f"fail threshold must be a number of 0 or more, got {threshold}"):
        compare_experiments.compare_experiments(tmp_path / "reference", tmp_path / "result", tmp_path / "plots",
                                                threshold)
    assert not (tmp_path / "plots").exists()


@pytest.mark.unit
def test_only_the_sub_experiments_both_hold_are_compared_and_the_others_are_named(tmp_path, capsys):
    """The spec: "for each sub-experiment present in both reference and target experiments"."""
    write_summary(tmp_path / "reference", "intraprocess_best_effort", 1.0)
    write_summary(tmp_path / "reference", "intraprocess_reliable", 1.0)
    write_summary(tmp_path / "result", "intraprocess_best_effort", 1.0)
    write_summary(tmp_path / "result", "interprocess_reliable_tcp", 9.0)

    comparisons = compare_experiments.compare_experiments(tmp_path / "reference", tmp_path / "result", tmp_path / "plots")

    assert [comparison.subexperiment for comparison in comparisons] == ["intraprocess_best_effort"]
    assert sorted(path.name for path in (tmp_path / "plots").glob("*.csv")) == ["intraprocess_best_effort_comparison.csv"]
    assert capsys.readouterr().err.splitlines() == [
        "note: sub-experiment(s) intraprocess_reliable only in the reference: not compared",
        "note: sub-experiment(s) interprocess_reliable_tcp only in the result: not compared"]


@pytest.mark.unit
def test_experiments_sharing_no_sub_experiment_are_bad_input_and_nothing_is_written(tmp_path):
    write_summary(tmp_path / "reference", "intraprocess_best_effort", 1.0)
    write_summary(tmp_path / "result", "intraprocess_reliable", 1.0)
    with pytest.raises(InputError, match="no sub-experiment is summarised in both this and the reference"):
        compare_experiments.compare_experiments(tmp_path / "reference", tmp_path / "result", tmp_path / "plots")
    assert not (tmp_path / "plots").exists()


@pytest.mark.unit
def test_payloads_are_matched_by_size_whatever_their_order_and_those_of_one_side_are_named(tmp_path, capsys):
    write_summary(tmp_path / "reference", "intraprocess_best_effort", 1.0, payloads=(64, 32, 16))
    write_summary(tmp_path / "result", "intraprocess_best_effort", 1.0, payloads=(16, 32, 128))
    write_summary(tmp_path / "result-slower", "intraprocess_best_effort", 1.2, payloads=(32, 16))

    same, slower = (compare_experiments.compare_experiments(tmp_path / "reference", tmp_path / name, tmp_path / name)[0]
                    for name in ("result", "result-slower"))

    assert same.passed and not slower.passed
    assert sorted(set(slower.regressions["Bytes"])) == [16, 32] and len(slower.regressions) == 8
    assert capsys.readouterr().err.splitlines() == [
        "note: 'intraprocess_best_effort': payload(s) 64 only in the reference: not compared",
        "note: 'intraprocess_best_effort': payload(s) 128 only in the result: not compared",
        "note: 'intraprocess_best_effort': payload(s) 64 only in the reference: not compared"]
    assert len(same.table) == 6  # the comparison CSV holds both summaries whole, as the spec's


@pytest.mark.unit
def test_summaries_sharing_no_payload_are_bad_input_and_nothing_is_written(tmp_path):
    write_summary(tmp_path / "reference", "intraprocess_best_effort", 1.0, payloads=(16, 32))
    write_summary(tmp_path / "result", "intraprocess_best_effort", 1.0, payloads=(64,))
    with pytest.raises(InputError, match=r"'intraprocess_best_effort': the result's payloads \[64\] and the "
                                         r"reference's \[16, 32\] share none"):
        compare_experiments.compare_experiments(tmp_path / "reference", tmp_path / "result", tmp_path / "plots")
    assert not (tmp_path / "plots").exists()


@pytest.mark.programs
def test_experiments_measured_under_other_settings_are_compared_with_a_warning_saying_how_they_differ(tmp_path,
                                                                                                    capsys):
    from latency_gate import cli
    from latency_gate.contracts import run_metadata
    from latency_gate.runner import experiment

    for name, preset in (("reference", False), ("result", True)):
        assert experiment.run_experiment(tmp_path / name, RunSpec(subexperiments=["intraprocess_best_effort"],
                                                                  samples=100, payloads=(16,), baseline_s=0,
                                                                  timeout_s=60, realtime_preset=preset)) == 0
        assert cli.main(["process", "--experiment-directory", str(tmp_path / name), "--no-plots"]) == 0
    capsys.readouterr()

    compare_experiments.compare_experiments(tmp_path / "reference", tmp_path / "result", tmp_path / "plots")

    warning = capsys.readouterr().err
    assert f"warning: {tmp_path / 'result'} was measured under other settings than the reference" in warning
    # Each difference the runs recorded (what the platform granted of the preset), pinning at least.
    differences = run_metadata.unlike_runs(tmp_path / "result", tmp_path / "reference")
    assert "publisher CPUs: 0 vs none" in differences
    assert all(difference in warning for difference in differences)
    compare_experiments.compare_experiments(tmp_path / "result", tmp_path / "result", tmp_path / "plots")
    assert "warning" not in capsys.readouterr().err
