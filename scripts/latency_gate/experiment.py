"""Step 1 of the spec: run the latency experiment with Fast DDS's LatencyTest.

For every chosen sub-experiment the runner renders the project's XML profile
(profiles/<sub-experiment>.xml: transport, reliability, security), starts LatencyTest
(`both` for intra-process; `subscriber` and `publisher` for inter-process), and turns
LatencyTest's raw data export into measurements_<sub-experiment>.csv. metadata.json
records what ran where, how, and how each sub-experiment ended.

Isolation: every run takes a DDS domain (and a TCP port derived from it) that no other
run of this runner on the machine holds, via a lock file kept for the whole run, so
concurrent runs neither discover nor disturb each other.

Robustness: everything is checked before anything runs (bad input: exit 3); each
LatencyTest runs in its own process group and is killed with it on time-out or
interruption; background stress is stopped in every case; a sub-experiment that fails or
times out is run again (--retries, default once: LatencyTest hangs now and then), every
attempt recorded; one that fails every attempt is recorded and the others still run (exit 4
at the end).
"""

import argparse
import datetime
import errno
import fcntl
import functools
import os
import re
import shlex
import shutil
import signal
import socket
import string
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, replace
from pathlib import Path

from . import platform_info, realtime, run_metadata, security
from .errors import EXIT_OK, EXIT_RUN_FAILED, InputError
from .formats import (
    LATENCY, PAYLOAD, PAYLOADS, SUBEXPERIMENTS, measurements_path, read_measurements,
    validate_subexperiment, write_csv, write_text_atomic,
)

REPOSITORY = Path(__file__).resolve().parents[2]
PROFILES_DIRECTORY = Path(__file__).resolve().parent / "profiles"
DEFAULT_SAMPLES = 10000
# A sub-experiment's default time-out follows what it has to do: start-up, discovery and
# the DDS Security handshake (under 30 s here), then every round trip at 10x the slowest
# median seen on the 2-core VM (DDS Security over TCP, ~200 us). A full default run's
# sub-experiment: 280 s, where it takes 5-32 s; so a hang (LatencyTest over TCP with
# security, now and then) costs minutes, not the 15 it did with a fixed 900 s.
TIMEOUT_BASE_S = 60.0
TIMEOUT_PER_ROUND_TRIP_S = 0.002
DEFAULT_RETRIES = 1
DEFAULT_BASELINE_S = 3
RUN_ID_VARIABLE = "LATENCY_GATE_RUN_ID"
EXIT_INTERRUPTED = 130  # as the CLI returns for Ctrl-C


def default_timeout(samples, payload_count):
    return TIMEOUT_BASE_S + TIMEOUT_PER_ROUND_TRIP_S * samples * payload_count


def build_directory():
    return Path(os.environ.get("LATENCY_GATE_BUILD_DIR", REPOSITORY / "build"))


def default_latency_test():
    return build_directory() / "colcon" / "install" / "latencytest" / "bin" / "LatencyTest"


def default_certs_directory():
    return Path(os.environ.get("LATENCY_GATE_CERTS_DIR", build_directory() / "security"))


# Domains this runner hands out. 0 (everyone's default) and 230-232 (upstream's XML files,
# LatencyTest's pid % 230 default) are left alone; 232 is the last domain whose RTPS
# ports fit in 16 bits.
_DOMAINS = range(1, 230)
_TCP_PORT_BASE = 31000  # TCP port of a run = base + domain (publisher's listening port)
_SUBSCRIBER_GRACE_S = 15.0  # how long a subscriber may outlive a finished publisher
_TERMINATE_GRACE_S = 3.0


@dataclass(frozen=True)
class Subexperiment:
    """What a sub-experiment's name says (spec table); the XML profile says how."""

    name: str

    @property
    def interprocess(self):
        return self.name.startswith("interprocess")

    @property
    def security(self):
        return self.name.endswith("_security")


# ---------------------------------------------------------------------------------------
# Locating and checking inputs (all before anything runs)


