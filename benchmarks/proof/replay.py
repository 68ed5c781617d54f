"""Replay of the gate's sequential procedure, on recorded or synthetic rounds.

gate_verdict() decides through stop_rule.stopping_look, the stop rule `latency-gate gate`
runs its own looks through: at each look (stop_rule.look_rounds) it decides the rounds so
far with relative.verdicts (what relative.decide computes, on the matrix instead of the
table) and returns stop_rule.unsettled_cells without a ceiling; so the gate stops early
only when no gated cell is unsettled and otherwise goes to max rounds, where the verdict
counts. Only the gated cells enter: Holm's family is the gated cells, and advisory cells
are tested one by one, so they change no gated verdict.
relative.sign_flips is memoised during resampling (same patterns; computing them was most
of a 12-round look). tests/test_relative_resampling.py checks the replay against
gate.run_gate's own looks.
"""

from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from latency_gate.analysis import relative, stop_rule
from latency_gate.campaigns import gate
from latency_gate.analysis.relative import GateSettings


def gate_verdict(gated, log_ratios, rounds, max_rounds, look_every, settings, rng, final_first=False, groups=None):
    """The gate's sequential decision on R x C log ratios: (regression per column, rounds used).

    Decided through stop_rule.stopping_look: each look is relative.verdicts on the rounds so
    far (what relative.decide computes), its unsettled cells stop_rule.unsettled_cells
    without a ceiling; the gate stops early when none is unsettled, else decides at
    max_rounds. So a regression can come only from the look at max_rounds, and only when no
    earlier look had every gated cell cleared.

    final_first: the same outcome, computed in the cheaper order for resampling: the look at
    max_rounds first; when it flags nothing the gate passes whatever the earlier looks say
    (rounds used: None, not computed); else the earlier looks decide whether it stopped first.
    groups: relative.variance_groups of the columns (settings.variance 'moderated')."""
    def verdict_after(look):
        return relative.verdicts(log_ratios[:look], gated, settings, rng, groups)[1]

    if final_first:
        final = verdict_after(max_rounds)
        regression = gated & (final == relative.REGRESSION)
        if not regression.any():
            return regression, None
        final_unsettled = stop_rule.unsettled_cells(final, gated)

        def early_or_final(look):
            if look == max_rounds:
                return final_unsettled
            return stop_rule.unsettled_cells(verdict_after(look), gated)

        look = stop_rule.stopping_look(rounds, max_rounds, look_every, early_or_final)
        return (np.zeros_like(regression), look) if look < max_rounds else (regression, max_rounds)

    last = {}

    def unsettled_after(look):
        last["verdict"] = verdict_after(look)
        return stop_rule.unsettled_cells(last["verdict"], gated)

    look = stop_rule.stopping_look(rounds, max_rounds, look_every, unsettled_after)
    return gated & (last["verdict"] == relative.REGRESSION), look


def replay_looks(log_ratios, gated, rounds, max_rounds, look_every, settings, seed, groups=None):
    """Per look (rounds, counts of the gated cells' verdicts) as `latency-gate gate` records them,
    up to the look where stop_rule.stopping_look stops."""
    looks = []

    def unsettled_after(look):
        _, verdict = relative.verdicts(log_ratios[:look], gated, settings, np.random.default_rng(seed), groups)
        values, counts = np.unique(verdict[gated], return_counts=True)
        looks.append({"rounds": look, "verdicts": dict(zip(values.tolist(), counts.tolist())),
                      "regression": bool((verdict[gated] == relative.REGRESSION).any())})
        return stop_rule.unsettled_cells(verdict, gated)

    stop_rule.stopping_look(rounds, max_rounds, look_every, unsettled_after)
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
