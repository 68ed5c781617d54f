"""Cyclone DDS: the project's CycloneLatency (pingpong/src/cyclone_latency.c), LatencyTest's
ping-pong, command line and raw data export on Cyclone DDS's C API; and CycloneThroughput
(pingpong/src/cyclone_throughput.c), ThroughputTest's method, command line and CSV export.

Each side loads profiles/cyclonedds/<sub-experiment>.xml (both programs: transport,
discovery, DDS Security), rendered for its role (its DDS Security identity; over TCP, the
publisher listens on the run's TCP port and the subscriber dials it); reliability comes
from the sub-experiment's name, the other QoS from the program. Every sub-experiment of
both specs is supported, and the shared-memory family (latency) through iceoryx: its RouDi
started for the run (SHARED_MEMORY_SERVICE, runner/shared_memory.py) and CycloneLatency's
--transport shm|zero_copy (pingpong/src/cyclone_latency.c).
"""

import functools
import shutil
from dataclasses import replace
from pathlib import Path

from latency_gate.contracts.formats import write_text_atomic
from latency_gate.errors import InputError
from latency_gate.runner.counting import CountedPath
from latency_gate.runner.middleware.common import (
    PROFILES_ROOT, build_directory, debian_source_version, installed_program, library_environment, linked_library,
    locate_program, render_configuration, roles,
)
from latency_gate.runner.middleware.interface import Program, SharedMemoryService

EXTENSION_POINT_VERSION = "2.2"  # COUNTED_SETUP
TITLE = "Cyclone DDS"
FAMILIES = ("spec", "shm")
# iceoryx's chunk of a sample carries a chunk header and Cyclone's own header before the sample
# (Cyclone's documentation: 64 bytes more than the type); 256 leaves room for their alignment.
CHUNK_HEADERS = 256
CHUNKS_PER_PAYLOAD = 16  # in flight per payload: a loan or write, the reader's queue and history, both ways
# The code-path signal (runner/counting.py): CycloneLatency marks its per-sample path itself
# (pingpong/src/counted_path.h): the publisher's dds_write of a sample and both listeners' takes,
# the echo's dds_write included; intra-process, Cyclone delivers within the writer's call. Its counts
# take a few levels (GUID-keyed hash look-ups: the GUID prefix hashes the process id and the clock):
# A/A ratios PR / base reached +-1.15 % intra-process (inter-process 0.2-0.6 %), so the code-path
# gate's default minimum effect for it is 1.5 % (benchmarks/results/code-path-2026-11-25b/). Its
# shared-memory family is marked too, but not counted: iceoryx reuses a writer's last chunk, or takes
# a new one and frees the old, by whether the other process has let go of it yet (a race between the
# processes): a cell's count per round trip was up to 9 % apart between runs, relative s.d. 2-3 % at
# 16 B and 1 KiB and at every zero-copy payload (benchmarks/results/code-path-shm-2026-11-25/).
# This path alone is counted when the library has no names (Debian's exports only its API): the
# receive thread's work before the listener is not counted then, and the description says so.
_UNCOUNTED_SHM = {"shm": "iceoryx reuses or frees a sample's chunk by whether the other process has released it "
                         "yet, so its counts per round trip varied by up to 9 % between runs (relative s.d. 2-3 %)"}
COUNTED_PATH = CountedPath(
    description="CycloneLatency: dds_write of the samples and the listeners' dds_take and echo (marked in the "
                "program); not the receive thread's path to the listener (counted by name only in a build of "
                "Debian's Cyclone DDS with names, scripts/setup/build_cyclonedds.sh, that stands in for it)",
    min_effect=0.015,
    uncounted_families=_UNCOUNTED_SHM)