def locate_latency_test(path):
    """LatencyTest itself, or the one inside a Fast DDS colcon workspace built with tests."""
    path = Path(path)
    if path.is_dir():
        # colcon installs nothing for tests: LatencyTest stays in the package's build tree.
        candidates = sorted(path.glob("install/*/bin/LatencyTest")) + sorted(
            path.glob("build/*/test/performance/latency/LatencyTest")
        )
        if not candidates:
            raise InputError(
                "no LatencyTest in this workspace (expected build/<pkg>/test/performance/latency/"
                "LatencyTest: build Fast DDS with -DPERFORMANCE_TESTS=ON)", path,
            )
        path = candidates[0]
    if not path.is_file():
        raise InputError("LatencyTest binary not found (run scripts/setup/build_latencytest.sh)", path)
    if not os.access(path, os.X_OK):
        raise InputError("LatencyTest binary is not executable", path)
    return path.resolve()


def _workspace_of(binary):
    """The colcon workspace holding a LatencyTest, if it is in one."""
    for parent in binary.parents:
        if (parent / "install").is_dir() and (parent / "build").is_dir():
            return parent
    return None


def _library_environment(binary):
    """Environment for LatencyTest: a workspace's own Fast DDS libraries come first."""
    environment = dict(os.environ)
    workspace = _workspace_of(binary)
    if workspace is not None:
        libraries = [str(p) for p in sorted(workspace.glob("install/*/lib")) if p.is_dir()]
        if environment.get("LD_LIBRARY_PATH"):
            libraries.append(environment["LD_LIBRARY_PATH"])
        environment["LD_LIBRARY_PATH"] = ":".join(libraries)
    return environment


def fastdds_library(binary, environment):
    """(version, resolved library path) of the libfastrtps LatencyTest loads."""
    result = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, env=environment)
    match = re.search(r"libfastrtps\.so[^\s]*\s+=>\s+(\S+)", result.stdout)
    if not match or not Path(match[1]).exists():
        return None, None
    library = Path(match[1]).resolve()
    version = re.search(r"\.so\.(\d+(?:\.\d+)*)$", library.name)
    return (version[1] if version else None), str(library)


@functools.lru_cache(maxsize=8)  # the relative gate asks for the same two builds hundreds of times
def source_revision(binary, library):
    """Git revision of the workspace's Fast DDS sources, else the Debian package version."""
    workspace = _workspace_of(binary)
    if workspace is not None:
        for name in ("Fast-DDS", "fastrtps", "Fast-RTPS", "fastdds"):  # names the repository is cloned as
            source = workspace / "src" / name
            if not source.is_dir():
                continue
            result = subprocess.run(["git", "-C", str(source), "rev-parse", "HEAD"], capture_output=True, text=True)
            if result.returncode == 0:
                return f"git {result.stdout.strip()}"
    if library:
        owner = subprocess.run(["dpkg-query", "-S", library], capture_output=True, text=True)
        if owner.returncode == 0:
            package = owner.stdout.split(":", 1)[0]
            version = subprocess.run(
                ["dpkg-query", "-W", "-f=${source:Package} ${source:Version}", package],
                capture_output=True, text=True,
            )
            if version.returncode == 0:
                return f"debian {version.stdout.strip()}"
    return None


def _profile_text(profiles_directory, subexperiment):
    path = Path(profiles_directory) / f"{subexperiment}.xml"
    try:
        return path, path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"no XML profile for sub-experiment '{subexperiment}'", path) from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read XML profile: {error}", path) from None


def render_profile(profiles_directory, subexperiment, certs_directory, tcp_port):
    """The profile with ${certs_dir} and ${tcp_port} filled in, checked to be well-formed XML."""
    path, text = _profile_text(profiles_directory, subexperiment)
    try:
        rendered = string.Template(text).substitute(certs_dir=certs_directory, tcp_port=tcp_port)
    except (KeyError, ValueError) as error:
        raise InputError(f"unknown or malformed placeholder {error} (known: ${{certs_dir}}, ${{tcp_port}})", path) from None
    try:
        ElementTree.fromstring(rendered)
    except ElementTree.ParseError as error:
        line = error.position[0] if error.position else None
        raise InputError(f"not well-formed XML: {error}", path, line) from None
    return rendered


# ---------------------------------------------------------------------------------------
# Domain and port of a run


