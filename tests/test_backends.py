"""Middleware backends are extension points: found through the entry points of the group
`latency_gate.backends`, checked against runner/middleware/interface.py, a broken one reported
and skipped. A team ships its own backend as a package of its own."""

import io
import os
import subprocess
import sys
from importlib.metadata import EntryPoint

import pytest

from latency_gate.contracts import formats, run_metadata
from latency_gate.errors import EXIT_OK
from latency_gate.runner import middleware
from latency_gate.runner.middleware import interface, socket_floor

GROUP = middleware.GROUP


def entry_point(name, value):
    return EntryPoint(name=name, value=value, group=GROUP)


@pytest.mark.unit
def test_the_projects_own_backends_are_registered_in_report_order_with_their_capabilities():
    assert list(middleware.BACKENDS)[:4] == ["fastdds", "cyclonedds", "socket", "madara"]
    fastdds, cyclonedds, socket, madara = (middleware.BACKENDS[name]
                                           for name in ("fastdds", "cyclonedds", "socket", "madara"))
    assert set(fastdds.PROGRAMS) == set(cyclonedds.PROGRAMS) == set(madara.PROGRAMS) == {"latency", "throughput"}
    assert set(socket.PROGRAMS) == {"latency"}
    assert interface.signals(fastdds) == interface.signals(cyclonedds) == interface.signals(socket) == (
        "latency", "instructions")
    assert interface.signals(madara) == ("latency",)
    for backend in middleware.BACKENDS.values():
        assert interface.check(backend) is None and isinstance(backend, interface.Backend)


@pytest.mark.unit
def test_a_backend_that_fails_to_load_or_lacks_the_interface_is_reported_and_skipped():
    err = io.StringIO()
    found = middleware.load_backends([
        entry_point("zfloor", "latency_gate.runner.middleware.socket_floor"),
        entry_point("missing", "no_such_backend_module"),
        entry_point("bare", "latency_gate.errors"),
        entry_point("socket", "latency_gate.runner.middleware.socket_floor"),
    ], err=err)

    assert list(found) == ["socket", "zfloor"]  # the project's own first, then by name
    warnings = err.getvalue().splitlines()
    assert warnings == [
        "warning: middleware backend 'missing' (no_such_backend_module) skipped: it fails to load: "
        "ModuleNotFoundError: No module named 'no_such_backend_module'",
        "warning: middleware backend 'bare' (latency_gate.errors) skipped: missing TITLE, PROGRAMS, COUNTED_PATH, "
        "unsupported, check_configuration, describe",
    ]


@pytest.mark.unit
@pytest.mark.parametrize("change, problem", [
    ({"PROGRAMS": {"latency": "LatencyTest"}}, "PROGRAMS holds something other than"),
    ({"PROGRAMS": {"jitter": socket_floor.PROGRAMS["latency"]}}, "PROGRAMS has unknown kind(s) jitter"),
    ({"PROGRAMS": {}}, "PROGRAMS is not a mapping of kind to Program"),
    ({"TITLE": ""}, "TITLE is not a name"),
    ({"COUNTED_PATH": "write*"}, "COUNTED_PATH is neither None nor"),
    ({"describe": "ldd"}, "not callable: describe"),
])
def test_the_interface_check_names_what_is_wrong(change, problem):
    backend = type("Backend", (), {name: getattr(socket_floor, name) for name in (
        "TITLE", "PROGRAMS", "COUNTED_PATH")} | {name: staticmethod(getattr(socket_floor, name)) for name in (
        "unsupported", "check_configuration", "describe")} | change)
    assert problem in interface.check(backend)


@pytest.mark.programs
def test_a_backend_shipped_as_another_package_runs_and_a_broken_one_does_not_stop_the_others(tmp_path):
    """A distribution on the path (its dist-info's entry_points.txt, as pip installs it) adds
    `myfloor`, a backend module of its own reusing the floor's program, and two broken ones."""
    site = tmp_path / "site"
    (site / "my_backends-1.0.dist-info").mkdir(parents=True)
    (site / "my_backends-1.0.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: my-backends\n"
                                                                 "Version: 1.0\n")
    (site / "my_backends-1.0.dist-info" / "entry_points.txt").write_text(
        f"[{GROUP}]\nmyfloor = my_floor\nbroken = my_broken\nhalf = my_half\n")
    (site / "my_floor.py").write_text(
        "from latency_gate.runner.middleware import socket_floor\n"
        "TITLE = 'my floor'\nPROGRAMS = socket_floor.PROGRAMS\nCOUNTED_PATH = None\n"
        "unsupported = socket_floor.unsupported\ncheck_configuration = socket_floor.check_configuration\n"
        "describe = socket_floor.describe\n")
    (site / "my_broken.py").write_text("raise RuntimeError('planted')\n")
    (site / "my_half.py").write_text("TITLE = 'half'\n")
    environment = dict(os.environ, PYTHONPATH=str(site))
    results = tmp_path / "run"

    done = subprocess.run([sys.executable, "-m", "latency_gate", "run", "--middleware", "myfloor", "--subexperiments",
                           "interprocess_best_effort", "--payloads", "16", "--samples", "50", "-r", str(results)],
                          capture_output=True, text=True, env=environment, timeout=300)

    assert done.returncode == EXIT_OK, done.stderr
    assert "warning: middleware backend 'broken' (my_broken) skipped: it fails to load: RuntimeError: planted" \
        in done.stderr
    assert "warning: middleware backend 'half' (my_half) skipped: missing PROGRAMS, COUNTED_PATH" in done.stderr
    measured = formats.read_measurements(formats.measurements_path(results, "interprocess_best_effort"))
    assert len(measured) == 50
    assert run_metadata.read(results).middleware == "myfloor"

    refused = subprocess.run([sys.executable, "-m", "latency_gate", "run", "--middleware", "broken",
                              "-r", str(tmp_path / "refused")], capture_output=True, text=True, env=environment)
    assert refused.returncode != EXIT_OK and "invalid choice: 'broken'" in refused.stderr
    assert not (tmp_path / "refused").exists()
