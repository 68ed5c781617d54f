"""A sub-experiment run again into a results directory that holds its result (runner/subexperiment.py,
runner/experiment.py): nothing stored is lost to a re-run that fails. Its measurements, entry and logs
stand (test_experiment.py), and so do the files its program wrote itself: its rendered configurations,
a counted run's callgrind profiles and counts, perf_test's driver logs; the other sub-experiments'
warnings stay in metadata.json. A raw export the runner rejects is kept where its error names it.

The real runner, backends and perf_test driver run stand-ins of the programs (Python scripts), so
no built program is needed; the backends' library look-up (ldd) is left out.
"""

import io
import os
import shutil
import sys

import pytest

from latency_gate.contracts import instruction_counts
from latency_gate.contracts.formats import measurements_path
from latency_gate.errors import EXIT_OK, EXIT_RUN_FAILED
from latency_gate.runner import counting, experiment
from latency_gate.runner.middleware import fastdds, perftest
from latency_gate.runner.run_spec import RunSpec
from runner_helpers import metadata_of

pytestmark = pytest.mark.programs  # the runner starts its stand-ins through setpriv, taskset and env

NAME = "intraprocess_best_effort"
SAMPLES = 20

# LatencyTest's (and SocketLatency's) command line: it prints which run it is and, told to pass, exports
# SAMPLES round trips of every payload of its --file; told to write them malformed, numbers every sample 1.
LATENCY_STAND_IN = """\
#!{python}
import sys
from pathlib import Path
arguments = sys.argv[1:]
how, run = Path({mode!r}).read_text().split()
print("the run", run)
if how == "fails":
    sys.exit(1)
if "--export_raw_data" not in arguments:  # an inter-process run's subscriber
    sys.exit(0)
payloads = [payload for payload in Path(arguments[arguments.index("--file") + 1]).read_text().split(";")
            if payload.strip()]
samples = int(arguments[arguments.index("--samples") + 1])
rows = [payload.strip() for payload in payloads for _ in range(samples)]
numbers = [1] * len(rows) if how == "malformed" else range(1, len(rows) + 1)
Path(arguments[arguments.index("--export_raw_data") + 1]).write_text(
    "Sample,Payload [Bytes],Latency [us]\\n" + "".join(f"{{n}},{{p}},10.000\\n" for n, p in zip(numbers, rows)))
"""


def no_description(*, binary, environment):
    """A backend's describe() without ldd and dpkg."""
    return {"middleware_version": None, "middleware_library": None, "source_revision": None}


@pytest.fixture
def mode(tmp_path):
    """set(how, run): the next stand-in run passes ("passes"), fails or writes a malformed export, saying `run`."""
    path = tmp_path / "mode"

    def set_mode(how, run):
        path.write_text(f"{how} {run}\n")
    return set_mode


def stand_in(path, text, **values):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.format(python=sys.executable, **values))
    path.chmod(0o755)
    return path


def run(results, **spec):
    """A quick run of the OS's scheduling, no baseline; its exit code."""
    defaults = {"subexperiments": (NAME,), "samples": SAMPLES, "payloads": (16,), "baseline_s": 0, "retries": 0,
                "realtime_preset": False}
    return experiment.run_experiment(results, RunSpec(**(defaults | spec)), out=io.StringIO(), err=io.StringIO())


def the_same(paths):
    return {path: path.read_bytes() for path in paths}


def test_a_failed_rerun_leaves_the_stored_rendered_configuration_and_keeps_its_own_beside_it(
        tmp_path, mode, monkeypatch):
    monkeypatch.setattr(fastdds, "describe", no_description)
    program = stand_in(tmp_path / "LatencyTest", LATENCY_STAND_IN, mode=str(tmp_path / "mode"))
    template = tmp_path / "profiles" / f"{NAME}.xml"
    template.parent.mkdir()
    results, logs = tmp_path / "results", tmp_path / "results" / "logs"
    options = {"program": program, "profiles": template.parent}
    rendered = logs / f"{NAME}.xml"

    template.write_text("<dds><!-- the first run's --></dds>\n")
    mode("passes", 1)
    assert run(results, **options) == EXIT_OK
    first = metadata_of(results)["subexperiments"][NAME]
    stored = the_same([rendered, measurements_path(results, NAME), logs / f"{NAME}_both.log"])

    template.write_text("<dds><!-- the re-run's --></dds>\n")
    mode("fails", 2)
    assert run(results, **options) == EXIT_RUN_FAILED

    assert the_same(stored) == stored  # the configuration the stored result was measured with
    assert "the re-run's" in (logs / f"{NAME}.rerun" / rendered.name).read_text()
    metadata = metadata_of(results)
    assert metadata["subexperiments"][NAME] == first
    [warning] = metadata["warnings"]
    assert warning.endswith(f"(this run's logs: logs/{NAME}_*.rerun*.log, its files: logs/{NAME}.rerun/)")

    template.write_text("<dds><!-- the third run's --></dds>\n")
    mode("passes", 3)
    assert run(results, **options) == EXIT_OK

    assert "the third run's" in rendered.read_text()
    assert sorted(path.name for path in logs.iterdir() if path.name.startswith(NAME)) == [
        f"{NAME}.xml", f"{NAME}_both.log"]
    # metadata.json names the configuration where it is kept, as a first run's does.
    assert f"--xml {rendered} " in metadata_of(results)["subexperiments"][NAME]["commands"]["both"]
    assert metadata_of(results)["warnings"] == []


