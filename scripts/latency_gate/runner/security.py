"""DDS Security artifacts for the security sub-experiments, made with openssl.

One directory holds what the security profiles (profiles/*_security.xml) reference:
a CA (maincacert.pem), identity certificates and keys for LatencyTest's publisher and
subscriber participants (mainpubcert.pem/mainpubkey.pem, mainsubcert.pem/mainsubkey.pem,
the names LatencyTest itself uses), and governance and permissions documents signed
(S/MIME) by that CA. The governance asks for encrypted RTPS messages, submessages and
payloads; the permissions let exactly the two certificates' subjects publish and
subscribe any topic.

The private keys are secrets of a test bed, generated per machine and never committed.
"""

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from latency_gate.errors import EXIT_BAD_INPUT, InputError

# Files the security profiles reference, relative to the artifacts directory.
CA_CERTIFICATE = "maincacert.pem"
IDENTITIES = {"pub": "LatencyTest publisher", "sub": "LatencyTest subscriber"}
GOVERNANCE = "governance.smime"
PERMISSIONS = "permissions.smime"
REQUIRED_FILES = (
    CA_CERTIFICATE,
    *(f"main{role}{kind}.pem" for role in IDENTITIES for kind in ("cert", "key")),
    GOVERNANCE,
    PERMISSIONS,
)

# Fast DDS accepts ECDSA P-256 and RSA-2048 identities for PKI-DH; P-256 is the faster.
_KEY_ALGORITHM = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]
_VALIDITY_DAYS = "3650"
# Cyclone DDS refuses to parse a governance or permissions document naming a domain above 230
# (the runner's leases stay within 1-229).
_DOMAINS = "<domains><id_range><min>0</min><max>230</max></id_range></domains>"

_GOVERNANCE_XML = f"""<?xml version="1.0" encoding="UTF-8"?>
<dds xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <domain_access_rules>
    <domain_rule>
      {_DOMAINS}
      <allow_unauthenticated_participants>false</allow_unauthenticated_participants>
      <enable_join_access_control>true</enable_join_access_control>
      <discovery_protection_kind>NONE</discovery_protection_kind>
      <liveliness_protection_kind>NONE</liveliness_protection_kind>
      <rtps_protection_kind>ENCRYPT</rtps_protection_kind>
      <topic_access_rules>
        <topic_rule>
          <topic_expression>*</topic_expression>
          <enable_discovery_protection>false</enable_discovery_protection>
          <enable_liveliness_protection>false</enable_liveliness_protection>
          <enable_read_access_control>true</enable_read_access_control>
          <enable_write_access_control>true</enable_write_access_control>
          <metadata_protection_kind>ENCRYPT</metadata_protection_kind>
          <data_protection_kind>ENCRYPT</data_protection_kind>
        </topic_rule>
      </topic_access_rules>
    </domain_rule>
  </domain_access_rules>
</dds>
"""

_GRANT_XML = """    <grant name="{name}">
      <subject_name>{subject}</subject_name>
      <validity><not_before>2020-01-01T00:00:00</not_before><not_after>2100-01-01T00:00:00</not_after></validity>
      <allow_rule>
        {domains}
        <publish><topics><topic>*</topic></topics></publish>
        <subscribe><topics><topic>*</topic></topics></subscribe>
      </allow_rule>
      <default>DENY</default>
    </grant>
"""


def _openssl(*arguments, cwd):
    result = subprocess.run(["openssl", *arguments], cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"openssl {' '.join(arguments)} failed: {result.stderr.strip()}")
    return result.stdout


def _subject(role_name, organization):
    return f"/C=ES/O={organization}/CN={role_name}"


