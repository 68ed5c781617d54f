"""Step 1 of the specs: run the latency experiment with Fast DDS's LatencyTest, or the
program of another middleware backend (--middleware: runner/middleware/), or the
throughput experiment with Fast DDS's ThroughputTest (--kind throughput: runner/kinds.py).

For every chosen sub-experiment the runner has the backend render its configuration
(for Fast DDS, profiles/fastdds/<sub-experiment>.xml: transport, reliability, security),
starts the program (`both` for intra-process; `subscriber` and `publisher` for
inter-process), and turns its raw data export into measurements_<sub-experiment>.csv. A
sub-experiment the middleware cannot do is recorded as unsupported, with why, and not run.
metadata.json records what ran where, how, and how each sub-experiment ended. The family
(contracts/formats.FAMILIES: the spec's ten, or shared memory and zero copy) gives the default
sub-experiments and payloads; a run of the shared-memory family runs its programs in a mount
namespace of its own with the middleware's shared-memory service (shared_memory.py).

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
import shlex
import sys
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path

from latency_gate.contracts import run_metadata
from latency_gate.contracts.formats import (
    CHECKS_GLOB, MEASUREMENTS, SPEC_FAMILY, checks_path, choose_matrix, held_directory, measurements_path, summary_path,
)
from latency_gate.contracts.instruction_counts import COUNTS_GLOB
from latency_gate.errors import EXIT_INTERRUPTED, EXIT_OK, EXIT_RUN_FAILED, InputError
from latency_gate.runner import (
    counting, kinds, platform_info, realtime, security, shared_memory, topology as topologies,
)
from latency_gate.runner.counting import CountedPath
from latency_gate.runner.domain_lease import TCP_PORT_BASE, DomainLease
from latency_gate.runner.middleware import backend as middleware_backend, interface
from latency_gate.runner.middleware.common import Subexperiment, default_certs_directory, library_environment
from latency_gate.runner.processes import Interrupted, StopSignals, check_stress, has_exited, kill_group, start_stress
from latency_gate.runner.shared_memory import SharedMemory
from latency_gate.runner.subexperiment import RERUN, keep_failed_files, outcome_text, publish_logs, run_with_retries

RUN_ID_VARIABLE = "LATENCY_GATE_RUN_ID"
CHECKED_DOMAIN = 1  # what a configuration is checked with before a domain and port are leased


@dataclass
class RunConfig:
    """What every sub-experiment of a run shares."""

    binary: Path
    results: Path
    payloads: tuple
    inputs: Path  # the directory of the program's input files (kinds.py: payloads.csv, demands.csv, ...)
    samples: int
    timeout_s: float
    profiles: Path
    certs: Path
    real_time: realtime.RealTime
    lease: DomainLease
    environment: dict
    backend: object  # the middleware's module (runner/middleware/)
    topology: topologies.Topology
    kind: kinds.Kind = kinds.LATENCY  # what the run measures
    grid: kinds.Grid | None = None  # throughput: the cases of every payload
    counting: CountedPath | None = None  # the instructions signal: what callgrind counts
    shared_memory: SharedMemory | None = None  # the shared-memory family's namespace (and service)

    @property
    def payloads_file(self):  # LatencyTest's "demands" file
        return self.inputs / "payloads.csv"

    @property
    def demands_file(self):  # ThroughputTest's
        return self.inputs / "demands.csv"

    @property
    def recoveries_file(self):
        return self.inputs / "recoveries.csv"

    def realtime_options(self):
        """{publisher, subscriber: the options} of a program that applies the real-time settings itself
        (interface.Program.realtime_options), else {}."""
        options = self.kind.program(self.backend).realtime_options
        if options is None:
            return {}
        return {role: tuple(options(real_time=self.real_time, cpus=self.kind.cpus(self.real_time, role)))
                for role in ("publisher", "subscriber")}

    def program_run(self, subexperiment, logs, raw):
        """What the backend's program gets of one sub-experiment's run (interface.ProgramRun): a frozen
        view, not this configuration, so a backend depends on the interface alone."""
        every_role, publisher_only = self.kind.arguments(self, raw)
        return interface.ProgramRun(
            configuration=interface.configuration(subexperiment, self.profiles, self.certs, self.lease.tcp_port,
                                                  self.lease.domain, self.topology, self.counting is not None),
            binary=self.binary, logs=logs, arguments=tuple(every_role), publisher_arguments=tuple(publisher_only),
            payloads=self.payloads, prefixes={role: tuple(self.topology.prefix(role)) for role in interface.ROLES},
            realtime_options=self.realtime_options())


def _utc_now():
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class CheckedInputs:
    """A run's inputs once checked: what it measures, the middleware's backend and program, the
    sub-experiments in report order, the payloads sorted, the profiles and security artifacts
    directories, the sub-experiments the middleware or the topology cannot run ({name: why}),
    the throughput grid, the counted path and the family."""

    kind: kinds.Kind
    backend: object
    binary: Path
    subexperiments: tuple
    payloads: tuple
    profiles: Path | None
    certs: Path
    unsupported: dict
    grid: kinds.Grid | None = None
    counting: CountedPath | None = None
    family: str = SPEC_FAMILY

    @property
    def shared_memory(self):
        """Whether a sub-experiment that runs needs the run's shared memory (runner/shared_memory.py)."""
        return any(Subexperiment(name).shared_memory for name in self.subexperiments if name not in self.unsupported)


