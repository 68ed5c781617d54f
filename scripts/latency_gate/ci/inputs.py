"""A CI job's inputs: the LATENCY_* variables the composite actions and the GitLab jobs set,
read and checked once here, with an error naming the variable, and turned into the options
of `latency-gate run`, `extrapolate-requirements` and `gate` (cli/ci.py runs them).

An empty or unset variable means the command's default.
"""

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from latency_gate.errors import InputError

TRUE_FALSE = ("true", "false")
KINDS = ("latency", "throughput")
SIGNALS = ("latency", "instructions", "both")

# Every variable, and what it means (docs/adopting.md lists the actions' inputs they come from).
VARIABLES = {
    "LATENCY_RESULTS": "results directory (required)",
    "LATENCY_KIND": "latency (default) or throughput",
    "LATENCY_MIDDLEWARE": "a middleware backend's name: fastdds (default), cyclonedds, madara, socket, ...",
    "LATENCY_TEST": "run: the middleware's program of that kind, or a Fast DDS workspace (default: the project's)",
    "LATENCY_SUBEXPERIMENTS": "sub-experiments, comma or space separated",
    "LATENCY_PAYLOADS": "payload sizes in bytes, comma or space separated",
    "LATENCY_SAMPLES": "round trips per payload",
    "LATENCY_DEMANDS": "throughput grid: samples per burst, comma or space separated",
    "LATENCY_RECOVERY_TIMES": "throughput grid: rests between bursts in ms, comma or space separated",
    "LATENCY_TEST_TIME": "throughput grid: seconds each case sends",
    "LATENCY_REALTIME": "true (default): the real-time preset; false: the OS's scheduling",
    "LATENCY_RT_PRIO": "SCHED_FIFO priority overriding the preset's",
    "LATENCY_PUB_CPUS": "the publisher's CPU list overriding the preset's",
    "LATENCY_SUB_CPUS": "the subscriber's CPU list overriding the preset's",
    "LATENCY_STRESS": "run: stress-ng arguments for background load",
    "LATENCY_RUNS": "run: number of runs (default 1: one run, processed)",
    "LATENCY_SHARD": "run: k/n, this job's share of the runs",
    "LATENCY_PLOTS": "run: false for summaries only (default true)",
    "LATENCY_SIGNAL": "gate: latency (default), instructions (the code-path gate) or both; run: latency (default) "
                      "or instructions (one counted run, e.g. for the history's instructions line)",
    "LATENCY_ROUNDS": "gate: rounds before the first look",
    "LATENCY_MAX_ROUNDS": "gate: rounds at most",
    "LATENCY_MIN_EFFECT": "gate: the smallest change that counts, as a fraction",
    "LATENCY_ALPHA": "gate: the family-wise false-alarm rate",
    "LATENCY_REQUIRE_DETECTABLE": "gate: the slowdown every gated cell must rule out, as a fraction; a gate that "
                                  "cannot exits 6 (default: none required, inconclusive exits 0)",
    "LATENCY_HEAD_SHA": "gate: the pull request's head commit, recorded in gate_result.json",
    "LATENCY_REQUIREMENTS": "gate: requirements CSV applied as the ceiling (skipped when missing)",
}


def _words(text):
    return [word for word in re.split(r"[,\s]+", text.strip()) if word]


@dataclass(frozen=True)
class CiInputs:
    results: Path
    common: list = field(default_factory=list)  # options of run and gate alike
    run: list = field(default_factory=list)  # options of run / extrapolate-requirements only
    gate: list = field(default_factory=list)  # options of gate only
    runs: int = 1
    shard: str | None = None
    signal: str | None = None  # LATENCY_SIGNAL as given (None: the commands' default, latency)
    plots: bool = True


