"""Where a code-path regression is: the functions whose inclusive instructions per round trip
grew between the base's and the PR's runs of a regressed cell (runner/counting.py writes
functions_<sub-experiment>.csv per run).

A function is listed when it grew in every run, as the cell did (every PR run above every base
run: the rank guard's criterion), so a function whose count merely varies from run to run (a
look-up whose cost depends on the run's GUIDs, a contended lock) is not taken for the change.
Inclusive counts nest (a caller holds its callees' counts), so the shares of one cell's
functions do not add up to 100 %: the list reads from the function that grew most to the
least, and of those that hold about the same part of the change the innermost comes first:
the first function is where to look.

Where a cell's runs spread (spread_causes): why a cell cannot detect the increase required, from
the same files, each build's runs about their own mean.

Which inconclusive cells took only the base's paths (identical_paths): a count takes one of a few
states per run (the allocator's, a hash table's depth), which can keep a cell from ruling out a
small increase by its totals; a PR run whose every function counted exactly what a base run's did
took that run's path. The reason says so; the verdict stays, since how often each state occurs can
change too.
"""

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate.contracts import gate_result, instruction_counts as counts, json_shapes as shapes
from latency_gate.analysis import relative
from latency_gate.errors import InputError

FUNCTIONS_LISTED = 5  # per regressed cell: what a reviewer reads
# A counted run's files of a sub-experiment (contracts/instruction_counts.py): their paths and readers.
FILES = {"counts": (counts.counts_path, counts.read_counts), "functions": (counts.functions_path, counts.read_functions),
         "allocations": (counts.allocations_path, counts.read_allocations)}


@dataclass(frozen=True)
class CountedRun:
    """One counted run of a gate, its files read once: {(what, sub-experiment): frame} of the FILES it has."""

    directory: Path
    files: dict

    def has(self, what, subexperiment):
        return (what, subexperiment) in self.files

    def frame(self, what, subexperiment):
        """The run's file of FILES[what] of a sub-experiment; InputError naming it when the run has none."""
        if not self.has(what, subexperiment):
            raise InputError("no such file", FILES[what][0](self.directory, subexperiment))
        return self.files[what, subexperiment]


@dataclass(frozen=True)
class CountedRuns:
    """A counted gate's runs, each read once (read_runs): what its functions, allocations, spread
    and flame graphs are found in."""

    results: Path  # the gate's results directory
    builds: dict  # {BASE, PR: [CountedRun]}, each build's in round order


def read_runs(results, subexperiments):
    """The CountedRuns of a gate's results directory: every run's files of `subexperiments`."""
    builds = {build: gate_result.run_directories(results, build) for build in (relative.BASE, relative.PR)}
    return CountedRuns(Path(results), {build: [
        CountedRun(run, {(what, name): read(path(run, name)) for what, (path, read) in FILES.items()
                         for name in subexperiments if path(run, name).is_file()})
        for run in runs] for build, runs in builds.items()})


def cell_key(subexperiment, payload):
    return f"{subexperiment} {int(payload)} B"


def changed_functions(runs, decision, listed=FUNCTIONS_LISTED):
    """{"<sub-experiment> <bytes> B": [{function, base, pr, delta, share}]} for every gated cell
    with a confirmed regression: mean inclusive instructions per round trip of each build over its
    runs, for the functions that grew in every run, the most first; share = delta / the cell's change."""
    regressed = decision[decision["Gated"] & (decision["Verdict"] == relative.REGRESSION)
                         & (decision[relative.MAGNITUDE] == relative.INSTRUCTIONS)]
    changed = {}
    for subexperiment, cells in regressed.groupby(relative.SUBEXPERIMENT, sort=False):
        inclusive = {build: _inclusive(build_runs, subexperiment) for build, build_runs in runs.builds.items()}
        for _, cell in cells.iterrows():
            payload = int(cell[relative.BYTES])
            # Every run lists every payload it counted, the regressed one included.
            base = inclusive[relative.BASE].xs(payload, level=counts.BYTES)
            pr = inclusive[relative.PR].xs(payload, level=counts.BYTES)
            base, pr = base.align(pr, join="outer", fill_value=0.0)
            grew = pr.min(axis=1) > base.max(axis=1)
            change = float(cell["PR"] - cell["Base"])
            delta = (pr.mean(axis=1) - base.mean(axis=1))[grew]
            delta = innermost_first(delta, base.mean(axis=1)[grew], change)
            changed[cell_key(subexperiment, payload)] = [
                {"function": shapes.clipped(str(name)), "base": round(float(base.loc[name].mean())),
                 "pr": round(float(pr.loc[name].mean())), "delta": round(float(value)),
                 "share": round(float(value) / change, 3)}  # a regressed cell's change is above 0
                for name, value in delta.head(listed).items()
            ]
    return changed