INT32_MAX = 2**31 - 1  # the largest `--samples` LatencyTest reads (an int)


def validate_run(spec):
    """Check every input of a run (runner/run_spec.RunSpec) of the Matrix its options choose
    (formats.choose_matrix); returns CheckedInputs. Raises InputError."""
    return validate_run_of(spec, choose_matrix(spec.family, spec.subexperiments, spec.payloads))


def validate_run_of(spec, matrix):
    """Check every input of a run of a Matrix chosen already (the relative gate chooses its own, once,
    where its spec is built); returns CheckedInputs. Raises InputError."""
    backend = middleware_backend(spec.middleware)
    measured = kinds.check_kind(spec, backend, set(matrix.families.values()))
    payloads, program = matrix.payloads, measured.program
    if payloads[0] < 16:
        raise InputError(f"payloads must be at least 16 bytes (LatencyTest's and ThroughputTest's minimum), "
                         f"got {payloads[0]}")
    beyond = sorted(set(payloads) - set(program.payloads or payloads))
    if beyond:
        raise InputError(f"{program.name} cannot measure payload(s) of {', '.join(map(str, beyond))} bytes "
                         f"(it can: {', '.join(map(str, program.payloads))})")
    # The programs read them as C's 32-bit numbers (LatencyTest: an int and uint32_t): a larger one
    # wraps, and the run would measure another than the one its record names.
    if payloads[-1] > kinds.UINT32_MAX:
        raise InputError(f"payloads must be at most {kinds.UINT32_MAX} bytes, got {payloads[-1]}")
    if not 1 <= spec.samples <= INT32_MAX:
        raise InputError(f"samples must be between 1 and {INT32_MAX}, got {spec.samples}")
    if spec.timeout_s is not None and not 0 < spec.timeout_s < float("inf"):  # nan: a hung program never killed
        raise InputError(f"time-out must be a positive number of seconds, got {spec.timeout_s}")
    if spec.retries < 0:
        raise InputError(f"retries must be 0 or more, got {spec.retries}")
    if spec.profiles and program.profiles is None:  # it would be recorded as the run's configuration
        raise InputError(f"{program.name} takes no configuration files: --profiles is not its")
    profiles = Path(spec.profiles) if spec.profiles else program.profiles
    certs = Path(spec.certs or default_certs_directory()).resolve()
    sides = topologies.describe(topologies.validate(spec.topology), domain=CHECKED_DOMAIN)
    unsupported, counted_path = interface.check_run(backend, measured.binary, matrix.families, sides, profiles, certs,
                                                    (TCP_PORT_BASE, CHECKED_DOMAIN), measured.counting)
    if any(Subexperiment(name).security for name in matrix.families if name not in unsupported):
        security.check_security_artifacts(certs)
    check_stress(spec.stress)
    checked = CheckedInputs(measured.kind, backend, measured.binary, matrix.subexperiments, payloads, profiles, certs,
                            unsupported, measured.grid, counted_path, matrix.family.name)
    if checked.shared_memory:
        shared_memory.check_tools()
        service = interface.shared_memory_service(backend)
        if service is not None:
            service.check()
    return checked


