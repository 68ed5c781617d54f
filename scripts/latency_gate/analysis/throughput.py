"""Throughput summaries (throughput spec, "Create sub-experiment summaries").

A summary has, per payload, the case (demand x recovery time) with the highest
subscription throughput, all its columns as measured: the best the middleware did at
that payload on this grid. Ties go to the case measured first. Payloads ascend.
"""

from latency_gate.contracts.throughput_formats import PAYLOAD, SUMMARY_COLUMNS, THROUGHPUT
from latency_gate.errors import InputError


def summarise(measurements, source=None):
    """One row per payload: its case of highest subscription throughput."""
    if measurements.empty:
        raise InputError("no cases measured", source)
    best = measurements.groupby(PAYLOAD, sort=True)[THROUGHPUT].idxmax()
    return measurements.loc[best.to_numpy(), list(SUMMARY_COLUMNS)].reset_index(drop=True)
