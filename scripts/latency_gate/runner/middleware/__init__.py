"""Middleware backends, found by name (--middleware) through the entry points of the group
`latency_gate.backends` (the interface: interface.py; adding one: docs/middleware.md).

A backend that fails to load or does not have the interface is reported on standard error,
once, and skipped: the others still run, and asking for it by name is bad input like any
unknown name.
"""

import importlib.metadata
import sys

from latency_gate.errors import InputError
from latency_gate.runner.middleware import interface

GROUP = "latency_gate.backends"
DEFAULT_MIDDLEWARE = "fastdds"
# The project's own first, in the order reports list them; then the others by name.
OWN_ORDER = ("fastdds", "cyclonedds", "socket", "madara")


def load_backends(entry_points=None, err=sys.stderr):
    """{name: backend} of every entry point of GROUP that loads and has the interface."""
    found = {}
    for entry_point in entry_points if entry_points is not None else importlib.metadata.entry_points(group=GROUP):
        if entry_point.name in found:
            continue  # the first distribution on the path wins, as importlib's own lookups do
        try:
            backend = entry_point.load()
        except Exception as error:  # a third party's import may raise anything: report, skip
            print(f"warning: middleware backend '{entry_point.name}' ({entry_point.value}) skipped: it fails to "
                  f"load: {type(error).__name__}: {error}", file=err)
            continue
        problem = interface.check(backend)
        if problem:
            print(f"warning: middleware backend '{entry_point.name}' ({entry_point.value}) skipped: {problem}",
                  file=err)
            continue
        found[entry_point.name] = backend
    own = [name for name in OWN_ORDER if name in found]
    return {name: found[name] for name in [*own, *sorted(set(found) - set(own))]}


BACKENDS = load_backends()


def backend(name):
    """The backend of a middleware name; InputError naming the known ones."""
    if not BACKENDS:
        raise InputError(f"no middleware backends are registered ({GROUP} entry points): the package is not "
                         f"installed as pyproject.toml says (re-run scripts/setup.sh)")
    try:
        return BACKENDS[name]
    except KeyError:
        raise InputError(f"unknown middleware '{name}' (known: {', '.join(BACKENDS)})") from None
