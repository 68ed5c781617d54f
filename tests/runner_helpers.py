"""Helpers shared by the tests that run the real LatencyTest through the runner (the
`latency_test` fixture is in conftest.py)."""

import json
import time
from pathlib import Path


def metadata_of(directory):
    return json.loads((Path(directory) / "metadata.json").read_text())


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
