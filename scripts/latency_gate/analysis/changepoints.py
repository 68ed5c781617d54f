"""Change points in a platform's history, per cell, found by Apache Otava.

A cell is one sub-experiment, payload and magnitude (latency: Median and 99%; throughput:
the subscription throughput, the kind's `trended`); its series is that magnitude over the
platform's runs in chronological order. Each series
goes to Otava's E-divisive means (`otava.analysis.compute_change_points`, the split and
merge of Fleming et al., "Hunter: Using Change Point Detection to Hunt for Performance
Regressions", ICPE 2023), which reports where the level shifts, with the mean before and
after the shift and the p-value of a two-sided t-test between the two sides.

A change point's `index` is the position, among the platform's runs, of the first run
at the new level; `run_id` names that run. Regenerating the history writes the change
points to changepoints/<platform>.json in the store (contracts/change_points.py), where the site
and publish-history's job summary read them.
"""

import functools
import multiprocessing
import os
from dataclasses import asdict, dataclass, field, replace
from importlib import metadata

import numpy as np
import pandas as pd

from latency_gate.contracts import change_points, formats
from latency_gate.errors import InputError
from latency_gate.runner import kinds

LIBRARY = "apache-otava"
# Series points from which detection runs in a pool of processes: Otava takes about 20 ms
# per series of 1,000 runs, and a pool costs some 0.1 s to start.
PARALLEL_MIN_POINTS = 50_000


@dataclass(frozen=True)
class Options:
    """How sensitive the detection is. The defaults keep noise from flooding the list.
    A platform has 220 series (10 sub-experiments x 11 payloads x 2 magnitudes) and
    Otava's p-value is that of the split it picked as the best, so the threshold must be
    far below the false-alarm rate wanted. On flat synthetic histories whose runs scatter
    by 10 % (log-normal), Otava's default p < 0.001 gave about 13 false change points per
    platform at 100 runs and 47 at 300; p < 0.0001 gave 0.3 and 4; p < 0.00001 none (and
    none in 1,000 runs scattering by 4-6 %, where 0.0001 gave 18). A 30 % step stands out
    at any of them (p is ~0 at 4 % scatter); at 10 % scatter it takes a few more runs.
    Shifts under 5 % are not worth a maintainer's look even when significant. Fewer than
    8 runs are too few to tell a shift from a few noisy runs: such a history has none."""

    magnitudes: tuple = kinds.LATENCY.trended  # summary columns analysed, one series each (options_for)
    max_pvalue: float = 0.00001  # a change point's t-test p-value is below this
    min_change: float = 0.05  # and its relative change (either direction) above this
    min_runs: int = 8  # series with fewer runs (with that payload) are not analysed
    # A level must hold for this many runs on either side: one or two outlying runs (a busy
    # neighbour on the runner) are no change of level, and E-divisive alone would report
    # one as a step up and a step down. So a shift is reported from its third run on.
    min_segment: int = 3
    window: int = 50  # Otava's sliding window of runs for the split step (its default)


DEFAULTS = Options()


# Instructions per round trip spread far less than times (relative s.d. from run to run: median
# 0.14-0.2 %, at most 0.9 %, the socket floor's 0; docs/code-path-gate.md, Measured), and the
# changes the code-path gate finds are +0.4 to +1.2 %, which 5 % would hide; p < 0.00001 still
# keeps the spread from passing for a shift.
COUNTS_MIN_CHANGE = 0.005


def options_for(kind):
    """The defaults for a kind's history: its trended magnitudes. A throughput line has half
    a latency line's series (one magnitude), so the same thresholds are as safe there; an
    instructions line's counts shift from COUNTS_MIN_CHANGE."""
    counted = {"min_change": COUNTS_MIN_CHANGE} if kind is kinds.INSTRUCTIONS else {}
    return replace(DEFAULTS, magnitudes=kind.trended, **counted)


@dataclass(frozen=True)
class ChangePoint:
    subexperiment: str
    payload: int  # bytes
    magnitude: str  # summary column, e.g. "Median" or "99%"
    run_id: str  # the first run at the new level
    index: int  # that run's position in the history analysed (0 = oldest run)
    mean_before: float  # mean of the magnitude over the runs since the previous change point
    mean_after: float  # ... and up to the next one (the magnitude's unit: µs, Mb/s)
    change: float  # relative change, mean_after / mean_before - 1 (latency 0.3: 30 % slower)
    pvalue: float  # Otava's two-sided t-test p-value between the two sides


@dataclass
class Detection:
    """A platform's change points and how they were found (what the JSON file holds)."""

    platform: str
    runs: int  # runs in the platform's history
    changepoints: list[ChangePoint]
    options: Options = field(default_factory=Options)
    library: str = field(default_factory=lambda: f"{LIBRARY} {metadata.version(LIBRARY)}")
    kind: str = kinds.LATENCY.name  # the history line's: latency, throughput or instructions