class DomainLease:
    """A DDS domain and TCP port held by this run until release() (lock file per domain)."""

    def __init__(self, requested=None):
        directory = _lock_directory()
        if requested is not None:
            if requested not in range(0, 233):
                raise InputError(f"--domain must be between 0 and 232, got {requested}")
            candidates = [requested]
        else:
            start = os.getpid() % len(_DOMAINS)  # spread concurrent runs, then probe upwards
            candidates = [_DOMAINS[(start + i) % len(_DOMAINS)] for i in range(len(_DOMAINS))]
        for domain in candidates:
            path = directory / f"domain-{domain}.lock"
            try:  # read-only: flock needs no more, and another user's lock file opens so too
                handle = os.fdopen(os.open(path, os.O_RDONLY | os.O_CREAT, 0o644), "rb")
            except OSError as error:
                raise InputError(f"cannot open the domain lock: {error.strerror}", path) from None
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.close()
                continue
            if _tcp_port_free(_TCP_PORT_BASE + domain):
                self.domain, self.tcp_port, self._handle = domain, _TCP_PORT_BASE + domain, handle
                return
            handle.close()
        raise InputError(
            f"domain {requested} is in use by another run" if requested is not None
            else "no free DDS domain: too many concurrent runs"
        )

    def release(self):
        self._handle.close()


def _lock_directory():
    """The machine-wide directory of domain locks; every user's runs must see the same locks,
    so, like /tmp, anyone may add a lock to it (mode 1777, set by whoever created it)."""
    directory = Path(os.environ.get("LATENCY_GATE_LOCK_DIR", Path(tempfile.gettempdir()) / "latency-gate-locks"))
    try:
        directory.mkdir(parents=True, exist_ok=True)
        if directory.stat().st_uid == os.geteuid():
            directory.chmod(0o1777)
    except OSError as error:
        raise InputError(f"cannot use the domain lock directory: {error.strerror}", directory) from None
    return directory


def _tcp_port_free(port):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return False
            raise
    return True


# ---------------------------------------------------------------------------------------
# Processes


class Interrupted(Exception):
    """SIGTERM or SIGINT: stop the run, clean up, report."""


_STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _raise_interrupted(signum, _frame):
    # Only the first signal interrupts: the clean-up it triggers must run to the end.
    for stop in _STOP_SIGNALS:
        signal.signal(stop, signal.SIG_IGN)
    raise Interrupted(signal.Signals(signum).name)


def _start(command, log_path, environment):
    """Start a command in its own process group (session), output to a log file.

    The kernel kills it should the runner itself die without cleaning up (SIGKILL, a
    cancelled CI job): setpriv sets the parent-death signal, which survives the execs of
    taskset, chrt and LatencyTest.
    """
    with open(log_path, "wb") as log:
        return subprocess.Popen(
            ["setpriv", "--pdeathsig", "KILL", *command], stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, env=environment, start_new_session=True,
        )


def _exit_state(process):
    """How the process ended (os.waitid result) or None while it runs, without reaping it:
    while it is unreaped, its pid and process group id cannot be reused, so signalling
    the group stays safe."""
    return os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)


def _has_exited(process):
    return _exit_state(process) is not None


def _failed(process):
    state = _exit_state(process)
    return state is not None and not (state.si_code == os.CLD_EXITED and state.si_status == 0)


