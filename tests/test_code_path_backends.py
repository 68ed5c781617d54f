"""The code-path signal on the project's own programs, for real under valgrind: CycloneLatency
(Cyclone DDS) and SocketLatency (the floor) mark their per-sample path with valgrind's client
requests (pingpong/src/counted_path.h).

Specification:
- `--signal instructions` runs them under callgrind and writes instructions_/functions_ CSVs, one
  row per payload and process, the round trips as the program counted them;
- the socket floor's path (its sends, receptions and copies, no middleware) counts the same
  instructions in every run, the handshake pings and the stop message left out; so does its
  shared-memory ring (the shm family's floor), whose zero copy counts the same at every payload;
- Cyclone DDS counts its dds_write and the listeners' dds_take, named in the functions file, and,
  with its library built with names, both receive threads' packets from the socket read up to the
  listener, not the reliable protocol's heartbeats and acknowledgements (a heartbeat every 10 s
  while it counts); its shared-memory family is refused under the instructions signal (iceoryx's
  chunks make its counts vary), in one line, exit 3, before anything runs;
  the code-path gate passes a build against itself and, asked for, reports the estimated cycles
  of callgrind's cache simulation beside (a run without it has no such column).
"""

import json

import pytest

from latency_gate import cli
from latency_gate.contracts import instruction_counts as counts
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_OK
from latency_gate.runner import experiment
from latency_gate.runner.middleware import cyclonedds, socket_floor
from latency_gate.runner.run_spec import RunSpec

pytestmark = pytest.mark.programs

PAYLOADS = (16, 1024)
SAMPLES = 100


@pytest.fixture(scope="module")
def programs():
    for backend in (cyclonedds, socket_floor):
        assert backend.PROGRAMS["latency"].default().is_file(), "run scripts/setup/build_latencytest.sh first"


def counted_run(directory, middleware, subexperiments):
    code = experiment.run_experiment(directory, RunSpec(
        middleware=middleware, signal="instructions", subexperiments=subexperiments, payloads=PAYLOADS,
        samples=SAMPLES, baseline_s=0))
    assert code == EXIT_OK
    return {name: counts.read_counts(counts.counts_path(directory, name)) for name in subexperiments}


def test_the_socket_floor_counts_the_same_instructions_in_every_run(programs, tmp_path):
    subexperiments = ("interprocess_best_effort", "intraprocess_best_effort")
    first = counted_run(tmp_path / "first", "socket", subexperiments)
    second = counted_run(tmp_path / "second", "socket", subexperiments)
    for name in subexperiments:
        assert first[name][counts.INSTRUCTIONS].tolist() == second[name][counts.INSTRUCTIONS].tolist(), name
        assert (first[name][counts.ROUND_TRIPS] == SAMPLES).all()
        assert counts.CYCLES_PER_ROUND_TRIP not in first[name]  # no cache simulation unless asked for
    inter = first["interprocess_best_effort"].set_index([counts.BYTES, counts.ROLE])[counts.PER_ROUND_TRIP]
    # A UDP round trip in user space: the system calls' wrappers, a poll and a header on each side
    # (a few hundred instructions); the kernel's work is not counted. One ping's take (the one that
    # ends the subscriber's payload) is in its count: under 2 instructions per round trip.
    assert 100 < inter[16, "publisher"] < 1_000 and 100 < inter[16, "subscriber"] < 1_000
    assert inter[16, "publisher"] == inter[1024, "publisher"]  # a datagram's size is the kernel's business
    intra = counts.per_round_trip(first["intraprocess_best_effort"])
    assert intra[1024] > intra[16] + 2 * (1024 - 16) / 32  # the two copies grow with the payload


def test_the_socket_floors_shared_memory_ring_counts_the_same_in_every_run_and_zero_copy_copies_nothing(
        programs, tmp_path):
    subexperiments = ("interprocess_best_effort_shm", "interprocess_best_effort_zero_copy")
    first = counted_run(tmp_path / "first", "socket", subexperiments)
    second = counted_run(tmp_path / "second", "socket", subexperiments)
    for name in subexperiments:
        # Its futex wait loop goes round as often as the other side is late: left out, or no two runs would agree.
        assert first[name][counts.INSTRUCTIONS].tolist() == second[name][counts.INSTRUCTIONS].tolist(), name
        assert (first[name][counts.ROUND_TRIPS] == SAMPLES).all()
    copied = counts.per_round_trip(first["interprocess_best_effort_shm"])
    in_place = counts.per_round_trip(first["interprocess_best_effort_zero_copy"])
    assert in_place[1024] == in_place[16]  # written and read in place: nothing grows with the payload
    assert copied[1024] > copied[16] + 4 * (1024 - 16) / 32  # copied in and out, on both sides


