"""Throughput summaries (throughput spec, "Create sub-experiment summaries").

A summary has, per payload, the case (demand x recovery time) with the highest
subscription throughput, all its columns as measured: the best the middleware did at
that payload on this grid. Ties go to the case measured first. Payloads ascend.
"""

import numpy as np

from latency_gate.contracts.throughput_formats import PAYLOAD, SUMMARY_COLUMNS, THROUGHPUT
from latency_gate.errors import InputError


def best_cases(measurements, source=None):
    """Per payload, ascending, the row index of its case of highest subscription throughput,
    the first measured of equals (measurements: a frame, or read_measurement_columns' arrays)."""
    payloads = np.asarray(measurements[PAYLOAD])
    if payloads.size == 0:
        raise InputError("no cases measured", source)
    throughput = np.asarray(measurements[THROUGHPUT], dtype=float)
    order = np.lexsort((np.arange(payloads.size), -throughput, payloads))  # by payload, best first, file order
    firsts = np.r_[True, payloads[order][1:] != payloads[order][:-1]]
    return order[firsts]


def summary_rows(measurements, source=None):
    """One row (a tuple in SUMMARY_COLUMNS order) per payload, with numpy alone."""
    best = best_cases(measurements, source)
    columns = [np.asarray(measurements[column])[best].tolist() for column in SUMMARY_COLUMNS]
    return list(zip(*columns))


def summarise(measurements, source=None):
    """One row per payload: its case of highest subscription throughput."""
    best = best_cases(measurements, source)
    return measurements.loc[measurements.index[best], list(SUMMARY_COLUMNS)].reset_index(drop=True)
