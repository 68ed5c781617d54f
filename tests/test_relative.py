"""The relative gate's decision per cell (relative.py), on rounds tables with known truth.

Rounds are drawn like the real ones: every (round, cell) has a base and a PR value whose
log ratio is symmetric noise when nothing changed, plus a known shift where stated.
"""

import numpy as np
import pandas as pd
import pytest
from scipy import special, stats

from latency_gate.errors import InputError
from latency_gate.analysis import relative
from latency_gate.analysis.relative import BASE, PR, GateSettings

pytestmark = pytest.mark.unit

SUBEXPERIMENTS = ("intraprocess_best_effort", "interprocess_best_effort")
PAYLOADS = (16, 64, 256, 1024, 4096, 16384)


def rounds_table(rounds, noise, seed, shift=None, disturbed_round=None):
    """A rounds table: base ~ 20 us with per-cell level, PR = base * exp(noise [+ shift])."""
    rng = np.random.default_rng(seed)
    cells = pd.MultiIndex.from_product([SUBEXPERIMENTS, PAYLOADS, relative.MAGNITUDES],
                                       names=relative.CELL).to_frame(index=False)
    level = 20 * (1 + cells[relative.BYTES].to_numpy() / 4096)
    drawn = rng.normal(0, noise, (rounds, 2, len(cells)))  # per round: the base's noise, then the ratio's
    base, log_ratio = level * np.exp(drawn[:, 0]), drawn[:, 1]
    for (name, payload, magnitude), factor in (shift or {}).items():
        hit = ((cells[relative.SUBEXPERIMENT] == name) & (cells[relative.BYTES] == payload)
               & (cells[relative.MAGNITUDE] == magnitude)).to_numpy()
        log_ratio[:, hit] += np.log(factor)
    if disturbed_round is not None:
        log_ratio[disturbed_round - 1] += 2.0  # a run caught by something else on the machine: 7x slower
    table = cells.iloc[np.tile(np.arange(len(cells)), 2 * rounds)].reset_index(drop=True)
    return table.assign(**{relative.ROUND: np.repeat(np.arange(1, rounds + 1), 2 * len(cells)),
                           relative.BUILD: np.tile(np.repeat([BASE, PR], len(cells)), rounds),
                           relative.VALUE: np.stack([base, base * np.exp(log_ratio)], axis=1).ravel()}
                        )[list(relative.ROUND_COLUMNS)]


def verdict_of(decision, name, payload, magnitude):
    row = decision[(decision[relative.SUBEXPERIMENT] == name) & (decision[relative.BYTES] == payload)
                   & (decision[relative.MAGNITUDE] == magnitude)]
    return row.iloc[0]


def test_unchanged_pull_requests_rarely_raise_an_alarm():
    """Family-wise: of 300 unchanged PRs (48 gated cells each) at most ~alpha have any regression."""
    def alarm(seed):
        decision = relative.decide(rounds_table(8, 0.03, seed), GateSettings(min_effect=0.0))
        return (decision["Gated"] & (decision["Verdict"] == relative.REGRESSION)).any()

    alarms = sum(alarm(seed) for seed in range(300))
    assert alarms <= 8  # expected <= 3 at alpha 1%; 8 is beyond the 99.9th percentile of Binomial(300, 0.01)


def test_a_quarter_slower_median_in_one_cell_is_a_regression_and_only_that_cell():
    cell = ("interprocess_best_effort", 1024, "Median")
    decision = relative.decide(rounds_table(8, 0.02, seed=1, shift={cell: 1.25}))
    row = verdict_of(decision, *cell)
    assert row["Verdict"] == relative.REGRESSION
    assert row["Low"] <= 1.25 <= row["High"]
    assert row["Ratio"] == pytest.approx(1.25, rel=0.03)
    others = decision[decision["Gated"] & (decision["Verdict"] == relative.REGRESSION)]
    assert len(others) == 1


def test_a_faster_cell_is_reported_as_an_improvement():
    cell = ("intraprocess_best_effort", 16, "99%")
    decision = relative.decide(rounds_table(8, 0.02, seed=2, shift={cell: 0.75}))
    assert verdict_of(decision, *cell)["Verdict"] == relative.IMPROVEMENT


