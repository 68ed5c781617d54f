"""The two kinds of experiment the toolkit runs: latency (LatencyTest and its kin, the latency
specification) and throughput (ThroughputTest, the throughput specification).

Both specifications share their steps (run, process, check, history, requirements) and file
names, and the runner (experiment.py, subexperiment.py) is the same for both: leased domain
and port, topology, real-time settings, process groups, time-outs, retries, metadata. A Kind
holds what differs, so that everything else is written once:
- its files: the column naming the payload in summaries, requirements and check reports; the
  checked magnitudes in spec order, with their units; the columns and readers (contracts/);
- floors: the magnitudes a requirement bounds from below (throughput: higher is better);
  every other magnitude is bounded from above (latency, lost samples);
- percentiles: where a requirement sits in many runs' values of a magnitude. The spec says 99
  for both kinds; for a floor that would fail 99% of runs like the ones it came from, so a
  floor sits at the 1st percentile (docs/throughput.md);
- trended: the magnitudes a history is searched for change points in (analysis/changepoints.py);
- signals: what the gate can measure it by; the instructions signal (runner/counting.py)
  counts latency round trips;
- families: the sub-experiment families it runs (contracts/formats.FAMILIES): the shared-memory
  family is a latency extension;
- its run: the program's input files (payloads; or demands and recovery times) and the
  arguments naming them and its export, the CPUs a role is pinned to, how long a
  sub-experiment may take, and how its raw export becomes measurements_<sub-experiment>.csv.
Each backend has a program per kind it runs (runner/middleware/interface.Program). What a
summary is of a kind's measurements is the analysis layer's (analysis/processing.summarise).

A history has a third kind of line, INSTRUCTIONS: a counted run's (--signal instructions)
instructions per round trip (contracts/instruction_counts.py). It is no kind of experiment (the
run measured latency, under valgrind) and no requirement applies to counts, so it has no
requirements, checks, measurements or run of its own; of_line says which line a stored run is on.
"""

from dataclasses import dataclass

from latency_gate.contracts import formats, instruction_counts, run_metadata, throughput_formats
from latency_gate.errors import InputError, look_up
from latency_gate.runner import counting

# LatencyTest: start-up, discovery and the DDS Security handshake (under 30 s here), then
# every round trip at 10x the slowest median seen on the 2-core VM (DDS Security over TCP,
# ~200 us). A full default run's sub-experiment: 280 s, where it takes 5-32 s.
TIMEOUT_BASE_S = 60.0
TIMEOUT_PER_ROUND_TRIP_S = 0.002
# ThroughputTest: every case runs for the test time, then waits for the subscriber's
# acknowledgements and results, and every payload creates its endpoints anew (about 0.3 s
# per case on the 2-core VM); twice that, with a second per case to spare.
TIMEOUT_PER_CASE_S = 1.0
# A timed latency run that records fewer of a payload's round trips than this fraction is refused (_Latency.store).
MIN_RECORDED_FRACTION = 0.99


@dataclass(frozen=True)
class Grid:
    """ThroughputTest's cases: every payload with every demand and recovery time, test_time_s each."""

    demands: tuple = throughput_formats.DEMANDS
    recovery_times_ms: tuple = throughput_formats.RECOVERY_TIMES_MS
    test_time_s: int = throughput_formats.TEST_TIME_S

    def cases(self, payloads):
        return len(payloads) * len(self.demands) * len(self.recovery_times_ms)

    def recorded(self):
        return {"demands": list(self.demands), "recovery_times_ms": list(self.recovery_times_ms),
                "test_time_s": self.test_time_s}


