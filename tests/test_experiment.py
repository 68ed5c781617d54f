"""The experiment runner, run for real: Fast DDS LatencyTest, colcon, stress-ng, signals.

Needs the setup (scripts/setup.sh or scripts/setup/build_latencytest.sh): the tests use
the project-built LatencyTest at the runner's default path. Few samples and payloads
keep the whole file near a minute and a half on two cores.
"""

import dataclasses
import fcntl
import io
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from latency_gate import cli
from latency_gate.contracts import formats, run_metadata
from latency_gate.contracts.formats import (
    MEASUREMENT_COLUMNS, PAYLOAD, SUBEXPERIMENTS, measurements_path, read_measurements, read_requirements, read_summary,
)
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_OK, EXIT_RUN_FAILED, InputError
from latency_gate.runner import experiment, kinds, topology as topologies
from latency_gate.runner.domain_lease import DomainLease
from latency_gate.runner.run_spec import RunSpec
from latency_gate.runner.middleware.common import build_directory
from latency_gate.runner.middleware import socket_floor
from latency_gate.runner.middleware.fastdds import LATENCY_TEST
from runner_helpers import metadata_of, wait_for_process, wait_until

REPOSITORY = Path(__file__).resolve().parents[1]
SAMPLES = 100
PAYLOADS = (16, 512)
# A hang (LatencyTest over TCP, now and then) costs a minute, then the runner runs it again.
FAST = {"samples": SAMPLES, "payloads": PAYLOADS, "baseline_s": 0, "timeout_s": 60}


def no_process_left(run_id, within_s=10.0):
    """Whether every process the run started is gone, waiting up to `within_s` (a killed process
    leaves /proc asynchronously: on a loaded machine it was still there as the runner returned)."""
    deadline = time.monotonic() + within_s
    while processes_of_run(run_id) and time.monotonic() < deadline:
        time.sleep(0.1)
    return processes_of_run(run_id) == []


def processes_of_run(run_id):
    """PIDs of live processes started by the run with this id (they carry it in their environment)."""
    marker = f"{experiment.RUN_ID_VARIABLE}={run_id}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker in (entry / "environ").read_bytes().split(b"\0"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@pytest.fixture(scope="module")
def socket_latency():
    """The socket floor's SocketLatency (scripts/setup/build_latencytest.sh)."""
    binary = socket_floor.PROGRAMS["latency"].default()
    assert binary.is_file(), f"{binary} missing: run scripts/setup/build_latencytest.sh first"
    return binary


def runner_command(results, *options):
    return [sys.executable, "-m", "latency_gate", "run", "--results-dir", str(results), *options]


def socket_run_command(results, *options):
    """A run of the socket floor's SocketLatency, quick (50 samples of 16 B, the OS's scheduling)."""
    return runner_command(results, "--middleware", "socket", "--samples", "50", "--payloads", "16", "--no-realtime",
                          "--baseline-seconds", "0", *options)


# --------------------------------------------------------------------------------------
# A complete run


@pytest.mark.programs
def test_every_subexperiment_runs_with_the_real_latency_test_and_writes_spec_measurements(latency_test, tmp_path):
    code = experiment.run_experiment(tmp_path, RunSpec(**FAST))

    assert code == EXIT_OK
    metadata = metadata_of(tmp_path)
    assert list(metadata["subexperiments"]) == list(SUBEXPERIMENTS)
    for name in SUBEXPERIMENTS:
        entry = metadata["subexperiments"][name]
        assert entry["status"] == "passed", (name, entry)
        path = measurements_path(tmp_path, name)
        lines = path.read_text().splitlines()
        assert lines[0] == ",".join(MEASUREMENT_COLUMNS)
        assert all(re.fullmatch(r"\d+,\d+,\d+\.\d{3}", line) for line in lines[1:]), name
        measurements = read_measurements(path)
        counts = measurements.groupby(PAYLOAD).size()
        assert list(counts.index) == list(PAYLOADS)
        # LatencyTest gives up on a round trip after 100 ms and records nothing for it, even when
        # reliable: on a loaded machine a few samples may be missing.
        assert (counts >= SAMPLES * 0.95).all() and (counts <= SAMPLES).all(), (name, counts.to_dict())
        assert entry["samples_recorded"] == len(measurements)
        assert entry["samples_expected"] == SAMPLES * len(PAYLOADS)
        assert (measurements["Latency [us]"] > 0).all()
    assert not list(tmp_path.glob(".partial-*")), "temporary raw files left behind"


@pytest.mark.programs
def test_each_subexperiment_runs_the_transport_reliability_and_security_its_name_says(latency_test, tmp_path):
    experiment.run_experiment(tmp_path, RunSpec(subexperiments=["intraprocess_reliable", "interprocess_best_effort_tcp_security"],
                                                **FAST))
    metadata = metadata_of(tmp_path)
    commands = {name: entry["commands"] for name, entry in metadata["subexperiments"].items()}
    assert list(commands["intraprocess_reliable"]) == ["both"]
    assert set(commands["interprocess_best_effort_tcp_security"]) == {"publisher", "subscriber"}
    domain, port = metadata["settings"]["domain"], metadata["settings"]["tcp_port"]
    assert f"--domain {domain}" in commands["interprocess_best_effort_tcp_security"]["subscriber"]
    profile = (tmp_path / "logs" / "interprocess_best_effort_tcp_security.xml").read_text()
    assert f"<port>{port}</port>" in profile and f"<physical_port>{port}</physical_port>" in profile
    assert "<kind>BEST_EFFORT</kind>" in profile and "RELIABLE" not in profile.split("-->", 1)[1]
    certs = metadata["settings"]["certs"]
    for used in ("builtin.PKI-DH", "builtin.Access-Permissions", "builtin.AES-GCM-GMAC",
                 f"file://{certs}/governance.smime", f"file://{certs}/mainsubcert.pem"):
        assert used in profile
    reliable = (tmp_path / "logs" / "intraprocess_reliable.xml").read_text()
    assert "<intraprocess_delivery>FULL</intraprocess_delivery>" in reliable and "<kind>RELIABLE</kind>" in reliable