def test_a_significant_change_under_the_minimum_effect_is_not_a_regression():
    cell = ("interprocess_best_effort", 256, "Median")
    decision = relative.decide(rounds_table(10, 0.002, seed=3, shift={cell: 1.03}), GateSettings(min_effect=0.05))
    row = verdict_of(decision, *cell)
    assert row["Verdict"] != relative.REGRESSION
    assert row["p"] <= 0.01
    assert "under the 5% minimum" in row["Reason"]


def test_quiet_cells_are_cleared_and_noisy_ones_stay_inconclusive():
    quiet = relative.decide(rounds_table(6, 0.005, seed=4))
    assert set(quiet.loc[quiet["Gated"], "Verdict"]) == {relative.NO_REGRESSION}
    noisy = relative.decide(rounds_table(6, 0.3, seed=4))
    assert (noisy.loc[noisy["Gated"], "Verdict"] == relative.INCONCLUSIVE).mean() > 0.5


def test_one_disturbed_round_cannot_make_a_regression():
    """Every cell 7x slower in one of 8 rounds: not consistent across rounds, so no regression."""
    decision = relative.decide(rounds_table(8, 0.01, seed=5, disturbed_round=3))
    assert not (decision["Verdict"] == relative.REGRESSION).any()


def test_max_is_advisory_by_default_and_can_be_gated():
    cell = ("intraprocess_best_effort", 64, "Max")
    table = rounds_table(8, 0.02, seed=6, shift={cell: 1.5})
    advisory = relative.decide(table)
    assert not verdict_of(advisory, *cell)["Gated"]
    gated = relative.decide(table, GateSettings(gated=("Median", "99%", "Max")))
    assert verdict_of(gated, *cell)["Gated"] and verdict_of(gated, *cell)["Verdict"] == relative.REGRESSION


def test_holm_adjustment_matches_the_step_down_definition():
    p = np.array([0.01, 0.04, 0.03, 0.005])
    # sorted 0.005, 0.01, 0.03, 0.04 -> 4*0.005, 3*0.01, 2*0.03, 1*0.04, made monotone
    assert relative.holm(p) == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_sign_flips_enumerate_every_pattern_for_few_rounds():
    flips = relative.sign_flips(4, np.random.default_rng(0))
    assert flips.shape == (16, 4)
    assert len({tuple(row) for row in flips}) == 16
    assert (flips[0] == 1).all()


def requirements_for(table, factor):
    base = table[(table[relative.BUILD] == BASE) & table[relative.MAGNITUDE].isin(["Median", "99%", "Max"])]
    level = base.groupby([relative.SUBEXPERIMENT, relative.BYTES, relative.MAGNITUDE])[relative.VALUE].median()
    wide = level.unstack(relative.MAGNITUDE).reset_index() * 1
    wide[["Median", "99%", "Max"]] *= factor
    return wide.rename(columns={relative.SUBEXPERIMENT: "Experiment type"})[["Experiment type", "Bytes", "Median",
                                                                            "99%", "Max"]]


def test_the_requirements_ceiling_blames_the_pull_request_only_when_its_base_is_under():
    cell = ("interprocess_best_effort", 1024, "Median")
    table = rounds_table(8, 0.01, seed=7, shift={cell: 1.3})
    ceiling = relative.ceiling(table, requirements_for(table, 1.15))
    status = ceiling.set_index(relative.CELL)["Ceiling"]
    assert status[cell] == relative.CEILING_OVER
    assert (status.drop(cell) == relative.CEILING_UNDER).all()
    stale = relative.ceiling(table, requirements_for(table, 0.8)).set_index(relative.CELL)["Ceiling"]
    assert (stale == relative.CEILING_STALE).all()


@pytest.mark.parametrize("damage, message", [
    (lambda t: t.drop(columns=[relative.VALUE]), "lacks column"),
    (lambda t: t.assign(**{relative.VALUE: t[relative.VALUE].where(t.index != 5, -1.0)}), "positive"),
    (lambda t: t.assign(**{relative.VALUE: t[relative.VALUE].where(t.index != 5, np.nan)}), "positive"),
    (lambda t: t[t[relative.BUILD] == BASE], "needs builds"),
    (lambda t: t.drop(index=7), "lacks a value"),
])
def test_a_broken_rounds_table_is_refused_with_what_is_wrong(damage, message):
    with pytest.raises(InputError, match=message):
        relative.decide(damage(rounds_table(4, 0.02, seed=8)), source="rounds.csv")


