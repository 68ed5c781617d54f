#!/usr/bin/env python3
"""Times the specifications' analysis flows, eProsima's scripts against ours, in one run.

The flows are the ones eProsima's jobs (latency_job.bash, throughput_job.bash) run, each
step a separate `python3 <script>` process (so interpreter and import start-up count).
The latency flow, on one full experiment:

    latency_process_results.py --plots_directory P/measurements_<sub> \\
        --raw_csv OUT/measurements_<sub>.csv --output_csv OUT/measurements_<sub>_summary.csv
                                                                 (x 10 sub-experiments)
    latency_compare_subexperiments.py --plots_directory P --subexperiment_summaries <10 summaries>
    latency_check_experiment.py --requirements requirements/linux-x86_64-2cpu.csv \\
        --experiment_directory OUT --plots_directory P --print_summaries

and throughput processing, on three sub-experiments of the throughput specification's full
grid (11 payloads x 5 demands x 6 recovery times), or of the reduced grid the committed
throughput requirements and the gate use (64, 1024 and 16384 B, bursts of 1000, no rest):

    throughput_process_results.py --plots_directory P/measurements_<sub> \\
        --raw_csv OUT/measurements_<sub>.csv --output_csv OUT/measurements_<sub>_summary.csv
                                                                 (x 3 sub-experiments)

Each flow runs in a fresh OUT holding only copies of the measurement CSVs, per repeat
first with eProsima's reference scripts, then with our spec entry scripts in scripts/.
Both use .venv's interpreter, so the same numpy, pandas and matplotlib. The reference's
latency scripts are vendored unmodified in benchmarks/reference/eprosima/ (see its README:
they need a `DataFrame.append` shim on pandas >= 2, given to their processes only, through
a sitecustomize.py). Its throughput script is not vendored: pass it with
--throughput-reference, from https://github.com/eProsima/benchmarking at 4c7b705,
fastrtps_automated_benchmark/throughput/throughput_process_results.py; it needs seaborn in
.venv (`.venv/bin/pip install seaborn==0.13.2`) and the same shim. Without it, only the
latency flow runs.

It prints one progress line per step, per flow a Markdown table of wall times (best, and
median when --repeat > 1, per step group, and the speed-up) and one of CPU times (user +
system of the step's processes and their children: what a machine shared with other work
cannot inflate by giving the reference's 11 plotting processes a larger share of it than
our 2), and whether our summary CSVs are byte-identical to the reference's. The check step may exit non-zero when requirements
fail (ours 1, the reference the number of failed sub-experiments); any other exit, or a
traceback, is an error.

    .venv/bin/python benchmarks/spec_flow_benchmark.py [--experiment RUN_DIR]
        [--throughput-reference FILE [--throughput-experiment RUN_DIR | --throughput-grid full|reduced]]
        [--repeat N] [--keep DIR]

Without --experiment a full-size synthetic experiment is generated (latency_gate_testing's
factories: 10 sub-experiments x 11 payloads x 10,000 samples); without
--throughput-experiment, three synthetic sub-experiments of --throughput-grid (default full;
factories.throughput_measurements).

Targets (issue 25): ours >= 10x faster than the reference for the latency flow, >= 5x for
throughput processing, in total.
"""

import argparse
import filecmp
import os
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path

import numpy as np

from latency_gate.contracts.formats import SUBEXPERIMENTS, measurements_path, summary_path, write_csv
from latency_gate_testing import factories

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv" / "bin" / "python"
REQUIREMENTS = ROOT / "requirements" / "linux-x86_64-2cpu.csv"
THROUGHPUT_SUBEXPERIMENTS = ("intraprocess_best_effort", "interprocess_best_effort_tcp", "interprocess_reliable")
THROUGHPUT_GRIDS = {"full": {}, "reduced": {"payloads": (64, 1024, 16384), "demands": (1000,), "recovery_times_ms": (0,)}}
TARGETS = {"latency": 10, "throughput": 5}
GROUPS = {"latency": ["process (10 calls)", "compare-subexperiments", "check", "total"],
          "throughput": ["process (3 calls)", "total"]}
# pandas 2.0 removed DataFrame.append, which the reference's compare, check and throughput scripts call.
COMPAT_SHIM = '''\
"""Restores pandas' removed DataFrame.append for eProsima's reference scripts (benchmark only)."""
import pandas


def _append(self, other, sort=False):
    return pandas.concat([self, other], sort=sort)


pandas.DataFrame.append = _append
'''


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_step(command, label, env, log, allowed=(0,)):
    """One `python <script> ...` process; returns its (wall, CPU) times. Exits on an error."""
    command = [str(PYTHON), *map(str, command)]
    with open(log, "w") as output:
        started, cpu = time.perf_counter(), children_cpu()
        code = subprocess.run(command, stdout=output, stderr=subprocess.STDOUT, env=env, cwd=ROOT).returncode
        elapsed, cpu = time.perf_counter() - started, children_cpu() - cpu
    text = Path(log).read_text()
    if code not in allowed or "Traceback" in text:
        raise SystemExit(f"{label} failed (exit {code}):\n  {' '.join(command)}\n{text[-3000:]}")
    print(f"  {label}: {elapsed:.2f} s, {cpu:.2f} s of CPU (exit {code})", flush=True)
    return np.array([elapsed, cpu])


def fresh(experiment, out, subexperiments):
    """`out` with copies of the measurement CSVs only, and a directory for the logs."""
    out.mkdir(parents=True)
    for name in subexperiments:
        shutil.copy(measurements_path(experiment, name), out)
    logs = out.parent / f"{out.name}-logs"
    logs.mkdir()
    return logs


