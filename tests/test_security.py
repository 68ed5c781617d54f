"""DDS Security of the security sub-experiments, for real: openssl artifacts and LatencyTest.

Together with the end-to-end run in test_experiment.py (where the four security
sub-experiments pass with the project's CA), these show that the security is enforced:
a participant whose identity comes from another CA never gets to exchange samples.
"""

import json
import re
import shutil
import socket
import struct
import subprocess
import sys
import threading

import pytest

from latency_gate.contracts.formats import measurements_path
from latency_gate.errors import EXIT_OK, EXIT_RUN_FAILED, InputError
from latency_gate.runner import experiment, security
from latency_gate.runner.run_spec import RunSpec
from latency_gate.runner.domain_lease import DomainLease
from latency_gate.runner.middleware.fastdds import LATENCY_TEST

pytestmark = pytest.mark.programs


def openssl(*arguments):
    return subprocess.run(["openssl", *arguments], capture_output=True, text=True)


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory):
    return security.create_security_artifacts(tmp_path_factory.mktemp("security") / "certs")


def test_artifacts_are_a_ca_two_identities_it_signed_and_signed_governance_and_permissions(artifacts):
    assert sorted(security.REQUIRED_FILES) == sorted(p.name for p in artifacts.iterdir() if p.name in security.REQUIRED_FILES)
    for role in ("pub", "sub"):
        verified = openssl("verify", "-CAfile", str(artifacts / "maincacert.pem"), str(artifacts / f"main{role}cert.pem"))
        assert verified.returncode == 0, verified.stderr
        key = openssl("pkey", "-in", str(artifacts / f"main{role}key.pem"), "-noout")
        assert key.returncode == 0
    for document in ("governance.smime", "permissions.smime"):
        verified = openssl("smime", "-verify", "-in", str(artifacts / document), "-CAfile", str(artifacts / "maincacert.pem"),
                           "-text")
        assert verified.returncode == 0, verified.stderr
    governance = openssl("smime", "-verify", "-in", str(artifacts / "governance.smime"),
                         "-CAfile", str(artifacts / "maincacert.pem"), "-text").stdout
    assert "<rtps_protection_kind>ENCRYPT</rtps_protection_kind>" in governance
    assert "<data_protection_kind>ENCRYPT</data_protection_kind>" in governance
    assert "<allow_unauthenticated_participants>false</allow_unauthenticated_participants>" in governance
    permissions = (artifacts / "permissions.smime").read_text()
    for role in ("pub", "sub"):
        subject = openssl("x509", "-in", str(artifacts / f"main{role}cert.pem"), "-noout", "-subject",
                          "-nameopt", "RFC2253").stdout.strip().removeprefix("subject=")
        assert f"<subject_name>{subject}</subject_name>" in permissions


def test_artifacts_are_made_once_and_checked_by_name(artifacts, tmp_path):
    before = (artifacts / "maincacert.pem").read_bytes()
    security.ensure_security_artifacts(artifacts)
    assert (artifacts / "maincacert.pem").read_bytes() == before  # idempotent: not regenerated

    incomplete = tmp_path / "incomplete"
    incomplete.mkdir()
    shutil.copy(artifacts / "maincacert.pem", incomplete)
    with pytest.raises(InputError, match=re.escape(str(incomplete / "mainpubcert.pem"))) as refused:
        security.check_security_artifacts(incomplete)
    # The command it names makes them.
    command = re.search(r"create it with: (python -m \S+) DIR", str(refused.value))[1].split()
    made = subprocess.run([sys.executable, *command[1:], str(tmp_path / "made")], capture_output=True, text=True)
    assert made.returncode == EXIT_OK, made.stderr
    assert security.check_security_artifacts(tmp_path / "made") == tmp_path / "made"


@pytest.mark.parametrize("name", ["mainsubkey.pem", "permissions.smime"])
def test_an_artifact_that_is_not_of_its_kind_at_all_is_refused_naming_it(artifacts, tmp_path, name):
    """Fast DDS's security plug-in crashed on one (a segmentation fault, exit 4) without naming it."""
    copied = shutil.copytree(artifacts, tmp_path / "certs")
    (copied / name).write_text("garbage\n")

    with pytest.raises(InputError) as refused:
        security.check_security_artifacts(copied)

    opening = "-----BEGIN " if name.endswith(".pem") else "MIME-Version:"
    assert str(refused.value) == f"{copied / name}: not a security artifact of its kind (no '{opening}' in its start)"


def run_with_subscriber_identity_from(subscriber_certs, publisher_certs, directory):
    """Run the UDP security sub-experiment with the subscriber's identity (and the CA it trusts)
    taken from subscriber_certs; everything else as in the project's profile."""
    profiles = directory / "profiles"
    profiles.mkdir()
    name = "interprocess_best_effort_security"
    text = (LATENCY_TEST.profiles / f"{name}.xml").read_text()
    publisher_part, subscriber_part = text.split('profile_name="sub_participant_profile"')
    (profiles / f"{name}.xml").write_text(
        publisher_part + 'profile_name="sub_participant_profile"'
        + subscriber_part.replace("${certs_dir}", str(subscriber_certs))
    )
    code = experiment.run_experiment(directory / "run", RunSpec(subexperiments=[name], profiles=profiles,
                                                                certs=publisher_certs, samples=50, payloads=(16,),
                                                                baseline_s=0, timeout_s=10, retries=0))
    entry = json.loads((directory / "run" / "metadata.json").read_text())["subexperiments"][name]
    return code, entry, measurements_path(directory / "run", name)