def test_settings_out_of_range_are_refused():
    for settings in ({"alpha": 0}, {"min_effect": -0.1}, {"clear_confidence": 1.0}, {"gated": ("Mean",)}):
        with pytest.raises(InputError):
            GateSettings(**settings)


# --------------------------------------------------------------------------------------
# The detectable effect, and variances moderated across payloads


def test_the_detectable_effect_follows_the_noise_the_rounds_and_the_family():
    """At s.d. s over R rounds, the smallest ratio confirmed in 80% of gates is
    exp((t[1 - alpha / cells] + t[0.8]) * s / sqrt(R)), R - 1 degrees of freedom, at least 1 + min_effect."""
    from scipy import stats

    cell = GateSettings(variance="cell")
    quiet = relative.decide(rounds_table(10, 0.002, seed=7), cell)
    noisy = relative.decide(rounds_table(10, 0.1, seed=7), cell)
    assert quiet.loc[quiet["Gated"], "Detectable"].to_numpy() == pytest.approx(1.05)  # the minimum effect
    row = verdict_of(noisy, "interprocess_best_effort", 1024, "Median")
    table = rounds_table(10, 0.1, seed=7)
    cells, _, _, ratios = relative.paired_log_ratios(table)
    column = ((cells[relative.SUBEXPERIMENT] == "interprocess_best_effort") & (cells[relative.BYTES] == 1024)
              & (cells[relative.MAGNITUDE] == "Median")).to_numpy()
    spread = ratios[:, column].std(ddof=1) / np.sqrt(10)
    family = int(noisy["Gated"].sum())
    expected = np.exp((stats.t.isf(0.01 / family, 9) + stats.t.ppf(0.8, 9)) * spread)
    assert row["Detectable"] == pytest.approx(max(expected, 1.05), rel=1e-9)


def test_a_regression_confirmed_at_holms_first_step_has_its_interval_wholly_above_one():
    """Each side of a cell's interval is at the one-sided test's first Holm step (alpha / cells), so
    the report never shows a confirmed regression whose interval holds no change. The case: 10
    rounds, one cell of 20 slower with t between that step's quantile and the two-sided alpha /
    (2 cells) one's (an interval of -0.5 % .. +17.2 % beside "adjusted p = 0.002" before)."""
    from scipy import stats

    cells, rounds, alpha = 20, 10, 0.01
    unit_noise = np.random.default_rng(11).normal(0, 1, (rounds, cells))
    unit_noise = (unit_noise - unit_noise.mean(axis=0)) / unit_noise.std(axis=0, ddof=1)  # mean 0, s.d. 1 exactly
    spread = 0.05
    t = (stats.t.isf(alpha / cells, rounds - 1) + stats.t.isf(alpha / (2 * cells), rounds - 1)) / 2
    log_ratios = unit_noise * spread
    log_ratios[:, 0] += t * spread / np.sqrt(rounds)

    test, verdict = relative.verdicts(log_ratios, np.ones(cells, bool), GateSettings(variance="cell"))

    assert verdict[0] == relative.REGRESSION
    assert test.low[0] > 0
    assert test.low[0] == pytest.approx((t - stats.t.isf(alpha / cells, rounds - 1)) * spread / np.sqrt(rounds))


def test_with_too_few_rounds_for_the_consistency_guard_nothing_is_detectable():
    decision = relative.decide(rounds_table(4, 0.01, seed=8))  # 2**-4 > the sign-flip guard
    assert np.isinf(decision["Detectable"]).all()


def test_the_prior_fitted_to_variances_drawn_from_it_is_recovered():
    rng = np.random.default_rng(2)
    prior_degrees, prior_variance, degrees = 8.0, 1.0, 9
    variances = prior_degrees * prior_variance / rng.chisquare(prior_degrees, 100_000)
    sample_variances = variances * rng.chisquare(degrees, variances.size) / degrees

    fitted_degrees, fitted_variance = relative.fit_prior(sample_variances, degrees)

    assert fitted_degrees == pytest.approx(prior_degrees, rel=0.05)
    assert fitted_variance == pytest.approx(prior_variance, rel=0.02)


