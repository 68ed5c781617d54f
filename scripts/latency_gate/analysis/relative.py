"""Relative gating: is the pull request slower than its base, cell by cell?

A cell is a sub-experiment x payload x magnitude (Median, 99%, Max; a throughput gate's:
1/throughput, see INVERSE_THROUGHPUT). The evidence is a
set of rounds; in each round the base build and the pull-request build each run every
sub-experiment once, in random order, one right after the other. Every run gives each
cell one value, a quantile of its samples (rank-based, so the skewed and multi-modal
shape of latency within a run does not matter), and the unit of evidence is the round's
log ratio d = log(PR / base): run-to-run variation dwarfs the sampling error of the
samples inside a run, so counting samples as evidence would cry wolf.

Per cell, over the R rounds:
- a one-sided paired t-test of the mean log ratio, adjusted over all gated cells with
  Holm's step-down method: family-wise error control under any dependence between cells.
  Because the order inside each pair is random, d is exactly symmetric around 0 when the
  PR changes nothing; for symmetric data the t-test is valid and, with heavy tails
  (a run caught in a slow scheduling mode), conservative;
- an exact sign-flip randomisation test of the same mean as a distribution-free guard: a
  regression must also show consistently across rounds (p <= GUARD_P), so one
  wild round cannot make one. (On its own the sign-flip test cannot go below 2**-R, far
  too coarse for 1 % over hundreds of cells with the 6-10 rounds a CI budget allows.)
  Instruction counts (settings.guard "rank") have no drift for pairing to cancel: their runs
  are exchangeable, so the guard is the exact rank test of the PR's values against the base's
  over all rounds (Mann-Whitney), which reaches 0.05 with 3 rounds (1 / C(6, 3)) where the
  sign-flip test needs 5: the code-path gate's runs take minutes under valgrind.
- intervals: simultaneous (Bonferroni) t bounds of the ratio, each side at 1 - alpha (the
  one-sided test's first Holm step);
- the detectable effect: the smallest slowdown the gate would have confirmed in 80 % of
  such gates at the noise it measured (the first Holm step's critical value plus the
  power quantile, times the standard error), at least min_effect.

Variance (settings.variance): "cell" estimates each cell's spread from its own R rounds
only (R - 1 degrees of freedom). "moderated" (the default) borrows strength across the payloads of a
sub-experiment and magnitude, as limma's moderated t-statistic does (Smyth 2004): the
cells' variances are taken as draws from a scaled inverse chi-square prior fitted to
them (limma's fitFDist), each cell's variance is shrunk towards the prior, and its
t-statistic gets the prior's degrees of freedom on top of its own (capped at the group's
pooled degrees of freedom).

Verdicts per cell (gated cells decide the gate; advisory ones are reported only):
- regression: significant after the family-wise adjustment, consistent across rounds,
  and at least min_effect slower;
- improvement: the mirror image;
- no regression: a slowdown of min_effect or more is ruled out (one-sided bound at
  clear_confidence);
- inconclusive: none of these yet; more rounds may settle it.

Why one module: the cell tests, the moderated variances, Holm's adjustment and the verdicts
are one argument (each step's guarantee rests on the others'); stop_rule.py, the gate's rounds
(campaigns/gate.py), the code-path gate (code_path.py) and its report (render/gate_report.py)
use it.
"""

from dataclasses import dataclass
from itertools import product

import numpy as np
import pandas as pd
from scipy import special, stats

from latency_gate.contracts import magnitudes
from latency_gate.contracts.gate_result import (  # rounds.csv's columns and the builds: what the gate decides on
    BASE, BUILD, BYTES, MAGNITUDE, PR, ROUND, ROUND_COLUMNS, SUBEXPERIMENT, VALUE,
    DETECTION_POWER,  # the detectable effect is found in this share of gates
)
from latency_gate.errors import InputError

