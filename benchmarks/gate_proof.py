"""Proof of the relative gate (issue 6): false alarms and detection, as tables.

    .venv/bin/python benchmarks/gate_proof.py aa GATE_DIR...
        Real A/A gates (base and PR the same build): false alarms with the exact 95 % upper
        bound, rounds used, inconclusive cells, wall time. Produce them with e.g.
        for i in $(seq 20); do latency-gate gate --base LT --pr LT -r aa/gate-$i; done
    .venv/bin/python benchmarks/gate_proof.py ab --shift 0.25 --gates 5 --out DIR [--payload 1024]
        [--subexperiment interprocess_best_effort] [--median-us 16.0] [gate options after --]
        Builds a regression variant of the project's LatencyTest (a busy-wait in the echo path
        of one payload, calibrated to the shift of that cell's median) and runs N gates of it
        against the unchanged build.
    .venv/bin/python benchmarks/gate_proof.py ab-table DIR...
        Detection per shift of `ab` directories.
    .venv/bin/python benchmarks/gate_proof.py resample GATE_DIR... [--trials 2000]
        Synthetic gates drawn from the rounds of recorded A/A gates (whole rounds, random
        sign, optional shift in one cell, optional noise factor), decided by the gate's own
        procedure (relative.decide at gate.look_rounds, stop rule gate.unsettled_cells), and
        the same data through the spec's method and github-action-benchmark's ratio threshold.

Every subcommand prints markdown tables and writes them to <first input or out>/proof_*.md.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from difflib import unified_diff
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY / "scripts"))

from latency_gate import experiment, gate, relative  # noqa: E402
from latency_gate.relative import GateSettings  # noqa: E402

SHIFTS = (0.05, 0.10, 0.25, 0.50)


def clopper_pearson(events, trials, confidence=0.95):
    """Exact two-sided interval of a binomial rate."""
    low = stats.beta.ppf((1 - confidence) / 2, events, trials - events + 1) if events else 0.0
    high = stats.beta.ppf(1 - (1 - confidence) / 2, events + 1, trials - events) if events < trials else 1.0
    return low, high


def percent(value):
    return f"{value * 100:.1f}%"


def markdown(frame):
    header = "| " + " | ".join(frame.columns) + " |"
    rule = "|" + "|".join("---" if frame[c].dtype == object else "---:" for c in frame.columns) + "|"
    rows = ["| " + " | ".join(str(v) for v in row) + " |" for row in frame.itertuples(index=False)]
    return "\n".join([header, rule, *rows])


def emit(title, frame, destination):
    text = f"### {title}\n\n{markdown(frame)}\n"
    print(text)
    with open(destination, "a", encoding="utf-8") as handle:
        handle.write(text + "\n")


def gate_results(directories):
    results = []
    for directory in map(Path, directories):
        path = directory / "gate_result.json"
        if path.is_file():
            results.append((directory, json.loads(path.read_text())))
    if not results:
        sys.exit("gate_proof: no gate_result.json in the given directories")
    return results


# ---------------------------------------------------------------------------------------
# A/A


def aa_table(directories, destination):
    results = gate_results(directories)
    failed = sum(not r["passed"] for _, r in results)
    low, high = clopper_pearson(failed, len(results))
    durations = np.array([r["duration_s"] for _, r in results])
    rounds = np.array([r["rounds"] for _, r in results])
    frame = pd.DataFrame([{
        "gates": len(results),
        "gated cells per gate": results[0][1]["cells"],
        "false alarms": failed,
        "rate": percent(failed / len(results)),
        "95% interval": f"{percent(low)}..{percent(high)}",
        "rounds used (min/median/max)": f"{rounds.min()}/{np.median(rounds):g}/{rounds.max()}",
        "inconclusive cells per gate (mean)": f"{np.mean([r['counts']['inconclusive'] for _, r in results]):.1f}",
        "wall time p50 / p95 / max [s]": "{:.0f} / {:.0f} / {:.0f}".format(*np.percentile(durations, [50, 95, 100])),
    }])
    emit("A/A: base and PR the same build", frame, destination)


# ---------------------------------------------------------------------------------------
# A/B: regression variants


def delay_patch(source_text, payload, delay_ns):
    """A unified diff of LatencyTestSubscriber.cpp: the echo of `payload` busy-waits delay_ns."""
    injected = (
        '#include "LatencyTestSubscriber.hpp"\n\n#include <atomic>\n#include <chrono>\n\n'
        f"// Regression variant (latency-gate proof harness): the echo of payload {payload} B waits {delay_ns} ns.\n"
        "static std::atomic<uint32_t> latency_gate_payload{0};\n\n"
        "static void latency_gate_injected_delay()\n{\n"
        f"    if (latency_gate_payload.load(std::memory_order_relaxed) != {payload}u)\n    {{\n        return;\n    }}\n"
        f"    const auto until = std::chrono::steady_clock::now() + std::chrono::nanoseconds({delay_ns});\n"
        "    while (std::chrono::steady_clock::now() < until)\n    {\n    }\n}\n"
    )
    replacements = (
        ('#include "LatencyTestSubscriber.hpp"\n', injected),
        ("        uint32_t datasize)\n{\n", "        uint32_t datasize)\n{\n    latency_gate_payload = datasize;\n"),
        ("                reinterpret_cast<LatencyType*>(data)->bounce = 0;\n",
         "                reinterpret_cast<LatencyType*>(data)->bounce = 0;\n                latency_gate_injected_delay();\n"),
    )
    patched = source_text
    for old, new in replacements:
        if patched.count(old) < 1:
            raise SystemExit(f"gate_proof: LatencyTestSubscriber.cpp has no '{old.strip()}' to patch")
        patched = patched.replace(old, new, 1)
    return "".join(unified_diff(source_text.splitlines(True), patched.splitlines(True),
                                "a/LatencyTestSubscriber.cpp", "b/LatencyTestSubscriber.cpp"))


def build_variant(out, shift, payload, median_us):
    """Build LatencyTest with the project's patches plus the delay; returns the binary."""
    binary = experiment.default_latency_test()
    sources = sorted((experiment.build_directory() / "latency-sources").glob("*/LatencyTestSubscriber.cpp"),
                     key=lambda p: p.stat().st_mtime)
    if not binary.is_file() or not sources:
        raise SystemExit("gate_proof: build the project's LatencyTest first (scripts/setup/build_latencytest.sh)")
    # LatencyTest reports half the round trip, and the echo is in the round trip once.
    delay_ns = int(round(2 * shift * median_us * 1000))
    patch = out / f"delay-{payload}-{delay_ns}ns.patch"
    patch.write_text(delay_patch(sources[-1].read_text(), payload, delay_ns))
    environment = os.environ | {
        "LATENCY_GATE_BUILD_DIR": str(out / "build"),
        "LATENCY_GATE_SOURCES_DIR": str(experiment.build_directory() / "sources"),
        "LATENCY_GATE_EXTRA_PATCHES": str(patch),
    }
    with open(out / "build.log", "w") as log:
        done = subprocess.run(["bash", str(REPOSITORY / "scripts/setup/build_latencytest.sh")], env=environment,
                              stdout=subprocess.PIPE, stderr=log, text=True, check=True)
    return Path(done.stdout.strip().splitlines()[-1]), delay_ns


