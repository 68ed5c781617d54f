"""Apex.AI performance_test as a second harness, for real: perftest-cyclonedds and
perftest-fastdds run perf_test 2.3.0 (scripts/setup/build_perftest.sh) through the same runner
as LatencyTest, write the spec's measurements CSV for every sub-experiment its round-trip mode
can do, report the rest, apply the real-time preset through perf_test's own options, and
everything after the run takes their results unchanged.
"""

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from latency_gate import cli
from latency_gate.campaigns.gate import GateSpec, check_gate
from latency_gate.cli.gate import gate_and_report
from latency_gate.contracts.formats import MEASUREMENT_COLUMNS, PAYLOAD, SAMPLE, SUBEXPERIMENTS, choose_matrix, \
    measurements_path, read_measurements
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_OK
from latency_gate.runner import experiment, realtime
from latency_gate.runner.domain_lease import DomainLease
from latency_gate.runner.middleware import perftest
from latency_gate.runner.run_spec import RunSpec
from runner_helpers import metadata_of, wait_until

pytestmark = pytest.mark.programs

BACKENDS = {"perftest-cyclonedds": perftest.CYCLONEDDS, "perftest-fastdds": perftest.FASTDDS}
PAYLOADS = (16, 2048)  # no array at all, and a message type the patches add
SAMPLES = 100
LIBRARIES = {"perftest-cyclonedds": "libddsc", "perftest-fastdds": "libfastrtps"}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Every sub-experiment run once with each backend: {middleware: results directory}."""
    directories = {}
    for middleware, backend in BACKENDS.items():
        assert backend.PROGRAMS["latency"].default().is_file(), "run scripts/setup/build_perftest.sh first"
        directory = tmp_path_factory.mktemp(middleware)
        code = experiment.run_experiment(directory, RunSpec(middleware=middleware, payloads=PAYLOADS,
                                                            samples=SAMPLES, baseline_s=0, retries=0))
        outcomes = metadata_of(directory)["subexperiments"]
        assert code == EXIT_OK, {name: entry["error"] for name, entry in outcomes.items()}
        directories[middleware] = directory
    return directories


@pytest.mark.parametrize("middleware", BACKENDS)
def test_every_inter_process_sub_experiment_writes_a_complete_measurements_csv(runs, middleware):
    metadata = metadata_of(runs[middleware])

    assert metadata["middleware"] == middleware
    assert Path(metadata["middleware_library"]).name.startswith(f"{LIBRARIES[middleware]}.so")
    for name in SUBEXPERIMENTS:
        outcome = metadata["subexperiments"][name]
        if name.startswith("intraprocess"):
            assert outcome["status"] == "unsupported" and "round-trip mode is process-wide" in outcome["error"]
            assert not measurements_path(runs[middleware], name).exists()
            continue
        assert outcome["status"] == "passed", outcome["error"]
        measurements = read_measurements(measurements_path(runs[middleware], name))
        assert tuple(measurements.columns) == MEASUREMENT_COLUMNS
        # perf_test records until it has every sample; the driver drops each payload's first.
        assert measurements.groupby(PAYLOAD).size().to_dict() == {payload: SAMPLES for payload in PAYLOADS}
        assert list(measurements[SAMPLE]) == list(range(1, SAMPLES * len(PAYLOADS) + 1))  # LatencyTest's numbering
        assert (measurements["Latency [us]"] > 0).all()


@pytest.mark.parametrize("middleware", BACKENDS)
def test_the_preset_is_given_as_perf_tests_own_options_and_recorded(runs, middleware):
    metadata = metadata_of(runs[middleware])
    pub_mask, sub_mask = (1 << int(cpu) for cpu in realtime.preset_cpus())

    settings = metadata["settings"]
    assert settings["program_realtime"] == {
        "publisher": f"--use-rt-prio {realtime.PRESET_RT_PRIO} --use-rt-cpus {pub_mask} --prevent-cpu-idle",
        "subscriber": f"--use-rt-prio {realtime.PRESET_RT_PRIO} --use-rt-cpus {sub_mask} --prevent-cpu-idle"}
    assert (settings["rt_prio"], settings["memory_locked"], settings["cpu_idle"]) == (realtime.PRESET_RT_PRIO, True,
                                                                                      "hold")
    command = shlex.split(metadata["subexperiments"]["interprocess_reliable_tcp"]["commands"]["both"])
    assert command[:2] == [sys.executable, str(perftest.DRIVER)]  # no taskset, no chrt, no preload: perf_test's own
    sides = {name: shlex.split(command[command.index(f"--{name}") + 1]) for name in ("main", "relay")}
    assert sides["main"][sides["main"].index("--use-rt-cpus") + 1] == str(pub_mask)
    assert sides["relay"][sides["relay"].index("--use-rt-cpus") + 1] == str(sub_mask)
    for side in sides.values():
        assert side[side.index("--reliability") + 1] == "RELIABLE" and side[side.index("--history-depth") + 1] == "1"


def test_the_preset_is_in_force_in_the_running_perf_test_processes(tmp_path):
    runner = subprocess.Popen(
        [sys.executable, "-m", "latency_gate", "run", "--results-dir", str(tmp_path), "--middleware",
         "perftest-cyclonedds", "--subexperiments", "interprocess_reliable", "--samples", "100000", "--payloads", "16",
         "--baseline-seconds", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        for mode, cpus in (("Main", realtime.PRESET_CPUS[0]), ("Relay", realtime.PRESET_CPUS[1])):
            pid = wait_until(lambda: perf_test_process(tmp_path, mode), f"perf_test's {mode} side")
            status = Path(f"/proc/{pid}/status")
            # perf_test pins and raises itself once it runs: a process found a moment after its start
            # may not have yet (on a loaded runner it had not), so wait for its state, not a moment.
            wait_until(lambda: preset_in_force(pid, cpus), f"the {mode} side on CPU {cpus} at SCHED_FIFO "
                       f"{realtime.PRESET_RT_PRIO}")
            # perf_test locks its memory itself once its entities exist, and holds CPU idle itself.
            wait_until(lambda: int(re.search(r"VmLck:\s+(\d+) kB", status.read_text())[1]) > 1000,
                       f"the {mode} side's memory locked")
            wait_until(lambda: "/dev/cpu_dma_latency" in open_files(pid), f"the {mode} side holding CPU idle")
    finally:
        runner.send_signal(signal.SIGINT)
        runner.communicate(timeout=60)


def scheduling_of(pid):
    """(CPUs allowed, policy, priority) of a process."""
    cpus = re.search(r"Cpus_allowed_list:\s+(\S+)", Path(f"/proc/{pid}/status").read_text())[1]
    return cpus, os.sched_getscheduler(pid), os.sched_getparam(pid).sched_priority


def open_files(pid):
    return {os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir()}


def preset_in_force(pid, cpus):
    return scheduling_of(pid) == (str(cpus), os.SCHED_FIFO, realtime.PRESET_RT_PRIO)


def perf_test_process(results, mode):
    """PID of a perf_test side of the run writing into `results` (its configuration is there)."""
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
            environment = (entry / "environ").read_bytes()
        except OSError:
            continue
        if command[0].endswith(b"perf_test") and mode.encode() in command and str(results).encode() in environment:
            return int(entry.name)
    return None


def test_a_fast_dds_main_side_without_a_relay_records_no_round_trip(tmp_path):
    """Upstream's Fast DDS plugin read its own topic: a main side alone 'measured' ~5 us round trips."""
    lease = DomainLease(None)
    try:
        done = subprocess.run([str(perftest.FASTDDS.PROGRAMS["latency"].default()), "--communicator", "FastRTPS",
                               "--roundtrip-mode", "Main", "--dds-domain-id", str(lease.domain), "--msg", "Array16",
                               "--max-runtime", "1", "--export-raw-data", str(tmp_path / "raw.csv")],
                              capture_output=True, text=True, timeout=60)
    finally:
        lease.release()

    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "raw.csv").read_text() == ",".join(MEASUREMENT_COLUMNS) + "\n"


