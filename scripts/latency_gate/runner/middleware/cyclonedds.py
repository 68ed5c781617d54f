"""Cyclone DDS: the project's CycloneLatency (pingpong/src/cyclone_latency.c), LatencyTest's
ping-pong, command line and raw data export on Cyclone DDS's C API; and CycloneThroughput
(pingpong/src/cyclone_throughput.c), ThroughputTest's method, command line and CSV export.

Each side loads profiles/cyclonedds/<sub-experiment>.xml (both programs: transport,
discovery, DDS Security), rendered for its role (its DDS Security identity; over TCP, the
publisher listens on the run's TCP port and the subscriber dials it); reliability comes
from the sub-experiment's name, the other QoS from the program. Every sub-experiment of
both specs is supported.
"""

import functools

from latency_gate.contracts.formats import write_text_atomic
from latency_gate.runner.counting import CountedPath
from latency_gate.runner.middleware.common import (
    PROFILES_ROOT, debian_source_version, installed_program, linked_library, locate_program, render_configuration,
)
from latency_gate.runner.middleware.interface import Program

TITLE = "Cyclone DDS"
# The code-path signal (runner/counting.py): CycloneLatency marks its per-sample path itself
# (pingpong/src/counted_path.h): the publisher's dds_write of a sample and both listeners' takes,
# the echo's dds_write included; intra-process, Cyclone delivers within the writer's call. Its counts
# take a few levels (GUID-keyed hash look-ups: the GUID prefix hashes the process id and the clock):
# A/A ratios PR / base reached +-1.15 % intra-process (inter-process 0.2-0.6 %), so the code-path
# gate's default minimum effect for it is 1.5 % (benchmarks/results/code-path-2026-11-25b/).
COUNTED_PATH = CountedPath(description="CycloneLatency: dds_write of the samples and the listeners' "
                                       "dds_take and echo (marked in the program)", min_effect=0.015)
_BUILD_HINT = "run scripts/setup/build_latencytest.sh"
_ROLES = {"publisher": "pub", "subscriber": "sub", "both": "pub"}  # the identity each side presents


def unsupported(subexperiment):
    """Why this backend cannot run a sub-experiment; None: it can."""
    return None


def describe(binary, environment):
    version, library = linked_library(binary, environment, "libddsc")
    return {"middleware_version": version, "middleware_library": library,
            "source_revision": debian_source_version(library)}


def _configuration(profiles_directory, subexperiment, certs_directory, tcp_port, sides, role):
    own, peer = sides.publisher_address, sides.subscriber_address
    if role == "subscriber":
        own, peer = peer, own
    return render_configuration(
        profiles_directory, f"{subexperiment.name}.xml", certs_dir=certs_directory, role=_ROLES[role],
        tcp_port=tcp_port, tcp_listening_port=tcp_port if role == "publisher" else -1, own_address=own,
        peer_address=peer, publisher_address=sides.publisher_address,
    )


def check_configuration(profiles_directory, subexperiment, certs_directory, tcp_port, sides):
    for role in ("publisher", "subscriber"):
        _configuration(profiles_directory, subexperiment, certs_directory, tcp_port, sides, role)


def _latency_commands(subexperiment, config, logs, raw):
    """{role: CycloneLatency's command line}; writes each role's rendered configuration."""
    return _roles(subexperiment, config, logs, ["--file", str(config.payloads_file)],
                  ["--samples", str(config.samples), "--export_raw_data", str(raw)])


def _throughput_commands(subexperiment, config, logs, raw):
    """{role: CycloneThroughput's command line}: the publisher runs the grid and exports the
    results, the subscriber follows its commands."""
    return _roles(subexperiment, config, logs, [], [
        "--file", str(config.demands_file), "--recoveries_file", str(config.recoveries_file),
        "--time", str(config.grid.test_time_s), "--export_csv", str(raw),
    ])


def _roles(subexperiment, config, logs, common, publisher_only):
    roles = ("subscriber", "publisher") if subexperiment.interprocess else ("both",)
    reliability = "reliable" if subexperiment.reliable else "best_effort"
    result = {}
    for role in roles:
        configuration = logs / f"{subexperiment.name}_{role}.xml"
        write_text_atomic(configuration, _configuration(config.profiles, subexperiment, config.certs,
                                                        config.lease.tcp_port, config.topology, role))
        command = [str(config.binary), role, "--config", str(configuration), "--reliability", reliability,
                   "--domain", str(config.lease.domain), *common]
        result[role] = command + (publisher_only if role != "subscriber" else [])
    return result


def _program(name):
    return Program(name, default=functools.partial(installed_program, "pingpong", name),
                   locate=functools.partial(locate_program, name, _BUILD_HINT),
                   commands=_latency_commands if name == "CycloneLatency" else _throughput_commands,
                   profiles=PROFILES_ROOT / "cyclonedds")


PROGRAMS = {"latency": _program("CycloneLatency"), "throughput": _program("CycloneThroughput")}