def run_experiment(results_directory, spec, out=None, err=None):
    """Run the experiment a RunSpec describes; returns EXIT_OK, EXIT_RUN_FAILED if any
    sub-experiment failed, or EXIT_INTERRUPTED.

    spec.realtime_preset: the real-time preset (realtime.py) fills every real-time option left
    at None; False leaves them to the OS.
    spec.signal: "instructions" runs every process under callgrind (runner/counting.py) and
    writes instructions_/functions_/allocations_<sub-experiment>.csv beside the measurements; counts do not
    depend on scheduling, so such a run leaves scheduling, CPUs and idle states to the OS.

    Raises InputError (exit 3) before anything runs when an input is wrong.
    """
    out = out or sys.stdout  # looked up per call: a default bound at import would keep a replaced stream
    checked = validate_run(spec)
    err = err or sys.stderr  # looked up per call: tests and the gate replace it
    with held_directory(results_directory, "results directory", _another_run_writes_there), StopSignals() as signals:
        run = _prepare(Path(results_directory), spec, checked)
        for warning in run.config.real_time.warnings:
            print(f"warning: {warning}", file=err)
        try:
            with signals.interrupting():
                _loop(run, spec, checked, out, err)
        except Interrupted as interruption:
            run.metadata = replace(run.metadata, interrupted=str(interruption))
        finally:
            _clean_up(run, signals)
    if run.metadata.interrupted:
        print(f"interrupted; partial results in {run.config.results}", file=out, flush=True)
        return EXIT_INTERRUPTED
    total = len(checked.subexperiments) - len(checked.unsupported)
    skipped = f" ({len(checked.unsupported)} unsupported)" if checked.unsupported else ""
    print(f"{total - run.failures}/{total} sub-experiments passed{skipped}; results in {run.config.results}",
          file=out, flush=True)
    return EXIT_RUN_FAILED if run.failures else EXIT_OK


@dataclass
class _Run:
    """A run under way: its shared configuration, its metadata so far, and what it holds."""

    config: RunConfig
    metadata: run_metadata.RunMetadata
    marker: dict  # the environment variable every process of the run carries
    cpu_idle_hold: realtime.CpuIdleHold
    stress_process: object = None
    failures: int = 0

    def save(self):
        run_metadata.write(self.config.results, self.metadata)


def _another_run_writes_there(results):
    """A results directory is one run's while it runs (held_directory): two runs' metadata.json
    and partial files would mix."""
    raise InputError("another run is writing to this results directory", results)