def process_calls(script, out, subexperiments, way, env, logs):
    return sum((
        run_step([script, "--plots_directory", out / "plots" / f"measurements_{name}",
                  "--raw_csv", measurements_path(out, name), "--output_csv", summary_path(out, name)],
                 f"[{way}] process {name}", env, logs / f"process_{name}.log")
        for name in subexperiments), start=np.zeros(2))


def latency_flow(scripts, way, experiment, out, env):
    """The latency flow in a fresh `out`; returns the wall time of each step group."""
    logs = fresh(experiment, out, SUBEXPERIMENTS)
    plots = out / "plots"
    process = process_calls(scripts / "latency_process_results.py", out, SUBEXPERIMENTS, way, env, logs)
    compare = run_step([scripts / "latency_compare_subexperiments.py", "--plots_directory", plots,
                        "--subexperiment_summaries", *(summary_path(out, name) for name in SUBEXPERIMENTS)],
                       f"[{way}] compare-subexperiments", env, logs / "compare_subexperiments.log")
    check = run_step([scripts / "latency_check_experiment.py", "--requirements", REQUIREMENTS,
                      "--experiment_directory", out, "--plots_directory", plots, "--print_summaries"],
                     f"[{way}] check", env, logs / "check.log",
                     allowed=range(len(SUBEXPERIMENTS) + 1) if way == "reference" else (0, 1))
    return [process, compare, check, process + compare + check]


def throughput_flow(script, way, experiment, out, env):
    logs = fresh(experiment, out, THROUGHPUT_SUBEXPERIMENTS)
    process = process_calls(script, out, THROUGHPUT_SUBEXPERIMENTS, way, env, logs)
    return [process, process]


def cell(values):
    best, median = min(values), statistics.median(values)
    return f"{best:.2f}" if len(values) == 1 else f"{best:.2f} (median {median:.2f})"


def table(flow, times, repeat, measure, index):
    """One Markdown table: `index` 0 of each step's times is wall, 1 CPU."""
    label = "best s" if repeat == 1 else "best (median) s"
    print(f"\n{flow}, {measure}:\n\n| step | reference {label} | ours {label} | speed-up |\n|---|---:|---:|---:|")
    for group, reference, ours in zip(GROUPS[flow], zip(*times["reference"]), zip(*times["ours"])):
        reference, ours = [t[index] for t in reference], [t[index] for t in ours]
        speedup = f"{min(reference) / min(ours):.1f}x"
        if repeat > 1:
            speedup += f" ({statistics.median(reference) / statistics.median(ours):.1f}x)"
        print(f"| {group} | {cell(reference)} | {cell(ours)} | {speedup} |")


def report(flow, times, repeat, work, subexperiments):
    table(flow, times, repeat, "wall time", 0)
    table(flow, times, repeat, "CPU time", 1)
    total = min(t[-1][0] for t in times["reference"]) / min(t[-1][0] for t in times["ours"])
    print(f"\nTarget (ours >= {TARGETS[flow]}x faster in total wall time, best of {repeat}): "
          f"{'met' if total >= TARGETS[flow] else 'NOT met'} ({total:.1f}x)")
    differing = [name for name in subexperiments
                 if not filecmp.cmp(summary_path(work / f"{flow}-reference-1", name),
                                    summary_path(work / f"{flow}-ours-1", name), shallow=False)]
    print(f"Summary CSVs byte-identical to the reference's: {len(subexperiments) - len(differing)} of "
          f"{len(subexperiments)}")
    for name in differing:
        print(f"  differs: {summary_path(Path(), name)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--experiment", type=Path, help="run directory with measurements_<sub>.csv "
                        "(default: generate a full-size synthetic one)")
    parser.add_argument("--throughput-reference", type=Path, help="eProsima's throughput_process_results.py")
    parser.add_argument("--throughput-experiment", type=Path, help="throughput run directory holding "
                        f"{', '.join(THROUGHPUT_SUBEXPERIMENTS)} (default: synthetic, of --throughput-grid)")
    parser.add_argument("--throughput-grid", choices=THROUGHPUT_GRIDS, default="full")
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
        flows = {"latency": (latency_flow, {"reference": ROOT / "benchmarks" / "reference" / "eprosima",
                                             "ours": ROOT / "scripts"}, experiment, SUBEXPERIMENTS)}
        if args.throughput_reference:
            throughput = args.throughput_experiment or work / "synthetic-throughput"
            if not args.throughput_experiment:
                for index, name in enumerate(THROUGHPUT_SUBEXPERIMENTS):
                    write_csv(factories.throughput_measurements(index, **THROUGHPUT_GRIDS[args.throughput_grid]),
                              measurements_path(throughput, name))
            print(f"Throughput experiment: {throughput}", flush=True)
            flows["throughput"] = (throughput_flow, {"reference": args.throughput_reference.resolve(),
                                                     "ours": ROOT / "scripts" / "throughput_process_results.py"},
                                   throughput, THROUGHPUT_SUBEXPERIMENTS)

        times = {flow: {way: [] for way in envs} for flow in flows}
        for index in range(args.repeat):
            for flow, (run_flow, scripts, source, _) in flows.items():
                for way in envs:
                    print(f"Repeat {index + 1}/{args.repeat}, {flow}, {way}:", flush=True)
                    times[flow][way].append(run_flow(scripts[way], way, source, work / f"{flow}-{way}-{index + 1}",
                                                     envs[way]))
        for flow, (_, _, _, subexperiments) in flows.items():
            report(flow, times[flow], args.repeat, work, subexperiments)
        if not args.throughput_reference:
            print("\nthroughput: not run (--throughput-reference not given)")


if __name__ == "__main__":
    main()
