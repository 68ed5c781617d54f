"""A CI job's inputs: the LATENCY_* variables the composite actions and the GitLab jobs set,
read and checked once here, with an error naming the variable, and turned into the options
of `latency-gate run`, `extrapolate-requirements` and `gate` (cli/ci.py runs them). Each
variable is declared once (a Variable: its meaning, how it is read, the option it becomes).

An empty or unset variable means the command's default.
"""

import os
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from latency_gate.contracts import formats
from latency_gate.errors import UNPRINTABLE, InputError, one_line
from latency_gate.runner import kinds
from latency_gate.runner.middleware import BACKENDS
from latency_gate.runner.run_spec import GATE_SIGNALS

TRUE_FALSE = ("true", "false")
KINDS = tuple(kinds.KINDS)

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
        """The variable's value, stripped; InputError for one that holds a line break or another
        control character (it reaches outputs, paths and logs that take one line)."""
        value = self.environ.get(name, "").strip()
        if UNPRINTABLE.search(value):
            raise InputError(f"{name} must be one line of printable text, not '{one_line(value)}'")
        return value

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
            # ASCII only: int() and float() take other scripts' digits too, which the options do not
            number = convert(value) if value.isascii() else math.nan
            finite = math.isfinite(number)
        except ValueError:
            finite = False
        except OverflowError:  # a whole number too large for a float
            raise InputError(f"{name} is out of range: '{value}'") from None
        if not finite:
            raise InputError(f"{name} must be a {'whole ' if convert is int else ''}number, not '{value}'")
        if minimum is not None and number < minimum:
            raise InputError(f"{name} must be at least {minimum}, not '{value}'")
        return number

    def numbers(self, name):
        words = _words(self.text(name))
        bad = [word for word in words if not (word.isascii() and word.isdigit())]  # '²'.isdigit() too
        if bad:
            raise InputError(f"{name} must list whole numbers, comma or space separated; '{bad[0]}' is not one")
        return words


COMMON, RUN, GATE = "common", "run", "gate"  # the CiInputs option lists a variable's option joins


@dataclass(frozen=True)
class Variable:
    """A LATENCY_* variable, declared once: what it means and, for most, the option it becomes."""

    name: str
    meaning: str
    command: str | None = None  # COMMON, RUN or GATE: the options it joins; None: read on its own (read())
    value: Callable | None = None  # (reader, name) -> the option's value, or words; None or empty: the default
    flag: str | None = None  # the option; None: --<name after LATENCY_, lower case, dashes>

    def option(self, reader):
        """The option's words; [] when the variable leaves the command's default."""
        value = self.value(reader, self.name)
        if value is None or value is False or value in ("", []):
            return []
        flag = self.flag or "--" + self.name.removeprefix("LATENCY_").lower().replace("_", "-")
        if value is True:
            return [flag]
        # One value as --flag=value: argparse would take a value that starts with "-" (stress-ng's
        # "--cpu=1") for an option of its own.
        return [flag, *value] if isinstance(value, list) else [f"{flag}={value}"]


def _subexperiments(reader, name):
    """Known sub-experiments' names: a misspelt one fails the job before its build, naming the variable."""
    return [formats.validate_subexperiment(word, name) for word in _words(reader.text(name))]


def _fraction(reader, name):
    return reader.number(name, float, minimum=0)


def _at_least(minimum):
    return lambda reader, name: reader.number(name, minimum=minimum)


def _middleware(reader, name):
    """A registered backend's name, looked up by name alone (no backend is imported)."""
    value = reader.text(name)
    if value and value not in BACKENDS:
        raise InputError(f"{name} must be a registered middleware backend ({', '.join(BACKENDS)}), not '{value}'")
    return value


def _one_of(choices):
    return lambda reader, name: reader.choice(name, choices)


def _not_realtime(reader, name):
    return reader.choice(name, TRUE_FALSE) == "false"


def _requirements_file(reader, name):
    path = reader.text(name)
    if path and not Path(path).is_file():
        print(f"latency-gate ci: no {path}: no requirements ceiling")
        return None
    return path