def identical_paths(runs, decision):
    """{(sub-experiment, payload)} of the gated instruction cells, inconclusive, in which every PR run
    counted what some base run counted, function by function (every function's inclusive
    instructions per round trip, as its functions file states them): each PR run took a path a base
    run took. A cell some run has no functions of is left out."""
    open_cells = decision[decision["Gated"] & (decision["Verdict"] == relative.INCONCLUSIVE)
                          & (decision[relative.MAGNITUDE] == relative.INSTRUCTIONS)]
    identical = set()
    for subexperiment, cells in open_cells.groupby(relative.SUBEXPERIMENT, sort=False):
        if not all(run.has("functions", subexperiment) for build_runs in runs.builds.values() for run in build_runs):
            continue
        inclusive = {build: _inclusive(build_runs, subexperiment) for build, build_runs in runs.builds.items()}
        for payload in cells[relative.BYTES].astype(int):
            if not all(payload in frame.index.get_level_values(counts.BYTES) for frame in inclusive.values()):
                continue
            base = inclusive[relative.BASE].xs(payload, level=counts.BYTES)
            pr = inclusive[relative.PR].xs(payload, level=counts.BYTES)
            base, pr = base.align(pr, join="outer", fill_value=0.0)  # a function one run lacks counts 0 there
            paths = {tuple(base[run]) for run in base.columns}
            if all(tuple(pr[run]) in paths for run in pr.columns):
                identical.add((subexperiment, int(payload)))
    return identical


def innermost_first(delta, inclusive, change):
    """`delta` (function -> change of its inclusive instructions per round trip) ordered from the
    function holding most of the cell's `change` to the least. A caller holds its callee's growth
    too: of the functions that hold about the same part of the change (levels: within a tenth of
    it), the innermost (the least `inclusive` cost before the change) comes first."""
    return delta.loc[_by_level(delta / change, inclusive).index]


def _by_level(parts, inclusive):
    """A frame of each function's level (levels) and `inclusive` cost, levels from the largest
    part down, the innermost first within a level."""
    return pd.DataFrame({"level": levels(parts), "inclusive": inclusive}).sort_values(["level", "inclusive"])


def levels(parts):
    """Each function's level, 0 the largest: `parts` (function -> its part of the change, 1 the
    whole) from the largest down, a function within a tenth of its level's largest part is of that
    level, the first below starts the next. (Rounding to a grid of tenths split a callee holding
    92 % of its caller's growth from it where a grid line fell between.)"""
    ordered = parts.sort_values(ascending=False, kind="stable")
    starts = np.zeros(len(ordered), dtype=int)
    top = None
    for position, part in enumerate(ordered.to_numpy()):  # per function, not per sample: a level's top moves in steps
        if top is None or part < top - 0.1:
            top, starts[position] = part, 1
    return pd.Series(np.cumsum(starts) - 1, index=ordered.index)


# Why a cell cannot detect the increase required: where its runs' spread is, named by level of a
# tenth of it (innermost_first's parts), the highest levels first: what a reviewer reads.
SPREAD_LEVELS_LISTED = 3
# A cell's Detectable is floored at exp(log1p(min_effect)) (relative.decide), which comes back some
# ulps above 1 + min_effect (+0.2 %: 0.0020000000000000018): a cell within this relative distance of
# the bound detects it.
DETECTABLE_TOLERANCE = 1e-9


def spread_causes(runs, decision, bound, listed=SPREAD_LEVELS_LISTED):
    """[{subexperiment, bytes, detectable, spread, runs, functions: [{function, spread, share}]}] for
    each gated instructions cell whose detectable increase (decision's Detectable - 1) exceeds `bound`
    (by more than DETECTABLE_TOLERANCE), the least sensitive first: its runs' relative standard
    deviation (each build's runs about their own mean), and where that spread is (spread_functions).
    A sub-experiment without every run's functions file is left out."""
    cells = decision[decision["Gated"] & (decision[relative.MAGNITUDE] == relative.INSTRUCTIONS)
                     & (decision["Detectable"] > (1 + bound) * (1 + DETECTABLE_TOLERANCE))].sort_values("Detectable", ascending=False)
    every = [(build, run) for build in (relative.BASE, relative.PR) for run in runs.builds[build]]
    found = []
    for subexperiment, group in cells.groupby(relative.SUBEXPERIMENT, sort=False):
        if not every or not all(run.has("functions", subexperiment) for _, run in every):
            continue
        functions = _inclusive([run for _, run in every], subexperiment)
        totals = pd.concat([counts.per_round_trip(run.frame("counts", subexperiment)) for _, run in every],
                           axis=1, keys=range(len(every)))
        builds = [build for build, _ in every]
        for _, cell in group.iterrows():
            payload = int(cell[relative.BYTES])
            relative_spread, listed_functions = spread_functions(
                functions.xs(payload, level=counts.BYTES), totals.loc[payload], builds, listed)
            found.append({"subexperiment": subexperiment, "bytes": payload,
                          "detectable": round(float(cell["Detectable"]) - 1, 4),
                          "spread": round(relative_spread, 5), "runs": len(every), "functions": listed_functions})
    return sorted(found, key=lambda cell: -cell["detectable"])


