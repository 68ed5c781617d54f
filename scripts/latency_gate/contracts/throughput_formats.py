"""The throughput specification's CSV formats (throughput-test-specification.md): columns,
the test grid, validated reading. File names are the latency spec's (measurements_<sub-
experiment>.csv, its _summary.csv, checks_<sub-experiment>.csv), as Fast DDS's
throughput_tests.py writes them, so a throughput run has a results directory of its own
(metadata.json says "kind": "throughput"). Writing and error reporting are formats'.
"""

import numpy as np

from latency_gate.contracts.formats import (
    SUBEXPERIMENTS, negative, not_positive, read_check_report, read_numeric, read_table, require_not_negative,
    require_rules, require_unique,
)
from latency_gate.errors import InputError

PAYLOAD, DEMAND, RECOVERY = "Payload [Bytes]", "Demand [sample/burst]", "Recovery time [ms]"
SENT, PUBLICATION_TIME = "Sent [samples]", "Publication time [us]"
PUBLICATION_RATE, PUBLICATION_THROUGHPUT = "Publication sample rate [Sample/s]", "Publication throughput [Mb/s]"
RECEIVED, LOST = "Received [samples]", "Lost [samples]"
SUBSCRIPTION_TIME = "Subscription time [us]"
SUBSCRIPTION_RATE, THROUGHPUT = "Subscription sample rate [Sample/s]", "Subscription throughput [Mb/s]"
MEASUREMENT_COLUMNS = (
    PAYLOAD, DEMAND, RECOVERY, SENT, PUBLICATION_TIME, PUBLICATION_RATE, PUBLICATION_THROUGHPUT,
    RECEIVED, LOST, SUBSCRIPTION_TIME, SUBSCRIPTION_RATE, THROUGHPUT,
)
SUMMARY_COLUMNS = MEASUREMENT_COLUMNS  # one row per payload: its case of highest subscription throughput
CASE = (PAYLOAD, DEMAND, RECOVERY)
COUNTS = (PAYLOAD, DEMAND, RECOVERY, SENT, RECEIVED, LOST)

EXPERIMENT_TYPE = "Experiment type"
REQUIREMENTS_COLUMNS = (EXPERIMENT_TYPE, PAYLOAD, LOST, THROUGHPUT)
# A requirement's direction: throughput is a floor (the experiment must not be below it),
# lost samples a ceiling (must not be above it). Spec order of the checks: its columns'.
CHECKED_MAGNITUDES = (LOST, THROUGHPUT)
FLOORS = frozenset({THROUGHPUT})
CHECK_COLUMNS = ("Check", PAYLOAD, "Requirement", "Experiment", "Difference", "Percentage over requirement", "Status")

# The specification's grid: every sub-experiment runs every case, 1 s each (330 cases).
PAYLOADS = tuple(2**n for n in range(4, 15))  # 16 .. 16384 bytes
DEMANDS = (100, 1000, 10000, 30000, 50000)
RECOVERY_TIMES_MS = (0, 20, 40, 60, 80, 100)
TEST_TIME_S = 1


def read_measurements(path):
    """One row per case (payload, demand, recovery time), counts whole and not negative."""
    return _validated(read_table(path, MEASUREMENT_COLUMNS, MEASUREMENT_COLUMNS, integer=COUNTS), path)


def read_measurement_columns(path):
    """read_measurements' columns as numpy arrays ({column: array}), without pandas."""
    return _validated(read_numeric(path, MEASUREMENT_COLUMNS, read_measurements, integers=COUNTS), path)


def _validated(table, path):
    require_rules(row_rules(table), path)
    require_unique(table, list(CASE), path)
    return table


def row_rules(table):
    """(the rows that break it, what is wrong) for each rule of a measurements row, and so of a
    summary's (its best case per payload), in the order they are named (table: a frame, or
    read_numeric's arrays); the batch reader takes the rows of all."""
    for column in MEASUREMENT_COLUMNS:
        yield negative(table, column)
    yield not_positive(table, PAYLOAD)


def unaccounted(table):
    """A rule of a program's row as the runner stores it: every sample sent is received or lost
    (Lost = Sent - Received, docs/throughput.md). Not a rule of the spec's files: Fast DDS 2.9.1's
    ThroughputTest counted neither the samples lost after the last one received nor the writes
    that failed, and runs recorded with it are still read."""
    sent, received, lost = (np.asarray(table[column], dtype=np.int64) for column in (SENT, RECEIVED, LOST))
    broken = received + lost != sent
    first = int(np.argmax(broken))
    return broken, (f"{RECEIVED} + {LOST} ({received[first]} + {lost[first]}) is not {SENT} ({sent[first]}): "
                    "every sample sent is received or lost")


def read_summary(path):
    frame = read_measurements(path)
    require_unique(frame, [PAYLOAD], path)
    return frame


def read_summary_columns(path):
    """read_summary's columns as numpy arrays ({column: array}), without pandas."""
    columns = read_measurement_columns(path)
    require_unique(columns, [PAYLOAD], path)
    return columns


def read_requirements(path):
    return _validated_requirements(read_table(path, REQUIREMENTS_COLUMNS, REQUIREMENTS_COLUMNS[1:],
                                              integer=(PAYLOAD,)), path)


def read_requirements_columns(path):
    """read_requirements' columns as numpy arrays ({column: array}), without pandas."""
    return _validated_requirements(read_numeric(path, REQUIREMENTS_COLUMNS, read_requirements, integers=(PAYLOAD,),
                                                texts=(EXPERIMENT_TYPE,)), path)


def _validated_requirements(table, path):
    for row, name in enumerate(table[EXPERIMENT_TYPE]):
        if name not in SUBEXPERIMENTS:
            raise InputError(f"unknown sub-experiment '{name}'", path, row + 2)
    require_not_negative(table, REQUIREMENTS_COLUMNS[1:], path)
    require_unique(table, [EXPERIMENT_TYPE, PAYLOAD], path)
    return table


def read_checks(path):
    return read_check_report(path, CHECK_COLUMNS, PAYLOAD, CHECKED_MAGNITUDES)


def demands_text(payloads, demands):
    """ThroughputTest's demands file: one line per payload, `payload;demand;demand;...`."""
    return "".join(f"{payload};{';'.join(map(str, demands))}\n" for payload in payloads)


def recoveries_text(recovery_times_ms):
    """ThroughputTest's recoveries file: `time;time;...` on one line."""
    return ";".join(map(str, recovery_times_ms)) + "\n"