@dataclass(frozen=True, eq=False)  # one object per kind: compared by identity
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
    # Latency: the typical and the tail round trip. Throughput: the best case's rate; its lost
    # samples are mostly 0, a level with no scale to shift by.
    trended: tuple
    signals: tuple
    families: tuple
    # read_summary's and read_requirements' columns as numpy arrays, without pandas (the spec's check)
    read_summary_columns: object = None
    read_requirements_columns: object = None
    # The rules of a summary's row that read_summary applies, for a batch of summaries (formats.read_batch)
    summary_rules: object = None

    def is_floor(self, magnitude):
        return magnitude in self.floors

    def default_percentile(self, magnitude, percentile):
        """The percentile a requirement of `magnitude` is taken at, given the ceilings' one."""
        return 100 - percentile if self.is_floor(magnitude) else percentile

    def unit(self, magnitude):
        return self.units[magnitude]

    def program(self, backend):
        """A backend's program of this kind (runner/middleware/interface.Program); InputError when it has none."""
        try:
            return backend.PROGRAMS[self.name]
        except KeyError:
            raise InputError(f"{backend.TITLE} has no {self.name} program in latency-gate yet") from None

    # The run: a RunConfig (experiment.py) `config` of this kind.

    def write_inputs(self, config):
        """Write the program's input files into config.inputs."""
        raise NotImplementedError

    def arguments(self, config, raw):
        """(every role's, the publisher's only) arguments naming the program's input files and
        its export `raw`: the command line LatencyTest or ThroughputTest and their kin share."""
        raise NotImplementedError

    def cpus(self, real_time, role):
        """The CPUs a role ("both", "subscriber", "publisher") is pinned to."""
        return real_time.sub_cpus if role == "subscriber" else real_time.pub_cpus

    def default_timeout(self, samples, payloads, grid):
        raise NotImplementedError

    def expected(self, config):
        """What a sub-experiment records when complete: samples, or cases."""
        raise NotImplementedError

    def store(self, raw, destination, config):
        """Validate the program's raw export and write it in the spec's format (3 decimals) at
        `destination`, atomically, so the final file appears only once complete; returns
        expected()'s count as recorded."""
        raise NotImplementedError


class _Latency(Kind):
    def write_inputs(self, config):
        # LatencyTest's demands format: every payload followed by ';' (without the last ';' it
        # reads the last payload twice).
        formats.write_text_atomic(config.payloads_file, "".join(f"{p};" for p in config.payloads) + "\n")

    def arguments(self, config, raw):
        return (["--file", str(config.payloads_file)],
                ["--samples", str(config.samples), "--export_raw_data", str(raw)])

    # The intra-process program ("both") shares the publisher's CPUs, as its ping-pong
    # alternates between its threads (Kind.cpus).

    def default_timeout(self, samples, payloads, grid):
        return TIMEOUT_BASE_S + TIMEOUT_PER_ROUND_TRIP_S * samples * len(payloads)

    def expected(self, config):
        return config.samples * len(config.payloads)

    def store(self, raw, destination, config):
        measurements = formats.read_measurements(raw)
        _require_exported_as_latency_test_does(raw, measurements[formats.SAMPLE].to_numpy())
        recorded = measurements[formats.PAYLOAD].value_counts().reindex(config.payloads, fill_value=0)
        unasked = sorted(set(measurements[formats.PAYLOAD].unique()) - set(config.payloads))
        if unasked:
            raise InputError(f"samples for payload(s) {', '.join(map(str, unasked))}, which the run did not ask for", raw)
        if (recorded > config.samples).any():
            raise InputError(f"{_per_payload(recorded[recorded > config.samples])} samples: more than the "
                             f"{config.samples} asked for", raw)
        # A counted run's round trips ran under valgrind (~50x slower): LatencyTest records none of
        # a payload whose round trips all took over 100 ms (measured beside other work: secured
        # 16 KiB); its counts (runner/counting.py) are its result. A timed run records every round
        # trip (every passed run so far, benchmarks/results/): one short by more than a percent is
        # not the run it says it is.
        short = recorded[recorded < config.samples * MIN_RECORDED_FRACTION]
        if len(short) and not config.counting:
            raise InputError(f"{_per_payload(short)} samples of the {config.samples} asked for "
                             f"(fewer than {MIN_RECORDED_FRACTION:.0%})", raw)
        if (measurements[formats.LATENCY] < 0).any():
            raise InputError("negative latency", raw)
        formats.write_csv(measurements, destination)
        return len(measurements)


def _require_exported_as_latency_test_does(raw, numbers):
    """InputError unless a raw export has exactly the spec's columns and numbers its samples as LatencyTest
    and every backend's program do: 1, 2, 3, ... in the order they were recorded, across its payloads (the
    reader of recorded files takes more: its other columns are dropped, its numbers not read)."""
    with raw.open(encoding="utf-8", errors="replace") as exported:
        header = exported.readline().rstrip("\r\n")
    if header != ",".join(formats.MEASUREMENT_COLUMNS):
        raise InputError(f"its header is '{header}', not the spec's '{','.join(formats.MEASUREMENT_COLUMNS)}'", raw)
    import numpy as np  # the measurements' reader has loaded it; this module's importers need not

    unnumbered = numbers != np.arange(1, len(numbers) + 1)
    if unnumbered.any():
        row = int(np.argmax(unnumbered)) + 1
        raise InputError(f"Sample {numbers[row - 1]}, not {row}: samples are numbered 1, 2, 3, ... as recorded", raw,
                         row + 1)