def test_equal_true_variances_are_pooled_within_a_group_and_not_across_groups():
    rng = np.random.default_rng(3)
    degrees = 9
    equal = rng.chisquare(degrees, 12) / degrees * 0.01  # one true variance, sampled
    groups = np.repeat(["a", "b"], 6)
    variances = np.r_[equal[:6], equal[6:] * 100]  # group b is 100x noisier

    posterior, total = relative.moderated_variances(variances, degrees, groups)

    assert np.ptp(posterior[:6]) < np.ptp(variances[:6])  # shrunk together
    assert posterior[:6].max() < 0.1 < posterior[6:].min()  # not towards the other group
    borrowed = posterior > variances  # the quieter ones; the others keep their own
    assert borrowed[:6].any() and borrowed[6:].any()
    assert (total[borrowed] <= degrees * 6).all() and (total[borrowed] > degrees).all()
    assert (total[~borrowed] == degrees).all() and (posterior[~borrowed] == variances[~borrowed]).all()


def test_correlated_cells_count_as_fewer_independent_cells_and_independent_ones_as_all():
    rng = np.random.default_rng(4)
    rounds, cells = 10, 11
    independent = [relative.effective_cells(rng.normal(size=(rounds, cells))) for _ in range(400)]
    shared = rng.normal(size=(rounds, 1))  # one run-level swing for every payload
    correlated = relative.effective_cells(shared + 0.1 * rng.normal(size=(rounds, cells)))

    assert 9 < np.mean(independent) <= cells  # the bias of r^2 with 10 rounds is corrected
    assert 1 <= correlated < 1.5
    assert relative.effective_cells(rng.normal(size=(10, 1))) == 1


def test_correlated_cells_do_not_lend_more_degrees_of_freedom_than_they_hold():
    degrees, groups = 9, np.repeat(["a"], 11)
    variances = np.full(11, 0.01)  # alike: the prior alone would pool all 99 degrees of freedom

    _, alike = relative.moderated_variances(variances, degrees, groups)
    _, correlated = relative.moderated_variances(variances, degrees, groups, {"a": 1.5})

    assert alike == pytest.approx(np.full(11, 18))  # as many as the cell has, borrowed
    assert correlated == pytest.approx(np.full(11, 13.5))  # what 1.5 effective cells hold


def test_a_cell_much_noisier_than_its_group_keeps_its_own_variance():
    rng = np.random.default_rng(5)
    degrees = 9
    variances = rng.chisquare(degrees, 11) / degrees * 0.01
    variances[3] = 0.2  # twenty times its neighbours

    posterior, total = relative.moderated_variances(variances, degrees, np.repeat(["a"], 11))

    assert posterior[3] == variances[3] and total[3] == degrees
    others = np.arange(11) != 3
    assert (total[others & (posterior > variances)] > degrees).all()


def test_moderated_variances_find_a_shift_in_a_cell_the_cell_variance_misses_and_stay_quiet_without_one():
    """Few rounds, many quiet payloads: borrowing their spread finds +10 % in one cell."""
    cell = ("interprocess_best_effort", 1024, "Median")
    found = {"cell": 0, "moderated": 0}
    alarms = 0
    for seed in range(40):
        shifted = rounds_table(6, 0.04, seed=100 + seed, shift={cell: 1.10})
        for variance in found:
            decision = relative.decide(shifted, GateSettings(variance=variance))
            found[variance] += verdict_of(decision, *cell)["Verdict"] == relative.REGRESSION
        unchanged = relative.decide(rounds_table(6, 0.04, seed=200 + seed), GateSettings(variance="moderated"))
        alarms += (unchanged["Gated"] & (unchanged["Verdict"] == relative.REGRESSION)).any()
    assert found["moderated"] > found["cell"] + 2  # measured: 24 and 20 of 40 (26 borrowing the pooled degrees)
    assert alarms <= 2  # expected <= 0.4 at alpha 1%


def test_a_cells_variance_is_never_moderated_below_its_own():
    """A cell a little noisier than its group, not improbably so, keeps its own variance and degrees
    of freedom; a quieter one borrows."""
    degrees = 9
    variances = np.full(11, 0.01)
    variances[3], variances[4] = 0.02, 0.005  # twice and half its neighbours'

    posterior, total = relative.moderated_variances(variances, degrees, np.repeat(["a"], 11))

    assert posterior[3] == variances[3] and total[3] == degrees
    assert posterior[4] > variances[4] and total[4] > degrees


