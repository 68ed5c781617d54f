#!/usr/bin/env python3
"""The relative gate on the shared-memory family against a calibrated slowdown of the shared-memory
path, and what the family costs: run for real.

    .venv/bin/python benchmarks/shared_memory_gate.py build
    .venv/bin/python benchmarks/shared_memory_gate.py gates OUT [--middleware cyclonedds] [gate options ...]
    .venv/bin/python benchmarks/shared_memory_gate.py table OUT

build: the echo-copy variant of the project's programs (pingpong/ with LATENCY_GATE_ECHO_COPY=ON: every
echo side copies each sample it received once more, as a change that breaks a zero-copy path would),
into build/echo-copy-variant.
gates: relative gates (latency signal) of the project-built program (base) against the variant (PR):
  family-ab   the shared-memory family at its payloads up to 4 MiB
  udp-ab      the spec's UDP sub-experiments (interprocess_best_effort, interprocess_reliable) at its payloads
  family-aa   the shared-memory family, the project-built program against itself (false alarms, wall time)
table: per gate its verdict, rounds, wall time and the cells it flagged (OUT/shared_memory_gate.md).
Extra arguments go to every `latency-gate gate` (e.g. --samples, --max-rounds).
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pandas as pd

from latency_gate.contracts.formats import SHARED_MEMORY_SUBEXPERIMENTS
from latency_gate.runner.middleware import BACKENDS
from latency_gate.runner.middleware.common import build_directory

REPOSITORY = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "latency_gate"]
FAMILY_PAYLOADS = ("16", "16384", "1048576", "4194304")
GATES = {
    "family-ab": ["--family", "shm", "--subexperiments", *SHARED_MEMORY_SUBEXPERIMENTS, "--payloads", *FAMILY_PAYLOADS],
    "udp-ab": ["--subexperiments", "interprocess_best_effort", "interprocess_reliable"],
    "family-aa": ["--family", "shm", "--subexperiments", *SHARED_MEMORY_SUBEXPERIMENTS, "--payloads", *FAMILY_PAYLOADS],
}


def variant_directory():
    return build_directory() / "echo-copy-variant"


def build():
    """colcon-build pingpong/ with the echo copy; the directory of its CycloneLatency and SocketLatency."""
    variant = variant_directory()
    command = ["colcon", "--log-base", str(variant / "log"), "build", "--paths", str(REPOSITORY / "pingpong"),
               "--build-base", str(variant / "build"), "--install-base", str(variant / "install"),
               "--cmake-args", "-DCMAKE_BUILD_TYPE=Release", "-DLATENCY_GATE_ECHO_COPY=ON"]
    print("$", " ".join(command), flush=True)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return variant / "install" / "pingpong" / "bin"


def gates(out, middleware, extra):
    out = Path(out)
    program = BACKENDS[middleware].PROGRAMS["latency"]
    base, variant = program.default(), variant_directory() / "install" / "pingpong" / "bin" / program.name
    if not variant.is_file():
        raise SystemExit(f"shared_memory_gate: no {variant}: run `build` first")
    for name, options in GATES.items():
        directory = out / middleware / name
        if (directory / "gate_result.json").is_file():
            continue  # a complete earlier gate is kept
        pr = base if name.endswith("-aa") else variant
        command = [*CLI, "gate", "--middleware", middleware, "--base", str(base), "--pr", str(pr), "-r",
                   str(directory), *options, *extra]
        print("$", " ".join(command), flush=True)
        subprocess.run(command)


def table(out):
    rows = []
    for result_file in sorted(Path(out).glob("*/*/gate_result.json")):
        result = json.loads(result_file.read_text())
        found = [f"{r['subexperiment']} {r['bytes']} B {r['magnitude']} {(r['ratio'] - 1) * 100:+.1f}%"
                 for r in result["regressions"]]
        rows.append({"middleware": result_file.parent.parent.name, "gate": result_file.parent.name,
                     "verdict": "passed" if result["passed"] else "failed", "rounds": result["rounds"],
                     "cells": result["cells"], "wall time (s)": round(result["duration_s"]),
                     "regressions": len(result["regressions"]), "found": "; ".join(found)})
    frame = pd.DataFrame(rows)
    text = frame.to_markdown(index=False) if not frame.empty else "(no gates)"
    (Path(out) / "shared_memory_gate.md").write_text(text + "\n")
    print(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("step", choices=("build", "gates", "table"))
    parser.add_argument("out", type=Path, nargs="?")
    parser.add_argument("--middleware", default="cyclonedds", choices=("cyclonedds", "socket"))
    args, extra = parser.parse_known_args()
    if args.step != "build" and args.out is None:
        parser.error(f"{args.step} needs OUT")
    if args.step == "build":
        print(build())
    elif args.step == "gates":
        gates(args.out, args.middleware, extra)
    else:
        table(args.out)


if __name__ == "__main__":
    main()
