"""Proof of the relative gate (issue 6): false alarms, detection and wall time, as tables.

Every subcommand prints markdown tables and writes them as proof_<command>.md, .csv (one
row per table row, raw numbers, a "table" column) and .json next to its inputs (their
common parent directory), or into --out.

    .venv/bin/python benchmarks/gate_proof.py aa GATE_DIR... [--out DIR]
        Real A/A gates (base and PR the same build; a directory holding gate-* directories
        also works). Per set of gates measuring the same cells: gates, false alarms (gate
        failed), the rate with its exact (Clopper-Pearson, one-sided) 95 % upper bound, rounds used
        (p50 / max), inconclusive cells per gate, wall time p50 / p95 / max, cells per gate;
        in the same table the spec's method and github-action-benchmark's ratio threshold on
        the same recorded runs (see "Other methods"); and a replay check: each recorded gate's
        rounds put through the replayed sequential procedure must give its recorded looks.
        Produce the gates with, e.g. (hundreds on a runner fleet, one directory each):
            for i in $(seq -w 1 20); do
                latency-gate gate --base LT --pr LT -r aa/gate-$i --subexperiments A B C
            done

    .venv/bin/python benchmarks/gate_proof.py ab --shift 0.25 --cell interprocess_best_effort:1024 \\
            --gates 3 --out /work/proof-ab [--base BINARY] [--other intraprocess_best_effort] \\
            [--median-us US | --calibrate-from GATE_DIR...] [-- more latency-gate gate options]
        Builds a regression variant of the project's LatencyTest and runs N gates of it
        against BASE (default: the project-built LatencyTest) on the target cell's
        sub-experiment plus --other. The variant is LatencyTestSubscriber.cpp (after the
        project's latencytest/patches) plus a generated patch (<out>/delay-<shift>.patch,
        difflib): the subscriber records the payload of the current test(datasize) in a
        file-scope std::atomic<uint32_t>, and its non-loan echo busy-waits DELAY_NS on
        std::chrono::steady_clock before write(data) when that payload is the target's and
        the subscriber runs the target's kind of sub-experiment (its own process for
        inter-process, or 'both' for intra-process; the data reader's reliability). So the
        delay never reaches --other (refused when of the same kind), but at that payload it
        reaches every sub-experiment of the target's kind (e.g. interprocess_best_effort_tcp).
        DELAY_NS = shift x round-trip median x 1000, the round trip being twice the latency
        LatencyTest reports; the median is --median-us, or the median of the base build's
        values of the target cell in --calibrate-from A/A gates, or else a calibration run of
        BASE now (3 pinned runs of 1,000 samples). Built with scripts/setup/build_latencytest.sh
        into <out>/build-<shift> (LATENCY_GATE_EXTRA_PATCHES); gates in <out>/shift-<shift>/gate-NNN
        (existing complete gates are kept: re-run with a larger --gates to add more).
        Detection: the target cell's verdict is 'regression' and the gate failed.
        --side publisher: a change of another kind, not in the echo: LatencyTestPublisher.cpp
        busy-waits between a sample's start time and its write, DELAY_NS x datasize / PAYLOAD
        (growing with the payload: the full shift at the target payload), in publishers of the
        target's kind ('publisher' process or 'both'; the data writer's reliability).

    .venv/bin/python benchmarks/gate_proof.py ab-table DIR... [--out DIR]
        Detection per shift of `ab` outputs (shift-* directories, or their parent), with the
        95 % interval, realised shift (the gates' ratio of the target cell), the target
        payload's 99 % flagged, other cells flagged, wall time.

    .venv/bin/python benchmarks/gate_proof.py resample GATE_DIR... [--trials 2000] [--out DIR]
            [--max-rounds 6 8 10 12] [--noise 0.5 1 2] [--samples 250 500 1000] [--seed 1]
            [--jobs 1] [--max-gate-noise S] [--variance cell moderated]
        Synthetic gates from recorded A/A gates (gates measuring the same cells form a pool).
        Each recorded round contributes its vector of log ratios d = log(PR / base) over all
        gated cells (one round's cells together, so their correlation stays); a synthetic gate
        draws max-rounds distinct rounds (with replacement only from a smaller pool), flips
        each drawn round's sign at random (valid under no change: the order inside each pair
        was random), optionally multiplies d by a noise factor, optionally adds
        log(1 + shift) to one random gated Median cell, and is decided by the gate's own
        procedure (see "Replay"). Tables: the cells' noise;
        the relative gate against the spec's method and the ratio threshold on the same data;
        false alarms and detection (+5/+10/+25/+50 %) by max rounds, by noise factor (plus a
        row drawing each synthetic gate's rounds from one recorded gate only, keeping its
        machine state) and by samples per run (each run's Median, 99 % and Max recomputed
        from its first N raw samples); the issue's detection targets (+25 % in any Median
        cell, +10 % in cells whose round log ratio has s.d. <= 3 %). --trials gates per
        false-alarm row, --trials / 4 per detection row (--detection-trials); --jobs N
        processes (the tables do not depend on it: every batch has its own seed);
        --max-gate-noise S pools only gates whose Median cells' median s.d. is at most S;
        --variance: the gate's variance estimate(s) (relative.py: each cell's own rounds, or
        moderated across the payloads of a sub-experiment and magnitude), all tables for each.

Replay: gate_verdict() below looks at the rounds where `latency-gate gate` looks
(gate.look_rounds), decides each look with relative.verdicts (what relative.decide
computes, on the matrix instead of the table), stops early only when relative.unsettled is
0 (what gate.unsettled_cells counts without a ceiling) and otherwise goes to max rounds,
where the verdict counts. Only the gated cells enter: Holm's family is the gated cells,
and advisory cells are tested one by one, so they change no gated verdict.
relative.sign_flips is memoised during resampling (same patterns; computing them was most
of a 12-round look). tests/test_relative_resampling.py checks the replay against
gate.run_gate's own looks.

Other methods on the same data, one PR run each (a gate is ~20 runs, so per PR):
- the spec's method: a cell's requirement is the 99th (numpy linear) percentile of all
  other recorded runs' values, as requirements.py derives it; the PR run fails when any
  checked cell (Median, 99 %, Max) is above its requirement;
- github-action-benchmark's method: ratio of the PR run's value to the previous result,
  here the base run of the same round, alert when above the threshold (its default
  alert-threshold 200 %; 110 % and 150 % too) in any Median or 99 % cell.
Detection for these: the shifted target cell itself is over (its requirement or the
threshold), over every recorded PR run and every Median cell as target.
"""

import argparse
import hashlib
import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from difflib import unified_diff
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "scripts"))

from latency_gate import experiment, formats, gate, relative  # noqa: E402
from latency_gate.relative import GateSettings  # noqa: E402

SHIFTS = (0.05, 0.10, 0.25, 0.50)
RATIO_THRESHOLDS = (1.1, 1.5, 2.0)  # github-action-benchmark: alert-threshold, default 200 %
SPEC_PERCENTILE = 99.0  # requirements.DEFAULT_PERCENTILE
QUIET_NOISE = 0.03  # the "run-to-run noise <= 3 %": s.d. of a cell's round log ratio
DEFAULT_OTHER = "intraprocess_best_effort"


# ---------------------------------------------------------------------------------------
# Small helpers


def clopper_pearson(events, trials, confidence=0.95):
    """Exact two-sided interval of a binomial rate (upper bound alone: use 2 x (1 - confidence))."""
    if trials == 0:
        return 0.0, 1.0
    low = stats.beta.ppf((1 - confidence) / 2, events, trials - events + 1) if events else 0.0
    high = stats.beta.ppf(1 - (1 - confidence) / 2, events + 1, trials - events) if events < trials else 1.0
    return float(low), float(high)


def upper_bound(events, trials, confidence=0.95):
    """Exact one-sided upper bound of a binomial rate."""
    return clopper_pearson(events, trials, 1 - 2 * (1 - confidence))[1]


def percent(value, digits=1):
    return "" if value is None or (isinstance(value, float) and np.isnan(value)) else f"{value * 100:.{digits}f}%"


def rate_text(events, trials):
    """'3/20 = 15.0%', or nothing when there were no trials."""
    return f"{events}/{trials} = {percent(events / trials)}" if trials else ""


