"""Apex.AI performance_test as a second harness for the same DDS: perftest-cyclonedds and
perftest-fastdds run Cyclone DDS and Fast DDS through perf_test 2.3.0 (third_party/
performance_test, patched and built per plugin by scripts/setup/build_perftest.sh) in its
round-trip mode, so its numbers sit beside CycloneLatency's and LatencyTest's for the same
library, configuration and real-time settings.

A sub-experiment is one program, perftest_driver.py (the role `both`): per payload, a relay
process (the subscriber's side) and a main process (the publisher's side, publishing ArrayN
messages of exactly N bytes at RATE_HZ and recording samples + 1 round trips, the first
dropped), joined into LatencyTest's raw export (one-way = round trip / 2).

The same settings as the project's own programs of that DDS: Cyclone DDS loads CycloneLatency's
configuration of the sub-experiment (profiles/cyclonedds, through CYCLONEDDS_URI), Fast DDS the
participant profile of LatencyTest's (profiles/fastdds: pub_ or sub_participant_profile made
the default profile, through FASTRTPS_DEFAULT_PROFILES_FILE): transports, discovery, DDS
Security. QoS from perf_test's options: reliability from the sub-experiment's name, keep-last
1, volatile. The real-time settings become perf_test's own options (realtime_options).

Unsupported: intra-process. perf_test's round-trip mode is process-wide (a main and a relay
process); in one process it measures one way, not a round trip.
"""

import functools
import re
import shlex
import subprocess
import sys
from pathlib import Path

from latency_gate.contracts.formats import write_text_atomic
from latency_gate.contracts.run_metadata import CPU_IDLE_HOLD
from latency_gate.errors import InputError
from latency_gate.runner.middleware import cyclonedds, fastdds
from latency_gate.runner.middleware.common import build_directory, check_program
from latency_gate.runner.middleware.interface import Program

# perf_test's default rate: one sample a millisecond, so even the slowest round trip (DDS Security
# over TCP at 16 KiB, a few hundred us here) ends before the next sample leaves.
RATE_HZ = 1000
HISTORY_DEPTH = 1  # keep-last 1, as the project's programs
DRIVER = Path(__file__).with_name("perftest_driver.py")
# The message types the build has (patches/0002): N bytes of serialized data, powers of two.
PAYLOADS = tuple(2**n for n in range(4, 17))  # 16 .. 65536
_BUILD_HINT = "run scripts/setup/build_perftest.sh"
# Which side of perf_test's round trip plays which role of the sub-experiment.
_MODES = {"publisher": "Main", "subscriber": "Relay"}


def realtime_options(*, real_time, cpus):
    """The run's real-time settings (runner/realtime.RealTime) as perf_test's options for a side
    pinned to `cpus`: SCHED_FIFO priority, CPU affinity (a decimal bit mask, CPUs 0-31) and the
    CPU-idle hold. perf_test locks its memory (mlockall(MCL_CURRENT), once its entities exist)
    whenever a priority or CPUs are given."""
    options = ["--use-rt-prio", str(real_time.rt_prio)] if real_time.rt_prio else []
    if cpus:
        listed = [int(cpu) for part in cpus.split(",") for cpu in _cpu_range(part)]
        if max(listed) > 31:
            raise InputError(f"perf_test's --use-rt-cpus is a 32-bit mask: CPU {max(listed)} of '{cpus}' is beyond it")
        options += ["--use-rt-cpus", str(sum(1 << cpu for cpu in set(listed)))]
    if real_time.cpu_idle == CPU_IDLE_HOLD:
        options.append("--prevent-cpu-idle")
    return options


def _cpu_range(part):
    first, _, last = part.partition("-")
    return range(int(first), int(last or first) + 1)


