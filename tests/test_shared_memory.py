"""The shared-memory family with the real programs: LatencyTest (Fast DDS's SHM transport, data
sharing and loans), CycloneLatency through iceoryx and the run's own RouDi, and the floor's
shared-memory ring; the run's namespace and RouDi never outlive a run, and concurrent runs do not
meet."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from latency_gate.contracts.formats import (
    PAYLOAD, SAMPLE, SHARED_MEMORY_SUBEXPERIMENTS, measurements_path, read_measurements,
)
from latency_gate.errors import EXIT_OK, InputError
from latency_gate.runner import experiment
from latency_gate.runner.middleware import cyclonedds, fastdds, socket_floor
from latency_gate.runner.run_spec import RunSpec
from runner_helpers import metadata_of, wait_until

pytestmark = pytest.mark.programs

PAYLOADS = (16, 1048576)  # small, and a robot's (a point cloud)
SAMPLES = 100


@pytest.fixture(scope="module")
def programs():
    for backend in (fastdds, cyclonedds, socket_floor):
        assert backend.PROGRAMS["latency"].default().is_file(), "run scripts/setup/build_latencytest.sh first"


def run(directory, middleware):
    return experiment.run_experiment(directory, RunSpec(middleware=middleware, family="shm", payloads=PAYLOADS,
                                                        samples=SAMPLES, baseline_s=0))


def minimums(directory, name):
    """Each payload's fastest round trip: what its copies cost at the least, whatever else ran beside
    (on a loaded machine a round trip also waits for a CPU, so medians of either can come out alike)."""
    return read_measurements(measurements_path(directory, name)).groupby(PAYLOAD)["Latency [us]"].min()


@pytest.mark.parametrize("middleware", ["fastdds", "cyclonedds", "socket"])
def test_each_member_of_the_family_writes_a_complete_csv(programs, tmp_path, middleware):
    assert run(tmp_path, middleware) == EXIT_OK
    metadata = metadata_of(tmp_path)
    assert metadata["family"] == "shm" and metadata["payloads"] == list(PAYLOADS)
    for name in SHARED_MEMORY_SUBEXPERIMENTS:
        assert metadata["subexperiments"][name]["status"] == "passed", metadata["subexperiments"][name]
        measurements = read_measurements(measurements_path(tmp_path, name))
        per_payload = measurements.groupby(PAYLOAD).size()
        assert tuple(per_payload.index) == PAYLOADS
        assert (per_payload >= 0.98 * SAMPLES).all()
        assert list(measurements[SAMPLE]) == list(range(1, len(measurements) + 1))
    # Zero copy is measured, not assumed: a copied megabyte costs tens of microseconds more each way
    # (the floor, idle: fastest 134 us copied, 3.5 us loaned).
    for reliability in ("best_effort", "reliable"):
        copied = minimums(tmp_path, f"interprocess_{reliability}_shm")[1048576]
        loaned = minimums(tmp_path, f"interprocess_{reliability}_zero_copy")[1048576]
        assert loaned < copied / 2, (reliability, loaned, copied)
    # Cyclone's RouDi ran in the run's namespace and its segments never reached the host.
    if middleware == "cyclonedds":
        assert "RouDi is ready for clients" in (tmp_path / "logs" / "shared-memory-RouDi.log").read_text()
        assert "size = 1048832" in (tmp_path / "logs" / "roudi.toml").read_text()


def _processes(marker):
    """{pid: command} of the processes whose command line mentions `marker`."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if marker in command:
                found[int(entry.name)] = command
    return found


def _alive(pid):
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().split(") ")[-1][0] != "Z"
    except OSError:
        return False


def test_roudi_and_the_namespace_end_with_a_killed_run(programs, tmp_path):
    results = tmp_path / "killed"
    runner = subprocess.Popen(
        [sys.executable, "-m", "latency_gate", "run", "-r", str(results), "--middleware", "cyclonedds",
         "--subexperiments", "interprocess_best_effort_zero_copy", "--payloads", "16", "--samples", "10000000",
         "--baseline-seconds", "0", "--no-realtime"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        roudi = wait_until(lambda: [pid for pid, command in _processes(str(results)).items()
                                    if "iox-roudi" in command], "the run's RouDi")
        wait_until(lambda: [pid for pid, command in _processes(str(results)).items() if "CycloneLatency publisher"
                            in command], "its publisher measuring")
        namespace = os.readlink(f"/proc/{roudi[0]}/ns/mnt")
        assert namespace != os.readlink("/proc/self/ns/mnt")  # its own mount namespace
        runner.send_signal(signal.SIGKILL)
        runner.wait()
        # The kernel ends RouDi and the programs (parent-death signal); with them the namespace.
        wait_until(lambda: not any(_alive(pid) for pid in _processes(str(results))), "the run's processes gone", 10)
    finally:
        runner.kill()
        runner.wait()


def test_two_concurrent_runs_each_have_their_own_roudi(programs, tmp_path):
    """iceoryx 2.0's names are fixed (/tmp/roudi, /dev/shm/iceoryx_mgmt): without a namespace each, the
    second RouDi would refuse to start or the programs would meet in the first's."""
    command = [sys.executable, "-m", "latency_gate", "run", "--middleware", "cyclonedds", "--family", "shm",
               "--subexperiments", "interprocess_best_effort_shm", "interprocess_best_effort_zero_copy",
               "--payloads", "16", "65536", "--samples", "3000", "--baseline-seconds", "0", "--no-realtime"]
    # Relative results directories: the programs enter the namespace in the runner's working directory.
    runs = [subprocess.Popen([*command, "-r", name], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             cwd=tmp_path) for name in ("one", "two")]
    outputs = [run.communicate(timeout=300)[0] for run in runs]
    assert [run.returncode for run in runs] == [EXIT_OK, EXIT_OK], outputs
    domains = {metadata_of(tmp_path / name)["settings"]["domain"] for name in ("one", "two")}
    assert len(domains) == 2
    for name in ("one", "two"):
        assert "RouDi is ready for clients" in (tmp_path / name / "logs" / "shared-memory-RouDi.log").read_text()
        for member in ("interprocess_best_effort_shm", "interprocess_best_effort_zero_copy"):
            assert len(read_measurements(measurements_path(tmp_path / name, member))) >= 0.98 * 2 * 3000


def test_the_family_is_chosen_and_recorded_and_what_cannot_run_is_unsupported(programs):
    named = experiment.validate_run(RunSpec(middleware="socket", subexperiments=("interprocess_reliable_zero_copy",)))
    assert named.family == "shm" and named.payloads[-1] == 4 * 1024 * 1024
    udp_at_robot_sizes = experiment.validate_run(RunSpec(middleware="fastdds", family="shm",
                                                         subexperiments=("interprocess_best_effort",)))
    assert udp_at_robot_sizes.payloads[-1] == 4 * 1024 * 1024 and not udp_at_robot_sizes.shared_memory
    with pytest.raises(InputError, match="belong to the families shm, spec"):
        experiment.validate_run(RunSpec(subexperiments=("interprocess_best_effort", "interprocess_best_effort_shm")))
    netns = experiment.validate_run(RunSpec(middleware="cyclonedds", family="shm", topology="netns"))
    assert set(netns.unsupported) == set(SHARED_MEMORY_SUBEXPERIMENTS)
    assert "shared memory does not cross hosts" in netns.unsupported["interprocess_best_effort_shm"]
    with pytest.raises(InputError, match="throughput experiment runs the spec's sub-experiments only"):
        experiment.validate_run(RunSpec(kind="throughput", family="shm"))
