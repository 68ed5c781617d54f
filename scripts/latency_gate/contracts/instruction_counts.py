"""The code-path signal's files in a run directory (runner/counting.py writes them, the gate reads them).

instructions_<sub-experiment>.csv   one row per payload and process role (publisher, subscriber, or
                                    both for an intra-process run): what callgrind counted on that
                                    process's per-sample path, and that per round trip; a run with the
                                    cache simulation (--estimated-cycles) adds the estimated cycles per
                                    round trip (runner/counting.py estimated_cycles: iai-callgrind's
                                    EstimatedCycles)
functions_<sub-experiment>.csv      one row per payload and function: the function's inclusive
                                    instructions per round trip on that path, all processes summed

Per round trip: the count divided by the round trips the program made for that payload
(LatencyTest: the samples plus the one it drops). Readers validate like formats.py (InputError
naming the file and the bad cell); writers are atomic.
"""

from pathlib import Path

from latency_gate.contracts.formats import read_table, require_unique

BYTES, ROLE, ROUND_TRIPS = "Bytes", "Role", "Round trips"
INSTRUCTIONS, PER_ROUND_TRIP = "Instructions", "Instructions per round trip"
CYCLES_PER_ROUND_TRIP = "Estimated cycles per round trip"
FUNCTION, INCLUSIVE = "Function", "Inclusive per round trip"
COUNTS_COLUMNS = (BYTES, ROLE, ROUND_TRIPS, INSTRUCTIONS, PER_ROUND_TRIP)  # then CYCLES_PER_ROUND_TRIP, if simulated
FUNCTIONS_COLUMNS = (BYTES, FUNCTION, INCLUSIVE)


def counts_path(directory, subexperiment):
    return Path(directory) / f"instructions_{subexperiment}.csv"


def functions_path(directory, subexperiment):
    return Path(directory) / f"functions_{subexperiment}.csv"


def read_counts(path):
    simulated = (CYCLES_PER_ROUND_TRIP,) if CYCLES_PER_ROUND_TRIP in _header(path) else ()
    frame = read_table(path, COUNTS_COLUMNS + simulated,
                       numeric=(BYTES, ROUND_TRIPS, INSTRUCTIONS, PER_ROUND_TRIP, *simulated),
                       integer=(BYTES, ROUND_TRIPS, INSTRUCTIONS))
    require_unique(frame, [BYTES, ROLE], path)
    return frame


def _header(path):
    """The CSV's first line ('' when it cannot be read: read_table says why)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as lines:
            return lines.readline().strip().split(",")
    except OSError:
        return []


def simulated(counts):
    """Whether a run's counts hold the cache simulation's estimated cycles."""
    return CYCLES_PER_ROUND_TRIP in counts


def per_round_trip(counts, column=PER_ROUND_TRIP):
    """Instructions (or estimated cycles) per round trip of each payload, every process of the run summed."""
    return counts.groupby(BYTES, sort=True)[column].sum()


def read_functions(path):
    frame = read_table(path, FUNCTIONS_COLUMNS, numeric=(BYTES, INCLUSIVE), integer=(BYTES,))
    require_unique(frame, [BYTES, FUNCTION], path)
    return frame