class Report:
    """Markdown on stdout and in <out>/proof_<name>.md, raw rows in .csv, everything in .json."""

    def __init__(self, out, name):
        self.out = Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.name = name
        self.markdown, self.rows, self.json = [], [], {"tables": []}

    def table(self, title, display, raw=None, note=None):
        """display: rows of formatted strings; raw: the same rows as numbers (default: display)."""
        frame = pd.DataFrame(display)
        text = f"### {title}\n\n{markdown(frame)}\n" + (f"\n{note}\n" if note else "")
        print(text, flush=True)
        self.markdown.append(text)
        raw = raw if raw is not None else display
        self.rows += [{"table": title, **row} for row in raw]
        self.json["tables"].append({"title": title, "note": note, "rows": raw})

    def line(self, text):
        print(text, flush=True)
        self.markdown.append(text + "\n")

    def save(self, **extra):
        self.json.update(extra)
        (self.out / f"proof_{self.name}.md").write_text("\n".join(self.markdown), encoding="utf-8")
        pd.DataFrame(self.rows).to_csv(self.out / f"proof_{self.name}.csv", index=False)
        (self.out / f"proof_{self.name}.json").write_text(json.dumps(self.json, indent=2, default=_plain) + "\n")
        print(f"wrote {self.out}/proof_{self.name}.md, .csv, .json", file=sys.stderr)


def _plain(value):
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, Path):
        return str(value)
    raise TypeError(type(value))


def markdown(frame):
    def numeric(column):
        values = [str(v) for v in frame[column] if str(v)]
        return bool(values) and all(re.match(r"^[<>=+\-]*\d", v) for v in values)
    header = "| " + " | ".join(map(str, frame.columns)) + " |"
    rule = "|" + "|".join("---:" if numeric(c) else "---" for c in frame.columns) + "|"
    rows = ["| " + " | ".join(str(v) for v in row) + " |" for row in frame.itertuples(index=False)]
    return "\n".join([header, rule, *rows])


def default_out(inputs):
    parents = [str(Path(p).resolve().parent) for p in inputs]
    return Path(os.path.commonpath(parents))


# ---------------------------------------------------------------------------------------
# Recorded gates


@dataclass(eq=False)
class RecordedGate:
    directory: Path
    result: dict  # gate_result.json
    rounds: pd.DataFrame  # rounds.csv

    @property
    def rounds_used(self):
        # Older gate_result.json files held the first look in "rounds"; the last look is exact.
        looks = self.result.get("looks") or []
        return int(looks[-1]["rounds"]) if looks else int(self.rounds[relative.ROUND].max())

    @property
    def first_look(self):
        # Older gate_result.json files lack "first_look" and held it in "rounds".
        return int(self.result.get("first_look", self.result.get("rounds", gate.DEFAULT_ROUNDS)))

    @property
    def settings(self):
        s = self.result.get("settings", {})
        return GateSettings(alpha=s.get("alpha", 0.01), min_effect=s.get("min_effect", 0.05),
                            clear_confidence=s.get("clear_confidence", 0.9),
                            gated=tuple(s.get("gated", relative.GATED_MAGNITUDES)),
                            variance=s.get("variance", "cell"))  # gates recorded before the choice used "cell"

    @property
    def cell_set(self):
        """What makes gates comparable: sub-experiments, payloads, samples."""
        return (tuple(sorted(self.rounds[relative.SUBEXPERIMENT].unique())),
                tuple(sorted(self.rounds[relative.BYTES].unique())), int(self.result.get("samples", 0)))


def gate_directories(inputs):
    """The inputs, a directory holding gate-* directories standing for those."""
    found = []
    for path in map(Path, inputs):
        if (path / "rounds.csv").exists() or (path / "gate_result.json").exists():
            found.append(path)
        else:
            found += sorted(p for p in path.glob("gate-*") if p.is_dir())
    return found


def load_gates(inputs):
    """Complete recorded gates (gate_result.json and rounds.csv); unfinished ones are named and skipped."""
    gates, skipped = [], []
    for directory in gate_directories(inputs):
        result_path, rounds_path = directory / "gate_result.json", directory / "rounds.csv"
        if not (result_path.is_file() and rounds_path.is_file()):
            skipped.append(directory)
            continue
        gates.append(RecordedGate(directory, json.loads(result_path.read_text()), pd.read_csv(rounds_path)))
    if skipped:
        print(f"gate_proof: skipped {len(skipped)} unfinished gate(s): {', '.join(p.name for p in skipped)}",
              file=sys.stderr)
    if not gates:
        sys.exit("gate_proof: no finished gate (gate_result.json and rounds.csv) in the given directories")
    return gates


def group_gates(gates):
    groups = {}
    for recorded in gates:
        groups.setdefault(recorded.cell_set, []).append(recorded)
    return sorted(groups.items(), key=lambda item: -len(item[1]))


def group_label(cell_set, gates):
    names, payloads, samples = cell_set
    sources = sorted({gate.directory.parent.name for gate in gates})  # a combined table names each source
    return f"{len(names)} sub-experiment(s) x {len(payloads)} payloads, {samples} samples ({' + '.join(sources)})"


@dataclass
class Pool:
    """Recorded rounds of gates measuring the same cells."""
    label: str
    cells: pd.DataFrame  # Sub-experiment, Bytes, Magnitude per column
    base: np.ndarray  # rounds x cells, the base run's value
    pr: np.ndarray
    source: list  # (gate directory, round) per row

    @property
    def log_ratios(self):
        return np.log(self.pr) - np.log(self.base)

    def mask(self, magnitudes):
        return self.cells[relative.MAGNITUDE].isin(magnitudes).to_numpy()


def gate_noise(recorded, magnitude="Median"):
    """A recorded gate's noise: the median over its `magnitude` cells of the s.d. of the round log ratio."""
    cells, _, _, ratios = relative.paired_log_ratios(recorded.rounds)
    mask = (cells[relative.MAGNITUDE] == magnitude).to_numpy()
    return float(np.median(ratios[:, mask].std(axis=0, ddof=1)))


def pool_of(gates, label):
    cells, bases, prs, source = None, [], [], []
    for recorded in gates:
        these, base, pr, _ = relative.paired_log_ratios(recorded.rounds, recorded.directory / "rounds.csv")
        if cells is None:
            cells = these
        elif not these.equals(cells):
            raise SystemExit(f"gate_proof: {recorded.directory} measured other cells than the rest of its pool")
        bases.append(base)
        prs.append(pr)
        source += [(recorded.directory, r) for r in sorted(recorded.rounds[relative.ROUND].unique())]
    return Pool(label, cells, np.vstack(bases), np.vstack(prs), source)


# ---------------------------------------------------------------------------------------
# Replay of the gate's sequential procedure


def gate_verdict(gated, log_ratios, rounds, max_rounds, look_every, settings, rng, final_first=False, groups=None):
    """The gate's sequential decision on R x C log ratios: (regression per column, rounds used).

    Looks at gate.look_rounds; each look is relative.verdicts on the rounds so far (what
    relative.decide computes); stops early when relative.unsettled is 0, else decides at
    max_rounds. So a regression can come only from the look at max_rounds, and only when no
    earlier look had every gated cell cleared.

    final_first: the same outcome, computed in the cheaper order for resampling: the look at
    max_rounds first; when it flags nothing the gate passes whatever the earlier looks say
    (rounds used: None, not computed); else the earlier looks decide whether it stopped first.
    groups: relative.variance_groups of the columns (settings.variance 'moderated')."""
    looks = gate.look_rounds(rounds, max_rounds, look_every)
    if final_first:
        _, verdict = relative.verdicts(log_ratios[:max_rounds], gated, settings, rng, groups)
        regression = gated & (verdict == relative.REGRESSION)
        if not regression.any():
            return regression, None
        for look in looks[:-1]:
            _, early = relative.verdicts(log_ratios[:look], gated, settings, rng, groups)
            if relative.unsettled(early, gated) == 0:
                return np.zeros_like(regression), look
        return regression, max_rounds
    for look in looks:
        _, verdict = relative.verdicts(log_ratios[:look], gated, settings, rng, groups)
        if relative.unsettled(verdict, gated) == 0 or look == max_rounds:
            return gated & (verdict == relative.REGRESSION), look
    raise AssertionError("look_rounds always ends at max_rounds")


def replay_looks(log_ratios, gated, rounds, max_rounds, look_every, settings, seed, groups=None):
    """Per look (rounds, counts of the gated cells' verdicts) as `latency-gate gate` records them."""
    looks = []
    for look in gate.look_rounds(rounds, max_rounds, look_every):
        _, verdict = relative.verdicts(log_ratios[:look], gated, settings, np.random.default_rng(seed), groups)
        values, counts = np.unique(verdict[gated], return_counts=True)
        looks.append({"rounds": look, "verdicts": dict(zip(values.tolist(), counts.tolist())),
                      "regression": bool((verdict[gated] == relative.REGRESSION).any())})
        if relative.unsettled(verdict, gated) == 0:
            break
    return looks


