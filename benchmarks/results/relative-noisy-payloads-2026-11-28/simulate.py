#!/usr/bin/env python3
"""Simulated A/A gates with one payload per group noisier than its neighbours: the family-wise
false-alarm rate of the relative gate's verdicts (analysis/relative.py) per shape of gate.

Each gate: `groups` groups (sub-experiment x magnitude) of `cells` gated cells (payloads), normal
log ratios of s.d. 1 %, the first cell of each group at twice that; alpha 1 %, minimum effect 0
(a false alarm needs only the test and the guard); a gate raises an alarm when any cell is a
regression. Prints a Markdown table. Usage:
    PYTHONPATH=scripts .venv/bin/python benchmarks/results/relative-noisy-payloads-2026-11-28/simulate.py [GATES]
"""
import sys
import time

import numpy as np
from scipy import stats

from latency_gate.analysis import relative
from latency_gate.analysis.relative import GateSettings

SHAPES = (  # (cells a group, groups, what gate has that shape)
    (11, 4, "4 sub-experiments x 11 payloads, one magnitude"),
    (11, 20, "the full latency matrix: 10 sub-experiments x 11 payloads x Median and 99%"),
    (4, 10, "a code-path gate: 10 sub-experiments x its 4 payloads"),
    (3, 10, "a throughput gate: 10 sub-experiments x its 3 payloads"),
)


def false_alarms(cells, groups, rounds, variance, gates, seed):
    rng = np.random.default_rng(seed)
    count = cells * groups
    labels = np.repeat(np.arange(groups), cells)
    spread = np.full(count, 0.01)
    spread[::cells] *= 2
    settings = GateSettings(min_effect=0.0, variance=variance)
    alarms = 0
    for _ in range(gates):
        _, verdict = relative.verdicts(rng.normal(0, 1, (rounds, count)) * spread, np.ones(count, bool), settings,
                                       rng, labels)
        alarms += bool((verdict == relative.REGRESSION).any())
    return alarms


def main():
    gates = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    print(f"{gates} simulated A/A gates per row, alpha 1 %; false alarms (95 % upper bound)\n")
    print("| shape | rounds | moderated (default) | each cell's own variance | CPU s |")
    print("|---|---:|---:|---:|---:|")
    for seed, (cells, groups, shape) in enumerate(SHAPES):
        for rounds in (5, 6, 10):
            started = time.process_time()
            rates = []
            for variance in ("moderated", "cell"):
                alarms = false_alarms(cells, groups, rounds, variance, gates, seed)
                upper = stats.beta.ppf(0.95, alarms + 1, gates - alarms)  # one-sided Clopper-Pearson
                rates.append(f"{alarms / gates:.2%} ({upper:.2%})")
            print(f"| {shape} | {rounds} | {rates[0]} | {rates[1]} | {time.process_time() - started:.0f} |", flush=True)


if __name__ == "__main__":
    main()
