"""aa: real A/A gates (base and PR the same build; a directory holding gate-* directories
also works), as proof_aa.md, .csv and .json.

Per set of gates measuring the same cells: gates, false alarms (gate failed), the rate
with its exact (Clopper-Pearson, one-sided) 95 % upper bound, rounds used (p50 / max),
inconclusive cells per gate, wall time p50 / p95 / max, cells per gate; in the same table
the spec's method and github-action-benchmark's ratio threshold on the same recorded runs
(see methods.py); and a replay check: each recorded gate's rounds put through the
replayed sequential procedure (replay.py) must give its recorded looks.
Produce the gates with, e.g. (hundreds on a runner fleet, one directory each):
    for i in $(seq -w 1 20); do
        latency-gate gate --base LT --pr LT -r aa/gate-$i --subexperiments A B C
    done
"""

import numpy as np

from latency_gate.analysis import relative
from latency_gate.analysis.relative import GateSettings
from proof.methods import method_name, other_methods
from proof.recorded import gate_noise, group_gates, group_label, load_gates, pool_of
from proof.replay import replay_matches, replayed_regressions
from proof.tables import Report, default_out, percent, upper_bound


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
