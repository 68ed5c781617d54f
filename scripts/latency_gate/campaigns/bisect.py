"""Which commits moved a failed code-path gate's cells: a bisect over the pull request's commits.

A count needs no repeated runs to be believed (its run-to-run spread per cell is measured by the
gate's own rounds), so one build and one counted run per commit say where a cell's count stands.
For each regressed cell of the gate (and only those) the search counts the base and the head (the
bisect's own builds: the two ends) and then commits between them on the first-parent list:

- **moved**: a range's ends moved the way the base-to-head range did by more than the cell's
  margin; the margin is three times the cell's spread (the pooled standard deviation of the gate's
  base and PR runs, from its rounds.csv), at least MIN_MARGIN.
- **halving**: a moved range is halved at its middle commit and each half that moved is searched
  the same way, down to single commits: a commit whose own step (its count against its parent's)
  moved the cell is a culprit. Two commits that each add part of a regression are both found; a
  commit that takes the count back (a build's own step the other way, a partial undo) is not named;
  a change undone within a range whose ends agree is not seen.
- **gradual**: a moved range neither of whose halves moved is a change in steps each within the
  margin (a count creeping up by one per commit): no commit of it is a culprit, and the range is
  named as gradual (neighbouring ones as one).
- **time box**: a commit is not started when the time left is less than the longest a commit
  (build and count) has taken so far, nor when the limit has passed; a build or a count that fails
  stops the search the same way. What was found is reported, the ranges not searched to the end
  as unresolved, and the result says why it stopped.

Every commit is built in a git worktree of its own under the output directory, with the build
command (run in the worktree; its program's path on the last line of its output) and, in its
environment, CCACHE_BASEDIR set to the worktrees' directory, so that a compiler cache the command
uses (e.g. CMake's -DCMAKE_C_COMPILER_LAUNCHER=ccache) finds the objects of the commit before it:
each build recompiles only what changed.

Output directory (<sha>: a commit's first 12 hex digits): worktrees/<sha> (removed once counted),
runs/<sha>/<sub-experiments>/ (each commit's counted run), logs/build-<sha>.log; the result
(contracts/bisect_result.py) is written by the caller.
"""

import io
import os
import subprocess
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate.analysis import code_path, relative
from latency_gate.contracts import (
    bisect_result, gate_result, instruction_counts as counts, json_shapes as shapes, run_metadata,
)
from latency_gate.errors import EXIT_OK, InputError
from latency_gate.runner import counting, experiment, kinds
from latency_gate.runner.middleware import backend as middleware_backend
from latency_gate.runner.run_spec import RunSpec

MARGIN_SPREADS = 3  # a count within three standard deviations of another is the same count
# Instructions per round trip: the socket floor's counts have no spread at all (the same in every
# run), and a count per round trip is a mean over round trips, exact to a fraction of one.
MIN_MARGIN = 1.0


@dataclass(frozen=True, order=True)
class Cell:
    subexperiment: str
    payload: int

    def __str__(self):
        return code_path.cell_key(self.subexperiment, self.payload)


class Stopped(Exception):
    """The search cannot go on (the time limit, a failed build or count): the message says why."""


def margin(spread):
    return max(MARGIN_SPREADS * spread, MIN_MARGIN)


@dataclass
class Findings:
    """One cell's search: culprit commit indices (each against its parent, index - 1), ranges
    (low, high) (commits after low through high) whose change is gradual (no commit's own step moved
    the cell), and ranges holding a change not located."""

    culprits: list = field(default_factory=list)
    gradual: list = field(default_factory=list)
    unresolved: list = field(default_factory=list)


class TimeBox:
    """The search's time limit: refuses a commit it does not expect to finish in time."""

    def __init__(self, limit_s=None, clock=time.monotonic):
        self.limit_s, self.clock = limit_s, clock
        self.started = clock()
        self.longest_s = 0.0

    def elapsed_s(self):
        return self.clock() - self.started

    def check(self):
        if self.limit_s is None:
            return
        left = self.limit_s - self.elapsed_s()
        if left <= 0 or left < self.longest_s:
            raise Stopped(f"time limit of {self.limit_s:g} s: {self.elapsed_s():.0f} s spent, a commit took up to "
                          f"{self.longest_s:.0f} s")

    def took(self, seconds):
        self.longest_s = max(self.longest_s, seconds)