def replayed_regressions(recorded, settings):
    """The cells the replayed procedure confirms as regressions on the recorded gate's rounds
    under other settings (e.g. another variance estimate), and the rounds it used. Without
    the ceiling."""
    cells, _, _, ratios = relative.paired_log_ratios(recorded.rounds)
    gated = cells[relative.MAGNITUDE].isin(settings.gated).to_numpy()
    regression, used = gate_verdict(gated, ratios, recorded.first_look, int(recorded.result.get("max_rounds", 10)),
                                    int(recorded.result.get("look_every", 2)), settings,
                                    np.random.default_rng(recorded.result.get("seed", 0)),
                                    groups=relative.variance_groups(cells, settings))
    return {tuple(cell) for cell in cells[regression].itertuples(index=False)}, used


def other_variance(settings):
    """The settings with the variance estimate the recorded gate did not use."""
    (other,) = [v for v in relative.VARIANCES if v != settings.variance]
    return GateSettings(**{**vars(settings), "variance": other})


def replay_matches(recorded):
    """Whether the recorded gate's looks (verdict counts) and verdict come out of the replay.

    The ceiling is not replayed (it only delays an early stop: the verdict counts of the
    looks it reached must still agree); rounds.csv holds 3-decimal values, the gate decided
    on full precision, so a borderline cell may differ."""
    cells, _, _, ratios = relative.paired_log_ratios(recorded.rounds)
    settings = recorded.settings
    gated = cells[relative.MAGNITUDE].isin(settings.gated).to_numpy()
    replayed = replay_looks(ratios, gated, recorded.first_look, int(recorded.result.get("max_rounds", 10)),
                            int(recorded.result.get("look_every", 2)), settings, recorded.result.get("seed", 0),
                            relative.variance_groups(cells, settings))
    looks = recorded.result.get("looks", [])
    same = all(a["rounds"] == b["rounds"] and a["verdicts"] == b["verdicts"] for a, b in zip(looks, replayed))
    return same and len(replayed) >= len(looks) and replayed[len(looks) - 1]["regression"] == (
        not recorded.result["passed"])


@contextmanager
def memoised_sign_flips():
    """relative.sign_flips builds all 2**R patterns on every call (3 ms at 12 rounds); they
    never change for R <= EXACT_FLIP_ROUNDS, so build them once. Same values, same procedure."""
    original, cache = relative.sign_flips, {}

    def sign_flips(rounds, rng):
        if rounds > relative.EXACT_FLIP_ROUNDS:
            return original(rounds, rng)
        if rounds not in cache:
            cache[rounds] = original(rounds, rng)
            cache[rounds].setflags(write=False)
        return cache[rounds]

    relative.sign_flips = sign_flips
    try:
        yield
    finally:
        relative.sign_flips = original


@dataclass
class SyntheticResult:
    trials: int
    alarms: int  # gates failing on another cell than the target (all cells when no shift)
    detections: int  # gates flagging the shifted target

    @property
    def alarm_rate(self):
        return self.alarms / self.trials

    @property
    def detection_rate(self):
        return self.detections / self.trials


def draw_rounds(pool_size, trials, max_rounds, rng, groups=None):
    """Pool row indices, trials x max_rounds: the rounds of each synthetic gate.

    With `groups` (a label per pool row) all of a gate's rounds come from one randomly
    chosen group, i.e. one recorded gate and its machine state. A gate's rounds are
    distinct rows, as a real gate's rounds are distinct runs: a repeated round would shrink
    the t-test's spread and make it over-reject. Only a pool (group) with fewer rows than
    max_rounds is drawn from with replacement."""
    def draw(members, count):
        if len(members) < max_rounds:
            return members[rng.integers(0, len(members), size=(count, max_rounds))]
        return members[np.argsort(rng.random((count, len(members))), axis=1)[:, :max_rounds]]

    if groups is None:
        return draw(np.arange(pool_size), trials)
    groups = np.asarray(groups)
    labels = np.unique(groups)
    picked = rng.integers(0, len(labels), size=trials)
    draws = np.empty((trials, max_rounds), dtype=np.int64)
    for index, label in enumerate(labels):
        gates = picked == index
        draws[gates] = draw(np.flatnonzero(groups == label), int(gates.sum()))
    return draws


def synthetic_gates(pool, trials, rng, shift=0.0, targets=None, factor=1.0, max_rounds=gate.DEFAULT_MAX_ROUNDS,
                    rounds=gate.DEFAULT_ROUNDS, look_every=gate.DEFAULT_LOOK_EVERY, settings=GateSettings(),
                    groups=None, cell_groups=None):
    """Decide `trials` synthetic gates drawn from `pool` (P recorded rounds x G gated cells of log ratios).

    Each gate: max_rounds rounds drawn by draw_rounds, each with a random sign (the whole
    round), times `factor`; with a shift, log(1 + shift) added to one cell drawn from
    `targets` (column indices) in every round. Decided by gate_verdict (cell_groups: the
    columns' variance groups for settings.variance 'moderated')."""
    pool = np.asarray(pool, dtype=np.float64)
    gated = np.ones(pool.shape[1], dtype=bool)
    draws = draw_rounds(len(pool), trials, max_rounds, rng, groups)
    signs = rng.choice((-1.0, 1.0), size=(trials, max_rounds, 1)) * factor
    chosen = rng.choice(np.asarray(targets), size=trials) if shift else np.full(trials, -1)
    step = np.log1p(shift)
    alarms = detections = 0
    first = min(rounds, max_rounds)
    for trial in range(trials):
        d = pool[draws[trial]] * signs[trial]
        target = chosen[trial]
        if shift:
            d[:, target] += step
        regression, _ = gate_verdict(gated, d, first, max_rounds, look_every, settings, rng, final_first=True,
                                     groups=cell_groups)
        if shift:
            detections += bool(regression[target])
            regression[target] = False
        alarms += bool(regression.any())
    return SyntheticResult(trials, alarms, detections)


# ---------------------------------------------------------------------------------------
# The spec's method and github-action-benchmark's ratio threshold on the same runs


def spec_requirements(runs, exclude, percentile=SPEC_PERCENTILE):
    """Requirement per cell from all runs but row `exclude`, as requirements.derive_requirements does."""
    return np.percentile(np.delete(runs, exclude, axis=0), percentile, axis=0)


def other_methods(pool, shifts=SHIFTS):
    """Per method and shift: (events, trials). Shift 0: PR runs failing anywhere; a shift:
    (PR run, Median cell) pairs where the shifted cell itself is over."""
    base, pr = pool.base, pool.pr
    runs = np.vstack([base, pr])  # every recorded run; all the same code in A/A
    count = len(pr)
    checked = pool.mask(formats.CHECKED_MAGNITUDES)
    gated = pool.mask(relative.GATED_MAGNITUDES)
    medians = pool.mask(("Median",))
    requirements = np.vstack([spec_requirements(runs, count + r) for r in range(count)])
    ratio = pr / base
    results = {}
    over = pr > requirements
    results[("spec", 0.0)] = (int((over & checked).any(axis=1).sum()), count)
    for shift in shifts:
        hit = pr[:, medians] * (1 + shift) > requirements[:, medians]
        results[("spec", shift)] = (int(hit.sum()), hit.size)
    for threshold in RATIO_THRESHOLDS:
        results[(threshold, 0.0)] = (int(((ratio > threshold) & gated).any(axis=1).sum()), count)
        for shift in shifts:
            hit = ratio[:, medians] * (1 + shift) > threshold
            results[(threshold, shift)] = (int(hit.sum()), hit.size)
    return results


def method_name(method):
    return ("spec: p99 of the other runs" if method == "spec"
            else f"ratio to previous > {method:.0%}")


# ---------------------------------------------------------------------------------------
# aa


