"""One sub-experiment: its processes (LatencyTest, ThroughputTest, or the program of another
middleware backend) run to an outcome, retried after a failure or time-out, the raw export
stored in the spec's measurements format (runner/kinds.py).
"""

import shlex
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from latency_gate.contracts import run_metadata
from latency_gate.contracts.formats import measurements_path, rejected_export_path
from latency_gate.errors import InputError
from latency_gate.runner import counting
from latency_gate.runner.middleware.common import Subexperiment
from latency_gate.runner.middleware.interface import ROLES
from latency_gate.runner.processes import kill_group, start, supervise


# What a sub-experiment's logs carry in their names while its stored result stands (it passed in an earlier
# run into the directory): <name>_<role>.rerun.log and .rerun.attempt-<n>.log, until the re-run stores a
# result of its own (publish_logs). The files its program writes itself (rendered configurations, callgrind
# profiles, perf_test's driver logs) go to logs/<name>.rerun/ meanwhile (files_directory).
RERUN = ".rerun"

# The exit code of a program that refused its command line or input files (the project's programs:
# pingpong/src/command_line.h; perf_test's driver: argparse's): the same command fails the same way
# again, so it is not retried. LatencyTest and ThroughputTest exit 0 or 1.
REFUSED_INPUT = 2


@dataclass
class Outcome:
    status: str  # passed, failed or timed_out
    duration_s: float
    exit_codes: dict
    commands: dict
    samples_expected: int  # throughput: cases
    samples: int = 0  # recorded: LatencyTest records nothing for a round trip over 100 ms
    error: str | None = None

    @property
    def refused_input(self):
        """A program refused its command line or input: the same command would fail the same way."""
        return REFUSED_INPUT in self.exit_codes.values()

    def recorded(self, record, **own_fields):
        """This attempt as metadata.json records it: `record` is run_metadata.Attempt for an
        earlier attempt, run_metadata.SubexperimentOutcome for the last one (with its own fields)."""
        return record(
            status=self.status, duration_s=round(self.duration_s, 3), exit_codes=self.exit_codes,
            samples_expected=self.samples_expected, samples_recorded=self.samples, error=self.error,
            commands={role: shlex.join(command) for role, command in self.commands.items()}, **own_fields,
        )


class ElapsedTicker:
    """The seconds a sub-experiment has run so far, rewritten in place after its progress label while it
    runs, on a terminal only (a CI log keeps one line a sub-experiment); erased before its result."""

    def __init__(self, out, started):
        self.out = out if out is not None and out.isatty() else None
        self.started, self.shown = started, ""

    def __call__(self, now):
        text = f"{now - self.started:5.0f} s"
        if self.out is not None and text != self.shown:
            self._write("\b" * len(self.shown) + text)
            self.shown = text

    def erase(self):
        if self.out is not None and self.shown:
            width = len(self.shown)
            self._write("\b" * width + " " * width + "\b" * width)
            self.shown = ""

    def _write(self, text):
        print(text, end="", file=self.out, flush=True)


def files_directory(logs, name, tag):
    """Where a sub-experiment's program writes its own files (its rendered configurations, callgrind profiles,
    perf_test's driver logs): logs/, or for a re-run logs/<name>.rerun/, so that the stored result's stand
    until the re-run stores a result (publish_logs) and a failed re-run's stay there, beside them."""
    return logs / f"{name}{tag}" if tag else logs


def _attempt_files(logs, name, roles):
    """What names each file an attempt leaves in logs/ under its own name, given a tag (a re-run's, an earlier
    attempt's): its processes' logs and a raw export it rejected (formats.rejected_export_path)."""
    return [lambda tag, role=role: logs / f"{name}_{role}{tag}.log" for role in roles] + [
        lambda tag: rejected_export_path(logs, name, tag)]


