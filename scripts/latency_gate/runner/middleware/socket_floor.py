"""The floor: the project's SocketLatency (pingpong/src/socket_latency.c), the same ping-pong
with nothing on top: a bare loopback socket for the inter-process sub-experiments (UDP, or
TCP with TCP_NODELAY for the _tcp ones; one thread wake-up per hop, as a middleware's receive
thread), and for the intra-process ones the sample copied to the reader and back on the
writer's thread (what a middleware that delivers locally must at least do). Reliability
does not change a socket on loopback, so best effort and reliable measure the same path.

A socket has no DDS Security: the four _security sub-experiments are unsupported, and a
middleware's cost of security is measured against the floor of its plain twin.

The shared-memory family's floor is a ring in shared memory with a futex wake-up
(pingpong/src/shared_memory_ring.c): the sample copied in and out (_shm), or written and read in
place (_zero_copy, only its header touched); reliability changes nothing there either.
"""

import functools

from latency_gate.runner.counting import CountedPath
from latency_gate.runner.middleware.common import installed_program, locate_program
from latency_gate.runner.middleware.interface import Program

EXTENSION_POINT_VERSION = "2.0"
TITLE = "socket floor"
FAMILIES = ("spec", "shm")
# The code-path signal (runner/counting.py): SocketLatency marks its per-sample path itself
# (pingpong/src/counted_path.h): the send of a sample, the wait, read and header of a reception,
# the echo's send; intra-process, the copies there and back; the shared-memory ring's sends and
# receptions but its futex wait loop (it goes round as often as the other side is late). What the
# kernel does is not counted.
COUNTED_PATH = CountedPath(description="SocketLatency: the sends and receptions of the samples "
                                       "(marked in the program)")


def unsupported(*, subexperiment):
    if subexperiment.security:
        return "a bare socket has no DDS Security; the plain sub-experiment is its floor"
    return None


def describe(*, binary, environment):
    return {"middleware_version": None, "middleware_library": None, "source_revision": None}


def check_configuration(*, configuration):
    """Nothing to check: SocketLatency takes everything on its command line."""


def _commands(*, run):
    subexperiment, common, sampled = run.configuration.subexperiment, run.arguments, run.publisher_arguments
    binary = str(run.binary)
    if not subexperiment.interprocess:
        return {"both": [binary, "both", "--transport", "memory", *sampled, *common]}
    # The run's TCP port serves UDP as well: another protocol's port space, held by the same lease;
    # and it names the shared-memory ring.
    transport = ("zero_copy" if subexperiment.zero_copy else "shm" if subexperiment.shared_memory
                 else "tcp" if subexperiment.tcp else "udp")
    network = ["--transport", transport, "--address", run.configuration.sides.subscriber_address,
               "--port", str(run.configuration.tcp_port), *common]
    return {"subscriber": [binary, "subscriber", *network], "publisher": [binary, "publisher", *sampled, *network]}


# Nothing to configure beyond the command line: no profiles.
PROGRAMS = {"latency": Program(
    "SocketLatency", default=functools.partial(installed_program, "pingpong", "SocketLatency"),
    locate=functools.partial(locate_program, "SocketLatency", "run scripts/setup/build_latencytest.sh"),
    commands=_commands,
)}