# The magnitudes, their units and formats: contracts/magnitudes.py.
GATED_MAGNITUDES = ("Median", "99%")
ADVISORY_MAGNITUDES = ("Max",)
# A throughput gate's cell: the time one megabit takes at the best case's subscription
# throughput (1e6 / Mb/s, in us per Mb), so that "slower" and every test below mean for
# throughput what they mean for latency: log(PR / base) of it is log(base / PR) of throughput.
INVERSE_THROUGHPUT = "1/throughput"
# The code-path gate's cell: instructions per round trip on the per-sample path (runner/counting.py),
# and beside it (advisory unless gated) the estimated cycles per round trip of its cache simulation.
INSTRUCTIONS = "Instructions"
ESTIMATED_CYCLES = "EstimatedCycles"
LATENCY_MAGNITUDES = GATED_MAGNITUDES + ADVISORY_MAGNITUDES
MAGNITUDES = magnitudes.NAMES
GATED_BY_KIND = {"latency": GATED_MAGNITUDES, "throughput": (INVERSE_THROUGHPUT,)}

REGRESSION = "regression"
IMPROVEMENT = "improvement"
NO_REGRESSION = "no regression"
INCONCLUSIVE = "inconclusive"
CLEARED = (NO_REGRESSION, IMPROVEMENT)

# The gate's verdict (gate_result.VERDICTS_OF_THE_GATE): failed (a confirmed regression or ceiling
# breach), inconclusive (not failed, but some gated cell could not rule out a slowdown of the size
# required: the minimum effect, or the team's --require-detectable), or passed (every gated cell ruled it out).
PASSED, FAILED = "passed", "failed"

# Requirements ceiling, per cell: the PR is over (and its base under), the base is over too
# (stale requirement), not settled, or under.
CEILING_OVER, CEILING_STALE, CEILING_UNSURE, CEILING_UNDER = "over", "stale requirement", "unsure", "under"

CELL = [SUBEXPERIMENT, BYTES, MAGNITUDE]

# All 2**R sign patterns up to this many rounds, a random sample of them beyond.
EXACT_FLIP_ROUNDS = 12
RANDOM_FLIPS = 8191
# The consistency guard's p-value a regression (improvement, ceiling breach) must also reach: the
# sign-flip test's (timed: with 8 rounds, 7 of 8 in the same direction, roughly), or the rank
# test's (counted, settings.guard "rank").
GUARD_P = 0.05


VARIANCES = ("cell", "moderated")
GUARDS = ("sign-flip", "rank")
# moderated_variances: with this many degrees of freedom (5 rounds) a cell's own variance floors its
# moderated one, and it borrows at most as many as it has; with fewer, only a cell whose variance is
# OUTLIER_TAIL improbable under its group's prior keeps its own.
FLOOR_DEGREES = 4
OUTLIER_TAIL = 0.05
# From FLOOR_DEGREES on, a group of fewer cells keeps each cell's own variance: a prior fitted to
# 3 variances, one of them a noisier payload's, let simulated A/A gates at alpha 1 % fail 2.0 % of
# the time at 5-6 rounds, and 1.55 % at 6 with the degrees-of-freedom cap (groups of 4: 0.95 %;
# benchmarks/results/relative-noisy-payloads-2026-11-28/).
MODERATED_CELLS = 4


@dataclass(frozen=True)
class GateSettings:
    alpha: float = 0.01  # family-wise false-alarm rate over all gated cells
    # smallest slowdown (PR/base - 1) that counts as a regression; None (a code-path gate not given
    # one): the counted path's, from its measured spread, set when the programs are checked (campaigns/gate.py)
    min_effect: float | None = 0.05
    clear_confidence: float = 0.9  # confidence with which "no regression" rules out min_effect
    gated: tuple = GATED_MAGNITUDES
    # VARIANCES: moderated across payloads (default: on 140 recorded A/A rounds it found +25 % in
    # one Median cell in 94 % of resampled gates against 66 %, false alarms 0.2 % against 0.1 %;
    # benchmarks/results/aa-full-2026-11-23/variance), or each cell's own rounds
    variance: str = "moderated"
    guard: str = "sign-flip"  # GUARDS: the consistency guard (module docstring)
    # The slowdown every gated cell must rule out for the gate to pass rather than be inconclusive,
    # and with which an inconclusive gate fails (cli/gate.py); None: the minimum effect, not required.
    require_detectable: float | None = None

    def __post_init__(self):
        if not 0 < self.alpha < 1:
            raise InputError(f"alpha must be between 0 and 1, not {self.alpha}")
        if self.min_effect is not None and not 0 <= self.min_effect < np.inf:
            raise InputError(f"minimum effect must be a finite number, 0 or more, not {self.min_effect}")
        if self.require_detectable is not None and not 0 <= self.require_detectable < np.inf:
            raise InputError(f"the required detectable slowdown must be a finite number, 0 or more, "
                             f"not {self.require_detectable}")
        if not 0.5 <= self.clear_confidence < 1:
            raise InputError(f"clear confidence must be in [0.5, 1), not {self.clear_confidence}")
        unknown = set(self.gated) - set(MAGNITUDES)
        if unknown:
            raise InputError(f"unknown magnitude(s) {sorted(unknown)} (known: {', '.join(MAGNITUDES)})")
        if self.variance not in VARIANCES:
            raise InputError(f"unknown variance '{self.variance}' (known: {', '.join(VARIANCES)})")
        if self.guard not in GUARDS:
            raise InputError(f"unknown guard '{self.guard}' (known: {', '.join(GUARDS)})")
        if None not in (self.require_detectable, self.min_effect) and not self.require_detectable >= self.min_effect:
            raise InputError(f"the required detectable slowdown ({self.require_detectable:g}) must be at least the "
                             f"minimum effect ({self.min_effect:g}): a smaller slowdown is no regression")

    @property
    def required_effect(self):
        """The slowdown every gated cell must rule out for the gate to pass (gate_verdict)."""
        return self.min_effect if self.require_detectable is None else self.require_detectable