def search(count, last, cells, margins, time_box=None):
    """Find each cell's culprits among commits 0 (the base) .. `last` (the head).

    count(index) -> {cell: instructions per round trip} builds and counts one commit (each commit
    once: kept here); it may raise Stopped. Returns ({cell: Findings}, {index: counts} of the commits
    counted, the reason the search stopped or None)."""
    time_box = time_box or TimeBox()
    counted, stopped = {}, []

    def value(index, cell):
        if index not in counted:
            if stopped:
                raise Stopped(stopped[0])
            time_box.check()
            began = time_box.clock()
            counted[index] = count(index)
            time_box.took(time_box.clock() - began)
        return counted[index][cell]

    findings = {}
    for cell in cells:
        found, limit = Findings(), margins[cell]
        pending, current, direction = [], (0, last), None  # current: the range being searched

        def moved(low, high):
            """Whether the range's ends moved the way the whole range did by more than the margin: a
            commit that takes the count back (a build's own step, another change) is no culprit."""
            return (value(high, cell) - value(low, cell)) * direction > limit

        try:
            start = value(0, cell)  # the base first: what a search out of time has counted
            direction = 1.0 if value(last, cell) >= start else -1.0
            pending, current = [(0, last)] if moved(0, last) else [], None
            while pending:
                low, high = current = pending.pop()
                if high - low == 1:
                    found.culprits.append(high)
                else:
                    middle = (low + high) // 2
                    halves = [half for half in ((middle, high), (low, middle)) if moved(*half)]
                    if not halves:
                        found.gradual.append((low, high))
                    pending += halves
                current = None
        except Stopped as stop:
            stopped = stopped or [str(stop)]
            unsearched = ([current] if current else []) + pending
            found.unresolved = sorted(
                (low, high) for low, high in unsearched
                if not (low in counted and high in counted
                        and (counted[high][cell] - counted[low][cell]) * (direction or 1.0) <= limit))
        found.culprits.sort()
        found.gradual = _joined(found.gradual)
        findings[cell] = found
    return findings, counted, stopped[0] if stopped else None


def _joined(ranges):
    """Ranges (low, high), neighbouring ones (one's high the next one's low) joined into one."""
    joined = []
    for low, high in sorted(ranges):
        if joined and joined[-1][1] == low:
            joined[-1] = (joined[-1][0], high)
        else:
            joined.append((low, high))
    return joined


# The gate's side: which cells regressed, and how much a count of each spreads.

def regressed_cells(document, path):
    """The counted gate's regressed cells (Cell -> its gate_result.json entry); InputError when the
    gate did not count instructions or found no regression."""
    if document.get("signal") != "instructions":
        raise InputError("not a code-path gate's result (signal instructions): a bisect needs counts", path)
    cells = {Cell(entry["subexperiment"], entry["bytes"]): entry for entry in document["regressions"]
             if entry["magnitude"] == "Instructions"}
    if not cells:
        raise InputError("the gate found no regression in instructions per round trip: nothing to bisect", path)
    return cells


def spreads(gate_directory, cells):
    """{cell: pooled standard deviation of instructions per round trip over the gate's base and PR
    runs}, from the gate's rounds.csv beside its gate_result.json (what its CI artifact keeps);
    InputError without two rounds of each cell."""
    path = gate_result.rounds_path(gate_directory)
    if not path.exists():
        raise InputError(f"no {path.name} beside the gate's result: the cells' spread over its rounds sets the "
                         "bisect's margin", path)
    rounds = gate_result.read_rounds(gate_directory)
    rounds = rounds[rounds[relative.MAGNITUDE] == relative.INSTRUCTIONS]
    variances = rounds.groupby([relative.SUBEXPERIMENT, relative.BYTES, relative.BUILD])[relative.VALUE].agg(
        ["var", "count"])
    found = {}
    for cell in cells:
        try:
            per_build = variances.loc[(cell.subexperiment, cell.payload)]
        except KeyError:
            per_build = variances.iloc[:0]
        if set(per_build.index) != {relative.BASE, relative.PR} or (per_build["count"] < 2).any():
            raise InputError(f"{cell}: fewer than two rounds of each build (its spread sets the bisect's margin)", path)
        found[cell] = float(np.sqrt(per_build["var"].mean()))
    return found


