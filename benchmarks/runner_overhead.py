"""Does the runner change what LatencyTest measures? And how long does a full default run take?

For each repetition and sub-experiment, the runner runs LatencyTest, then the very same
command lines (taken from the run's metadata.json) run again directly, without the
runner, with only the raw-data file changed. The table compares the median latency per
payload (median over repetitions of each run's median) and the wall time per
sub-experiment. The order alternates between repetitions so that drift of a shared
machine does not favour either side.

    .venv/bin/python benchmarks/runner_overhead.py                 # ~2 minutes
    .venv/bin/python benchmarks/runner_overhead.py --full-run      # + the full default run
"""

import argparse
import io
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate.contracts import run_metadata
from latency_gate.contracts.formats import LATENCY, PAYLOAD, PAYLOADS, SUBEXPERIMENTS, read_measurements
from latency_gate.runner import experiment, run_spec
from latency_gate.runner.run_spec import RunSpec


def run_directly(commands, raw):
    """LatencyTest with the runner's command lines, only the raw-data file replaced."""
    argv = {role: shlex.split(command) for role, command in commands.items()}
    measuring = "publisher" if "publisher" in argv else "both"
    export = argv[measuring].index("--export_raw_data") + 1
    argv[measuring][export] = str(raw)
    started = time.monotonic()
    subscriber = subprocess.Popen(argv["subscriber"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) \
        if "subscriber" in argv else None
    subprocess.run(argv[measuring], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=900)
    if subscriber is not None:
        subscriber.wait(timeout=60)
    return time.monotonic() - started, read_measurements(raw)


def run_through_runner(directory, name, samples, payloads):
    started = time.monotonic()
    code = experiment.run_experiment(directory, RunSpec(subexperiments=[name], samples=samples, payloads=payloads,
                                                        baseline_s=0), out=io.StringIO())
    wall = time.monotonic() - started
    if code != 0:
        sys.exit(f"runner failed for {name}: see {directory}")
    commands = run_metadata.read(directory).subexperiments[name].commands
    return wall, read_measurements(directory / f"measurements_{name}.csv"), commands


def medians(measurements):
    return measurements.groupby(PAYLOAD)[LATENCY].median()


def compare(subexperiments, samples, payloads, repetitions, work):
    rows = []
    for name in subexperiments:
        runner_medians, direct_medians, runner_walls, direct_walls = [], [], [], []

        def through_runner(repetition):
            wall, measurements, commands = run_through_runner(work / f"{name}-{repetition}", name, samples, payloads)
            runner_walls.append(wall)
            runner_medians.append(medians(measurements))
            return commands

        def directly(commands, repetition):
            wall, measurements = run_directly(commands, work / f"{name}-{repetition}-direct.csv")
            direct_walls.append(wall)
            direct_medians.append(medians(measurements))

        commands = None
        for repetition in range(repetitions):
            if repetition % 2 == 0:
                commands = through_runner(repetition)
                directly(commands, repetition)
            else:  # direct first, with the command lines of the previous runner run
                directly(commands, repetition)
                commands = through_runner(repetition)
        runner = pd.concat(runner_medians, axis=1).median(axis=1)
        direct_runs = pd.concat(direct_medians, axis=1)
        direct = direct_runs.median(axis=1)
        for payload in payloads:
            rows.append({
                "sub-experiment": name, "payload": payload,
                "direct median [us]": direct[payload], "runner median [us]": runner[payload],
                "difference [us]": runner[payload] - direct[payload],
                "difference [%]": 100 * (runner[payload] - direct[payload]) / direct[payload],
                "direct run-to-run range [us]": direct_runs.loc[payload].max() - direct_runs.loc[payload].min(),
                "direct wall [s]": np.median(direct_walls), "runner wall [s]": np.median(runner_walls),
            })
    return pd.DataFrame(rows)


def full_run(work):
    """The full default run (all sub-experiments, default payloads and samples), timed."""
    started = time.monotonic()
    code = experiment.run_experiment(work / "full", RunSpec())
    total = time.monotonic() - started
    durations = pd.DataFrame(
        [{"sub-experiment": name, "status": outcome.status, "duration [s]": outcome.duration_s}
         for name, outcome in run_metadata.read(work / "full").subexperiments.items()]
    )
    return code, total, durations


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--subexperiments", nargs="+", default=["intraprocess_best_effort", "interprocess_best_effort"])
    parser.add_argument("--payloads", nargs="+", type=int, default=[16, 1024, 16384])
    parser.add_argument("--samples", type=int, default=run_spec.DEFAULT_SAMPLES)
    parser.add_argument("--repetitions", type=int, default=4)
    parser.add_argument("--full-run", action="store_true", help="also time the full default run (several minutes)")
    arguments = parser.parse_args(argv)
    unknown = set(arguments.subexperiments) - set(SUBEXPERIMENTS)
    if unknown:
        parser.error(f"unknown sub-experiment(s): {', '.join(sorted(unknown))}")
    with tempfile.TemporaryDirectory(prefix="latency-gate-overhead-") as work:
        table = compare(arguments.subexperiments, arguments.samples, tuple(arguments.payloads),
                        arguments.repetitions, Path(work))
        print(f"Runner overhead: {arguments.repetitions} repetitions x {arguments.samples} samples, "
              f"median of per-run medians")
        print(table.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
        if arguments.full_run:
            code, total, durations = full_run(Path(work))
            print(f"\nFull default run ({len(SUBEXPERIMENTS)} sub-experiments x {len(PAYLOADS)} payloads x "
                  f"{run_spec.DEFAULT_SAMPLES} samples, {run_spec.DEFAULT_BASELINE_S} s baseline): "
                  f"{total:.1f} s, exit {code}")
            print(durations.to_string(index=False, float_format=lambda v: f"{v:.1f}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