def run_ab(args):
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    variant, delay_ns = build_variant(out, args.shift, args.payload, args.median_us)
    (out / "variant.json").write_text(json.dumps({
        "shift": args.shift, "payload": args.payload, "subexperiment": args.subexperiment,
        "median_us": args.median_us, "delay_ns": delay_ns, "binary": str(variant)}, indent=2))
    print(f"variant +{args.shift:.0%}: {delay_ns} ns in the echo of {args.payload} B -> {variant}", flush=True)
    for index in range(1, args.gates + 1):
        results = out / f"gate-{index:03d}"
        if (results / "gate_result.json").is_file():
            continue
        command = [sys.executable, "-m", "latency_gate", "gate", "--base", str(experiment.default_latency_test()),
                   "--pr", str(variant), "-r", str(results), "--subexperiments", args.subexperiment,
                   *args.gate_options]
        with open(f"{results}.log", "w") as log:
            code = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT).returncode
        print(f"gate {index}: exit {code}: {Path(f'{results}.log').read_text().splitlines()[-1]}", flush=True)


def ab_table(directories, destination):
    rows = []
    for directory in map(Path, directories):
        variant = json.loads((directory / "variant.json").read_text())
        results = gate_results(sorted(directory.glob("gate-*")))
        target = (variant["subexperiment"], variant["payload"], "Median")
        detected, ratios, others, durations = 0, [], 0, []
        for gate_directory, result in results:
            cells = pd.read_csv(gate_directory / "gate_cells.csv").set_index(relative.CELL)
            row = cells.loc[target]
            detected += (not result["passed"]) and row["Verdict"] == relative.REGRESSION
            ratios.append(row["Ratio"])
            flagged = cells[cells["Gated"] & (cells["Verdict"] == relative.REGRESSION)]
            others += int((flagged.index.get_level_values(relative.BYTES) != variant["payload"]).sum())
            durations.append(result["duration_s"])
        low, high = clopper_pearson(detected, len(results))
        rows.append({
            "shift (calibrated)": f"+{variant['shift']:.0%}",
            "delay [ns]": variant["delay_ns"],
            "gates": len(results),
            "detected": detected,
            "detection": percent(detected / len(results)),
            "95% interval": f"{percent(low)}..{percent(high)}",
            "measured ratio (median)": f"{np.median(ratios):.3f}",
            "other payloads flagged": others,
            "wall time median [s]": f"{np.median(durations):.0f}",
        })
    frame = pd.DataFrame(rows).sort_values("delay [ns]")
    emit(f"A/B: regression variants, target cell {target[0]} {target[1]} B Median", frame, destination)


