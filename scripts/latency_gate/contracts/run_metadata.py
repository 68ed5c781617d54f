"""metadata.json of a run: the one module that knows its keys, and its run id.

The runner (experiment.py) writes a RunMetadata; everything that reads a run's metadata
(checks, requirements, compare, the gate, the history store and its site) reads it with
read(), and the tests build their fixtures from these classes, so no reader can ask for a
key the runner never writes.

Schema: SCHEMA_VERSION is written with every record, and read() refuses a newer one (this
code cannot know what its keys mean). Version 1 gained keys over time without a new
version (the real-time preset, CPU idle, retries, the kernel's tuning, ...), so a version-1
file may lack some: a missing key reads as its field's default, which says what a run
before that key did or that it was not recorded. A key of the file this code does not know
is ignored. Renaming a key or changing its meaning needs a new version and its migration
step in RunMetadata.from_dict.

The run id, '<UTC start>-<revision>-<runner>' (make_run_id, parse_run_id), sorts
chronologically and is the run's directory name in a history store. It lives here, with the
record that holds it, because the runner makes it and records it (the store only reads it).

The regime is the set of settings that change what a latency number means: the
real-time preset, SCHED_FIFO priority, the publisher's and subscriber's CPUs, locked
memory, the CPU-idle setting in force and background stress. Numbers measured under
different regimes are not comparable (on a VM, holding CPUs out of idle states halves
an inter-process median), so every comparison across runs (a check against requirements,
a comparison of experiments, the history) says when the regimes differ.
"""

import dataclasses
import functools
import json
import math
import re
import types
import typing
from dataclasses import dataclass, field
from datetime import datetime, UTC
from pathlib import Path

from latency_gate.contracts.formats import read_json, write_text_atomic
from latency_gate.errors import InputError

# The CPU-idle setting a run records (runner/realtime.py holds the idle states, or leaves them to the OS).
CPU_IDLE_HOLD, CPU_IDLE_OS = "hold", "os"

METADATA_FILE = "metadata.json"
# A run's metadata is tens of kilobytes; a file that is not is refused before it is parsed (a run's
# files are untrusted data until read, docs/security.md).
MAX_BYTES = 256 * 1024
SCHEMA_VERSION = 1
# How a sub-experiment ended (experiment.py); "unsupported": the middleware cannot do it (not run).
STATUSES = ("passed", "failed", "timed_out", "interrupted", "unsupported")
# What a run measured: the kinds of experiment (runner/kinds.py's KINDS; a test keeps the two one).
KINDS = ("latency", "throughput")
REGIME_KEYS = ("realtime_preset", "rt_prio", "pub_cpus", "sub_cpus", "memory_locked", "cpu_idle", "stress", "topology")
_REGIME_LABELS = {"realtime_preset": "real-time preset", "rt_prio": "SCHED_FIFO priority", "pub_cpus": "publisher CPUs",
                  "sub_cpus": "subscriber CPUs", "memory_locked": "memory locked", "cpu_idle": "CPU idle",
                  "stress": "background stress", "topology": "topology"}


@dataclass(frozen=True)
class Attempt:
    """One attempt at a sub-experiment, as it ended."""

    status: str  # one of STATUSES
    duration_s: float | None = None
    exit_codes: dict = field(default_factory=dict)  # {role: exit code} of its LatencyTest processes
    samples_expected: int | None = None
    samples_recorded: int | None = None  # LatencyTest records nothing for a round trip over 100 ms
    error: str | None = None  # why it did not pass
    commands: dict = field(default_factory=dict)  # {role: shell command}
    logs: str | None = None  # where an earlier attempt's logs were kept; the last one's are logs/<name>_<role>.log


@dataclass(frozen=True)
class SubexperimentOutcome(Attempt):
    """How a sub-experiment ended: its last attempt, where it ran, and the attempts before it
    (the runner runs a failed or hung one again). An interrupted one records only its status."""

    domain: int | None = None
    tcp_port: int | None = None
    earlier_attempts: list[Attempt] = field(default_factory=list)