def sign_flips(rounds, rng):
    """F x R matrix of +-1: every sign pattern for few rounds, else the identity and random ones.

    The identity (all +1, the observed data) is always the first row, so no p-value is 0.
    """
    if rounds <= EXACT_FLIP_ROUNDS:
        patterns = np.array(list(product((1.0, -1.0), repeat=rounds)))
    else:
        patterns = np.vstack([np.ones(rounds), rng.choice((1.0, -1.0), size=(RANDOM_FLIPS, rounds))])
    return patterns


@dataclass(frozen=True)
class CellTests:
    """Per column of an R x C matrix of log ratios: estimate, bounds and p-values."""
    mean: np.ndarray  # mean log ratio
    p_increase: np.ndarray  # family-wise adjusted (Holm) p-value for "greater than 0"
    p_decrease: np.ndarray
    guard_increase: np.ndarray  # the consistency guard's exact p-values (sign-flip or rank test), per column
    guard_decrease: np.ndarray
    low: np.ndarray  # bounds of the mean log ratio, each side simultaneous at 1 - alpha (Bonferroni)
    high: np.ndarray
    clear_high: np.ndarray  # one-sided upper bound at clear_confidence, per column
    detectable: np.ndarray  # log of the smallest ratio confirmed with DETECTION_POWER (before min_effect)


def _trigamma(x):
    """polygamma(1, x) as scipy computes it, zeta(2, x), to the last bit: on a scalar polygamma's
    wrapper costs six times the value (8 us against 1.3), and Newton's method calls it in a loop."""
    return special.zeta(2, x)


def _tetragamma(x):
    """polygamma(2, x) as scipy computes it, -2 zeta(3, x), to the last bit."""
    return -2.0 * special.zeta(3, x)


def _t_upper_tail(t, degrees):
    """stats.t.sf(t, degrees) to the last bit: Student's t distribution's own function, without
    the wrapper of scipy's distribution objects (which costs more than the value here, and the
    simulated gates of the tests and of benchmarks/results/ call it thousands of times)."""
    return special.stdtr(degrees, -t)


def _t_quantile(probability, degrees):
    """stats.t.ppf(probability, degrees) to the last bit (stats.t.isf(p) is -_t_quantile(p))."""
    return special.stdtrit(degrees, probability)


def _trigamma_inverse(value):
    """y with trigamma(y) = value (limma's trigammaInverse: Newton's method)."""
    if value > 1e7:
        return 1.0 / np.sqrt(value)
    if value < 1e-6:
        return 1.0 / value
    y = 0.5 + 1.0 / value
    for _ in range(50):
        trigamma = _trigamma(y)
        step = trigamma * (1 - trigamma / value) / _tetragamma(y)
        y += step
        if -step / y < 1e-8:
            break
    return y