def test_cyclone_dds_counts_its_writes_and_takes_and_the_gate_passes_it_against_itself(programs, tmp_path, capsys):
    results = tmp_path / "gate"
    program = str(cyclonedds.PROGRAMS["latency"].default())
    code = cli.main(["gate", "--middleware", "cyclonedds", "--base", program, "--pr", program, "-r", str(results),
                     "--signal", "instructions", "--subexperiments", "interprocess_best_effort",
                     "--payloads", *map(str, PAYLOADS), "--samples", str(SAMPLES), "--seed", "4",
                     "--estimated-cycles"])
    assert code == EXIT_OK, capsys.readouterr().out
    run = results / "runs" / "round-01" / "base"
    counted = counts.read_counts(counts.counts_path(run, "interprocess_best_effort"))
    assert set(counted[counts.ROLE]) == {"publisher", "subscriber"} and (counted[counts.ROUND_TRIPS] == SAMPLES).all()
    # Cyclone DDS 0.10 on loopback: ~7,000 instructions per round trip on each side, ~12,000 with its
    # receive threads counted (its library built with names).
    assert counted[counts.PER_ROUND_TRIP].between(2_000, 30_000).all()
    functions = counts.read_functions(counts.functions_path(run, "interprocess_best_effort"))
    names = set(functions[counts.FUNCTION])
    assert any("dds_write" in name for name in names) and any("dds_take" in name for name in names)
    assert not any("dds_create_participant" in name for name in names)  # start-up never counts
    result = json.loads((results / "gate_result.json").read_text())
    assert result["passed"] and result["signal"] == "instructions" and result["settings"]["gated"] == ["Instructions"]
    # the minimum effect of the path the program was counted on (its library with names: 0.2 %, else 1.5 %)
    counted = cyclonedds.counted_path_of(binary=program, path=cyclonedds.COUNTED_PATH)
    assert result["settings"]["min_effect"] == counted.min_effect
    assert [cell["bytes"] for cell in result["estimated_cycles"]] == list(PAYLOADS)
    assert "with its cache simulation" in json.loads((run / "metadata.json").read_text())["settings"]["counted"]


def test_cyclone_dds_counts_its_receive_threads_up_to_the_listener_but_not_the_reliable_protocol(programs, tmp_path):
    """With its library built with names (scripts/setup/build_cyclonedds.sh), each packet from the
    socket read on (its user-space part): the RTPS parsing and the reader's history before the listener,
    on both sides; not the reliable protocol's heartbeats and acknowledgements."""
    library = cyclonedds.named_library_directory() / "libddsc.so.0debian"
    assert library.is_file(), "run scripts/setup/build_cyclonedds.sh first"
    counted_run(tmp_path, "cyclonedds", ("interprocess_reliable",))
    functions = counts.read_functions(counts.functions_path(tmp_path, "interprocess_reliable"))
    names = set(functions[counts.FUNCTION])
    assert {"do_packet", "handle_rtps_message", "handle_regular", "deliver_user_data", "dds_take",
            "dds_write"} <= names
    assert not names & {"handle_Heartbeat", "handle_AckNack", "handle_Gap", "handle_SPDP"}
    assert "ddsi_udp_conn_read" in names  # the socket read's user-space part: timed, so counted
    metadata = json.loads((tmp_path / "metadata.json").read_text())
    assert metadata["middleware_library"] == str((library.parent / "libddsc.so.0.10.2").resolve())
    assert "the receive threads' packets" in metadata["settings"]["counted"]
    # A heartbeat every 10 s while samples are counted; Cyclone DDS took the setting.
    for role in ("publisher", "subscriber"):
        assert cyclonedds.COUNTED_HEARTBEATS in (tmp_path / "logs" / f"interprocess_reliable_{role}.xml").read_text()
    # Both sides' receive threads: the packets' parsing and the reader's history before each listener.
    per_round_trip = functions.set_index([counts.BYTES, counts.FUNCTION])[counts.INCLUSIVE]
    assert per_round_trip[16, "do_packet"] > per_round_trip[16, "on_data_available"] + 2 * 1_000


def test_cyclone_ddss_shared_memory_family_is_refused_under_the_instructions_signal(programs, tmp_path, capsys):
    results = tmp_path / "run"
    code = cli.main(["run", "--middleware", "cyclonedds", "--signal", "instructions", "--family", "shm",
                     "--samples", str(SAMPLES), "-r", str(results)])
    assert code == EXIT_BAD_INPUT
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "Cyclone DDS: the instructions signal does not count the shm family" in error
    assert not results.exists()  # nothing ran
