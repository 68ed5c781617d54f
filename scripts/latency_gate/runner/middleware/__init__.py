"""Middleware backends: one module per middleware, found by name (--middleware).

A backend runs the spec's sub-experiments with a program that has LatencyTest's command
line and raw data export (Sample,Payload [Bytes],Latency [us]; one-way = round trip / 2),
so that everything after the run (process, check, history, requirements, compare, the
gate) works unchanged. Each backend module provides:

  TITLE                  how reports name it
  PROFILES_DIRECTORY     its default configuration templates (None: it needs none)
  default_program()      the program the project builds for it
  locate(path)           the program at a user-given path, checked (InputError)
  unsupported(sub)       why it cannot run a sub-experiment, or None
  check_configuration(profiles, sub, certs, tcp_port, sides)   render its configuration to
                         check it (sides: the run's runner/topology.Topology, its addresses)
  commands(sub, config, logs, raw)   {role: command line}; roles: both, or subscriber and
                         publisher (started in that order); writes its rendered configuration
  describe(binary, environment)      middleware_version, middleware_library, source_revision
  COUNTED_PATH           its program's per-sample path for the instructions signal
                         (runner/counting.CountedPath), or None: the signal is not supported
"""

from latency_gate.errors import InputError
from latency_gate.runner.middleware import cyclonedds, fastdds, socket_floor

BACKENDS = {"fastdds": fastdds, "cyclonedds": cyclonedds, "socket": socket_floor}
DEFAULT_MIDDLEWARE = "fastdds"


def backend(name):
    """The backend module of a middleware name; InputError naming the known ones."""
    try:
        return BACKENDS[name]
    except KeyError:
        raise InputError(f"unknown middleware '{name}' (known: {', '.join(BACKENDS)})") from None