def _kill_group(process):
    """Stop a process and everything in its process group, then reap it."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)  # finish even on Ctrl-C
    try:
        if not _has_exited(process):
            os.killpg(process.pid, signal.SIGTERM)
            os.killpg(process.pid, signal.SIGCONT)  # a stopped process acts on SIGTERM only once continued
            deadline = time.monotonic() + _TERMINATE_GRACE_S
            while not _has_exited(process) and time.monotonic() < deadline:
                time.sleep(0.02)
        # The leader, if it ignored SIGTERM, and whatever it left in its group.
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


@dataclass
class Outcome:
    status: str  # passed, failed or timed_out
    duration_s: float
    exit_codes: dict
    commands: dict
    samples_expected: int
    samples: int = 0  # recorded: LatencyTest records nothing for a round trip over 100 ms
    error: str | None = None

    def recorded(self, record, **own_fields):
        """This attempt as metadata.json records it: `record` is run_metadata.Attempt for an
        earlier attempt, run_metadata.SubexperimentOutcome for the last one (with its own fields)."""
        return record(
            status=self.status, duration_s=round(self.duration_s, 3), exit_codes=self.exit_codes,
            samples_expected=self.samples_expected, samples_recorded=self.samples, error=self.error,
            commands={role: shlex.join(command) for role, command in self.commands.items()}, **own_fields,
        )


def _supervise(processes, deadline):
    """Wait for the processes; None when they ended (or one failed), 'timed_out' at the deadline.

    A failed process ends the wait at once: its partner would wait for it forever. A
    subscriber also waits for its publisher's commands forever, so once the publisher has
    ended the subscriber gets a short grace period rather than the whole time-out.
    """
    publisher = processes.get("publisher") or processes.get("both")
    while True:
        if all(_has_exited(p) for p in processes.values()) or any(_failed(p) for p in processes.values()):
            return None
        now = time.monotonic()
        if now >= deadline:
            return "timed_out"
        if _has_exited(publisher):
            deadline = min(deadline, now + _SUBSCRIBER_GRACE_S)
        time.sleep(0.05)


def run_subexperiment(name, config, logs):
    """Run one sub-experiment; write its measurements CSV on success. Never raises for run failures."""
    subexperiment = Subexperiment(name)
    profile = logs / f"{name}.xml"
    write_text_atomic(profile, render_profile(config.profiles, name, config.certs, config.lease.tcp_port))
    results = config.results
    raw = results / f".partial-measurements_{name}.csv"  # hidden: never taken for a result
    raw.unlink(missing_ok=True)
    common = ["--xml", str(profile), "--file", str(config.payloads_file), "--domain", str(config.lease.domain)]
    sampled = ["--samples", str(config.samples), "--export_raw_data", str(raw)]
    binary = str(config.binary)
    if subexperiment.interprocess:
        commands = {
            "subscriber": config.real_time.prefix(config.real_time.sub_cpus) + [binary, "subscriber", *common],
            "publisher": config.real_time.prefix(config.real_time.pub_cpus) + [binary, "publisher", *sampled, *common],
        }
    else:
        commands = {"both": config.real_time.prefix(config.real_time.pub_cpus) + [binary, "both", *sampled, *common]}
    processes = {}
    started = time.monotonic()
    verdict = "interrupted"  # unless supervision comes to an end
    try:
        for role, command in commands.items():  # subscriber first: it waits for the publisher
            processes[role] = _start(command, logs / f"{name}_{role}.log", config.environment)
        verdict = _supervise(processes, started + config.timeout_s)
    finally:
        for process in processes.values():
            _kill_group(process)
        if verdict == "interrupted":
            raw.unlink(missing_ok=True)
    duration = time.monotonic() - started
    exit_codes = {role: p.returncode for role, p in processes.items()}
    outcome = Outcome("failed", duration, exit_codes, commands, config.samples * len(config.payloads))
    try:
        if verdict == "timed_out":
            outcome.status = "timed_out"
            outcome.error = f"no result within {config.timeout_s:g} s: killed"
        elif any(code != 0 for code in exit_codes.values()):
            failed = ", ".join(f"{role} exit {code}" for role, code in exit_codes.items() if code != 0)
            outcome.error = f"{failed} (see logs/{name}_*.log)"
        elif not raw.is_file():
            outcome.error = "LatencyTest wrote no raw data"
        else:
            outcome.samples = _store_measurements(raw, measurements_path(results, name), config.payloads)
            outcome.status = "passed"
    except InputError as bad_data:
        outcome.error = f"unusable raw data: {bad_data}"
    finally:
        raw.unlink(missing_ok=True)
    return outcome


def _outcome_text(outcome):
    """How a sub-experiment's attempt reads on the terminal: duration, status, why."""
    detail = f"  {outcome.error}" if outcome.error else ""
    return f"{outcome.duration_s:7.1f} s  {outcome.status}{detail}"


