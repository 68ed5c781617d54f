"""Summaries are those of the reference scripts: numpy statistics per payload, in file order."""

import statistics as pystats

import numpy as np
import pandas as pd
import pytest

from latency_gate.analysis.statistics import summarise
from latency_gate.contracts import formats
from latency_gate.errors import InputError
from latency_gate_testing import factories

pytestmark = pytest.mark.unit


def reference_summary_row(latencies):
    """The spec's statistics written out independently of the implementation."""
    values = sorted(latencies)

    def linear_percentile(q):
        position = (len(values) - 1) * q / 100
        low = int(np.floor(position))
        high = min(low + 1, len(values) - 1)
        return values[low] + (values[high] - values[low]) * (position - low)

    jitter = [abs(b - a) for a, b in zip(latencies, latencies[1:])]
    return [max(values), min(values), pystats.fmean(latencies), pystats.median(latencies),
            pystats.pstdev(latencies), pystats.fmean(jitter), max(jitter),
            linear_percentile(90), linear_percentile(99), linear_percentile(99.99)]


def test_summary_has_the_spec_columns_and_one_row_per_payload_in_order_of_first_appearance():
    frame = pd.DataFrame({
        formats.SAMPLE: range(1, 7),
        formats.PAYLOAD: [64, 64, 16, 16, 32, 32],
        formats.LATENCY: [3.0, 4.0, 1.0, 2.0, 5.0, 9.0],
    })
    summary = summarise(frame)
    assert list(summary.columns) == list(formats.SUMMARY_COLUMNS)
    assert list(summary["Bytes"]) == [64, 16, 32]
    assert list(summary["Samples"]) == [2, 2, 2]


def test_jitter_is_taken_between_consecutive_samples_of_one_payload_in_file_order():
    # The payloads interleave; jitter must not mix them and must keep file order.
    frame = pd.DataFrame({
        formats.SAMPLE: range(1, 7),
        formats.PAYLOAD: [16, 32, 16, 32, 16, 32],
        formats.LATENCY: [1.0, 100.0, 4.0, 100.0, 2.0, 130.0],
    })
    summary = summarise(frame).set_index("Bytes")
    assert summary.at[16, "Mean jitter"] == pytest.approx((3 + 2) / 2)
    assert summary.at[16, "Max jitter"] == 3
    assert summary.at[32, "Max jitter"] == 30


def test_statistics_equal_an_independent_computation_to_the_last_digit_written():
    frame = factories.measurements("interprocess_best_effort", payloads=(16, 1024), samples=5000, seed=3)
    summary = summarise(frame)
    for row in summary.itertuples(index=False):
        latencies = frame.loc[frame[formats.PAYLOAD] == row[0], formats.LATENCY].tolist()
        expected = reference_summary_row(latencies)
        assert [f"{v:.3f}" for v in row[2:]] == [f"{v:.3f}" for v in expected]
        assert list(row[2:]) == pytest.approx(expected, rel=1e-12)


def test_summary_csv_is_comma_separated_with_three_decimal_floats(tmp_path):
    frame = pd.DataFrame({
        formats.SAMPLE: [1, 2, 3],
        formats.PAYLOAD: [16, 16, 16],
        formats.LATENCY: [2.05575, 1.65225, 1.55675],
    })
    formats.write_csv(summarise(frame), tmp_path / "summary.csv")
    assert (tmp_path / "summary.csv").read_text() == (
        "Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%\n"
        "16,3,2.056,1.557,1.755,1.652,0.216,0.250,0.404,1.975,2.048,2.056\n"
    )


def test_a_payload_with_a_single_sample_is_rejected_because_jitter_needs_two():
    frame = pd.DataFrame({formats.SAMPLE: [1], formats.PAYLOAD: [16], formats.LATENCY: [1.0]})
    with pytest.raises(InputError, match="payload 16 has 1 sample"):
        summarise(frame, "measurements_x.csv")


def test_latencies_so_large_that_a_statistic_overflows_are_refused_naming_the_source():
    frame = pd.DataFrame({formats.SAMPLE: [1, 2, 3], formats.PAYLOAD: [16] * 3, formats.LATENCY: [1e308, 0.0, 1e308]})
    with np.errstate(all="raise"):  # and no numpy warning on the way
        with pytest.raises(InputError, match=r"^measurements_x.csv: payload 16: Mean is not a finite number"):
            summarise(frame, "measurements_x.csv")