def run_aa(args):
    gates = load_gates(args.inputs)
    report = Report(args.out or default_out(args.inputs), "aa")
    summary = []
    for cell_set, members in group_gates(gates):
        label = group_label(cell_set, members)
        failed = sum(not g.result["passed"] for g in members)
        count = len(members)
        rounds = np.array([g.rounds_used for g in members])
        durations = np.array([g.result["duration_s"] for g in members], dtype=float)
        inconclusive = np.array([g.result["counts"]["inconclusive"] for g in members])
        cells = sorted({g.result["cells"] for g in members})
        replayed = sum(replay_matches(g) for g in members)
        noise = np.array([gate_noise(g) for g in members])
        ceilings = sum(bool(g.result.get("requirements")) for g in members)
        wall = np.percentile(durations, [50, 95, 100])
        display = [{
            "method": "relative gate (its settings)", "unit": "gate", "PRs": count, "false alarms": failed,
            "rate": percent(failed / count), "95% upper bound (one-sided)": percent(upper_bound(failed, count)),
            "rounds used p50/max": f"{np.median(rounds):g}/{rounds.max()}",
            "inconclusive cells/gate": f"{inconclusive.mean():.1f}",
            "wall time p50/p95/max [s]": "{:.0f}/{:.0f}/{:.0f}".format(*wall),
            "gated cells/gate": "/".join(map(str, cells)),
        }]
        raw = [{"group": label, "method": "relative gate", "unit": "gate", "trials": count, "events": failed,
                "rate": failed / count, "upper_95": upper_bound(failed, count),
                "rounds_p50": float(np.median(rounds)), "rounds_max": int(rounds.max()),
                "inconclusive_mean": float(inconclusive.mean()), "wall_p50_s": wall[0], "wall_p95_s": wall[1],
                "wall_max_s": wall[2], "gated_cells": cells[0] if len(cells) == 1 else cells,
                "replay_matches": replayed, "gate_noise_median_cells": noise.tolist()}]
        for variance in (v for v in relative.VARIANCES if v not in {g.settings.variance for g in members}):
            replays = [replayed_regressions(g, GateSettings(**{**vars(g.settings), "variance": variance}))
                       for g in members]
            alarms = sum(bool(flagged) for flagged, _ in replays)
            used = np.array([rounds for _, rounds in replays])
            display.append({
                "method": f"relative gate, {variance} variance (replayed)", "unit": "gate", "PRs": count,
                "false alarms": alarms, "rate": percent(alarms / count),
                "95% upper bound (one-sided)": percent(upper_bound(alarms, count)),
                "rounds used p50/max": f"{np.median(used):g}/{used.max()}", "inconclusive cells/gate": "",
                "wall time p50/p95/max [s]": "", "gated cells/gate": ""})
            raw.append({"group": label, "method": f"relative gate, {variance} variance (replayed)", "unit": "gate",
                        "trials": count, "events": alarms, "rate": alarms / count,
                        "upper_95": upper_bound(alarms, count), "rounds_p50": float(np.median(used)),
                        "rounds_max": int(used.max())})
        pool = pool_of(members, label)
        for method, (events, trials) in ((m, v) for (m, s), v in other_methods(pool, ()).items() if s == 0.0):
            display.append({"method": method_name(method), "unit": "PR run", "PRs": trials, "false alarms": events,
                            "rate": percent(events / trials),
                            "95% upper bound (one-sided)": percent(upper_bound(events, trials)),
                            "rounds used p50/max": "", "inconclusive cells/gate": "", "wall time p50/p95/max [s]": "",
                            "gated cells/gate": ""})
            raw.append({"group": label, "method": method_name(method), "unit": "PR run", "trials": trials,
                        "events": events, "rate": events / trials, "upper_95": upper_bound(events, trials)})
        note = (f"{count} gates, {len(pool.pr)} rounds. Relative gate: a false alarm is a failed gate. The other "
                f"methods judge each recorded PR run once: the spec's against the 99th percentile of the other "
                f"{2 * len(pool.pr) - 1} recorded runs (Median, 99%, Max), the ratio threshold against the base run "
                f"of its round (Median, 99%). Replay check: {replayed} of {count} recorded gates come out of the "
                f"replayed procedure with the same looks and verdict (the requirements ceiling, used by {ceilings} "
                f"of them, is not replayed). Noise per gate (median over its Median cells "
                f"of the s.d. of a round's log ratio): min {noise.min():.3f}, median {np.median(noise):.3f}, "
                f"max {noise.max():.3f}.")
        report.table(f"A/A: {label}", display, raw, note)
        summary += raw
    report.save(groups=summary)


# ---------------------------------------------------------------------------------------
# ab: regression variants


SIDES = {"subscriber": "LatencyTestSubscriber.cpp", "publisher": "LatencyTestPublisher.cpp"}


def default_source(file_name=SIDES["subscriber"]):
    """A LatencyTest source file with the project's patches, as build_latencytest.sh prepares it."""
    patches = sorted((REPOSITORY / "latencytest" / "patches").glob("*.patch"))
    identity = hashlib.sha256(b"".join(p.read_bytes() for p in patches)).hexdigest()[:16]
    prepared = experiment.build_directory() / "latency-sources" / identity / file_name
    if prepared.is_file():
        return prepared.read_text()
    pristine = sorted((experiment.build_directory() / "sources").glob(
        f"fastdds-*/test/performance/latency/{file_name}"))
    if not pristine:
        raise SystemExit("gate_proof: no Fast DDS sources: run scripts/setup/build_latencytest.sh first")
    with tempfile.TemporaryDirectory() as scratch:
        shutil.copy(pristine[-1], scratch)
        for patch in patches:
            subprocess.run(["patch", "--quiet", "--forward", "-p1", "-d", scratch, "-i", str(patch)], check=True)
        return (Path(scratch) / file_name).read_text()


def subexperiment_kind(name):
    """(inter-process, best effort) of a sub-experiment: what the variant's subscriber can tell."""
    return name.startswith("interprocess"), "best_effort" in name


def _injected_helpers(header, role, kind, description, interprocess, best_effort, delay_condition, delay_ns):
    """Code put after `#include "<header>"`: the target-kind test and the busy-wait."""
    return (
        f'#include "{header}"\n\n'
        "#include <atomic>\n#include <chrono>\n#include <fstream>\n#include <string>\n\n"
        f"// Regression variant (latency-gate proof harness, benchmarks/gate_proof.py): in {kind}\n"
        f"// sub-experiments, {description}.\n"
        "static std::atomic<uint32_t> latency_gate_payload{0};\n"
        "static std::atomic<bool> latency_gate_target_kind{false};\n\n"
        f"// A separate '{role}' process runs inter-process sub-experiments, 'both' intra-process ones.\n"
        "static bool latency_gate_in_target_kind(\n        bool best_effort)\n{\n"
        '    std::ifstream cmdline("/proc/self/cmdline");\n'
        "    std::string program, mode;\n"
        "    std::getline(cmdline, program, '\\0');\n"
        "    std::getline(cmdline, mode, '\\0');\n"
        f'    return (mode == "{role}") == {str(interprocess).lower()} && best_effort == '
        f"{str(best_effort).lower()};\n}}\n\n"
        "static void latency_gate_injected_delay()\n{\n"
        "    const uint32_t payload = latency_gate_payload.load(std::memory_order_relaxed);\n"
        f"    if (!latency_gate_target_kind.load(std::memory_order_relaxed) || !({delay_condition}))\n"
        "    {\n        return;\n    }\n"
        f"    const auto until = std::chrono::steady_clock::now() + std::chrono::nanoseconds({delay_ns});\n"
        "    while (std::chrono::steady_clock::now() < until)\n    {\n    }\n}\n"
    )


def _patched(source_text, replacements, file_name):
    patched = source_text
    for old, new in replacements:
        if patched.count(old) != 1:
            raise SystemExit(f"gate_proof: {file_name} has {patched.count(old)} of '{old.strip()}', not one, to patch")
        patched = patched.replace(old, new, 1)
    return "".join(unified_diff(source_text.splitlines(True), patched.splitlines(True),
                                f"a/{file_name}", f"b/{file_name}"))


def _kind_text(interprocess, best_effort):
    return f"{'inter' if interprocess else 'intra'}-process {'best-effort' if best_effort else 'reliable'}"


def delay_patch(source_text, payload, delay_ns, interprocess=True, best_effort=True):
    """A unified diff of LatencyTestSubscriber.cpp: the non-loan echo of `payload` busy-waits
    delay_ns, in subscribers of the given kind of sub-experiment only."""
    injected = _injected_helpers("LatencyTestSubscriber.hpp", "subscriber", _kind_text(interprocess, best_effort),
                                 f"the echo of payload {payload} B busy-waits {delay_ns} ns", interprocess,
                                 best_effort, f"payload == {payload}u", delay_ns)
    replacements = (
        ('#include "LatencyTestSubscriber.hpp"\n', injected),
        ("        uint32_t datasize)\n{\n", "        uint32_t datasize)\n{\n    latency_gate_payload = datasize;\n"),
        ("        latency_data_ = static_cast<LatencyType*>(latency_data_type_.create_data());\n",
         "        latency_data_ = static_cast<LatencyType*>(latency_data_type_.create_data());\n"
         "        latency_gate_target_kind = latency_gate_in_target_kind(\n"
         "            data_reader_->get_qos().reliability().kind == BEST_EFFORT_RELIABILITY_QOS);\n"),
        ("                reinterpret_cast<LatencyType*>(data)->bounce = 0;\n",
         "                reinterpret_cast<LatencyType*>(data)->bounce = 0;\n"
         "                latency_gate_injected_delay();\n"),
    )
    return _patched(source_text, replacements, SIDES["subscriber"])


