"""What the experiment ran on: host facts and a platform latency baseline.

The baseline is cyclictest's wake-up latency measured for a few seconds just before the
sub-experiments, under the same conditions (real-time priority, CPUs, CPU-idle setting, background stress):
a latency result is only comparable with another taken on a platform that wakes up
equally fast, and this number tells whether it did.
"""

import json
import os
import platform
import shutil
import socket
import tempfile
import time
from pathlib import Path

import numpy as np

from latency_gate.runner.processes import has_exited, kill_group, start

# cyclictest: one measuring thread, 200 us period, histogram with 1 us buckets up to 10 ms
# (percentiles come from it; wake-ups beyond the last bucket only count in max).
_CYCLICTEST_INTERVAL_US = 200
_CYCLICTEST_HISTOGRAM_US = 10000


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or None


def _read(path):
    try:
        return Path(path).read_text(encoding="utf-8").strip()
    except OSError:
        return None


def kernel_tuning():
    """Kernel settings that change what a latency number means, as far as this kernel shows
    them (None where absent): its command line (isolcpus, nohz_full, idle and polling
    options), the clock source, isolated and tickless CPUs, transparent huge pages and CPU 0's
    frequency governor."""
    huge_pages = _read("/sys/kernel/mm/transparent_hugepage/enabled")
    return {
        "command_line": _read("/proc/cmdline"),
        "clocksource": _read("/sys/devices/system/clocksource/clocksource0/current_clocksource"),
        "isolated_cpus": _read("/sys/devices/system/cpu/isolated"),
        "nohz_full_cpus": _read("/sys/devices/system/cpu/nohz_full"),
        # "always [madvise] never": the bracketed word is in force
        "transparent_hugepages": huge_pages.split("[", 1)[1].split("]", 1)[0] if huge_pages and "[" in huge_pages
        else huge_pages,
        "cpufreq_governor": _read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"),
    }


def describe_host():
    """Host, kernel, CPU model and CPU count, and the kernel's tuning, as recorded in metadata.json."""
    uname = platform.uname()
    return {
        "host": socket.gethostname(),
        "kernel": f"{uname.system} {uname.release} {uname.version}",
        "machine": uname.machine,
        "cpu_model": cpu_model(),
        "cpu_count": os.cpu_count(),
        "realtime_kernel": Path("/sys/kernel/realtime").is_file(),
        "kernel_tuning": kernel_tuning(),
    }


def measure_baseline(seconds, environment, rt_prio=None, cpus=None):
    """Wake-up latency of this platform now, from cyclictest run in `environment`; None when it cannot run.

    Returns (baseline dict or None, warning text or None); a missing tool or a refused
    setting is a warning, not a failure: the experiment itself does not depend on it.
    """
    if seconds <= 0:
        return None, None
    if shutil.which("cyclictest") is None:
        return None, "cyclictest (Debian rt-tests) is not installed: no platform baseline"
    with tempfile.TemporaryDirectory(prefix="latency-gate-baseline-") as work:
        report = Path(work) / "cyclictest.json"
        # --laptop: cyclictest would otherwise hold /dev/cpu_dma_latency at 0 itself; the
        # runner decides the CPU-idle setting, so the baseline runs under the run's own.
        command = [
            "cyclictest", "--quiet", "--mlockall", "--laptop", "--threads=1",
            f"--duration={int(seconds)}", f"--interval={_CYCLICTEST_INTERVAL_US}",
            f"--histogram={_CYCLICTEST_HISTOGRAM_US}",
        ]
        if rt_prio:
            command.append(f"--priority={rt_prio}")
        if cpus:
            command.append(f"--affinity={cpus}")
        log = Path(work) / "cyclictest.log"
        process = start([*command, f"--json={report}"], log, environment)
        try:
            deadline = time.monotonic() + seconds + 30
            while not has_exited(process) and time.monotonic() < deadline:
                time.sleep(0.1)
            finished = has_exited(process)
        finally:  # SIGTERM first: killed outright, cyclictest leaves its /dev/shm/cyclictest<pid> behind
            kill_group(process)
        if not finished:
            return None, "cyclictest did not finish: no platform baseline"
        if process.returncode != 0 or not report.is_file():
            detail = log.read_text(errors="replace").strip().splitlines()
            return None, f"cyclictest failed ({detail[-1] if detail else process.returncode}): no platform baseline"
        thread = json.loads(report.read_text(encoding="utf-8"))["thread"]["0"]
    latencies = np.array([int(us) for us in thread["histogram"]], dtype=float)
    counts = np.array(list(thread["histogram"].values()), dtype=float)
    order = np.argsort(latencies)
    cumulative = np.cumsum(counts[order]) / max(thread["cycles"], 1)

    def percentile(fraction):
        reached = np.nonzero(cumulative >= fraction)[0]
        return float(latencies[order][reached[0]]) if reached.size else float(thread["max"])

    return {
        "tool": "cyclictest",
        "command": command,  # without the temporary report path
        "duration_s": int(seconds),
        "interval_us": _CYCLICTEST_INTERVAL_US,
        "cycles": thread["cycles"],
        "min_us": thread["min"],
        "avg_us": thread["avg"],
        "p99_us": percentile(0.99),
        "p99_99_us": percentile(0.9999),
        "max_us": thread["max"],
    }, None
