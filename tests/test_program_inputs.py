"""The project's own programs' input files and peers (pingpong/src/), beyond their command line
(test_program_command_line.py): what a program reads whole or not at all, and a sample from a
peer it did not expect.

Specification:
- a payloads file larger than the program reads, or a throughput demands line longer than it
  reads, is one line naming the file, and nothing runs (the cut text could read as other sizes);
- CycloneLatency's configuration must be a regular file that is not empty (Cyclone DDS would run
  on its defaults without a word);
- CycloneLatency's echo side refuses a sample larger than its own payloads file's largest, in one
  line, and echoes none of it (its echo buffer holds that many bytes: the heap beyond would go out).
"""

import resource
import subprocess

import pytest

from latency_gate.runner.domain_lease import DomainLease
from latency_gate.runner.middleware import cyclonedds, socket_floor

pytestmark = pytest.mark.programs

LOOPBACK = ('<CycloneDDS><Domain id="any"><General><Interfaces><NetworkInterface name="lo"/></Interfaces>'
            '<AllowMulticast>false</AllowMulticast></General><Discovery><Peers><Peer address="127.0.0.1"/></Peers>'
            '<ParticipantIndex>auto</ParticipantIndex></Discovery></Domain></CycloneDDS>')


def program(backend, kind="latency"):
    binary = backend.PROGRAMS[kind].default()
    assert binary.is_file(), f"{binary} missing: run scripts/setup/build_latencytest.sh first"
    return str(binary)


def test_a_payloads_file_longer_than_the_program_reads_is_refused_naming_it(tmp_path):
    payloads = tmp_path / "payloads.csv"
    payloads.write_text("16;" + " " * 4089 + "1024;")  # cut at 4,095 bytes it read "16; ... 102"

    done = subprocess.run([program(socket_floor), "both", "--file", payloads, "--transport", "memory", "--samples", "3",
                           "--export_raw_data", tmp_path / "raw.csv"], capture_output=True, text=True, timeout=30)

    assert done.returncode != 0
    assert done.stderr == f"SocketLatency: error: {payloads}: longer than 4095 bytes\n"
    assert not (tmp_path / "raw.csv").exists()


def test_samples_beyond_what_memory_holds_are_one_line_not_a_crash(tmp_path):
    """--samples may be up to 2^32 - 2: the latencies of that many do not fit in 2 GiB of address space."""
    payloads = tmp_path / "payloads.csv"
    payloads.write_text("16;")

    def two_gibibytes_at_most():
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    done = subprocess.run([program(socket_floor), "both", "--file", payloads, "--transport", "memory",
                           "--samples", "4294967294"], preexec_fn=two_gibibytes_at_most, capture_output=True,
                          text=True, timeout=30)

    assert done.returncode == 1
    assert done.stderr == "SocketLatency: error: --samples 4294967294: cannot hold that many latencies in memory\n"


def test_a_throughput_demands_line_longer_than_the_program_reads_is_refused_naming_it(tmp_path):
    demands, recoveries = tmp_path / "demands.csv", tmp_path / "recoveries.csv"
    demands.write_text("1024;" + "1;" * 2100 + "\n")
    recoveries.write_text("0\n")

    done = subprocess.run([program(cyclonedds, "throughput"), "publisher", "--file", demands, "--recoveries_file",
                           recoveries, "--export_csv", tmp_path / "written.csv"], capture_output=True, text=True,
                          timeout=30)

    assert done.returncode != 0
    assert done.stderr == f"CycloneThroughput: error: {demands}: a line longer than 4094 bytes\n"
    assert not (tmp_path / "written.csv").exists()


@pytest.mark.parametrize("configuration, problem", [
    ("empty.xml", "the Cyclone DDS configuration is empty"),
    (".", "the Cyclone DDS configuration is not a regular file"),
])
def test_a_cyclone_configuration_that_is_empty_or_no_file_is_refused(tmp_path, configuration, problem):
    (tmp_path / "empty.xml").write_text("")
    (tmp_path / "payloads.csv").write_text("16;")

    done = subprocess.run([program(cyclonedds), "both", "--file", "payloads.csv", "--config", configuration,
                           "--samples", "3"], cwd=tmp_path, capture_output=True, text=True, timeout=60)

    assert done.returncode != 0
    assert f"CycloneLatency: error: {configuration}: {problem}\n" in done.stderr


def test_cyclone_latencys_echo_refuses_a_sample_larger_than_its_own_payloads_and_echoes_none(tmp_path):
    """A writer of the same topic in the domain (another run, a hostile peer) sends 2 KiB to an echo
    side whose payloads file's largest is 16 B: echoed, 2 KiB of its heap would go out."""
    (tmp_path / "cyclone.xml").write_text(LOOPBACK)
    (tmp_path / "small.csv").write_text("16;")
    (tmp_path / "large.csv").write_text("2048;")
    lease = DomainLease()
    try:
        common = ["--config", "cyclone.xml", "--domain", str(lease.domain)]
        echo = subprocess.Popen([program(cyclonedds), "subscriber", "--file", "small.csv", *common], cwd=tmp_path,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        sender = subprocess.Popen([program(cyclonedds), "publisher", "--file", "large.csv", "--samples", "5",
                                   "--export_raw_data", "raw.csv", *common], cwd=tmp_path, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        refused = echo.communicate(timeout=60)[1]
        sender.kill()  # it waits for an echo that does not come
        sender.wait(timeout=30)
    finally:
        lease.release()

    assert echo.returncode != 0
    # a payload of 2048 bytes is 2036 of data (cyclone_latency.c, SAMPLE_OVERHEAD)
    assert refused == "CycloneLatency: error: a sample of 2036 bytes of data, more than the payloads file's largest (16)\n"
    raw = tmp_path / "raw.csv"
    assert not raw.exists() or raw.read_text().splitlines()[1:] == []  # no sample came back
