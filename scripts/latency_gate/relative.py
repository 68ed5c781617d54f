"""Relative gating: is the pull request slower than its base, cell by cell?

A cell is a sub-experiment x payload x magnitude (Median, 99%, Max). The evidence is a
set of rounds; in each round the base build and the pull-request build each run every
sub-experiment once, in random order, one right after the other. Every run gives each
cell one value, and the unit of evidence is the round's log ratio log(PR / base):
run-to-run variation (10-25 % of a median on a 2-core machine) dwarfs the sampling error
of the 1,000 samples inside a run, so counting samples as evidence would cry wolf.

The test is a sign-flip randomisation test of the rounds' studentised mean log ratio,
with single-step max-T over the family of gated cells (Westfall & Young) for
family-wise error control. When base and PR are the same code the order inside each
pair is random, so every sign pattern of the log ratios is equally likely and the test
is exact: at most alpha of unchanged pull requests see any cell flagged, however many
cells and however correlated they are. It needs no normality: latency is skewed and
multi-modal. With R rounds the smallest p-value is 2**-R, so alpha = 1 % needs R >= 7.

Verdicts per cell (gated cells decide the gate; advisory ones are reported only):
- regression: significant after family-wise adjustment and at least min_effect slower;
- improvement: the mirror image;
- no regression: a slowdown of min_effect or more is ruled out (one-sided bound at
  clear_confidence);
- inconclusive: none of these yet; more rounds may settle it.
"""

from dataclasses import dataclass
from itertools import product

import numpy as np
import pandas as pd

from .errors import InputError

GATED_MAGNITUDES = ("Median", "99%")
ADVISORY_MAGNITUDES = ("Max",)
MAGNITUDES = GATED_MAGNITUDES + ADVISORY_MAGNITUDES

REGRESSION = "regression"
IMPROVEMENT = "improvement"
NO_REGRESSION = "no regression"
INCONCLUSIVE = "inconclusive"
CLEARED = (NO_REGRESSION, IMPROVEMENT)
# Requirements ceiling, per cell: the PR is over (and its base is not), the base is over too
# (stale requirement), not settled yet, or under.
CEILING_OVER, CEILING_STALE, CEILING_UNSURE, CEILING_UNDER = "over", "stale requirement", "unsure", "under"

# Columns of the rounds table (one row per round, build and cell) and the build names.
ROUND, BUILD, SUBEXPERIMENT, BYTES, MAGNITUDE, VALUE = "Round", "Build", "Sub-experiment", "Bytes", "Magnitude", "Value"
ROUND_COLUMNS = (ROUND, BUILD, SUBEXPERIMENT, BYTES, MAGNITUDE, VALUE)
BASE, PR = "base", "pr"
CELL = [SUBEXPERIMENT, BYTES, MAGNITUDE]

# All 2**R sign patterns up to this many rounds, a random sample of them beyond.
EXACT_FLIP_ROUNDS = 12
RANDOM_FLIPS = 8191


@dataclass(frozen=True)
class GateSettings:
    alpha: float = 0.01  # family-wise false-alarm rate over all gated cells
    min_effect: float = 0.05  # smallest slowdown (PR/base - 1) that counts as a regression
    clear_confidence: float = 0.9  # confidence with which "no regression" rules out min_effect
    gated: tuple = GATED_MAGNITUDES

    def __post_init__(self):
        if not 0 < self.alpha < 1:
            raise InputError(f"alpha must be between 0 and 1, not {self.alpha}")
        if not self.min_effect >= 0:
            raise InputError(f"minimum effect must be 0 or more, not {self.min_effect}")
        if not 0.5 <= self.clear_confidence < 1:
            raise InputError(f"clear confidence must be in [0.5, 1), not {self.clear_confidence}")
        unknown = set(self.gated) - set(MAGNITUDES)
        if unknown:
            raise InputError(f"unknown magnitude(s) {sorted(unknown)} (known: {', '.join(MAGNITUDES)})")


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
class FlipTest:
    """Per column of an R x C matrix of log ratios: estimate, bounds and p-values."""
    mean: np.ndarray  # mean log ratio
    p_increase: np.ndarray  # adjusted p-value for "greater than 0"
    p_decrease: np.ndarray
    low: np.ndarray  # simultaneous (1 - alpha) bounds of the mean log ratio
    high: np.ndarray
    clear_high: np.ndarray  # one-sided upper bound at clear_confidence, per column


