"""The two kinds of experiment the toolkit runs: latency (latency-test-specification.txt)
and throughput (throughput-test-specification.md).

Both specifications share their steps (run, process, check, history, requirements) and
file names; they differ in columns, in what a summary is, and in which way is better. A
Kind holds what differs, so that checks, requirements and history are written once:
- payload: the column naming the payload in summaries, requirements and check reports;
- magnitudes: the checked magnitudes in spec order, with their units;
- floors: the magnitudes a requirement bounds from below (throughput: higher is better);
  every other magnitude is bounded from above (latency, lost samples);
- percentiles: where a requirement sits in many runs' values of a magnitude. The spec
  says 99 for both kinds; for a floor that would fail 99% of runs like the ones it came
  from, so a floor sits at the 1st percentile (see README, "Throughput");
- trended: the magnitudes a history is searched for change points in (changepoints.py).

A history has a third kind of line, INSTRUCTIONS: a counted run's (--signal instructions)
instructions per round trip (contracts/instruction_counts.py). It is no kind of experiment (the
run measured latency, under valgrind) and no requirement applies to counts, so it has no
requirements, checks or measurements of its own; of_line says which line a stored run is on.
"""

from dataclasses import dataclass

from latency_gate.analysis import statistics, throughput
from latency_gate.contracts import formats, instruction_counts, run_metadata, throughput_formats
from latency_gate.errors import InputError


@dataclass(frozen=True)
class Kind:
    name: str
    title: str
    payload: str
    magnitudes: tuple
    units: dict
    floors: frozenset
    summary_columns: tuple
    integers: tuple  # the summary's columns of whole numbers
    requirements_columns: tuple
    check_columns: tuple
    read_measurements: object
    read_summary: object
    read_requirements: object
    read_checks: object
    summarise: object  # (measurements, source) -> summary frame
    # Latency: the typical and the tail round trip. Throughput: the best case's rate; its lost
    # samples are mostly 0, a level with no scale to shift by.
    trended: tuple

    def is_floor(self, magnitude):
        return magnitude in self.floors

    def default_percentile(self, magnitude, percentile):
        """The percentile a requirement of `magnitude` is taken at, given the ceilings' one."""
        return 100 - percentile if self.is_floor(magnitude) else percentile

    def unit(self, magnitude):
        return self.units[magnitude]


LATENCY = Kind(
    name="latency", title="Latency", payload="Bytes", magnitudes=formats.CHECKED_MAGNITUDES,
    units={magnitude: "us" for magnitude in formats.CHECKED_MAGNITUDES}, floors=frozenset(),
    summary_columns=formats.SUMMARY_COLUMNS, integers=("Bytes", "Samples"),
    requirements_columns=formats.REQUIREMENTS_COLUMNS,
    check_columns=formats.CHECK_COLUMNS, read_measurements=formats.read_measurements,
    read_summary=formats.read_summary, read_requirements=formats.read_requirements, read_checks=formats.read_checks,
    summarise=statistics.summarise, trended=("Median", "99%"),
)
THROUGHPUT = Kind(
    name="throughput", title="Throughput", payload=throughput_formats.PAYLOAD,
    magnitudes=throughput_formats.CHECKED_MAGNITUDES,
    units={throughput_formats.LOST: "samples", throughput_formats.THROUGHPUT: "Mb/s"},
    floors=throughput_formats.FLOORS, summary_columns=throughput_formats.SUMMARY_COLUMNS,
    integers=throughput_formats.COUNTS,
    requirements_columns=throughput_formats.REQUIREMENTS_COLUMNS, check_columns=throughput_formats.CHECK_COLUMNS,
    read_measurements=throughput_formats.read_measurements, read_summary=throughput_formats.read_summary,
    read_requirements=throughput_formats.read_requirements, read_checks=throughput_formats.read_checks,
    summarise=throughput.summarise, trended=(throughput_formats.THROUGHPUT,),
)
KINDS = {kind.name: kind for kind in (LATENCY, THROUGHPUT)}
INSTRUCTIONS = Kind(
    name="instructions", title="Instructions", payload=instruction_counts.BYTES, magnitudes=(),
    units={column: "instructions" for column in instruction_counts.CELL_COLUMNS[1:]}, floors=frozenset(),
    summary_columns=instruction_counts.CELL_COLUMNS, integers=(instruction_counts.BYTES,),
    requirements_columns=(), check_columns=(), read_measurements=None, read_summary=None,  # read_cells reads many
    read_requirements=None, read_checks=None, summarise=None, trended=(instruction_counts.PER_ROUND_TRIP,),
)
LINES = {**KINDS, INSTRUCTIONS.name: INSTRUCTIONS}  # the kinds of a history's lines


def kind(name):
    try:
        return KINDS[name]
    except KeyError:
        raise InputError(f"unknown kind '{name}' (known: {', '.join(KINDS)})") from None


def of_run(metadata):
    """The kind of a run from its metadata (runs from before throughput are latency runs)."""
    return kind(metadata.kind) if metadata else LATENCY


def line(name):
    """A history line's kind by name: an experiment's kind or INSTRUCTIONS."""
    if name not in LINES:
        raise InputError(f"unknown kind of history line '{name}' (known: {', '.join(LINES)})")
    return LINES[name]


def of_line(metadata):
    """The kind of history line a run is kept on: INSTRUCTIONS for a counted run, else its kind."""
    return INSTRUCTIONS if metadata and metadata.settings and metadata.settings.counted else of_run(metadata)


def of_runs(directories, given=None):
    """The one kind of many run directories: `given` (a --kind option), else what their
    metadata says; InputError naming a run of another kind."""
    found = given and kind(given)
    for directory in directories:
        metadata = run_metadata.read_if_present(directory)
        if metadata is None:
            continue
        recorded = of_run(metadata)
        if found and recorded is not found:
            raise InputError(f"a {recorded.name} run among {found.name} runs", directory)
        found = recorded
    return found or LATENCY