def run_with_retries(name, config, logs, retries, out, err, indent):
    """Run a sub-experiment, again after a failure or time-out, up to `retries` more times.

    The outcome of the last attempt decides; the earlier ones stay in the metadata and their
    logs are kept as <name>_<role>.attempt-<n>.log (a retry starts the logs afresh). Each
    attempt's result goes to `out` on a line of its own, the later ones indented by `indent`.
    """
    earlier = []
    outcome = run_subexperiment(name, config, logs)
    while outcome.status != "passed" and len(earlier) < retries:
        attempt = len(earlier) + 1
        for role in outcome.commands:
            log = logs / f"{name}_{role}.log"
            if log.exists():
                log.replace(logs / f"{name}_{role}.attempt-{attempt}.log")
        attempt_logs = f"logs/{name}_*.attempt-{attempt}.log"
        earlier.append(outcome.recorded(run_metadata.Attempt, logs=attempt_logs))
        print(f"{_outcome_text(outcome)}; retry {attempt}/{retries}", file=out, flush=True)
        print(f"warning: {config.results}: {name} {outcome.status} ({outcome.error}); running it again "
              f"(attempt {attempt + 1}, the failed attempt's logs: {attempt_logs})", file=err)
        print(" " * indent, end="", file=out, flush=True)
        outcome = run_subexperiment(name, config, logs)
    return outcome, earlier


def _store_measurements(raw, destination, payloads):
    """Validate LatencyTest's export and write it in spec format (3 decimals), atomically.

    LatencyTest already writes the spec's columns; rewriting fixes the precision and makes
    the final file appear only once complete.
    """
    measurements = read_measurements(raw)
    missing = sorted(set(payloads) - set(measurements[PAYLOAD].unique()))
    if missing:
        raise InputError(f"no samples for payload(s) {', '.join(map(str, missing))}", raw)
    if (measurements[LATENCY] < 0).any():
        raise InputError("negative latency", raw)
    write_csv(measurements, destination)
    return len(measurements)


# ---------------------------------------------------------------------------------------
# Background stress


def _start_stress(arguments, logs, environment):
    if not arguments:
        return None
    return _start(["stress-ng", *shlex.split(arguments)], logs / "stress-ng.log", environment)


def _check_stress(arguments):
    if not arguments:
        return
    if shutil.which("stress-ng") is None:
        raise InputError("--stress given but stress-ng is not installed (scripts/setup/install_system_packages.sh)")
    try:
        words = shlex.split(arguments)
    except ValueError as error:
        raise InputError(f"--stress '{arguments}': {error}") from None
    # stress-ng checks its own options without running anything.
    check = subprocess.run(["stress-ng", *words, "--dry-run"], capture_output=True, text=True)
    if check.returncode != 0:
        reason = (check.stderr or check.stdout).strip().splitlines()
        raise InputError(f"--stress '{arguments}' rejected by stress-ng: {reason[-1] if reason else check.returncode}")


# ---------------------------------------------------------------------------------------
# The run


@dataclass
class RunConfig:
    """What every sub-experiment of a run shares."""

    binary: Path
    results: Path
    payloads: tuple
    payloads_file: Path  # LatencyTest's "demands" file
    samples: int
    timeout_s: float
    profiles: Path
    certs: Path
    real_time: realtime.RealTime
    lease: DomainLease
    environment: dict


def _utc_now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def validate_run(latency_test=None, subexperiments=None, payloads=None, samples=DEFAULT_SAMPLES,
                 timeout_s=None, profiles=None, certs=None, stress=None, retries=DEFAULT_RETRIES):
    """Check every input of a run; returns the normalised values. Raises InputError."""
    binary = locate_latency_test(latency_test or default_latency_test())
    chosen = tuple(validate_subexperiment(s) for s in (subexperiments or SUBEXPERIMENTS))
    chosen = tuple(s for s in SUBEXPERIMENTS if s in chosen)  # spec order, no duplicates
    payloads = tuple(sorted(set(payloads or PAYLOADS)))
    if payloads[0] < 16:
        raise InputError(f"payloads must be at least 16 bytes (LatencyTest's minimum), got {payloads[0]}")
    if samples < 1:
        raise InputError(f"samples must be positive, got {samples}")
    if timeout_s is not None and timeout_s <= 0:
        raise InputError(f"time-out must be positive, got {timeout_s}")
    if retries < 0:
        raise InputError(f"retries must be 0 or more, got {retries}")
    profiles = Path(profiles or PROFILES_DIRECTORY)
    certs = Path(certs or default_certs_directory()).resolve()
    for name in chosen:
        render_profile(profiles, name, certs, _TCP_PORT_BASE)
    if any(Subexperiment(s).security for s in chosen):
        security.check_security_artifacts(certs)
    _check_stress(stress)
    return binary, chosen, payloads, profiles, certs


