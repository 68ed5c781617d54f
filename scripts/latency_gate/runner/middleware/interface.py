"""What a middleware backend is: the extension point `latency_gate.backends`, version
EXTENSION_POINT_VERSION.

A backend is a module (or any object) with the attributes of `Backend` below, registered as
an entry point of the group `latency_gate.backends` under its middleware name (the
`--middleware` value). The project's own are in pyproject.toml; a team ships its own backend
as a package of its own with, in its pyproject.toml:

    [project.entry-points."latency_gate.backends"]
    mymiddleware = "my_package.latency_backend"

Its program has LatencyTest's command line and raw export (Sample,Payload [Bytes],Latency
[us]; one-way = round trip / 2; samples numbered 1, 2, 3, ... across the file as recorded), or
ThroughputTest's for the throughput kind, so everything after the run (process, check, history,
requirements, compare, both gates) takes it unchanged.

The contract, versioned as colcon-core versions its extension points: a backend declares the
interface version it implements as EXTENSION_POINT_VERSION ("major.minor"). It is loaded when
its major is this interface's and its minor is at most this one's (a newer minor may rely on
what this runner does not give; an older one lacks only what is optional). A new optional
attribute or hook raises the minor; a change to a hook's arguments or a new required one, the
major. Every hook takes keyword-only arguments, so an argument added later never shifts the
others, and gets a small frozen view of what it needs (Configuration, ProgramRun), never the
runner's own run state. `check()` tells what is wrong with a backend; the registry
(__init__.py) refuses a broken one when it is asked for, in one line naming it.
"""

import inspect
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable

from latency_gate.contracts.formats import FAMILIES, SPEC_FAMILY
from latency_gate.errors import version_problem
from latency_gate.runner.counting import CountedPath
from latency_gate.runner.kinds import KINDS
from latency_gate.runner.middleware.common import Subexperiment

# 1.0 was the unversioned interface of positional hooks given the runner's run state; 2.0 made them
# keyword-only, given Configuration and ProgramRun; 2.1 added Configuration.counted; 2.2 the optional
# COUNTED_SETUP.
EXTENSION_POINT_VERSION = "2.2"
ROLES = ("publisher", "subscriber", "both")


def _frozen(mapping):
    return types.MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Sides:
    """The run's two sides as a configuration names them (runner/topology.py)."""

    publisher_address: str
    subscriber_address: str


@dataclass(frozen=True)
class Configuration:
    """What a backend renders a sub-experiment's configuration from (check_configuration, and its
    program's commands through ProgramRun)."""

    subexperiment: Subexperiment
    profiles: Path | None  # its configuration templates (Program.profiles, or the user's --profiles)
    certs: Path  # the DDS Security artifacts (runner/security.py)
    tcp_port: int  # the run's leased port; a backend needing two takes the next one too (runner/domain_lease.py)
    domain: int  # the run's leased DDS domain
    sides: Sides
    # the run counts instructions under valgrind (runner/counting.py): a backend may configure what
    # fires by wall time differently then (fastdds.py: the reliable protocol's acknowledgements)
    counted: bool = False


@dataclass(frozen=True)
class ProgramRun:
    """What Program.commands gets for one sub-experiment's run."""

    configuration: Configuration
    binary: Path  # the program, checked (Program.locate)
    logs: Path  # where it writes its rendered configuration files
    arguments: tuple  # every role's arguments naming the kind's input files (runner/kinds.py)
    publisher_arguments: tuple  # the publisher's (and `both`'s) only: samples and the raw export
    payloads: tuple  # bytes, sorted
    # role -> what runs a command on that role's side (`ip netns exec NS` under --topology netns), for a
    # program that starts the roles itself (perf_test's driver); the runner prefixes the roles it starts.
    prefixes: Mapping = field(default_factory=dict)
    # publisher and subscriber -> the program's own real-time options (Program.realtime_options) for that
    # side; empty when the runner applies the settings.
    realtime_options: Mapping = field(default_factory=dict)

    def __post_init__(self):
        object.__setattr__(self, "prefixes", _frozen(self.prefixes))
        object.__setattr__(self, "realtime_options", _frozen(self.realtime_options))