def publisher_delay_patch(source_text, payload, delay_ns, interprocess=True, best_effort=True):
    """A unified diff of LatencyTestPublisher.cpp: a change of another kind than the echo's.

    The publisher busy-waits between taking a sample's start time and writing it, for a time
    that grows with the payload (delay_ns x datasize / payload: the full delay at `payload`,
    half of it at half the payload, like a per-byte cost on the send path), in publishers of
    the given kind of sub-experiment only. Every payload of that kind is slowed, each by its
    own share.
    """
    delay = f"static_cast<uint64_t>({delay_ns}) * payload / {payload}u"
    injected = _injected_helpers("LatencyTestPublisher.hpp", "publisher", _kind_text(interprocess, best_effort),
                                 f"the send path busy-waits {delay_ns} ns x payload / {payload} B", interprocess,
                                 best_effort, "true", delay)
    replacements = (
        ('#include "LatencyTestPublisher.hpp"\n', injected),
        ("        uint32_t datasize)\n{\n    test_status_ = 0;\n",
         "        uint32_t datasize)\n{\n    latency_gate_payload = datasize;\n    test_status_ = 0;\n"),
        # The data writer exists only once test() has created the endpoints, before its sample loop.
        ("    // The first measurement it's usually not representative, so we take one more and then drop the first one.\n",
         "    latency_gate_target_kind = latency_gate_in_target_kind(\n"
         "        data_writer_->get_qos().reliability().kind == BEST_EFFORT_RELIABILITY_QOS);\n\n"
         "    // The first measurement it's usually not representative, so we take one more and then drop the first one.\n"),
        ("        start_time_ = std::chrono::steady_clock::now();\n\n        // Data publishing\n",
         "        start_time_ = std::chrono::steady_clock::now();\n        latency_gate_injected_delay();\n\n"
         "        // Data publishing\n"),
    )
    return _patched(source_text, replacements, SIDES["publisher"])


PATCHES = {"subscriber": delay_patch, "publisher": publisher_delay_patch}


def check_patch_applies(source_text, patch, file_name=SIDES["subscriber"]):
    with tempfile.TemporaryDirectory() as scratch:
        (Path(scratch) / file_name).write_text(source_text)
        done = subprocess.run(["patch", "--dry-run", "-p1", "-d", scratch, "-i", str(patch)], capture_output=True,
                              text=True)
        if done.returncode:
            raise SystemExit(f"gate_proof: {patch} does not apply: {done.stdout}{done.stderr}")


def parse_cell(text):
    name, _, payload = text.rpartition(":")
    if not name or not payload.isdigit():
        raise argparse.ArgumentTypeError(f"expected SUB-EXPERIMENT:PAYLOAD, e.g. interprocess_best_effort:1024, "
                                         f"not {text!r}")
    return name, int(payload)


def target_values(gates, name, payload):
    """The base build's values of the target cell's Median in recorded gates."""
    values = []
    for recorded in gates:
        rows = recorded.rounds
        rows = rows[(rows[relative.BUILD] == relative.BASE) & (rows[relative.SUBEXPERIMENT] == name)
                    & (rows[relative.BYTES] == payload) & (rows[relative.MAGNITUDE] == "Median")]
        values += rows[relative.VALUE].tolist()
    return values


def calibration_run(base, name, payload, out, runs=3, samples=1000):
    """Median of the target cell now: a few runs of the base build under the gate's default settings."""
    medians = []
    for index in range(runs):
        directory = out / f"calibration-{index + 1}"
        shutil.rmtree(directory, ignore_errors=True)
        with open(os.devnull, "w") as quiet:
            code = experiment.run_experiment(directory, latency_test=base, subexperiments=[name], payloads=[payload],
                                             samples=samples, baseline_s=0, timeout_s=gate.DEFAULT_RUN_TIMEOUT_S,
                                             out=quiet)
        if code:
            raise SystemExit(f"gate_proof: calibration run failed (exit {code}), see {directory}")
        latency = formats.read_measurements(formats.measurements_path(directory, name))[formats.LATENCY]
        medians.append(float(np.median(latency)))
    return float(np.median(medians)), medians


def build_variant(out, shift, name, payload, delay_ns, side="subscriber"):
    """Patch, check and build; returns (binary, patch path)."""
    source = default_source(SIDES[side])
    interprocess, best_effort = subexperiment_kind(name)
    patch = out / f"delay-{shift:g}.patch"
    patch.write_text(PATCHES[side](source, payload, delay_ns, interprocess, best_effort))
    check_patch_applies(source, patch, SIDES[side])
    build_dir = out / f"build-{shift:g}"
    environment = os.environ | {
        "LATENCY_GATE_BUILD_DIR": str(build_dir),
        "LATENCY_GATE_SOURCES_DIR": str(experiment.build_directory() / "sources"),
        "LATENCY_GATE_EXTRA_PATCHES": str(patch),
    }
    log = out / f"build-{shift:g}.log"
    started = time.monotonic()
    with open(log, "w") as handle:
        done = subprocess.run(["bash", str(REPOSITORY / "scripts/setup/build_latencytest.sh")], env=environment,
                              stdout=subprocess.PIPE, stderr=handle, text=True)
    if done.returncode:
        raise SystemExit(f"gate_proof: the variant did not build (exit {done.returncode}); see {log}")
    binary = Path(done.stdout.strip().splitlines()[-1])
    sources = list((build_dir / "latency-sources").glob(f"*/{SIDES[side]}"))
    if not binary.is_file() or not any(f"{delay_ns}" in s.read_text() for s in sources):
        raise SystemExit(f"gate_proof: the build in {build_dir} does not hold the delay of {delay_ns} ns")
    print(f"built the variant in {time.monotonic() - started:.0f} s: {binary}", flush=True)
    return binary, patch


def run_ab(args):
    name, payload = args.cell
    others = [s for s in args.other if s != name]
    for other in others:
        if subexperiment_kind(other) == subexperiment_kind(name):
            raise SystemExit(f"gate_proof: the delay would reach {other} too (same kind of sub-experiment as "
                             f"{name}); choose another --other")
    out = Path(args.out)
    shift_dir = out / f"shift-{args.shift:g}"
    shift_dir.mkdir(parents=True, exist_ok=True)
    base = Path(args.base) if args.base else experiment.default_latency_test()
    variant_file = shift_dir / "variant.json"
    variant = json.loads(variant_file.read_text()) if variant_file.is_file() else None
    if variant is None or not Path(variant["binary"]).is_file():
        if args.median_us:
            median_us, calibration = args.median_us, "given (--median-us)"
        elif args.calibrate_from:
            values = target_values(load_gates(args.calibrate_from), name, payload)
            if not values:
                raise SystemExit(f"gate_proof: no {name} {payload} B Median in the --calibrate-from gates")
            median_us, calibration = float(np.median(values)), f"median of {len(values)} recorded base runs"
        else:
            median_us, medians = calibration_run(base, name, payload, shift_dir)
            calibration = "calibration run now: medians " + ", ".join(f"{m:.2f}" for m in medians) + " us"
        # LatencyTest reports half the round trip; the echo is in the round trip once.
        delay_ns = int(round(args.shift * 2 * median_us * 1000))
        print(f"variant +{args.shift:.0%} of {name} {payload} B: median {median_us:.2f} us ({calibration}), "
              f"delay {delay_ns} ns", flush=True)
        binary, patch = build_variant(out, args.shift, name, payload, delay_ns, args.side)
        variant = {"shift": args.shift, "side": args.side, "subexperiment": name, "payload": payload, "median_us": median_us,
                   "calibration": calibration, "delay_ns": delay_ns, "patch": str(patch), "binary": str(binary),
                   "base": str(base), "subexperiments": [name, *others]}
        variant_file.write_text(json.dumps(variant, indent=2) + "\n")
    environment = os.environ | {"PYTHONPATH": os.pathsep.join(filter(None, [str(REPOSITORY / "scripts"),
                                                                              os.environ.get("PYTHONPATH")]))}
    for index in range(1, args.gates + 1):
        results = shift_dir / f"gate-{index:03d}"
        if (results / "gate_result.json").is_file():
            continue
        shutil.rmtree(results, ignore_errors=True)  # an unfinished one of ours
        command = [sys.executable, "-m", "latency_gate", "gate", "--base", variant["base"], "--pr", variant["binary"],
                   "-r", str(results), "--subexperiments", *variant["subexperiments"], *args.gate_options]
        with open(f"{results}.log", "w") as log:
            code = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, env=environment).returncode
        last = Path(f"{results}.log").read_text().strip().splitlines()[-1:]
        print(f"gate {index}: exit {code}: {last[0] if last else ''}", flush=True)
        if code not in (0, 1):
            raise SystemExit(f"gate_proof: gate {index} could not decide (exit {code}); see {results}.log")
    if any((d / "gate_result.json").is_file() for d in out.glob("shift-*/gate-*")):
        ab_report([out], args.out_tables or out)
    else:
        print(f"no gates run yet: {variant['binary']}")


