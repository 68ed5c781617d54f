"""Sub-experiment summaries: the spec's summary statistics per payload.

The numbers match the reference Fast DDS benchmarking scripts on the same input:
numpy's default (linear) percentile, population standard deviation, and jitter as the
absolute difference of consecutive samples of one payload in file order. Payloads keep
their order of first appearance.
"""

import numpy as np

from latency_gate.contracts.formats import LATENCY, PAYLOAD, SUMMARY_COLUMNS
from latency_gate.errors import InputError

PERCENTILES = {"90%": 90, "99%": 99, "99.99%": 99.99}


def payload_series(measurements):
    """[(payload, latencies in file order)] with payloads in order of first appearance
    (measurements: a frame, or formats.read_measurement_columns' arrays)."""
    payloads = np.asarray(measurements[PAYLOAD])
    latencies = np.asarray(measurements[LATENCY], dtype=np.float64)
    unique, first_index, inverse = np.unique(payloads, return_index=True, return_inverse=True)
    appearance = np.argsort(first_index)
    # A stable sort by payload keeps each payload's samples in file order.
    order = np.argsort(inverse, kind="stable")
    bounds = np.cumsum(np.bincount(inverse, minlength=len(unique)))
    groups = np.split(latencies[order], bounds[:-1])
    return [(int(unique[i]), np.ascontiguousarray(groups[i])) for i in appearance]


def summary_rows(measurements, source=None):
    """One row (a tuple in SUMMARY_COLUMNS order) per payload, with numpy alone."""
    rows = []
    for payload, latency in payload_series(measurements):
        if latency.size < 2:
            raise InputError(f"payload {payload} has {latency.size} sample; jitter needs at least 2", source)
        # Latencies near the float limit overflow a sum or a difference: refused below, not warned about.
        with np.errstate(over="ignore", invalid="ignore"):
            jitter = np.abs(np.diff(latency))
            row = (payload, latency.size, np.max(latency), np.min(latency), np.mean(latency),
                   np.median(latency), np.std(latency), np.mean(jitter), np.max(jitter),
                   *np.percentile(latency, list(PERCENTILES.values())))
        for column, value in zip(SUMMARY_COLUMNS, row):
            if not np.isfinite(value):
                raise InputError(f"payload {payload}: {column} is not a finite number (latencies too large)", source)
        rows.append(row)
    return rows


def summarise(measurements, source=None):
    """One summary row per payload, columns exactly the spec's SUMMARY_COLUMNS."""
    import pandas as pd  # the frame's; summary_rows needs none

    return pd.DataFrame(summary_rows(measurements, source), columns=list(SUMMARY_COLUMNS))
