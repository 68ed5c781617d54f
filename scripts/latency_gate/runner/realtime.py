"""Real-time settings of a run: the preset, CPU pinning, SCHED_FIFO, memory locking and
CPU-idle control.

Why CPU-idle control: on a VM whose cpuidle driver halts an idle vCPU (e.g. `haltpoll`),
waking it again costs the hypervisor tens of microseconds per hop, several times what
Fast DDS itself takes for a round trip (here ~45 us a hop against ~8 us one way over
UDP). Unless every CPU is kept out of idle states, a latency run measures that wake-up.
A PM QoS request of 0 us on /dev/cpu_dma_latency does this for as long as the file stays
open: the kernel drops the request when the file is closed, also when the process holding
it dies, so no crash can leave the machine in that state. cyclictest does the same by
default; Apex.AI performance_test calls it --prevent-cpu-idle.

The real-time preset (the default of `latency-gate run` and `latency-gate gate`) turns on
all of it together: the CPU-idle hold, the publisher and the subscriber pinned to CPUs of
their own (PRESET_CPUS), SCHED_FIFO priority PRESET_RT_PRIO and locked memory. Explicit
options override its parts; --no-realtime leaves scheduling and idle states to the OS.
Where the platform refuses a setting (no device, not root, no CPU 1) the run goes on
without it and says so once, in a warning and in metadata.json.
"""

import hashlib
import os
import re
import resource
import shutil
import struct
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from latency_gate.contracts.run_metadata import CPU_IDLE_HOLD, CPU_IDLE_OS
from latency_gate.errors import InputError

PRESET_RT_PRIO = 50
# Publisher and subscriber on CPUs of their own: measured against both on CPU 0 in
# benchmarks/results/realtime-settings/ (README "Real-time preset").
PRESET_CPUS = ("0", "1")
PM_QOS_DEVICE_VARIABLE = "LATENCY_GATE_PM_QOS_DEVICE"  # tests point it at a missing device
_PM_QOS_DEVICE = "/dev/cpu_dma_latency"
_CPUIDLE = Path("/sys/devices/system/cpu/cpuidle")


LOCK_MEMORY_SOURCE = Path(__file__).with_name("lock_memory.cpp")


def lock_memory_library():
    """(path, None) of the LD_PRELOAD library that locks LatencyTest's memory, or (None, why not).

    Compiled from lock_memory.cpp once per machine and source, into the user's cache
    ($XDG_CACHE_HOME or ~/.cache, latency-gate/), so it serves every build of LatencyTest: the
    project's and a team's own. Needs a C++ compiler (c++ or g++), as building LatencyTest does.
    """
    source = LOCK_MEMORY_SOURCE.read_bytes()
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "latency-gate"
    library = cache / f"lock-memory-{hashlib.sha256(source).hexdigest()[:16]}" / "liblatency_gate_lock_memory.so"
    if library.is_file():
        return library, None
    compiler = shutil.which("c++") or shutil.which("g++")
    if compiler is None:
        return None, "no C++ compiler (c++ or g++) to build the memory-locking library"
    library.parent.mkdir(parents=True, exist_ok=True)
    partial = library.with_name(f".{library.name}.{os.getpid()}")  # renamed into place: no half library
    built = subprocess.run([compiler, "-shared", "-fPIC", "-O2", "-o", str(partial), str(LOCK_MEMORY_SOURCE)],
                           capture_output=True, text=True)
    if built.returncode != 0:
        partial.unlink(missing_ok=True)
        return None, f"building the memory-locking library failed: {built.stderr.strip()[-300:]}"
    os.replace(partial, library)
    return library, None


@dataclass
class RealTime:
    """Real-time settings in force for publisher and subscriber (and the baseline)."""

    preset: bool = False
    rt_prio: int | None = None
    pub_cpus: str | None = None
    sub_cpus: str | None = None
    lock_memory: bool = False
    cpu_idle: str = CPU_IDLE_OS
    warnings: list = field(default_factory=list)
    lock_memory_library: Path | None = None  # LD_PRELOADed into LatencyTest when lock_memory

    def prefix(self, cpus):
        command = []
        if cpus:
            command += ["taskset", "--cpu-list", cpus]
        if self.rt_prio:
            command += ["chrt", "--fifo", str(self.rt_prio)]
        return command

    def regime(self):
        """The settings that change what a latency number means (metadata.json's settings)."""
        return {"realtime_preset": self.preset, "rt_prio": self.rt_prio, "pub_cpus": self.pub_cpus,
                "sub_cpus": self.sub_cpus, "memory_locked": self.lock_memory, "cpu_idle": self.cpu_idle}


def _check_cpus(text, option):
    if text is not None and not re.fullmatch(r"\d+(-\d+)?(,\d+(-\d+)?)*", text):
        raise InputError(f"{option} '{text}' is not a CPU list such as 0 or 0,1 or 0-3")


def _probe(command, what, warnings):
    """Whether the platform lets `command` run; a refusal becomes a warning."""
    result = subprocess.run(command + ["true"], capture_output=True, text=True)
    if result.returncode != 0:
        reason = result.stderr.strip().splitlines()[-1] if result.stderr.strip() else f"exit {result.returncode}"
        warnings.append(f"{what} refused by the platform ({reason}); running without it")
        return False
    return True