def _prepare(results, spec, checked):
    """The real-time settings, environment, leased domain and port, the program's inputs and the
    metadata recorded before the first sub-experiment, in the results directory."""
    # Runs into the same directory accumulate (colcon test's do): the first one's run id and
    # start time stand, and each sub-experiment's entry until this run replaces it (_loop).
    earlier = run_metadata.read_if_present(results)
    kind = checked.kind
    if earlier and earlier.kind != kind.name:
        raise InputError(f"holds a {earlier.kind} run: a {kind.name} run needs a results directory of its own",
                         results)
    if earlier:
        differ = settings_differ(earlier, spec, checked)
        if differ:
            raise InputError(f"holds a run of other settings ({'; '.join(differ)}): a run adds to a results directory "
                             "only with the same settings; give it a directory of its own", results)
    else:
        _check_holds_no_results(results)
    # Counts do not depend on scheduling: a counted run leaves it to the OS (metadata's
    # settings.requested still says what was asked for).
    real_time = (realtime.prepare(False, None, None, None, None) if checked.counting
                 else realtime.prepare(spec.realtime_preset, spec.rt_prio, spec.pub_cpus, spec.sub_cpus, spec.cpu_idle))
    host = platform_info.describe_host()
    started_at = (earlier and earlier.started_at) or _utc_now()
    run_id = spec.run_id or (earlier and earlier.run_id) or run_metadata.make_run_id(
        datetime.datetime.fromisoformat(started_at), runner=host["host"])
    # Every process the run starts carries its run id, so leftovers are easy to find.
    marker = {RUN_ID_VARIABLE: run_id}
    environment = library_environment(checked.binary) | marker
    if checked.counting and checked.counting.library_directory:
        libraries = [checked.counting.library_directory, environment.get("LD_LIBRARY_PATH")]
        environment["LD_LIBRARY_PATH"] = ":".join(filter(None, libraries))
    if real_time.lock_memory and checked.kind.program(checked.backend).realtime_options is None:
        preload = [str(real_time.lock_memory_library), environment.get("LD_PRELOAD")]
        environment["LD_PRELOAD"] = " ".join(filter(None, preload))
    logs = results / "logs"
    logs.mkdir(exist_ok=True)  # before anything is held or made: a file of that name refuses the run here
    with ExitStack() as made:  # released if the set-up does not complete
        lease = DomainLease(spec.domain)
        made.callback(lease.release)
        sides = topologies.prepare(spec.topology, lease.domain)
        made.callback(sides.release)
        config = RunConfig(checked.binary, results, checked.payloads, logs, spec.samples, _timeout_s(spec, checked),
                           checked.profiles, checked.certs, real_time, lease, environment, checked.backend, sides,
                           kind, checked.grid, checked.counting,
                           SharedMemory(interface.shared_memory_service(checked.backend), logs)
                           if checked.shared_memory else None)
        kind.write_inputs(config)
        metadata = _record(spec, checked, config, host, run_id, started_at, earlier)
        made.pop_all()  # the run's now: its clean-up releases them
    return _Run(config, metadata, marker, realtime.CpuIdleHold())


def _timeout_s(spec, checked):
    return spec.timeout_s or checked.kind.default_timeout(spec.samples, checked.payloads, checked.grid)


def _counted(checked):
    """What counted the per-sample path (settings.counted), or None: a timed run."""
    return checked.counting and (f"{counting.valgrind_version()} {counting.TOOL}"
                                 + (" with its cache simulation" if checked.counting.cache_sim else "")
                                 + f": {checked.counting.description}")


def settings_differ(earlier, spec, checked):
    """How a recorded run (run_metadata.RunMetadata) measured with other settings than the run of
    `spec` (checked: CheckedInputs) would: ["samples 20, not 2000", ...], empty when alike. A results
    directory's metadata.json settings are its runs', and its summaries and checks describe them."""
    run = {"middleware": spec.middleware, "latency_test": str(checked.binary), "family": checked.family,
           "samples": spec.samples if checked.kind is kinds.LATENCY else None, "payloads": list(checked.payloads),
           "grid": checked.grid and checked.grid.recorded()}
    settings = {"topology": spec.topology, "stress": spec.stress, "counted": _counted(checked),
                "profiles": checked.profiles and str(checked.profiles), "certs": str(checked.certs),
                "timeout_s": _timeout_s(spec, checked), "retries": spec.retries}
    requested = spec.requested_real_time()  # what is in force may differ by what the platform refused
    recorded = ({name: getattr(earlier, name) for name in run} | {name: getattr(earlier.settings, name) for name in settings}
                | {name: (earlier.settings.requested or {}).get(name) for name in requested})
    return [f"{name} {recorded[name]}, not {value}" for name, value in (run | settings | requested).items()
            if recorded[name] != value]


def _check_holds_no_results(results):
    """InputError when a directory without metadata.json holds results (of another tool, or of a run
    whose metadata.json is gone): this run's would mix with them, and `process` take them for its own."""
    found = sorted(path.name for pattern in (MEASUREMENTS.glob, CHECKS_GLOB, COUNTS_GLOB) for path in results.glob(pattern))
    if found:
        raise InputError(f"holds {found[0]} but no metadata.json: results of something else than a run; give the run "
                         "a directory of its own", results)