def _per_payload(counts):
    """'16 B: 2, 1024 B: 0' of a Series of counts by payload."""
    return ", ".join(f"{payload} B: {count}" for payload, count in counts.items())


class _Throughput(Kind):
    def write_inputs(self, config):
        formats.write_text_atomic(config.demands_file,
                                  throughput_formats.demands_text(config.payloads, config.grid.demands))
        formats.write_text_atomic(config.recoveries_file,
                                  throughput_formats.recoveries_text(config.grid.recovery_times_ms))

    def arguments(self, config, raw):
        # The publisher runs the grid and exports the results; the subscriber follows its commands.
        return [], ["--file", str(config.demands_file), "--recoveries_file", str(config.recoveries_file),
                    "--time", str(config.grid.test_time_s), "--export_csv", str(raw)]

    def cpus(self, real_time, role):
        """The intra-process program ("both") gets the publisher's and the subscriber's CPUs:
        pinned to one at a real-time priority, the flooding publisher thread starves the
        subscriber's command thread, which then takes TEST_STARTS and TEST_ENDS back to back
        (measured: a subscription time of -179 us at recovery time 0)."""
        if role == "both":
            return ",".join(dict.fromkeys(cpus for cpus in (real_time.pub_cpus, real_time.sub_cpus) if cpus)) or None
        return super().cpus(real_time, role)

    def default_timeout(self, samples, payloads, grid):
        return TIMEOUT_BASE_S + 2 * grid.cases(payloads) * (grid.test_time_s + TIMEOUT_PER_CASE_S)

    def expected(self, config):
        return config.grid.cases(config.payloads)

    def store(self, raw, destination, config):
        measurements = throughput_formats.read_measurements(raw)  # every case once
        measured = set(measurements[list(throughput_formats.CASE)].itertuples(index=False, name=None))
        missing = [(p, d, r) for p in config.payloads for d in config.grid.demands
                   for r in config.grid.recovery_times_ms if (p, d, r) not in measured]
        if missing:
            shown = ", ".join(f"{p} B x {d} x {r} ms" for p, d, r in missing[:3])
            raise InputError(f"no result for {len(missing)} case(s) (payload x demand x recovery time): {shown}"
                             + (", ..." if len(missing) > 3 else ""), raw)
        formats.require_rules([throughput_formats.unaccounted(measurements)], raw)
        formats.write_csv(measurements, destination)
        return len(measurements)


LATENCY = _Latency(
    name="latency", title="Latency", payload="Bytes", magnitudes=formats.CHECKED_MAGNITUDES,
    units={magnitude: "us" for magnitude in formats.CHECKED_MAGNITUDES}, floors=frozenset(),
    summary_columns=formats.SUMMARY_COLUMNS, integers=("Bytes", "Samples"),
    requirements_columns=formats.REQUIREMENTS_COLUMNS,
    check_columns=formats.CHECK_COLUMNS, read_measurements=formats.read_measurements,
    read_summary=formats.read_summary, read_requirements=formats.read_requirements, read_checks=formats.read_checks,
    trended=("Median", "99%"), signals=("latency", "instructions"), families=tuple(formats.FAMILIES),
    read_summary_columns=formats.read_summary_columns, read_requirements_columns=formats.read_requirements_columns,
    summary_rules=formats.summary_rules,
)
THROUGHPUT = _Throughput(
    name="throughput", title="Throughput", payload=throughput_formats.PAYLOAD,
    magnitudes=throughput_formats.CHECKED_MAGNITUDES,
    units={throughput_formats.LOST: "samples", throughput_formats.THROUGHPUT: "Mb/s"},
    floors=throughput_formats.FLOORS, summary_columns=throughput_formats.SUMMARY_COLUMNS,
    integers=throughput_formats.COUNTS,
    requirements_columns=throughput_formats.REQUIREMENTS_COLUMNS, check_columns=throughput_formats.CHECK_COLUMNS,
    read_measurements=throughput_formats.read_measurements, read_summary=throughput_formats.read_summary,
    read_requirements=throughput_formats.read_requirements, read_checks=throughput_formats.read_checks,
    trended=(throughput_formats.THROUGHPUT,), signals=("latency",), families=(formats.SPEC_FAMILY,),
    read_summary_columns=throughput_formats.read_summary_columns,
    read_requirements_columns=throughput_formats.read_requirements_columns,
    summary_rules=throughput_formats.row_rules,
)
KINDS = {kind.name: kind for kind in (LATENCY, THROUGHPUT)}
# The largest number the programs read as C's unsigned 32-bit one (a payload, a demand, a test time).
UINT32_MAX = 2**32 - 1
INSTRUCTIONS = Kind(
    name="instructions", title="Instructions", payload=instruction_counts.BYTES, magnitudes=(),
    units={column: "instructions" for column in instruction_counts.CELL_COLUMNS[1:]}, floors=frozenset(),
    summary_columns=instruction_counts.CELL_COLUMNS, integers=(instruction_counts.BYTES,),
    requirements_columns=(), check_columns=(), read_measurements=None, read_summary=None,  # read_cells reads many
    read_requirements=None, read_checks=None, trended=(instruction_counts.PER_ROUND_TRIP,), signals=(), families=(),
)
LINES = {**KINDS, INSTRUCTIONS.name: INSTRUCTIONS}  # the kinds of a history's lines