def ab_report(inputs, out):
    directories = []
    for path in map(Path, inputs):
        directories += [path] if (path / "variant.json").is_file() else sorted(path.glob("shift-*"))
    report = Report(out, "ab")
    display, raw = [], []
    for directory in directories:
        variant = json.loads((directory / "variant.json").read_text())
        name, payload = variant["subexperiment"], variant["payload"]
        gates = [g for g in load_gates([directory]) if (g.directory / "gate_cells.csv").is_file()]
        target = (name, payload, "Median")
        # A publisher-side variant slows every payload of the target's kind: those cells are
        # truly slower, not false alarms.
        slowed = (lambda cell: subexperiment_kind(cell[0]) == subexperiment_kind(name)) \
            if variant.get("side") == "publisher" else (lambda cell: cell[:2] == (name, payload))
        detected, ratios, same_payload, others, gates_with_others, durations, rounds = 0, [], 0, 0, 0, [], []
        replayed_detected = replayed_others = 0
        for recorded in gates:
            cells = pd.read_csv(recorded.directory / "gate_cells.csv").set_index(relative.CELL)
            flagged = cells[cells["Gated"].astype(bool) & (cells["Verdict"] == relative.REGRESSION)].index
            detected += (not recorded.result["passed"]) and target in flagged
            ratios.append(float(cells.loc[target, "Ratio"]))
            same_payload += (name, payload, "99%") in flagged
            rest = [c for c in flagged if not slowed(c)]
            others += len(rest)
            gates_with_others += bool(rest)
            durations.append(recorded.result["duration_s"])
            rounds.append(recorded.rounds_used)
            replayed, _ = replayed_regressions(recorded, other_variance(recorded.settings))
            replayed_detected += target in replayed
            replayed_others += sum(not slowed(c) for c in replayed)
        count = len(gates)
        if not count:
            continue
        low, high = clopper_pearson(detected, count)
        ratios = np.array(ratios)
        display.append({
            "shift": f"+{variant['shift']:.0%}", "side": variant.get("side", "subscriber"),
            "delay [ns]": variant["delay_ns"],
            "calibrated median [us]": f"{variant.get('median_us', float('nan')):.2f}",
            "gates": count, "detected": detected, "detection": percent(detected / count),
            "95% interval": f"{percent(low)}..{percent(high)}",
            "realised shift p50 (min..max)": f"{(np.median(ratios) - 1) * 100:+.1f}% "
                                             f"({(ratios.min() - 1) * 100:+.1f}..{(ratios.max() - 1) * 100:+.1f}%)",
            "target payload 99% flagged": f"{same_payload}/{count}",
            "other cells flagged (gates)": f"{others} ({gates_with_others})",
            "wall time p50/max [s]": f"{np.median(durations):.0f}/{max(durations):.0f}",
            "variance": gates[0].settings.variance,
            "other variance, replayed: detected (other cells)": f"{replayed_detected}/{count} ({replayed_others})",
        })
        raw.append({"directory": str(directory), "subexperiment": name, "payload": payload,
                    "side": variant.get("side", "subscriber"), **{
            k: variant.get(k) for k in ("shift", "delay_ns", "median_us", "calibration")},
            "subexperiments": ",".join(variant.get("subexperiments", [name])), "gates": count,
            "detected": detected, "detection": detected / count, "low_95": low, "high_95": high,
            "ratio_median": float(np.median(ratios)), "ratio_min": float(ratios.min()),
            "ratio_max": float(ratios.max()), "target_99_flagged": same_payload, "other_cells_flagged": others,
            "gates_with_other_cells_flagged": gates_with_others, "rounds_max": max(rounds),
            "wall_p50_s": float(np.median(durations)), "wall_max_s": float(max(durations)),
            "variance": gates[0].settings.variance, "other_variance_detected": replayed_detected,
            "other_variance_other_cells_flagged": replayed_others})
    if not display:
        sys.exit("gate_proof: no finished A/B gates in the given directories")
    order = np.lexsort(([row["shift"] for row in raw], [row["side"] for row in raw]))
    subexperiments = sorted({row["subexperiments"] for row in raw})
    report.table(f"A/B: regression variants of {raw[0]['subexperiment']} {raw[0]['payload']} B Median "
                 f"(gates on {'; '.join(subexperiments)})", [display[i] for i in order], [raw[i] for i in order],
                 "Detection: the target cell's verdict is regression and the gate failed (interval: exact 95%). "
                 "Realised shift: the gate's PR/base ratio of the target cell. Other cells: regressions in cells the "
                 "variant does not slow (false alarms): for the subscriber side every other cell, for the publisher "
                 "side (a delay growing with the payload in every payload of the target's kind) the cells of "
                 "other kinds of sub-experiment.")
    report.save()


# ---------------------------------------------------------------------------------------
# resample


def cell_noise(pool):
    """Per cell: s.d. of the round log ratio over the pool's rounds."""
    return pool.log_ratios.std(axis=0, ddof=1)


def noise_text(pool, factor=1.0):
    noise = pd.Series(cell_noise(pool) * factor).groupby(pool.cells[relative.MAGNITUDE].to_numpy()).median()
    return ", ".join(f"{m} {noise[m]:.3f}" for m in relative.MAGNITUDES if m in noise)


def raw_pool(gates, samples, label):
    """Pools whose runs' Median, 99% and Max are recomputed from the first N raw samples, per N.

    Only rounds the gate finished (in rounds.csv) whose runs all have their raw file, the same
    rounds for every N. Quantiles as statistics.summarise computes them (numpy linear)."""
    rows = {n: [] for n in samples}
    used = []
    for recorded in gates:
        names = sorted(recorded.rounds[relative.SUBEXPERIMENT].unique())
        for number in sorted(recorded.rounds[relative.ROUND].unique()):
            round_dir = recorded.directory / "runs" / f"round-{number:02d}"
            paths = [formats.measurements_path(round_dir / build, name) for build in (relative.BASE, relative.PR)
                     for name in names]
            if not all(p.is_file() for p in paths):
                continue
            key = len(used)
            used.append((recorded.directory, number))
            for path in paths:
                frame = pd.read_csv(path, usecols=[formats.PAYLOAD, formats.LATENCY], engine="c")
                payloads = frame[formats.PAYLOAD].to_numpy()
                latency = frame[formats.LATENCY].to_numpy(dtype=np.float64)
                build, name = path.parent.name, path.stem[len("measurements_"):]
                for payload in np.unique(payloads):
                    values = latency[payloads == payload]  # file order
                    for n in samples:
                        first = values[:n]
                        median, p99 = np.percentile(first, [50, 99])
                        rows[n] += [(key, build, name, int(payload), "Median", median),
                                    (key, build, name, int(payload), "99%", p99),
                                    (key, build, name, int(payload), "Max", first.max())]
    if not used:
        return {}
    pools = {}
    for n in samples:
        table = pd.DataFrame(rows[n], columns=list(relative.ROUND_COLUMNS))
        cells, base, pr, _ = relative.paired_log_ratios(table)
        pools[n] = Pool(f"{label}, first {n} samples", cells, base, pr, used)
    return pools


def rates_row(results, label, extra=None):
    """One display row and raw rows from {shift: SyntheticResult}."""
    null = results[0.0]
    bound = upper_bound(null.alarms, null.trials)
    row = {"": label, "false alarms (95% upper)": f"{percent(null.alarm_rate)} (<={percent(bound)})"}
    raw = [{"scenario": label, "shift": 0.0, "trials": null.trials, "false_alarms": null.alarms,
            "false_alarm_rate": null.alarm_rate, "false_alarm_upper_95": upper_bound(null.alarms, null.trials)}]
    for shift in SHIFTS:
        if shift in results:
            r = results[shift]
            row[f"+{shift:.0%}"] = percent(r.detection_rate)
            raw.append({"scenario": label, "shift": shift, "trials": r.trials, "detections": r.detections,
                        "detection_rate": r.detection_rate, "other_cells_flagged": r.alarms})
    shifted = [results[s] for s in SHIFTS if s in results]
    row["other cells flagged (shifted gates)"] = percent(sum(r.alarms for r in shifted) /
                                                         max(sum(r.trials for r in shifted), 1))
    row["trials (FA / per shift)"] = f"{null.trials} / {shifted[0].trials if shifted else 0}"
    if extra:
        row = {**{"": label}, **extra, **{k: v for k, v in row.items() if k != ""}}
        raw = [{**r, **extra} for r in raw]
    return row, raw


