"""Fast DDS: eProsima's LatencyTest and ThroughputTest, the specs' own programs.

The runner renders the project's XML profile of a sub-experiment
(profiles/fastdds/<sub-experiment>.xml, for throughput profiles/fastdds-throughput/:
transport, reliability, security, data sharing) with its security artifacts and TCP port; a
colcon workspace's own Fast DDS libraries come before the system's. Every sub-experiment of the
specs and of the shared-memory family is supported.
"""

import functools
import subprocess
from dataclasses import replace
from pathlib import Path

from latency_gate.contracts.formats import write_text_atomic
from latency_gate.errors import InputError
from latency_gate.runner.counting import CountedPath
from latency_gate.runner.middleware.interface import Program
from latency_gate.runner.middleware.common import (
    PROFILES_ROOT, check_program, debian_source_version, installed_program, linked_library, render_configuration,
    roles, workspace_of,
)

EXTENSION_POINT_VERSION = "2.1"  # Configuration.counted
TITLE = "Fast DDS"
# The shared-memory family through the profiles (profiles/fastdds/*_shm.xml: the SHM transport;
# *_zero_copy.xml: data sharing) and LatencyTest's --data_loans; not its --shared_memory, which adds
# a default SHM transport (512 KiB segment) and UDPv4 to the profile's own: with the UDP profile the
# samples still crossed by UDP (benchmarks/fastdds_shared_memory_option.sh, docs/middleware.md).
FAMILIES = ("spec", "shm")
_BUILD_HINT = "run scripts/setup/build_latencytest.sh"

_WRITE = "eprosima::fastdds::dds::DataWriter::write*"
_PUBLISHER_TAKES = "LatencyTestPublisher::LatencyDataReaderListener::on_data_available*"
_SUBSCRIBER_ECHOES = "LatencyTestSubscriber::LatencyDataReaderListener::on_data_available*"
# Every message a receive thread hands on, from its socket read (its user-space part; a shared-memory
# port's read is inline, without a name in Debian's library: from its return): RTPS parsing, the
# reader, its history, the listener and its take (and the echo's write).
_RECEPTIONS = ("eprosima::fastdds::rtps::UDPChannelResource::Receive(*",  # the reads, before the message
               "eprosima::fastdds::rtps::TCPTransportInterface::Receive(*",
               "eprosima::fastrtps::rtps::ReceiverResource::OnDataReceived*",
               "eprosima::fastrtps::rtps::DataSharingListener::process_new_data*")  # data sharing's notification
# Inside a reception, the reliable protocol's submessages whose timers fire by wall time: toggled too,
# so collection is off inside them (a nested toggle flips it), their allocations included.
_WALL_TIME_TRAFFIC = tuple(f"eprosima::fastrtps::rtps::MessageReceiver::proc_Submsg_{kind}(*"
                           for kind in ("Acknack", "Heartbeat", "Gap", "NackFrag", "HeartbeatFrag"))