@dataclass(frozen=True)
class Settings:
    """How the run was measured; the REGIME_KEYS first. A default is what a run before the key did."""

    realtime_preset: bool = False  # runs before the preset had none
    rt_prio: int | None = None  # SCHED_FIFO priority; None: SCHED_OTHER
    pub_cpus: str | None = None  # CPU list of the publisher (and intra-process runs); None: unpinned
    sub_cpus: str | None = None
    memory_locked: bool = False
    cpu_idle: str = CPU_IDLE_OS  # the setting in force; runs before it left idle states to the OS
    stress: str | None = None  # stress-ng arguments of the background load
    topology: str = "localhost"  # where the two sides ran (runner/topology.py); runs before it: one host
    addresses: dict | None = None  # {publisher, subscriber}: each side's IP address
    link_packets: dict | None = None  # netns: {publisher, subscriber: {tx_packets, rx_packets}} over the run
    cpuidle: dict | None = None  # the kernel's cpuidle driver, governor and idle states
    domain: int | None = None
    tcp_port: int | None = None
    timeout_s: float | None = None
    retries: int = 0  # runs before --retries never ran a sub-experiment again
    profiles: str | None = None
    certs: str | None = None
    requested: dict | None = None  # the real-time options as given, before the preset filled them in
    pm_qos_limit_us: int | None = None  # the system's wake-up latency limit while CPU idle was held
    # the instructions signal: what counted the per-sample path (valgrind version, tool, functions);
    # None: a latency run
    counted: str | None = None
    # {publisher, subscriber: options}: the real-time settings above as the program's own options, for
    # a program that applies them itself (perf_test's --use-rt-prio, ...); None: the runner applied them
    program_realtime: dict | None = None


# The middleware of a run whose record names none: the runs from before the middleware backends
# measured Fast DDS, and it stays the default (--middleware, runner/middleware/) and the one a history
# store keeps on the platform's own line (store/site_store.line_name).
DEFAULT_MIDDLEWARE = "fastdds"