def _decide_synthetic(task):
    pool, trials, seed, options = task
    with memoised_sign_flips():
        return synthetic_gates(pool, trials, np.random.default_rng(seed), **options)


class Simulator:
    """Batches of synthetic_gates calls, each with its own seed: the same results for any --jobs."""

    def __init__(self, seed, jobs=1):
        self.sequence = np.random.SeedSequence(seed)
        self.executor = (ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"))
                         if jobs > 1 else None)

    def run(self, calls):
        """calls: [(pool, trials, synthetic_gates options)] -> [SyntheticResult]."""
        seeds = [int(child.generate_state(1)[0]) for child in self.sequence.spawn(len(calls))]
        tasks = [(pool, trials, seed, options) for (pool, trials, options), seed in zip(calls, seeds)]
        return list(self.executor.map(_decide_synthetic, tasks) if self.executor else map(_decide_synthetic, tasks))

    def scenarios(self, specs, trials, detection_trials):
        """specs: [(pool, Median columns, options)] -> [{0.0: no shift, shift: one Median cell shifted}]."""
        calls = []
        for pool, targets, options in specs:
            calls.append((pool, trials, options))
            calls += [(pool, detection_trials, {**options, "shift": shift, "targets": targets}) for shift in SHIFTS]
        results = self.run(calls)
        width = 1 + len(SHIFTS)
        return [dict(zip((0.0, *SHIFTS), results[i * width:(i + 1) * width])) for i in range(len(specs))]

    def close(self):
        if self.executor:
            self.executor.shutdown()


