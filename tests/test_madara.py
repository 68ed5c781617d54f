"""MADARA, for real: MadaraLatency (pingpong_madara/) on MADARA 3.4.2 built from
third_party/madara runs every sub-experiment MADARA can through the same runner as LatencyTest
into the spec's measurements CSV, and reports the others as unsupported.
"""

import socket
import subprocess

import pytest

from latency_gate import cli
from latency_gate.analysis.processing import process_experiment
from latency_gate.contracts.formats import (
    PAYLOAD, SAMPLE, SUBEXPERIMENTS, measurements_path, read_measurements, read_summary, summary_path,
)
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_OK
from latency_gate.runner import experiment
from latency_gate.runner.domain_lease import PEER_PORT_OFFSET, DomainLease
from latency_gate.runner.middleware import interface, madara
from latency_gate.runner.middleware.common import REPOSITORY, Subexperiment
from latency_gate.runner.run_spec import RunSpec
from latency_gate.runner.topology import Topology
from runner_helpers import metadata_of

pytestmark = pytest.mark.programs

# 65000 B is more than MADARA's default fragment (62000 B): its fragmentation and reassembly run too.
PAYLOADS = (16, 16384, 65000)
SAMPLES = 200
SUPPORTED = ("intraprocess_best_effort", "interprocess_best_effort", "interprocess_best_effort_security",
             "interprocess_best_effort_tcp", "interprocess_best_effort_tcp_security")


@pytest.fixture(scope="module")
def program():
    binary = madara.PROGRAMS["latency"].default()
    assert binary.is_file(), f"{binary} missing: run scripts/setup/build_latencytest.sh --all first"
    return binary


def run(directory, **options):
    return experiment.run_experiment(directory, RunSpec(middleware="madara", payloads=PAYLOADS, samples=SAMPLES,
                                                        baseline_s=0, **options))


def assert_complete_measurements(directory, name):
    measurements = read_measurements(measurements_path(directory, name))
    per_payload = measurements.groupby(PAYLOAD).size()
    assert tuple(per_payload.index) == PAYLOADS
    # Best effort: on one host it loses next to nothing, but LatencyTest's rule (no round trip
    # over 100 ms is recorded) drops the rare one a loaded machine stalls.
    assert (per_payload >= 0.98 * SAMPLES).all()
    assert list(measurements[SAMPLE]) == list(range(1, len(measurements) + 1))


def test_madara_runs_what_it_has_into_the_spec_csv_and_reports_the_reliable_ones_unsupported(program, tmp_path):
    code = run(tmp_path, retries=0)

    metadata = metadata_of(tmp_path)
    outcomes = metadata["subexperiments"]
    assert code == EXIT_OK, {name: entry["error"] for name, entry in outcomes.items()}
    assert metadata["middleware"] == "madara"
    assert metadata["middleware_version"] == (REPOSITORY / "third_party/madara/VERSION.txt").read_text().strip()
    commit = (REPOSITORY / "third_party/madara/UPSTREAM_COMMIT").read_text().strip()
    assert metadata["source_revision"] == f"git {commit}"
    for name in SUBEXPERIMENTS:
        if name in SUPPORTED:
            assert outcomes[name]["status"] == "passed"
            assert_complete_measurements(tmp_path, name)
        else:
            assert outcomes[name]["status"] == "unsupported"
            assert "MADARA has no reliability" in outcomes[name]["error"]
            assert not measurements_path(tmp_path, name).exists()
    # Each side's settings: its own address and port first (what it binds), then the peer's.
    tcp_port = metadata["settings"]["tcp_port"]
    subscriber = (tmp_path / "logs" / "interprocess_best_effort_tcp_subscriber.xml").read_text()
    own, peer = f"tcp://127.0.0.1:{tcp_port + PEER_PORT_OFFSET}", f"tcp://127.0.0.1:{tcp_port}"
    assert 0 < subscriber.index(own) < subscriber.index(peer)
    process_experiment(tmp_path)
    assert len(read_summary(summary_path(tmp_path, "interprocess_best_effort_tcp_security"))) == len(PAYLOADS)


def first_datagram(program, tmp_path, name):
    """What MadaraLatency's publisher puts on the wire first for a sub-experiment: a UDP socket
    stands where the subscriber's would be."""
    lease = DomainLease()
    try:
        password = tmp_path / "aes.password"
        password.write_text("a password of the test's")
        settings = tmp_path / "publisher.xml"
        configuration = interface.configuration(Subexperiment(name), madara.PROGRAMS["latency"].profiles, tmp_path,
                                                lease.tcp_port, lease.domain, Topology())
        settings.write_text(madara._configuration(configuration, "publisher", password))
        payloads = tmp_path / "payloads.csv"
        payloads.write_text("64;")
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as subscriber:
            subscriber.bind(("127.0.0.1", lease.tcp_port + PEER_PORT_OFFSET))
            subscriber.settimeout(10)
            publisher = subprocess.Popen([program, "publisher", "--config", settings, "--domain", str(lease.domain),
                                          "--file", payloads, "--samples", "1"], stdout=subprocess.DEVNULL)
            try:
                return subscriber.recv(65536)
            finally:
                publisher.kill()
                publisher.wait()
    finally:
        lease.release()