VALGRIND_STAND_IN = """\
#!{python}
# callgrind's stand-in: runs the program after --, then dumps the one payload's counts of a marked path,
# its instructions the run's number x 1000.
import subprocess
import sys
from pathlib import Path
arguments = sys.argv[1:]
if arguments == ["--version"]:
    print("valgrind-3.19.0")
    sys.exit(0)
stem = next(argument.split("=", 1)[1] for argument in arguments if argument.startswith("--callgrind-out-file="))
program = arguments[arguments.index("--") + 1:]
code = subprocess.run(program).returncode
instructions = int(Path({mode!r}).read_text().split()[1]) * 1000
Path(stem + ".1").write_text(
    "desc: Trigger: Client Request: latency-gate payload=16 round-trips={samples} strays=0\\n"
    f"events: Ir\\nfn=(1) send\\n5 {{instructions}}\\ntotals: {{instructions}}\\n")
sys.exit(code)
"""


@pytest.fixture
def valgrind(tmp_path, monkeypatch):
    """The valgrind stand-in first on PATH."""
    stand_in(tmp_path / "bin" / "valgrind", VALGRIND_STAND_IN, mode=str(tmp_path / "mode"), samples=SAMPLES)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    counting.valgrind_version.cache_clear()  # of the real one, or none
    yield
    counting.valgrind_version.cache_clear()


def test_a_failed_counted_rerun_leaves_the_stored_callgrind_profile_and_counts(tmp_path, mode, valgrind):
    program = stand_in(tmp_path / "SocketLatency", LATENCY_STAND_IN, mode=str(tmp_path / "mode"))
    results, logs = tmp_path / "results", tmp_path / "results" / "logs"
    options = {"middleware": "socket", "program": program, "signal": "instructions"}
    profile = logs / f"{NAME}_both.callgrind.1"
    counted = [path(results, NAME) for path in (instruction_counts.counts_path, instruction_counts.functions_path,
                                                 instruction_counts.allocations_path)]

    mode("passes", 1)
    assert run(results, **options) == EXIT_OK
    assert "totals: 1000" in profile.read_text()
    stored = the_same([profile, measurements_path(results, NAME), *counted])

    mode("fails", 2)
    assert run(results, **options) == EXIT_RUN_FAILED

    assert the_same(stored) == stored
    assert "totals: 2000" in (logs / f"{NAME}.rerun" / profile.name).read_text()

    mode("passes", 3)
    assert run(results, **options) == EXIT_OK

    assert "totals: 3000" in profile.read_text()
    assert instruction_counts.read_counts(counted[0])[instruction_counts.INSTRUCTIONS].tolist() == [3000]
    assert not (logs / f"{NAME}.rerun").exists() and not list(results.glob(".stored-*"))
    command = metadata_of(results)["subexperiments"][NAME]["commands"]["both"]
    assert f"--callgrind-out-file={logs / f'{NAME}_both.callgrind'} " in command


PERF_TEST_STAND_IN = """\
#!{python}
# perf_test's stand-in: the relay side waits to be ended; the main side says which run it is and exports
# its round trips (told to fail, exits 1).
import sys
import time
from pathlib import Path
arguments = sys.argv[1:]
if arguments == ["--help"]:
    print("--communicator <CycloneDDS>")
    sys.exit(0)
how, run = Path({mode!r}).read_text().split()
mode = arguments[arguments.index("--roundtrip-mode") + 1]
print(mode, "of the run", run, flush=True)
if mode == "Relay":
    time.sleep(60)
if how == "fails":
    sys.exit(1)
samples = int(arguments[arguments.index("--samples") + 1])
Path(arguments[arguments.index("--export-raw-data") + 1]).write_text(
    "Sample,Payload [Bytes],Latency [us]\\n" + "".join(f"{{n}},16,20.0\\n" for n in range(1, samples + 1)))
"""