# The repository's side: the commits, their builds and counted runs.

def _git(repository, *arguments, why=None):
    """git's output; InputError saying `why` (else git's last line of error) when it fails."""
    done = subprocess.run(["git", "-C", str(repository), *arguments], capture_output=True, text=True)
    if done.returncode:
        said = (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
        raise InputError(why or f"git {' '.join(arguments)}: {said}", repository)
    return done.stdout


def first_parent_commits(repository, base, head):
    """[(sha, subject)]: the base, then the head's first-parent commits after it, the head last;
    InputError when a ref does not resolve, the base is not an ancestor of the head, or the head's
    first-parent line does not start at the base (a branch that merged its target in: its first
    commit's parent is older than the target's tip, so a step would carry the target's changes)."""
    _git(repository, "rev-parse", "--git-dir", why="not a git repository")
    resolved = [_git(repository, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}",
                     why=f"no commit {ref} in this repository").strip() for ref in (base, head)]
    _git(repository, "merge-base", "--is-ancestor", *resolved, why=f"{base} is not an ancestor of {head}")
    lines = _git(repository, "log", "--first-parent", "--reverse", "--format=%H %s",
                 f"{resolved[0]}..{resolved[1]}").splitlines()
    if not lines:
        raise InputError(f"no commit between {base} and {head}", repository)
    if len(lines) > bisect_result.MAX_COMMITS:
        raise InputError(f"{len(lines)} commits between {base} and {head}, more than {bisect_result.MAX_COMMITS}",
                         repository)
    forked_at = _git(repository, "rev-parse", f"{lines[0].split(' ', 1)[0]}^").strip()
    if forked_at != resolved[0]:
        raise InputError(f"{head}'s first-parent line leaves {base} at {forked_at[:12]}, not at {base}: it merged "
                         f"{base} in, so its steps would carry {base}'s own changes (rebase it onto {base}, or "
                         f"bisect from {forked_at[:12]})", repository)
    subject = _git(repository, "log", "-1", "--format=%s", resolved[0]).strip()
    return [(resolved[0], shapes.clipped(subject))] + [
        (sha, shapes.clipped(rest)) for sha, _, rest in (line.partition(" ") for line in lines)]


def groups(cells):
    """[(sub-experiments, payloads)]: the regressed cells as runs, sub-experiments that regressed at
    the same payloads in one run (a run counts every payload of every sub-experiment it is given)."""
    payloads = {}
    for cell in cells:
        payloads.setdefault(cell.subexperiment, set()).add(cell.payload)
    together = {}
    for subexperiment, sizes in payloads.items():
        together.setdefault(tuple(sorted(sizes)), []).append(subexperiment)
    return [(tuple(names), sizes) for sizes, names in together.items()]


@dataclass
class Built:
    sha: str
    subject: str
    build_s: float
    counting_s: float
    runs: list  # the counted runs' directories