@dataclass(frozen=True)
class RunMetadata:
    """One run's metadata.json. A run added to a history store without one (the spec's own
    flows write none) gets a record of its run id and platform only."""

    run_id: str
    kind: str = "latency"  # what was measured, one of KINDS; runs before it: latency
    # the sub-experiment family whose payloads and sub-experiments the run took (formats.FAMILIES);
    # runs before families: the spec's
    family: str = "spec"
    platform: str | None = None  # set when the run is added to a history store
    middleware: str = DEFAULT_MIDDLEWARE  # the backend measured (runner/middleware/)
    # how reports name it (its backend's TITLE), so reading a run loads no backend; runs before it: None
    middleware_title: str | None = None
    middleware_version: str | None = None  # of the library the program loaded
    middleware_library: str | None = None
    # of the middleware's sources: "git <sha>", else "debian <source package> <version>"
    source_revision: str | None = None
    fastdds_version: str | None = None  # Fast DDS runs: middleware_version and _library again, under
    fastdds_library: str | None = None  # the keys of the runs before the backends
    latency_test: str | None = None  # the program run: LatencyTest, or another backend's
    host: str | None = None  # host ... kernel_tuning: platform_info.describe_host()
    kernel: str | None = None
    machine: str | None = None
    cpu_model: str | None = None
    cpu_count: int | None = None
    realtime_kernel: bool | None = None
    kernel_tuning: dict | None = None
    settings: Settings = field(default_factory=Settings)
    samples: int | None = None  # latency: round trips per payload
    payloads: list[int] = field(default_factory=list)
    # throughput: the grid every payload ran, {demands, recovery_times_ms, test_time_s}
    grid: dict | None = None
    started_at: str | None = None  # ISO 8601, UTC
    finished_at: str | None = None  # None while the run goes on (or when it was killed)
    # every run's into the directory, each once; a sub-experiment's own ("<name>: ...") until a later run
    # records the sub-experiment again (runner/experiment.py _record)
    warnings: list[str] = field(default_factory=list)
    platform_baseline: dict | None = None  # cyclictest's wake-up latency: platform_info.measure_baseline()
    subexperiments: dict[str, SubexperimentOutcome] = field(default_factory=dict)
    interrupted: str | None = None  # the signal that stopped the run

    def to_dict(self):
        return {"schema_version": SCHEMA_VERSION, **dataclasses.asdict(self)}

    @classmethod
    def from_dict(cls, document, path=None):
        """A metadata.json document, validated and brought to SCHEMA_VERSION; InputError naming `path`."""
        version = document.get("schema_version")
        if not _matches(version, int) or version < 1:
            raise InputError(f"metadata needs a schema_version of 1 or more, got {_short(version)}", path)
        if version > SCHEMA_VERSION:
            raise InputError(f"metadata schema_version {version} is newer than this latency-gate reads "
                             f"({SCHEMA_VERSION}): update latency-gate", path)
        # Version 1 is the only one so far: what a version-1 file lacks reads as the defaults above.
        values = _fields(cls, document, path, nested=("settings", "subexperiments"))
        settings = Settings(**_fields(Settings, document.get("settings", {}), path, "settings."))
        outcomes = _object(document.get("subexperiments", {}), path, "subexperiments")
        for key in ("started_at", "finished_at"):
            _check_time(values.get(key), path, key)
        if values.get("kind", "latency") not in KINDS:
            raise InputError(f"metadata 'kind' must be one of {', '.join(KINDS)}, got {_short(values['kind'])}", path)
        if values.get("samples") is not None and values["samples"] < 1 or min(values.get("payloads") or [1]) < 1:
            raise InputError(f"metadata 'samples' and 'payloads' must be 1 or more, got {_short(values.get('samples'))} "
                             f"and {_short(values.get('payloads'))}", path)
        _check_grid(values.get("grid"), path)
        _check_baseline(values.get("platform_baseline"), path)
        return cls(**values, settings=settings,
                   subexperiments={name: _outcome(entry, path, f"subexperiments.{name}.")
                                   for name, entry in outcomes.items()})

    def with_warning(self, *texts):
        """The metadata with each of `texts` it does not hold yet: an earlier run into the directory may
        have recorded the same."""
        return dataclasses.replace(self, warnings=[*self.warnings, *(text for text in dict.fromkeys(texts)
                                                                     if text not in self.warnings)])

    def with_outcome(self, name, outcome):
        return dataclasses.replace(self, subexperiments={**self.subexperiments, name: outcome})

    @property
    def source_commit(self):
        """The git commit of the Fast DDS sources, when LatencyTest was built from a git checkout."""
        kind, _, revision = (self.source_revision or "").partition(" ")
        return revision if kind == "git" else None


# The kernel command-line parameters that change what a latency number means; a public site
# keeps these and drops the rest (the boot image names the kernel's build, root= a disk's UUID).
TUNING_PARAMETERS = frozenset({
    "audit", "clocksource", "cpuidle.governor", "cpuidle.off", "default_hugepagesz", "hugepages", "hugepagesz",
    "idle", "intel_idle.max_cstate", "intel_pstate", "irqaffinity", "isolcpus", "kthread_cpus", "mitigations",
    "nmi_watchdog", "nohz", "nohz_full", "nosmt", "nosoftlockup", "nowatchdog", "preempt", "processor.max_cstate",
    "rcu_nocb_poll", "rcu_nocbs", "rcupdate.rcu_expedited", "skew_tick", "threadirqs", "transparent_hugepage",
    "tsc", "workqueue.power_efficient",
})


