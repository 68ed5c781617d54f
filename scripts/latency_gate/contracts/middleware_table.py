"""middleware_comparison.csv, `latency-gate compare-middleware`'s table: the one module that knows
its name and columns (campaigns/middleware_comparison.py computes it; render/comparison_report.py
draws it for people). One row per middleware, sub-experiment and payload, pooled over the rounds:
the latency summary's magnitudes (us), the floor's median of the same cell, and the overhead, the
middleware's median minus that floor's (us).
"""

from pathlib import Path

from latency_gate.contracts.formats import write_csv

FILE = "middleware_comparison.csv"
MIDDLEWARE, EXPERIMENT = "Middleware", "Experiment type"
FLOOR_MEDIAN, OVERHEAD = "Floor median", "Overhead"
MAGNITUDES = ("Min", "Mean", "Median", "99%")
COLUMNS = (MIDDLEWARE, EXPERIMENT, "Bytes", "Samples", *MAGNITUDES, FLOOR_MEDIAN, OVERHEAD)


def path(results_directory):
    return Path(results_directory) / FILE


def write(table, results_directory):
    """The table, its COLUMNS in their order, into the comparison's results directory; its path."""
    target = path(results_directory)
    write_csv(table[list(COLUMNS)], target)
    return target
