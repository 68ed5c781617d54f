"""Helpers shared by the tests that run the real LatencyTest through the runner (the
`latency_test` fixture is in conftest.py)."""

import json
import time
from pathlib import Path

import pytest

from latency_gate.contracts import throughput_formats as tf


def metadata_of(directory):
    return json.loads((Path(directory) / "metadata.json").read_text())


def read_complete_throughput_measurements(path, payload, demands, what):
    """A throughput sub-experiment's measurements CSV as the spec writes it, every case of the
    grid (payload x demands, no rest) there and its counts consistent; returns the table."""
    assert path.read_text().splitlines()[0] == ",".join(tf.MEASUREMENT_COLUMNS)
    measured = tf.read_measurements(path)
    assert measured[list(tf.CASE)].values.tolist() == [[payload, demand, 0] for demand in demands], what
    # Sent for the test time; what arrived and what was lost add up to no more than was sent
    # (best effort on a loaded machine may lose, but a case where nothing arrives is a failure).
    assert (measured[tf.PUBLICATION_TIME] >= 1e6).all() and (measured[tf.RECEIVED] > 0).all(), what
    assert (measured[tf.RECEIVED] + measured[tf.LOST] <= measured[tf.SENT]).all(), what
    # Mb/s = samples x bits / time; the CSV holds 3 decimals: at 34 Mb/s that alone is up to 1.5e-5 relative.
    assert measured[tf.THROUGHPUT].to_numpy() == pytest.approx(
        (measured[tf.RECEIVED] * payload * 8 / measured[tf.SUBSCRIPTION_TIME]).to_numpy(), rel=1e-5, abs=5e-4)
    return measured


def wait_until(condition, what, timeout=30.0):
    """Poll `condition` until it returns something true, and return that; a process needs a
    moment to reach a state (start, lock its memory)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"not within {timeout:g} s: {what}")


def wait_for_process(results, role, timeout=30.0):
    """PID of the LatencyTest `role` process writing into `results`, once it is running."""
    def find():
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    command = (entry / "cmdline").read_bytes().split(b"\0")
                except OSError:
                    continue
                if len(command) > 1 and command[0].endswith(b"LatencyTest") and command[1] == role.encode() \
                        and str(results).encode() in b" ".join(command):
                    return int(entry.name)
        return None
    return wait_until(find, f"a LatencyTest {role} for {results}", timeout)