def without_host_details(metadata):
    """The metadata a public site may show of a machine: no host name; of the kernel its
    system and series only ("Linux 6.1.0-27-rt-amd64 #1 SMP PREEMPT_RT ..." -> "Linux 6.1"),
    not its build; of its command line the tuning parameters only."""
    kernel = re.match(r"(?:(\S+) )?(\d+\.\d+)", metadata.kernel or "")
    series = " ".join(part for part in kernel.groups() if part) if kernel else None
    tuning = metadata.kernel_tuning
    if tuning and tuning.get("command_line"):
        kept = [word for word in tuning["command_line"].split() if word.split("=", 1)[0] in TUNING_PARAMETERS]
        tuning = {**tuning, "command_line": " ".join(kept)}
    return dataclasses.replace(metadata, host=None, kernel=series, kernel_tuning=tuning)


def read(path):
    """The metadata of a run directory (or a metadata.json path); InputError when missing or unusable."""
    path = Path(path)
    if path.is_dir():
        path = path / METADATA_FILE
    if path.is_file() and path.stat().st_size > MAX_BYTES:
        raise InputError(f"{path.stat().st_size} bytes, more than a run's metadata may hold (MAX_BYTES, {MAX_BYTES})",
                         path)
    return RunMetadata.from_dict(read_json(path, "metadata", "no metadata.json"), path)


def read_if_present(directory):
    """The metadata of a run directory, or None when it has none (the spec's own flows write none)."""
    path = Path(directory) / METADATA_FILE
    if path.is_file():
        return read(path)
    if path.exists() or path.is_symlink():  # a directory, a link to nothing or a loop: taken for none, it hid the run
        raise InputError("not a regular file", path)
    return None


def of_one_middleware(runs, what):
    """[(run directory, its metadata)] of the runs that have metadata, all of one middleware;
    InputError naming the first run of another (`what`, say "requirements come", says what needs
    them alike). Runs without metadata.json (the spec's own flows) say none."""
    recorded = [(Path(run), metadata) for run in runs if (metadata := read_if_present(run))]
    for run, metadata in recorded:
        if metadata.middleware != recorded[0][1].middleware:
            raise InputError(f"a run of {metadata.middleware} among runs of {recorded[0][1].middleware}: {what} "
                             "from runs of one middleware", run / METADATA_FILE)
    return recorded


def write(directory, metadata):
    """Write a run's metadata.json into its directory, atomically."""
    write_text_atomic(Path(directory) / METADATA_FILE, json.dumps(metadata.to_dict(), indent=2) + "\n")


# ---------------------------------------------------------------------------------------
# The run id

UNKNOWN = "local"  # stands for the revision or runner of a run id made without one
_RUN_ID = re.compile(r"(?P<started>\d{8}T\d{6}Z)-(?P<revision>[^-]+)-(?P<runner>.+)")
# How runners named a run before the one format, e.g. 2026-11-23_23-17-21_c69198 (a random
# suffix): history stores keep runs under such ids.
_EARLIER_RUNNER_ID = re.compile(r"(?P<started>\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2})_[0-9a-f]{6}")


@dataclass(frozen=True)
class RunId:
    started_at: datetime  # UTC
    revision: str | None  # of the code measured, when the run id names one
    runner: str | None


def make_run_id(started_at=None, revision=None, runner=None):
    """'<UTC start>-<revision>-<runner>', e.g. 20261122T064501Z-3d3c42e5aac5-lab1: sorts
    chronologically and is a safe directory name; UNKNOWN stands for a missing revision or runner."""
    started_at = started_at or datetime.now(UTC)
    parts = [started_at.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ"),
             (revision or UNKNOWN)[:12], runner or UNKNOWN]
    return "-".join(re.sub(r"[^A-Za-z0-9_.]+", "_", part) for part in parts)