def run_subexperiment(name, config, logs, tag="", out=None):
    """Run one sub-experiment, its logs <name>_<role><tag>.log; write its measurements CSV on success. Never
    raises for run failures. On a terminal `out`, the seconds it has run show as it runs."""
    subexperiment = Subexperiment(name)
    results = config.results
    measurements = measurements_path(results, name)
    # Hidden, never taken for a result: the program's raw export, and its conversion (and a counted run's
    # counts) until the result is whole.
    raw, stored = results / f".partial-{measurements.name}", results / f".stored-{measurements.name}"
    counts = results / f".stored-counts-{name}"
    raw.unlink(missing_ok=True)
    files = files_directory(logs, name, tag)
    if files != logs:  # an earlier attempt's or failed re-run's files: this attempt's must not mix with them
        shutil.rmtree(files, ignore_errors=True)
        files.mkdir()
    program = config.kind.program(config.backend)
    in_shared_memory = config.shared_memory.prefix() if subexperiment.shared_memory and config.shared_memory else []
    commands = {
        role: config.topology.prefix(role)
        + in_shared_memory
        + (config.real_time.prefix(config.kind.cpus(config.real_time, role)) if program.realtime_options is None
           else [])
        + (counting.prefix(config.counting, role, files, name) if config.counting else [])
        + command
        for role, command in program.commands(run=config.program_run(subexperiment, files, raw)).items()
    }
    counting.clear_profiles(files, name)
    processes = {}
    started = time.monotonic()
    ticker = ElapsedTicker(out, started)
    verdict = "interrupted"  # unless supervision comes to an end
    try:
        for role, command in commands.items():  # subscriber first: it waits for the publisher
            processes[role] = start(command, logs / f"{name}_{role}{tag}.log", config.environment)
        verdict = supervise(processes, started + config.timeout_s, ticker)
    finally:
        ticker.erase()
        for process in processes.values():
            kill_group(process)
        if verdict == "interrupted":
            raw.unlink(missing_ok=True)
    duration = time.monotonic() - started
    exit_codes = {role: p.returncode for role, p in processes.items()}
    # metadata.json records a re-run only once its files are where the stored result's were (publish_logs):
    # its commands name them there.
    recorded = {role: [argument.replace(f"{files}/", f"{logs}/") for argument in command]
                for role, command in commands.items()}
    outcome = Outcome("failed", duration, exit_codes, recorded, config.kind.expected(config))
    read = "raw data"
    try:
        if verdict == "timed_out":
            outcome.status = "timed_out"
            outcome.error = f"no result within {config.timeout_s:g} s: killed"
        elif any(code != 0 for code in exit_codes.values()):
            failed = ", ".join(f"{role} exit {code}" for role, code in exit_codes.items() if code != 0)
            outcome.error = f"{failed} (see logs/{name}_*.log)" + (": it refused its input, not retried"
                                                                   if outcome.refused_input else "")
        elif not raw.is_file():
            outcome.error = f"{config.binary.name} wrote no raw data"
        else:
            outcome.samples = _store_raw(raw, stored, config, rejected_export_path(logs, name, tag))
            if config.counting:
                read = "counts"
                counts.mkdir(exist_ok=True)
                counting.store(config.counting, files, name, commands, config.payloads, config.samples, counts)
            # Only now does it replace a stored result: a counted run's measurements stand only with their counts.
            for counted in sorted(counts.glob("*")) if config.counting else ():
                counted.replace(results / counted.name)
            stored.replace(measurements)
            outcome.status = "passed"
    except InputError as bad_data:
        outcome.error = f"unusable {read}: {bad_data}"
    finally:
        raw.unlink(missing_ok=True)
        stored.unlink(missing_ok=True)
        shutil.rmtree(counts, ignore_errors=True)
    return outcome


def _store_raw(raw, stored, config, rejected):
    """The kind's store of the raw export; a malformed one is kept as `rejected` (in logs/) and the InputError
    names it there: its hidden partial name is the runner's own, and that file goes."""
    try:
        return config.kind.store(raw, stored, config)
    except InputError as malformed:
        if malformed.path is None or Path(malformed.path) != raw:
            raise
        raw.replace(rejected)
        where = f"{raw}:{malformed.line}: " if malformed.line is not None else f"{raw}: "
        raise InputError(str(malformed).removeprefix(where), f"logs/{rejected.name}", malformed.line) from None