# With a Cyclone DDS that has its symbol table (scripts/setup/build_cyclonedds.sh: Debian's version and
# flags), its receive threads count too, by name, as Fast DDS's do: each packet from its socket read
# on (do_packet: the read's user-space part, the RTPS parsing, the proxy writer, the reader's history,
# and the listener, which Cyclone calls on the receive thread: synchronous delivery is its default), without the
# traffic that fires by wall time: the reliable protocol's HEARTBEAT, ACKNACK, GAP, NACK_FRAG and
# HEARTBEAT_FRAG and the participant announcements (SPDP) are toggled too, so collection is off inside
# them (the build keeps them out of line for that). Threads dump their own counts: the subscriber's
# receive thread at each non-sample message, as before; the publisher's at its last sample's echo
# (its handshake's echoes discard what came before), beside its main thread's writes. Discovery's
# receive thread over UDP (the "recv" thread: the discovery sockets) never dumps, so never counts;
# over TCP one thread reads every connection, so the packets of discovery's that arrive between two
# samples count (their envelope, not SPDP's handler). Intra-process nothing is received.
_RECEIVE_PATH = ("do_packet",)
_NOT_COUNTED = tuple(f"handle_{kind}" for kind in ("AckNack", "Heartbeat", "HeartbeatFrag", "NackFrag", "Gap", "SPDP"))
_RECEIVE_THREAD_COUNTED = "PINGPONG_RECEIVE_THREAD_COUNTED=1"  # pingpong/src/counted_path.h
# The build seeds its generators from this variable (the build script's second patch): the same GUIDs in
# every run, one seed per role so that the two processes' differ. With random GUIDs (Debian's library
# takes them from /dev/urandom) its hash tables' look-ups walked other neighbours in every run: nearly
# all of a cell's spread (0.3-0.4 % in best-effort cells, ddsrt_chh_lookup_internal).
_SEEDS = {"publisher": 1, "subscriber": 2, "both": 1}
RECEIVE_THREAD_COUNTED_PATH = CountedPath(
    description="CycloneLatency: dds_write of the samples (marked in the program) and the receive threads' "
                "packets from the socket read to the listener's take and echo (by name; not HEARTBEAT, "
                "ACKNACK, GAP, SPDP)",
    toggles=dict.fromkeys(("publisher", "subscriber"), _RECEIVE_PATH + _NOT_COUNTED),
    separate_threads=True,
    # Its A/A spread with the seeds and the heartbeats of a counted run: median 0.044-0.068 %, largest
    # 0.54-0.61 % (intra-process: the allocator's state and an instance-map look-up's depth, set per
    # run: intraprocess-levels/); ten recorded full-matrix A/A gates re-decided at 0.2 % after 3 rounds
    # found no cell that looks like a regression, 5-10 of 40 inconclusive; a heap copy in the echo
    # (+0.3-0.7 %) was found in every cell it moved by 0.2 % or more, in 2 of 2 gates
    # (benchmarks/results/code-path-cyclone-2026-11-27/heartbeats/). The marks alone keep 1.5 %.
    min_effect=0.002,
    uncounted_families=_UNCOUNTED_SHM,
    environment={role: (f"LATENCY_GATE_CYCLONEDDS_SEED={seed}",) + ((_RECEIVE_THREAD_COUNTED,) if role != "both" else ())
                 for role, seed in _SEEDS.items()})
NAMED_LIBRARY_VERSION = "0.10.2"  # what scripts/setup/build_cyclonedds.sh builds
COUNTED_SETUP = "scripts/setup/build_cyclonedds.sh"  # a CI job's code-path gate builds it before counting
_BUILD_HINT = "run scripts/setup/build_latencytest.sh"
_NAMED = b"\0do_packet\0"  # in a symbol table's strings: the library has the names the toggles need
_ROLES = {"publisher": "pub", "subscriber": "sub", "both": "pub"}  # the identity each side presents


def named_library_directory():
    """Where scripts/setup/build_cyclonedds.sh puts Cyclone DDS with its symbol table."""
    return build_directory() / f"cyclonedds-{NAMED_LIBRARY_VERSION}" / "lib"


def counted_path_of(*, binary, path):
    """The receive threads counted too (RECEIVE_THREAD_COUNTED_PATH, with the run's choices) when the
    program loads Debian's libddsc and a build of its version with names stands in for it; else
    `path` (COUNTED_PATH). A library of the program's own (a workspace's: the Cyclone DDS a pull
    request changes) is never replaced: it is counted as it is, by the program's marks."""
    version, loaded = linked_library(binary, library_environment(binary), "libddsc")
    named = named_library_directory() / "libddsc.so.0debian"
    stood_in_for = loaded is not None and (debian_source_version(loaded) is not None
                                           or Path(loaded).is_relative_to(named.parent.resolve()))
    if not stood_in_for or version != NAMED_LIBRARY_VERSION or not named.is_file() or _NAMED not in named.read_bytes():
        return path
    return replace(RECEIVE_THREAD_COUNTED_PATH, cache_sim=path.cache_sim,
                   library_directory=str(named_library_directory()))


def unsupported(*, subexperiment):
    """Why this backend cannot run a sub-experiment; None: it can."""
    return None


def describe(*, binary, environment):
    version, library = linked_library(binary, environment, "libddsc")
    return {"middleware_version": version, "middleware_library": library,
            "source_revision": debian_source_version(library)}