# The code-path signal (runner/counting.py) of the project's LatencyTest, which marks its timed region
# (latencytest/patches/0003-counted-region-marks.patch): on the publisher's thread from before the
# sample's timestamp to the write's return; on every receive thread of both processes each message
# (_RECEPTIONS), from the first (dropped) sample's reception to the last sample's. Discovery's threads
# never dump, so never count. Not counted: the reliable protocol's HEARTBEAT, ACKNACK and GAP
# submessages (_WALL_TIME_TRAFFIC: their timers fire by wall time, and valgrind runs the program ~50x
# slower: their number per round trip varied by ~1 % of the count between runs), the system calls, the waits.
COUNTED_PATH = CountedPath(
    toggles=dict.fromkeys(("publisher", "subscriber", "both"), _RECEPTIONS + _WALL_TIME_TRAFFIC),
    separate_threads=True,
    counts_dropped_sample=False,
    # Both processes switch instrumentation on before they create their participant
    # (latencytest/patches/0005-instrumentation-before-participant.patch).
    starts_instrumentation=True,
    # Twice the median cell's relative s.d. over its A/A gates (0.071 %, 24 runs a cell:
    # benchmarks/results/code-path-2026-11-27/aa-counted-reliability/). Twelve recorded full-matrix
    # A/A gates re-decided at 0.1-0.2 % after 3 rounds found no cell that looks like a regression
    # at 0.15 % and not at 0.2 %; 0-6 more of 40 cells cannot rule it out (inconclusive;
    # benchmarks/results/code-path-2026-11-27/minimum-effects/). At 0.2 % a
    # per-sample copy and allocation in the library (+0.17-0.19 % at 16384 B) went unconfirmed.
    min_effect=0.0015,
    description="LatencyTest's timed region: the publisher's timestamp to its write's return, and every "
                "receive thread's messages (not HEARTBEAT, ACKNACK, GAP)",
)
# A LatencyTest without the marks (a Fast DDS workspace's own): its per-sample path by function names.
# Inter-process: the publisher's writes and its reception callback, the subscriber's reception
# callback (take and echo). Intra-process the whole round trip is one synchronous call chain inside
# the publisher's write (the subscriber's callback, its echo's write, the publisher's callback), so
# the write alone is toggled: a toggled function nested in it would switch collection off (callgrind
# flips on every entry of a toggled function; a recursive entry, the echo's write'2, does not flip,
# measured: with the publisher's callback toggled too, an allocation added to it went uncounted).
UNMARKED_COUNTED_PATH = CountedPath(
    toggles={"publisher": (_WRITE, _PUBLISHER_TAKES), "subscriber": (_SUBSCRIBER_ECHOES,),
             "both": (_WRITE,)},
    payload_end={"publisher": "LatencyTestPublisher::test*", "subscriber": "LatencyTestSubscriber::test*",
                 "both": "LatencyTestPublisher::test*"},
    description="LatencyTest without the project's marks: DataWriter::write and the data readers' "
                "on_data_available",
)
_MARKS = b"latency-gate payload="
_STARTS_INSTRUMENTATION = b"latency-gate instrumentation=before-participant"


def counted_path_of(*, binary, path):
    """The counted path for this LatencyTest: the marked one (`path`, with the run's choices; run with
    instrumentation on from the start when the binary does not switch it on itself: marked before
    patch 0005), or, for a binary without the marks, its functions by name with the same choices."""
    program = Path(binary).read_bytes()
    if _MARKS in program:
        return path if _STARTS_INSTRUMENTATION in program else replace(path, starts_instrumentation=False)
    return replace(UNMARKED_COUNTED_PATH, cache_sim=path.cache_sim)


def _locate(program, directory, *, path):
    """The program itself, or the one inside a Fast DDS colcon workspace built with tests."""
    path = Path(path)
    if path.is_dir():
        # colcon installs nothing for tests: the program stays in the package's build tree.
        candidates = sorted(path.glob(f"install/*/bin/{program}")) + sorted(
            path.glob(f"build/*/test/performance/{directory}/{program}")
        )
        if not candidates:
            raise InputError(
                f"no {program} in this workspace (expected build/<pkg>/test/performance/{directory}/"
                f"{program}: build Fast DDS with -DPERFORMANCE_TESTS=ON)", path,
            )
        path = candidates[0]
    return check_program(path, program, _BUILD_HINT)


@functools.lru_cache(maxsize=8)  # the relative gate asks for the same two builds hundreds of times
def source_revision(binary, library):
    """Git revision of the workspace's Fast DDS sources, else the Debian package version."""
    workspace = workspace_of(binary)
    if workspace is not None:
        for name in ("Fast-DDS", "fastrtps", "Fast-RTPS", "fastdds"):  # names the repository is cloned as
            source = workspace / "src" / name
            if not source.is_dir():
                continue
            result = subprocess.run(["git", "-C", str(source), "rev-parse", "HEAD"], capture_output=True, text=True)
            if result.returncode == 0:
                return f"git {result.stdout.strip()}"
    return debian_source_version(library)


def unsupported(*, subexperiment):
    """Why this backend cannot run a sub-experiment; None: it can (LatencyTest runs them all)."""
    return None