class _Reader:
    """Reads the variables; each check names its variable."""

    def __init__(self, environ):
        self.environ = environ

    def text(self, name):
        return self.environ.get(name, "").strip()

    def choice(self, name, choices):
        value = self.text(name)
        if value and value not in choices:
            raise InputError(f"{name} must be one of {', '.join(choices)}, not '{value}'")
        return value

    def number(self, name, convert=int, minimum=None):
        value = self.text(name)
        if not value:
            return None
        try:
            number = convert(value)
        except ValueError:
            raise InputError(f"{name} must be a {'whole ' if convert is int else ''}number, not '{value}'") from None
        if minimum is not None and number < minimum:
            raise InputError(f"{name} must be at least {minimum}, not '{value}'")
        return number

    def numbers(self, name):
        words = _words(self.text(name))
        bad = [word for word in words if not word.isdigit()]
        if bad:
            raise InputError(f"{name} must list whole numbers, comma or space separated; '{bad[0]}' is not one")
        return words


def _option(options, flag, value):
    if value not in (None, "", []):
        options += [flag, *value] if isinstance(value, list) else [flag, str(value)]


def read(environ=None):
    """The job's CiInputs from the environment; InputError naming the first bad variable."""
    reader = _Reader(os.environ if environ is None else environ)
    results = reader.text("LATENCY_RESULTS")
    if not results:
        raise InputError("LATENCY_RESULTS must name the results directory")
    common, run, gate = [], [], []
    _option(common, "--kind", reader.choice("LATENCY_KIND", KINDS))
    _option(common, "--middleware", reader.text("LATENCY_MIDDLEWARE"))
    _option(common, "--subexperiments", _words(reader.text("LATENCY_SUBEXPERIMENTS")))
    _option(common, "--payloads", reader.numbers("LATENCY_PAYLOADS"))
    _option(common, "--samples", reader.number("LATENCY_SAMPLES", minimum=1))
    _option(common, "--demands", reader.numbers("LATENCY_DEMANDS"))
    _option(common, "--recovery-times", reader.numbers("LATENCY_RECOVERY_TIMES"))
    _option(common, "--test-time", reader.number("LATENCY_TEST_TIME", minimum=1))
    if reader.choice("LATENCY_REALTIME", TRUE_FALSE) == "false":
        common.append("--no-realtime")
    _option(common, "--rt-prio", reader.number("LATENCY_RT_PRIO", minimum=1))
    _option(common, "--pub-cpus", reader.text("LATENCY_PUB_CPUS"))
    _option(common, "--sub-cpus", reader.text("LATENCY_SUB_CPUS"))
    _option(run, "--program", reader.text("LATENCY_TEST"))
    _option(run, "--stress", reader.text("LATENCY_STRESS"))
    signal = reader.choice("LATENCY_SIGNAL", SIGNALS)
    _option(gate, "--signal", signal)
    _option(gate, "--rounds", reader.number("LATENCY_ROUNDS", minimum=2))
    _option(gate, "--max-rounds", reader.number("LATENCY_MAX_ROUNDS", minimum=2))
    _option(gate, "--min-effect", reader.number("LATENCY_MIN_EFFECT", float, minimum=0))
    _option(gate, "--alpha", reader.number("LATENCY_ALPHA", float, minimum=0))
    _option(gate, "--require-detectable", reader.number("LATENCY_REQUIRE_DETECTABLE", float, minimum=0))
    _option(gate, "--head-sha", reader.text("LATENCY_HEAD_SHA"))
    requirements = reader.text("LATENCY_REQUIREMENTS")
    if requirements and Path(requirements).is_file():
        gate += ["--requirements", requirements]
    elif requirements:
        print(f"latency-gate ci: no {requirements}: no requirements ceiling")
    shard = reader.text("LATENCY_SHARD")
    if shard and not re.fullmatch(r"\d+/\d+", shard):
        raise InputError(f"LATENCY_SHARD must be k/n, not '{shard}'")
    return CiInputs(Path(results), common, run, gate, runs=reader.number("LATENCY_RUNS", minimum=1) or 1,
                    shard=shard or None, signal=signal or None, plots=reader.choice("LATENCY_PLOTS", TRUE_FALSE) != "false")
