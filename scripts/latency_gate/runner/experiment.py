"""Step 1 of the specs: run the latency experiment with Fast DDS's LatencyTest, or the
program of another middleware backend (--middleware: runner/middleware/), or the
throughput experiment with Fast DDS's ThroughputTest (--kind throughput: runner/measures.py).

For every chosen sub-experiment the runner has the backend render its configuration
(for Fast DDS, profiles/fastdds/<sub-experiment>.xml: transport, reliability, security),
starts the program (`both` for intra-process; `subscriber` and `publisher` for
inter-process), and turns its raw data export into measurements_<sub-experiment>.csv. A
sub-experiment the middleware cannot do is recorded as unsupported, with why, and not run.
metadata.json records what ran where, how, and how each sub-experiment ended.

This module orchestrates a run; its parts are in this package:
middleware (the backends: programs, libraries, configurations), domain_lease (a DDS domain
and TCP port no concurrent run holds), processes (process groups, deadlines, signals,
stress), subexperiment (one sub-experiment's attempts and its measurements), realtime
(scheduling, CPUs, idle states), platform_info (host and baseline) and security (DDS
Security artifacts).

Robustness: everything is checked before anything runs (bad input: exit 3); each
program runs in its own process group and is killed with it on time-out or
interruption; background stress is stopped in every case; a sub-experiment that fails or
times out is run again (--retries, default once: LatencyTest hangs now and then), every
attempt recorded; one that fails every attempt is recorded and the others still run (exit 4
at the end).
"""

import datetime
import os
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from latency_gate.contracts import run_metadata
from latency_gate.contracts.formats import PAYLOADS, SUBEXPERIMENTS, measurements_path, validate_subexperiment
from latency_gate.errors import EXIT_OK, EXIT_RUN_FAILED, InputError
from latency_gate.runner import counting, measures, platform_info, realtime, security, topology as topologies
from latency_gate.runner.counting import CountedPath
from latency_gate.runner.domain_lease import TCP_PORT_BASE, DomainLease
from latency_gate.runner.middleware import DEFAULT_MIDDLEWARE, backend as middleware_backend
from latency_gate.runner.middleware.common import Subexperiment, default_certs_directory, library_environment
from latency_gate.runner.processes import (
    Interrupted, check_stress, has_exited, install_signal_handlers, kill_group, restore_signal_handlers, start_stress,
)
from latency_gate.runner.subexperiment import outcome_text, run_with_retries

DEFAULT_SAMPLES = 10000
# A sub-experiment's default time-out follows what it has to do (measures.py), so a hang
# (LatencyTest over TCP with security, now and then) costs minutes, not the 15 it did with
# a fixed 900 s.
DEFAULT_RETRIES = 1
DEFAULT_BASELINE_S = 3
RUN_ID_VARIABLE = "LATENCY_GATE_RUN_ID"
# What a run measures: time (the spec's latencies), or instructions on the per-sample path
# counted under valgrind (runner/counting.py), with the latencies it also records.
SIGNALS = ("latency", "instructions")
EXIT_INTERRUPTED = 130  # as the CLI returns for Ctrl-C


@dataclass
class RunConfig:
    """What every sub-experiment of a run shares."""

    binary: Path
    results: Path
    payloads: tuple
    inputs: Path  # the directory of the program's input files (measures.py: payloads.csv, demands.csv, ...)
    samples: int
    timeout_s: float
    profiles: Path
    certs: Path
    real_time: realtime.RealTime
    lease: DomainLease
    environment: dict
    backend: object  # the middleware's module (runner/middleware/)
    topology: topologies.Topology
    measure: object = measures.Latency  # what the run measures (measures.py)
    grid: measures.Grid | None = None  # throughput: the cases of every payload
    counting: CountedPath | None = None  # the instructions signal: what callgrind counts

    @property
    def payloads_file(self):  # LatencyTest's "demands" file
        return self.inputs / "payloads.csv"

    @property
    def demands_file(self):  # ThroughputTest's
        return self.inputs / "demands.csv"

    @property
    def recoveries_file(self):
        return self.inputs / "recoveries.csv"


def _utc_now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class CheckedInputs:
    """A run's inputs once checked: what it measures, the middleware's backend and program, the
    sub-experiments in spec order, the payloads sorted, the profiles and security artifacts
    directories, the sub-experiments the middleware or the topology cannot run ({name: why}),
    and the throughput grid."""

    measure: object
    backend: object
    binary: Path
    subexperiments: tuple
    payloads: tuple
    profiles: Path | None
    certs: Path
    unsupported: dict
    grid: measures.Grid | None = None
    counting: CountedPath | None = None


