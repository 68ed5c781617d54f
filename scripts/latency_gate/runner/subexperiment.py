"""One sub-experiment: its processes (LatencyTest, ThroughputTest, or the program of another
middleware backend) run to an outcome, retried after a failure or time-out, the raw export
stored in the spec's measurements format (runner/kinds.py).
"""

import shlex
import time
from dataclasses import dataclass

from latency_gate.contracts import run_metadata
from latency_gate.contracts.formats import measurements_path
from latency_gate.errors import InputError
from latency_gate.runner import counting
from latency_gate.runner.middleware.common import Subexperiment
from latency_gate.runner.processes import kill_group, start, supervise


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


def run_subexperiment(name, config, logs):
    """Run one sub-experiment; write its measurements CSV on success. Never raises for run failures."""
    subexperiment = Subexperiment(name)
    results = config.results
    raw = results / f".partial-{measurements_path(results, name).name}"  # hidden: never taken for a result
    raw.unlink(missing_ok=True)
    program = config.kind.program(config.backend)
    in_shared_memory = config.shared_memory.prefix() if subexperiment.shared_memory and config.shared_memory else []
    commands = {
        role: config.topology.prefix(role)
        + in_shared_memory
        + (config.real_time.prefix(config.kind.cpus(config.real_time, role)) if program.realtime_options is None
           else [])
        + (counting.prefix(config.counting, role, logs, name) if config.counting else [])
        + command
        for role, command in program.commands(run=config.program_run(subexperiment, logs, raw)).items()
    }
    counting.clear_profiles(logs, name)
    processes = {}
    started = time.monotonic()
    verdict = "interrupted"  # unless supervision comes to an end
    try:
        for role, command in commands.items():  # subscriber first: it waits for the publisher
            processes[role] = start(command, logs / f"{name}_{role}.log", config.environment)
        verdict = supervise(processes, started + config.timeout_s)
    finally:
        for process in processes.values():
            kill_group(process)
        if verdict == "interrupted":
            raw.unlink(missing_ok=True)
    duration = time.monotonic() - started
    exit_codes = {role: p.returncode for role, p in processes.items()}
    outcome = Outcome("failed", duration, exit_codes, commands, config.kind.expected(config))
    measurements, read = measurements_path(results, name), "raw data"
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
            outcome.samples = config.kind.store(raw, measurements, config)
            if config.counting:
                read = "counts"
                counting.store(config.counting, logs, name, commands, config.payloads, config.samples, results)
            outcome.status = "passed"
    except InputError as bad_data:
        outcome.error = f"unusable {read}: {bad_data}"
        measurements.unlink(missing_ok=True)  # a counted run's measurements stand only with their counts
    finally:
        raw.unlink(missing_ok=True)
    return outcome


def outcome_text(outcome):
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
    while outcome.status != "passed" and len(earlier) < retries and not outcome.refused_input:
        attempt = len(earlier) + 1
        for role in outcome.commands:
            log = logs / f"{name}_{role}.log"
            if log.exists():
                log.replace(logs / f"{name}_{role}.attempt-{attempt}.log")
        attempt_logs = f"logs/{name}_*.attempt-{attempt}.log"
        earlier.append(outcome.recorded(run_metadata.Attempt, logs=attempt_logs))
        print(f"{outcome_text(outcome)}; retry {attempt}/{retries}", file=out, flush=True)
        print(f"warning: {config.results}: {name} {outcome.status} ({outcome.error}); running it again "
              f"(attempt {attempt + 1}, the failed attempt's logs: {attempt_logs})", file=err)
        print(" " * indent, end="", file=out, flush=True)
        outcome = run_subexperiment(name, config, logs)
    return outcome, earlier
