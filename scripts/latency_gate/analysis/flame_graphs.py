"""Call stacks from callgrind profiles, for flame graphs (contracts/folded_stacks.py's format).

callgrind keeps no stacks: it records each function's own instructions and, per caller -> callee
edge, the calls' inclusive instructions. Stacks are derived as callgrind-to-flame-graph converters
do: the call graph is expanded from its roots (functions nobody called while the profile was
taken), each path handing its callees a share of what reached it in proportion to the edges'
inclusive counts. Then each function's own instructions are split over the paths that reached
it in proportion to what each brought, so every function's own count lands on its stacks exactly
once, and a profile's stacks add up to its total (the sum of its functions' own counts, callgrind's
`summary`):

- a recursion level callgrind names apart (`f'2`) is a frame of its own; a function calling
  itself at the same level is one frame (the edge adds nothing that frame does not hold);
- a call back into a function already on the path (a cycle: mutual recursion, or two functions of
  one name, as glibc's and the program's `(below main)`) is not followed: it would count its
  callee's instructions a second time;
- paths bringing less than a billionth of the profile's total are not expanded further (their
  share goes to the paths that reached the same functions), which bounds graphs of many diamonds.

The profiles are read by gprof2dot's callgrind parser (its name compression, positions and
sub-positions); runner/counting.py says which dumps are whose (labels, threads, payloads).
"""

import io
import re
import contextlib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import gprof2dot
import numpy as np

from latency_gate.analysis.relative import PR
from latency_gate.contracts import folded_stacks, instruction_counts as counts
from latency_gate.errors import InputError
from latency_gate.runner import counting

_NEGLIGIBLE = 1e-9  # of a profile's total: a path bringing less is not expanded
# Of a cell's total: a stack holding less is cut back to its caller's (trimmed()). inferno draws no
# frame narrower than this either (inferno-flamegraph's default --minwidth, 0.01 %).
TRIMMED = 1e-4
_ROLE = re.compile(r"^[a-z]+$")  # publisher, subscriber, both


def call_graph(dump):
    """(own, calls) of one callgrind profile: {function: own instructions}, {caller: {callee:
    inclusive instructions of its calls}} without calls of a function to itself; InputError when
    gprof2dot cannot read it."""
    warnings = io.StringIO()  # gprof2dot reports a line it cannot read there, and reads on
    try:
        with open(dump, encoding="utf-8", errors="replace") as lines, contextlib.redirect_stderr(warnings):
            profile = gprof2dot.CallgrindParser(lines).parse()
    except (AssertionError, ValueError, IndexError) as error:
        raise InputError(f"not a callgrind profile gprof2dot can read ({error})", dump) from None
    if "unexpected line" in warnings.getvalue():
        raise InputError("not a callgrind profile gprof2dot can read ("
                         + " ".join(warnings.getvalue().split())[:120] + ")", dump)
    functions = profile.functions
    own = {function.name: int(function[gprof2dot.SAMPLES]) for function in functions.values()}
    calls = {}
    for function in functions.values():
        for call in function.calls.values():
            callee, cost = functions[call.callee_id].name, int(call[gprof2dot.SAMPLES2])
            if callee != function.name and cost > 0:
                calls.setdefault(function.name, {})[callee] = cost  # gprof2dot sums a callee's call sites
    return own, calls


def stacks(own, calls):
    """{(frame, ...): instructions} of a call graph (call_graph()), outermost frame first; the counts
    are whole numbers that add up to sum(own.values())."""
    total = sum(own.values())
    if total == 0:
        return {}
    visits, arrived = [], defaultdict(float)  # (path, brought); function -> all its paths brought
    called = {callee for callees in calls.values() for callee in callees}
    roots = [function for function in own if function not in called]
    while True:
        for root in roots:
            _expand(root, own, calls, total, visits, arrived)
        # A cycle nobody outside it called (its entry was not seen): its heaviest function roots it.
        unreached = [function for function, cost in own.items() if cost > 0 and arrived[function] == 0]
        if not unreached:
            break
        roots = [max(unreached, key=lambda function: own[function] + sum(calls.get(function, {}).values()))]
    shares = defaultdict(float)
    for path, brought in visits:
        function = path[-1]
        if own[function]:
            shares[path] += own[function] * brought / arrived[function]
    return _whole(shares, total)


def _expand(root, own, calls, total, visits, arrived):
    """Walk every path from `root` depth first (a stack of its own: paths can be deeper than
    Python's recursion), recording what each brings to its innermost function."""
    pending = [((root,), float(own[root] + sum(calls.get(root, {}).values())))]
    while pending:
        path, brought = pending.pop()
        function = path[-1]
        visits.append((path, brought))
        arrived[function] += brought
        if brought < total * _NEGLIGIBLE:
            continue
        callees = calls.get(function, {})
        weight = own[function] + sum(callees.values())
        for callee, cost in callees.items():
            if callee not in path:
                pending.append((path + (callee,), brought * cost / weight))


def _whole(shares, total):
    """Shares rounded to whole instructions that still add up to `total` (largest remainders)."""
    paths = list(shares)
    values = np.array([shares[path] for path in paths]) * (total / sum(shares.values()))
    whole = np.floor(values).astype(np.int64)
    short = int(total - whole.sum())
    if short:
        whole[np.argsort(whole - values)[:short]] += 1  # the largest remainders first
    return {tuple(folded_stacks.frame(name) for name in path): int(count)
            for path, count in zip(paths, whole) if count > 0}


