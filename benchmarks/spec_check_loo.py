"""How often the spec's check fails an unchanged build: leave-one-out over recorded runs.

For each run directory (processed: measurements_<sub-experiment>_summary.csv), requirements
are derived from all the other runs exactly as `latency-gate requirements` does (the
spec's percentile, default 99), and the run is checked against them as `latency-gate
check` does. Every run is the same build, so every failed run is a false alarm.

    .venv/bin/python benchmarks/spec_check_loo.py RUNS_DIR [--percentile 99]
"""

import argparse

import numpy as np

from latency_gate.analysis import checks, requirements
from latency_gate.contracts.formats import find_summaries, read_summary


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", help="directory of processed run directories")
    parser.add_argument("--percentile", type=float, default=requirements.DEFAULT_PERCENTILE)
    args = parser.parse_args(argv)
    runs = requirements.run_directories(args.runs)
    failed_runs, failed_checks, total_checks = 0, [], 0
    print("| run | failed checks | worst over requirement |\n|---|---:|---:|")
    for run in runs:
        others = [r for r in runs if r != run]
        required = requirements.derive_requirements(others, args.percentile)
        results = [checks.check_subexperiment(name, read_summary(path), required)
                   for name, path in find_summaries(run).items()]
        failed = sum(r.failed for r in results)
        total_checks += sum(len(r.checks) for r in results)
        worst = max(r.checks["Percentage over requirement"].max() for r in results)
        failed_runs += failed > 0
        failed_checks.append(failed)
        print(f"| {run.name} | {failed} | {worst:+.1f}% |")
    print(f"\n{failed_runs} of {len(runs)} unchanged runs fail the spec's check against the other "
          f"{len(runs) - 1} runs' p{args.percentile:g} ({sum(failed_checks)} of {total_checks} checks; median "
          f"{np.median(failed_checks):g} failed checks per run).")


if __name__ == "__main__":
    main()