def test_a_failed_rerun_of_perf_test_leaves_the_stored_driver_logs(tmp_path, mode, monkeypatch):
    monkeypatch.setattr(perftest.CYCLONEDDS, "describe", no_description)
    program = stand_in(tmp_path / "perf_test", PERF_TEST_STAND_IN, mode=str(tmp_path / "mode"))
    results, logs = tmp_path / "results", tmp_path / "results" / "logs"
    name = "interprocess_best_effort"
    options = {"middleware": "perftest-cyclonedds", "program": program, "subexperiments": (name,)}
    # The driver's log of each side; the relay's may end before it says anything (the driver ends it).
    driver_logs = [logs / f"{name}_main.log", logs / f"{name}_relay.log"]
    written = [*driver_logs, logs / f"{name}_publisher.xml", logs / f"{name}_subscriber.xml"]

    mode("passes", 1)
    assert run(results, **options) == EXIT_OK
    assert "of the run 1" in driver_logs[0].read_text()
    stored = the_same([*written, measurements_path(results, name)])

    mode("fails", 2)
    assert run(results, **options) == EXIT_RUN_FAILED

    assert the_same(stored) == stored
    kept = [logs / f"{name}.rerun" / log.name for log in driver_logs]
    assert "of the run 2" in kept[0].read_text() and kept[1].read_text().startswith("--- 16 bytes")

    mode("passes", 3)
    assert run(results, **options) == EXIT_OK
    assert "of the run 3" in driver_logs[0].read_text()
    assert all(path.is_file() for path in written) and not (logs / f"{name}.rerun").exists()


def test_a_rerun_keeps_the_other_subexperiments_warnings_and_drops_its_own_once_it_passes(
        tmp_path, mode, monkeypatch):
    """metadata.json's warnings are the directory's: an earlier run's stay, each once; a sub-experiment's
    own ("<name>: ...") go when a later run records it again."""
    program = stand_in(tmp_path / "SocketLatency", LATENCY_STAND_IN, mode=str(tmp_path / "mode"))
    # No cyclictest on PATH: every run's baseline warns the same. The runner starts every process with setpriv.
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "setpriv").symlink_to(shutil.which("setpriv"))
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    results = tmp_path / "results"
    other = "interprocess_best_effort"
    options = {"middleware": "socket", "program": program, "baseline_s": 1}

    mode("passes", 1)
    assert run(results, subexperiments=(NAME, other), **options) == EXIT_OK
    [baseline] = metadata_of(results)["warnings"]
    assert "cyclictest" in baseline
    mode("fails", 2)
    assert run(results, subexperiments=(NAME, other), **options) == EXIT_RUN_FAILED
    assert [warning.split(":")[0] for warning in metadata_of(results)["warnings"]] == [
        baseline.split(":")[0], NAME, other]

    mode("passes", 3)
    assert run(results, subexperiments=(NAME,), **options) == EXIT_OK

    warnings = metadata_of(results)["warnings"]
    assert warnings[0] == baseline and len(warnings) == 2
    assert warnings[1].startswith(f"{other}: this run stored no result (failed: ")


@pytest.mark.parametrize("retries", [0, 1])
def test_a_rejected_raw_export_is_kept_where_its_error_names_it(tmp_path, mode, retries):
    """The program's export goes to a hidden partial file the runner removes; one it rejects is kept in
    logs/ and its error names it there, each attempt's its own."""
    program = stand_in(tmp_path / "SocketLatency", LATENCY_STAND_IN, mode=str(tmp_path / "mode"))
    results = tmp_path / "results"
    mode("malformed", 1)

    assert run(results, middleware="socket", program=program, retries=retries) == EXIT_RUN_FAILED

    entry = metadata_of(results)["subexperiments"][NAME]
    errors = [attempt["error"] for attempt in entry.get("earlier_attempts", [])] + [entry["error"]]
    kept = [f"logs/{NAME}_rejected.attempt-{n}.csv" for n in range(1, retries + 1)] + [f"logs/{NAME}_rejected.csv"]
    for error, path in zip(errors, kept, strict=True):
        assert error == f"unusable raw data: {path}:3: Sample 1, not 2: samples are numbered 1, 2, 3, ... as recorded"
        assert (results / path).read_text().splitlines()[2] == "1,16,10.000"
    assert not list(results.glob(".partial-*"))