@dataclass(frozen=True)
class Program:
    """A backend's program for one kind of experiment."""

    name: str  # how errors name it, e.g. "LatencyTest"
    default: Callable[[], Path]  # the program the project builds (it may not exist yet)
    locate: Callable[..., Path]  # (*, path) -> a user-given program, or a workspace holding it, checked: InputError
    # (*, run: ProgramRun) -> {role: command line}; roles: "both", or "subscriber" and "publisher"
    # (started in that order). It writes its rendered configuration into run.logs.
    commands: Callable[..., dict]
    profiles: Path | None = None  # its configuration templates; None: it needs none
    # A program that applies the run's real-time settings itself: (*, real_time, cpus) -> its own
    # options for them (ProgramRun.realtime_options; metadata.json records them as
    # settings.program_realtime). None: the runner applies them (taskset, chrt, its memory-locking preload).
    realtime_options: Callable[..., list] | None = None
    payloads: tuple | None = None  # the only payloads (bytes) it can measure; None: any from 16 bytes


@dataclass(frozen=True)
class SharedMemoryService:
    """A daemon a backend's programs need for shared memory (Cyclone DDS: iceoryx's RouDi), run by the
    runner for a run of the shared-memory family in the run's own namespace (runner/shared_memory.py)."""

    name: str  # how logs and errors name it, e.g. "RouDi"
    command: Callable[..., list]  # (*, payloads, logs) -> its command line; it writes its configuration into logs
    ready: str  # what it prints once programs may connect
    check: Callable[[], None]  # InputError when it is not installed


@runtime_checkable
class Backend(Protocol):
    """The attributes a backend provides; its capabilities are explicit: PROGRAMS (the kinds it
    runs), unsupported() (the sub-experiments it cannot), COUNTED_PATH (the instructions signal)."""

    EXTENSION_POINT_VERSION: str  # the interface version it implements, "major.minor"
    TITLE: str  # how reports name the middleware
    PROGRAMS: Mapping[str, Program]  # kind name -> its program
    COUNTED_PATH: CountedPath | None  # the per-sample path counted under valgrind; None: latency signal only

    def unsupported(self, *, subexperiment: Subexperiment) -> str | None:
        """Why it cannot run a sub-experiment, or None."""

    def check_configuration(self, *, configuration: Configuration) -> None:
        """Render its configuration of a sub-experiment to check it (InputError naming the file)."""

    def describe(self, *, binary: Path, environment: Mapping) -> dict:
        """middleware_version, middleware_library, source_revision, for metadata.json."""

    # Optional: FAMILIES, the sub-experiment families it runs (contracts/formats.FAMILIES; without it,
    # the spec's only: the others' sub-experiments are recorded unsupported), and
    # SHARED_MEMORY_SERVICE (a SharedMemoryService, or None: its shared memory needs no daemon), and
    # counted_path_of(*, binary, path): the counted path of this very program (a program may or may not
    # mark its path itself), given COUNTED_PATH with the run's choices, and BUILD_SOURCES: the
    # repository's directories its programs are built from beyond the default build (a colcon package
    # among them is built for a CI job measuring it; the build cache's key covers them all), for a
    # backend of the project's own, and COUNTED_SETUP: a shell script (a path relative to the
    # repository, or absolute) that builds what its fullest counted path needs, run by a CI job's
    # code-path gate before it counts (scripts/ci/relative_gate.sh; without it the gate counts what
    # counted_path_of finds).


HOOKS = ("unsupported", "check_configuration", "describe")


def _positional(hook):
    """The names of a hook's parameters that are not keyword-only."""
    try:
        parameters = inspect.signature(hook).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature: nothing to say
        return []
    return [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)]