def describe(*, binary, environment):
    """What metadata.json records of the middleware a run measured."""
    version, library = linked_library(binary, environment, "libfastrtps")
    return {"middleware_version": version, "middleware_library": library,
            "source_revision": source_revision(binary, library)}


# A counted run's reliable writers and readers (the profiles' ${counted_writer_times} and
# ${counted_reader_times}; nothing in a timed run). Every sample carries a piggybacked HEARTBEAT
# (its history of depth 1 is full), and each reader answers after its response delay with an
# ACKNACK: how many heartbeats one answer covers depends on wall time, and valgrind runs the program
# ~50x slower, so the number of ACKNACK messages a receive thread parsed (each one's header and,
# secured, its decoding: ~190,000 instructions) varied between runs, 0.3-0.7 per round trip and
# side: most of the reliable cells' run-to-run spread
# (benchmarks/results/code-path-2026-11-27/counted-reliability). At 1000 s no
# acknowledgement and no periodic heartbeat is sent while samples are counted; the piggybacked
# heartbeats are still written, and their handling was never counted (_WALL_TIME_TRAFFIC).
COUNTED_RELIABILITY = {
    "counted_writer_times": "<times><heartbeatPeriod><sec>1000</sec></heartbeatPeriod></times>",
    "counted_reader_times": "<times><heartbeatResponseDelay><sec>1000</sec></heartbeatResponseDelay></times>",
}


# A Fast DDS XML profile's root: <dds> wrapping <profiles>, or <profiles> alone (Fast DDS reads both).
PROFILE_ROOTS = ("dds", "profiles")


def profile(configuration):
    """Its XML profile of a sub-experiment (interface.Configuration) rendered with the run's addresses,
    TCP port and security artifacts, and a counted run's reliability timings (COUNTED_RELIABILITY)."""
    sides = configuration.sides
    timings = COUNTED_RELIABILITY if configuration.counted else dict.fromkeys(COUNTED_RELIABILITY, "")
    return render_configuration(configuration.profiles, f"{configuration.subexperiment.name}.xml", PROFILE_ROOTS,
                                timings, certs_dir=configuration.certs, tcp_port=configuration.tcp_port,
                                publisher_address=sides.publisher_address, subscriber_address=sides.subscriber_address)


def check_configuration(*, configuration):
    profile(configuration)


def _commands(*, run):
    """{role: LatencyTest's or ThroughputTest's command line} for one sub-experiment (the
    kind's input files and export: runner/kinds.py); writes its rendered profile. Zero copy:
    --data_loans (its profile turns data sharing on)."""
    subexperiment = run.configuration.subexperiment
    rendered = run.logs / f"{subexperiment.name}.xml"
    write_text_atomic(rendered, profile(run.configuration))
    loans = ["--data_loans"] if subexperiment.zero_copy else []
    common = ["--xml", str(rendered), "--domain", str(run.configuration.domain), *loans, *run.arguments]
    # LatencyTest's subscriber is told the samples too: the project's closes a payload's counted window
    # on the thread that takes its last sample (latencytest/patches/0003); upstream's ignores them.
    arguments = list(run.publisher_arguments)
    samples = arguments[arguments.index("--samples"):][:2] if "--samples" in arguments else []
    return roles(subexperiment, [str(run.binary)], run.publisher_arguments, common,
                 lambda role: samples if role == "subscriber" else [])


LATENCY_TEST = Program("LatencyTest", default=functools.partial(installed_program, "latencytest", "LatencyTest"),
                       locate=functools.partial(_locate, "LatencyTest", "latency"), commands=_commands,
                       profiles=PROFILES_ROOT / "fastdds")
THROUGHPUT_TEST = Program("ThroughputTest",
                          default=functools.partial(installed_program, "throughputtest", "ThroughputTest"),
                          locate=functools.partial(_locate, "ThroughputTest", "throughput"),
                          commands=_commands, profiles=PROFILES_ROOT / "fastdds-throughput")
PROGRAMS = {"latency": LATENCY_TEST, "throughput": THROUGHPUT_TEST}