def outcome_text(outcome):
    """How a sub-experiment's attempt reads on the terminal: duration, status, why."""
    detail = f"  {outcome.error}" if outcome.error else ""
    return f"{outcome.duration_s:7.1f} s  {outcome.status}{detail}"


def run_with_retries(name, config, logs, retries, out, err, indent, tag=""):
    """Run a sub-experiment, again after a failure or time-out, up to `retries` more times.

    The outcome of the last attempt decides; the earlier ones stay in the metadata and their
    logs are kept as <name>_<role><tag>.attempt-<n>.log (a retry starts the logs afresh). Each
    attempt's result goes to `out` on a line of its own, the later ones indented by `indent`.
    """
    for named in _attempt_files(logs, name, ROLES):  # another run's, which this one's would be taken for
        for stale in logs.glob(named(f"{tag}.attempt-*").name):
            stale.unlink()
    rejected = rejected_export_path(logs, name, tag)
    rejected.unlink(missing_ok=True)  # a log is started afresh; this is not
    earlier = []
    outcome = run_subexperiment(name, config, logs, tag, out)
    while outcome.status != "passed" and len(earlier) < retries and not outcome.refused_input:
        attempt = len(earlier) + 1
        for named in _attempt_files(logs, name, outcome.commands):
            if named(tag).exists():
                named(tag).replace(named(f"{tag}.attempt-{attempt}"))
        # metadata.json names them as they are once the outcome is recorded (publish_logs), the terminal as they are
        error, named_as = outcome.error, f"logs/{rejected.name}"
        recorded_as, kept_as = (f"logs/{rejected_export_path(logs, name, f'{staged}.attempt-{attempt}').name}"
                                for staged in ("", tag))
        outcome.error = error and error.replace(named_as, recorded_as)
        earlier.append(outcome.recorded(run_metadata.Attempt, logs=f"logs/{name}_*.attempt-{attempt}.log"))
        outcome.error = error and error.replace(named_as, kept_as)
        print(f"{outcome_text(outcome)}; retry {attempt}/{retries}", file=out, flush=True)
        print(f"warning: {config.results}: {name} {outcome.status} ({outcome.error}); running it again "
              f"(attempt {attempt + 1}, the failed attempt's logs: logs/{name}_*{tag}.attempt-{attempt}.log)",
              file=err)
        print(" " * indent, end="", file=out, flush=True)
        outcome = run_subexperiment(name, config, logs, tag, out)
    return outcome, earlier


def publish_logs(logs, name, roles):
    """A re-run's logs and files once its result has replaced the stored one: they take the sub-experiment's
    names, and the stored result's go."""
    for named in _attempt_files(logs, name, roles):
        for old in [*logs.glob(named(".attempt-*").name), named("")]:
            old.unlink(missing_ok=True)
        for staged in [named(RERUN), *logs.glob(named(f"{RERUN}.attempt-*").name)]:
            if staged.exists():
                staged.replace(logs / staged.name.replace(RERUN, "", 1))  # the first: a name holds none
    files = files_directory(logs, name, RERUN)
    if files.is_dir():
        counting.clear_profiles(logs, name)  # the stored result's: the re-run's dumps may be fewer
        for written in sorted(files.iterdir()):
            written.replace(logs / written.name)
        files.rmdir()


def keep_failed_files(logs, name):
    """A re-run that stored no result: its own files stay in logs/<name>.rerun/, beside the stored result's;
    returns that directory's name in logs/, or None when the program wrote none (nothing is left)."""
    files = files_directory(logs, name, RERUN)
    if files.is_dir() and not any(files.iterdir()):
        files.rmdir()
    return files.name if files.is_dir() else None
