"""resample: synthetic gates from recorded A/A gates (gates measuring the same cells form a
pool), as proof_resample.md, .csv and .json.

Each recorded round contributes its vector of log ratios d = log(PR / base) over all
gated cells (one round's cells together, so their correlation stays); a synthetic gate
draws max-rounds distinct rounds (with replacement only from a smaller pool), flips each
drawn round's sign at random (valid under no change: the order inside each pair was
random), optionally multiplies d by a noise factor, optionally adds log(1 + shift) to one
random gated Median cell, and is decided by the gate's own procedure (see replay.py).
Tables: the cells' noise; the relative gate against the spec's method and the ratio
threshold on the same data (methods.py); false alarms and detection (+5/+10/+25/+50 %) by
max rounds, by noise factor (plus a row drawing each synthetic gate's rounds from one
recorded gate only, keeping its machine state) and by samples per run (each run's Median,
99 % and Max recomputed from its first N raw samples); the issue's detection targets
(+25 % in any Median cell, +10 % in cells whose round log ratio has s.d. <= 3 %). --trials
gates per false-alarm row, --trials / 4 per detection row (--detection-trials); --jobs N
processes (the tables do not depend on it: every batch has its own seed);
--max-gate-noise S pools only gates whose Median cells' median s.d. is at most S;
--variance: the gate's variance estimate(s) (relative.py: each cell's own rounds, or
moderated across the payloads of a sub-experiment and magnitude), all tables for each.
"""

import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pandas as pd

from latency_gate.contracts import formats
from latency_gate.analysis import relative
from latency_gate.campaigns import gate
from latency_gate.analysis.relative import GateSettings
from proof.methods import RATIO_THRESHOLDS, SHIFTS, method_name, other_methods
from proof.recorded import Pool, gate_noise, group_gates, group_label, load_gates, pool_of
from proof.replay import memoised_sign_flips, synthetic_gates
from proof.tables import Report, clopper_pearson, default_out, percent, rate_text, upper_bound

QUIET_NOISE = 0.03  # the "run-to-run noise <= 3 %": s.d. of a cell's round log ratio


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