def fit_prior(variances, degrees):
    """(prior degrees of freedom, prior variance) of a scaled inverse chi-square prior fitted to
    sample variances with `degrees` each (limma's fitFDist, moments of log variances)."""
    log_variances = np.log(np.maximum(variances, 1e-300))
    half = degrees / 2
    centred = log_variances - special.digamma(half) + np.log(half)
    mean = centred.mean()
    excess = (centred.var(ddof=1) if centred.size > 1 else 0.0) - _trigamma(half)
    if excess <= 0:
        return np.inf, float(np.exp(mean))
    prior_degrees = 2 * _trigamma_inverse(excess)
    return prior_degrees, float(np.exp(mean + special.digamma(prior_degrees / 2) - np.log(prior_degrees / 2)))


def effective_cells(log_ratios):
    """How many independent cells the columns (R x C) are worth when their variances are pooled.

    A group's cells are one sub-experiment's payloads, measured by the same runs: a run that is
    slow is slow at every payload, so their log ratios are correlated and pooling C of them is
    worth fewer than C cells' degrees of freedom. C^2 / sum of squared correlations (the
    variance of a mean of correlated variances), each squared correlation corrected for its
    small-sample bias (r^2 - (1 - r^2) / (R - 2), the adjusted R^2: unbiased when there is
    none); between 1 and C."""
    rounds, count = log_ratios.shape
    if count == 1 or rounds < 4:
        return float(count)
    with np.errstate(divide="ignore", invalid="ignore"):
        squared = np.nan_to_num(np.corrcoef(log_ratios, rowvar=False) ** 2)  # a constant column: none
    adjusted = squared - (1 - squared) / (rounds - 2)  # negative terms kept: the sum stays unbiased
    np.fill_diagonal(adjusted, 1.0)
    return float(np.clip(count**2 / adjusted.sum(), 1.0, count))


def moderated_variances(variances, degrees, groups, effective=None):
    """Per column: (posterior variance, degrees of freedom), the prior fitted within each group.

    The total degrees of freedom are capped at the group's pooled degrees of freedom (limma's
    cap) counted over its effective cells (`effective`: label -> effective_cells, default every
    cell counts), so correlated cells are not taken for independent evidence.

    Robust to a cell noisier than its group: with FLOOR_DEGREES or more, a cell's variance is never
    moderated below its own (a cell whose own variance is the larger keeps it, with its own degrees
    of freedom), a cell borrows at most as many degrees of freedom as it has, and a group of fewer
    than MODERATED_CELLS keeps each cell's own. A noisy cell whose rounds happened to spread little
    is still moderated towards its quieter neighbours; with the group's pooled degrees of freedom
    that made false alarms exceed alpha (one payload a group at twice its neighbours' s.d., alpha
    0.01: 2.0 % over the full latency matrix at 5-6 rounds, 1.6-1.9 % with groups of 4; keeping only the
    improbably noisy cells, upper tail under OUTLIER_TAIL, 1.7-3.0 %); 0.3-0.95 % with these rules
    (docs/relative-gate.md). With fewer degrees (a counted gate's 3-round first look, which can
    only send it on to confirm: a gate fails at its last look) a variance of so few degrees is too
    rough to floor anything, only an improbably noisy cell keeps its own, and the group's degrees of
    freedom are borrowed (capping them there lost 26 of 137 regressions of the recorded code-path
    gates)."""
    posterior = np.empty_like(variances)
    total = np.empty_like(variances)
    groups = np.asarray(groups)
    for label in np.unique(groups):
        members = groups == label
        own = variances[members]
        if degrees >= FLOOR_DEGREES and members.sum() < MODERATED_CELLS:
            posterior[members], total[members] = own, degrees
            continue
        prior_degrees, prior_variance = fit_prior(own, degrees)
        pooled = degrees * (members.sum() if effective is None else effective[label])
        if np.isinf(prior_degrees):
            moderated, moderated_total = np.full_like(own, prior_variance), pooled
        else:
            moderated = (prior_degrees * prior_variance + degrees * own) / (prior_degrees + degrees)
            moderated_total = min(prior_degrees + degrees, pooled)
        if degrees >= FLOOR_DEGREES:
            keeps_own = own > moderated
            moderated_total = min(moderated_total, 2 * degrees)  # borrowing at most what the cell has
        elif np.isinf(prior_degrees):
            keeps_own = stats.chi2.sf(degrees * own / prior_variance, degrees) < OUTLIER_TAIL
        else:
            keeps_own = stats.f.sf(own / prior_variance, degrees, prior_degrees) < OUTLIER_TAIL
        posterior[members] = np.where(keeps_own, own, moderated)
        total[members] = np.where(keeps_own, degrees, moderated_total)
    return posterior, total


