"""A DDS domain (and two ports) that no other run of this runner on the machine holds.

Every run takes one via a lock file kept for the whole run, so concurrent runs neither
discover nor disturb each other.
"""

import errno
import fcntl
import os
import socket
import tempfile
from pathlib import Path

from latency_gate.errors import InputError

# Domains this runner hands out. 0 (everyone's default) and 230-232 (upstream's XML files,
# LatencyTest's pid % 230 default) are left alone; 232 is the last domain whose RTPS
# ports fit in 16 bits.
_DOMAINS = range(1, 230)
TCP_PORT_BASE = 31000  # TCP port of a run = base + domain (publisher's listening port)
# A run's second port, for a middleware whose two sides each bind one on the same host (MADARA's
# UDP and ZeroMQ transports): the TCP port + this, in a range no lease hands out as its first.
PEER_PORT_OFFSET = 1000


def check_requested(domain):
    """InputError for a domain asked for (--domain) that no run can hold; None asks for any."""
    if domain is not None and domain not in range(0, 233):
        raise InputError(f"--domain must be between 0 and 232, got {domain}")


class DomainLease:
    """A DDS domain, its TCP port and its second port (tcp_port + PEER_PORT_OFFSET) held by this run
    until release() (lock file per domain)."""

    def __init__(self, requested=None):
        directory = _lock_directory()
        if requested is not None:  # a RunSpec's, checked as it was made (check_requested)
            candidates = [requested]
        else:
            start = os.getpid() % len(_DOMAINS)  # spread concurrent runs, then probe upwards
            candidates = [_DOMAINS[(start + i) % len(_DOMAINS)] for i in range(len(_DOMAINS))]
        for domain in candidates:
            path = directory / f"domain-{domain}.lock"
            try:  # read-only: flock needs no more, and another user's lock file opens so too
                handle = os.fdopen(os.open(path, os.O_RDONLY | os.O_CREAT, 0o644), "rb")
            except OSError as error:
                raise InputError(f"cannot open the domain lock: {error.strerror}", path) from None
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.close()
                continue
            if all(_tcp_port_free(TCP_PORT_BASE + domain + offset) for offset in (0, PEER_PORT_OFFSET)):
                self.domain, self.tcp_port, self._handle = domain, TCP_PORT_BASE + domain, handle
                return
            handle.close()
        raise InputError(
            f"domain {requested} is in use by another run" if requested is not None
            else "no free DDS domain: too many concurrent runs"
        )

    def release(self):
        self._handle.close()


def _lock_directory():
    """The machine-wide directory of domain locks; every user's runs must see the same locks,
    so, like /tmp, anyone may add a lock to it (mode 1777, set by whoever created it)."""
    directory = Path(os.environ.get("LATENCY_GATE_LOCK_DIR", Path(tempfile.gettempdir()) / "latency-gate-locks"))
    try:
        directory.mkdir(parents=True, exist_ok=True)
        if directory.stat().st_uid == os.geteuid():
            directory.chmod(0o1777)
    except OSError as error:
        raise InputError(f"cannot use the domain lock directory: {error.strerror}", directory) from None
    return directory


def _tcp_port_free(port):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return False
            raise
    return True