def parse_run_id(run_id):
    """What a run id says (RunId), from either format; None for an id given by hand (e.g. 'r1')."""
    if match := _RUN_ID.fullmatch(run_id):
        started, stamp = match["started"], "%Y%m%dT%H%M%SZ"
        revision, runner = (None if part == UNKNOWN else part for part in (match["revision"], match["runner"]))
    elif match := _EARLIER_RUNNER_ID.fullmatch(run_id):
        started, stamp, revision, runner = match["started"], "%Y-%m-%d_%H-%M-%S", None, None
    else:
        return None
    try:
        started_at = datetime.strptime(started, stamp).replace(tzinfo=UTC)
    except ValueError:  # digits in the right places, but no time (month 13)
        return None
    return RunId(started_at, revision, runner)


# ---------------------------------------------------------------------------------------
# What readers ask of it


def regime(metadata):
    """The measurement regime a run's metadata records, as {REGIME_KEYS: value}; the defaults
    (the OS's) for a run without metadata, as for the oldest runs."""
    settings = metadata.settings if metadata else Settings()
    return {key: getattr(settings, key) for key in REGIME_KEYS}


def _complete(recorded):
    """A regime as stored (a requirements provenance, a gate result) before a key existed: the
    key's default, what runs before it did (e.g. topology: one host)."""
    return {**regime(None), **recorded}


def regime_text(recorded):
    """One line: 'CPU idle held, pub CPU 0, sub CPU 1, SCHED_FIFO 50, memory locked' or the OS's defaults."""
    recorded = _complete(recorded)
    parts = [("CPU idle held" if recorded["cpu_idle"] == CPU_IDLE_HOLD else "CPU idle: OS")]
    parts += [f"pub CPU {recorded['pub_cpus']}" if recorded["pub_cpus"] else "pub unpinned",
              f"sub CPU {recorded['sub_cpus']}" if recorded["sub_cpus"] else "sub unpinned"]
    parts.append(f"SCHED_FIFO {recorded['rt_prio']}" if recorded["rt_prio"] else "SCHED_OTHER")
    if recorded["memory_locked"]:
        parts.append("memory locked")
    if recorded["stress"]:
        parts.append(f"stress-ng {recorded['stress']}")
    if recorded["topology"] != "localhost":
        parts.append(f"topology {recorded['topology']}")
    return ", ".join(parts)


def regime_differences(first, second):
    """Human-readable differences between two regimes ('CPU idle: hold vs os'), [] when alike.

    The preset flag itself is not compared: what counts is the settings in force.
    """
    first, second = _complete(first), _complete(second)
    return [f"{_REGIME_LABELS[key]}: {_shown(first[key])} vs {_shown(second[key])}"
            for key in REGIME_KEYS if key != "realtime_preset" and first[key] != second[key]]


def subexperiment_outcomes(metadata):
    """{sub-experiment: SubexperimentOutcome} as the runner recorded them; {} without metadata."""
    return metadata.subexperiments if metadata else {}


def failure_text(outcome):
    """'timed_out: no result within 60 s: killed' for a sub-experiment that did not pass, else None."""
    if outcome is None or outcome.status == "passed":
        return None
    return f"{outcome.status}: {outcome.error}" if outcome.error else outcome.status


def unlike_runs(first_directory, second_directory):
    """regime_differences of two run directories; [] when alike or when either has no metadata."""
    recorded = [read_if_present(directory) for directory in (first_directory, second_directory)]
    if not all(recorded):
        return []
    return regime_differences(*map(regime, recorded))


def settings_changes(run_directories):
    """Names of the runs (in the given order) whose measurement settings differ from the run
    before them; runs without metadata are skipped, not counted as a change."""
    changed, previous = [], None
    for directory in map(Path, run_directories):
        metadata = read_if_present(directory)
        if metadata is None:
            continue
        current = regime(metadata)
        if previous is not None and current != previous:
            changed.append(directory.name)
        previous = current
    return changed


def _shown(value):
    return "none" if value is None else str(value)


# ---------------------------------------------------------------------------------------
# Validation: every field is checked against its annotation