# A counted run's heartbeat interval (the profiles' ${counted_heartbeats}; nothing in a timed run). A
# reliable writer asks for acknowledgements by wall time (every 100 ms by default, 5 ms at the least),
# and valgrind runs the programs ~50x slower, so how many HEARTBEATs, ACKNACKs and retransmissions a
# round trip met followed the machine's load. Their handlers are not counted (_NOT_COUNTED), but a
# secured packet is decrypted whole before them, with a session key computed anew now and then.
# Every 10 s: a payload's counted window meets one or none, and discovery, which comes again only with
# a heartbeat for what a secured peer dropped before its handshake had ended, completes within the 30 s
# the publisher waits for its first echo (at 1000 s, 12 of ~340 secured runs beside load did not; at
# 10 s none of ~130, nor of ~115 with Cyclone's defaults). Under the same load the secured reliable
# cells' A/A spread was 0.10-1.19 % with the defaults, 0.015-0.38 % at 10 s, 0.015-0.32 % at 1000 s
# (benchmarks/results/code-path-cyclone-2026-11-27/heartbeats/).
COUNTED_HEARTBEATS = ('<Internal><HeartbeatInterval min="10 s" minsched="10 s" max="10 s">10 s'
                      '</HeartbeatInterval></Internal>')


def rendered(configuration, role):
    """Its configuration of a sub-experiment (interface.Configuration) rendered for a role (publisher,
    subscriber or both), with a counted run's heartbeat interval (COUNTED_HEARTBEATS)."""
    sides, tcp_port = configuration.sides, configuration.tcp_port
    own, peer = sides.publisher_address, sides.subscriber_address
    if role == "subscriber":
        own, peer = peer, own
    return render_configuration(
        configuration.profiles, f"{configuration.subexperiment.name}.xml", ("CycloneDDS",),
        {"counted_heartbeats": COUNTED_HEARTBEATS if configuration.counted else ""}, certs_dir=configuration.certs,
        role=_ROLES[role], tcp_port=tcp_port, tcp_listening_port=tcp_port if role == "publisher" else -1,
        own_address=own, peer_address=peer, publisher_address=sides.publisher_address,
    )


def check_configuration(*, configuration):
    for role in ("publisher", "subscriber"):
        rendered(configuration, role)


def _commands(*, run):
    """{role: CycloneLatency's or CycloneThroughput's command line} (the kind's input files and
    export: runner/kinds.py); writes each role's rendered configuration. Shared memory: iceoryx,
    --transport shm or zero_copy."""
    subexperiment = run.configuration.subexperiment
    transport = (["--transport", "zero_copy" if subexperiment.zero_copy else "shm"] if subexperiment.shared_memory
                 else [])
    reliability = "reliable" if subexperiment.reliable else "best_effort"

    def options(role):
        path = run.logs / f"{subexperiment.name}_{role}.xml"
        write_text_atomic(path, rendered(run.configuration, role))
        return ["--config", str(path), "--reliability", reliability, "--domain", str(run.configuration.domain)]

    return roles(subexperiment, [str(run.binary)], run.publisher_arguments, [*run.arguments, *transport], options)


def roudi_configuration(payloads):
    """iceoryx 2.0's RouDi configuration (TOML) for a run: a memory pool per payload, its chunks the
    size of CycloneLatency's fixed-size sample (4-byte aligned) and iceoryx's and Cyclone's headers."""
    sizes = sorted({(payload + 3) // 4 * 4 + CHUNK_HEADERS for payload in payloads})
    pools = "".join(f"\n[[segment.mempool]]\nsize = {size}\ncount = {CHUNKS_PER_PAYLOAD}\n" for size in sizes)
    return f"[general]\nversion = 1\n\n[[segment]]\n{pools}"


def _roudi_command(*, payloads, logs):
    path = logs / "roudi.toml"
    write_text_atomic(path, roudi_configuration(payloads))
    # Monitoring off: a program under valgrind (the instructions signal) answers RouDi's heartbeat too
    # late and would be taken for dead; the run's RouDi ends with the run anyway.
    return ["iox-roudi", "--config-file", str(path), "--log-level", "warning", "--monitoring-mode", "off"]


def _check_roudi():
    if shutil.which("iox-roudi") is None:
        raise InputError("Cyclone DDS's shared memory needs iceoryx's RouDi (iox-roudi, Debian package iceoryx: "
                         "scripts/setup/install_system_packages.sh installs it)")


# Cyclone DDS's shared memory is iceoryx's: its RouDi runs for the run, in the run's namespace.
SHARED_MEMORY_SERVICE = SharedMemoryService("RouDi", _roudi_command, "RouDi is ready for clients", _check_roudi)


def _program(name):
    return Program(name, default=functools.partial(installed_program, "pingpong", name),
                   locate=functools.partial(locate_program, name, _BUILD_HINT),
                   commands=_commands,
                   profiles=PROFILES_ROOT / "cyclonedds")


PROGRAMS = {"latency": _program("CycloneLatency"), "throughput": _program("CycloneThroughput")}