def holm(p_values):
    """Holm's step-down adjusted p-values (family-wise error control under any dependence)."""
    p_values = np.asarray(p_values, dtype=np.float64)
    count = p_values.size
    if count == 0:
        return p_values
    order = np.argsort(p_values, kind="stable")
    stepped = np.maximum.accumulate(np.minimum((count - np.arange(count)) * p_values[order], 1.0))
    adjusted = np.empty(count)
    adjusted[order] = stepped
    return adjusted


def rank_guard(base, pr):
    """(p increase, p decrease) per column of the exact one-sided rank test (Mann-Whitney) of the
    PR's values (R x C) against the base's: the guard of exchangeable runs (module docstring)."""
    increase = stats.mannwhitneyu(pr, base, alternative="greater", method="exact", axis=0).pvalue
    decrease = stats.mannwhitneyu(pr, base, alternative="less", method="exact", axis=0).pvalue
    return np.atleast_1d(increase), np.atleast_1d(decrease)


def _smallest_guard_p(rounds, guard):
    return 0.5**rounds if guard == "sign-flip" else 1 / special.comb(2 * rounds, rounds)


def cell_tests(log_ratios, family, alpha, clear_confidence, rng, groups=None, ranked=None):
    """Test every column of log_ratios (R x C, R >= 2).

    Columns in `family` (boolean mask) are adjusted together; the others each on their
    own (advisory). With `groups` (a label per column) the variances are moderated within
    each group; without, each column has its own. With `ranked` (base, PR: R x C values) the
    consistency guard is rank_guard's, else the sign-flip test's.
    """
    d = np.asarray(log_ratios, dtype=np.float64)
    n_rounds = d.shape[0]
    if n_rounds < 2:
        raise InputError(f"need at least 2 rounds to test, have {n_rounds}")
    mean = d.mean(axis=0)
    variance = d.var(axis=0, ddof=1)
    degrees = n_rounds - 1
    if groups is not None:
        groups = np.asarray(groups)
        effective = {label: effective_cells(d[:, groups == label]) for label in np.unique(groups)}
        variance, degrees = moderated_variances(variance, degrees, groups, effective)
    standard_error = np.sqrt(variance / n_rounds)
    with np.errstate(divide="ignore", invalid="ignore"):
        # No spread: a change of the same size every round is infinitely significant, no change none.
        t = np.where(standard_error > 0, mean / standard_error, np.where(mean == 0, 0.0, np.sign(mean) * np.inf))
    family = np.asarray(family, dtype=bool)
    p_increase, p_decrease = _t_upper_tail(t, degrees), _t_upper_tail(-t, degrees)
    for p in (p_increase, p_decrease):
        p[family] = holm(p[family])
    if ranked is None:
        flips = sign_flips(n_rounds, rng)
        flipped = flips @ d / n_rounds
        tolerance = 1e-12 * np.maximum(1.0, np.abs(mean))
        guard_increase = np.mean(flipped >= mean - tolerance, axis=0)
        guard_decrease = np.mean(flipped <= mean + tolerance, axis=0)
    else:
        guard_increase, guard_decrease = rank_guard(*ranked)
    family_size = max(int(family.sum()), 1)
    # Each side of the interval at the one-sided test's first Holm step (alpha / family size): a cell
    # confirmed there has its interval wholly beyond 1. Two-sided at alpha / 2 per side, a confirmed
    # regression's interval could reach below 1 (Holm's later steps still can: the test decides).
    simultaneous = np.where(family, alpha / family_size, alpha)
    quantile = -_t_quantile(simultaneous, degrees)
    clear_quantile = _t_quantile(clear_confidence, degrees)
    # A lone regression must pass Holm's first step, alpha / family size.
    detectable = (quantile + _t_quantile(DETECTION_POWER, degrees)) * standard_error
    if _smallest_guard_p(n_rounds, "sign-flip" if ranked is None else "rank") > GUARD_P:
        # too few rounds for the consistency guard: nothing is confirmed
        detectable = np.full_like(mean, np.inf)
    return CellTests(mean, p_increase, p_decrease, guard_increase, guard_decrease, mean - quantile * standard_error,
                     mean + quantile * standard_error, mean + clear_quantile * standard_error, detectable)