class CommitCounter:
    """count(index): build commit `index` in its own worktree and count the regressed cells."""

    def __init__(self, repository, commits, build_command, out, cells, spec=RunSpec()):
        self.repository, self.commits, self.build_command = Path(repository), commits, build_command
        self.out, self.cells, self.spec = Path(out).resolve(), cells, spec  # git -C: paths of its own
        self.environment = dict(os.environ)
        self.environment.setdefault("CCACHE_BASEDIR", str(self.out / "worktrees"))
        self.built = {}

    def __call__(self, index):
        sha, subject = self.commits[index]
        short = sha[:12]
        worktree, log = self.out / "worktrees" / short, self.out / "logs" / f"build-{short}.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        began = time.monotonic()
        try:
            _git(self.repository, "worktree", "add", "--detach", "--force", str(worktree), sha)
        except InputError as error:
            raise Stopped(f"commit {short}: no worktree: {error}") from None
        try:
            with open(log, "w") as output:
                done = subprocess.run(["bash", "-c", self.build_command], cwd=worktree, env=self.environment,
                                      stdout=subprocess.PIPE, stderr=output, text=True)
                output.write(done.stdout)
            lines = done.stdout.strip().splitlines()
            if done.returncode or not lines:
                raise Stopped(f"commit {short} did not build (exit {done.returncode}"
                              f"{'' if lines else ', no program path printed'}; see {log})")
            program = worktree / lines[-1].strip()
            build_s = time.monotonic() - began
            began = time.monotonic()
            values, runs = {}, []
            for subexperiments, payloads in groups(self.cells):
                run = self.out / "runs" / short / "-".join(subexperiments)
                try:
                    code = experiment.run_experiment(
                        run, replace(self.spec, program=program, subexperiments=subexperiments, payloads=payloads,
                                     signal="instructions", baseline_s=0), out=io.StringIO(), err=io.StringIO())
                except InputError as error:
                    raise Stopped(f"commit {short}: {error}") from None
                if code != EXIT_OK:
                    raise Stopped(f"counting commit {short} failed (exit {code}; see {run}/metadata.json and logs/)")
                runs.append(run)
                for subexperiment in subexperiments:
                    per_trip = counts.per_round_trip(counts.read_counts(counts.counts_path(run, subexperiment)))
                    values.update({cell: float(per_trip[cell.payload]) for cell in self.cells
                                   if cell.subexperiment == subexperiment})
        finally:
            _git(self.repository, "worktree", "remove", "--force", str(worktree))
        self.built[index] = Built(sha, subject, build_s, time.monotonic() - began, runs)
        return values

    def functions(self, index, cell):
        """Inclusive instructions per round trip of each function of `cell` in commit `index`'s run."""
        for run in self.built[index].runs:
            path = counts.functions_path(run, cell.subexperiment)
            if path.exists():
                table = counts.read_functions(path)
                return table[table[counts.BYTES] == cell.payload].set_index(counts.FUNCTION)[counts.INCLUSIVE]
        return pd.Series(dtype=float)


def changed_function(before, after, change):
    """The function whose inclusive count (Series by function) changed most from `before` to `after`
    in the direction of the cell's `change`, the innermost of those holding about the same part of it
    (code_path's order); None when none did."""
    before, after = before.align(after, join="outer", fill_value=0.0)
    delta = after - before
    same_way = delta[delta * np.sign(change) > 0]
    if same_way.empty:
        return None
    return shapes.clipped(str(code_path.innermost_first(same_way, before[same_way.index], change).index[0]))


@dataclass(frozen=True)
class BisectSpec:
    """A bisect's settings, as `latency-gate bisect` takes them."""

    repository: Path  # the git repository whose first-parent history is searched
    base: str  # the gate's base commit
    head: str  # the pull request's head commit
    build_command: str  # builds the checked-out commit; prints the program's path on its last line
    gate_result: Path  # the failed code-path gate's gate_result.json (its rounds.csv beside it)
    results: Path  # a new directory for the worktrees, runs, logs and the result
    middleware: str = run_metadata.DEFAULT_MIDDLEWARE
    time_limit_s: float | None = None  # None: no limit
    samples: int | None = None  # round trips per payload; None: the gate's

    def __post_init__(self):
        if self.time_limit_s is not None and not 0 < self.time_limit_s < float("inf"):
            # nan went into bisect_result.json as NaN (no JSON); 0 or less stopped before the first commit
            raise InputError(f"time limit must be a positive number of seconds, got {self.time_limit_s}")
        if self.samples is not None and self.samples < 1:
            raise InputError(f"samples must be positive, got {self.samples}")


