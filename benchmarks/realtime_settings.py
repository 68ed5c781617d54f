"""What each real-time setting does to the numbers: latency and run-to-run noise per regime.

Runs the chosen sub-experiments under each regime, the regimes interleaved in a random
order per repetition so that drift of a shared machine hits all alike, and prints per
regime and sub-experiment: the median over payloads of the runs' medians (and 99 %), the
run-to-run noise (s.d. over repetitions of a payload's log median, median over payloads:
what the relative gate's rounds see), and the wall time per run. The regimes are the
real-time preset (`latency-gate run`'s default), its parts switched off one at a time, and
the OS's defaults (--no-realtime).

    .venv/bin/python benchmarks/realtime_settings.py [--repetitions 5] [--samples 2000]
        [--subexperiments intraprocess_best_effort interprocess_best_effort] [--out DIR]

Writes realtime_settings.md / .csv into --out (default: a temporary directory).
"""

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate.contracts import run_metadata
from latency_gate.contracts.formats import LATENCY, PAYLOAD, measurements_path, read_measurements
from latency_gate.runner import experiment, realtime
from latency_gate.runner.run_spec import RunSpec

# name: (runner options, what it is)
REGIMES = {
    "preset": ({}, "real-time preset: CPU idle held, pub CPU 0 / sub CPU 1, SCHED_FIFO 50, memory locked"),
    "preset-same-cpu": ({"sub_cpus": "0"}, "the preset with publisher and subscriber both on CPU 0"),
    "preset-idle-os": ({"cpu_idle": realtime.CPU_IDLE_OS}, "the preset without the CPU-idle hold"),
    "os-idle-held": ({"realtime_preset": False, "cpu_idle": realtime.CPU_IDLE_HOLD},
                     "OS scheduling, unpinned, CPU idle held"),
    "os": ({"realtime_preset": False}, "OS defaults (--no-realtime): unpinned, idle states allowed"),
}


def run_once(directory, name, samples, options):
    began = time.monotonic()
    code = experiment.run_experiment(directory, RunSpec(subexperiments=[name], samples=samples, baseline_s=0,
                                                        timeout_s=120, **options), out=io.StringIO(), err=io.StringIO())
    if code:
        raise SystemExit(f"realtime_settings: run failed (exit {code}): {directory}")
    measured = read_measurements(measurements_path(directory, name))
    per_payload = measured.groupby(PAYLOAD)[LATENCY]
    return {"median": per_payload.median(), "p99": per_payload.quantile(0.99), "wall_s": time.monotonic() - began,
            "cpu_idle": run_metadata.read(directory).settings.cpu_idle}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--subexperiments", nargs="+",
                        default=["intraprocess_best_effort", "interprocess_best_effort", "interprocess_reliable"])
    parser.add_argument("--regimes", nargs="+", choices=list(REGIMES), default=list(REGIMES))
    parser.add_argument("--out", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    out = args.out or Path(tempfile.mkdtemp(prefix="realtime-settings-"))
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    results = []
    with tempfile.TemporaryDirectory(prefix="realtime-settings-runs-") as scratch:
        for repetition in range(1, args.repetitions + 1):
            for regime in rng.permutation(args.regimes):
                for name in args.subexperiments:
                    directory = Path(scratch) / f"{regime}-{repetition}"
                    run = run_once(directory, name, args.samples, REGIMES[regime][0])
                    results.append({"regime": regime, "subexperiment": name, "repetition": repetition, **run})
                    print(f"[{repetition}/{args.repetitions}] {regime:<16} {name:<28} median "
                          f"{run['median'].median():6.2f} us  {run['wall_s']:5.1f} s", flush=True)
    rows = []
    for (regime, name), runs in pd.DataFrame(results).groupby(["regime", "subexperiment"], sort=False):
        medians = pd.concat(list(runs["median"]), axis=1)  # payload x repetition
        p99 = pd.concat(list(runs["p99"]), axis=1)
        rows.append({
            "regime": regime, "sub-experiment": name, "runs": len(runs),
            "median [us]": round(float(medians.median(axis=1).median()), 2),
            "median range over payloads [us]": f"{medians.median(axis=1).min():.1f}-{medians.median(axis=1).max():.1f}",
            "99% [us]": round(float(p99.median(axis=1).median()), 2),
            "noise: s.d. of log median": round(float(np.log(medians).std(axis=1, ddof=1).median()), 4),
            "noise: s.d. of log 99%": round(float(np.log(p99).std(axis=1, ddof=1).median()), 4),
            "wall per run [s]": round(float(runs["wall_s"].median()), 1),
            "CPU idle in force": ",".join(sorted(set(runs["cpu_idle"]))),
        })
    table = pd.DataFrame(rows)
    legend = "\n".join(f"- `{name}`: {REGIMES[name][1]}" for name in args.regimes)
    text = (f"# Real-time settings ({args.repetitions} repetitions x {args.samples} samples, all 11 payloads)\n\n"
            f"{legend}\n\n{table.to_markdown(index=False)}\n")
    (out / "realtime_settings.md").write_text(text)
    table.to_csv(out / "realtime_settings.csv", index=False)
    print(text)
    print(f"written: {out}/realtime_settings.md, .csv", file=sys.stderr)


if __name__ == "__main__":
    main()
