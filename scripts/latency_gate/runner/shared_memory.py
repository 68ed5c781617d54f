"""The shared memory of a run of the shared-memory family (contracts/formats.FAMILIES "shm"): a mount
namespace of the run's own whose /dev/shm and /tmp are fresh (shared_memory_namespace.py), and in it
the middleware's shared-memory service, if it has one (Cyclone DDS: iceoryx's RouDi), as the
namespace's first process.

Why a namespace: iceoryx 2.0 has fixed names (its RouDi's socket /tmp/roudi, its lock file, its
segments /dev/shm/iceoryx_mgmt and /dev/shm/<user>), so two RouDi on one machine meet; in a namespace
each run has its own. And a killed program leaves its segments behind in /dev/shm (Fast DDS's, ours);
in the namespace's tmpfs the kernel frees them with the namespace's last process.

Why released in every case: the service runs like the run's programs (processes.start): in a
session of its own, with the parent-death signal, so the kernel kills it when the runner dies however
it dies (SIGKILL included), and the run's clean-up stops it otherwise. Its programs enter the
namespace with `nsenter --target <service> --mount` (prefix()).
"""

import shutil
import sys
import time
from pathlib import Path

from latency_gate.errors import InputError, RunFailed
from latency_gate.runner import shared_memory_namespace
from latency_gate.runner.processes import has_exited, kill_group, start

# What holds the namespace when the middleware needs no service.
HOLDER = ("sleep", "infinity")
READY_TIMEOUT_S = 20.0  # RouDi writes ~130 MB of zeros into its segments before it is ready


def check_tools():
    """InputError when the tools the namespace needs are missing (util-linux: unshare, nsenter)."""
    for tool in ("unshare", "nsenter", "setpriv"):
        if shutil.which(tool) is None:
            raise InputError(f"the shared-memory family needs {tool} (Debian package util-linux)")


class SharedMemory:
    """The run's namespace, and its service, from start() until release()."""

    def __init__(self, service, logs):
        self.service = service  # runner/middleware/interface.SharedMemoryService, or None
        self.logs = Path(logs)
        self.process = None

    @property
    def name(self):
        return self.service.name if self.service else "holder"

    def start(self, config, environment):
        """Make the namespace and start the service; RunFailed (the service's log named) when it does
        not become ready."""
        command = list(self.service.command(payloads=config.payloads, logs=self.logs)) if self.service else list(HOLDER)
        log = self.logs / f"shared-memory-{self.name}.log"
        self.process = start(["unshare", "--mount", "--propagation", "private", "--", sys.executable, "-m",
                              shared_memory_namespace.__name__, *command], log, environment)
        ready = [shared_memory_namespace.READY, *([self.service.ready] if self.service else [])]
        deadline = time.monotonic() + READY_TIMEOUT_S
        while True:
            if has_exited(self.process):
                self.release()
                raise RunFailed(f"the shared-memory namespace or its {self.name} ended at start: see {log}")
            text = log.read_text(encoding="utf-8", errors="replace")
            if all(line in text for line in ready):
                return
            if time.monotonic() > deadline:
                self.release()
                raise RunFailed(f"{self.name} not ready within {READY_TIMEOUT_S:g} s: see {log}")
            time.sleep(0.02)

    def prefix(self):
        """What a program of the run is started under to enter the namespace, in the runner's working
        directory by its path there (entering a mount namespace starts at its root; nsenter's --wd
        would keep the host's directory, which the namespace's getcwd() calls unreachable)."""
        return ["nsenter", "--target", str(self.process.pid), "--mount", "--", "sh", "-c", 'cd "$0" && exec "$@"',
                str(Path.cwd())]

    def release(self):
        """Stop the service; with it the namespace and everything in its /dev/shm and /tmp. Safe to
        call more than once."""
        if self.process is not None:
            kill_group(self.process)
            self.process = None
