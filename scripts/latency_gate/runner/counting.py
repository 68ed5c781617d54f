"""The code-path signal: instructions on the per-sample path, counted under valgrind's callgrind.

Wall-clock time is as good as the machine is quiet; an instruction count is not: callgrind
executes every instruction of the program on a simulated CPU, so the count of a given path
does not depend on load, CPU speed or scheduling. What does vary from run to run is which
code runs at all: discovery, timers and retransmissions fire by wall time (and valgrind runs
the program ~50x slower), so a whole process's count varies by up to 60 %. Counting only the
per-sample path removes that: collection is off from the start and switched on inside the
backend's per-sample functions only (--toggle-collect: the writer's write and the reader
callbacks), and a dump after each payload's test (--dump-after) gives one profile per payload.
Start-up, discovery and teardown never count.

What valgrind cannot see: system calls and the kernel's network path, scheduling, lock waits
and wake-ups. Those are time, and the wall-clock gate on a quiet real-time runner measures them.

callgrind's toggles flip collection on every entry of a toggled function but a recursive one,
so a path that nests (an intra-process round trip is one synchronous call chain) toggles only its
outermost function (runner/middleware/fastdds.py COUNTED_PATH).
"""

import functools
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from latency_gate.contracts import instruction_counts as counts_contract
from latency_gate.contracts.formats import write_csv
from latency_gate.errors import InputError

TOOL = "callgrind"


@dataclass(frozen=True)
class CountedPath:
    """A backend's per-sample path, per process role (publisher, subscriber, both): the functions
    inside which callgrind counts, and the function after whose return a payload's counts are dumped."""

    toggles: dict  # role -> function name patterns (callgrind's: * matches anything)
    payload_end: dict  # role -> function name pattern
    description: str  # one line for metadata and reports

    def round_trips(self, samples):
        """LatencyTest sends one sample more than asked for and drops the first."""
        return samples + 1


@functools.lru_cache(maxsize=1)  # asked when a run is checked and again for its metadata
def valgrind_version():
    """'valgrind-3.19.0', or InputError when valgrind is missing."""
    if shutil.which("valgrind") is None:
        raise InputError("the instructions signal needs valgrind (Debian package valgrind: "
                         "scripts/setup/install_system_packages.sh installs it)")
    return subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()


def profile_stem(logs, subexperiment, role):
    return Path(logs) / f"{subexperiment}_{role}.callgrind"


def clear_profiles(logs, subexperiment):
    """Remove an earlier attempt's profiles: a retry's dumps must not mix with them."""
    for stale in Path(logs).glob(f"{subexperiment}_*.callgrind*"):
        stale.unlink()


def prefix(path, role, logs, subexperiment):
    """The command line that runs a program of `role` under callgrind, counting `path`."""
    toggles = [f"--toggle-collect={pattern}" for pattern in path.toggles[role]]
    return ["valgrind", f"--tool={TOOL}", "--collect-atstart=no", "--dump-instr=no", "--dump-line=no",
            f"--callgrind-out-file={profile_stem(logs, subexperiment, role)}", *toggles,
            f"--dump-after={path.payload_end[role]}", "--"]


def store(path, logs, subexperiment, roles, payloads, samples, results):
    """Turn the run's per-payload profiles into instructions_/functions_<sub-experiment>.csv.
    Raises InputError when a process did not dump one profile per payload."""
    round_trips = path.round_trips(samples)
    count_rows, function_rows = [], []
    for role in roles:
        stem = profile_stem(logs, subexperiment, role)
        dumps = sorted(stem.parent.glob(f"{stem.name}.*"), key=lambda dump: int(dump.suffix[1:]))
        if len(dumps) != len(payloads):
            raise InputError(f"{role}: {len(dumps)} per-payload profile(s) for {len(payloads)} payload(s): the "
                             f"program did not run every payload's test", stem)
        for payload, dump in zip(payloads, dumps):
            total, inclusive = read_profile(dump)
            count_rows.append((payload, role, round_trips, total, total / round_trips))
            function_rows += [(payload, name, cost / round_trips) for name, cost in inclusive.items()]
    counts = pd.DataFrame(count_rows, columns=list(counts_contract.COUNTS_COLUMNS))
    functions = pd.DataFrame(function_rows, columns=list(counts_contract.FUNCTIONS_COLUMNS))
    # Every function of the path (a few hundred): a function missing from one run's list would
    # read as a change of its whole count.
    functions = functions.groupby([counts_contract.BYTES, counts_contract.FUNCTION], as_index=False, sort=False).sum()
    functions = functions.sort_values([counts_contract.BYTES, counts_contract.INCLUSIVE], ascending=[True, False])
    write_csv(functions, counts_contract.functions_path(results, subexperiment))
    write_csv(counts, counts_contract.counts_path(results, subexperiment))
    return counts


_COST_LINE = re.compile(r"^[+\-*0-9]")
_NAMED = re.compile(r"^\((\d+)\)(?: (.*))?$")


def read_profile(dump):
    """(instructions collected, {function: inclusive instructions}) of one callgrind profile.

    Inclusive = the function's own cost plus the inclusive cost of its calls (callgrind writes a
    call's inclusive cost on the line after `calls=`); a recursion level is a function of its own
    (callgrind's name'2), so nothing is counted twice within one function's entry. Only functions
    that ran collected instructions themselves are listed: the frames above the toggled ones
    (main, the thread's start) ran with collection off and merely hold the whole count."""
    names = {}  # callgrind's name compression: (id) name, later just (id)
    inclusive, own = {}, {}
    total = None
    function = None
    call_cost = False
    with open(dump, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if _COST_LINE.match(line):
                fields = line.split()
                if function is not None and len(fields) > 1:
                    cost = int(fields[1])
                    inclusive[function] = inclusive.get(function, 0) + cost
                    if not call_cost:
                        own[function] = own.get(function, 0) + cost
                call_cost = False
            elif line.startswith("fn="):
                function = _name(line[3:].rstrip("\n"), names)
            elif line.startswith("calls="):
                call_cost = True
            elif line.startswith("cfn="):
                _name(line[4:].rstrip("\n"), names)
            elif line.startswith("totals:") or line.startswith("summary:"):
                total = int(line.split()[1])
    if total is None:
        raise InputError("not a callgrind profile (no totals line)", dump)
    return total, {name: cost for name, cost in inclusive.items() if own.get(name, 0) > 0}


def _name(text, names):
    match = _NAMED.match(text)
    if not match:
        return text
    number, name = match.groups()
    if name is not None:
        names[number] = name
    return names.get(number, f"({number})")