def test_participants_with_identities_from_the_same_ca_communicate(artifacts, tmp_path):
    code, entry, measurements = run_with_subscriber_identity_from(artifacts, artifacts, tmp_path)

    assert code == EXIT_OK and entry["status"] == "passed" and measurements.is_file()


def test_a_participant_with_a_certificate_from_another_ca_cannot_join(artifacts, tmp_path):
    foreign = security.create_security_artifacts(tmp_path / "foreign", organization="intruders")
    assert openssl("verify", "-CAfile", str(artifacts / "maincacert.pem"),
                   str(foreign / "mainsubcert.pem")).returncode != 0

    code, entry, measurements = run_with_subscriber_identity_from(foreign, artifacts, tmp_path)

    assert code == EXIT_RUN_FAILED
    assert entry["status"] == "timed_out"
    assert not measurements.exists()


# RTPS wire format (OMG DDS-RTPS 2.x, DDS Security 1.1): submessage ids and entity kinds.
DATA, SRTPS_PREFIX = 0x15, 0x33
USER_WRITER_KINDS = {0x02, 0x03}  # user-defined writer with / without key; builtin ones are 0xc2/0xc3
PORT_BASE, DOMAIN_GAIN = 7400, 250
SO_RCVBUFFORCE = 33  # Linux's <asm-generic/socket.h>; Python's socket module does not name it (root may exceed rmem_max)


class LoopbackRtpsCapture:
    """Every RTPS message sent over UDP on the loopback to one DDS domain's ports (AF_PACKET, root)."""

    def __init__(self, domain):
        self.low = PORT_BASE + DOMAIN_GAIN * domain
        self.messages = []
        self.socket = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.ntohs(0x0003))
        # Room for every frame of a run while this thread waits for a CPU (34 of 100+ messages
        # were seen with the default buffer beside other work).
        self.socket.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, 64 << 20)
        self.socket.bind(("lo", 0))
        self.socket.settimeout(0.1)
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._capture, daemon=True)
        self.thread.start()

    def _capture(self):
        while not self.stopped.is_set():
            try:
                frame = self.socket.recv(65535)
            except TimeoutError:
                continue
            if frame[12:14] != b"\x08\x00" or frame[23] != 17:  # IPv4, UDP
                continue
            udp = 14 + (frame[14] & 0x0F) * 4
            port, length = struct.unpack("!HH", frame[udp + 2:udp + 6])
            message = frame[udp + 8:udp + length]
            if self.low <= port < self.low + DOMAIN_GAIN and message[:4] == b"RTPS":
                self.messages.append(message)

    def stop(self):
        self.stopped.set()
        self.thread.join()
        self.socket.close()

    def submessages(self, message):
        """(id, body) of each submessage after the 20-byte RTPS header."""
        offset = 20
        while offset + 4 <= len(message):
            kind, flags = message[offset], message[offset + 1]
            length = struct.unpack("<H" if flags & 1 else ">H", message[offset + 2:offset + 4])[0]
            yield kind, message[offset + 4:offset + 4 + length]
            if length == 0:  # the last submessage extends to the end of the message
                break
            offset += 4 + length

    def user_data_submessages(self):
        """DATA submessages written by user (LatencyTest's) writers, readable on the wire."""
        return [body for message in self.messages for kind, body in self.submessages(message)
                if kind == DATA and body[11] in USER_WRITER_KINDS]  # writerId: body[8:12]

    def protected_messages(self):
        return [m for m in self.messages if next(self.submessages(m), (None,))[0] == SRTPS_PREFIX]


@pytest.mark.parametrize("name, encrypted", [
    ("interprocess_best_effort", False),  # the control: the same traffic in the clear
    ("interprocess_best_effort_security", True),
])
def test_security_subexperiments_encrypt_every_rtps_message_of_latency_test(artifacts, tmp_path, name, encrypted):
    lease = DomainLease()  # a free domain for this test, handed to the run
    domain = lease.domain
    lease.release()
    capture = LoopbackRtpsCapture(domain)
    try:
        code = experiment.run_experiment(tmp_path, RunSpec(subexperiments=[name], certs=artifacts, domain=domain,
                                                           samples=50, payloads=(16,), baseline_s=0))
    finally:
        capture.stop()

    assert code == EXIT_OK
    assert len(capture.messages) > 100  # 50 round trips and their discovery were seen
    if encrypted:
        assert capture.user_data_submessages() == []
        assert len(capture.protected_messages()) >= 100  # samples and echoes, in SRTPS envelopes
    else:
        assert len(capture.user_data_submessages()) >= 100
        assert capture.protected_messages() == []