def run_experiment(results_directory, latency_test=None, subexperiments=None, payloads=None,
                   samples=DEFAULT_SAMPLES, timeout_s=None, realtime_preset=True, rt_prio=None,
                   pub_cpus=None, sub_cpus=None, cpu_idle=None, stress=None, domain=None, profiles=None, certs=None,
                   retries=DEFAULT_RETRIES, baseline_s=DEFAULT_BASELINE_S, run_id=None, out=sys.stdout, err=None):
    """Run the experiment; returns EXIT_OK, or EXIT_RUN_FAILED if any sub-experiment failed.

    realtime_preset: the real-time preset (realtime.py) fills every real-time option left
    at None; False leaves them to the OS.

    Raises InputError (exit 3) before anything runs when an input is wrong.
    """
    binary, chosen, payloads, profiles, certs = validate_run(
        latency_test, subexperiments, payloads, samples, timeout_s, profiles, certs, stress, retries
    )
    err = err or sys.stderr  # looked up per call: tests and the gate replace it
    results = Path(results_directory)
    try:
        results.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(f"cannot create results directory: {error}", results) from None
    # Runs into the same directory accumulate (colcon test's do): the first one's run id and
    # start time stand, and the entries of the sub-experiments this run does not redo are kept.
    earlier = run_metadata.read_if_present(results)
    real_time = realtime.prepare(build_directory(), realtime_preset, rt_prio, pub_cpus, sub_cpus, cpu_idle)
    host = platform_info.describe_host()
    started_at = (earlier and earlier.started_at) or _utc_now()
    run_id = run_id or (earlier and earlier.run_id) or run_metadata.make_run_id(
        datetime.datetime.fromisoformat(started_at), runner=host["host"])
    # Every process the run starts carries its run id, so leftovers are easy to find.
    marker = {RUN_ID_VARIABLE: run_id}
    environment = _library_environment(binary) | marker
    if real_time.lock_memory:
        preload = [str(realtime.lock_memory_library(build_directory())), environment.get("LD_PRELOAD")]
        environment["LD_PRELOAD"] = " ".join(filter(None, preload))
    lease = DomainLease(domain)
    logs = results / "logs"
    logs.mkdir(exist_ok=True)
    timeout_s = timeout_s or default_timeout(samples, len(payloads))
    config = RunConfig(binary, results, payloads, logs / "payloads.csv", samples, timeout_s, profiles, certs,
                       real_time, lease, environment)
    # LatencyTest's demands format: every payload followed by ';' (without the last ';' it
    # reads the last payload twice).
    write_text_atomic(config.payloads_file, "".join(f"{p};" for p in payloads) + "\n")
    version, library = fastdds_library(binary, environment)
    metadata = run_metadata.RunMetadata(
        run_id=run_id,
        source_revision=source_revision(binary, library),
        fastdds_version=version,
        fastdds_library=library,
        latency_test=str(binary),
        **host,
        settings=run_metadata.Settings(
            **real_time.regime(), cpuidle=realtime.cpuidle_state(), stress=stress, domain=lease.domain,
            tcp_port=lease.tcp_port, timeout_s=timeout_s, retries=retries, profiles=str(profiles), certs=str(certs),
            requested={"realtime_preset": realtime_preset, "rt_prio": rt_prio, "pub_cpus": pub_cpus,
                       "sub_cpus": sub_cpus, "cpu_idle": cpu_idle},
        ),
        samples=samples,
        payloads=list(payloads),
        started_at=started_at,
        warnings=list(real_time.warnings),
        subexperiments={name: outcome for name, outcome in (earlier.subexperiments if earlier else {}).items()
                        if name not in chosen},
    )

    def save():
        run_metadata.write(results, metadata)

    for warning in real_time.warnings:
        print(f"warning: {warning}", file=err)
    previous_handlers = _install_signal_handlers()
    stress_process = None
    cpu_idle_hold = realtime.CpuIdleHold()
    failures = 0
    interrupted = stress_ended = False
    try:
        stress_process = _start_stress(stress, logs, dict(os.environ) | marker)
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
            if stress_process is not None and not stress_ended and _has_exited(stress_process):
                stress_ended = True
                metadata = metadata.with_warning(f"stress-ng ended before {name}: the load did not last "
                                                 "(logs/stress-ng.log)")
            measurement_file = measurements_path(results, name)
            measurement_file.unlink(missing_ok=True)  # a stale result must not pass for this run's
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
            print(_outcome_text(outcome), file=out, flush=True)
            save()
    except Interrupted as interruption:
        metadata = replace(metadata, interrupted=str(interruption))
        interrupted = True
    finally:
        if stress_process is not None:
            _kill_group(stress_process)
        cpu_idle_hold.release()
        lease.release()
        metadata = replace(metadata, finished_at=_utc_now())
        save()
        _restore_signal_handlers(previous_handlers)
    if interrupted:
        print(f"interrupted; partial results in {results}", file=out, flush=True)
        return EXIT_INTERRUPTED
    total = len(chosen)
    print(f"{total - failures}/{total} sub-experiments passed; results in {results}", file=out, flush=True)
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