@pytest.mark.programs
def test_metadata_describes_the_run(latency_test, tmp_path):
    code = experiment.run_experiment(tmp_path, RunSpec(subexperiments=["intraprocess_best_effort"], samples=50,
                                                       payloads=(16,), baseline_s=1))

    assert code == EXIT_OK
    metadata = metadata_of(tmp_path)
    assert metadata["schema_version"] == run_metadata.SCHEMA_VERSION
    assert re.fullmatch(r"\d+\.\d+\.\d+", metadata["fastdds_version"])
    assert metadata["source_revision"].startswith("debian fastdds ")
    for key in ("host", "kernel", "cpu_model", "run_id"):
        assert metadata[key]
    tuning = metadata["kernel_tuning"]
    assert tuning["command_line"] == Path("/proc/cmdline").read_text().strip()
    assert tuning["clocksource"] and tuning["transparent_hugepages"] in ("always", "madvise", "never")
    assert metadata["samples"] == 50 and metadata["payloads"] == [16]
    # The time-out follows the work: 60 s plus 2 ms per round trip (the full default run: 280 s).
    assert metadata["settings"]["timeout_s"] == kinds.LATENCY.default_timeout(50, [16], None) == 60.1
    assert kinds.LATENCY.default_timeout(10_000, range(11), None) == 280
    assert metadata["started_at"] <= metadata["finished_at"]
    assert metadata["started_at"].endswith("+00:00")
    baseline = metadata["platform_baseline"]
    assert baseline["tool"] == "cyclictest" and baseline["cycles"] > 1000
    assert 0 < baseline["min_us"] <= baseline["avg_us"] <= baseline["max_us"]
    entry = metadata["subexperiments"]["intraprocess_best_effort"]
    assert entry["exit_codes"] == {"both": 0} and entry["duration_s"] > 0


@pytest.mark.programs
def test_runs_into_the_same_directory_accumulate_subexperiments_under_one_run_id(latency_test, tmp_path):
    # As colcon test does: one runner invocation per sub-experiment, one results directory.
    assert experiment.run_experiment(tmp_path, RunSpec(subexperiments=["intraprocess_best_effort"], **FAST)) == EXIT_OK
    run_id = metadata_of(tmp_path)["run_id"]
    stale = [formats.summary_path(tmp_path, "intraprocess_best_effort"), formats.checks_path(tmp_path, "intraprocess_best_effort")]
    for path in stale:  # of the first run's samples
        path.write_text("processed and checked before the repeat\n")
    for name in ("intraprocess_reliable", "intraprocess_best_effort"):  # a repeated one replaces its entry
        assert experiment.run_experiment(tmp_path, RunSpec(subexperiments=[name], **FAST)) == EXIT_OK

    metadata = metadata_of(tmp_path)
    assert metadata["run_id"] == run_id
    assert sorted(metadata["subexperiments"]) == ["intraprocess_best_effort", "intraprocess_reliable"]
    assert all(isinstance(entry["domain"], int) for entry in metadata["subexperiments"].values())
    assert all(entry["status"] == "passed" for entry in metadata["subexperiments"].values())
    assert not any(path.exists() for path in stale)  # they described the samples the repeat replaced
    # A run of other settings would leave metadata.json describing one run and the files another.
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir() if path.is_file()}
    with pytest.raises(InputError, match=rf"holds a run of other settings \(samples {FAST['samples']}, not "):
        experiment.run_experiment(tmp_path, RunSpec(subexperiments=["intraprocess_reliable"],
                                                    **(FAST | {"samples": FAST["samples"] + 1})))
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir() if path.is_file()} == before


@pytest.mark.programs
def test_a_run_measuring_under_other_conditions_is_refused_naming_each_that_differs(socket_latency, tmp_path, capsys):
    """metadata.json's settings are the whole directory's: another sub-experiment measured with the
    real-time preset, across network namespaces and under stress must not join a run without them."""
    common = ["run", "-r", str(tmp_path), "--middleware", "socket", "--samples", "50", "--payloads", "16",
              "--baseline-seconds", "0"]
    assert run_cli(capsys, *common, "--subexperiments", "intraprocess_best_effort", "--no-realtime")[0] == EXIT_OK
    before = (tmp_path / "metadata.json").read_bytes()

    code, error = run_cli(capsys, *common, "--subexperiments", "interprocess_best_effort", "--topology", "netns",
                          "--stress", "--cpu 1")

    assert code == EXIT_BAD_INPUT and error.count("\n") == 0
    assert "holds a run of other settings (topology localhost, not netns; stress None, not --cpu 1; " \
           "realtime_preset False, not True)" in error
    assert (tmp_path / "metadata.json").read_bytes() == before
    assert not measurements_path(tmp_path, "interprocess_best_effort").exists()


@pytest.mark.programs
def test_a_directory_holding_results_but_no_metadata_is_refused_before_anything_is_written(socket_latency, tmp_path,
                                                                                          capsys):
    """Results of something else than a run (eProsima's scripts, a run whose metadata.json is gone): a run
    added to them would leave `process` taking them for its own."""
    foreign = formats.summary_path(tmp_path, "intraprocess_reliable")
    foreign.write_text("Bytes,Samples\n")

    code, error = run_cli(capsys, "run", "-r", str(tmp_path), "--middleware", "socket", "--subexperiments",
                          "intraprocess_best_effort", "--samples", "50", "--payloads", "16", "--baseline-seconds", "0")

    assert code == EXIT_BAD_INPUT and error.count("\n") == 0
    assert f"{tmp_path}: holds {foreign.name} but no metadata.json" in error
    assert list(tmp_path.iterdir()) == [foreign]


