"""Middleware backends are extension points, versioned as colcon-core versions its own: found
through the entry points of the group `latency_gate.backends`, each loaded only when asked for,
checked against runner/middleware/interface.py (its version, its attributes, keyword-only
hooks), a broken one refused in one line naming it. A team ships its own backend as a package
of its own."""

import importlib
import os
import re
import shutil
import subprocess
import sys
import textwrap
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from latency_gate.contracts import formats, run_metadata
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_OK, InputError
from latency_gate.runner import middleware
from latency_gate.runner.middleware import interface, socket_floor
from latency_gate.runner.middleware.common import REPOSITORY

GROUP = middleware.GROUP
# The project's own backend modules: none of them is imported by a command that only reads results.
BACKEND_MODULES = ("fastdds", "cyclonedds", "socket_floor", "madara", "perftest", "perftest_driver")
# A backend of its own, reusing the floor's program; {version} and {extra} filled in by each test.
FAKE_BACKEND = """\
from latency_gate.runner.middleware import socket_floor
EXTENSION_POINT_VERSION = "{version}"
TITLE = "fake floor"
PROGRAMS = socket_floor.PROGRAMS
COUNTED_PATH = None
unsupported = socket_floor.unsupported
check_configuration = socket_floor.check_configuration
describe = socket_floor.describe
{extra}
"""


def entry_point(name, value):
    return EntryPoint(name=name, value=value, group=GROUP)


@pytest.fixture
def plant(tmp_path, monkeypatch):
    """plant(module, text): a module of that name importable for the test."""
    monkeypatch.syspath_prepend(str(tmp_path))

    def planted(module, text):
        (tmp_path / f"{module}.py").write_text(textwrap.dedent(text))
        importlib.invalidate_caches()  # the directory's listing is cached by the import system
        monkeypatch.delitem(sys.modules, module, raising=False)  # each test imports its own
        return module
    return planted


@pytest.mark.unit
def test_the_projects_own_backends_are_registered_in_report_order_implement_this_interface_version():
    assert list(middleware.BACKENDS)[:4] == ["fastdds", "cyclonedds", "socket", "madara"]
    fastdds, cyclonedds, socket, madara = (middleware.BACKENDS[name]
                                           for name in ("fastdds", "cyclonedds", "socket", "madara"))
    assert set(fastdds.PROGRAMS) == set(cyclonedds.PROGRAMS) == set(madara.PROGRAMS) == {"latency", "throughput"}
    assert set(socket.PROGRAMS) == {"latency"}
    # The code-path gate counts the backends that say where their per-sample path is.
    assert all(backend.COUNTED_PATH is not None for backend in (fastdds, cyclonedds, socket))
    assert madara.COUNTED_PATH is None
    assert interface.EXTENSION_POINT_VERSION == "2.2"
    for name in middleware.BACKENDS:
        backend = middleware.BACKENDS[name]
        # 2.1 added an optional view's field, 2.2 the optional COUNTED_SETUP
        assert backend.EXTENSION_POINT_VERSION in ("2.0", "2.1", "2.2")
        assert interface.check(backend) is None and isinstance(backend, interface.Backend)


@pytest.mark.unit
@pytest.mark.parametrize("implemented, accepted", [
    ("2.0", True), ("2.2", True), ("3.0", False), ("1.0", False), ("2.3", False), ("2", False), ("two.zero", False),
])
def test_a_backend_of_another_major_or_a_newer_minor_is_refused_in_one_line_naming_both_versions(
        plant, implemented, accepted):
    module = plant(f"fake_backend_{implemented.replace('.', '_')}", FAKE_BACKEND.format(version=implemented, extra=""))
    backends = middleware.Backends([entry_point("fake", module)])
    if accepted:
        assert backends["fake"].TITLE == "fake floor"
        return
    with pytest.raises(InputError) as refused:
        backends["fake"]
    message = str(refused.value)
    assert "\n" not in message and message.startswith(f"middleware backend 'fake' ({module}) refused: ")
    if implemented.count(".") == 1 and implemented[0].isdigit():
        assert message.endswith(f"it implements backend interface {implemented}, this latency-gate provides 2.2 "
                                f"(loads 2.0 to 2.2)")
    else:
        assert message.endswith(f"EXTENSION_POINT_VERSION '{implemented}' is not major.minor")