def spread_functions(functions, totals, builds, listed=SPREAD_LEVELS_LISTED):
    """(the total's relative standard deviation, [{function, spread, share}]) of one cell:
    `functions` (function x run: inclusive instructions per round trip), `totals` (run: the cell's
    instructions per round trip), `builds` (run: its build; each build's runs deviate about their
    own mean, so a change between the builds is not spread).

    A function's share is the part of the total's variance that moves with its inclusive count
    (covariance over variance: the root holds 1, a function that does not vary 0, one whose moves
    the rest of the count partly undoes more than 1); its spread is the standard deviation of its
    inclusive count, instructions per round trip. Shares nest as inclusive counts do (a caller
    holds its callees' spread), so of the functions holding about the same share (a tenth of it:
    innermost_first's parts; all of it or more, one level) the innermost is listed, one per level,
    the highest `listed` levels of at least a tenth."""
    groups = pd.Series(builds, index=functions.columns)
    deviations = functions - functions.T.groupby(groups).transform("mean").T
    total_deviations = totals - totals.groupby(groups).transform("mean")
    freedom = len(totals) - groups.nunique()
    variance = float(total_deviations @ total_deviations)
    relative_spread = float(np.sqrt(variance / freedom)) / float(totals.mean()) if freedom > 0 else 0.0
    if variance == 0:
        return relative_spread, []
    share = (deviations @ total_deviations) / variance
    share = share[(share * 10).round() >= 1]
    # Every share of the whole spread or more is one level: the common callers of all that varies.
    ordered = _by_level(share.clip(upper=1.0), functions.mean(axis=1)[share.index])
    picked = share[ordered.drop_duplicates("level").index].head(listed)
    spread = np.sqrt((deviations.loc[picked.index] ** 2).sum(axis=1) / freedom)
    return relative_spread, [
        {"function": shapes.clipped(str(name)), "spread": round(float(spread[name])), "share": round(float(value), 3)}
        for name, value in picked.items()]


def _inclusive(runs, subexperiment):
    """Inclusive instructions per round trip, (payload, function) x run, of `runs` (CountedRun); a
    function a run did not execute counts 0 there."""
    frames = [run.frame("functions", subexperiment).set_index([counts.BYTES, counts.FUNCTION])[counts.INCLUSIVE]
              for run in runs]
    return pd.concat(frames, axis=1, keys=range(len(frames))).fillna(0.0)


# Heap allocations per round trip are integers of a deterministic path: a change of one every other
# round trip (a payload's per-run constants, the harness's growing vector, stay far below it at the
# gate's 100 round trips) is a per-sample allocation, whatever the cell's size. Where the path is not
# deterministic (a secured reliable cell allocates ~720 per round trip, through OpenSSL, give or take
# 20 between runs) the cell's own spread says otherwise: the change must also reach ALLOCATION_SPREADS
# standard deviations of the sub-experiment's runs (pooled over its payloads and both builds). Chosen
# from the measured: calibrated changes of +2 per round trip stood 5.1-6.7 of them above their base in
# reliable cells, two full-matrix A/A gates' largest such ratio was 3.3, their only cell with every
# PR run above every base run 1.0 (benchmarks/results/library-changes-2026-11-27).
ALLOCATION_STEP = 0.5
ALLOCATION_SPREADS = 4.0


def allocation_changes(runs, subexperiments):
    """[{subexperiment, bytes, base, pr, verdict, functions}] per counted cell of the gate's runs:
    mean allocations per round trip of each build (every process summed), the verdict (a regression
    when every PR run allocates more than every base run, at least ALLOCATION_STEP more per round trip
    and ALLOCATION_SPREADS of the sub-experiment's standard deviations more on average; an improvement
    the other way round; else no change), and the allocating functions whose calls per round trip grew
    by ALLOCATION_STEP in every run. Runs counted before allocations were: none."""
    changes = []
    for subexperiment in subexperiments:
        allocations = {build: _allocation_runs(build_runs, subexperiment) for build, build_runs in runs.builds.items()}
        if any(totals is None for totals, _ in allocations.values()):
            continue
        (base, base_functions), (pr, pr_functions) = allocations[relative.BASE], allocations[relative.PR]
        # The sub-experiment's run-to-run spread, pooled over its payloads and both builds (0 for one run).
        spread = float(np.sqrt(np.nanmean([base.var(axis=1, ddof=1).mean(), pr.var(axis=1, ddof=1).mean()])
                               if base.shape[1] > 1 and pr.shape[1] > 1 else 0.0))
        for payload in base.index.intersection(pr.index):
            step = max(ALLOCATION_STEP, ALLOCATION_SPREADS * spread * np.sqrt(1 / base.shape[1] + 1 / pr.shape[1]))
            grew = pr.loc[payload].min() > base.loc[payload].max() and pr.loc[payload].mean() - base.loc[payload].mean() >= step
            shrank = base.loc[payload].min() > pr.loc[payload].max() and base.loc[payload].mean() - pr.loc[payload].mean() >= step
            verdict = "regression" if grew else "improvement" if shrank else "no change"
            changes.append({"subexperiment": subexperiment, "bytes": int(payload),
                            "base": round(float(base.loc[payload].mean()), 3),
                            "pr": round(float(pr.loc[payload].mean()), 3), "verdict": verdict,
                            "functions": _grown(base_functions, pr_functions, payload)})
    return changes