def _require_the_gates_middleware(gate_directory, middleware):
    """InputError when the gate's first base run (kept beside its result in the gate's job) measured
    another middleware than the bisect would count: their counts are of different programs."""
    first_base_run = gate_result.run_directory(gate_directory, 1, gate_result.BASE)
    recorded = run_metadata.read_if_present(first_base_run)
    if recorded is not None and recorded.middleware != middleware:
        raise InputError(f"the gate's runs measured {recorded.middleware}, not {middleware} (--middleware)",
                         first_base_run / run_metadata.METADATA_FILE)


def bisect(spec):
    """Bisect the failed code-path gate of a BisectSpec; returns the bisect_result.json document.
    InputError (nothing built) on bad input."""
    gate_path = Path(spec.gate_result)
    gate_document = gate_result.read(gate_path)
    gate_directory = gate_path.parent if gate_path.is_file() else gate_path
    _require_the_gates_middleware(gate_directory, spec.middleware)
    cells = regressed_cells(gate_document, gate_path)
    spread = spreads(gate_directory, cells)
    margins = {cell: margin(value) for cell, value in spread.items()}
    commits = first_parent_commits(spec.repository, spec.base, spec.head)
    out = Path(spec.results)
    if (out / "worktrees").exists() or (out / bisect_result.FILE).exists():
        raise InputError("already holds a bisect (worktrees/ or bisect_result.json); use a new directory", out)
    out.mkdir(parents=True, exist_ok=True)
    run = RunSpec(middleware=spec.middleware, samples=spec.samples or gate_document.get("samples") or RunSpec.samples)
    counting.counted_path("instructions", kinds.kind(run.kind), middleware_backend(run.middleware))
    counter = CommitCounter(spec.repository, commits, spec.build_command, out, sorted(cells), run)
    time_box = TimeBox(spec.time_limit_s)
    findings, counted, stopped = search(counter, len(commits) - 1, sorted(cells), margins, time_box)
    return {
        "base": _commit(commits[0]), "head": _commit(commits[-1]), "commits": len(commits) - 1,
        "gate_result": str(gate_path), "build_command": spec.build_command,
        "middleware": spec.middleware, "samples": run.samples, "complete": stopped is None, "stopped": stopped, "time_limit_s": spec.time_limit_s,
        "duration_s": round(time_box.elapsed_s(), 1),
        "cells": [_cell_entry(cell, cells[cell], spread[cell], margins[cell], findings[cell], counted, commits, counter)
                  for cell in sorted(cells)],
        "built": [{**_commit(commits[index]), "build_s": round(built.build_s, 1),
                   "counting_s": round(built.counting_s, 1)} for index, built in sorted(counter.built.items())],
    }


def _commit(commit):
    sha, subject = commit
    return {"sha": sha, "subject": subject}


def _cell_entry(cell, gate_entry, spread, margin_value, found, counted, commits, counter):
    def known(index):
        return round(counted[index][cell], 2) if index in counted else None

    culprits = []
    for index in found.culprits:
        before, after = counted[index - 1][cell], counted[index][cell]
        culprits.append({**_commit(commits[index]), "before": round(before, 2), "after": round(after, 2),
                         "delta": round(after - before, 2),
                         "function": changed_function(counter.functions(index - 1, cell), counter.functions(index, cell),
                                                      after - before)})
    return {
        "subexperiment": cell.subexperiment, "bytes": cell.payload,
        "gate_base": gate_entry["base"], "gate_pr": gate_entry["pr"],
        "base": known(0), "head": known(len(commits) - 1), "spread": round(spread, 3),
        "margin": round(margin_value, 3), "culprits": culprits,
        **{kind: [{"after_sha": commits[low][0], "through_sha": commits[high][0], "before": known(low),
                   "after": known(high)} for low, high in ranges]
           for kind, ranges in (("gradual", found.gradual), ("unresolved", found.unresolved))},
    }