# ---------------------------------------------------------------------------------------
# Resampling


def recorded_rounds(directories):
    """(cells, base R x C, pr R x C) of every recorded round of gates that measured the same cells."""
    pools = {}
    for directory in map(Path, directories):
        path = directory / "rounds.csv"
        if not path.is_file():
            continue
        cells, base, pr, _ = relative.paired_log_ratios(pd.read_csv(path), path)
        key = tuple(map(tuple, cells.to_numpy()))
        pools.setdefault(key, (cells, [], []))
        pools[key][1].append(base)
        pools[key][2].append(pr)
    if not pools:
        sys.exit("gate_proof: no rounds.csv in the given directories")
    key = max(pools, key=lambda k: sum(len(b) for b in pools[k][1]))  # the cell set with most rounds
    cells, bases, prs = pools[key]
    return cells, np.vstack(bases), np.vstack(prs)


def gate_verdict(gated, log_ratios, rounds, max_rounds, look_every, settings, rng):
    """The gate's sequential procedure on synthetic rounds: (regression per cell, rounds used).

    The same functions as `latency-gate gate`: looks at gate.look_rounds, verdicts from
    relative.verdicts, early stop when relative.unsettled is 0 (no ceiling here)."""
    for look in gate.look_rounds(rounds, max_rounds, look_every):
        _, verdict = relative.verdicts(log_ratios[:look], gated, settings, rng)
        if relative.unsettled(verdict, gated) == 0 or look == max_rounds:
            return gated & (verdict == relative.REGRESSION), look