@pytest.mark.parametrize("arguments, problem", [
    (["--middleware", "perftest-fastdds", "--payloads", "16", "100"],
     "perf_test cannot measure payload(s) of 100 bytes (it can: 16, 32, "),
    (["--middleware", "perftest-cyclonedds", "--program", str(perftest.FASTDDS.PROGRAMS["latency"].default())],
     "not a perf_test of the cyclonedds plugin: it offers the communicator(s) FastRTPS, not CycloneDDS"),
    (["--middleware", "perftest-fastdds", "--signal", "instructions"],
     "Fast DDS via perf_test: the instructions signal is not supported for this middleware yet"),
])
def test_what_perf_test_cannot_do_is_bad_input_before_anything_runs(tmp_path, capsys, arguments, problem):
    code = cli.main(["run", "-r", str(tmp_path / "r"), *arguments])

    error = capsys.readouterr().err.strip()
    assert code == EXIT_BAD_INPUT and problem in error and error.count("\n") == 0
    assert not (tmp_path / "r").exists()


def test_process_requirements_check_and_history_take_its_results_unchanged(runs, tmp_path):
    run = tmp_path / "runs" / "perftest-fastdds"
    shutil.copytree(runs["perftest-fastdds"], run)
    assert cli.main(["process", "--experiment-directory", str(run), "--no-plots"]) == EXIT_OK
    assert cli.main(["requirements", "-e", str(run.parent), "-o", str(tmp_path / "requirements.csv")]) == EXIT_OK

    assert cli.main(["check", "-r", str(tmp_path / "requirements.csv"), "-e", str(run), "-p",
                     str(tmp_path / "plots")]) == EXIT_OK
    assert cli.main(["add-to-history", "--store", str(tmp_path / "store"), "--experiment-directory", str(run),
                     "--platform", "vm"]) == EXIT_OK
    assert [path.name for path in (tmp_path / "store" / "runs").iterdir()] == ["vm-perftest-fastdds"]


