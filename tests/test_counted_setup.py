"""A CI job's code-path gate first runs its middleware's counted set-up (a backend's COUNTED_SETUP,
named by `latency-gate backends --counted-setup`, run by scripts/ci/relative_gate.sh): what the
fullest counted path needs beyond the program (Cyclone DDS: its library with the names of its
receive threads) is built before counting. A failed set-up leaves the narrower path, not a failed
gate; a timed gate runs none."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from latency_gate.errors import EXIT_OK
from latency_gate.runner.middleware import BACKENDS, GROUP, interface
from socket_gates import REPO, socket_programs

SETUP = """\
#!/usr/bin/env bash
echo "set-up ran for $LATENCY_SIGNAL" > "{marker}"
exit {status}
"""
BACKEND = """\
from latency_gate.runner.middleware import socket_floor
EXTENSION_POINT_VERSION = "2.2"
TITLE = "floor with a set-up"
PROGRAMS = socket_floor.PROGRAMS
COUNTED_PATH = socket_floor.COUNTED_PATH
COUNTED_SETUP = "{setup}"
unsupported = socket_floor.unsupported
check_configuration = socket_floor.check_configuration
describe = socket_floor.describe
"""


@pytest.mark.unit
def test_cyclone_dds_names_the_build_of_its_library_with_names_and_the_others_none():
    assert interface.counted_setup(BACKENDS["cyclonedds"]) == "scripts/setup/build_cyclonedds.sh"
    assert (Path(REPO) / interface.counted_setup(BACKENDS["cyclonedds"])).is_file()
    assert [name for name in BACKENDS if interface.counted_setup(BACKENDS[name])] == ["cyclonedds"]


def relative_gate(tmp_path, signal, status):
    """scripts/ci/relative_gate.sh of the floor against itself, as `setupfloor`, a backend whose
    counted set-up writes a marker and exits with `status`: (the script's run, the marker)."""
    site, marker = tmp_path / "site", tmp_path / "marker"
    (site / "setup_floor-1.0.dist-info").mkdir(parents=True)
    (site / "setup_floor-1.0.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: setup-floor\n"
                                                                   "Version: 1.0\n")
    (site / "setup_floor-1.0.dist-info" / "entry_points.txt").write_text(f"[{GROUP}]\nsetupfloor = setup_floor\n")
    setup = tmp_path / "counted_setup.sh"
    setup.write_text(SETUP.format(marker=marker, status=status))
    (site / "setup_floor.py").write_text(BACKEND.format(setup=setup))
    program = socket_programs(tmp_path)["base"]
    environment = {name: value for name, value in os.environ.items()
                   if not name.startswith(("GITHUB_", "GITLAB_", "CI_", "LATENCY_"))}
    environment |= {"PATH": f"{Path(sys.executable).parent}{os.pathsep}{environment['PATH']}",
                    "PYTHONPATH": os.pathsep.join([str(site), *sys.path]),
                    "LATENCY_RESULTS": str(tmp_path / "gate"), "LATENCY_BASE": str(program),
                    "LATENCY_PR": str(program), "LATENCY_MIDDLEWARE": "setupfloor", "LATENCY_SIGNAL": signal,
                    "LATENCY_SUBEXPERIMENTS": "interprocess_best_effort", "LATENCY_PAYLOADS": "16",
                    "LATENCY_SAMPLES": "20", "LATENCY_ROUNDS": "2", "LATENCY_MAX_ROUNDS": "2",
                    "LATENCY_REALTIME": "false"}
    done = subprocess.run(["bash", os.path.join(REPO, "scripts/ci/relative_gate.sh")], env=environment,
                          capture_output=True, text=True, timeout=600)
    return done, marker


@pytest.mark.programs
def test_a_code_path_gate_in_ci_runs_the_counted_set_up_before_it_counts(tmp_path):
    done, marker = relative_gate(tmp_path, "instructions", 0)

    assert done.returncode == EXIT_OK, done.stdout + done.stderr
    assert marker.read_text() == "set-up ran for instructions\n"
    assert "relative_gate: the counted path's set-up: " in done.stdout
    assert json.loads((tmp_path / "gate" / "gate_result.json").read_text())["rounds"] == 2


@pytest.mark.programs
def test_a_failed_counted_set_up_is_said_and_the_gate_still_counts(tmp_path):
    done, marker = relative_gate(tmp_path, "instructions", 1)

    assert done.returncode == EXIT_OK, done.stdout + done.stderr
    assert marker.is_file()
    assert "failed: the code-path gate counts the narrower path its report names" in done.stderr
    assert (tmp_path / "gate" / "gate_result.json").is_file()


@pytest.mark.programs
def test_a_timed_gate_runs_no_counted_set_up(tmp_path):
    done, marker = relative_gate(tmp_path, "latency", 0)

    assert done.returncode == EXIT_OK, done.stdout + done.stderr
    assert not marker.exists()
