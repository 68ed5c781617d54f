"""A run's settings as asked for: one frozen object, built once (from the command line:
cli/experiment_options.run_spec; from a campaign: dataclasses.replace of its own), checked
once (experiment.validate_run) and passed down. Each field is its setting's one name inside the
package; the command line spells it as an option (`--timeout` is `timeout_s`, `--no-realtime`
sets `realtime_preset`: cli/experiment_options.py) and metadata.json as its schema does (the
program is `latency_test`, its key since the first runner: contracts/run_metadata.py).
"""

from dataclasses import dataclass
from pathlib import Path

from latency_gate.contracts.run_metadata import DEFAULT_MIDDLEWARE
from latency_gate.runner import domain_lease, realtime
from latency_gate.runner.topology import LOCALHOST

DEFAULT_SAMPLES = 10000
# A sub-experiment that fails or times out is run again once: LatencyTest hangs now and then.
DEFAULT_RETRIES = 1
DEFAULT_BASELINE_S = 3
# What a run measures: time (the spec's latencies), or instructions on the per-sample path
# counted under valgrind (runner/counting.py), with the latencies it also records.
SIGNALS = ("latency", "instructions")
# The relative gate's: one signal, or both (a gate of each, the worse verdict deciding).
GATE_SIGNALS = (*SIGNALS, "both")


@dataclass(frozen=True)
class RunSpec:
    kind: str = "latency"  # latency or throughput (runner/kinds.py)
    middleware: str = DEFAULT_MIDDLEWARE  # a backend's name (runner/middleware/)
    program: Path | None = None  # the backend's program of that kind (or a workspace holding it); None: the built one
    # the family (contracts/formats.FAMILIES) whose sub-experiments and payloads are the defaults;
    # None: the family of the sub-experiments named, else the spec's
    family: str | None = None
    subexperiments: tuple | None = None  # None: the family's, in report order
    payloads: tuple | None = None  # None: the family's
    samples: int = DEFAULT_SAMPLES  # round trips per payload (latency)
    timeout_s: float | None = None  # per sub-experiment; None: what it has to do (kinds.py)
    retries: int = DEFAULT_RETRIES
    # Real-time settings: the preset fills what is left at None (runner/realtime.py); False: the OS's.
    realtime_preset: bool = True
    rt_prio: int | None = None
    pub_cpus: str | None = None
    sub_cpus: str | None = None
    cpu_idle: str | None = None
    stress: str | None = None  # stress-ng arguments for background load
    domain: int | None = None  # None: a free one, leased for the run
    profiles: Path | None = None  # the backend's configuration templates; None: its own
    certs: Path | None = None  # DDS Security artifacts; None: build/security
    topology: str = LOCALHOST
    demands: tuple | None = None  # the throughput grid; None: the spec's
    recovery_times_ms: tuple | None = None
    test_time_s: int | None = None
    signal: str = SIGNALS[0]
    estimated_cycles: bool = False  # instructions: callgrind's cache simulation too (twice the wall time)
    baseline_s: int = DEFAULT_BASELINE_S  # cyclictest before the run; 0: none
    run_id: str | None = None  # None: the directory's earlier run's, else a new one

    def __post_init__(self):
        # Settings no run can have are refused as the spec is made, before any directory is (the rest,
        # which needs the program and the machine: experiment.validate_run).
        domain_lease.check_requested(self.domain)
        realtime.check_requested(self.rt_prio, self.cpu_idle, self.pub_cpus, self.sub_cpus)

    def requested_real_time(self):
        """The real-time options as asked (metadata.json's settings.requested)."""
        return {"realtime_preset": self.realtime_preset, "rt_prio": self.rt_prio, "pub_cpus": self.pub_cpus,
                "sub_cpus": self.sub_cpus, "cpu_idle": self.cpu_idle}
