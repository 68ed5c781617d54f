#!/usr/bin/env python3
"""The relative throughput gate, run for real: A/A false alarms and an A/B with a calibrated slowdown.

    .venv/bin/python benchmarks/throughput_gate.py aa OUT [--gates 3]
    .venv/bin/python benchmarks/throughput_gate.py ab OUT [--shift 0.10]
    .venv/bin/python benchmarks/throughput_gate.py table OUT

aa: --gates gates of the project-built ThroughputTest against itself (OUT/aa/gate-NN), the
gate's defaults (--kind throughput: its grid, 1000-sample bursts without rest, 64, 1024
and 16384 B) on SUBEXPERIMENTS. Existing complete gates are kept.
ab: a variant whose publisher busy-waits DELAY_NS before every write (a generated patch,
OUT/ab/delay.patch, built with scripts/setup/build_latencytest.sh into OUT/ab/build),
gated against the project-built ThroughputTest (OUT/ab/gate). DELAY_NS = shift x the
time per sample of the target cell (intraprocess_best_effort, 1024 B) measured in 3 runs
of the base first, so the target's 1/throughput grows by about `shift`; cells whose time
per sample is larger grow less (e.g. TCP's).
table: the gates' verdicts as a markdown table (OUT/throughput_gate.md).
Only gate_result.json and rounds.csv of each gate are meant to be kept (the runs are large).
"""

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd

from latency_gate.contracts import formats, throughput_formats as tf
from latency_gate.runner.middleware.fastdds import THROUGHPUT_TEST

REPOSITORY = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "latency_gate"]
SUBEXPERIMENTS = ("intraprocess_best_effort", "interprocess_best_effort_tcp", "interprocess_reliable")
TARGET, TARGET_PAYLOAD = "intraprocess_best_effort", 1024
WRITE = "                throughput_data_->seqnum = ++seqnum;\n                data_writer_->write(throughput_data_);\n"


def gate(base, pr, results):
    command = [*CLI, "gate", "--kind", "throughput", "--base", str(base), "--pr", str(pr), "-r", str(results),
               "--subexperiments", *SUBEXPERIMENTS]
    print(" ".join(command), flush=True)
    done = subprocess.run(command, text=True)
    if done.returncode not in (0, 1):
        raise SystemExit(f"gate exit {done.returncode}: see {results}")
    shutil.rmtree(results / "runs", ignore_errors=True)  # large; the verdict and rounds stay


def run_aa(out, gates):
    program = THROUGHPUT_TEST.default()
    for index in range(1, gates + 1):
        results = out / "aa" / f"gate-{index:02d}"
        if (results / "gate_result.json").exists():
            continue
        shutil.rmtree(results, ignore_errors=True)
        gate(program, program, results)


def time_per_sample_ns(program, work):
    """Median over 3 runs of the target case's publisher time per sample, in ns."""
    values = []
    for attempt in range(3):
        results = work / f"calibration-{attempt}"
        shutil.rmtree(results, ignore_errors=True)
        subprocess.run([*CLI, "run", "--kind", "throughput", "--program", str(program), "--subexperiments", TARGET,
                        "--payloads", str(TARGET_PAYLOAD), "--demands", "1000", "--recovery-times", "0",
                        "--baseline-seconds", "0", "-r", str(results)], check=True, capture_output=True)
        measured = tf.read_measurements(formats.measurements_path(results, TARGET))
        values.append(1e9 / measured[tf.PUBLICATION_RATE].iat[0])
    return sorted(values)[1]


def delay_patch(delay_ns):
    """A unified diff of ThroughputPublisher.cpp (after throughputtest/patches): busy-wait before every write."""
    busy_wait = ("                // latency-gate A/B benchmark: a calibrated cost per sample\n"
                 "                for (auto until = std::chrono::steady_clock::now() + std::chrono::nanoseconds("
                 f"{delay_ns}); std::chrono::steady_clock::now() < until;)\n"
                 "                {\n                }\n")
    old = WRITE.splitlines(keepends=True)
    return ("--- a/ThroughputPublisher.cpp\n+++ b/ThroughputPublisher.cpp\n"
            "@@ -@LINE@,2 +@LINE@,6 @@\n" + " " + old[0] + "".join("+" + line for line in busy_wait.splitlines(True))
            + " " + old[1])


def run_ab(out, shift):
    base = THROUGHPUT_TEST.default()
    work = out / "ab"
    work.mkdir(parents=True, exist_ok=True)
    per_sample = time_per_sample_ns(base, work)
    delay_ns = round(shift * per_sample)
    # The copy build_latencytest.sh made with throughputtest/patches, named by their hash.
    patch_files = sorted((REPOSITORY / "throughputtest" / "patches").glob("*.patch"))
    patches = b"".join(path.read_bytes() for path in patch_files)
    source = REPOSITORY / "build" / "throughput-sources" / hashlib.sha256(patches).hexdigest()[:16]
    line = (source / "ThroughputPublisher.cpp").read_text().split(WRITE)[0].count("\n") + 1
    patch = work / "delay.patch"
    patch.write_text(delay_patch(delay_ns).replace("@LINE@", str(line)))
    environment = {**os.environ, "LATENCY_GATE_EXTRA_PATCHES": str(patch),
                   "LATENCY_GATE_BUILD_DIR": str(work / "build"),
                   "LATENCY_GATE_SOURCES_DIR": str(REPOSITORY / "build" / "sources")}
    subprocess.run(["bash", str(REPOSITORY / "scripts" / "setup" / "build_latencytest.sh")], check=True,
                   env=environment, stdout=subprocess.DEVNULL)
    variant = work / "build" / "colcon" / "install" / "throughputtest" / "bin" / "ThroughputTest"
    (work / "calibration.json").write_text(json.dumps(
        {"shift": shift, "time_per_sample_ns": per_sample, "delay_ns": delay_ns, "target": TARGET,
         "payload": TARGET_PAYLOAD}, indent=2) + "\n")
    if not (work / "gate" / "gate_result.json").exists():
        shutil.rmtree(work / "gate", ignore_errors=True)
        gate(base, variant, work / "gate")


def table(out):
    rows = []
    for result in sorted(out.glob("*/gate*/gate_result.json")):
        verdict = json.loads(result.read_text())
        cells = pd.read_csv(result.parent / "gate_cells.csv")
        gated = cells[cells["Gated"]]
        shown = [f"{r['Sub-experiment']} {r['Bytes']} B {(r['Ratio'] - 1) * 100:+.1f}% ({r['Verdict']})"
                 for _, r in gated.iterrows()]
        rows.append(f"| {result.parent.relative_to(out)} | {'passed' if verdict['passed'] else 'failed'} | "
                    f"{verdict['rounds']} | {verdict['duration_s']} | {verdict['counts']['regression']} | "
                    f"{'; '.join(shown)} |")
    text = ("| gate | verdict | rounds | wall [s] | confirmed regressions | 1/throughput PR vs base per cell |\n"
            "|---|---|---:|---:|---:|---|\n" + "\n".join(rows))
    (out / "throughput_gate.md").write_text(text + "\n")
    print(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("aa", "ab", "table"))
    parser.add_argument("out", type=Path)
    parser.add_argument("--gates", type=int, default=3)
    parser.add_argument("--shift", type=float, default=0.10)
    args = parser.parse_args()
    {"aa": lambda: run_aa(args.out, args.gates), "ab": lambda: run_ab(args.out, args.shift),
     "table": lambda: table(args.out)}[args.command]()


if __name__ == "__main__":
    main()