@pytest.mark.unit
def test_a_backend_of_an_older_minor_is_loaded_by_a_newer_interface_and_one_without_a_version_is_not(
        plant, monkeypatch):
    monkeypatch.setattr(interface, "EXTENSION_POINT_VERSION", "2.3")
    module = plant("fake_older_backend", FAKE_BACKEND.format(version="2.1", extra=""))
    assert middleware.Backends([entry_point("older", module)])["older"].EXTENSION_POINT_VERSION == "2.1"
    unversioned = plant("fake_unversioned_backend", FAKE_BACKEND.format(version="", extra="").replace(
        'EXTENSION_POINT_VERSION = ""\n', ""))
    with pytest.raises(InputError, match=r"refused: it declares no EXTENSION_POINT_VERSION .*provides 2\.3\)$"):
        middleware.Backends([entry_point("unversioned", unversioned)])["unversioned"]


@pytest.mark.unit
def test_a_hook_with_positional_parameters_is_refused_naming_it(plant):
    module = plant("fake_positional_backend", FAKE_BACKEND.format(version="2.0", extra=(
        "def check_configuration(profiles, subexperiment, certs, tcp_port, sides):\n    pass\n")))
    with pytest.raises(InputError, match=r"refused: hooks with positional parameters: check_configuration "
                                         r"\(profiles, subexperiment, certs, tcp_port, sides\) \(every hook's are "
                                         r"keyword-only\)$"):
        middleware.Backends([entry_point("positional", module)])["positional"]


@pytest.mark.unit
def test_names_come_from_the_entry_points_and_only_a_backend_asked_for_is_imported(plant):
    planted = plant("fake_exploding_backend", "raise RuntimeError('planted')\n")
    backends = middleware.Backends([
        entry_point("zfloor", "latency_gate.runner.middleware.socket_floor"),
        entry_point("exploding", planted),
        entry_point("bare", "latency_gate.errors"),
        entry_point("socket", "latency_gate.runner.middleware.socket_floor"),
        entry_point("socket", "a_later_distributions_socket"),  # the first on the path wins a name
    ])

    assert list(backends) == ["socket", "bare", "exploding", "zfloor"]  # the project's own first, then by name
    assert planted not in sys.modules and "exploding" in backends
    assert backends["zfloor"] is socket_floor
    with pytest.raises(InputError, match=r"^middleware backend 'exploding' \(fake_exploding_backend\) refused: "
                                         r"it fails to load: RuntimeError: planted$"):
        backends["exploding"]
    with pytest.raises(InputError, match=r"^middleware backend 'bare' \(latency_gate.errors\) refused: it declares "
                                         r"no EXTENSION_POINT_VERSION"):
        backends["bare"]
    warnings = []
    assert list(backends.usable(err=type("Err", (), {"write": lambda self, text: warnings.append(text)})())) == [
        "socket", "zfloor"]
    assert "".join(warnings).splitlines() == [
        "warning: middleware backend 'bare' (latency_gate.errors) refused: it declares no EXTENSION_POINT_VERSION "
        "(the backend interface version it implements; this latency-gate provides 2.2); skipped",
        "warning: middleware backend 'exploding' (fake_exploding_backend) refused: it fails to load: RuntimeError: "
        "planted; skipped"]


@pytest.mark.unit
@pytest.mark.parametrize("change, problem", [
    ({"PROGRAMS": {"latency": "LatencyTest"}}, "PROGRAMS holds something other than"),
    ({"PROGRAMS": {"jitter": socket_floor.PROGRAMS["latency"]}}, "PROGRAMS has unknown kind(s) jitter"),
    ({"PROGRAMS": {}}, "PROGRAMS is not a mapping of kind to Program"),
    ({"TITLE": ""}, "TITLE is not a name"),
    ({"COUNTED_PATH": "write*"}, "COUNTED_PATH is neither None nor"),
    ({"describe": "ldd"}, "not callable: describe"),
    ({"describe": staticmethod(lambda binary, environment: {})}, "hooks with positional parameters: describe"),
    ({"TITLE": None, "PROGRAMS": None, "EXTENSION_POINT_VERSION": "9.0"}, "it implements backend interface 9.0"),
])
def test_the_interface_check_names_what_is_wrong(change, problem):
    backend = type("Backend", (), {name: getattr(socket_floor, name) for name in (
        "EXTENSION_POINT_VERSION", "TITLE", "PROGRAMS", "COUNTED_PATH")} | {
        name: staticmethod(getattr(socket_floor, name)) for name in interface.HOOKS} | change)
    assert problem in interface.check(backend)