@functools.lru_cache(maxsize=8)  # the relative gate checks the same two programs every round
def _communicators(binary):
    """The communicators a perf_test offers (its plugin's), from its --help."""
    try:
        shown = subprocess.run([str(binary), "--help"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ()
    match = re.search(r"--communicator <([^>]*)>", shown)
    return tuple(match[1].split("|")) if match else ()


class PerfTestBackend:
    """A perftest-* backend (runner/middleware/interface.Backend): one plugin of perf_test."""

    EXTENSION_POINT_VERSION = "2.0"
    COUNTED_PATH = None  # the instructions signal: not supported (no per-payload boundary to count)

    def __init__(self, title, plugin, communicator, dds, profile_variable, configuration):
        self.TITLE = title
        self._plugin, self._communicator, self._dds = plugin, communicator, dds
        self._profile_variable, self._configuration = profile_variable, configuration
        self.PROGRAMS = {"latency": Program(
            "perf_test", default=lambda: build_directory() / "perftest" / plugin / "perf_test",
            locate=self._locate, commands=self._commands, profiles=dds.PROGRAMS["latency"].profiles,
            realtime_options=realtime_options, payloads=PAYLOADS)}

    def unsupported(self, *, subexperiment):
        if not subexperiment.interprocess:
            return ("perf_test's round-trip mode is process-wide (a main and a relay process); in one process it "
                    "measures one way, not a round trip")
        return None

    def describe(self, *, binary, environment):
        return self._dds.describe(binary=binary, environment=environment)

    def check_configuration(self, *, configuration):
        for role in _MODES:
            self._configuration(configuration, role)

    def _locate(self, *, path):
        """perf_test itself, or the one in a CMake build directory or a colcon install; it must
        offer this plugin's communicator (InputError otherwise)."""
        path = Path(path)
        if path.is_dir():
            found = [candidate for candidate in (path / "perf_test",
                                                 path / "install/performance_test/lib/performance_test/perf_test")
                     if candidate.is_file()]
            if not found:
                raise InputError("no perf_test in this directory (expected a CMake build directory's perf_test or "
                                 "install/performance_test/lib/performance_test/perf_test)", path)
            path = found[0]
        binary = check_program(path, "perf_test", _BUILD_HINT)
        offered = _communicators(binary)
        if self._communicator not in offered:
            raise InputError(f"not a perf_test of the {self._plugin} plugin: it offers the communicator(s) "
                             f"{', '.join(offered) or 'none'}, not {self._communicator}", path)
        return binary

    def _commands(self, *, run):
        """{"both": the driver's command line, LatencyTest's options naming the kind's input file and
        export (runner/kinds.py) and its own}; writes each side's rendered configuration."""
        subexperiment = run.configuration.subexperiment
        sides = {}
        for role, mode in _MODES.items():
            rendered = run.logs / f"{subexperiment.name}_{role}.xml"
            write_text_atomic(rendered, self._configuration(run.configuration, role))
            sides[mode] = [
                *run.prefixes[role], "env", f"{self._profile_variable}={rendered}", str(run.binary),
                "--communicator", self._communicator, "--roundtrip-mode", mode,
                "--dds-domain-id", str(run.configuration.domain),
                "--reliability", "RELIABLE" if subexperiment.reliable else "BEST_EFFORT",
                "--history-depth", str(HISTORY_DEPTH), *run.realtime_options[role],
            ] + (["--rate", str(RATE_HZ)] if mode == "Main" else [])
        return {"both": [
            sys.executable, str(DRIVER), *run.arguments, *run.publisher_arguments, "--rate", str(RATE_HZ),
            "--logs", str(run.logs), "--name", subexperiment.name,
            "--relay", shlex.join(sides["Relay"]), "--main", shlex.join(sides["Main"]),
        ]}


def _fastdds_profile(configuration, role):
    """LatencyTest's profile with the side's participant profile made the default one (perf_test's
    Fast DDS plugin takes the default participant QoS; its endpoints' QoS comes from its options)."""
    name = f"{'pub' if role == 'publisher' else 'sub'}_participant_profile"
    rendered, found = re.subn(rf'(<participant\s+profile_name="{name}")', r'\1 is_default_profile="true"',
                              fastdds.profile(configuration))
    if found != 1:
        raise InputError(f"no participant profile '{name}' (perftest-fastdds makes it perf_test's default)",
                         Path(configuration.profiles) / f"{configuration.subexperiment.name}.xml")
    return rendered


# The program's plugin, its perf_test communicator, the DDS's backend (its library, its profiles), the
# environment variable naming a side's configuration file and how that file is rendered.
CYCLONEDDS = PerfTestBackend("Cyclone DDS via perf_test", "cyclonedds", "CycloneDDS", cyclonedds, "CYCLONEDDS_URI",
                             cyclonedds.rendered)
FASTDDS = PerfTestBackend("Fast DDS via perf_test", "fastdds", "FastRTPS", fastdds, "FASTRTPS_DEFAULT_PROFILES_FILE",
                          _fastdds_profile)