def create_security_artifacts(directory, organization="latency-gate"):
    """Create (or replace) a complete set of artifacts in `directory`; returns the directory.

    Everything is written to a temporary directory first and moved in at the end, so an
    interrupted run never leaves a half-made set that would later look complete.
    `organization` names the CA; tests use a second organization to make a foreign CA.
    """
    directory = Path(directory)
    directory.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=directory.parent, prefix=f".{directory.name}.") as work:
        _openssl(
            "req", "-x509", "-nodes", *_KEY_ALGORITHM, "-days", _VALIDITY_DAYS,
            "-subj", _subject(f"{organization} CA", organization),
            "-addext", "basicConstraints=critical,CA:TRUE",
            # The CA also signs the governance and permissions (S/MIME); OpenSSL's S/MIME
            # purpose check, which Fast DDS applies, rejects a signer without digitalSignature.
            "-addext", "keyUsage=critical,keyCertSign,cRLSign,digitalSignature",
            "-keyout", "maincakey.pem", "-out", CA_CERTIFICATE, cwd=work,
        )
        grants = []
        for role, role_name in IDENTITIES.items():
            _openssl(
                "req", "-nodes", *_KEY_ALGORITHM, "-subj", _subject(role_name, organization),
                "-keyout", f"main{role}key.pem", "-out", f"main{role}.csr", cwd=work,
            )
            _openssl(
                "x509", "-req", "-in", f"main{role}.csr", "-CA", CA_CERTIFICATE,
                "-CAkey", "maincakey.pem", "-CAcreateserial", "-days", _VALIDITY_DAYS,
                "-out", f"main{role}cert.pem", cwd=work,
            )
            # Fast DDS compares permissions subjects with the certificate's in RFC 2253 form.
            subject = _openssl(
                "x509", "-in", f"main{role}cert.pem", "-noout", "-subject", "-nameopt", "RFC2253", cwd=work,
            ).strip().removeprefix("subject=")
            grants.append(_GRANT_XML.format(name=role_name, subject=subject, domains=_DOMAINS))
        permissions = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<dds xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n  <permissions>\n'
            + "".join(grants) + "  </permissions>\n</dds>\n"
        )
        for document, text in ((GOVERNANCE, _GOVERNANCE_XML), (PERMISSIONS, permissions)):
            source = Path(work) / document.replace(".smime", ".xml")
            source.write_text(text, encoding="utf-8")
            _openssl(
                "smime", "-sign", "-text", "-in", source.name, "-out", document,
                "-signer", CA_CERTIFICATE, "-inkey", "maincakey.pem", cwd=work,
            )
        for leftover in Path(work).glob("*.csr"):
            leftover.unlink()
        staged = Path(work) / "artifacts"
        staged.mkdir()
        for produced in list(Path(work).iterdir()):
            if produced != staged:
                produced.rename(staged / produced.name)
        if directory.exists():
            old = Path(work) / "old"
            directory.rename(old)
        staged.rename(directory)
    return directory


def check_security_artifacts(directory):
    """Raise InputError naming the first missing, unreadable or empty artifact, or one that is not of
    its kind's format at all (a PEM certificate or key, a signed S/MIME document): the middleware's
    security plug-in crashes on one (Fast DDS 2.9.1: a segmentation fault) without naming it."""
    directory = Path(directory)
    for name in REQUIRED_FILES:
        path = directory / name
        opening = b"-----BEGIN " if name.endswith(".pem") else b"MIME-Version:"
        try:
            with path.open("rb") as handle:
                start = handle.read(4096)
            if not start:
                raise InputError("empty security artifact", path)
            if opening not in start:
                raise InputError(f"not a security artifact of its kind (no '{opening.decode()}' in its start)", path)
        except OSError:
            raise InputError(
                "missing or unreadable security artifact (create it with: "
                "python -m latency_gate.runner.security DIR)", path,
            ) from None
    return directory


def ensure_security_artifacts(directory):
    """Create the artifacts unless a complete set is already there (idempotent setup)."""
    try:
        return check_security_artifacts(directory)
    except InputError:
        return create_security_artifacts(directory)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m latency_gate.runner.security",
        description="Create the DDS Security CA, identities, governance and permissions.",
    )
    parser.add_argument("directory", type=Path, help="where to put the artifacts")
    parser.add_argument("--force", action="store_true", help="replace an existing complete set")
    arguments = parser.parse_args(argv)
    try:
        if arguments.force:
            create_security_artifacts(arguments.directory)
        else:
            ensure_security_artifacts(arguments.directory)
    except RuntimeError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(arguments.directory)
    return 0


if __name__ == "__main__":
    sys.exit(main())
