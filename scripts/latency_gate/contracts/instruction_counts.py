"""The code-path signal's files in a run directory (runner/counting.py writes them, the gate reads them).

instructions_<sub-experiment>.csv   one row per payload and process role (publisher, subscriber, or
                                    both for an intra-process run): what callgrind counted on that
                                    process's per-sample path, and that per round trip; a run with the
                                    cache simulation (--estimated-cycles) adds the estimated cycles per
                                    round trip (runner/counting.py estimated_cycles: iai-callgrind's
                                    EstimatedCycles)
functions_<sub-experiment>.csv      one row per payload and function: the function's inclusive
                                    instructions per round trip on that path, all processes summed
allocations_<sub-experiment>.csv    one row per payload, process and allocating function: its calls
                                    into the heap per round trip

Per round trip: the count divided by the round trips counted for that payload, as the program's
marks label them (the project's LatencyTest and programs: the samples kept), or, counted by
function names (a LatencyTest without the marks), the round trips it made: the samples plus the
one it drops. Readers validate like formats.py (InputError naming the file and the bad cell);
writers are atomic.

The history keeps a counted run's instructions_<sub-experiment>.csv (store/history.py) and reads
many at once as cells (read_cells): one row per run, sub-experiment and payload, the instructions
per round trip of all its processes and of each side.
"""

from pathlib import Path

from latency_gate.contracts.formats import FileName, read_batch, read_table, require_unique

BYTES, ROLE, ROUND_TRIPS = "Bytes", "Role", "Round trips"
INSTRUCTIONS, PER_ROUND_TRIP = "Instructions", "Instructions per round trip"
CYCLES_PER_ROUND_TRIP = "Estimated cycles per round trip"
# Calls into the heap (malloc, operator new, ...) from the counted path; runs before 2026-11-27 lack it.
ALLOCATIONS_PER_ROUND_TRIP = "Allocations per round trip"
FUNCTION, INCLUSIVE = "Function", "Inclusive per round trip"
# then ALLOCATIONS_PER_ROUND_TRIP and CYCLES_PER_ROUND_TRIP, where the run has them
COUNTS_COLUMNS = (BYTES, ROLE, ROUND_TRIPS, INSTRUCTIONS, PER_ROUND_TRIP)
FUNCTIONS_COLUMNS = (BYTES, FUNCTION, INCLUSIVE)
# allocations_<sub-experiment>.csv: per payload and process, each function that called the heap.
CALLER, PER_CALLER = "Allocating function", "Allocations per round trip"
ALLOCATIONS_COLUMNS = (BYTES, ROLE, CALLER, PER_CALLER)

# A cell of the history: all processes' instructions per round trip, and each side's (an
# inter-process run's publisher and subscriber; an intra-process run has one process, so none).
PUBLISHER_PER_ROUND_TRIP, SUBSCRIBER_PER_ROUND_TRIP = "Publisher per round trip", "Subscriber per round trip"
SIDES = {"publisher": PUBLISHER_PER_ROUND_TRIP, "subscriber": SUBSCRIBER_PER_ROUND_TRIP}
CELL_COLUMNS = (BYTES, PER_ROUND_TRIP, PUBLISHER_PER_ROUND_TRIP, SUBSCRIBER_PER_ROUND_TRIP)

COUNTS = FileName("instructions_", ".csv", "an instruction counts file name")
COUNTS_GLOB = COUNTS.glob
counts_path, is_counts, subexperiment_of_counts = COUNTS.path, COUNTS.matches, COUNTS.subexperiment
functions_path = FileName("functions_", ".csv", "a functions file name").path
allocations_path = FileName("allocations_", ".csv", "an allocations file name").path


def read_counts(path):
    header = _header(path)
    optional = tuple(column for column in (ALLOCATIONS_PER_ROUND_TRIP, CYCLES_PER_ROUND_TRIP) if column in header)
    frame = read_table(path, COUNTS_COLUMNS + optional,
                       numeric=(BYTES, ROUND_TRIPS, INSTRUCTIONS, PER_ROUND_TRIP, *optional),
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


def per_round_trip(counts, column=PER_ROUND_TRIP):
    """Instructions (or estimated cycles) per round trip of each payload, every process of the run summed."""
    return counts.groupby(BYTES, sort=True)[column].sum()


def read_allocations(path):
    """A run's allocating functions; a path without any allocation writes the header alone."""
    if _header(path) == list(ALLOCATIONS_COLUMNS) and len(Path(path).read_bytes().splitlines()) == 1:
        import pandas as pd  # here: runner/kinds imports this module, and the spec's process step no pandas
        return pd.DataFrame({column: [] for column in ALLOCATIONS_COLUMNS})
    frame = read_table(path, ALLOCATIONS_COLUMNS, numeric=(BYTES, PER_CALLER), integer=(BYTES,))
    require_unique(frame, [BYTES, ROLE, CALLER], path)
    return frame


def read_functions(path):
    frame = read_table(path, FUNCTIONS_COLUMNS, numeric=(BYTES, INCLUSIVE), integer=(BYTES,))
    require_unique(frame, [BYTES, FUNCTION], path)
    return frame


def read_cells(files, texts):
    """The cells of many runs' counts files, (run index, sub-experiment, path) triples as
    formats.read_batch takes them, parsed in one batch (a bad file gets read_counts' InputError
    naming it): one row per run, sub-experiment and payload with CELL_COLUMNS."""
    import pandas as pd  # here: runner/kinds imports this module, and the spec's process step no pandas

    # Batched in today's format (runs before it had no allocations column: each is read on its own).
    counts = read_batch(files, COUNTS_COLUMNS + (ALLOCATIONS_PER_ROUND_TRIP,), read_counts, texts, unique=(BYTES, ROLE),
                        integers=(BYTES, ROUND_TRIPS, INSTRUCTIONS), strings=(ROLE,))
    keys = ["run", "subexperiment", BYTES]
    total = counts.groupby(keys, sort=False)[PER_ROUND_TRIP].sum()
    sides = counts[counts[ROLE].isin(list(SIDES))].pivot(index=keys, columns=ROLE, values=PER_ROUND_TRIP)
    cells = pd.DataFrame({PER_ROUND_TRIP: total}).join(sides.rename(columns=SIDES))
    return cells.reindex(columns=list(CELL_COLUMNS[1:])).reset_index()