@pytest.mark.unit
@pytest.mark.parametrize("command", ["build-site", "process", "history", "check", "add-to-history"])
def test_the_commands_that_only_read_results_import_no_backend_module(command):
    """What `latency-gate <command>` imports (its subcommand module and what the CLI itself loads)."""
    probe = (f"import sys\nfrom latency_gate import cli\ncli.command_module({command!r})\n"
             "loaded = sorted(m for m in sys.modules if m.startswith('latency_gate.runner.middleware.'))\n"
             "print(' '.join(loaded))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = done.stdout.split()
    assert not [module for module in loaded if module.rsplit(".", 1)[1] in BACKEND_MODULES], loaded


@pytest.mark.unit
def test_asking_a_run_for_an_unknown_middleware_names_the_registered_ones():
    with pytest.raises(InputError, match=r"unknown middleware 'opensplice' \(known: fastdds, cyclonedds, socket"):
        middleware.backend("opensplice")


@pytest.mark.programs
def test_a_backend_shipped_as_another_package_runs_and_a_refused_one_does_not_stop_the_others(tmp_path):
    """A distribution on the path (its dist-info's entry_points.txt, as pip installs it) adds
    `myfloor`, a backend module of its own reusing the floor's program, and two refused ones."""
    site = tmp_path / "site"
    (site / "my_backends-1.0.dist-info").mkdir(parents=True)
    (site / "my_backends-1.0.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: my-backends\n"
                                                                 "Version: 1.0\n")
    (site / "my_backends-1.0.dist-info" / "entry_points.txt").write_text(
        f"[{GROUP}]\nmyfloor = my_floor\nbroken = my_broken\nfuture = my_future\n")
    (site / "my_floor.py").write_text(FAKE_BACKEND.format(version="2.0", extra=""))
    (site / "my_broken.py").write_text("raise RuntimeError('planted')\n")
    (site / "my_future.py").write_text(FAKE_BACKEND.format(version="3.0", extra=""))
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), *sys.path]))
    results = tmp_path / "run"

    done = subprocess.run([sys.executable, "-m", "latency_gate", "run", "--middleware", "myfloor", "--subexperiments",
                           "interprocess_best_effort", "--payloads", "16", "--samples", "50", "-r", str(results)],
                          capture_output=True, text=True, env=environment, timeout=300)

    assert done.returncode == EXIT_OK, done.stderr
    assert "broken" not in done.stderr and "future" not in done.stderr  # never loaded: not asked for
    measured = formats.read_measurements(formats.measurements_path(results, "interprocess_best_effort"))
    assert len(measured) == 50
    recorded = run_metadata.read(results)
    assert (recorded.middleware, recorded.middleware_title) == ("myfloor", "fake floor")

    for name, why in (("broken", "it fails to load: RuntimeError: planted"),
                      ("future", "it implements backend interface 3.0, this latency-gate provides 2.2")):
        refused = subprocess.run([sys.executable, "-m", "latency_gate", "run", "--middleware", name,
                                  "-r", str(tmp_path / name)], capture_output=True, text=True, env=environment)
        assert refused.returncode == EXIT_BAD_INPUT and f"middleware backend '{name}' (my_{name}) refused: {why}" \
            in refused.stderr
        assert not (tmp_path / name).exists()


def latency_gate(*arguments, **environment):
    return subprocess.run([sys.executable, "-m", "latency_gate", *arguments], capture_output=True, text=True,
                          env=os.environ | environment)


@pytest.mark.unit
def test_the_backends_say_what_their_programs_are_built_from_beyond_the_default_build():
    """The build and its cache key ask this instead of naming a middleware (scripts/setup/)."""
    listed = latency_gate("backends")
    assert listed.returncode == EXIT_OK
    assert [line.split("\t")[0] for line in listed.stdout.splitlines()] == list(middleware.BACKENDS)
    madara = latency_gate("backends", "--sources", "madara")
    assert madara.stdout.split() == ["pingpong_madara", "third_party/madara", "third_party/madara-patches"]
    assert all((REPOSITORY / source).is_dir() for source in madara.stdout.split())
    assert (REPOSITORY / "pingpong_madara" / "package.xml").is_file()  # the colcon package the build adds
    assert latency_gate("backends", "--sources", "fastdds", "socket").stdout == ""
    unknown = latency_gate("backends", "--sources", "opensplice")
    assert unknown.returncode == EXIT_BAD_INPUT and "unknown middleware 'opensplice'" in unknown.stderr