def validated_options(options):
    """The options of a run (run_experiment's) that validate_run checks."""
    return {key: options[key] for key in (
        "kind", "middleware", "latency_test", "subexperiments", "payloads", "samples", "timeout_s", "profiles", "certs",
        "stress", "retries", "topology", "demands", "recovery_times_ms", "test_time_s", "signal",
    ) if key in options}


def validate_run(*, kind=measures.Latency.name, middleware=DEFAULT_MIDDLEWARE, latency_test=None, subexperiments=None,
                 payloads=None, samples=DEFAULT_SAMPLES, timeout_s=None, profiles=None, certs=None, stress=None,
                 retries=DEFAULT_RETRIES, topology=topologies.LOCALHOST, demands=None, recovery_times_ms=None,
                 test_time_s=None, signal=SIGNALS[0]):
    """Check every input of a run; returns CheckedInputs. Raises InputError.
    latency_test: the program (LatencyTest, ThroughputTest or another backend's)."""
    measure = measures.measure(kind)
    backend = middleware_backend(middleware)
    program = measures.program(backend, measure.name)
    binary = program.locate(latency_test or program.default())
    grid = measures.validate_grid(demands, recovery_times_ms, test_time_s) if measure is measures.Throughput else None
    chosen = tuple(validate_subexperiment(s) for s in (subexperiments or SUBEXPERIMENTS))
    chosen = tuple(s for s in SUBEXPERIMENTS if s in chosen)  # spec order, no duplicates
    payloads = tuple(sorted(set(payloads or PAYLOADS)))
    if payloads[0] < 16:
        raise InputError(f"payloads must be at least 16 bytes (LatencyTest's and ThroughputTest's minimum), "
                         f"got {payloads[0]}")
    if samples < 1:
        raise InputError(f"samples must be positive, got {samples}")
    if timeout_s is not None and timeout_s <= 0:
        raise InputError(f"time-out must be positive, got {timeout_s}")
    if retries < 0:
        raise InputError(f"retries must be 0 or more, got {retries}")
    profiles = Path(profiles) if profiles else program.profiles
    certs = Path(certs or default_certs_directory()).resolve()
    sides = topologies.describe(topologies.validate(topology), domain=1)
    unsupported = {name: why for name in chosen
                   if (why := sides.unsupported(Subexperiment(name)) or backend.unsupported(Subexperiment(name)))}
    runnable = [Subexperiment(name) for name in chosen if name not in unsupported]
    for subexperiment in runnable:
        backend.check_configuration(profiles, subexperiment, certs, TCP_PORT_BASE, sides)
    if any(subexperiment.security for subexperiment in runnable):
        security.check_security_artifacts(certs)
    check_stress(stress)
    return CheckedInputs(measure, backend, binary, chosen, payloads, profiles, certs, unsupported, grid,
                         _counted_path(signal, measure, backend))


def _counted_path(signal, measure, backend):
    """The backend's counted path for the instructions signal, None for latency; InputError
    when the signal is unknown or the backend, the kind or the machine cannot count."""
    if signal not in SIGNALS:
        raise InputError(f"unknown signal '{signal}' (known: {', '.join(SIGNALS)})")
    if signal == "latency":
        return None
    if measure is not measures.Latency:
        raise InputError(f"the instructions signal counts latency round trips; {measure.name} is not counted")
    if backend.COUNTED_PATH is None:
        raise InputError(f"{backend.TITLE}: the instructions signal is not supported for this middleware yet")
    counting.valgrind_version()
    return backend.COUNTED_PATH


