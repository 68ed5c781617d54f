"""The real-time preset and CPU-idle control, with the real LatencyTest and the real
/dev/cpu_dma_latency (these tests run as root, where the platform grants every setting;
one runs the runner as an unprivileged user, where it grants none of them).

Specification:
- A CPU-idle hold is a PM QoS request of 0 us: while held the system's latency limit is 0,
  and it ends with the file (release, or the holder's death).
- `latency-gate run` applies the preset by default: CPU idle held for the whole run,
  publisher on CPU 0 and subscriber on CPU 1, SCHED_FIFO 50, memory locked; metadata.json
  records what was in force and the cpuidle driver. --no-realtime leaves all of it to the OS.
- Memory is locked by a preload library the runner compiles once per machine (into the
  user's cache), whichever build of LatencyTest runs: the project's or a team's own.
- Whatever the platform refuses is a warning (once, on stderr and in metadata.json), never
  a failure: the run measures under what it has and says so.
"""

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from latency_gate.errors import EXIT_OK
from latency_gate.runner import experiment, realtime
from latency_gate.runner.run_spec import RunSpec
from latency_gate.runner.middleware.common import build_directory
from runner_helpers import metadata_of, wait_for_process, wait_until

FAST = {"samples": 100, "payloads": (16, 512), "baseline_s": 0, "timeout_s": 60}


def open_files(pid):
    targets = []
    for link in Path(f"/proc/{pid}/fd").iterdir():
        try:
            targets.append(os.readlink(link))
        except OSError:  # closed meanwhile
            continue
    return targets


@pytest.mark.unit
def test_a_cpu_idle_hold_keeps_the_latency_limit_at_zero_until_it_is_released():
    hold = realtime.CpuIdleHold()
    assert hold.acquire() is None
    try:
        assert hold.held and hold.current_us() == 0
        assert "/dev/cpu_dma_latency" in open_files(os.getpid())
    finally:
        hold.release()
    assert not hold.held
    assert "/dev/cpu_dma_latency" not in open_files(os.getpid())


@pytest.mark.unit
def test_a_missing_device_refuses_the_hold_with_a_warning_naming_it(tmp_path):
    hold = realtime.CpuIdleHold(tmp_path / "no-such-device")

    warning = hold.acquire()

    assert not hold.held
    assert warning.startswith("CPU-idle control refused by the platform") and "no-such-device" in warning