def profile_stacks(dump):
    """{(frame, ...): instructions} of one callgrind profile, adding up to its total."""
    return stacks(*call_graph(dump))


def add(into, more, prefix=()):
    for stack, count in more.items():
        into[prefix + stack] = into.get(prefix + stack, 0) + count
    return into


def run_stacks(run, subexperiment, payloads):
    """{payload: {(role, frame, ...): instructions}} of one counted run's sub-experiment: every
    process's and thread's dumps of a payload summed, each stack under its process's role.

    A marked program's dumps say their payload (runner/counting.py's labels; a discarded or
    unlabelled dump is not a payload's); a program counted by its functions' names dumps once per
    payload, in order. InputError when a payload has no profile."""
    found = {payload: {} for payload in payloads}
    logs = Path(run) / "logs"
    stems = sorted({dump.name.split(".callgrind.")[0] for dump in logs.glob(f"{subexperiment}_*.callgrind.*")})
    for stem in stems:
        role = stem[len(subexperiment) + 1:]
        if not _ROLE.match(role):
            continue  # a sub-experiment whose name starts with this one's (interprocess_best_effort_tcp)
        dumps = counting.dumps_of(logs / f"{stem}.callgrind")
        payload_of = [counting.payload_of(counting.read_profile(dump).label) for dump in dumps]
        if all(payload is None for payload in payload_of):  # counted by its functions' names: a dump per payload
            if len(dumps) != len(payloads):
                raise InputError(f"{role}: {len(dumps)} per-payload profile(s) for {len(payloads)} payload(s)",
                                 logs / f"{stem}.callgrind")
            payload_of = list(payloads)
        for dump, payload in zip(dumps, payload_of):
            if payload in found:
                add(found[payload], profile_stacks(dump), (role,))
    empty = [payload for payload, counted in found.items() if not counted]
    if empty:
        raise InputError(f"no callgrind profile of {subexperiment} at {', '.join(map(str, empty))} B", logs)
    return found


def mean_stacks(runs):
    """The mean of several runs' stacks of one cell, in whole instructions (largest remainders):
    what one run counted, with the run-to-run spread averaged out."""
    summed = {}
    for one in runs:
        add(summed, one)
    total = round(sum(summed.values()) / len(runs))
    return _whole({stack: count / len(runs) for stack, count in summed.items()}, total) if summed else {}


def trimmed(builds, fraction=TRIMMED):
    """{build: stacks} with every stack that holds less than `fraction` of the largest build's total in
    every build cut back to its caller's stack (added to its count), from the deepest up. The builds
    keep one set of stacks (a stack cut in one build only would read as a change), a frame that stays
    keeps its inclusive count to within `fraction` of the total, and the folded files of a cell of
    OpenSSL's thousands of tiny leaves hold megabytes, not the hundreds their full stacks would."""
    names = list(builds)
    threshold = fraction * max(sum(stacks.values()) for stacks in builds.values())
    counts = {}
    for index, name in enumerate(names):
        for stack, count in builds[name].items():
            counts.setdefault(stack, [0] * len(names))[index] = count
    by_depth = defaultdict(set)
    for stack in counts:
        by_depth[len(stack)].add(stack)
    for depth in range(max(by_depth, default=0), 1, -1):
        for stack in by_depth[depth]:
            if max(counts[stack]) < threshold:
                parent = stack[:-1]
                counts[parent] = [kept + moved for kept, moved in zip(counts.setdefault(parent, [0] * len(names)),
                                                                       counts.pop(stack))]
                by_depth[depth - 1].add(parent)
    return {name: {stack: values[index] for stack, values in counts.items() if values[index]}
            for index, name in enumerate(names)}


@dataclass(frozen=True)
class CellStacks:
    """What one changed cell's flame graph is drawn from: {build: the mean over its runs of one run's
    stacks, trimmed alike}, the round trips of that payload in the PR's first run, and its runs."""

    means: dict
    round_trips: int
    runs: int


def cell_stacks(runs, subexperiment, payloads, drawn):
    """{payload: CellStacks} of the `drawn` payloads of a sub-experiment, from a gate's counted runs
    (analysis/code_path.CountedRuns): every run's stacks of its `payloads` (run_stacks), each build's
    mean (mean_stacks), trimmed alike (trimmed). InputError when a build has no run, or a run no
    profile of a payload or no counts."""
    builds = runs.builds
    if not all(builds.values()):
        raise InputError("no counted runs of both builds", runs.results / "runs")
    stacks = {build: [run_stacks(run.directory, subexperiment, payloads) for run in build_runs]
              for build, build_runs in builds.items()}
    means = {payload: trimmed({build: mean_stacks([one[payload] for one in stacks[build]]) for build in stacks})
             for payload in drawn}
    first = builds[PR][0].frame("counts", subexperiment)
    return {payload: CellStacks(means[payload], int(first.loc[first[counts.BYTES] == payload, counts.ROUND_TRIPS].max()),
                                len(builds[PR])) for payload in drawn}
