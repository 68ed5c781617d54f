"""Cyclone DDS: the project's CycloneLatency (pingpong/src/cyclone_latency.c), LatencyTest's
ping-pong, command line and raw data export on Cyclone DDS's C API.

Each side loads profiles/cyclonedds/<sub-experiment>.xml, rendered for its role (its DDS
Security identity; over TCP, the publisher listens on the run's TCP port and the
subscriber dials it); reliability comes from the sub-experiment's name. Every sub-experiment
of the spec is supported.
"""

from latency_gate.contracts.formats import write_text_atomic
from latency_gate.runner.middleware.common import (
    PROFILES_ROOT, check_program, debian_source_version, installed_program, linked_library, render_configuration,
)

TITLE = "Cyclone DDS"
PROFILES_DIRECTORY = PROFILES_ROOT / "cyclonedds"
_ROLES = {"publisher": "pub", "subscriber": "sub", "both": "pub"}  # the identity each side presents


def default_program():
    return installed_program("pingpong", "CycloneLatency")


def locate(path):
    return check_program(path, "CycloneLatency", "run scripts/setup/build_latencytest.sh")


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


def commands(subexperiment, config, logs, raw):
    """{role: CycloneLatency's command line}; writes each role's rendered configuration."""
    roles = ("subscriber", "publisher") if subexperiment.interprocess else ("both",)
    reliability = "reliable" if subexperiment.reliable else "best_effort"
    result = {}
    for role in roles:
        configuration = logs / f"{subexperiment.name}_{role}.xml"
        write_text_atomic(configuration, _configuration(config.profiles, subexperiment, config.certs,
                                                        config.lease.tcp_port, config.topology, role))
        command = [str(config.binary), role, "--config", str(configuration), "--reliability", reliability,
                   "--file", str(config.payloads_file), "--domain", str(config.lease.domain)]
        if role != "subscriber":
            command += ["--samples", str(config.samples), "--export_raw_data", str(raw)]
        result[role] = command
    return result