def test_a_relative_gate_a_a_on_perf_test_passes(tmp_path):
    program = perftest.CYCLONEDDS.PROGRAMS["latency"].default()
    spec = RunSpec(middleware="perftest-cyclonedds", subexperiments=("interprocess_best_effort",), payloads=(16,),
                   samples=200)

    matrix = choose_matrix(subexperiments=spec.subexperiments, payloads=spec.payloads)
    assert gate_and_report(check_gate(GateSpec(program, program, tmp_path / "gate", spec, matrix, rounds=2,
                                               max_rounds=2, look_every=1, seed=1)), out=sys.stdout) == EXIT_OK
    assert "interprocess_best_effort" in (tmp_path / "gate" / "rounds.csv").read_text()


@pytest.mark.parametrize("middleware", BACKENDS)
def test_under_netns_the_main_and_the_relay_side_run_in_the_two_namespaces(middleware, tmp_path):
    code = experiment.run_experiment(tmp_path, RunSpec(middleware=middleware, payloads=(16,), samples=SAMPLES,
                                                       subexperiments=("interprocess_reliable_tcp",), baseline_s=0,
                                                       topology="netns", retries=0))

    metadata = metadata_of(tmp_path)
    outcome = metadata["subexperiments"]["interprocess_reliable_tcp"]
    assert code == EXIT_OK, outcome["error"]
    command = shlex.split(outcome["commands"]["both"])
    namespaces = {side: shlex.split(command[command.index(f"--{side}") + 1])[:4] for side in ("main", "relay")}
    assert namespaces["main"][:3] == namespaces["relay"][:3] == ["ip", "netns", "exec"]
    assert namespaces["main"][3].endswith("-pub") and namespaces["relay"][3].endswith("-sub")
    packets = metadata["settings"]["link_packets"]  # every round trip crossed the veth pair
    assert packets["publisher"]["tx_packets"] >= SAMPLES and packets["subscriber"]["tx_packets"] >= SAMPLES