def run_resample(args):
    gates = load_gates(args.inputs)
    report = Report(args.out or default_out(args.inputs), "resample")
    simulator = Simulator(args.seed, args.jobs)
    trials = args.trials
    detection_trials = args.detection_trials or max(trials // 4, 1)
    started = time.monotonic()
    try:
        for cell_set, members in group_gates(gates):
            if args.max_gate_noise:
                noisy = [g for g in members if gate_noise(g) > args.max_gate_noise]
                members = [g for g in members if g not in noisy]
                if noisy:
                    print(f"left out {len(noisy)} gate(s) noisier than {args.max_gate_noise:g}: "
                          f"{', '.join(g.directory.name for g in noisy)}", file=sys.stderr)
                if not members:
                    continue
            label = group_label(cell_set, members) + (
                f", gates with noise <= {args.max_gate_noise:g}" if args.max_gate_noise else "")
            for variance in args.variance:
                pool = pool_of(members, label + (f", {variance} variance" if len(args.variance) > 1 else ""))
                resample_pool(pool, members, args, trials, detection_trials, simulator, report,
                              GateSettings(variance=variance))
    finally:
        simulator.close()
    elapsed = time.monotonic() - started
    report.line(f"Resampling wall time: {elapsed:.0f} s ({trials} synthetic gates per false-alarm row, "
                f"{detection_trials} per detection row, seed {args.seed}, {args.jobs} process(es)).")
    report.save(wall_time_s=elapsed, trials=trials, detection_trials=detection_trials, seed=args.seed,
                jobs=args.jobs)


def resample_pool(pool, members, args, trials, detection_trials, simulator, report, settings=GateSettings()):
    gated = pool.mask(relative.GATED_MAGNITUDES)
    d = pool.log_ratios[:, gated]
    cells = pool.cells[gated].reset_index(drop=True)
    decision = {"settings": settings, "cell_groups": relative.variance_groups(cells, settings)}
    medians = np.flatnonzero(cells[relative.MAGNITUDE].to_numpy() == "Median")
    noise_all = cell_noise(pool)
    noise = noise_all[gated]
    quiet = np.flatnonzero((cells[relative.MAGNITUDE].to_numpy() == "Median") & (noise <= QUIET_NOISE))
    started = time.monotonic()
    print(f"pool {pool.label}: {len(d)} recorded rounds x {gated.sum()} gated cells", file=sys.stderr, flush=True)

    # The cells' noise
    display, raw = [], []
    for magnitude in relative.MAGNITUDES:
        mask = pool.mask((magnitude,))
        if not mask.any():
            continue
        values = noise_all[mask]
        row = {"magnitude": magnitude, "cells": int(mask.sum()), "median s.d. of d": f"{np.median(values):.3f}",
               "p10..p90": f"{np.percentile(values, 10):.3f}..{np.percentile(values, 90):.3f}",
               "cells with s.d. <= 3%": f"{(values <= QUIET_NOISE).sum()} ({percent((values <= QUIET_NOISE).mean())})"}
        display.append(row)
        raw.append({"magnitude": magnitude, "cells": int(mask.sum()), "median_sd": float(np.median(values)),
                    "p10_sd": float(np.percentile(values, 10)), "p90_sd": float(np.percentile(values, 90)),
                    "quiet_cells": int((values <= QUIET_NOISE).sum()),
                    "quiet_share": float((values <= QUIET_NOISE).mean())})
    by_subexperiment = pd.Series(noise_all[pool.mask(("Median",))]).groupby(
        pool.cells.loc[pool.mask(("Median",)), relative.SUBEXPERIMENT].to_numpy()).median()
    report.table(f"Resampling pool: {pool.label}: {len(d)} recorded rounds of {len(members)} gates; the cells' "
                 f"noise (s.d. of a round's log ratio d = log(PR/base))", display, raw,
                 "Median s.d. of the Median cells per sub-experiment: "
                 + ", ".join(f"{k} {v:.3f}" for k, v in by_subexperiment.items())
                 + ". A single run's own noise is about s.d./sqrt(2) when the pairs are independent.")

    defaults = dict(max_rounds=gate.DEFAULT_MAX_ROUNDS, rounds=gate.DEFAULT_ROUNDS, **decision)
    round_options = [m for m in args.max_rounds if m != gate.DEFAULT_MAX_ROUNDS]
    factors = [f for f in args.noise if f != 1.0]
    gate_of_round = [str(directory) for directory, _ in pool.source]
    batch = simulator.scenarios(
        [(d, medians, defaults)]
        + [(d, medians, {**defaults, "max_rounds": m}) for m in round_options]
        + [(d, medians, {**defaults, "factor": f}) for f in factors]
        + [(d, medians, {**defaults, "groups": gate_of_round})], trials, detection_trials)
    baseline = batch[0]
    by_rounds = {**dict(zip(round_options, batch[1:1 + len(round_options)])), gate.DEFAULT_MAX_ROUNDS: baseline}
    by_noise = {**dict(zip(factors, batch[1 + len(round_options):-1])), 1.0: baseline}
    within_gate = batch[-1]
    print(f"  defaults, rounds and noise: {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)

    # The relative gate against the spec's method and the ratio threshold, same data
    others = other_methods(pool)
    display, raw = [], []
    for shift in (0.0, *SHIFTS):
        r = baseline[shift]
        events, count = (r.alarms, r.trials) if not shift else (r.detections, r.trials)
        row = {"shift": f"+{shift:.0%}" if shift else "none: false alarms",
               "relative gate (6..10 rounds)": rate_text(events, count)
               + (f" (<={percent(upper_bound(events, count))})" if not shift else "")}
        entry = {"shift": shift, "relative_gate_events": events, "relative_gate_trials": count}
        for method in ("spec", *RATIO_THRESHOLDS):
            events, count = others[(method, shift)]
            row[method_name(method)] = rate_text(events, count) + (
                f" (<={percent(upper_bound(events, count))})" if not shift else "")
            entry[f"{method_name(method)}_events"], entry[f"{method_name(method)}_trials"] = events, count
        display.append(row)
        raw.append(entry)
    report.table(f"{pool.label}: the relative gate, the spec's method and github-action-benchmark's ratio threshold "
                 f"on the same recorded runs", display, raw,
                 "False alarms: a synthetic gate failing (relative gate; resampled), or a recorded PR run failing "
                 "in any checked cell (spec: Median, 99%, Max against the 99th percentile of all other recorded "
                 "runs; ratio: Median and 99% against the base run of its round). Detection: the shifted Median "
                 "cell itself flagged (relative gate: one random gated Median cell per synthetic gate; the others: "
                 "every recorded PR run x every Median cell). In brackets: the exact one-sided 95% upper bound.")

    # Rounds
    display, raw = [], []
    for max_rounds in args.max_rounds:
        row, rows = rates_row(by_rounds[max_rounds], f"{min(gate.DEFAULT_ROUNDS, max_rounds)}..{max_rounds} rounds")
        display.append(row)
        raw += rows
    report.table(f"{pool.label}: false alarms and detection (one random gated Median cell shifted) by max rounds "
                 f"(first look at {gate.DEFAULT_ROUNDS}, every {gate.DEFAULT_LOOK_EVERY} after)", display, raw)

    # Noise level
    display, raw = [], []
    for factor in args.noise:
        row, rows = rates_row(by_noise[factor], f"noise x{factor:g}",
                              {"noise (median s.d. of d)": noise_text(pool, factor)})
        display.append(row)
        raw += rows
    per_gate = np.array([gate_noise(g) for g in members])
    row, rows = rates_row(within_gate, "x1, all rounds of a gate from one recorded gate", {
        "noise (median s.d. of d)": f"per gate, Median cells: {per_gate.min():.3f}..{np.median(per_gate):.3f}.."
                                    f"{per_gate.max():.3f} (min..median..max)"})
    display.append(row)
    raw += rows
    report.table(f"{pool.label}: by noise level (each round's log ratios times a factor; 6..10 rounds)",
                 display, raw, "The last row draws each synthetic gate's rounds from one recorded gate only, so "
                 "a gate keeps the machine state it was measured in (the other rows mix rounds of all gates).")

    # Samples per run
    if args.samples:
        pools = raw_pool(members, sorted(set(args.samples)), pool.label)
        if pools:
            display, raw = [], []
            full = max(pools)
            specs = []
            for n in sorted(pools):
                mask = pools[n].mask(relative.GATED_MAGNITUDES)
                sample_cells = pools[n].cells[mask].reset_index(drop=True)
                sample_medians = np.flatnonzero(sample_cells[relative.MAGNITUDE].to_numpy() == "Median")
                specs.append((pools[n].log_ratios[:, mask], sample_medians, {
                    **defaults, "cell_groups": relative.variance_groups(sample_cells, settings)}))
            for n, results in zip(sorted(pools), simulator.scenarios(specs, trials, detection_trials)):
                sample_pool = pools[n]
                methods = other_methods(sample_pool, ())
                spec_events, spec_trials = methods[("spec", 0.0)]
                ratio_events, ratio_trials = methods[(2.0, 0.0)]
                row, rows = rates_row(results, f"first {n} samples", {
                    "noise (median s.d. of d)": noise_text(sample_pool),
                    "spec FA": percent(spec_events / spec_trials),
                    "ratio > 200% FA": percent(ratio_events / ratio_trials)})
                display.append(row)
                raw += rows
            recorded = pool
            index = {(str(g), r): i for i, (g, r) in enumerate(recorded.source)}
            rows_used = [index[(str(g), r)] for g, r in pools[full].source]
            same_cells = pools[full].cells.equals(recorded.cells)
            difference = (np.max(np.abs(pools[full].pr / recorded.pr[rows_used] - 1)) if same_cells else float("nan"))
            print(f"  samples: {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
            report.table(f"{pool.label}: by samples per payload and run (each run's Median, 99% and Max recomputed "
                         f"from its first N raw samples; 6..10 rounds; {len(pools[full].pr)} rounds with raw files)",
                         display, raw,
                         f"Check: recomputed from all samples, the values differ from rounds.csv by at most "
                         f"{difference:.2%} (rounds.csv holds 3 decimals). Spec and ratio columns: false alarms of "
                         f"single PR runs with those values.")
        else:
            report.line(f"{pool.label}: no raw measurements kept: no samples-per-run study.\n")

    # The detection targets
    display, raw = [], []
    targets = (("any gated Median cell", medians, 0.25),
               (f"Median cells with s.d. of d <= {QUIET_NOISE:.0%}", quiet, 0.10),
               (f"Median cells with s.d. of d <= {QUIET_NOISE:.0%}", quiet, 0.25))
    quiet_results = iter(simulator.run([(d, detection_trials, {**defaults, "shift": shift, "targets": candidates})
                                        for _, candidates, shift in targets[1:] if len(candidates)]))
    for title, candidates, shift in targets:
        if not len(candidates):
            display.append({"target cells": title, "cells": 0, "shift": f"+{shift:.0%}", "trials": 0,
                            "detection": "no such cell", "95% interval": ""})
            continue
        r = baseline[shift] if candidates is medians else next(quiet_results)
        low, high = clopper_pearson(r.detections, r.trials)
        display.append({"target cells": title, "cells": len(candidates), "shift": f"+{shift:.0%}",
                        "trials": r.trials, "detection": percent(r.detection_rate),
                        "95% interval": f"{percent(low)}..{percent(high)}"})
        raw.append({"targets": title, "cells": len(candidates), "shift": shift, "trials": r.trials,
                    "detections": r.detections, "low_95": low, "high_95": high})
    report.table(f"{pool.label}: the issue's detection targets (>= 95%; 6..10 rounds)", display, raw,
                 ("Quiet cells: " + ", ".join(f"{c[relative.SUBEXPERIMENT]} {c[relative.BYTES]} B"
                                              for _, c in cells.iloc[quiet].iterrows())) if len(quiet) else None)
    print(f"  pool done: {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    aa = commands.add_parser("aa", help="summarise real A/A gates")
    aa.add_argument("inputs", nargs="+")
    aa.add_argument("--out", help="where to write proof_aa.* (default: next to the inputs)")
    ab = commands.add_parser("ab", help="build a regression variant and run gates of it")
    ab.add_argument("--shift", type=float, required=True, help="e.g. 0.25 for +25%% of the target median")
    ab.add_argument("--cell", type=parse_cell, default=("interprocess_best_effort", 1024),
                    help="SUB-EXPERIMENT:PAYLOAD of the target Median cell (default: interprocess_best_effort:1024)")
    ab.add_argument("--gates", type=int, default=3)
    ab.add_argument("--out", required=True, help="build-<shift>/ and shift-<shift>/ go here")
    ab.add_argument("--out-tables", help="where proof_ab.* go (default: --out)")
    ab.add_argument("--base", help="base LatencyTest (default: the project-built one)")
    ab.add_argument("--other", nargs="*", default=[DEFAULT_OTHER],
                    help="sub-experiments the gates run besides the target's (default: %(default)s)")
    ab.add_argument("--side", choices=list(SIDES), default="subscriber",
                    help="subscriber: a delay in the echo of the target payload; publisher: a delay on the send "
                         "path that grows with the payload, the full shift at the target payload "
                         "(default: %(default)s)")
    ab.add_argument("--median-us", type=float, help="the target cell's base median (reported latency, us)")
    ab.add_argument("--calibrate-from", nargs="+", help="A/A gate directories to take that median from")
    ab.add_argument("gate_options", nargs="*", help="more latency-gate gate options, after --")
    ab_table = commands.add_parser("ab-table", help="detection per shift of ab outputs")
    ab_table.add_argument("inputs", nargs="+")
    ab_table.add_argument("--out", help="where to write proof_ab.* (default: next to the inputs)")
    sampling = commands.add_parser("resample", help="synthetic gates from recorded A/A rounds")
    sampling.add_argument("inputs", nargs="+")
    sampling.add_argument("--trials", type=int, default=2000, help="gates per false-alarm row (default: %(default)s)")
    sampling.add_argument("--detection-trials", type=int, help="gates per detection row (default: trials / 4)")
    sampling.add_argument("--max-rounds", type=int, nargs="+", default=[6, 8, 10, 12])
    sampling.add_argument("--variance", nargs="+", choices=relative.VARIANCES, default=["cell"],
                          help="the gate's variance estimate(s) to resample; several: the tables for each")
    sampling.add_argument("--noise", type=float, nargs="+", default=[0.5, 1.0, 2.0])
    sampling.add_argument("--samples", type=int, nargs="*", default=[250, 500, 1000],
                          help="recompute each run from its first N raw samples (none: skip)")
    sampling.add_argument("--seed", type=int, default=1)
    sampling.add_argument("--jobs", type=int, default=1,
                          help="processes for the synthetic gates (default: 1; the results do not depend on it)")
    sampling.add_argument("--max-gate-noise", type=float,
                          help="pool only gates whose median Median-cell s.d. of d is at most this (a quiet machine)")
    sampling.add_argument("--out", help="where to write proof_resample.* (default: next to the inputs)")
    args = parser.parse_args(argv)
    if args.command == "aa":
        run_aa(args)
    elif args.command == "ab":
        run_ab(args)
    elif args.command == "ab-table":
        ab_report(args.inputs, args.out or default_out(args.inputs))
    else:
        run_resample(args)


if __name__ == "__main__":
    main()