def flip_test(log_ratios, family, alpha, clear_confidence, rng):
    """Sign-flip max-T test of every column of log_ratios (R x C).

    Columns in `family` (boolean mask) are adjusted together (max-T); the others each on
    their own (advisory).
    """
    d = np.asarray(log_ratios, dtype=np.float64)
    n_rounds = d.shape[0]
    flips = sign_flips(n_rounds, rng)
    means = flips @ d / n_rounds  # F x C
    second_moment = np.mean(d * d, axis=0)  # the same under every sign pattern
    variance = np.clip(second_moment - means**2, 0.0, None) * n_rounds / max(n_rounds - 1, 1)
    standard_error = np.sqrt(variance / n_rounds)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(standard_error > 0, means / standard_error, np.sign(means) * np.inf)
    t = np.nan_to_num(t, nan=0.0, posinf=np.inf, neginf=-np.inf)
    observed, observed_se = t[0], standard_error[0]
    tolerance = 1e-9 * np.maximum(1.0, np.abs(np.where(np.isfinite(observed), observed, 0.0)))

    family = np.asarray(family, dtype=bool)
    # Family columns are compared with the family's max (min) per pattern; others with themselves.
    reference_max = np.where(family, t[:, family].max(axis=1, initial=-np.inf)[:, None], t)
    reference_min = np.where(family, t[:, family].min(axis=1, initial=np.inf)[:, None], t)
    p_increase = np.mean(reference_max >= observed - tolerance, axis=0)
    p_decrease = np.mean(reference_min <= observed + tolerance, axis=0)
    absolute = np.abs(t)
    reference_abs = np.where(family, absolute[:, family].max(axis=1, initial=0.0)[:, None], absolute)
    quantile = np.quantile(reference_abs, 1 - alpha, axis=0, method="higher")
    clear_quantile = np.quantile(t, clear_confidence, axis=0, method="higher")
    mean = means[0]
    with np.errstate(invalid="ignore"):
        low = np.where(observed_se > 0, mean - quantile * observed_se, mean)
        high = np.where(observed_se > 0, mean + quantile * observed_se, mean)
        clear_high = np.where(observed_se > 0, mean + clear_quantile * observed_se, mean)
    return FlipTest(mean, p_increase, p_decrease, low, high, clear_high)


def paired_log_ratios(rounds, source=None):
    """(cells, R x C log ratios PR/base) from a rounds table; every cell needs every round."""
    missing = set(ROUND_COLUMNS) - set(rounds.columns)
    if missing:
        raise InputError(f"rounds table lacks column(s) {sorted(missing)}", source)
    values = rounds[VALUE].to_numpy(dtype=np.float64)
    if not np.all(np.isfinite(values) & (values > 0)):
        raise InputError("rounds table has a latency that is not a positive number", source)
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