@pytest.mark.programs
@pytest.mark.parametrize("rerun", ["fails", "is interrupted"])
def test_a_rerun_that_stores_no_result_leaves_the_stored_one_its_entry_and_logs(socket_latency, tmp_path, rerun):
    """The same sub-experiment run again into the directory (the same settings, so the same program path):
    the result stored stands until the re-run stores one, and the re-run's logs stay beside it."""
    program = tmp_path / "SocketLatency"
    program.write_text(f'#!/bin/sh\nexec {socket_latency} "$@"\n')
    program.chmod(0o755)
    results = tmp_path / "results"
    command = socket_run_command(results, "-c", str(program), "--subexperiments", "intraprocess_best_effort")
    assert subprocess.run(command, capture_output=True).returncode == EXIT_OK
    summary = formats.summary_path(results, "intraprocess_best_effort")
    summary.write_text("processed after the first run\n")
    stored = [measurements_path(results, "intraprocess_best_effort"), summary,
              results / "logs" / "intraprocess_best_effort_both.log"]
    before = [path.read_bytes() for path in stored]
    entry = metadata_of(results)["subexperiments"]["intraprocess_best_effort"]

    program.write_text("#!/bin/sh\necho the re-run\n" + ("exit 1\n" if rerun == "fails" else "exec sleep 60\n"))
    runner = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if rerun == "is interrupted":
        wait_until(lambda: any("the re-run" in log.read_text()
                               for log in (results / "logs").glob("intraprocess_best_effort_both*.log")),
                   "the re-run under way")
        runner.send_signal(signal.SIGINT)
    output, errors = runner.communicate(timeout=60)

    assert runner.returncode == (EXIT_RUN_FAILED if rerun == "fails" else 130), output + errors
    assert [path.read_bytes() for path in stored] == before
    metadata = metadata_of(results)
    assert metadata["subexperiments"]["intraprocess_best_effort"] == entry
    assert any("the one an earlier run stored stands" in warning for warning in metadata["warnings"])
    assert "the re-run" in (results / "logs" / "intraprocess_best_effort_both.rerun.log").read_text()

    # One that stores a result replaces the stored one, its logs too.
    program.write_text(f'#!/bin/sh\nexec {socket_latency} "$@"\n')
    assert subprocess.run(command, capture_output=True).returncode == EXIT_OK
    assert not summary.exists()
    assert [path.name for path in (results / "logs").glob("intraprocess_best_effort_*")] == [stored[2].name]
    assert "the re-run" not in stored[2].read_text()