def detect(summaries, run_ids, options=DEFAULTS):
    """Change points of every cell of one platform's history, oldest first.

    summaries: long frame with 'run' (position in `run_ids`, which are chronological),
    'subexperiment', 'Bytes' and the magnitude columns of options.magnitudes.
    """
    run_ids = list(run_ids)
    if len(run_ids) < options.min_runs or summaries.empty:
        return []
    missing = [m for m in options.magnitudes if m not in summaries.columns]
    if missing:
        raise InputError(f"change points: the summaries have no column(s) {', '.join(map(repr, missing))}")
    # One row per cell, one column per run (NaN where the run lacks that payload).
    cells = (summaries.set_index(["subexperiment", "Bytes", "run"])[list(options.magnitudes)]
             .rename_axis(columns="magnitude").stack().unstack("run"))
    values = cells.to_numpy(dtype=float)
    present = np.isfinite(values)
    count = present.sum(axis=1)
    low = np.where(present, values, np.inf).min(axis=1)
    high = np.where(present, values, -np.inf).max(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        # Segment means lie within [low, high], so no shift can exceed high/low - 1: such
        # series (most of a quiet history) need no detection at all.
        spread = np.where(low > 0, high / low - 1.0, np.inf)
    candidates = np.flatnonzero((count >= options.min_runs) & (spread > options.min_change))
    positions = cells.columns.to_numpy()
    series = [values[row, present[row]] for row in candidates]
    found = []
    for row, points in zip(candidates, _map(functools.partial(_otava, options=options), series)):
        runs = positions[present[row]]
        subexperiment, payload, magnitude = cells.index[row]
        for at, mean_before, mean_after, change, pvalue in points:
            index = int(runs[at])
            found.append(ChangePoint(subexperiment, int(payload), magnitude, run_ids[index], index,
                                     mean_before, mean_after, change, pvalue))
    return sorted(found, key=functools.partial(_order, magnitudes=options.magnitudes))


def _map(function, series):
    """function over every series; in a pool of processes when there is much to do."""
    workers = os.cpu_count() or 1
    if workers == 1 or sum(map(len, series)) < PARALLEL_MIN_POINTS:
        return [function(one) for one in series]
    # Forked workers start at once with Otava imported (spawn only where fork is missing).
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(workers) as pool:
        return pool.map(function, series, chunksize=max(1, len(series) // (workers * 4)))


def _otava(series, options):
    """(index, mean before, mean after, relative change, p-value) of each change point."""
    return [(int(point.index), float(point.stats.mean_1), float(point.stats.mean_2),
             float(point.stats.forward_rel_change()), float(point.stats.pvalue))
            for point in _otava_points(series, options)]


def _otava_points(series, options):
    """Otava's change points of one series, without levels shorter than min_segment runs."""
    # Imported here: Otava loads scipy.stats (half a second), which only detection needs.
    from otava.analysis import TTestSignificanceTester, compute_change_points, merge

    series = series.tolist()  # Otava slices its windows from a list; an array would skip the slicing
    points, _weak = compute_change_points(series, window_len=options.window, max_pvalue=options.max_pvalue,
                                          min_magnitude=options.min_change)
    bounds = [0, *(point.index for point in points), len(series)]
    lengths = np.diff(bounds)
    kept = [point for point, before, after in zip(points, lengths[:-1], lengths[1:])
            if min(before, after) >= options.min_segment]
    if len(kept) == len(points):
        return points
    # Without the short levels the neighbours' sides are longer: Otava's own tester
    # recomputes their statistics and its merge step drops those no longer significant.
    tester = TTestSignificanceTester(options.max_pvalue)
    intervals = tester.get_intervals(kept)
    kept = [tester.change_point(point.to_candidate(), series, intervals) for point in kept]
    return merge(kept, series, options.max_pvalue, options.min_change)


def _order(point, magnitudes):
    """Oldest first; within a run in the spec's order of sub-experiments, then the magnitudes' order."""
    return (point.index, formats.KNOWN_SUBEXPERIMENTS.index(point.subexperiment), point.payload,
            magnitudes.index(point.magnitude))


def detect_history(history, run_ids, platform="", options=None, kind=kinds.LATENCY):
    """A Detection from requirements.collect_summaries' frame of a kind ('Run' holds run
    ids); options: the kind's defaults unless given."""
    options = options or options_for(kind)
    run_ids = list(run_ids)
    if len(run_ids) < options.min_runs:
        return Detection(platform, len(run_ids), [], options, kind=kind.name)
    position = pd.Series(np.arange(len(run_ids)), index=run_ids)
    summaries = history.rename(columns={kind.payload: "Bytes"}).assign(
        run=position.reindex(history["Run"]).to_numpy(), subexperiment=history["Experiment type"])
    return Detection(platform, len(run_ids), detect(summaries, run_ids, options), options, kind=kind.name)


def write(detection, target):
    """The detection as a change points file (contracts/change_points.py), written atomically; a
    pure function of it (no clock)."""
    return change_points.write({
        "platform": detection.platform,
        "kind": detection.kind,
        "runs": detection.runs,
        "library": detection.library,
        "options": {**asdict(detection.options), "magnitudes": list(detection.options.magnitudes)},
        "changepoints": [_rounded(asdict(point)) for point in detection.changepoints],
    }, target)


def _rounded(row):
    row.update(mean_before=round(row["mean_before"], 3), mean_after=round(row["mean_after"], 3),
               change=round(row["change"], 4), pvalue=float(f"{row['pvalue']:.3g}"))
    return row


def read(source):
    """A Detection from a changepoints/<platform>.json file; InputError names the file."""
    document = change_points.read(source)
    points = [ChangePoint(**row) for row in document["changepoints"]]
    try:
        options = Options(**{**document.get("options", {}), "magnitudes": tuple(document["options"]["magnitudes"])})
    except (KeyError, TypeError) as error:
        raise InputError(f"change points file has unusable options: {error}", source) from None
    kind = document.get("kind", kinds.LATENCY.name)  # files from before throughput: latency
    if kind not in kinds.LINES:
        raise InputError(f"change points file of unknown kind {kind!r}", source)
    return Detection(str(document.get("platform", "")), int(document.get("runs", 0)), points, options,
                     str(document.get("library", "")), kind)