def _install_signal_handlers():
    if threading.current_thread() is not threading.main_thread():
        return None  # signals reach the main thread only
    return {sig: signal.signal(sig, _raise_interrupted) for sig in _STOP_SIGNALS}


def _restore_signal_handlers(previous):
    for sig, handler in (previous or {}).items():
        signal.signal(sig, handler)


# ---------------------------------------------------------------------------------------
# Command line (subcommands of latency-gate; cli.py adds them)


def _payload(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of bytes: '{text}'") from None
    return value


def add_experiment_options(parser):
    parser.add_argument("-c", "--latency-test", "--fastrtps-ws", dest="latency_test", type=Path,
                        help="LatencyTest binary, or a Fast DDS colcon workspace built with performance "
                             "tests (default: the project-built one under build/)")
    add_matrix_options(parser, DEFAULT_SAMPLES)
    add_execution_options(parser)
    parser.add_argument("--baseline-seconds", dest="baseline_s", type=int, default=DEFAULT_BASELINE_S,
                        help="cyclictest platform baseline before the run; 0 skips it (default: %(default)s)")


def add_matrix_options(parser, samples):
    """Which sub-experiments, payloads and how many samples (shared with the relative gate)."""
    parser.add_argument("--subexperiments", nargs="+", metavar="NAME",
                        help="sub-experiments to run, in spec order (default: all 10)")
    parser.add_argument("--payloads", nargs="+", type=_payload, metavar="BYTES",
                        help="payload sizes (default: 16 .. 16384, powers of two)")
    parser.add_argument("--samples", type=int, default=samples,
                        help="round trips per payload (default: %(default)s)")


def add_execution_options(parser):
    """How each LatencyTest run is executed (shared with the relative gate)."""
    parser.add_argument("--timeout", dest="timeout_s", type=float,
                        help="seconds one sub-experiment may take before it is killed (default: "
                             f"{TIMEOUT_BASE_S:g} + {TIMEOUT_PER_ROUND_TRIP_S * 1000:g} ms per round trip, i.e. samples "
                             "x payloads: 280 s for the full default run)")
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
    parser.add_argument("--profiles", type=Path, help="directory of <sub-experiment>.xml profiles "
                                                      "(default: the package's profiles/)")
    parser.add_argument("--certs", type=Path, help="DDS Security artifacts (default: build/security)")


EXECUTION_OPTIONS = ("timeout_s", "retries", "realtime_preset", "rt_prio", "pub_cpus", "sub_cpus", "cpu_idle", "stress",
                     "domain", "profiles", "certs")


def run_options(args):
    return {key: getattr(args, key) for key in (
        "latency_test", "subexperiments", "payloads", "samples", *EXECUTION_OPTIONS, "baseline_s",
    )}


def add_run_command(subparsers):
    parser = subparsers.add_parser(
        "run", help="run the latency experiment with Fast DDS LatencyTest (spec step 1)",
        description="Writes measurements_<sub-experiment>.csv and metadata.json into the results directory. "
                    "Exit 3 on bad input (nothing runs), 4 when a sub-experiment failed or timed out "
                    "in every attempt.",
    )
    add_experiment_options(parser)
    results = os.environ.get("LATENCY_GATE_RESULTS_DIR")
    parser.add_argument("-r", "--results-dir", "--results_dir", dest="results_dir", type=Path,
                        default=Path(results) if results else None, required=results is None,
                        help="results directory (default: $LATENCY_GATE_RESULTS_DIR)")
    parser.set_defaults(func=lambda args: run_experiment(args.results_dir, **run_options(args)))