def variance_groups(cells, settings):
    """Labels (sub-experiment / magnitude) per cell for moderated variances, or None."""
    if settings.variance != "moderated":
        return None
    return (cells[SUBEXPERIMENT].astype(str) + "/" + cells[MAGNITUDE].astype(str)).to_numpy()


def below_resolution(rounds):
    """(the rounds of the cells whose every value is above 0, the other cells as names). A
    value of 0 us is a latency at or below what the method resolves: LatencyTest subtracts
    the clock's own cost from each sample, and the project's programs record what falls to
    or under it as 0 (the floor's in-process copy on a fast CPU). No ratio compares it, so
    such a cell is not gated, and the gate says so."""
    values = pd.to_numeric(rounds[VALUE], errors="coerce")
    zero = rounds.loc[values == 0, CELL].drop_duplicates()
    if zero.empty:
        return rounds, []
    dropped = rounds.set_index(CELL).index.isin(pd.MultiIndex.from_frame(zero))
    names = [f"{row[SUBEXPERIMENT]} {int(row[BYTES])} B {row[MAGNITUDE]}" for _, row in zero.iterrows()]
    return rounds[~dropped], names


def paired_log_ratios(rounds, source=None):
    """(cells, base values, PR values, log ratios PR / base), the last three R x C, from a rounds
    table; every cell needs every round."""
    missing = set(ROUND_COLUMNS) - set(rounds.columns)
    if missing:
        raise InputError(f"rounds table lacks column(s) {sorted(missing)}", source)
    values = rounds[VALUE].to_numpy(dtype=np.float64)
    if not np.all(np.isfinite(values) & (values > 0)):
        raise InputError("rounds table has a value that is not a positive number", source)
    builds = set(rounds[BUILD].unique())
    if builds != {BASE, PR}:
        raise InputError(f"rounds table needs builds '{BASE}' and '{PR}', has {sorted(builds)}", source)
    table = rounds.pivot_table(index=ROUND, columns=[BUILD, *CELL], values=VALUE, aggfunc="first", sort=True)
    base, pr = table[BASE], table[PR]
    if not base.columns.equals(pr.columns):
        raise InputError("base and PR runs measured different cells", source)
    if base.isna().any().any() or pr.isna().any().any():
        raise InputError("a round lacks a value for some cell (every round must measure every cell)", source)
    ratios = np.log(pr.to_numpy()) - np.log(base.to_numpy())
    cells = base.columns.to_frame(index=False)
    cells[BYTES] = cells[BYTES].astype(int)
    return cells, base.to_numpy(), pr.to_numpy(), ratios


def verdicts(log_ratios, gated, settings=GateSettings(), rng=None, groups=None, values=None):
    """(CellTests, verdict per column) of an R x C matrix of log ratios PR / base; groups:
    variance_groups() of the columns (used with settings.variance 'moderated'); values: (base,
    PR) R x C, needed by settings.guard 'rank'."""
    if settings.variance == "moderated" and groups is None:
        raise InputError("moderated variances need the cells' groups")
    if settings.guard == "rank" and values is None:
        raise InputError("the rank guard needs the base's and the PR's values")
    test = cell_tests(log_ratios, gated, settings.alpha, settings.clear_confidence,
                      rng if rng is not None else np.random.default_rng(0),
                      groups if settings.variance == "moderated" else None,
                      values if settings.guard == "rank" else None)
    threshold = np.log1p(settings.min_effect)
    regression = (test.p_increase <= settings.alpha) & (test.guard_increase <= GUARD_P) & (test.mean >= threshold)
    improvement = (test.p_decrease <= settings.alpha) & (test.guard_decrease <= GUARD_P) & (test.mean <= -threshold)
    cleared = test.clear_high < threshold
    return test, np.select([regression, improvement, cleared], [REGRESSION, IMPROVEMENT, NO_REGRESSION], INCONCLUSIVE)


def unsettled(verdict, gated):
    """How many gated cells are neither cleared nor improved: the gate may stop early at 0."""
    return int((np.asarray(gated, dtype=bool) & ~np.isin(verdict, CLEARED)).sum())


