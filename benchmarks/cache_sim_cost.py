#!/usr/bin/env python3
"""What callgrind's cache simulation (--cache-sim=yes: the estimated cycles) costs a counted run
in wall time, and that it leaves the instruction counts alone.

    .venv/bin/python benchmarks/cache_sim_cost.py OUT [--middleware fastdds] [--runs 1] [run options ...]

Runs `latency-gate run --signal instructions` (defaults: every sub-experiment, the code-path
gate's payloads and round trips) alternately with the cache simulation (--estimated-cycles) and
without it, --runs times each, into OUT/{with,without}-NN; prints per
sub-experiment the wall seconds of each and the instructions per round trip of both, and writes
OUT/cache_sim_cost.md and .csv. Wall times are clocks: on a shared machine, upper bounds.
"""

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

import pandas as pd

from latency_gate.campaigns.gate import INSTRUCTIONS_PAYLOADS, INSTRUCTIONS_SAMPLES
from latency_gate.contracts import instruction_counts
from latency_gate.runner import experiment
from latency_gate.runner.run_spec import RunSpec


def one_run(directory, spec, simulate):
    started = time.monotonic()
    code = experiment.run_experiment(directory, replace(spec, estimated_cycles=simulate))
    wall = time.monotonic() - started
    if code:
        raise SystemExit(f"cache_sim_cost: the run into {directory} failed (exit {code})")
    metadata = json.loads((directory / "metadata.json").read_text())
    rows = []
    for name, outcome in metadata["subexperiments"].items():
        if outcome["status"] != "passed":
            continue
        per_trip = instruction_counts.per_round_trip(
            instruction_counts.read_counts(instruction_counts.counts_path(directory, name)))
        rows += [{"Sub-experiment": name, "Bytes": int(payload), "cache simulation": simulate,
                  "Wall [s]": outcome["duration_s"], "Instructions per round trip": value}
                 for payload, value in per_trip.items()]
    return rows, wall


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--middleware", default="fastdds")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--subexperiments", nargs="*")
    args = parser.parse_args()
    out = Path(args.out)
    spec = RunSpec(middleware=args.middleware, signal="instructions", payloads=INSTRUCTIONS_PAYLOADS,
                   samples=INSTRUCTIONS_SAMPLES, baseline_s=0,
                   **({"subexperiments": tuple(args.subexperiments)} if args.subexperiments else {}))
    rows, totals = [], []
    for index in range(1, args.runs + 1):
        for simulate in (True, False):
            directory = out / f"{'with' if simulate else 'without'}-{index:02d}"
            found, wall = one_run(directory, spec, simulate)
            rows += found
            totals.append({"cache simulation": simulate, "run": index, "Wall [s]": round(wall, 1)})
            print(f"{directory}: {wall:.1f} s", flush=True)
    cells = pd.DataFrame(rows)
    per_subexperiment = cells.drop_duplicates(["Sub-experiment", "cache simulation", "Wall [s]"]).pivot_table(
        index="Sub-experiment", columns="cache simulation", values="Wall [s]", aggfunc="median")
    per_subexperiment.columns = ["without [s]" if not on else "with [s]" for on in per_subexperiment.columns]
    per_subexperiment["ratio"] = per_subexperiment["with [s]"] / per_subexperiment["without [s]"]
    counts = cells.pivot_table(index=["Sub-experiment", "Bytes"], columns="cache simulation",
                               values="Instructions per round trip", aggfunc="median")
    counts.columns = ["without" if not on else "with" for on in counts.columns]
    counts["difference [%]"] = 100 * (counts["with"] / counts["without"] - 1)
    whole = pd.DataFrame(totals).groupby("cache simulation")["Wall [s]"].median()
    lines = ["# What the cache simulation costs a counted run", "",
             f"`{' '.join(sys.argv)}`; {args.middleware}, payloads {list(INSTRUCTIONS_PAYLOADS)}, "
             f"{INSTRUCTIONS_SAMPLES} round trips; median of {args.runs} run(s) each (wall clock, shared machine)", "",
             f"Whole run: {whole.get(True, float('nan')):.1f} s with, {whole.get(False, float('nan')):.1f} s without "
             f"(x{whole.get(True, float('nan')) / whole.get(False, float('nan')):.2f})", "",
             per_subexperiment.to_markdown(floatfmt=".2f"), "",
             "Instructions per round trip with and without (median over runs):", "",
             counts.to_markdown(floatfmt=".3f"), ""]
    out.mkdir(parents=True, exist_ok=True)
    (out / "cache_sim_cost.md").write_text("\n".join(lines))
    per_subexperiment.to_csv(out / "cache_sim_cost.csv", float_format="%.2f")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