def simulate(cells, pool, scenario, max_rounds, factor, first, trials, rng):
    """Rows of false-alarm and detection rates of synthetic gates drawn from `pool` (R x C log ratios)."""
    gated = cells[relative.MAGNITUDE].isin(relative.GATED_MAGNITUDES).to_numpy()
    medians = np.flatnonzero(cells[relative.MAGNITUDE].to_numpy() == "Median")
    settings = GateSettings()
    rows = []
    for shift in (0.0, *SHIFTS):
        alarms = detections = 0
        used = []
        for _ in range(trials if shift == 0 else trials // 4):
            d = pool[rng.integers(0, len(pool), max_rounds)] * rng.choice((-1.0, 1.0), size=(max_rounds, 1)) * factor
            target = rng.choice(medians)
            if shift:
                d[:, target] += np.log1p(shift)
            regression, rounds_used = gate_verdict(gated, d, min(first, max_rounds), max_rounds, 2, settings, rng)
            used.append(rounds_used)
            if shift:
                detections += bool(regression[target])
                alarms += bool(np.delete(regression, target).any())
            else:
                alarms += bool(regression.any())
        count = len(used)
        rows.append({"scenario": scenario, "shift": f"+{shift:.0%}" if shift else "none", "trials": count,
                     "false alarm": percent(alarms / count) if not shift else "",
                     "FA 95% upper": percent(clopper_pearson(alarms, count)[1]) if not shift else "",
                     "detection": percent(detections / count) if shift else "",
                     "mean rounds": f"{np.mean(used):.1f}"})
    return rows


def noise_text(cells, pool):
    noise = pd.Series(pool.std(axis=0, ddof=1)).groupby(cells[relative.MAGNITUDE].to_numpy()).median()
    return ", ".join(f"{magnitude} {value:.3f}" for magnitude, value in noise.items())


def resample(args):
    destination = Path(args.inputs[0]).parent / "proof_resample.md"
    destination.write_text("")
    cells, base, pr = recorded_rounds(args.inputs)
    pool = np.log(pr) - np.log(base)
    rng = np.random.default_rng(args.seed)
    gated = cells[relative.MAGNITUDE].isin(relative.GATED_MAGNITUDES).to_numpy()
    print(f"pool: {pool.shape[0]} recorded rounds x {pool.shape[1]} cells ({int(gated.sum())} gated); "
          f"noise (median s.d. of the round log ratio): {noise_text(cells, pool)}")
    started = time.monotonic()
    rows = []
    for max_rounds in args.max_rounds:
        rows += simulate(cells, pool, f"max rounds {max_rounds}", max_rounds, 1.0, args.rounds, args.trials, rng)
    for factor in (f for f in args.noise if f != 1.0):
        rows += simulate(cells, pool, f"noise x{factor:g}", args.max_rounds[-1], factor, args.rounds, args.trials,
                         rng)
    print(f"  rounds and noise: {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    emit(f"Resampling: the relative gate on {pool.shape[0]} recorded A/A rounds ({int(gated.sum())} gated cells; "
         f"noise, median s.d. of a round's log ratio: {noise_text(cells, pool)})", pd.DataFrame(rows), destination)
    if args.samples:
        rows = []
        for samples in args.samples:
            sample_cells, sample_pool = raw_pool(args.inputs, samples)
            rows += simulate(sample_cells, sample_pool, f"{samples} samples (noise {noise_text(sample_cells, sample_pool)})",
                             args.max_rounds[-1], 1.0, args.rounds, args.trials // 2, rng)
        emit(f"Resampling: samples per payload and run (recomputed from the first N raw samples; "
             f"{args.max_rounds[-1]} rounds at most)", pd.DataFrame(rows), destination)
    compare_methods(cells, base, pr, rng, args.trials, destination)
    quiet_cells(cells, pool, rng, args, destination)
    print(f"resampling wall time: {time.monotonic() - started:.0f} s")


def raw_pool(directories, samples):
    """(cells, R x C log ratios) with each run's Median and 99% from its first `samples` samples per payload."""
    rows = []
    for number, directory in enumerate(map(Path, directories)):
        if not (directory / "rounds.csv").is_file():
            continue
        wanted = 2 * pd.read_csv(directory / "rounds.csv")[relative.SUBEXPERIMENT].nunique()  # both builds
        for round_directory in sorted(directory.glob("runs/round-*")):
            paths = [p for p in round_directory.glob("*/measurements_*.csv")
                     if p.parent.name in (relative.BASE, relative.PR)]  # not a failed attempt kept beside
            if len(paths) == wanted:  # else a round the gate did not finish, or whose files are gone
                rows += [run_quantiles(path, samples, number * 1000 + int(round_directory.name.split("-")[1]))
                         for path in paths]
    cells, _, _, ratios = relative.paired_log_ratios(pd.concat(rows, ignore_index=True))
    return cells, ratios


def run_quantiles(path, samples, round_id):
    """One run's Median and 99% per payload from its first `samples` samples, as rounds-table rows."""
    frame = pd.read_csv(path)
    frame = frame[frame.groupby("Payload [Bytes]").cumcount() < samples]
    quantiles = frame.groupby("Payload [Bytes]")["Latency [us]"].quantile([0.5, 0.99]).unstack()
    quantiles.columns = ["Median", "99%"]
    long = quantiles.reset_index().melt(id_vars="Payload [Bytes]", var_name=relative.MAGNITUDE,
                                        value_name=relative.VALUE)
    return long.rename(columns={"Payload [Bytes]": relative.BYTES}).assign(**{
        relative.ROUND: round_id, relative.BUILD: path.parent.name,
        relative.SUBEXPERIMENT: path.stem[len("measurements_"):]})


def compare_methods(cells, base, pr, rng, trials, destination):
    """One PR run against the spec's requirements (p99 of the other runs) and against the
    previous result with github-action-benchmark's ratio threshold, on the same rounds."""
    rows = []
    medians = np.flatnonzero(cells[relative.MAGNITUDE].to_numpy() == "Median")
    gated = cells[relative.MAGNITUDE].isin(relative.GATED_MAGNITUDES).to_numpy()
    runs = np.vstack([base, pr])  # every recorded run, either build: all the same code
    for shift in (0.0, *SHIFTS):
        spec_alarms, ratio_alarms = 0, {1.1: 0, 1.5: 0, 2.0: 0}
        for _ in range(trials):
            index = rng.integers(0, len(base))
            others = np.delete(np.arange(len(runs)), [index, len(base) + index])
            requirement = np.percentile(runs[others], 99, axis=0)
            candidate = pr[index].copy()
            if shift:
                candidate[rng.choice(medians)] *= 1 + shift
            spec_alarms += bool((candidate > requirement).any())
            for threshold in ratio_alarms:
                ratio_alarms[threshold] += bool((candidate / base[index] > threshold)[gated].any())
        rows.append({"shift": f"+{shift:.0%}" if shift else "none (false alarm)", "trials": trials,
                     "spec: p99 of other runs": percent(spec_alarms / trials),
                     **{f"ratio > {t:.0%} of previous": percent(n / trials) for t, n in ratio_alarms.items()}})
    emit("The same rounds, one PR run each, through the spec's method (Median, 99%, Max against the 99th "
         "percentile of the other recorded runs) and github-action-benchmark's ratio threshold (Median and 99% "
         "against the previous result); share of PR runs failing", pd.DataFrame(rows), destination)


def quiet_cells(cells, pool, rng, args, destination):
    """+10 % in cells whose run-to-run noise is at most 3 %, and +25 % anywhere."""
    noise = pool.std(axis=0, ddof=1)
    gated = cells[relative.MAGNITUDE].isin(relative.GATED_MAGNITUDES).to_numpy()
    medians = cells[relative.MAGNITUDE].to_numpy() == "Median"
    rows = []
    for label, candidates, shift in (("noise <= 3%", np.flatnonzero(medians & (noise <= 0.03)), 0.10),
                                     ("any Median cell", np.flatnonzero(medians), 0.25)):
        if not len(candidates):
            continue
        detections, trials = 0, args.trials // 4
        max_rounds = args.max_rounds[-1]
        for _ in range(trials):
            d = pool[rng.integers(0, len(pool), max_rounds)] * rng.choice((-1.0, 1.0), size=(max_rounds, 1))
            target = rng.choice(candidates)
            d[:, target] += np.log1p(shift)
            regression, _ = gate_verdict(gated, d, min(args.rounds, max_rounds), max_rounds, 2, GateSettings(), rng)
            detections += bool(regression[target])
        rows.append({"cells": label, "count": len(candidates), "shift": f"+{shift:.0%}", "trials": trials,
                     "detection": percent(detections / trials),
                     "95% interval": "{}..{}".format(*map(percent, clopper_pearson(detections, trials)))})
    emit(f"Detection targets ({args.max_rounds[-1]} rounds at most)", pd.DataFrame(rows), destination)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    aa = commands.add_parser("aa")
    aa.add_argument("inputs", nargs="+")
    ab = commands.add_parser("ab")
    ab.add_argument("--shift", type=float, required=True)
    ab.add_argument("--gates", type=int, default=5)
    ab.add_argument("--out", required=True)
    ab.add_argument("--payload", type=int, default=1024)
    ab.add_argument("--subexperiment", default="interprocess_best_effort")
    ab.add_argument("--median-us", type=float, default=16.0,
                    help="the base median of the target cell, for calibration (default: %(default)s)")
    ab.add_argument("gate_options", nargs="*", help="more latency-gate gate options, after --")
    ab_summary = commands.add_parser("ab-table")
    ab_summary.add_argument("inputs", nargs="+")
    sampling = commands.add_parser("resample")
    sampling.add_argument("inputs", nargs="+")
    sampling.add_argument("--trials", type=int, default=2000)
    sampling.add_argument("--rounds", type=int, default=gate.DEFAULT_ROUNDS)
    sampling.add_argument("--max-rounds", type=int, nargs="+", default=[6, 8, 10, 12])
    sampling.add_argument("--noise", type=float, nargs="+", default=[0.5, 1.0, 2.0])
    sampling.add_argument("--samples", type=int, nargs="*", default=[250, 500, 1000],
                          help="also recompute each run from its first N raw samples (empty: skip)")
    sampling.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.command == "aa":
        destination = Path(args.inputs[0]).parent / "proof_aa.md"
        destination.write_text("")
        aa_table(args.inputs, destination)
    elif args.command == "ab":
        run_ab(args)
    elif args.command == "ab-table":
        destination = Path(args.inputs[0]).parent / "proof_ab.md"
        destination.write_text("")
        ab_table(args.inputs, destination)
    else:
        resample(args)


if __name__ == "__main__":
    main()