def _record(spec, checked, config, host, run_id, started_at, earlier):
    """metadata.json as the run starts: what runs where and how, and the outcomes it keeps.

    Warnings are one list of the directory, not kept per sub-experiment: an earlier run's stay (they
    say how the results it stored were measured), and this run adds its own, each once (runs of the
    same settings on one machine refuse the same real-time settings). Only a sub-experiment's own
    warnings, those naming it first (`<name>: ...`, _keep_stored), go when a later run records it
    again (_without_own_warnings)."""
    described = checked.backend.describe(binary=config.binary, environment=config.environment)
    fastdds = spec.middleware == run_metadata.DEFAULT_MIDDLEWARE  # the legacy keys are the runs before backends
    real_time, lease, sides = config.real_time, config.lease, config.topology
    return run_metadata.RunMetadata(
        run_id=run_id,
        kind=checked.kind.name,
        family=checked.family,
        middleware=spec.middleware,
        middleware_title=checked.backend.TITLE,
        **described,
        fastdds_version=described["middleware_version"] if fastdds else None,
        fastdds_library=described["middleware_library"] if fastdds else None,
        latency_test=str(config.binary),
        **host,
        settings=run_metadata.Settings(
            **real_time.regime(), cpuidle=realtime.cpuidle_state(), stress=spec.stress, domain=lease.domain,
            topology=sides.name,
            addresses={"publisher": sides.publisher_address, "subscriber": sides.subscriber_address},
            tcp_port=lease.tcp_port, timeout_s=config.timeout_s, retries=spec.retries,
            profiles=config.profiles and str(config.profiles), certs=str(config.certs),
            counted=_counted(checked),
            requested=spec.requested_real_time(),
        ),
        samples=spec.samples if checked.kind is kinds.LATENCY else None,
        payloads=list(checked.payloads),
        grid=checked.grid and checked.grid.recorded(),
        started_at=started_at,
        warnings=list(earlier.warnings) if earlier else [],
        subexperiments=dict(earlier.subexperiments) if earlier else {},  # each stands until replaced (_loop)
    ).with_warning(*real_time.warnings)


def _loop(run, spec, checked, out, err):
    """The stress, the CPU-idle hold, the baseline, then every sub-experiment, recorded as it ends."""
    config = run.config
    logs = config.inputs  # logs/: the program's input files beside every process's log
    run.stress_process = start_stress(spec.stress, logs, dict(os.environ) | run.marker)
    if config.real_time.cpu_idle == realtime.CPU_IDLE_HOLD:
        run.metadata = _hold_cpu_idle(run.cpu_idle_hold, run.metadata, err)
        config.real_time.cpu_idle = run.metadata.settings.cpu_idle  # in force: a program's own options follow it
    run.metadata = replace(run.metadata, settings=replace(run.metadata.settings,
                                                          program_realtime=_program_realtime(config)))
    run.save()
    baseline, warning = platform_info.measure_baseline(spec.baseline_s, dict(os.environ) | run.marker,
                                                       config.real_time.rt_prio, config.real_time.pub_cpus)
    run.metadata = replace(run.metadata, platform_baseline=baseline)
    if warning:
        run.metadata = run.metadata.with_warning(warning)
        print(f"warning: {warning}", file=err)
    if baseline:
        print(f"platform baseline (cyclictest {spec.baseline_s} s): avg {baseline['avg_us']} us, "
              f"p99 {baseline['p99_us']:g} us, max {baseline['max_us']} us", file=out, flush=True)
    if config.shared_memory:
        config.shared_memory.start(config, dict(os.environ) | run.marker)
    chosen = checked.subexperiments
    width = max(map(len, chosen))
    stress_ended = False
    for index, name in enumerate(chosen, 1):
        label = f"[{index:2d}/{len(chosen)}] {name:<{width}} "
        print(label, end="", file=out, flush=True)
        if run.stress_process is not None and not stress_ended and has_exited(run.stress_process):
            stress_ended = True
            run.metadata = run.metadata.with_warning(f"stress-ng ended before {name}: the load did not last "
                                                     "(logs/stress-ng.log)")
        if name in checked.unsupported:
            _record_outcome(run, name, run_metadata.SubexperimentOutcome(status="unsupported",
                                                                        error=checked.unsupported[name]))
            print(f"unsupported: {checked.unsupported[name]}", file=out, flush=True)
            continue
        # A result an earlier run into the directory stored stands until this run stores one.
        stored = name in run.metadata.subexperiments and run.metadata.subexperiments[name].status == "passed"
        try:
            outcome, earlier_attempts = run_with_retries(name, config, logs, spec.retries, out, err, len(label),
                                                         RERUN if stored else "")
        except Interrupted as interruption:
            print("interrupted", file=out, flush=True)
            if stored:
                _keep_stored(run, name, f"interrupted: {interruption}", err)
            else:
                _record_outcome(run, name, run_metadata.SubexperimentOutcome(status="interrupted"))
            raise
        run.failures += outcome.status != "passed"
        print(outcome_text(outcome), file=out, flush=True)
        if stored and outcome.status != "passed":
            _keep_stored(run, name, f"{outcome.status}: {outcome.error}", err)
            continue
        if stored:
            publish_logs(logs, name, outcome.commands)
        # Per entry too: runs accumulated into one directory (colcon test) each had their own.
        _record_outcome(run, name, outcome.recorded(
            run_metadata.SubexperimentOutcome, domain=config.lease.domain, tcp_port=config.lease.tcp_port,
            earlier_attempts=earlier_attempts))


