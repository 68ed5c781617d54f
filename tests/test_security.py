"""DDS Security of the security sub-experiments, for real: openssl artifacts and LatencyTest.

Together with the end-to-end run in test_experiment.py (where the four security
sub-experiments pass with the project's CA), these show that the security is enforced:
a participant whose identity comes from another CA never gets to exchange samples.
"""

import json
import re
import subprocess

import pytest

from latency_gate import experiment, security
from latency_gate.errors import EXIT_OK, EXIT_RUN_FAILED, InputError
from latency_gate.formats import measurements_path


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
    (incomplete / "maincacert.pem").write_text("x")
    with pytest.raises(InputError, match=re.escape(str(incomplete / "mainpubcert.pem"))):
        security.check_security_artifacts(incomplete)


def run_with_subscriber_identity_from(subscriber_certs, publisher_certs, directory):
    """Run the UDP security sub-experiment with the subscriber's identity (and the CA it trusts)
    taken from subscriber_certs; everything else as in the project's profile."""
    profiles = directory / "profiles"
    profiles.mkdir()
    name = "interprocess_best_effort_security"
    text = (experiment.PROFILES_DIRECTORY / f"{name}.xml").read_text()
    publisher_part, subscriber_part = text.split('profile_name="sub_participant_profile"')
    (profiles / f"{name}.xml").write_text(
        publisher_part + 'profile_name="sub_participant_profile"'
        + subscriber_part.replace("${certs_dir}", str(subscriber_certs))
    )
    code = experiment.run_experiment(directory / "run", subexperiments=[name], profiles=profiles,
                                     certs=publisher_certs, samples=50, payloads=(16,), baseline_s=0, timeout_s=10)
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
