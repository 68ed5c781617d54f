"""Middleware backends, found by name (--middleware) through the entry points of the group
`latency_gate.backends` (the interface: interface.py; adding one: docs/middleware.md).

Lazy: the names come from the installed distributions' metadata, and a backend's module is
imported only when that backend is asked for, so the commands that only read results (process,
build-site, ...) import none. A backend that fails to load, implements an interface version
this one does not load (another major, or a newer minor: errors.version_problem) or lacks
part of the interface is refused when asked for, in one line naming it (InputError); the
others still run.
"""

import importlib.metadata
import sys
from collections.abc import Mapping

from latency_gate.contracts.run_metadata import DEFAULT_MIDDLEWARE
from latency_gate.errors import InputError, look_up
from latency_gate.runner.middleware import interface

GROUP = "latency_gate.backends"
__all__ = ["BACKENDS", "DEFAULT_MIDDLEWARE", "GROUP", "Backends", "backend"]
# The project's own first, in the order reports list them; then the others by name.
OWN_ORDER = ("fastdds", "cyclonedds", "socket", "madara")


class Backends(Mapping):
    """{name: backend} of the group's entry points, each loaded and checked on first use."""

    def __init__(self, entry_points=None):
        self._given = entry_points
        self._registered = None
        self._loaded = {}

    def entry_points(self):
        """{name: entry point}, the project's own first; the first distribution on the path wins a name,
        as importlib's own lookups do."""
        if self._registered is None:
            found = {}
            for entry_point in (self._given if self._given is not None
                                else importlib.metadata.entry_points(group=GROUP)):
                found.setdefault(entry_point.name, entry_point)
            own = [name for name in OWN_ORDER if name in found]
            self._registered = {name: found[name] for name in [*own, *sorted(set(found) - set(own))]}
        return self._registered

    def __iter__(self):
        return iter(self.entry_points())

    def __len__(self):
        return len(self.entry_points())

    def __contains__(self, name):
        return name in self.entry_points()

    def __getitem__(self, name):
        """The backend, loaded and checked; KeyError for a name not registered, InputError for one that
        does not load or does not have the interface."""
        if name not in self._loaded:
            entry_point = self.entry_points()[name]
            refused = f"middleware backend '{name}' ({entry_point.value}) refused"
            try:
                backend = entry_point.load()
            except Exception as error:  # a third party's import may raise anything: one line, named
                raise InputError(f"{refused}: it fails to load: {type(error).__name__}: {error}") from None
            problem = interface.check(backend)
            if problem:
                raise InputError(f"{refused}: {problem}")
            self._loaded[name] = backend
        return self._loaded[name]

    def usable(self, err=None):
        """{name: backend} of every one that loads, a warning on `err` (standard error) for each of the others."""
        err = err or sys.stderr  # looked up per call: tests and the CLI replace it
        found = {}
        for name in self:
            try:
                found[name] = self[name]
            except InputError as refusal:
                print(f"warning: {refusal}; skipped", file=err)
        return found


BACKENDS = Backends()


def backend(name):
    """The backend of a middleware name; InputError naming the known ones, or why it is refused."""
    if not BACKENDS:
        raise InputError(f"no middleware backends are registered ({GROUP} entry points): the package is not "
                         f"installed as pyproject.toml says (re-run scripts/setup.sh)")
    return look_up(BACKENDS, name, "middleware")