@pytest.mark.programs
def test_a_run_into_a_directory_another_run_is_writing_to_is_refused_before_it_writes(latency_test, tmp_path):
    """Two runs into one directory would mix their metadata.json and partial files: the second is
    refused while the first holds the directory (here, this test holds it as a run does)."""
    directory = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(directory, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(InputError, match="another run is writing to this results directory"):
            experiment.run_experiment(tmp_path, RunSpec(subexperiments=["intraprocess_best_effort"], **FAST))
        assert list(tmp_path.iterdir()) == []
    finally:
        os.close(directory)  # and with it the lock: the next run goes ahead
    assert experiment.run_experiment(tmp_path, RunSpec(subexperiments=["intraprocess_best_effort"], **FAST)) == EXIT_OK


# --------------------------------------------------------------------------------------
# Isolation, time-outs, interruption


@pytest.mark.programs
def test_two_concurrent_runs_get_their_own_domain_and_port_and_both_succeed(latency_test, tmp_path):
    # A short time-out: LatencyTest over TCP hangs now and then; the runner runs a hung one again.
    options = ["--subexperiments", "interprocess_best_effort", "interprocess_reliable_tcp",
               "--samples", str(SAMPLES), "--payloads", "16", "--baseline-seconds", "0", "--timeout", "25"]
    runs = [subprocess.Popen(runner_command(tmp_path / name, *options), stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True) for name in ("a", "b")]
    outputs = [run.communicate(timeout=120)[0] for run in runs]

    assert [run.returncode for run in runs] == [EXIT_OK, EXIT_OK], outputs
    settings = [metadata_of(tmp_path / name)["settings"] for name in ("a", "b")]
    assert settings[0]["domain"] != settings[1]["domain"]
    assert settings[0]["tcp_port"] != settings[1]["tcp_port"]
    for name in ("a", "b"):
        for subexperiment in ("interprocess_best_effort", "interprocess_reliable_tcp"):
            assert len(read_measurements(measurements_path(tmp_path / name, subexperiment))) >= SAMPLES * 0.95


@pytest.mark.programs
def test_a_hung_subscriber_is_killed_at_the_time_out_and_the_remaining_subexperiments_still_run(latency_test, tmp_path):
    runner = subprocess.Popen(
        runner_command(tmp_path, "--subexperiments", "interprocess_best_effort", "interprocess_reliable",
                       "--samples", str(SAMPLES), "--payloads", "16", "--baseline-seconds", "0", "--timeout", "8",
                       "--retries", "0"),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    subscriber = wait_for_process(tmp_path, "subscriber")
    os.kill(subscriber, signal.SIGSTOP)  # alive but silent: the publisher waits for echoes forever
    output = runner.communicate(timeout=90)[0]

    assert runner.returncode == EXIT_RUN_FAILED, output
    metadata = metadata_of(tmp_path)
    hung = metadata["subexperiments"]["interprocess_best_effort"]
    assert hung["status"] == "timed_out" and "8 s" in hung["error"]
    assert 8 <= hung["duration_s"] < 20
    assert not measurements_path(tmp_path, "interprocess_best_effort").exists()
    assert metadata["subexperiments"]["interprocess_reliable"]["status"] == "passed"
    assert measurements_path(tmp_path, "interprocess_reliable").is_file()
    assert re.search(r"interprocess_best_effort\s+\d+\.\d s\s+timed_out", output)
    assert not Path(f"/proc/{subscriber}").exists(), "the stopped subscriber survived"
    assert no_process_left(metadata["run_id"])


@pytest.mark.programs
def test_a_hung_subexperiment_is_run_again_and_the_hung_attempt_stays_on_record(latency_test, tmp_path):
    runner = subprocess.Popen(
        runner_command(tmp_path, "--subexperiments", "interprocess_best_effort", "--samples", str(SAMPLES),
                       "--payloads", "16", "--baseline-seconds", "0", "--timeout", "8"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    subscriber = wait_for_process(tmp_path, "subscriber")
    os.kill(subscriber, signal.SIGSTOP)  # only the first attempt's subscriber hangs
    output, warnings = runner.communicate(timeout=90)

    assert runner.returncode == EXIT_OK, output + warnings
    entry = metadata_of(tmp_path)["subexperiments"]["interprocess_best_effort"]
    assert entry["status"] == "passed" and entry["samples_recorded"] >= SAMPLES * 0.95
    [hung] = entry["earlier_attempts"]
    assert hung["status"] == "timed_out" and "8 s" in hung["error"] and 8 <= hung["duration_s"] < 20
    assert hung["logs"] == "logs/interprocess_best_effort_*.attempt-1.log"
    for role in ("publisher", "subscriber"):
        assert (tmp_path / "logs" / f"interprocess_best_effort_{role}.attempt-1.log").is_file()
        assert (tmp_path / "logs" / f"interprocess_best_effort_{role}.log").is_file()
    assert re.search(r"interprocess_best_effort\s+\d+\.\d s\s+timed_out .*; retry 1/1\n\s+\d+\.\d s\s+passed", output)
    assert "interprocess_best_effort timed_out" in warnings and "running it again (attempt 2" in warnings
    assert measurements_path(tmp_path, "interprocess_best_effort").is_file()


def run_failing_stand_in(tmp_path, says, exit_code):
    """A run of intraprocess_best_effort, 2 retries, whose LatencyTest is a stand-in that says `says`
    on stderr and exits with `exit_code` (under taskset and chrt, and described with ldd, as the real
    one); (the run's exit code, its results directory)."""
    stand_in = tmp_path / "LatencyTest"
    stand_in.write_text(f"#!/bin/sh\necho '{says}' >&2\nexit {exit_code}\n")
    stand_in.chmod(0o755)
    results = tmp_path / "results"
    code = experiment.run_experiment(results, RunSpec(program=stand_in, subexperiments=["intraprocess_best_effort"],
                                                      samples=10, payloads=(16,), baseline_s=0,
                                                      retries=2), out=io.StringIO(), err=io.StringIO())
    return code, results


class Terminal(io.StringIO):
    def isatty(self):
        return True


def as_shown(text):
    """What a terminal shows of `text`: a backspace moves back one column, what follows overwrites."""
    lines = []
    for line in text.split("\n"):
        shown, column = [], 0
        for character in line:
            if character == "\b":
                column -= 1
            else:
                shown[column:column + 1] = [character]
                column += 1
        lines.append("".join(shown).rstrip())
    return "\n".join(lines)


@pytest.mark.programs  # a stand-in
def test_a_running_subexperiment_shows_its_seconds_on_a_terminal_and_leaves_its_line_as_a_log_has_it(tmp_path):
    """Long work shows progress on a terminal: the seconds so far, rewritten in place, erased before
    the result; a CI log (no terminal) gets the line alone."""
    stand_in = tmp_path / "LatencyTest"
    stand_in.write_text("#!/bin/sh\nsleep 2.5\necho 'no raw data' >&2\nexit 1\n")
    stand_in.chmod(0o755)
    shown = {}
    for out in (Terminal(), io.StringIO()):
        experiment.run_experiment(tmp_path / type(out).__name__, RunSpec(
            program=stand_in, subexperiments=["intraprocess_best_effort"], samples=10, payloads=(16,), baseline_s=0,
            retries=0), out=out, err=io.StringIO())
        shown[type(out).__name__] = out.getvalue()

    assert "    1 s\b\b\b\b\b\b\b    2 s" in shown["Terminal"]
    assert "\b" not in shown["StringIO"]
    line = [line for line in as_shown(shown["Terminal"]).splitlines() if "intraprocess_best_effort" in line]
    assert re.fullmatch(r"\[ 1/1\] intraprocess_best_effort +\d+\.\d s  failed  both exit 1 .*", line[0]), line


@pytest.mark.programs  # a stand-in
def test_a_subexperiment_failing_every_attempt_fails_the_run_with_each_attempt_on_record(tmp_path):
    code, results = run_failing_stand_in(tmp_path, "simulated crash", 1)

    assert code == EXIT_RUN_FAILED
    entry = metadata_of(results)["subexperiments"]["intraprocess_best_effort"]
    assert entry["status"] == "failed" and [a["status"] for a in entry["earlier_attempts"]] == ["failed"] * 2
    assert metadata_of(results)["settings"]["retries"] == 2
    logs = sorted(path.name for path in (results / "logs").glob("intraprocess_best_effort_both*.log"))
    assert logs == ["intraprocess_best_effort_both.attempt-1.log", "intraprocess_best_effort_both.attempt-2.log",
                    "intraprocess_best_effort_both.log"]
    assert "simulated crash" in (results / "logs" / "intraprocess_best_effort_both.attempt-1.log").read_text()
    assert not measurements_path(results, "intraprocess_best_effort").exists()


@pytest.mark.programs  # a stand-in
def test_a_program_that_refuses_its_input_is_not_run_again(tmp_path):
    """Exit 2, the project's programs' bad usage or input: the same command would fail the same way."""
    code, results = run_failing_stand_in(tmp_path, "LatencyTest: error: --samples: bad", 2)

    assert code == EXIT_RUN_FAILED
    entry = metadata_of(results)["subexperiments"]["intraprocess_best_effort"]
    assert entry["status"] == "failed" and not entry.get("earlier_attempts")
    assert entry["error"].endswith("both exit 2 (see logs/intraprocess_best_effort_*.log): it refused its input, "
                                   "not retried")


HEADER = ",".join(MEASUREMENT_COLUMNS) + "\n"


@pytest.mark.programs  # a stand-in
@pytest.mark.parametrize("exported, problem", [
    (HEADER + "1,16,10.000\n" * 50, ":3: Sample 1, not 2: samples are numbered 1, 2, 3, ... as recorded"),
    (HEADER + "".join(f"{sample},16,10.000\n" for sample in range(50)), ":2: Sample 0, not 1"),
    (HEADER.replace("\n", ",Extra\n") + "".join(f"{sample},16,10.000,9\n" for sample in range(1, 51)),
     ": its header is 'Sample,Payload [Bytes],Latency [us],Extra', not the spec's"),
])
def test_a_raw_export_not_as_latency_test_writes_it_fails_its_subexperiment(tmp_path, exported, problem):
    """LatencyTest and every backend's program number their samples 1, 2, 3, ... as they record them, under
    the spec's three columns; a program that writes otherwise is not measuring what it says."""
    (tmp_path / "exported.csv").write_text(exported)
    stand_in = tmp_path / "SocketLatency"
    stand_in.write_text('#!/bin/sh\nwhile [ "$1" != --export_raw_data ]; do shift; done\n'
                        f'cp {tmp_path / "exported.csv"} "$2"\n')
    stand_in.chmod(0o755)
    results = tmp_path / "results"
    code = experiment.run_experiment(results, RunSpec(middleware="socket", program=stand_in, samples=50, payloads=(16,),
                                                      subexperiments=["intraprocess_best_effort"], baseline_s=0,
                                                      retries=0), out=io.StringIO(), err=io.StringIO())

    assert code == EXIT_RUN_FAILED
    error = metadata_of(results)["subexperiments"]["intraprocess_best_effort"]["error"]
    assert error.startswith("unusable raw data: ") and problem in error
    assert not measurements_path(results, "intraprocess_best_effort").exists()


@pytest.mark.programs
def test_a_crashed_subscriber_fails_its_subexperiment_at_once_instead_of_waiting_for_the_time_out(latency_test, tmp_path):
    runner = subprocess.Popen(
        runner_command(tmp_path, "--subexperiments", "interprocess_reliable", "--samples", "100000",
                       "--payloads", "16", "--baseline-seconds", "0", "--timeout", "120", "--retries", "0"),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    wait_for_process(tmp_path, "publisher")
    os.kill(wait_for_process(tmp_path, "subscriber"), signal.SIGKILL)
    output = runner.communicate(timeout=60)[0]

    assert runner.returncode == EXIT_RUN_FAILED, output
    entry = metadata_of(tmp_path)["subexperiments"]["interprocess_reliable"]
    assert entry["status"] == "failed" and entry["exit_codes"]["subscriber"] == -signal.SIGKILL
    assert "subscriber exit -9" in entry["error"] and entry["duration_s"] < 30
    assert no_process_left(metadata_of(tmp_path)["run_id"])


@pytest.mark.programs
def test_interrupting_the_runner_stops_latency_test_and_the_stress_and_keeps_metadata(latency_test, tmp_path):
    runner = subprocess.Popen(
        runner_command(tmp_path, "--subexperiments", "interprocess_reliable", "--samples", "100000",
                       "--payloads", "16", "--baseline-seconds", "0", "--stress", "--cpu 1"),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    wait_for_process(tmp_path, "publisher")
    run_id = metadata_of(tmp_path)["run_id"]
    assert len(processes_of_run(run_id)) >= 3  # stress-ng, subscriber, publisher
    runner.send_signal(signal.SIGINT)
    output = runner.communicate(timeout=30)[0]

    assert runner.returncode == 130, output
    metadata = metadata_of(tmp_path)
    assert metadata["interrupted"] == "SIGINT" and metadata["finished_at"]
    assert metadata["subexperiments"]["interprocess_reliable"]["status"] == "interrupted"
    assert not measurements_path(tmp_path, "interprocess_reliable").exists()
    assert not list(tmp_path.glob(".partial-*"))
    assert no_process_left(run_id)


def free_domain():
    """A DDS domain no run holds now, to know the names of the namespaces a run of it makes."""
    lease = DomainLease()
    lease.release()
    return lease.domain


def namespaces_of(domain):
    """The network namespaces a run of this DDS domain makes under --topology netns, as `ip` lists them."""
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True, check=True).stdout
    return re.findall(rf"^latency-gate-{domain}-\S+", listed, re.MULTILINE)


@pytest.mark.programs
def test_a_stop_signal_during_the_clean_up_lets_it_run_to_its_end_and_is_recorded(socket_latency, tmp_path):
    """The clean-up stops the stress first: a SIGINT meanwhile (a stand-in stress-ng that takes its time
    over SIGTERM) must not cut it short, which left the network namespaces and a traceback."""
    standins = tmp_path / "bin"
    standins.mkdir()
    (standins / "stress-ng").write_text('#!/bin/sh\ncase " $* " in *" --dry-run "*) exit 0;; esac\n'
                                        'trap \'touch "$STRESS_STOPPING"\' TERM\nwhile :; do sleep 0.05; done\n')
    (standins / "stress-ng").chmod(0o755)
    stopping, results = tmp_path / "stress-stopping", tmp_path / "results"
    runner = subprocess.Popen(
        socket_run_command(results, "--subexperiments", "interprocess_best_effort", "--topology", "netns",
                           "--stress", "--cpu 1"),
        env=os.environ | {"PATH": f"{standins}:{os.environ['PATH']}", "STRESS_STOPPING": str(stopping)},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_until(stopping.exists, "the clean-up stopping the stress")
    runner.send_signal(signal.SIGINT)
    output, errors = runner.communicate(timeout=60)

    assert runner.returncode == 130, output + errors
    assert "Traceback" not in errors and output.endswith(f"interrupted; partial results in {results}\n")
    metadata = metadata_of(results)
    assert metadata["interrupted"] == "SIGINT" and metadata["finished_at"]
    assert metadata["subexperiments"]["interprocess_best_effort"]["status"] == "passed"
    assert metadata["settings"]["link_packets"]["publisher"]["tx_packets"] > 0  # the steps after the stress ran
    assert namespaces_of(metadata["settings"]["domain"]) == []
    assert no_process_left(metadata["run_id"])


@pytest.mark.programs
def test_a_stop_signal_during_the_set_up_lets_it_finish_then_stops_the_run_through_its_clean_up(socket_latency,
                                                                                                 tmp_path):
    """SIGINT as the first network namespace appears: the run must not end with what it made so far."""
    domain = free_domain()
    runner = subprocess.Popen(
        socket_run_command(tmp_path, "--subexperiments", "interprocess_best_effort", "--topology", "netns",
                           "--domain", str(domain)),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    made = Path(f"/run/netns/latency-gate-{domain}-pub")
    deadline = time.monotonic() + 30
    while not made.exists():
        assert time.monotonic() < deadline, f"no {made}"
        time.sleep(0.001)  # the set-up takes tens of milliseconds
    runner.send_signal(signal.SIGINT)
    output, errors = runner.communicate(timeout=60)

    assert runner.returncode == 130, output + errors
    assert metadata_of(tmp_path)["interrupted"] == "SIGINT" and metadata_of(tmp_path)["finished_at"]
    assert namespaces_of(domain) == []


@pytest.mark.programs
@pytest.mark.parametrize("blocked, make", [("logs", Path.touch),
                                           ("logs/payloads.csv", lambda path: path.mkdir(parents=True))])
def test_a_set_up_that_fails_is_bad_input_and_leaves_no_network_namespace(socket_latency, tmp_path, capsys, blocked,
                                                                           make):
    """A file where the run makes logs/, a directory where it writes its program's input file."""
    make(tmp_path / blocked)
    domain = free_domain()
    code, error = run_cli(capsys, "run", "-r", str(tmp_path), "--middleware", "socket", "--topology", "netns",
                          "--domain", str(domain), "--subexperiments", "interprocess_best_effort", "--samples", "50",
                          "--payloads", "16", "--no-realtime", "--baseline-seconds", "0")

    assert code == EXIT_BAD_INPUT and error.count("\n") == 0 and str(tmp_path / "logs") in error
    assert namespaces_of(domain) == []


@pytest.mark.programs
def test_a_netns_set_up_stopped_half_way_removes_what_it_made(monkeypatch):
    run = subprocess.run

    def stopped_at_the_veth_pair(command, **options):
        if command[:3] == ["ip", "link", "add"]:
            raise KeyboardInterrupt  # Ctrl-C, where no run holds the stop signals
        return run(command, **options)

    lease = DomainLease()  # held: the set-up removes a killed run's namespaces of its domain first
    try:
        monkeypatch.setattr(subprocess, "run", stopped_at_the_veth_pair)
        with pytest.raises(KeyboardInterrupt):
            topologies.prepare(topologies.NETNS, lease.domain)
        monkeypatch.undo()
        assert namespaces_of(lease.domain) == []
    finally:
        lease.release()


def child_named(parent, name):
    """PID of a process called `name` (as /proc shows it) whose parent is `parent`, or None."""
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":\t", 1) for line in status.read_text().splitlines() if ":\t" in line)
        except OSError:
            continue
        if fields.get("Name") == name and fields.get("PPid") == str(parent):
            return int(status.parent.name)
    return None


@pytest.mark.programs
def test_interrupting_the_platform_baseline_stops_cyclictest_leaving_nothing_behind(socket_latency, tmp_path):
    """cyclictest killed outright (SIGKILL) leaves its shared memory, /dev/shm/cyclictest<pid>, behind."""
    runner = subprocess.Popen(socket_run_command(tmp_path, "--subexperiments", "intraprocess_best_effort",
                                                 "--baseline-seconds", "30"),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    cyclictest = wait_until(lambda: child_named(runner.pid, "cyclictest"), "cyclictest measuring the baseline")
    shared_memory = Path(f"/dev/shm/cyclictest{cyclictest}")
    wait_until(shared_memory.exists, f"{shared_memory}")
    runner.send_signal(signal.SIGINT)
    output, errors = runner.communicate(timeout=60)

    assert runner.returncode == 130, output + errors
    assert not shared_memory.exists()
    assert no_process_left(metadata_of(tmp_path)["run_id"])


@pytest.mark.programs
def test_processes_of_a_killed_runner_die_with_it(latency_test, tmp_path):
    runner = subprocess.Popen(
        runner_command(tmp_path, "--subexperiments", "interprocess_reliable", "--samples", "100000",
                       "--payloads", "16", "--baseline-seconds", "0", "--stress", "--cpu 1"),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    wait_for_process(tmp_path, "publisher")
    run_id = metadata_of(tmp_path)["run_id"]
    assert len(processes_of_run(run_id)) >= 3
    runner.kill()  # no clean-up possible in the runner
    runner.wait()

    assert no_process_left(run_id)


# --------------------------------------------------------------------------------------
# Real-time settings and stress


@pytest.mark.programs
def test_background_stress_runs_during_the_experiment_and_is_stopped_after_it(latency_test, tmp_path):
    code = experiment.run_experiment(tmp_path, RunSpec(subexperiments=["interprocess_best_effort"], stress="--cpu 1",
                                                       **FAST))

    assert code == EXIT_OK
    metadata = metadata_of(tmp_path)
    assert metadata["settings"]["stress"] == "--cpu 1"
    assert not [warning for warning in metadata["warnings"] if "stress" in warning]
    assert re.search(r"dispatching hogs: 1 cpu", (tmp_path / "logs" / "stress-ng.log").read_text())
    assert no_process_left(metadata["run_id"])


@pytest.mark.programs
def test_a_setting_the_platform_refuses_is_a_warning_not_a_failure(latency_test, tmp_path, capsys):
    cpus = str(os.cpu_count() + 7)  # a CPU this machine does not have
    code = experiment.run_experiment(tmp_path, RunSpec(subexperiments=["intraprocess_best_effort"], pub_cpus=cpus,
                                                       **FAST))

    assert code == EXIT_OK
    metadata = metadata_of(tmp_path)
    assert metadata["settings"]["pub_cpus"] is None
    assert metadata["settings"]["requested"]["pub_cpus"] == cpus
    assert any("taskset" in warning for warning in metadata["warnings"])
    assert "warning: --pub-cpus" in capsys.readouterr().err


# --------------------------------------------------------------------------------------
# Bad input: one line naming the file, exit 3, nothing runs


def run_cli(capsys, *arguments):
    code = cli.main(list(arguments))
    return code, capsys.readouterr().err.strip()


@pytest.mark.unit
def test_a_missing_binary_is_bad_input(tmp_path, capsys):
    code, error = run_cli(capsys, "run", "-r", str(tmp_path / "r"), "-c", str(tmp_path / "LatencyTest"))

    assert code == EXIT_BAD_INPUT
    assert error.count("\n") == 0 and f"{tmp_path / 'LatencyTest'}" in error
    assert not (tmp_path / "r").exists()


@pytest.mark.programs
def test_an_unknown_subexperiment_is_bad_input(latency_test, tmp_path, capsys):
    code, error = run_cli(capsys, "run", "-r", str(tmp_path), "--subexperiments", "interprocess_carrier_pigeon")

    assert code == EXIT_BAD_INPUT and "unknown sub-experiment 'interprocess_carrier_pigeon'" in error
    assert not (tmp_path / "metadata.json").exists()


@pytest.mark.programs
def test_a_malformed_xml_profile_is_bad_input_naming_file_and_line(latency_test, tmp_path, capsys):
    profiles = tmp_path / "profiles"
    profiles.mkdir()
    for source in LATENCY_TEST.profiles.glob("*.xml"):
        (profiles / source.name).write_text(source.read_text())
    broken = profiles / "interprocess_reliable.xml"
    broken.write_text(broken.read_text().replace("</participant>", "</participnat>", 1))

    code, error = run_cli(capsys, "run", "-r", str(tmp_path / "r"), "--profiles", str(profiles))

    assert code == EXIT_BAD_INPUT
    assert re.fullmatch(rf"latency-gate run: error: {re.escape(str(broken))}:\d+: not well-formed XML.*", error)
    assert not (tmp_path / "r" / "metadata.json").exists()


@pytest.mark.programs
def test_a_well_formed_document_that_is_no_fast_dds_profile_is_bad_input_naming_it(latency_test, tmp_path, capsys):
    """LatencyTest given another XML document crashed without a word (exit -11, exit 4)."""
    profiles = tmp_path / "profiles"
    shutil.copytree(LATENCY_TEST.profiles, profiles)
    other = profiles / "intraprocess_best_effort.xml"
    other.write_text('<?xml version="1.0"?>\n<foo/>\n')

    code, error = run_cli(capsys, "run", "-r", str(tmp_path / "r"), "--profiles", str(profiles),
                          "--subexperiments", "intraprocess_best_effort")

    assert code == EXIT_BAD_INPUT
    assert error == f"latency-gate run: error: {other}: its root element is <foo>, not the middleware's <dds> or <profiles>"
    assert not (tmp_path / "r" / "metadata.json").exists()


@pytest.mark.programs
def test_an_unreadable_profile_is_bad_input(latency_test, tmp_path, capsys):
    code, error = run_cli(capsys, "run", "-r", str(tmp_path / "r"), "--profiles", str(tmp_path / "nowhere"),
                          "--subexperiments", "intraprocess_reliable")

    assert code == EXIT_BAD_INPUT and f"{tmp_path / 'nowhere' / 'intraprocess_reliable.xml'}" in error


@pytest.mark.programs
def test_missing_certificates_are_bad_input_when_a_security_subexperiment_is_chosen(latency_test, tmp_path, capsys):
    certs = tmp_path / "certs"
    certs.mkdir()
    code, error = run_cli(capsys, "run", "-r", str(tmp_path / "r"), "--certs", str(certs))

    assert code == EXIT_BAD_INPUT and f"{certs / 'maincacert.pem'}" in error
    code, _ = run_cli(capsys, "run", "-r", str(tmp_path / "r"), "--certs", str(certs),
                      "--subexperiments", "intraprocess_best_effort", "--samples", "20", "--payloads", "16",
                      "--baseline-seconds", "0")
    assert code == EXIT_OK  # without security the certificates are not needed


@pytest.mark.programs
@pytest.mark.parametrize("options, message", [
    (["--payloads", "8"], "at least 16 bytes"),
    (["--samples", "0"], "samples must be between 1 and 2147483647, got 0"),
    (["--samples", "2147483648"], "samples must be between 1 and 2147483647, got 2147483648"),  # LatencyTest's int
    (["--payloads", "16", "4294967296"], "payloads must be at most 4294967295 bytes, got 4294967296"),
    (["--retries", "-1"], "retries must be 0 or more"),
    (["--timeout", "nan"], "time-out must be a positive number of seconds, got nan"),  # a hang never killed
    (["--timeout", "0"], "time-out must be a positive number of seconds, got 0.0"),
    (["--rt-prio", "120"], "--rt-prio must be between 1 and 99"),
    (["--pub-cpus", "zero"], "is not a CPU list"),
    (["--stress", "--no-such-stressor 1"], "rejected by stress-ng"),
    (["--domain", "500"], "--domain must be between 0 and 232"),
    (["--demands", "5", "--test-time", "7"], "--demands and --test-time are the throughput experiment's, not the "
                                             "latency one's"),
    (["--middleware", "socket", "--profiles", "/nonexistent"],
     "SocketLatency takes no configuration files: --profiles is not its"),
])
def test_bad_options_are_bad_input(latency_test, tmp_path, capsys, options, message):
    code, error = run_cli(capsys, "run", "-r", str(tmp_path), "--subexperiments", "intraprocess_best_effort", *options)

    assert code == EXIT_BAD_INPUT and message in error and error.count("\n") == 0
    assert list(tmp_path.iterdir()) == []  # no results made


@pytest.mark.programs
def test_latency_test_is_found_inside_a_fast_dds_colcon_workspace(latency_test, tmp_path):
    # colcon leaves LatencyTest in the fastrtps package's build tree (tests are not installed).
    built = tmp_path / "ws" / "build" / "fastrtps" / "test" / "performance" / "latency"
    built.mkdir(parents=True)
    (tmp_path / "ws" / "install" / "fastrtps" / "lib").mkdir(parents=True)
    (built / "LatencyTest").symlink_to(latency_test)

    assert LATENCY_TEST.locate(path=tmp_path / "ws") == latency_test.resolve()
    code = experiment.run_experiment(tmp_path / "r", RunSpec(program=tmp_path / "ws",
                                                             subexperiments=["intraprocess_best_effort"], **FAST))
    assert code == EXIT_OK
    with pytest.raises(Exception, match="no LatencyTest in this workspace"):
        LATENCY_TEST.locate(path=tmp_path / "ws" / "install")


# --------------------------------------------------------------------------------------
# The spec's entry points: colcon test, latency_run_experiment.bash, extrapolation


@pytest.mark.programs
def test_colcon_test_runs_a_subexperiment_as_the_ctest_test_performance_latency(latency_test, tmp_path):
    colcon = build_directory() / "colcon"
    result = subprocess.run(
        ["colcon", "--log-base", str(tmp_path / "log"), "test", "--paths", "latencytest",
         "--packages-select", "latencytest",
         "--build-base", str(colcon / "build"), "--install-base", str(colcon / "install"),
         "--test-result-base", str(tmp_path / "test-results"), "--return-code-on-test-failure",
         "--ctest-args", "-R", "performance.latency.intraprocess_best_effort$", "--no-tests=error"],
        cwd=REPOSITORY, env=os.environ | {"LATENCY_GATE_RESULTS_DIR": str(tmp_path / "results")},
        capture_output=True, text=True, timeout=120,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    metadata = metadata_of(tmp_path / "results")
    assert list(metadata["subexperiments"]) == ["intraprocess_best_effort"]
    assert metadata["samples"] == 10000
    measurements = read_measurements(measurements_path(tmp_path / "results", "intraprocess_best_effort"))
    assert len(measurements) >= 11 * 10000 * 0.95


@pytest.mark.programs
def test_colcon_package_registers_one_ctest_test_per_subexperiment(latency_test):
    build = build_directory() / "colcon" / "build" / "latencytest"
    listed = subprocess.run(["ctest", "-N", "-R", "performance.latency"], cwd=build, capture_output=True,
                            text=True, check=True).stdout
    assert re.findall(r"Test +#\d+: (\S+)", listed) == [f"performance.latency.{s}" for s in SUBEXPERIMENTS]


@pytest.mark.programs
def test_spec_script_runs_the_experiment(latency_test, tmp_path):
    result = subprocess.run(
        ["bash", str(REPOSITORY / "scripts" / "latency_run_experiment.bash"), "-c", str(latency_test),
         "-r", str(tmp_path), "--subexperiments", "intraprocess_reliable", "--samples", "30",
         "--payloads", "16", "--baseline-seconds", "0"],
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == EXIT_OK, result.stderr
    assert "[ 1/1] intraprocess_reliable" in result.stdout and "passed" in result.stdout
    measurements = read_measurements(measurements_path(tmp_path, "intraprocess_reliable"))
    assert set(measurements[PAYLOAD]) == {16} and 28 <= len(measurements) <= 30
    result = subprocess.run(["bash", str(REPOSITORY / "scripts" / "latency_run_experiment.bash"), "-c"],
                            capture_output=True, text=True)
    assert result.returncode == 2


@pytest.mark.programs
def test_extrapolation_is_resumable_and_shardable_and_merges_into_requirements(latency_test, tmp_path):
    script = str(REPOSITORY / "scripts" / "latency_extrapolate_requirements.bash")
    runs, output = tmp_path / "runs", tmp_path / "requirements.csv"
    common = ["-o", str(output), "-r", str(runs), "-n", "3", "--subexperiments", "intraprocess_best_effort",
              "intraprocess_reliable", "--samples", "50", "--payloads", "16", "64", "--baseline-seconds", "0"]

    def extrapolate(*extra):
        return subprocess.run(["bash", script, *common, *extra], capture_output=True, text=True, timeout=120)

    first = extrapolate("-s", "1/2")
    assert first.returncode == 0, first.stdout + first.stderr
    assert sorted(p.name for p in runs.iterdir()) == ["run-0001", "run-0003"]
    assert not output.exists()  # shard 2/2 is still missing
    merge = extrapolate("-m")
    assert merge.returncode == EXIT_BAD_INPUT and "run-0002" in merge.stderr

    # A run killed half-way (no finished_at) is redone; complete runs are kept.
    kept = (runs / "run-0001" / "measurements_intraprocess_best_effort.csv").stat().st_mtime_ns
    killed = run_metadata.read(runs / "run-0003")
    run_metadata.write(runs / "run-0003", dataclasses.replace(killed, finished_at=None))
    resumed = extrapolate("-s", "1/2")
    assert "run-0001 (1/2 of shard 1/2): already complete" in resumed.stdout
    assert metadata_of(runs / "run-0003")["finished_at"] is not None
    assert (runs / "run-0001" / "measurements_intraprocess_best_effort.csv").stat().st_mtime_ns == kept

    second = extrapolate("-s", "2/2", "-p", "50")
    assert second.returncode == 0, second.stdout + second.stderr
    requirements = read_requirements(output)
    assert list(requirements["Experiment type"]) == ["intraprocess_best_effort"] * 2 + ["intraprocess_reliable"] * 2
    medians = [read_summary(runs / f"run-000{i}" / "measurements_intraprocess_reliable_summary.csv")
               .set_index("Bytes").loc[64, "Median"] for i in (1, 2, 3)]
    derived = requirements.set_index(["Experiment type", "Bytes"]).loc[("intraprocess_reliable", 64), "Median"]
    assert derived == pytest.approx(np.percentile(medians, 50), abs=1e-3)

    # A resume with other settings would take the kept runs for its own: refused, naming the first.
    other = subprocess.run(["bash", script, *common[:9], "--samples", "60", *common[11:]],
                           capture_output=True, text=True, timeout=120)
    assert other.returncode == EXIT_BAD_INPUT and other.stderr.count("\n") == 1, other.stdout + other.stderr
    assert f"{runs / 'run-0001' / 'metadata.json'}: a complete run of other settings (samples 50, not 60;" \
        in other.stderr
    fewer = subprocess.run(["bash", script, *common[:7], *common[8:]],
                           capture_output=True, text=True, timeout=120)
    assert fewer.returncode == EXIT_BAD_INPUT and ("sub-experiments intraprocess_best_effort intraprocess_reliable, "
                                                   "not intraprocess_reliable") in fewer.stderr, fewer.stderr
