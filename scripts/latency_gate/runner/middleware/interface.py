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

from latency_gate.runner.counting import CountedPath

KINDS = ("latency", "throughput")  # analysis/kinds.py and runner/measures.py hold what each means


@dataclass(frozen=True)
class Program:
    """A backend's program for one kind of experiment."""

    name: str  # how errors name it, e.g. "LatencyTest"
    default: Callable[[], Path]  # the program the project builds (it may not exist yet)
    locate: Callable[[Path], Path]  # a user-given path (program, or a workspace holding it), checked: InputError
    # (subexperiment, config, logs, raw) -> {role: command line}; roles: "both", or "subscriber"
    # and "publisher" (started in that order). It writes its rendered configuration into logs.
    commands: Callable[..., dict]
    profiles: Path | None = None  # its configuration templates; None: it needs none
    # A program that applies the run's real-time settings itself: (RealTime, cpus) -> its own
    # options for them (its commands() pass them; metadata.json records them as
    # settings.program_realtime). None: the runner applies them (taskset, chrt, its memory-locking preload).
    realtime_options: Callable[..., list] | None = None
    payloads: tuple | None = None  # the only payloads (bytes) it can measure; None: any from 16 bytes


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
    not_callable = [name for name in ("unsupported", "check_configuration", "describe")
                    if not callable(getattr(backend, name))]
    if not_callable:
        return f"not callable: {', '.join(not_callable)}"
    return None


def signals(backend):
    """The gate signals a backend supports."""
    return ("latency", "instructions") if backend.COUNTED_PATH is not None else ("latency",)