def decide(rounds, settings=GateSettings(), seed=0, source=None):
    """One row per cell: base and PR (geometric means), ratio with its interval, verdict, reason."""
    cells, base, pr, ratios = paired_log_ratios(rounds, source)
    gated = cells[MAGNITUDE].isin(settings.gated).to_numpy()
    test = flip_test(ratios, gated, settings.alpha, settings.clear_confidence, np.random.default_rng(seed))
    threshold = np.log1p(settings.min_effect)
    regression = (test.p_increase <= settings.alpha) & (test.mean >= threshold)
    improvement = (test.p_decrease <= settings.alpha) & (test.mean <= -threshold)
    cleared = test.clear_high < threshold
    verdict = np.select([regression, improvement, cleared], [REGRESSION, IMPROVEMENT, NO_REGRESSION], INCONCLUSIVE)
    table = cells.assign(**{
        "Gated": gated,
        "Rounds": ratios.shape[0],
        "Base [us]": np.exp(np.mean(np.log(base), axis=0)),
        "PR [us]": np.exp(np.mean(np.log(pr), axis=0)),
        "Ratio": np.exp(test.mean),
        "Low": np.exp(test.low),
        "High": np.exp(test.high),
        "p": np.minimum(test.p_increase, 1.0),
        "Verdict": verdict,
    })
    table["Reason"] = _reasons(table, test, settings)
    return table


def _reasons(table, test, settings):
    """Why each cell got its verdict, in one short phrase."""
    change = (table["Ratio"] - 1) * 100
    interval = [f"{(lo - 1) * 100:+.1f}%..{(hi - 1) * 100:+.1f}%" for lo, hi in zip(table["Low"], table["High"])]
    effect = settings.min_effect * 100
    reasons = []
    for verdict, delta, ci, p, p_down, clear in zip(
        table["Verdict"], change, interval, test.p_increase, test.p_decrease, np.expm1(test.clear_high) * 100
    ):
        if verdict == REGRESSION:
            reasons.append(f"{delta:+.1f}% (interval {ci}), adjusted p={p:.4f}, over the {effect:g}% minimum")
        elif verdict == IMPROVEMENT:
            reasons.append(f"{delta:+.1f}% faster (interval {ci}), adjusted p={p_down:.4f}")
        elif verdict == NO_REGRESSION:
            reasons.append(f"{delta:+.1f}%; at most {clear:+.1f}% ({settings.clear_confidence:.0%} bound), "
                           f"under the {effect:g}% minimum")
        elif p <= settings.alpha:
            reasons.append(f"{delta:+.1f}% is significant but under the {effect:g}% minimum; "
                           f"a slowdown up to {clear:+.1f}% is not ruled out")
        else:
            reasons.append(f"{delta:+.1f}% (interval {ci}) is not significant (adjusted p={p:.3f}); "
                           f"a slowdown up to {clear:+.1f}% is not ruled out")
    return reasons


def ceiling(rounds, requirements, settings=GateSettings(), seed=0):
    """The requirements as an absolute ceiling on the gated cells, with the same test.

    Each round's value is compared with the requirement (log ratio value / requirement),
    for the PR and for the base. A build is 'over' a cell's requirement when it is
    significantly above it (family-wise over the checked cells), 'under' when its bound
    at clear_confidence is below it, else 'unsure'. The PR breaches the ceiling when it is
    over and its base is not: when the base is over as well, the requirement is stale
    (the machine or main moved), which is reported but not blamed on the pull request.
    This one-sample sign-flip test assumes round values symmetric around their centre on
    a log scale: an approximation, unlike the paired test.
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
        test = flip_test(np.log(values) - np.log(requirement[known]), np.ones(values.shape[1], dtype=bool),
                         settings.alpha, settings.clear_confidence, np.random.default_rng(seed))
        over = (test.p_increase <= settings.alpha) & (test.mean > 0)
        status[build] = np.select([over, test.clear_high < 0], ["over", "under"], "unsure")
        geometric_mean[build] = np.exp(np.mean(np.log(values), axis=0))
    pr_flagged = status[PR] != "under"
    verdict = np.select(
        [(status[PR] == "over") & (status[BASE] != "over"), pr_flagged & (status[BASE] == "over"), pr_flagged],
        [CEILING_OVER, CEILING_STALE, CEILING_UNSURE], CEILING_UNDER,
    )
    return cells.assign(**{
        "Requirement [us]": requirement[known],
        "Base [us]": geometric_mean[BASE],
        "PR [us]": geometric_mean[PR],
        "Ratio": geometric_mean[PR] / requirement[known],
        "Ceiling": verdict,
    })
