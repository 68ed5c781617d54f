"""What a middleware backend is: the extension point `latency_gate.backends`.

A backend is a module (or any object) with the attributes of `Backend` below, registered as
an entry point of the group `latency_gate.backends` under its middleware name (the
`--middleware` value). The project's own are in pyproject.toml; a team ships its own backend
as a package of its own with, in its pyproject.toml:

    [project.entry-points."latency_gate.backends"]
    mymiddleware = "my_package.latency_backend"

Its program has LatencyTest's command line and raw export (Sample,Payload [Bytes],Latency
[us]; one-way = round trip / 2), or ThroughputTest's for the throughput kind, so everything
after the run (process, check, history, requirements, compare, both gates) takes it
unchanged. `check()` tells what is wrong with a backend; the registry (__init__.py) reports
a broken one and skips it.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from latency_gate.contracts.formats import FAMILIES, SPEC_FAMILY
from latency_gate.runner.counting import CountedPath
from latency_gate.runner.kinds import KINDS



@dataclass(frozen=True)
class Program:
    """A backend's program for one kind of experiment."""

    name: str  # how errors name it, e.g. "LatencyTest"
    default: Callable[[], Path]  # the program the project builds (it may not exist yet)
    locate: Callable[[Path], Path]  # a user-given path (program, or a workspace holding it), checked: InputError
    # (subexperiment, config, logs, raw) -> {role: command line}; roles: "both", or "subscriber"
    # and "publisher" (started in that order). It writes its rendered configuration into logs.
    # The arguments naming the kind's input files and the export raw: config.kind.arguments(config, raw).
    commands: Callable[..., dict]
    profiles: Path | None = None  # its configuration templates; None: it needs none
    # A program that applies the run's real-time settings itself: (RealTime, cpus) -> its own
    # options for them (its commands() pass them; metadata.json records them as
    # settings.program_realtime). None: the runner applies them (taskset, chrt, its memory-locking preload).
    realtime_options: Callable[..., list] | None = None
    payloads: tuple | None = None  # the only payloads (bytes) it can measure; None: any from 16 bytes


@dataclass(frozen=True)
class SharedMemoryService:
    """A daemon a backend's programs need for shared memory (Cyclone DDS: iceoryx's RouDi), run by the
    runner for a run of the shared-memory family in the run's own namespace (runner/shared_memory.py)."""

    name: str  # how logs and errors name it, e.g. "RouDi"
    command: Callable[..., list]  # (config, logs) -> its command line; it writes its configuration into logs
    ready: str  # what it prints once programs may connect
    check: Callable[[], None]  # InputError when it is not installed


@runtime_checkable
class Backend(Protocol):
    """The attributes a backend provides; its capabilities are explicit: PROGRAMS (the kinds it
    runs), unsupported() (the sub-experiments it cannot), COUNTED_PATH (the instructions signal)."""

    TITLE: str  # how reports name the middleware
    PROGRAMS: Mapping[str, Program]  # kind name -> its program
    COUNTED_PATH: CountedPath | None  # the per-sample path counted under valgrind; None: latency signal only

    def unsupported(self, subexperiment) -> str | None:
        """Why it cannot run a sub-experiment (runner/middleware/common.Subexperiment), or None."""

    def check_configuration(self, profiles, subexperiment, certs, tcp_port, sides) -> None:
        """Render its configuration of a sub-experiment to check it (InputError naming the file);
        sides: the run's runner/topology addresses."""

    def describe(self, binary, environment) -> dict:
        """middleware_version, middleware_library, source_revision, for metadata.json."""

    # Optional: FAMILIES, the sub-experiment families it runs (contracts/formats.FAMILIES; without it,
    # the spec's only: the others' sub-experiments are recorded unsupported), and
    # SHARED_MEMORY_SERVICE (a SharedMemoryService, or None: its shared memory needs no daemon), and
    # counted_path_of(binary, path): the counted path of this very program (a program may or may not
    # mark its path itself), given COUNTED_PATH with the run's choices.


def check(backend):
    """What is wrong with a backend, or None."""
    missing = [name for name in ("TITLE", "PROGRAMS", "COUNTED_PATH", "unsupported", "check_configuration", "describe")
               if not hasattr(backend, name)]
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
    service = shared_memory_service(backend)
    if service is not None and not isinstance(service, SharedMemoryService):
        return "SHARED_MEMORY_SERVICE is neither None nor a runner.middleware.interface.SharedMemoryService"
    not_callable = [name for name in ("unsupported", "check_configuration", "describe")
                    if not callable(getattr(backend, name))]
    if not_callable:
        return f"not callable: {', '.join(not_callable)}"
    return None


def signals(backend):
    """The gate signals a backend supports."""
    return ("latency", "instructions") if backend.COUNTED_PATH is not None else ("latency",)


def families(backend):
    """The sub-experiment families a backend runs (the spec's when it does not say)."""
    return tuple(getattr(backend, "FAMILIES", (SPEC_FAMILY,)))


def shared_memory_service(backend):
    return getattr(backend, "SHARED_MEMORY_SERVICE", None)


def counted_path_of(backend, binary, path):
    """The counted path a run of `binary` uses: the backend's, unless it says otherwise for this program."""
    choose = getattr(backend, "counted_path_of", None)
    return path if choose is None else choose(binary, path)