@pytest.mark.programs
def test_the_preset_is_in_force_in_the_running_latency_test_processes_and_the_runner_holds_cpu_idle(
        latency_test, tmp_path):
    runner = subprocess.Popen(
        [sys.executable, "-m", "latency_gate", "run", "--results-dir", str(tmp_path), "--subexperiments",
         "interprocess_reliable", "--samples", "100000", "--payloads", "16", "--baseline-seconds", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        for role, cpus in (("publisher", realtime.PRESET_CPUS[0]), ("subscriber", realtime.PRESET_CPUS[1])):
            pid = wait_for_process(tmp_path, role)
            status = Path(f"/proc/{pid}/status")
            assert re.search(rf"Cpus_allowed_list:\s+{cpus}\n", status.read_text()), role
            # The preload library locks memory once LatencyTest has started: wait for it.
            wait_until(lambda: int(re.search(r"VmLck:\s+(\d+) kB", status.read_text())[1]) > 1000,
                       f"the {role}'s memory locked (mlockall, not just a page)")
            assert os.sched_getscheduler(pid) == os.SCHED_FIFO, role
            assert os.sched_getparam(pid).sched_priority == realtime.PRESET_RT_PRIO, role
        assert "/dev/cpu_dma_latency" in open_files(runner.pid)
    finally:
        runner.send_signal(signal.SIGINT)
        output = runner.communicate(timeout=30)[0]

    settings = metadata_of(tmp_path)["settings"]
    assert settings["realtime_preset"] is True and settings["memory_locked"] is True, output
    assert (settings["rt_prio"], settings["pub_cpus"], settings["sub_cpus"]) == (
        realtime.PRESET_RT_PRIO, *realtime.PRESET_CPUS)
    assert settings["cpu_idle"] == "hold" and settings["pm_qos_limit_us"] == 0
    assert settings["cpuidle"]["driver"] == Path("/sys/devices/system/cpu/cpuidle/current_driver").read_text().strip()


@pytest.mark.programs
def test_explicit_options_override_parts_of_the_preset(latency_test, tmp_path):
    code = experiment.run_experiment(tmp_path, RunSpec(subexperiments=["interprocess_best_effort"], rt_prio=10,
                                                       sub_cpus="0", cpu_idle="os", **FAST))

    assert code == EXIT_OK
    settings = metadata_of(tmp_path)["settings"]
    assert (settings["rt_prio"], settings["pub_cpus"], settings["sub_cpus"]) == (10, "0", "0")
    assert settings["cpu_idle"] == "os" and settings["pm_qos_limit_us"] is None


@pytest.mark.programs
def test_without_the_preset_scheduling_cpus_and_idle_states_are_left_to_the_os(latency_test, tmp_path):
    code = experiment.run_experiment(tmp_path, RunSpec(subexperiments=["interprocess_best_effort"],
                                                       realtime_preset=False, **{**FAST, "baseline_s": 1}))

    assert code == EXIT_OK
    metadata = metadata_of(tmp_path)
    settings = metadata["settings"]
    assert settings["realtime_preset"] is False and settings["cpu_idle"] == "os"
    assert (settings["rt_prio"], settings["pub_cpus"], settings["sub_cpus"], settings["memory_locked"]) == (
        None, None, None, False)
    commands = metadata["subexperiments"]["interprocess_best_effort"]["commands"]
    assert all(command.split()[0].endswith("LatencyTest") for command in commands.values())  # no taskset, no chrt
    # The baseline too: cyclictest must not hold CPU idle on its own (--laptop), nor run at a priority.
    baseline = metadata["platform_baseline"]["command"]
    assert "--laptop" in baseline and not any(word.startswith("--priority") for word in baseline)


@pytest.mark.programs
def test_a_refused_cpu_idle_control_is_a_warning_and_the_run_measures_without_it(latency_test, tmp_path, monkeypatch,
                                                                                  capsys):
    monkeypatch.setenv(realtime.PM_QOS_DEVICE_VARIABLE, str(tmp_path / "no-device"))

    code = experiment.run_experiment(tmp_path / "run", RunSpec(subexperiments=["intraprocess_best_effort"], **FAST))

    assert code == EXIT_OK
    metadata = metadata_of(tmp_path / "run")
    assert metadata["settings"]["cpu_idle"] == "os" and metadata["settings"]["requested"]["cpu_idle"] is None
    assert [w for w in metadata["warnings"] if w.startswith("CPU-idle control refused")]
    assert capsys.readouterr().err.count("warning: CPU-idle control refused") == 1


@pytest.mark.programs
@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("setpriv") is None, reason="needs root to drop to nobody")
def test_as_an_unprivileged_user_the_preset_is_refused_with_warnings_and_the_run_still_measures(latency_test):
    work = Path(tempfile.mkdtemp(prefix="latency-gate-unprivileged-"))
    work.chmod(0o777)
    try:
        # The default domain lock directory, shared with root's runs (the tests' own among them).
        done = subprocess.run(
            ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
             sys.executable, "-m", "latency_gate", "run", "--results-dir", str(work / "run"),
             "--subexperiments", "intraprocess_best_effort", "--samples", "100", "--payloads", "16",
             "--baseline-seconds", "0", "--timeout", "60"],
            capture_output=True, text=True, timeout=120,
            env={"PATH": os.environ["PATH"], "LATENCY_GATE_BUILD_DIR": str(build_directory()),
                 "PYTHONPATH": str(Path(experiment.__file__).parents[2])},
        )
        assert done.returncode == EXIT_OK, done.stdout + done.stderr
        metadata = metadata_of(work / "run")
        settings = metadata["settings"]
        assert settings["cpu_idle"] == "os" and settings["rt_prio"] is None and settings["memory_locked"] is False
        warnings = "\n".join(metadata["warnings"])
        for refused in ("CPU-idle control refused", "SCHED_FIFO priority 50 (chrt) refused", "memory locking needs root"):
            assert refused in warnings and f"warning: {refused}" in done.stderr
        assert (work / "run" / "measurements_intraprocess_best_effort.csv").is_file()
    finally:
        shutil.rmtree(work, ignore_errors=True)


@pytest.mark.programs
def test_the_memory_locking_library_is_compiled_once_into_the_cache_and_locks_a_process(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    library, refusal = realtime.lock_memory_library()
    again, _ = realtime.lock_memory_library()

    assert refusal is None and library == again and library.is_relative_to(tmp_path / "cache")
    assert [p.name for p in library.parent.iterdir()] == [library.name]  # no partial file left
    def locked_kb(**environment):  # a process reading its own status
        done = subprocess.run(["grep", "VmLck", "/proc/self/status"], capture_output=True, text=True, check=True,
                              env={"PATH": os.environ["PATH"], **environment})
        return int(done.stdout.split()[1])

    assert locked_kb(LD_PRELOAD=str(library)) > 0 and locked_kb() == 0  # root: granted


@pytest.mark.unit
def test_without_a_compiler_memory_locking_is_refused_with_the_reason(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("PATH", str(tmp_path))  # no c++, no g++

    library, refusal = realtime.lock_memory_library()

    assert library is None and refusal == "no C++ compiler (c++ or g++) to build the memory-locking library"