def test_madaras_aes_filter_leaves_no_plain_text_on_the_wire(program, tmp_path):
    plain = first_datagram(program, tmp_path, "interprocess_best_effort")
    encrypted = first_datagram(program, tmp_path, "interprocess_best_effort_security")

    # Without the filter a message names its domain and variable; with it neither is readable.
    assert b"latency_gate." in plain and b"ping" in plain
    assert b"latency_gate." not in encrypted and b"ping" not in encrypted


def test_the_netns_topology_runs_madara_as_two_hosts(program, tmp_path):
    names = ["intraprocess_best_effort", "interprocess_best_effort", "interprocess_best_effort_tcp"]

    code = run(tmp_path, subexperiments=names, topology="netns", retries=0)

    metadata = metadata_of(tmp_path)
    outcomes = metadata["subexperiments"]
    assert code == EXIT_OK, {name: entry["error"] for name, entry in outcomes.items()}
    assert outcomes["intraprocess_best_effort"]["status"] == "unsupported"
    addresses = metadata["settings"]["addresses"]
    for name in names[1:]:
        assert outcomes[name]["status"] == "passed"
        assert_complete_measurements(tmp_path, name)
        subscriber = (tmp_path / "logs" / f"{name}_subscriber.xml").read_text()
        assert addresses["subscriber"] in subscriber and addresses["publisher"] in subscriber
    packets = metadata["settings"]["link_packets"]
    assert packets["publisher"]["tx_packets"] >= 2 * SAMPLES * len(PAYLOADS)  # every round trip crossed the link


def test_a_broken_madara_profile_is_bad_input_before_anything_runs(program, tmp_path, capsys):
    profiles = tmp_path / "profiles"
    profiles.mkdir()
    for name in SUPPORTED:
        (profiles / f"{name}.xml").write_text((madara.PROGRAMS["latency"].profiles / f"{name}.xml").read_text())
    (profiles / "interprocess_best_effort.xml").write_text("<madara><transport>udp</transport>")

    code = cli.main(["run", "--middleware", "madara", "-r", str(tmp_path / "r"), "--profiles", str(profiles)])

    error = capsys.readouterr().err.strip()
    assert code == EXIT_BAD_INPUT
    assert error.count("\n") == 0 and str(profiles / "interprocess_best_effort.xml") in error and "XML" in error
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("settings, problem", [
    ("<madara><transport>tcp</transport></madara>", "transport 'tcp' (udp, zmq or shared_memory)"),
    ("<madara><transport>udp</transport></madara>", "udp needs <hosts>"),
    ("<madara><transport>shared_memory</transport></madara>", "needs the role 'both'"),
    ("<madara>", "settings.xml:1: unexpected end of data"),
    ("<madara><transport>udp</transport><queue_length>big</queue_length></madara>",
     "<queue_length> is not a whole number from 1 to 4294967295: 'big'"),
    ("<madara><transport>udp</transport><queue_length>-1</queue_length></madara>",  # boost read it as 2^32 - 1
     "<queue_length> is not a whole number from 1 to 4294967295: '-1'"),
    ("<madara><transport>udp</transport><read_threads>0</read_threads></madara>",  # nobody would read
     "<read_threads> is not a whole number from 1 to 4294967295: '0'"),
    ("<madara><transport>udp</transport><max_fragment_size>0</max_fragment_size></madara>",  # nothing would be sent
     "<max_fragment_size> is not a whole number from 1 to 4294967295: '0'"),
    ("<madara><transport>udp</transport><read_thread_hertz>-5</read_thread_hertz></madara>",
     "<read_thread_hertz> is not a number from 0 to"),
])
def test_madara_latency_refuses_settings_it_cannot_use_in_one_line(program, tmp_path, settings, problem):
    path = tmp_path / "settings.xml"
    path.write_text(settings)
    payloads = tmp_path / "payloads.csv"
    payloads.write_text("16;")

    done = subprocess.run([program, "publisher", "--config", path, "--file", payloads], capture_output=True, text=True,
                          timeout=30)

    assert done.returncode == 2  # the ping-pong core's exit code for bad input
    assert done.stderr.startswith("MadaraLatency: error: ") and done.stderr.count("\n") == 1 and problem in done.stderr


@pytest.mark.parametrize("command", [["run"], ["gate", "--signal", "instructions"], ["gate", "--signal", "both"]])
def test_the_instructions_signal_is_refused_for_madara_before_anything_runs(program, tmp_path, capsys, command):
    builds = ["--base", str(program), "--pr", str(program)] if command[0] == "gate" else ["--signal", "instructions"]

    code = cli.main([*command, "--middleware", "madara", "-r", str(tmp_path / "r"), *builds])

    error = capsys.readouterr().err.strip()
    assert code == EXIT_BAD_INPUT and error.endswith("MADARA: the instructions signal is not supported for this "
                                                     "middleware yet")
    assert not (tmp_path / "r").exists()
