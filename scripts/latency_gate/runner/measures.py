"""What a run measures: latency (LatencyTest and its kin) or throughput (ThroughputTest).

The runner (experiment.py, subexperiment.py) is the same for both: leased domain and
port, topology, real-time settings, process groups, time-outs, retries, metadata. A
Measure holds what differs: the backend's program and configurations, the program's input
files (payloads; or demands and recovery times), how long a sub-experiment may take, and
how its raw export becomes measurements_<sub-experiment>.csv.
"""

from dataclasses import dataclass

from latency_gate.contracts import formats, throughput_formats
from latency_gate.errors import InputError

# LatencyTest: start-up, discovery and the DDS Security handshake (under 30 s here), then
# every round trip at 10x the slowest median seen on the 2-core VM (DDS Security over TCP,
# ~200 us). A full default run's sub-experiment: 280 s, where it takes 5-32 s.
TIMEOUT_BASE_S = 60.0
TIMEOUT_PER_ROUND_TRIP_S = 0.002
# ThroughputTest: every case runs for the test time, then waits for the subscriber's
# acknowledgements and results, and every payload creates its endpoints anew (about 0.3 s
# per case on the 2-core VM); twice that, with a second per case to spare.
TIMEOUT_PER_CASE_S = 1.0


@dataclass(frozen=True)
class Grid:
    """ThroughputTest's cases: every payload with every demand and recovery time, test_time_s each."""

    demands: tuple = throughput_formats.DEMANDS
    recovery_times_ms: tuple = throughput_formats.RECOVERY_TIMES_MS
    test_time_s: int = throughput_formats.TEST_TIME_S

    def cases(self, payloads):
        return len(payloads) * len(self.demands) * len(self.recovery_times_ms)

    def recorded(self):
        return {"demands": list(self.demands), "recovery_times_ms": list(self.recovery_times_ms),
                "test_time_s": self.test_time_s}


def validate_grid(demands=None, recovery_times_ms=None, test_time_s=None):
    grid = Grid(tuple(sorted(set(demands or throughput_formats.DEMANDS))),
                tuple(sorted(set(throughput_formats.RECOVERY_TIMES_MS if recovery_times_ms is None
                                 else recovery_times_ms))),
                throughput_formats.TEST_TIME_S if test_time_s is None else test_time_s)
    if grid.demands[0] < 1:
        raise InputError(f"demands must be positive, got {grid.demands[0]}")
    if not grid.recovery_times_ms or grid.recovery_times_ms[0] < 0:
        raise InputError("recovery times must be 0 ms or more")
    if grid.test_time_s < 1:
        raise InputError(f"test time must be 1 s or more (ThroughputTest takes whole seconds), got {grid.test_time_s}")
    return grid


def program(backend, kind):
    """A backend's program for a kind (runner/middleware/interface.Program); InputError when it has none."""
    try:
        return backend.PROGRAMS[kind]
    except KeyError:
        raise InputError(f"{backend.TITLE} has no {kind} program in latency-gate yet") from None


class Latency:
    name = "latency"

    @staticmethod
    def write_inputs(config):
        # LatencyTest's demands format: every payload followed by ';' (without the last ';' it
        # reads the last payload twice).
        formats.write_text_atomic(config.inputs / "payloads.csv", "".join(f"{p};" for p in config.payloads) + "\n")

    @staticmethod
    def cpus(real_time, role):
        """The CPUs a role is pinned to: the intra-process program ("both") shares the
        publisher's, as its ping-pong alternates between its threads."""
        return real_time.sub_cpus if role == "subscriber" else real_time.pub_cpus

    @staticmethod
    def default_timeout(samples, payloads, grid):
        return TIMEOUT_BASE_S + TIMEOUT_PER_ROUND_TRIP_S * samples * len(payloads)

    @staticmethod
    def expected(config):
        return config.samples * len(config.payloads)

    @staticmethod
    def store(raw, destination, config):
        """Validate LatencyTest's raw export and write it in spec format (3 decimals), atomically;
        returns the samples recorded. The programs already write the spec's columns; rewriting
        fixes the precision and makes the final file appear only once complete."""
        measurements = formats.read_measurements(raw)
        missing = sorted(set(config.payloads) - set(measurements[formats.PAYLOAD].unique()))
        # A counted run's round trips ran under valgrind (~50x slower): LatencyTest records none of
        # a payload whose round trips all took over 100 ms (measured beside other work: secured
        # 16 KiB); its counts (runner/counting.py) are its result.
        if missing and not config.counting:
            raise InputError(f"no samples for payload(s) {', '.join(map(str, missing))}", raw)
        if (measurements[formats.LATENCY] < 0).any():
            raise InputError("negative latency", raw)
        formats.write_csv(measurements, destination)
        return len(measurements)


class Throughput:
    name = "throughput"

    @staticmethod
    def write_inputs(config):
        formats.write_text_atomic(config.inputs / "demands.csv",
                                  throughput_formats.demands_text(config.payloads, config.grid.demands))
        formats.write_text_atomic(config.inputs / "recoveries.csv",
                                  throughput_formats.recoveries_text(config.grid.recovery_times_ms))

    @staticmethod
    def cpus(real_time, role):
        """The intra-process program ("both") gets the publisher's and the subscriber's CPUs:
        pinned to one at a real-time priority, the flooding publisher thread starves the
        subscriber's command thread, which then takes TEST_STARTS and TEST_ENDS back to back
        (measured: a subscription time of -179 us at recovery time 0)."""
        if role == "both":
            return ",".join(dict.fromkeys(cpus for cpus in (real_time.pub_cpus, real_time.sub_cpus) if cpus)) or None
        return Latency.cpus(real_time, role)

    @staticmethod
    def default_timeout(samples, payloads, grid):
        return TIMEOUT_BASE_S + 2 * grid.cases(payloads) * (grid.test_time_s + TIMEOUT_PER_CASE_S)

    @staticmethod
    def expected(config):
        return config.grid.cases(config.payloads)

    @staticmethod
    def store(raw, destination, config):
        """Validate ThroughputTest's export (every case once) and write it in spec format; returns the cases."""
        measurements = throughput_formats.read_measurements(raw)
        measured = set(measurements[list(throughput_formats.CASE)].itertuples(index=False, name=None))
        missing = [(p, d, r) for p in config.payloads for d in config.grid.demands
                   for r in config.grid.recovery_times_ms if (p, d, r) not in measured]
        if missing:
            shown = ", ".join(f"{p} B x {d} x {r} ms" for p, d, r in missing[:3])
            raise InputError(f"no result for {len(missing)} case(s) (payload x demand x recovery time): {shown}"
                             + (", ..." if len(missing) > 3 else ""), raw)
        formats.write_csv(measurements, destination)
        return len(measurements)


MEASURES = {measure.name: measure for measure in (Latency, Throughput)}


def measure(kind):
    try:
        return MEASURES[kind]
    except KeyError:
        raise InputError(f"unknown kind '{kind}' (known: {', '.join(MEASURES)})") from None