def preset_cpus(cpu_count=None):
    """(publisher, subscriber) CPUs of the preset: CPUs of their own, or both on 0 with one CPU."""
    cpu_count = cpu_count or os.cpu_count() or 1
    return PRESET_CPUS if cpu_count >= 2 else ("0", "0")


def check_requested(rt_prio, cpu_idle, pub_cpus=None, sub_cpus=None):
    """InputError for a priority, CPU-idle setting or CPU list asked for that no run can have; None:
    the preset's or the OS's."""
    _check_cpus(pub_cpus, "--pub-cpus")
    _check_cpus(sub_cpus, "--sub-cpus")
    if rt_prio is not None and not 1 <= rt_prio <= 99:
        raise InputError(f"--rt-prio must be between 1 and 99, got {rt_prio}")
    if cpu_idle not in (None, CPU_IDLE_HOLD, CPU_IDLE_OS):
        raise InputError(f"--cpu-idle must be '{CPU_IDLE_HOLD}' or '{CPU_IDLE_OS}', got '{cpu_idle}'")


def prepare(preset=True, rt_prio=None, pub_cpus=None, sub_cpus=None, cpu_idle=None):
    """RealTime with what this platform allows; every refused setting leaves a warning.

    With the preset, every option left at None takes the preset's value. The options given are a
    RunSpec's, which checked them as it was made (check_requested).
    """
    if preset:
        preset_pub, preset_sub = preset_cpus()
        rt_prio = PRESET_RT_PRIO if rt_prio is None else rt_prio
        pub_cpus = preset_pub if pub_cpus is None else pub_cpus
        sub_cpus = preset_sub if sub_cpus is None else sub_cpus
        cpu_idle = cpu_idle or CPU_IDLE_HOLD
    settings = RealTime(preset, rt_prio, pub_cpus, sub_cpus, cpu_idle=cpu_idle or CPU_IDLE_OS)
    for attribute, option in (("pub_cpus", "--pub-cpus"), ("sub_cpus", "--sub-cpus")):
        cpus = getattr(settings, attribute)
        if cpus and not _probe(["taskset", "--cpu-list", cpus], f"{option} {cpus} (taskset)", settings.warnings):
            setattr(settings, attribute, None)
    if rt_prio:
        if not _probe(["chrt", "--fifo", str(rt_prio)], f"SCHED_FIFO priority {rt_prio} (chrt)", settings.warnings):
            settings.rt_prio = None
        # mlockall(MCL_FUTURE) under a small RLIMIT_MEMLOCK would make LatencyTest's later
        # allocations fail; lock memory only where the limit cannot bite.
        unlimited = resource.getrlimit(resource.RLIMIT_MEMLOCK)[0] == resource.RLIM_INFINITY
        if not (os.geteuid() == 0 or unlimited):
            settings.warnings.append("memory locking needs root or an unlimited RLIMIT_MEMLOCK; memory not locked")
        else:
            settings.lock_memory_library, refusal = lock_memory_library()
            if refusal:
                settings.warnings.append(f"{refusal}; memory not locked")
            settings.lock_memory = refusal is None
    return settings


# ---------------------------------------------------------------------------------------
# CPU-idle control


def pm_qos_device():
    return Path(os.environ.get(PM_QOS_DEVICE_VARIABLE, _PM_QOS_DEVICE))


def cpuidle_state():
    """The kernel's cpuidle driver and governor and CPU 0's idle states (None where absent)."""

    def read(path):
        try:
            return path.read_text(encoding="utf-8").strip()
        except OSError:
            return None

    states = sorted(Path("/sys/devices/system/cpu/cpu0/cpuidle").glob("state*"), key=lambda p: int(p.name[5:]))
    return {
        "driver": read(_CPUIDLE / "current_driver"),
        "governor": read(_CPUIDLE / "current_governor_ro") or read(_CPUIDLE / "current_governor"),
        "states": [read(state / "name") for state in states],
    }


class CpuIdleHold:
    """A PM QoS request of 0 us latency, in force from acquire() until release().

    The request lives as long as the open file: closed here, or by the kernel when the
    process dies however it dies.
    """

    def __init__(self, device=None):
        self.device = Path(device) if device else pm_qos_device()
        self._file = None

    @property
    def held(self):
        return self._file is not None

    def acquire(self):
        """Hold the request; returns None, or the warning saying why the platform refused."""
        try:
            handle = open(self.device, "r+b", buffering=0)
        except OSError as error:
            return (f"CPU-idle control refused by the platform ({self.device}: {error.strerror}); idle CPUs "
                    "may sleep and their wake-up is measured too (docs/adopting.md: runner set-up)")
        try:
            handle.write(struct.pack("i", 0))
        except OSError as error:
            handle.close()
            return f"CPU-idle control refused by the platform ({self.device}: {error.strerror})"
        self._file = handle
        return None

    def current_us(self):
        """The latency limit in force for the whole system now, in us (None when unreadable)."""
        try:
            with open(self.device, "rb") as device:
                data = device.read(4)
        except OSError:
            return None
        return struct.unpack("i", data)[0] if len(data) == 4 else None

    def release(self):
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.release()