def test_unchanged_pull_requests_with_one_noisier_payload_per_group_rarely_raise_an_alarm():
    """The moderated variance's family-wise guarantee holds when a payload is noisier than its
    neighbours (twice their s.d.; the review's case: A/A gates at alpha 0.01 failed 1.86 % of the
    time when such a cell was shrunk towards its group; 1,500 gates, 44 cells, 10 rounds)."""
    rng = np.random.default_rng(7)
    groups = np.repeat([f"g{index}" for index in range(4)], 11)
    spread = np.full(44, 0.05)
    spread[::11] *= 2
    settings = GateSettings(min_effect=0.0)
    alarms = 0
    for _ in range(1500):
        _, verdict = relative.verdicts(rng.normal(0, 1, (10, 44)) * spread, np.ones(44, bool), settings, rng, groups)
        alarms += (verdict == relative.REGRESSION).any()
    assert alarms <= 21  # alpha 1 %: 15 expected; 21 is its 95th percentile (Binomial(1500, 0.01))


def test_from_five_rounds_a_cell_borrows_at_most_as_many_degrees_of_freedom_as_it_has():
    """Eleven cells of one spread, 5 degrees of freedom each: 10 in all, not the group's pooled 55;
    with 2 (a counted gate's 3-round first look) the group's pooled degrees of freedom."""
    variances = np.random.default_rng(4).chisquare(5, 11) / 5 * 0.01

    for degrees, borrowed in ((5, 10), (2, 22)):
        _, total = relative.moderated_variances(variances, degrees, np.repeat(["a"], 11))
        assert total.max() == borrowed


def test_from_five_rounds_a_group_of_fewer_than_four_cells_keeps_each_cells_own_variance():
    """A prior fitted to three variances is too rough to borrow from (a throughput gate's 3 payloads);
    with 2 degrees of freedom (a counted gate's 3-round first look) the group still lends."""
    variances = np.array([0.010, 0.012, 0.003])

    for degrees in (5, 9):
        posterior, total = relative.moderated_variances(variances, degrees, np.repeat(["a"], 3))
        assert (posterior == variances).all() and (total == degrees).all()
    posterior, total = relative.moderated_variances(variances, 2, np.repeat(["a"], 3))
    assert posterior[2] > variances[2] and total[2] > 2
    posterior, total = relative.moderated_variances(np.r_[variances, 0.01], 5, np.repeat(["a"], 4))
    assert posterior[2] > variances[2] and total[2] > 5  # four cells lend


def test_unchanged_pull_requests_of_small_groups_with_one_noisier_payload_each_rarely_raise_an_alarm():
    """A code-path gate's shape (10 sub-experiments x 4 payloads) at its last look, 6 rounds, one
    payload a group at twice its neighbours' s.d.: 1.5 % of gates raised an alarm at alpha 1 % when
    a cell borrowed its group's pooled degrees of freedom; 0.9 % when it borrows as many as it has."""
    rng = np.random.default_rng(12)
    groups = np.repeat([f"g{index}" for index in range(10)], 4)
    spread = np.full(40, 0.01)
    spread[::4] *= 2
    settings = GateSettings(min_effect=0.0)
    alarms = sum(bool((relative.verdicts(rng.normal(0, 1, (6, 40)) * spread, np.ones(40, bool), settings, rng,
                                         groups)[1] == relative.REGRESSION).any()) for _ in range(3000))
    assert alarms <= 39  # alpha 1 %: 30 expected; 39 is its 95th percentile (Binomial(3000, 0.01))


def test_a_cell_that_did_not_move_in_any_round_has_no_significance_and_is_no_regression():
    """No spread and no change (a counted cell whose runs all counted alike): p = 1/2, not NaN."""
    log_ratios = np.zeros((3, 4))
    log_ratios[:, 3] = 0.01  # one cell 1 % slower in every round: as significant as can be

    tests = relative.cell_tests(log_ratios, np.zeros(4, bool), 0.01, 0.9, np.random.default_rng(0))  # unadjusted

    assert np.isfinite(tests.p_increase).all() and tests.p_increase[0] == 0.5
    assert tests.p_increase[3] == 0.0