def kind(name):
    return look_up(KINDS, name, "kind")


@dataclass(frozen=True)
class CheckedKind:
    """What a run measures, checked: its kind, the backend's program of that kind and where it is,
    the throughput grid, and the counted path of the instructions signal (None: latency)."""

    kind: Kind
    program: object  # runner/middleware/interface.Program
    binary: object  # the program's path
    grid: Grid | None
    counting: object  # runner/counting.CountedPath, or None


def check_kind(spec, backend, families):
    """The kind of a run (runner/run_spec.RunSpec) whose sub-experiments are of `families` (names)
    and what follows from it; InputError. What the middleware cannot count is said before what
    this machine lacks, and both before the grid and the families."""
    found = kind(spec.kind)
    counted = counting.counted_path(spec.signal, found, backend, spec.estimated_cycles, families)
    program = found.program(backend)
    binary = program.locate(path=spec.program or program.default())
    grid = None
    given = [option for option, value in (("--demands", spec.demands), ("--recovery-times", spec.recovery_times_ms),
                                          ("--test-time", spec.test_time_s)) if value is not None]
    if given and found is not THROUGHPUT:  # passed over, they would leave a record of what did not run
        raise InputError(f"{' and '.join(given)} are the throughput experiment's, not the {found.name} one's")
    if found is THROUGHPUT:
        grid = Grid(tuple(sorted(set(spec.demands or throughput_formats.DEMANDS))),
                    tuple(sorted(set(throughput_formats.RECOVERY_TIMES_MS if spec.recovery_times_ms is None
                                     else spec.recovery_times_ms))),
                    throughput_formats.TEST_TIME_S if spec.test_time_s is None else spec.test_time_s)
        if grid.demands[0] < 1:
            raise InputError(f"demands must be positive, got {grid.demands[0]}")
        if not grid.recovery_times_ms or grid.recovery_times_ms[0] < 0:
            raise InputError("recovery times must be 0 ms or more")
        if grid.test_time_s < 1:
            raise InputError(f"test time must be 1 s or more (ThroughputTest takes whole seconds), "
                             f"got {grid.test_time_s}")
        # ThroughputTest reads each as a 32-bit unsigned number: a larger one wraps (a test time of
        # 2**32 + 1 s ran 1 s, recorded as asked).
        for what, largest in (("demands", grid.demands[-1]), ("recovery times", grid.recovery_times_ms[-1]),
                              ("test time", grid.test_time_s)):
            if largest > UINT32_MAX:
                raise InputError(f"{what} must be at most {UINT32_MAX}, got {largest}")
    foreign = sorted(set(families) - set(found.families))
    if foreign:
        raise InputError(f"the {found.name} experiment runs the {' and '.join(found.families)}'s "
                         f"sub-experiments only, not the {' and '.join(foreign)} family's")
    return CheckedKind(found, program, binary, grid, counted)


def of_run(metadata):
    """The kind of a run from its metadata (runs from before throughput are latency runs)."""
    return kind(metadata.kind) if metadata else LATENCY


def line(name):
    """A history line's kind by name: an experiment's kind or INSTRUCTIONS."""
    return look_up(LINES, name, "kind of history line")


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