def check(backend):
    """What is wrong with a backend, or None."""
    if not hasattr(backend, "EXTENSION_POINT_VERSION"):
        return (f"it declares no EXTENSION_POINT_VERSION (the backend interface version it implements; "
                f"this latency-gate provides {EXTENSION_POINT_VERSION})")
    problem = version_problem(backend.EXTENSION_POINT_VERSION, EXTENSION_POINT_VERSION, "backend interface")
    if problem:
        return problem
    missing = [name for name in ("TITLE", "PROGRAMS", "COUNTED_PATH", *HOOKS) if not hasattr(backend, name)]
    if missing:
        return f"missing {', '.join(missing)}"
    if not isinstance(backend.TITLE, str) or not backend.TITLE:
        return "TITLE is not a name"
    if not isinstance(backend.PROGRAMS, Mapping) or not backend.PROGRAMS:
        return "PROGRAMS is not a mapping of kind to Program"
    unknown = [kind for kind in backend.PROGRAMS if kind not in KINDS]
    if unknown:
        return f"PROGRAMS has unknown kind(s) {', '.join(map(str, unknown))} (known: {', '.join(KINDS)})"
    if not all(isinstance(program, Program) for program in backend.PROGRAMS.values()):
        return "PROGRAMS holds something other than runner.middleware.interface.Program"
    if backend.COUNTED_PATH is not None and not isinstance(backend.COUNTED_PATH, CountedPath):
        return "COUNTED_PATH is neither None nor a runner.counting.CountedPath"
    strange = [name for name in families(backend) if name not in FAMILIES]
    if strange or not families(backend):
        return f"FAMILIES is not a tuple of known family names (known: {', '.join(FAMILIES)})"
    sources = build_sources(backend)
    if not isinstance(sources, tuple) or not all(isinstance(source, str) and source for source in sources):
        return "BUILD_SOURCES is not a tuple of directory names"
    setup = counted_setup(backend)
    if setup is not None and not (isinstance(setup, str) and setup):
        return "COUNTED_SETUP is neither None nor a script's path"
    service = shared_memory_service(backend)
    if service is not None and not isinstance(service, SharedMemoryService):
        return "SHARED_MEMORY_SERVICE is neither None nor a runner.middleware.interface.SharedMemoryService"
    not_callable = [name for name in HOOKS if not callable(getattr(backend, name))]
    if not_callable:
        return f"not callable: {', '.join(not_callable)}"
    hooks = {name: getattr(backend, name) for name in (*HOOKS, "counted_path_of") if hasattr(backend, name)}
    hooks |= {f"PROGRAMS['{kind}'].{name}": getattr(program, name) for kind, program in backend.PROGRAMS.items()
              for name in ("locate", "commands", "realtime_options") if getattr(program, name) is not None}
    if service is not None:
        hooks["SHARED_MEMORY_SERVICE.command"] = service.command
    positional = [f"{name} ({', '.join(names)})" for name, hook in hooks.items() if (names := _positional(hook))]
    if positional:
        return f"hooks with positional parameters: {'; '.join(positional)} (every hook's are keyword-only)"
    return None


def families(backend):
    """The sub-experiment families a backend runs (the spec's when it does not say)."""
    return tuple(getattr(backend, "FAMILIES", (SPEC_FAMILY,)))


def build_sources(backend):
    """The repository directories a backend's programs are built from beyond the default build."""
    return getattr(backend, "BUILD_SOURCES", ())


def counted_setup(backend):
    """The script that builds what a backend's fullest counted path needs, or None."""
    return getattr(backend, "COUNTED_SETUP", None)


def shared_memory_service(backend):
    return getattr(backend, "SHARED_MEMORY_SERVICE", None)


def counted_path_of(backend, binary, path):
    """The counted path a run of `binary` uses: the backend's, unless it says otherwise for this program."""
    choose = getattr(backend, "counted_path_of", None)
    return path if choose is None else choose(binary=binary, path=path)


def configuration(subexperiment, profiles, certs, tcp_port, domain, topology, counted=False):
    """What a backend renders a sub-experiment's configuration from, with the sides of a run's
    topology (runner/topology.Topology)."""
    return Configuration(subexperiment, profiles, certs, tcp_port, domain,
                         Sides(topology.publisher_address, topology.subscriber_address), counted)


def check_run(backend, binary, chosen, topology, profiles, certs, lease, counted_path):
    """What a backend says of a run before it runs: ({sub-experiment: why it is not run} of
    `chosen` ({sub-experiment: its family's name}), the counted path of `binary` (None: not
    counted)). Every other sub-experiment's configuration is checked with `lease` (the TCP port
    and DDS domain a run leases later); InputError."""
    unsupported = {name: why for name, family in chosen.items()
                   if (why := topology.unsupported(Subexperiment(name)) or _undeclared(backend, family)
                       or backend.unsupported(subexperiment=Subexperiment(name)))}
    tcp_port, domain = lease
    for name in chosen:
        if name not in unsupported:
            backend.check_configuration(configuration=configuration(Subexperiment(name), profiles, certs, tcp_port,
                                                                    domain, topology, counted_path is not None))
    return unsupported, (None if counted_path is None else counted_path_of(backend, binary, counted_path))


def _undeclared(backend, family):
    """Why a backend does not run a sub-experiment of a family it does not declare, or None."""
    declared = families(backend)
    if family in declared:
        return None
    return f"{backend.TITLE} does not run the {family} family (its backend declares {', '.join(declared)})"
