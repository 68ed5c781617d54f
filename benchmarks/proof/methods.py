"""Other methods on the same data, one PR run each (a gate is ~20 runs, so per PR):
- the spec's method: a cell's requirement is the 99th (numpy linear) percentile of all
  other recorded runs' values, as requirements.py derives it; the PR run fails when any
  checked cell (Median, 99 %, Max) is above its requirement;
- github-action-benchmark's method: ratio of the PR run's value to the previous result,
  here the base run of the same round, alert when above the threshold (its default
  alert-threshold 200 %; 110 % and 150 % too) in any Median or 99 % cell.
Detection for these: the shifted target cell itself is over (its requirement or the
threshold), over every recorded PR run and every Median cell as target.
"""

import numpy as np

from latency_gate.contracts import formats
from latency_gate.analysis import relative

SHIFTS = (0.05, 0.10, 0.25, 0.50)
RATIO_THRESHOLDS = (1.1, 1.5, 2.0)  # github-action-benchmark: alert-threshold, default 200 %
SPEC_PERCENTILE = 99.0  # requirements.DEFAULT_PERCENTILE


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