_type_hints = functools.cache(typing.get_type_hints)  # a store's site reads thousands of records


def _fields(cls, document, path, where="", nested=()):
    """The fields of dataclass `cls` that a JSON object holds, each of the type its annotation
    names (nested ones are the caller's); a missing one is left to its default."""
    document = _object(document, path, where.rstrip(".") or "metadata")
    hints = _type_hints(cls)
    values = {}
    for declared in dataclasses.fields(cls):
        name = declared.name
        if name in nested:
            continue
        if name not in document:
            if declared.default is dataclasses.MISSING and declared.default_factory is dataclasses.MISSING:
                raise InputError(f"metadata has no '{where}{name}'", path)
            continue
        if not _matches(document[name], hints[name]):
            raise InputError(f"metadata '{where}{name}' must be {_named(hints[name])}, "
                             f"got {_short(document[name])}", path)
        values[name] = document[name]
    return values


def _matches(value, hint):
    """Whether a JSON value is of an annotation's type: str, int, float, bool, dict, list[...], X | None."""
    if isinstance(hint, types.UnionType):
        return any(_matches(value, option) for option in typing.get_args(hint))
    if typing.get_origin(hint) is list:
        return isinstance(value, list) and all(_matches(item, typing.get_args(hint)[0]) for item in value)
    if hint in (int, float) and isinstance(value, bool):  # JSON's true is no number
        return False
    if hint is float:  # JSON has no NaN or infinity; Python's json reads them (NaN, Infinity, 1e999)
        return isinstance(value, int) or isinstance(value, float) and math.isfinite(value)
    return isinstance(value, hint)


def _named(hint):
    return hint.__name__ if isinstance(hint, type) else str(hint).replace("NoneType", "None")


def _short(value):
    """A value as JSON text (its type shows), cut to a length for a one-line message."""
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _object(value, path, where):
    if not isinstance(value, dict):
        raise InputError(f"metadata '{where}' must be an object, got {_short(value)}", path)
    return value


def _outcome(document, path, where):
    """A sub-experiment's outcome, with the attempts before its last."""
    values = _attempt_fields(SubexperimentOutcome, document, path, where, nested=("earlier_attempts",))
    attempts = document.get("earlier_attempts", [])
    if not isinstance(attempts, list):
        raise InputError(f"metadata '{where}earlier_attempts' must be a list, got {_short(attempts)}", path)
    values["earlier_attempts"] = [
        Attempt(**_attempt_fields(Attempt, attempt, path, f"{where}earlier_attempts[{index}]."))
        for index, attempt in enumerate(attempts)]
    return SubexperimentOutcome(**values)


def _attempt_fields(cls, document, path, where, nested=()):
    values = _fields(cls, document, path, where, nested)
    if values["status"] not in STATUSES:
        raise InputError(f"metadata '{where}status' must be one of {', '.join(STATUSES)}, "
                         f"got {_short(values['status'])}", path)
    return values


def _check_time(value, path, key):
    if value is None:
        return
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise InputError(f"metadata '{key}' must be an ISO 8601 time, got {_short(value)}", path) from None


def _check_grid(grid, path):
    """A throughput run's grid holds what its readers format and compare (requirements.py)."""
    if grid is None:
        return
    for key, hint in (("demands", list[int]), ("recovery_times_ms", list[float]), ("test_time_s", float)):
        if not _matches(grid.get(key), hint):
            raise InputError(f"metadata 'grid.{key}' must be {_named(hint)}, got {_short(grid.get(key))}", path)


def _check_baseline(baseline, path):
    """The wake-up latencies comparisons read (requirements.py) must be numbers."""
    for key in ("avg_us", "p99_us"):
        if baseline is not None and not _matches(baseline.get(key), float):
            raise InputError(f"metadata 'platform_baseline.{key}' must be a number, "
                             f"got {_short(baseline.get(key))}", path)