def regressions(verdict, gated):
    """How many gated cells look like regressions."""
    return int((np.asarray(gated, dtype=bool) & (np.asarray(verdict) == REGRESSION)).sum())


def decide(rounds, settings=GateSettings(), seed=0, source=None):
    """One row per cell: base and PR (geometric means), ratio with its interval, verdict, reason."""
    cells, base, pr, ratios = paired_log_ratios(rounds, source)
    gated = cells[MAGNITUDE].isin(settings.gated).to_numpy()
    test, verdict = verdicts(ratios, gated, settings, np.random.default_rng(seed), variance_groups(cells, settings),
                             (base, pr))
    with np.errstate(over="ignore"):  # an interval of two rounds can reach infinity
        bounds = np.exp(test.low), np.exp(test.high)
    table = cells.assign(**{
        "Gated": gated,
        "Rounds": ratios.shape[0],
        "Base": np.exp(np.mean(np.log(base), axis=0)),
        "PR": np.exp(np.mean(np.log(pr), axis=0)),
        "Unit": [magnitudes.of(name).unit for name in cells[MAGNITUDE]],
        "Ratio": np.exp(test.mean),
        "Low": bounds[0],
        "High": bounds[1],
        "p": np.minimum(test.p_increase, 1.0),
        "Detectable": np.exp(np.maximum(test.detectable, np.log1p(settings.min_effect))),
        # the one-sided bound at clear_confidence: a slowdown to a ratio above it is ruled out
        "Ruled out above": np.exp(test.clear_high),
        "Verdict": verdict,
    })
    table["Reason"] = _reasons(table, test, settings)
    return table


# Why an inconclusive counted cell whose runs took only the base's paths stays inconclusive: the
# paths say nothing of how often each state occurs, which a pull request can change (a thread's
# start order decides a hash table's depth) and three runs of each build cannot tell.
IDENTICAL_PATHS = ("every PR run took a base run's path, function by function: the totals moved with the runs' "
                   "states (how often each state occurs is not ruled out)")


def explained_by_identical_paths(decision, identical):
    """decide()'s rows, the reason of each cell in `identical` ({(sub-experiment, payload)}: every PR
    run counted a base run's path, function by function; code_path.identical_paths) saying so; its
    verdict stays."""
    if not identical:
        return decision
    keys = list(zip(decision[SUBEXPERIMENT], decision[BYTES].astype(int)))
    chosen = np.array([key in identical for key in keys]) & (decision[MAGNITUDE] == INSTRUCTIONS).to_numpy()
    explained = decision.copy()
    explained.loc[chosen, "Reason"] = explained.loc[chosen, "Reason"] + "; " + IDENTICAL_PATHS
    return explained


def not_ruled_out(decision, effect):
    """The gated cells, not confirmed regressions, that could not rule out a slowdown of `effect`
    (a fraction): a boolean mask over decide()'s rows."""
    return (decision["Gated"] & (decision["Verdict"] != REGRESSION)
            & ~(decision["Ruled out above"] < 1 + effect)).to_numpy(bool)


def failures(decision, ceiling):
    """(the confirmed regressions, the largest ratio first; the cells over the requirements ceiling,
    None without requirements) of decide()'s and ceiling()'s rows."""
    regressions = decision[decision["Gated"] & (decision["Verdict"] == REGRESSION)]
    over = ceiling[ceiling["Ceiling"] == CEILING_OVER] if ceiling is not None else ceiling
    return regressions.sort_values("Ratio", ascending=False), over


def gate_verdict(decision, failed, settings):
    """The gate's verdict (gate_result.VERDICTS_OF_THE_GATE) of decide()'s rows; `failed`: a confirmed regression or a
    ceiling breach."""
    if failed:
        return FAILED
    return INCONCLUSIVE if not_ruled_out(decision, settings.required_effect).any() else PASSED