# Every variable, in the order `latency-gate ci variables` lists them and read() checks them
# (docs/adopting.md lists the actions' inputs they come from).
_VARIABLES = (
    Variable("LATENCY_RESULTS", "results directory (required)"),
    Variable("LATENCY_KIND", "latency (default) or throughput", COMMON, _one_of(KINDS)),
    Variable("LATENCY_MIDDLEWARE", "a middleware backend's name: fastdds (default), cyclonedds, madara, socket, ...",
             COMMON, _middleware),
    Variable("LATENCY_TEST", "run: the middleware's program of that kind, or a Fast DDS workspace (default: the "
                             "project's)", RUN, _Reader.text, "--program"),
    Variable("LATENCY_SUBEXPERIMENTS", "sub-experiments, comma or space separated", COMMON, _subexperiments),
    Variable("LATENCY_PAYLOADS", "payload sizes in bytes, comma or space separated", COMMON, _Reader.numbers),
    Variable("LATENCY_SAMPLES", "round trips per payload", COMMON, _at_least(1)),
    Variable("LATENCY_DEMANDS", "throughput grid: samples per burst, comma or space separated", COMMON, _Reader.numbers),
    Variable("LATENCY_RECOVERY_TIMES", "throughput grid: rests between bursts in ms, comma or space separated",
             COMMON, _Reader.numbers),
    Variable("LATENCY_TEST_TIME", "throughput grid: seconds each case sends", COMMON, _at_least(1)),
    Variable("LATENCY_REALTIME", "true (default): the real-time preset; false: the OS's scheduling", COMMON,
             _not_realtime, "--no-realtime"),
    Variable("LATENCY_RT_PRIO", "SCHED_FIFO priority overriding the preset's", COMMON, _at_least(1)),
    Variable("LATENCY_PUB_CPUS", "the publisher's CPU list overriding the preset's", COMMON, _Reader.text),
    Variable("LATENCY_SUB_CPUS", "the subscriber's CPU list overriding the preset's", COMMON, _Reader.text),
    Variable("LATENCY_STRESS", "run: stress-ng arguments for background load", RUN, _Reader.text),
    Variable("LATENCY_RUNS", "run: number of runs (default 1: one run, processed)"),
    Variable("LATENCY_SHARD", "run: k/n, this job's share of the runs"),
    Variable("LATENCY_PLOTS", "run: false for summaries only (default true)"),
    Variable("LATENCY_SIGNAL", "gate: latency (default), instructions (the code-path gate) or both; run: latency "
                               "(default) or instructions (one counted run, e.g. for the history's instructions line)",
             GATE, _one_of(GATE_SIGNALS)),
    Variable("LATENCY_ROUNDS", "gate: rounds before the first look", GATE, _at_least(2)),
    Variable("LATENCY_MAX_ROUNDS", "gate: rounds at most", GATE, _at_least(2)),
    Variable("LATENCY_MIN_EFFECT", "gate: the smallest change that counts, as a fraction", GATE, _fraction),
    Variable("LATENCY_ALPHA", "gate: the family-wise false-alarm rate", GATE, _fraction),
    Variable("LATENCY_REQUIRE_DETECTABLE", "gate: the slowdown every gated cell must rule out, as a fraction; a gate "
                                           "that cannot exits 6 (default: none required, inconclusive exits 0)",
             GATE, _fraction),
    Variable("LATENCY_HEAD_SHA", "gate: the pull request's head commit, recorded in gate_result.json", GATE, _Reader.text),
    Variable("LATENCY_REQUIREMENTS", "gate: requirements CSV applied as the ceiling (skipped when missing)", GATE,
             _requirements_file),
)
VARIABLES = {variable.name: variable.meaning for variable in _VARIABLES}


def read(environ=None):
    """The job's CiInputs from the environment; InputError naming the first bad variable."""
    reader = _Reader(os.environ if environ is None else environ)
    results = reader.text("LATENCY_RESULTS")
    if not results:
        raise InputError("LATENCY_RESULTS must name the results directory")
    options = {COMMON: [], RUN: [], GATE: []}
    for variable in _VARIABLES:
        if variable.command:
            options[variable.command] += variable.option(reader)
    shard = reader.text("LATENCY_SHARD")
    share = re.fullmatch(r"(\d+)/(\d+)", shard)
    if shard and not (share and 1 <= int(share[1]) <= int(share[2])):
        raise InputError(f"LATENCY_SHARD must be k/n with 1 <= k <= n, not '{shard}'")
    return CiInputs(Path(results), options[COMMON], options[RUN], options[GATE],
                    runs=reader.number("LATENCY_RUNS", minimum=1) or 1, shard=shard or None,
                    signal=reader.text("LATENCY_SIGNAL") or None,
                    plots=reader.choice("LATENCY_PLOTS", TRUE_FALSE) != "false")
