"""Options of a run (LatencyTest, ThroughputTest, another backend's program), shared by `run`,
`gate` and `extrapolate-requirements`."""

import argparse
import dataclasses
from pathlib import Path

from latency_gate.contracts.formats import FAMILIES
from latency_gate.runner import realtime, topology as topologies
from latency_gate.runner.kinds import (
    KINDS, LATENCY, TIMEOUT_BASE_S, TIMEOUT_PER_CASE_S, TIMEOUT_PER_ROUND_TRIP_S, Grid,
)
from latency_gate.runner.middleware import BACKENDS, DEFAULT_MIDDLEWARE
from latency_gate.runner.run_spec import DEFAULT_BASELINE_S, DEFAULT_RETRIES, DEFAULT_SAMPLES, SIGNALS, RunSpec


def _payload(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of bytes: '{text}'") from None
    return value


def _whole_numbers(text):
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: '{text}'") from None


def add_experiment_options(parser):
    parser.add_argument("-c", "--program", "--latency-test", "--throughput-test", "--fastrtps-ws", dest="program",
                        type=Path,
                        help="the middleware's program of that kind: for fastdds, LatencyTest / ThroughputTest or a "
                             "Fast DDS colcon workspace built with performance tests (default: the project-built one "
                             "under build/)")
    add_matrix_options(parser, DEFAULT_SAMPLES)
    add_kind_options(parser)
    add_execution_options(parser)
    parser.add_argument("--signal", choices=SIGNALS, default=SIGNALS[0],
                        help="latency: time round trips (the spec's); instructions: also count the instructions of "
                             "each process's per-sample path under valgrind (instructions_/functions_<sub-experiment>"
                             ".csv), scheduling left to the OS (default: %(default)s)")
    add_estimated_cycles_option(parser)
    parser.add_argument("--baseline-seconds", dest="baseline_s", type=int, default=DEFAULT_BASELINE_S,
                        help="cyclictest platform baseline before the run; 0 skips it (default: %(default)s)")


def add_estimated_cycles_option(parser):
    parser.add_argument("--estimated-cycles", action="store_true",
                        help="with the instructions signal: callgrind simulates the caches too and the estimated "
                             "cycles per round trip are reported beside the instructions (iai-callgrind's "
                             "EstimatedCycles); about twice a counted run's wall time")


def add_kind_options(parser, grid_defaults=Grid()):
    """--kind and the throughput grid (shared with the relative gate, whose grid is smaller)."""
    parser.add_argument("--kind", choices=tuple(KINDS), default=LATENCY.name,
                        help="what to measure: latency (LatencyTest, the latency spec) or throughput (ThroughputTest, "
                             "the throughput spec) (default: %(default)s)")
    grid = parser.add_argument_group("throughput grid (--kind throughput; every payload runs every case)")
    grid.add_argument("--demands", nargs="+", type=_whole_numbers, metavar="SAMPLES",
                      help="samples per burst (default: " + " ".join(map(str, grid_defaults.demands)) + ")")
    grid.add_argument("--recovery-times", dest="recovery_times_ms", nargs="+", type=_whole_numbers, metavar="MS",
                      help="from a burst's start to the next's: the rest after a burst is what the burst leaves "
                           "of it (default: " + " ".join(map(str, grid_defaults.recovery_times_ms)) + ")")
    grid.add_argument("--test-time", dest="test_time_s", type=_whole_numbers, metavar="SECONDS",
                      help=f"how long each case sends (default: {grid_defaults.test_time_s})")


def add_middleware_option(parser):
    parser.add_argument("--middleware", choices=tuple(BACKENDS), default=DEFAULT_MIDDLEWARE,
                        help="what to measure, a registered backend (loaded only when chosen): "
                             + ", ".join(BACKENDS) + "; socket is the floor, bare loopback sockets under every "
                             "middleware (default: %(default)s)")


def add_matrix_options(parser, samples, samples_text="%(default)s", payloads_text="16 .. 16384, powers of two"):
    """Which sub-experiments, payloads and how many samples (shared with the relative gate, whose
    default depends on its signal: samples None, samples_text says what)."""
    parser.add_argument("--family", choices=tuple(FAMILIES),
                        help="sub-experiment family, whose sub-experiments and payloads are the defaults: "
                             + "; ".join(f"{family.name}: {family.description}" for family in FAMILIES.values())
                             + " (default: the family of the sub-experiments named, else spec)")
    parser.add_argument("--subexperiments", nargs="+", metavar="NAME",
                        help="sub-experiments to run, in report order (default: the family's; the spec's 10)")
    parser.add_argument("--payloads", nargs="+", type=_payload, metavar="BYTES",
                        help=f"payload sizes (default: the family's; the spec's {payloads_text})")
    parser.add_argument("--samples", type=int, default=samples,
                        help=f"round trips per payload (default: {samples_text})")


def add_execution_options(parser, per_middleware=True, timeout_default=None):
    """What each run measures and how it is executed (shared with the relative gate). Without
    per_middleware (compare-middleware), no --middleware and no --profiles: each middleware
    runs with its own configurations. timeout_default: the text of a command's own default
    time-out (the gate's); None: a run's, from its round trips or cases."""
    if per_middleware:
        add_middleware_option(parser)
    timeout_default = timeout_default or (
        f"{TIMEOUT_BASE_S:g} + {TIMEOUT_PER_ROUND_TRIP_S * 1000:g} ms per round trip, i.e. samples x payloads: 280 s "
        f"for the full default run; throughput: {TIMEOUT_BASE_S:g} + 2 x (test time + {TIMEOUT_PER_CASE_S:g} s) per case")
    parser.add_argument("--timeout", dest="timeout_s", type=float,
                        help=f"seconds one sub-experiment may take before it is killed (default: {timeout_default})")
    parser.add_argument("--retries", type=int, default=DEFAULT_RETRIES,
                        help="times a sub-experiment that failed or timed out is run again; every attempt "
                             "is kept in metadata.json and logs/ (default: %(default)s)")
    parser.add_argument("--no-realtime", dest="realtime_preset", action="store_false",
                        help="leave scheduling, CPUs and idle states to the OS; by default the real-time preset "
                             f"holds CPUs out of idle states, pins the publisher to CPU {realtime.PRESET_CPUS[0]} "
                             f"and the subscriber to CPU {realtime.PRESET_CPUS[1]}, runs both at SCHED_FIFO "
                             f"{realtime.PRESET_RT_PRIO} and locks their memory (the options below override parts)")
    parser.add_argument("--rt-prio", type=int, help="SCHED_FIFO priority (1-99) of publisher and subscriber")
    parser.add_argument("--pub-cpus", help="CPU list for the publisher (and intra-process runs), e.g. 0")
    parser.add_argument("--sub-cpus", help="CPU list for the subscriber, e.g. 1")
    parser.add_argument("--cpu-idle", choices=(realtime.CPU_IDLE_HOLD, realtime.CPU_IDLE_OS),
                        help="'hold': keep every CPU out of idle states for the run (PM QoS request of 0 us on "
                             "/dev/cpu_dma_latency; the preset's default); 'os': leave idle states to the OS")
    parser.add_argument("--stress", help="stress-ng arguments for background load during the run, "
                                         "e.g. \"--cpu 1 --vm 1\"")
    parser.add_argument("--domain", type=int, help="DDS domain (default: a free one, held for the run)")
    parser.add_argument("--topology", choices=topologies.TOPOLOGIES, default=topologies.LOCALHOST,
                        help="where the two sides run: localhost (loopback), or netns: two network namespaces "
                             "joined by a veth pair, a second host simulated (root; intra-process sub-experiments "
                             "are unsupported there) (default: %(default)s)")
    if per_middleware:
        parser.add_argument("--profiles", type=Path, help="directory of <sub-experiment>.xml configurations of the "
                                                          "middleware (default: the package's profiles/<middleware>/)")
    parser.add_argument("--certs", type=Path, help="DDS Security artifacts (default: build/security)")


def run_spec(args, **overrides):
    """The RunSpec of parsed options: every field the parser has, then the overrides."""
    given = {field.name: getattr(args, field.name) for field in dataclasses.fields(RunSpec) if hasattr(args, field.name)}
    given = {key: tuple(value) if isinstance(value, list) else value for key, value in given.items() if value is not None}
    return RunSpec(**given | overrides)
