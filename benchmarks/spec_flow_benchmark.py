#!/usr/bin/env python3
"""Times the specification's analysis flow on one full experiment: eProsima's scripts vs ours.

The flow is the one eProsima's job (latency_job.bash) runs, each step a separate
`python3 <script>` process (so interpreter and import start-up count):

    latency_process_results.py --plots_directory P/measurements_<sub> \\
        --raw_csv OUT/measurements_<sub>.csv --output_csv OUT/measurements_<sub>_summary.csv
                                                                 (x 10 sub-experiments)
    latency_compare_subexperiments.py --plots_directory P --subexperiment_summaries <10 summaries>
    latency_check_experiment.py --requirements requirements/linux-x86_64-2cpu.csv \\
        --experiment_directory OUT --plots_directory P --print_summaries

It runs twice per repeat, each time in a fresh OUT holding only copies of the measurement
CSVs: (a) with eProsima's reference scripts, vendored unmodified in
benchmarks/reference/eprosima/ (see its README: they need a `DataFrame.append` shim on
pandas >= 2, given to their processes only, through a sitecustomize.py); (b) with our
spec entry scripts in scripts/. Both use .venv's interpreter, so the same numpy, pandas
and matplotlib. It prints one progress line per step, a Markdown table (best, and median
when --repeat > 1, per step group, and the speed-up), and whether our summary CSVs are
byte-identical to the reference's. The check step may exit non-zero when requirements
fail (ours 1, the reference the number of failed sub-experiments); any other exit, or a
traceback, is an error.

    .venv/bin/python benchmarks/spec_flow_benchmark.py [--experiment RUN_DIR] [--repeat N] [--keep DIR]

Without --experiment a full-size synthetic experiment is generated (latency_gate_testing/factories.py:
10 sub-experiments x 11 payloads x 10,000 samples).

Target: the spec flow through our scripts is >= 5x faster than through the reference.
"""

import argparse
import filecmp
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path

from latency_gate.contracts.formats import SUBEXPERIMENTS
from latency_gate_testing import factories

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv" / "bin" / "python"
REQUIREMENTS = ROOT / "requirements" / "linux-x86_64-2cpu.csv"
SCRIPTS = {"reference": ROOT / "benchmarks" / "reference" / "eprosima", "ours": ROOT / "scripts"}
GROUPS = ["process (10 calls)", "compare-subexperiments", "check", "total"]
# pandas 2.0 removed DataFrame.append, which the reference's compare and check scripts call.
COMPAT_SHIM = '''\
"""Restores pandas' removed DataFrame.append for eProsima's reference scripts (benchmark only)."""
import pandas


def _append(self, other, sort=False):
    return pandas.concat([self, other], sort=sort)


pandas.DataFrame.append = _append
'''


def run_step(way, label, script, arguments, env, log, check=False):
    """One `python <script> ...` process; returns its wall time. Exits on an error."""
    command = [str(PYTHON), str(SCRIPTS[way] / script), *map(str, arguments)]
    with open(log, "w") as output:
        started = time.perf_counter()
        code = subprocess.run(command, stdout=output, stderr=subprocess.STDOUT, env=env, cwd=ROOT).returncode
        elapsed = time.perf_counter() - started
    allowed = range(len(SUBEXPERIMENTS) + 1) if check and way == "reference" else (0, 1) if check else (0,)
    text = Path(log).read_text()
    if code not in allowed or "Traceback" in text:
        raise SystemExit(f"{way} {label} failed (exit {code}):\n  {' '.join(command)}\n{text[-3000:]}")
    print(f"  [{way}] {label}: {elapsed:.2f} s (exit {code})", flush=True)
    return elapsed


def run_flow(way, experiment, out, env):
    """The spec flow in a fresh `out`; returns the wall time of each step group."""
    out.mkdir(parents=True)
    for name in SUBEXPERIMENTS:
        shutil.copy(experiment / f"measurements_{name}.csv", out)
    logs = out.parent / f"{out.name}-logs"
    logs.mkdir()
    plots = out / "plots"
    summaries = [out / f"measurements_{name}_summary.csv" for name in SUBEXPERIMENTS]
    process = sum(
        run_step(way, f"process {name}", "latency_process_results.py",
                 ["--plots_directory", plots / f"measurements_{name}",
                  "--raw_csv", out / f"measurements_{name}.csv", "--output_csv", summary],
                 env, logs / f"process_{name}.log")
        for name, summary in zip(SUBEXPERIMENTS, summaries))
    compare = run_step(way, "compare-subexperiments", "latency_compare_subexperiments.py",
                       ["--plots_directory", plots, "--subexperiment_summaries", *summaries],
                       env, logs / "compare_subexperiments.log")
    check = run_step(way, "check", "latency_check_experiment.py",
                     ["--requirements", REQUIREMENTS, "--experiment_directory", out,
                      "--plots_directory", plots, "--print_summaries"],
                     env, logs / "check.log", check=True)
    return [process, compare, check, process + compare + check]


def cell(values):
    best, median = min(values), statistics.median(values)
    return f"{best:.2f}" if len(values) == 1 else f"{best:.2f} (median {median:.2f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--experiment", type=Path, help="run directory with measurements_<sub>.csv "
                        "(default: generate a full-size synthetic one)")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="keep all outputs in this (new) directory")
    args = parser.parse_args()
    if args.keep:
        args.keep.mkdir(parents=True)

    with nullcontext(args.keep) if args.keep else tempfile.TemporaryDirectory(prefix="spec-flow-") as work:
        work = Path(work)
        experiment = args.experiment or factories.write_experiment(work / "synthetic-experiment")
        print(f"Experiment: {experiment}\nWork directory: {work}", flush=True)
        (work / "compat").mkdir()
        (work / "compat" / "sitecustomize.py").write_text(COMPAT_SHIM)
        envs = {"reference": {**os.environ, "PYTHONPATH": str(work / "compat")}, "ours": dict(os.environ)}

        times = {way: [] for way in SCRIPTS}
        for index in range(args.repeat):
            for way in SCRIPTS:
                print(f"Repeat {index + 1}/{args.repeat}, {way}:", flush=True)
                times[way].append(run_flow(way, experiment, work / f"{way}-{index + 1}", envs[way]))

        differing = [name for name in SUBEXPERIMENTS
                     if not filecmp.cmp(work / f"reference-1/measurements_{name}_summary.csv",
                                        work / f"ours-1/measurements_{name}_summary.csv", shallow=False)]

    label = "best s" if args.repeat == 1 else "best (median) s"
    print(f"\n| step | reference {label} | ours {label} | speed-up |\n|---|---:|---:|---:|")
    for group, reference, ours in zip(GROUPS, zip(*times["reference"]), zip(*times["ours"])):
        speedup = f"{min(reference) / min(ours):.1f}x"
        if args.repeat > 1:
            speedup += f" ({statistics.median(reference) / statistics.median(ours):.1f}x)"
        print(f"| {group} | {cell(reference)} | {cell(ours)} | {speedup} |")
    total_speedup = min(t[-1] for t in times["reference"]) / min(t[-1] for t in times["ours"])
    print(f"\nTarget (ours >= 5x faster in total, best of {args.repeat}): "
          f"{'met' if total_speedup >= 5 else 'NOT met'} ({total_speedup:.1f}x)")
    print(f"Summary CSVs byte-identical to the reference's: {len(SUBEXPERIMENTS) - len(differing)} of "
          f"{len(SUBEXPERIMENTS)}")
    for name in differing:
        print(f"  differs: measurements_{name}_summary.csv")


if __name__ == "__main__":
    main()