@pytest.mark.unit
def test_the_build_cache_key_covers_a_middlewares_own_sources_only_for_a_job_measuring_it(tmp_path):
    def key(middleware):
        done = subprocess.run(["bash", str(REPOSITORY / "scripts/setup/latencytest_cache_key.sh")], check=True,
                              capture_output=True, text=True,
                              env=os.environ | {"RUNNER_TEMP": str(tmp_path), "LATENCY_MIDDLEWARE": middleware,
                                                "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"})
        return done.stdout.splitlines()[0]

    default, socket, madara = key(""), key("socket"), key("madara")
    assert default == socket and "-madara-" not in default
    assert "-madara-" in madara and madara.rsplit("-", 1)[1] != default.rsplit("-", 1)[1]


def build_inputs():
    """What the default build reads, as scripts/setup/build_latencytest.sh and its colcon packages'
    CMakeLists name it: its own files, the packages, what they include from beside them."""
    script = (REPOSITORY / "scripts/setup/build_latencytest.sh").read_text()
    named = {path.split("/*")[0] for path in re.findall(r'\$REPO"?/([\w./*-]+)', script)}
    named -= {"build", ".venv/bin/python", ".venv/bin/latency-gate"}  # its output and the tools it runs
    for package in ("latencytest", "throughputtest", "pingpong"):
        cmake = (REPOSITORY / package / "CMakeLists.txt").read_text()
        named |= {package, *re.findall(r"\$\{CMAKE_CURRENT_SOURCE_DIR\}/\.\./([\w./-]+)", cmake)}
    return sorted({"scripts/setup/build_latencytest.sh", *named})


@pytest.mark.unit
def test_the_build_cache_key_changes_with_every_input_the_build_names(tmp_path):
    """A pull request that changes only what the build reads gets a key of its own, never main's
    entry (a stale build measured as the pull request's)."""
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(REPOSITORY), str(clone)], check=True)
    for script in ("latencytest_cache_key.sh", "latencytest_recipe.sh"):  # this checkout's
        shutil.copy(REPOSITORY / "scripts/setup" / script, clone / "scripts/setup")

    def key():
        return subprocess.run(["bash", str(clone / "scripts/setup/latencytest_cache_key.sh")], check=True,
                              capture_output=True, text=True,
                              env=os.environ | {"RUNNER_TEMP": str(tmp_path), "LATENCY_MIDDLEWARE": ""}).stdout

    inputs = build_inputs()
    assert {"cmake/FastDDSPerformanceTest.cmake", "scripts/setup/make_security_artifacts.sh",
            "latencytest/patches"} <= set(inputs)
    before, changed = key(), []
    for name in inputs:
        path = clone / name
        touched = path if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())[0]
        original = touched.read_bytes()
        touched.write_bytes(original + b"\n")
        changed += [name] if key() != before else []
        touched.write_bytes(original)
    assert changed == inputs


@pytest.mark.unit
def test_a_configurations_values_are_escaped_for_xml_and_its_fragments_put_in_as_they_are(tmp_path):
    """A certificates directory named a&b made the committed profile 'not well-formed XML'."""
    from xml.etree import ElementTree

    from latency_gate.runner.middleware.common import render_configuration

    (tmp_path / "one.xml").write_text('<profiles><ca path="${certs_dir}">file://${certs_dir}/maincacert.pem</ca>'
                                      '${counted}</profiles>')
    certs = "/tmp/a&b <\"certs\">'"

    rendered = ElementTree.fromstring(render_configuration(tmp_path, "one.xml", ("profiles",),
                                                           {"counted": "<times><sec>1000</sec></times>"},
                                                           certs_dir=certs))

    assert rendered.find("ca").text == f"file://{certs}/maincacert.pem" and rendered.find("ca").get("path") == certs
    assert rendered.find("times/sec").text == "1000"