def _record_outcome(run, name, entry):
    """`entry` becomes the sub-experiment's in metadata.json; an earlier result's files go (its summary
    and checks described other samples; an entry that did not pass has no measurements), and so do the
    earlier runs' warnings of the sub-experiment (they described the entry replaced)."""
    stale = (summary_path, checks_path) + ((measurements_path,) if entry.status != "passed" else ())
    for path in stale:
        path(run.config.results, name).unlink(missing_ok=True)
    run.metadata = _without_own_warnings(run.metadata, name).with_outcome(name, entry)
    run.save()


def _keep_stored(run, name, how, err):
    """This run stored no result of a sub-experiment an earlier run stored one of (`how`): that result, its
    entry, its logs and files stand; this run's logs and files stay beside them. Its warning replaces an
    earlier run's of the sub-experiment (it named logs this run's have overwritten)."""
    files = keep_failed_files(run.config.inputs, name)
    warning = (f"{name}: this run stored no result ({how}); the one an earlier run stored stands "
               f"(this run's logs: logs/{name}_*{RERUN}*.log" + (f", its files: logs/{files}/)" if files else ")"))
    run.metadata = _without_own_warnings(run.metadata, name).with_warning(warning)
    print(f"warning: {run.config.results}: {warning}", file=err)
    run.save()


def _without_own_warnings(metadata, name):
    """The metadata without the warnings of a sub-experiment (those that name it first, _keep_stored)."""
    return replace(metadata, warnings=[warning for warning in metadata.warnings
                                       if not warning.startswith(f"{name}: ")])


def _clean_up(run, signals):
    """Release everything the run holds, in every case, each step even when one before it failed, and
    record how the run ended: interrupted also by a stop signal held during the clean-up."""
    config = run.config
    with ExitStack() as steps:  # its callbacks run last registered first: the last step is registered first
        steps.callback(_record_end, run, signals)
        steps.callback(config.lease.release)
        steps.callback(config.topology.release)
        if config.topology.namespaces:
            steps.callback(_record_traffic, run)
        if config.shared_memory:
            steps.callback(config.shared_memory.release)
        steps.callback(run.cpu_idle_hold.release)
        if run.stress_process is not None:
            steps.callback(kill_group, run.stress_process)


def _record_traffic(run):
    run.metadata = replace(run.metadata, settings=replace(run.metadata.settings,
                                                          link_packets=run.config.topology.traffic()))


def _record_end(run, signals):
    run.metadata = replace(run.metadata, interrupted=run.metadata.interrupted or signals.take(),
                           finished_at=_utc_now())
    run.save()


def _program_realtime(config):
    """{role: options} of a program that applies the real-time settings itself, else None."""
    return {role: shlex.join(options) for role, options in config.realtime_options().items()} or None


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