def allocation_findings(runs, subexperiments, no_allocations):
    """A counted gate's heap allocations per round trip, as gate_result.json records them: the cells
    whose allocations moved between the builds (allocation_changes), and, for the sub-experiments in
    `no_allocations` ("all": every one), the PR's last run's cells that allocate on their steady path
    (steady_allocations); either fails the gate (contracts/gate_result.py allocation_failures)."""
    found = {"allocation_changes": [cell for cell in allocation_changes(runs, subexperiments)
                                    if cell["verdict"] != "no change"]}
    if no_allocations:
        required = list(subexperiments) if "all" in no_allocations else [
            name for name in subexperiments if name in no_allocations]
        pr = runs.builds[relative.PR]
        found |= {"no_allocations": required, "steady_allocations": steady_allocations(pr[-1], required) if pr else []}
    return found


def steady_allocations(run, subexperiments):
    """[{subexperiment, bytes, functions: [{function, per_round_trip}]}]: the cells of a run (CountedRun)
    whose allocating functions allocate at least ALLOCATION_STEP times per round trip (every process
    summed), with those functions, the most first. A sub-experiment the run did not count is not in it."""
    found = []
    for subexperiment in subexperiments:
        if not run.has("allocations", subexperiment):
            continue
        calls = run.frame("allocations", subexperiment).groupby([counts.BYTES, counts.CALLER])[counts.PER_CALLER].sum()
        steady = calls[calls >= ALLOCATION_STEP].sort_values(ascending=False)
        for payload in sorted(set(steady.index.get_level_values(counts.BYTES))):
            found.append({"subexperiment": subexperiment, "bytes": int(payload), "functions": [
                {"function": shapes.clipped(str(function)), "per_round_trip": round(float(value), 3)}
                for function, value in steady.xs(payload, level=counts.BYTES).items()]})
    return found


def _allocation_runs(runs, subexperiment):
    """(allocations per round trip, payload x run; calls per round trip, (payload, function) x run) of a
    build's runs (CountedRun), every process summed; (None, None) when a run has no allocation counts."""
    totals, functions = [], []
    for run in runs:
        cell_counts = run.frame("counts", subexperiment)
        if counts.ALLOCATIONS_PER_ROUND_TRIP not in cell_counts:
            return None, None
        totals.append(counts.per_round_trip(cell_counts, counts.ALLOCATIONS_PER_ROUND_TRIP))
        functions.append(run.frame("allocations", subexperiment)
                         .groupby([counts.BYTES, counts.CALLER])[counts.PER_CALLER].sum())
    if not totals:
        return None, None
    keys = range(len(totals))
    return (pd.concat(totals, axis=1, keys=keys).fillna(0.0),
            pd.concat(functions, axis=1, keys=keys).fillna(0.0))


def _grown(base, pr, payload, listed=FUNCTIONS_LISTED):
    """The allocating functions of a cell whose calls per round trip grew by ALLOCATION_STEP in every run."""
    pick = {name: frame.xs(payload, level=counts.BYTES) if payload in frame.index.get_level_values(counts.BYTES)
            else pd.DataFrame(columns=frame.columns) for name, frame in (("base", base), ("pr", pr))}
    base_calls, pr_calls = pick["base"].align(pick["pr"], join="outer", fill_value=0.0)
    grew = (pr_calls.min(axis=1) - base_calls.max(axis=1)) >= ALLOCATION_STEP
    delta = (pr_calls.mean(axis=1) - base_calls.mean(axis=1))[grew].sort_values(ascending=False)
    return [{"function": shapes.clipped(str(name)), "base": round(float(base_calls.loc[name].mean()), 3),
             "pr": round(float(pr_calls.loc[name].mean()), 3), "delta": round(float(value), 3)}
            for name, value in delta.head(listed).items()]