def _reasons(table, test, settings):
    """Why each cell got its verdict, in one short phrase; changes with the decimals of the cell's
    magnitude (a count's 0.2 % minimum needs two)."""
    effect = settings.min_effect * 100
    threshold = np.log1p(settings.min_effect)
    reasons = []
    for name, verdict, ratio, low, high, mean, p, p_down, flip, clear in zip(
        table[MAGNITUDE], table["Verdict"], table["Ratio"], table["Low"], table["High"], test.mean,
        test.p_increase, test.p_decrease, test.guard_increase, np.exp(test.clear_high),
    ):
        shown = magnitudes.of(name).change_text
        delta, ci, clear = shown(ratio), f"{shown(low)}..{shown(high)}", shown(clear)
        if verdict == REGRESSION:
            reasons.append(f"{delta} (interval {ci}), adjusted p={p:.2g}, over the {effect:g}% minimum")
        elif verdict == IMPROVEMENT:
            reasons.append(f"{delta} (interval {ci}), adjusted p={p_down:.2g}")
        elif verdict == NO_REGRESSION:
            reasons.append(f"{delta}, at most {clear} ({settings.clear_confidence:.0%} bound): "
                           f"under the {effect:g}% minimum")
        elif p <= settings.alpha and mean < threshold:
            reasons.append(f"{delta} is significant but under the {effect:g}% minimum; "
                           f"up to {clear} not ruled out")
        elif p <= settings.alpha:
            reasons.append(f"{delta} is significant but not consistent across rounds "
                           f"(consistency guard p={flip:.2g}); up to {clear} not ruled out")
        else:
            reasons.append(f"{delta} (interval {ci}) is not significant (adjusted p={p:.2g}); "
                           f"up to {clear} not ruled out")
    return reasons


def ceiling(rounds, requirements, settings=GateSettings(), seed=0):
    """The requirements as an absolute ceiling on the gated cells, with the same test.

    Each round's value is compared with the requirement (log ratio value / requirement),
    for the PR and for the base. A build is 'over' a cell's requirement when it is
    significantly above it (family-wise over the checked cells), 'under' when its bound
    at clear_confidence is below it, else 'unsure'. The PR breaches the ceiling when it is
    over and its base clearly under. When the base is over as well the requirement is
    stale (the machine or main moved): reported, not blamed on the pull request. When the
    base is unsure, both builds hover around the requirement and the paired test, not the
    ceiling, judges the pull request.
    Unlike the paired test this one-sample test has no randomisation behind its symmetry:
    it assumes round values roughly symmetric around their centre on a log scale.
    """
    checked = rounds[rounds[MAGNITUDE].isin(settings.gated)]
    table = checked.pivot_table(index=ROUND, columns=[BUILD, *CELL], values=VALUE, aggfunc="first", sort=True)
    required = requirements.melt(id_vars=["Experiment type", "Bytes"], value_vars=list(settings.gated),
                                 var_name=MAGNITUDE, value_name="Requirement")
    required = required.rename(columns={"Experiment type": SUBEXPERIMENT}).set_index(CELL)["Requirement"]
    cells = table[PR].columns.to_frame(index=False)
    cells[BYTES] = cells[BYTES].astype(int)
    requirement = required.reindex(pd.MultiIndex.from_frame(cells)).to_numpy(dtype=np.float64)
    known = ~np.isnan(requirement)
    cells = cells[known].reset_index(drop=True)
    status, geometric_mean = {}, {}
    for build in (BASE, PR):
        values = table[build].to_numpy()[:, known]
        test = cell_tests(np.log(values) - np.log(requirement[known]), np.ones(values.shape[1], dtype=bool),
                          settings.alpha, settings.clear_confidence, np.random.default_rng(seed))
        over = (test.p_increase <= settings.alpha) & (test.guard_increase <= GUARD_P) & (test.mean > 0)
        status[build] = np.select([over, test.clear_high < 0], ["over", "under"], "unsure")
        geometric_mean[build] = np.exp(np.mean(np.log(values), axis=0))
    pr_flagged = status[PR] != "under"
    verdict = np.select(
        [(status[PR] == "over") & (status[BASE] == "under"), pr_flagged & (status[BASE] == "over"), pr_flagged],
        [CEILING_OVER, CEILING_STALE, CEILING_UNSURE], CEILING_UNDER,
    )
    return cells.assign(**{
        "Requirement": requirement[known],
        "Base": geometric_mean[BASE],
        "PR": geometric_mean[PR],
        "Unit": [magnitudes.of(name).unit for name in cells[MAGNITUDE]],
        "Ratio": geometric_mean[PR] / requirement[known],
        "Ceiling": verdict,
    })
