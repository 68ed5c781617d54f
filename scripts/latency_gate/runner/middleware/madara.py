"""MADARA: the project's MadaraLatency (pingpong_madara/src/madara_latency.cpp), LatencyTest's
ping-pong, command line and raw data export on MADARA knowledge bases; and MadaraThroughput
(pingpong_madara/src/madara_throughput.cpp), ThroughputTest's method, command line and CSV
export on the same; both built with MADARA 3.4.2 from third_party/madara/.

Each side of either program loads profiles/madara/<sub-experiment>.xml (MADARA's transport
settings by their field names), rendered for its role: its own address and port first, then
the peer's (the publisher binds the run's TCP port, the subscriber its second port). Five sub-experiments map
onto what MADARA has: intra-process on two knowledge bases of one process (its SharedMemoryPush
transport), UDP unicast, ZeroMQ over TCP, and each network one with MADARA's AES buffer filter
for the security family (its own encryption, not DDS Security; a password written for each
run). MADARA has no reliability: the five reliable sub-experiments are unsupported.
"""

import functools
import re
import secrets

from latency_gate.contracts.formats import write_text_atomic
from latency_gate.runner.domain_lease import PEER_PORT_OFFSET
from latency_gate.runner.middleware.common import (
    PROFILES_ROOT, installed_program, locate_program, render_configuration, roles,
)
from latency_gate.runner.middleware.interface import Program

EXTENSION_POINT_VERSION = "2.0"
TITLE = "MADARA"
COUNTED_PATH = None  # the instructions signal: not yet (its program has no per-payload boundary)
_BUILD_HINT = "run scripts/setup/build_latencytest.sh --all"
# Its programs' colcon package and the part of MADARA it compiles (about 40 s of CPU): built only
# with --all or for a CI job measuring MADARA (interface.build_sources).
BUILD_SOURCES = ("pingpong_madara", "third_party/madara", "third_party/madara-patches")
# What madara::utility::get_version() returns, compiled into the program (pingpong_madara/CMakeLists.txt).
_VERSION = re.compile(rb"(\d+\.\d+\.\d+) \(([0-9a-f]{40})\)")


def unsupported(*, subexperiment):
    """Why MADARA cannot run a sub-experiment; None: it can."""
    if subexperiment.reliable:
        return ("MADARA has no reliability: its UDP and ZeroMQ transports send each update once, with no "
                "acknowledgement or resend (only its OpenSplice DDS transport maps a reliability setting)")
    return None


def describe(*, binary, environment):
    """MADARA is linked into the program: its version and upstream commit are read from it."""
    version, commit = _linked_version(str(binary))
    return {"middleware_version": version, "middleware_library": None,
            "source_revision": commit and f"git {commit}"}


@functools.lru_cache(maxsize=8)  # the gate and compare-middleware describe the same programs per run
def _linked_version(binary):
    with open(binary, "rb") as program:
        found = _VERSION.search(program.read())
    return (found[1].decode(), found[2].decode()) if found else (None, None)


def _configuration(configuration, role, aes_password_file):
    sides, tcp_port = configuration.sides, configuration.tcp_port
    own, peer = sides.publisher_address, sides.subscriber_address
    own_port, peer_port = tcp_port, tcp_port + PEER_PORT_OFFSET
    if role == "subscriber":
        own, peer, own_port, peer_port = peer, own, peer_port, own_port
    return render_configuration(configuration.profiles, f"{configuration.subexperiment.name}.xml", ("madara",),
                                own_address=own, peer_address=peer, own_port=own_port, peer_port=peer_port,
                                aes_password_file=aes_password_file)


def check_configuration(*, configuration):
    for role in ("publisher", "subscriber"):
        _configuration(configuration, role, "aes.password")


def _commands(*, run):
    """{role: MadaraLatency's or MadaraThroughput's command line} (the kind's input files and
    export: runner/kinds.py); writes each role's rendered settings (and, for the security family,
    a new AES password both sides read)."""
    subexperiment = run.configuration.subexperiment
    password = run.logs / f"{subexperiment.name}_aes.password"
    if subexperiment.security:
        write_text_atomic(password, secrets.token_hex(32))
        password.chmod(0o600)

    def options(role):
        settings = run.logs / f"{subexperiment.name}_{role}.xml"
        write_text_atomic(settings, _configuration(run.configuration, role, password))
        return ["--config", str(settings), "--domain", str(run.configuration.domain)]

    return roles(subexperiment, [str(run.binary)], run.publisher_arguments, run.arguments, options)


def _program(name):
    return Program(name, default=functools.partial(installed_program, "pingpong_madara", name),
                   locate=functools.partial(locate_program, name, _BUILD_HINT), commands=_commands,
                   profiles=PROFILES_ROOT / "madara")


PROGRAMS = {"latency": _program("MadaraLatency"), "throughput": _program("MadaraThroughput")}