def test_the_trigamma_and_tetragamma_the_prior_is_fitted_with_are_scipys_polygamma_to_the_last_bit():
    """The moderated variances' prior (fit_prior, _trigamma_inverse) takes trigamma and tetragamma
    from scipy's zeta, as polygamma does, without its wrapper: the same numbers, bit for bit."""
    values = np.concatenate([np.logspace(-8, 8, 2001), np.random.default_rng(3).uniform(0.5, 60, 2000)])

    assert np.array_equal(relative._trigamma(values), special.polygamma(1, values))
    assert np.array_equal(relative._tetragamma(values), special.polygamma(2, values))
    assert all(relative._trigamma(value) == special.polygamma(1, value) for value in values[::50].tolist())


def test_the_t_distributions_tails_and_quantiles_are_scipys_to_the_last_bit():
    """cell_tests takes Student's t from scipy.special without scipy.stats' wrapper: the same
    p-values and quantiles, bit for bit, at infinite statistics and degrees of freedom too."""
    rng = np.random.default_rng(5)
    t = np.r_[rng.normal(0, 5, 4000), np.inf, -np.inf, 0.0]
    probabilities = np.r_[rng.uniform(1e-6, 1, 4000), 0.5, 0.01, 0.99]
    for degrees in (rng.uniform(0.5, 200, t.size), 5.0, np.inf):
        assert np.array_equal(relative._t_upper_tail(t, degrees), stats.t.sf(t, degrees))
        assert np.array_equal(relative._t_upper_tail(-t, degrees), stats.t.cdf(t, degrees))
        assert np.array_equal(relative._t_quantile(probabilities, degrees), stats.t.ppf(probabilities, degrees))
        assert np.array_equal(-relative._t_quantile(probabilities, degrees), stats.t.isf(probabilities, degrees))


def test_moderated_variances_need_the_cells_groups():
    with pytest.raises(InputError, match="moderated variances need the cells' groups"):
        relative.verdicts(np.zeros((6, 3)), np.ones(3, dtype=bool), GateSettings(variance="moderated"))
    with pytest.raises(InputError, match="unknown variance 'pooled'"):
        GateSettings(variance="pooled")


def counted_rounds(values):
    """A counted gate's rounds: {(payload, build): instructions per round trip, per round}."""
    return pd.DataFrame([
        {relative.ROUND: round_number, relative.BUILD: build, relative.SUBEXPERIMENT: "intraprocess_reliable",
         relative.BYTES: payload, relative.MAGNITUDE: relative.INSTRUCTIONS, relative.VALUE: value}
        for (payload, build), series in values.items() for round_number, value in enumerate(series, 1)])


def test_a_cell_whose_pr_runs_took_base_runs_paths_says_so_and_stays_inconclusive():
    # Two per-run states 1.24 % apart at both payloads; the PR's runs hit the higher more often, which a
    # pull request can cause (how often a state occurs is the program's too): not ruled out.
    rounds = counted_rounds({(1024, BASE): (15_103.0, 15_291.0, 15_103.0), (1024, PR): (15_291.0, 15_291.0, 15_103.0),
                             (8192, BASE): (18_149.0, 18_004.0, 18_149.0), (8192, PR): (18_004.0, 18_004.0, 18_149.0)})
    settings = GateSettings(min_effect=0.002, gated=(relative.INSTRUCTIONS,), guard="rank")
    decision = relative.decide(rounds, settings)
    assert (decision["Verdict"] == relative.INCONCLUSIVE).all()  # the states' spread: 0.2 % not ruled out

    explained = relative.explained_by_identical_paths(decision, {("intraprocess_reliable", 1024)})

    first, other = explained.iloc[0], explained.iloc[1]
    assert first.drop("Reason").equals(decision.iloc[0].drop("Reason"))  # the verdict and its bounds stay
    assert first["Reason"] == f"{decision.iloc[0]['Reason']}; {relative.IDENTICAL_PATHS}"
    assert first["Reason"].endswith("the totals moved with the runs' states (how often each state occurs is not "
                                    "ruled out)")
    assert other.equals(decision.iloc[1])
    assert relative.explained_by_identical_paths(decision, set()) is decision