def run_experiment(results_directory, *, kind=measures.Latency.name, middleware=DEFAULT_MIDDLEWARE, latency_test=None,
                   subexperiments=None, payloads=None, samples=DEFAULT_SAMPLES, timeout_s=None, realtime_preset=True,
                   rt_prio=None, pub_cpus=None, sub_cpus=None, cpu_idle=None, stress=None, domain=None, profiles=None,
                   certs=None, retries=DEFAULT_RETRIES, baseline_s=DEFAULT_BASELINE_S, run_id=None,
                   topology=topologies.LOCALHOST, demands=None, recovery_times_ms=None, test_time_s=None,
                   signal=SIGNALS[0], out=sys.stdout, err=None):
    """Run the experiment; returns EXIT_OK, or EXIT_RUN_FAILED if any sub-experiment failed.

    realtime_preset: the real-time preset (realtime.py) fills every real-time option left
    at None; False leaves them to the OS.
    signal: "instructions" runs every process under callgrind (runner/counting.py) and writes
    instructions_/functions_<sub-experiment>.csv beside the measurements; counts do not depend
    on scheduling, so such a run leaves scheduling, CPUs and idle states to the OS.

    Raises InputError (exit 3) before anything runs when an input is wrong.
    """
    checked = validate_run(kind=kind, middleware=middleware, latency_test=latency_test, subexperiments=subexperiments,
                           payloads=payloads, samples=samples, timeout_s=timeout_s, profiles=profiles, certs=certs,
                           stress=stress, retries=retries, topology=topology, demands=demands,
                           recovery_times_ms=recovery_times_ms, test_time_s=test_time_s, signal=signal)
    measure, grid = checked.measure, checked.grid
    binary, chosen, payloads, profiles, certs = (checked.binary, checked.subexperiments, checked.payloads,
                                                 checked.profiles, checked.certs)
    err = err or sys.stderr  # looked up per call: tests and the gate replace it
    results = Path(results_directory)
    try:
        results.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(f"cannot create results directory: {error}", results) from None
    # Runs into the same directory accumulate (colcon test's do): the first one's run id and
    # start time stand, and the entries of the sub-experiments this run does not redo are kept.
    earlier = run_metadata.read_if_present(results)
    if earlier and earlier.kind != measure.name:
        raise InputError(f"holds a {earlier.kind} run: a {measure.name} run needs a results directory of its own",
                         results)
    # Counts do not depend on scheduling: a counted run leaves it to the OS (metadata's
    # settings.requested still says what was asked for).
    real_time = (realtime.prepare(False, None, None, None, None) if checked.counting
                 else realtime.prepare(realtime_preset, rt_prio, pub_cpus, sub_cpus, cpu_idle))
    host = platform_info.describe_host()
    started_at = (earlier and earlier.started_at) or _utc_now()
    run_id = run_id or (earlier and earlier.run_id) or run_metadata.make_run_id(
        datetime.datetime.fromisoformat(started_at), runner=host["host"])
    # Every process the run starts carries its run id, so leftovers are easy to find.
    marker = {RUN_ID_VARIABLE: run_id}
    environment = library_environment(binary) | marker
    if real_time.lock_memory:
        preload = [str(real_time.lock_memory_library), environment.get("LD_PRELOAD")]
        environment["LD_PRELOAD"] = " ".join(filter(None, preload))
    lease = DomainLease(domain)
    try:
        sides = topologies.prepare(topology, lease.domain)
    except InputError:
        lease.release()
        raise
    logs = results / "logs"
    logs.mkdir(exist_ok=True)
    timeout_s = timeout_s or measure.default_timeout(samples, payloads, grid)
    config = RunConfig(binary, results, payloads, logs, samples, timeout_s, profiles, certs,
                       real_time, lease, environment, checked.backend, sides, measure, grid, checked.counting)
    measure.write_inputs(config)
    described = checked.backend.describe(binary, environment)
    fastdds = middleware == "fastdds"
    metadata = run_metadata.RunMetadata(
        run_id=run_id,
        kind=measure.name,
        middleware=middleware,
        **described,
        fastdds_version=described["middleware_version"] if fastdds else None,
        fastdds_library=described["middleware_library"] if fastdds else None,
        latency_test=str(binary),
        **host,
        settings=run_metadata.Settings(
            **real_time.regime(), cpuidle=realtime.cpuidle_state(), stress=stress, domain=lease.domain,
            topology=sides.name,
            addresses={"publisher": sides.publisher_address, "subscriber": sides.subscriber_address},
            tcp_port=lease.tcp_port, timeout_s=timeout_s, retries=retries, profiles=profiles and str(profiles),
            certs=str(certs),
            counted=checked.counting and f"{counting.valgrind_version()} {counting.TOOL}: {checked.counting.description}",
            requested={"realtime_preset": realtime_preset, "rt_prio": rt_prio, "pub_cpus": pub_cpus,
                       "sub_cpus": sub_cpus, "cpu_idle": cpu_idle},
        ),
        samples=samples if measure is measures.Latency else None,
        payloads=list(payloads),
        grid=grid and grid.recorded(),
        started_at=started_at,
        warnings=list(real_time.warnings),
        subexperiments={name: outcome for name, outcome in (earlier.subexperiments if earlier else {}).items()
                        if name not in chosen},
    )

    def save():
        run_metadata.write(results, metadata)

    for warning in real_time.warnings:
        print(f"warning: {warning}", file=err)
    previous_handlers = install_signal_handlers()
    stress_process = None
    cpu_idle_hold = realtime.CpuIdleHold()
    failures = 0
    interrupted = stress_ended = False
    try:
        stress_process = start_stress(stress, logs, dict(os.environ) | marker)
        if real_time.cpu_idle == realtime.CPU_IDLE_HOLD:
            metadata = _hold_cpu_idle(cpu_idle_hold, metadata, err)
        save()
        baseline, warning = platform_info.measure_baseline(
            baseline_s, real_time.rt_prio, real_time.pub_cpus
        )
        metadata = replace(metadata, platform_baseline=baseline)
        if warning:
            metadata = metadata.with_warning(warning)
            print(f"warning: {warning}", file=err)
        if baseline:
            print(f"platform baseline (cyclictest {baseline_s} s): avg {baseline['avg_us']} us, "
                  f"p99 {baseline['p99_us']:g} us, max {baseline['max_us']} us", file=out, flush=True)
        width = max(map(len, chosen))
        for index, name in enumerate(chosen, 1):
            label = f"[{index:2d}/{len(chosen)}] {name:<{width}} "
            print(label, end="", file=out, flush=True)
            if stress_process is not None and not stress_ended and has_exited(stress_process):
                stress_ended = True
                metadata = metadata.with_warning(f"stress-ng ended before {name}: the load did not last "
                                                 "(logs/stress-ng.log)")
            measurement_file = measurements_path(results, name)
            measurement_file.unlink(missing_ok=True)  # a stale result must not pass for this run's
            if name in checked.unsupported:
                metadata = metadata.with_outcome(name, run_metadata.SubexperimentOutcome(
                    status="unsupported", error=checked.unsupported[name]))
                print(f"unsupported: {checked.unsupported[name]}", file=out, flush=True)
                save()
                continue
            try:
                outcome, earlier_attempts = run_with_retries(name, config, logs, retries, out, err, len(label))
            except Interrupted:
                metadata = metadata.with_outcome(name, run_metadata.SubexperimentOutcome(status="interrupted"))
                print("interrupted", file=out, flush=True)
                raise
            # Per entry too: runs accumulated into one directory (colcon test) each had their own.
            metadata = metadata.with_outcome(name, outcome.recorded(
                run_metadata.SubexperimentOutcome, domain=lease.domain, tcp_port=lease.tcp_port,
                earlier_attempts=earlier_attempts))
            failures += outcome.status != "passed"
            print(outcome_text(outcome), file=out, flush=True)
            save()
    except Interrupted as interruption:
        metadata = replace(metadata, interrupted=str(interruption))
        interrupted = True
    finally:
        if stress_process is not None:
            kill_group(stress_process)
        cpu_idle_hold.release()
        if sides.namespaces:
            metadata = replace(metadata, settings=replace(metadata.settings, link_packets=sides.traffic()))
        sides.release()
        lease.release()
        metadata = replace(metadata, finished_at=_utc_now())
        save()
        restore_signal_handlers(previous_handlers)
    if interrupted:
        print(f"interrupted; partial results in {results}", file=out, flush=True)
        return EXIT_INTERRUPTED
    total = len(chosen) - len(checked.unsupported)
    skipped = f" ({len(checked.unsupported)} unsupported)" if checked.unsupported else ""
    print(f"{total - failures}/{total} sub-experiments passed{skipped}; results in {results}", file=out, flush=True)
    return EXIT_RUN_FAILED if failures else EXIT_OK


def _hold_cpu_idle(hold, metadata, err):
    """Keep the CPUs out of idle states for the rest of the run; a refusal is a warning and
    the run goes on with the OS's idle states (settings.cpu_idle says which were in force).
    Returns the metadata recording which."""
    refusal = hold.acquire()
    if refusal:
        print(f"warning: {refusal}", file=err)
        settings = replace(metadata.settings, cpu_idle=realtime.CPU_IDLE_OS)
        return replace(metadata, settings=settings).with_warning(refusal)
    settings = replace(metadata.settings, pm_qos_limit_us=hold.current_us())
    return replace(metadata, settings=settings)
