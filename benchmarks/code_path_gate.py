#!/usr/bin/env python3
"""The code-path gate (gate --signal instructions), run for real: spread, A/A false alarms, and
A/B gates of calibrated code-path changes.

    .venv/bin/python benchmarks/code_path_gate.py aa OUT [--gates 3] [--middleware M] [gate options ...]
    .venv/bin/python benchmarks/code_path_gate.py ab OUT --change echo-copy --bytes 64 [--gates 2] [gate options]
    .venv/bin/python benchmarks/code_path_gate.py table OUT
    .venv/bin/python benchmarks/code_path_gate.py speed OUT --label L [--program P] [--gates 3] [gate options ...]
    .venv/bin/python benchmarks/code_path_gate.py runs OUT --programs LABEL=P LABEL=P ... [--gates 1] [--reference AA]
    .venv/bin/python benchmarks/code_path_gate.py minimum-effects OUT [--minimum-effects 0.002 0.0015 0.001]

aa: --gates code-path gates of the project-built LatencyTest against itself (OUT/aa/gate-NN), or of
the project's program of another backend (--middleware cyclonedds|socket: OUT/aa-<middleware>/gate-NN).
ab: a variant of LatencyTest with one calibrated change on the counted per-sample path, built
with scripts/setup/build_latencytest.sh (LATENCY_GATE_EXTRA_PATCHES: a generated patch,
OUT/ab-<change>-<bytes>/change.patch), gated against the project-built one (gate-NN there):
  echo-copy         the subscriber copies BYTES of every received sample to the heap before its
                    echo (vector construction: one allocation, a copy, a free)
  receive-alloc     the publisher's reception callback allocates and frees BYTES per sample
  publisher-label   the publisher formats a label of each sample (snprintf into a BYTES buffer)
                    between its timestamp and its write: the harness inside the timed region
  cyclone-echo-copy CycloneLatency's echo side copies BYTES of every received sample to the heap
                    before its echo (malloc, memcpy, free); the variant is pingpong/ with the
                    change, built with colcon (OUT/ab-cyclone-echo-copy-<bytes>/), gated with
                    --middleware cyclonedds
table: per gate its verdict, wall time, the cells flagged and the function the report names first;
per middleware and cell the spread of instructions and of estimated cycles per round trip over every
run of its A/A gates (relative s.d.);
per calibrated change and cell the gates that found it and its realised change. OUT/code_path_gate.md
and code_path_*.csv (each from gate_result.json, gate_cells.csv and the runs' instructions_*.csv).
speed: --gates full-matrix gates of a LatencyTest (--program, default the project-built one) against
itself (OUT/speed-<label>/gate-NN), each timed: wall time, CPU time of the gate and everything it
ran (user + sys of the children), load average at start and end, and per sub-experiment the runs'
wall times (the gate's progress lines); OUT/code_path_speed.md and code_path_speed*.csv over every
speed-* gate there.
runs: one counted run (latency-gate run --signal instructions, the gate's payloads and samples) of
every sub-experiment with each program in turn, LABEL=PROGRAM alternately per sub-experiment (so
load drifts hit all alike), --gates times (OUT/runs/<label>/<sub-experiment>-NN): per run its wall
and CPU time (user + sys of the children) and load; per sub-experiment and payload each label's
instructions per round trip and their change against the first label, and with --reference (a
directory of A/A gates of the first program, gate-NN) that program's spread over those gates' runs
and whether each label's mean lies within their range (OUT/code_path_runs.md, code_path_runs*.csv).
Extra arguments go to `latency-gate gate` (e.g. --subexperiments ..., --payloads ...).
minimum-effects: every recorded counted gate under OUT (rounds.csv) re-decided on its first look's
rounds (the gate's 3) at each minimum effect, with the gate's other settings: per gate and minimum
the cells that look like regressions (a counted gate goes on to confirm only those) and the
inconclusive ones, and of those how many had every PR run on a base run's path, function by
function (where the gate's runs are kept beside its rounds.csv); OUT/code_path_minimum_effects.md
and .csv.
"""

import argparse
import os
import re
import resource
import time
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd

from latency_gate.analysis import code_path, relative
from latency_gate.campaigns import gate as gate_module
from latency_gate.contracts import gate_result, instruction_counts
from latency_gate.contracts.formats import SUBEXPERIMENTS
from latency_gate.runner.middleware import DEFAULT_MIDDLEWARE, backend, cyclonedds
from latency_gate.runner.middleware.common import build_directory
from latency_gate.runner.middleware.fastdds import LATENCY_TEST

REPOSITORY = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "latency_gate"]

# Where each change goes: (source file, the line it is inserted before, the inserted code); a
# LatencyTest source, or one of pingpong/src (PINGPONG_CHANGES).
ECHO_WRITE = "                if (!sub->data_writer_->write(data))\n"
RECEIVE_LOCK = "    // Atomic managemente of the sample\n"
DATA_PUBLISHING = "        // Data publishing\n"
CYCLONE_ECHO_WRITE = "    dds_write(side->writer, &side->reply);\n"  # in echo_network, the UDP/TCP echo
PINGPONG_CHANGES = {"cyclone-echo-copy"}
CHANGES = {
    "echo-copy": ("LatencyTestSubscriber.cpp", ECHO_WRITE,
                  "                {  // calibrated code-path change (benchmarks/code_path_gate.py)\n"
                  "                    std::vector<uint8_t> copy(reinterpret_cast<uint8_t*>(data),\n"
                  "                                              reinterpret_cast<uint8_t*>(data) + {bytes});\n"
                  "                    asm volatile(\"\" : : \"r\"(copy.data()) : \"memory\");\n"
                  "                }\n"),
    "receive-alloc": ("LatencyTestPublisher.cpp", RECEIVE_LOCK,
                      "    {  // calibrated code-path change (benchmarks/code_path_gate.py)\n"
                      "        void* volatile block = ::operator new({bytes});\n"
                      "        ::operator delete(block);\n"
                      "    }\n"),
    # The harness, between the sample's timestamp and its write (the timed region's start), as a
    # LatencyTest change that logs its samples would: {bytes} is the label buffer's size.
    "publisher-label": ("LatencyTestPublisher.cpp", DATA_PUBLISHING,
                        "        {  // calibrated code-path change (benchmarks/code_path_gate.py)\n"
                        "            char label[{bytes}];\n"
                        "            std::snprintf(label, sizeof(label), \"sample %u of payload %u\", count, datasize);\n"
                        "            asm volatile(\"\" : : \"r\"(label) : \"memory\");\n"
                        "        }\n"),
    "cyclone-echo-copy": ("cyclone_latency.c", CYCLONE_ECHO_WRITE,
                          "    {  /* calibrated code-path change (benchmarks/code_path_gate.py) */\n"
                          "        void *copy = malloc({bytes});\n"
                          "        memcpy(copy, side->reply.data._buffer, {bytes});\n"
                          "        __asm__ volatile(\"\" : : \"r\"(copy) : \"memory\");\n"
                          "        free(copy);\n"
                          "    }\n"),
}


def gate(base, pr, directory, extra):
    """One code-path gate; (exit code, wall seconds). A complete earlier gate is kept."""
    if (directory / "gate_result.json").is_file():
        return None
    command = [*CLI, "gate", "--base", str(base), "--pr", str(pr), "-r", str(directory), "--signal", "instructions",
               *extra]
    print("$", " ".join(command), flush=True)
    return subprocess.run(command).returncode


def run_aa(args, extra):
    program = backend(args.middleware).PROGRAMS["latency"].default()
    out = Path(args.out) / ("aa" if args.middleware == DEFAULT_MIDDLEWARE else f"aa-{args.middleware}")
    for index in range(1, args.gates + 1):
        gate(program, program, out / f"gate-{index:02d}", [*extra, "--middleware", args.middleware])


def latencytest_sources():
    """The project's patched LatencyTest sources, as scripts/setup/build_latencytest.sh configured them."""
    cache = build_directory() / "colcon/build/latencytest/CMakeCache.txt"
    if not cache.is_file():
        raise SystemExit(f"code_path_gate: {cache}: missing: run scripts/setup/build_latencytest.sh first")
    for line in cache.read_text().splitlines():
        if line.startswith("LATENCY_TEST_SOURCE_DIR:"):
            return line.split("=", 1)[1]
    raise SystemExit(f"code_path_gate: {cache}: no LATENCY_TEST_SOURCE_DIR")


def variant_patch(change, byte_count):
    """A unified diff inserting the change into the project's patched LatencyTest source, or
    into pingpong/src."""
    name, anchor, code = CHANGES[change]
    source = (REPOSITORY / "pingpong" / "src" / name if change in PINGPONG_CHANGES
              else Path(latencytest_sources()) / name)
    text = source.read_text()
    if text.count(anchor) != 1:
        raise SystemExit(f"code_path_gate: {name}: the anchor line is not there exactly once")
    lines = text.splitlines(keepends=True)
    at = lines.index(anchor)
    inserted = code.replace("{bytes}", str(byte_count)).splitlines(keepends=True)
    context_before, context_after = lines[at - 3:at], lines[at:at + 3]
    header = f"--- a/{name}\n+++ b/{name}\n@@ -{at - 2},6 +{at - 2},{6 + len(inserted)} @@\n"
    body = ("".join(" " + line for line in context_before) + "".join("+" + line for line in inserted)
            + "".join(" " + line for line in context_after))
    return header + body


def pingpong_variant(out, patch):
    """CycloneLatency of pingpong/ with the patch, built with colcon into OUT."""
    out, patch = out.resolve(), patch.resolve()
    sources = out / "pingpong"
    shutil.rmtree(sources, ignore_errors=True)
    shutil.copytree(REPOSITORY / "pingpong", sources)
    subprocess.run(["patch", "--quiet", "-d", str(sources / "src"), "-p1", "-i", str(patch)], check=True)
    with open(out / "build.log", "w") as log:
        built = subprocess.run(["colcon", "--log-base", str(out / "log"), "build", "--paths", str(sources),
                                "--build-base", str(out / "build"), "--install-base", str(out / "install"),
                                "--cmake-args", "-DCMAKE_BUILD_TYPE=Release"], stdout=log, stderr=log)
    if built.returncode:
        raise SystemExit(f"code_path_gate: the variant did not build; see {out / 'build.log'}")
    return out / "install" / "pingpong" / "bin" / "CycloneLatency"


def run_ab(args, extra):
    out = Path(args.out) / f"ab-{args.change}-{args.bytes}"
    out.mkdir(parents=True, exist_ok=True)
    patch = out / "change.patch"
    patch.write_text(variant_patch(args.change, args.bytes))
    if args.change in PINGPONG_CHANGES:
        variant = pingpong_variant(out, patch)
        base = cyclonedds.PROGRAMS["latency"].default()
        for index in range(1, args.gates + 1):
            gate(base, variant, out / f"gate-{index:02d}", [*extra, "--middleware", "cyclonedds"])
        return
    environment = os.environ | {"LATENCY_GATE_BUILD_DIR": str(out / "build"),
                                "LATENCY_GATE_SOURCES_DIR": str(build_directory() / "sources"),
                                "LATENCY_GATE_EXTRA_PATCHES": str(patch)}
    with open(out / "build.log", "w") as log:
        built = subprocess.run(["bash", str(REPOSITORY / "scripts/setup/build_latencytest.sh")], env=environment,
                               stdout=subprocess.PIPE, stderr=log, text=True)
    if built.returncode:
        raise SystemExit(f"code_path_gate: the variant did not build; see {out / 'build.log'}")
    variant = Path(built.stdout.strip().splitlines()[-1])
    for index in range(1, args.gates + 1):
        gate(LATENCY_TEST.default(), variant, out / f"gate-{index:02d}", extra)


# The relative gate's progress line: round r/R, the sub-experiment, each build's run time.
_PROGRESS = re.compile(r"^round (\d+)/\d+\s+(\S+)\s+(.*)$")
_RUN_TIME = re.compile(r"(base|pr)\s+([\d.]+) s")


def run_speed(args, extra):
    """Time full-matrix A/A gates: wall, the children's CPU time, load, and the runs' times."""
    program = Path(args.program) if args.program else LATENCY_TEST.default()
    out = Path(args.out) / f"speed-{args.label}"
    for index in range(1, args.gates + 1):
        directory = out / f"gate-{index:02d}"
        if (directory / "speed.csv").is_file():
            continue
        command = [*CLI, "gate", "--base", str(program), "--pr", str(program), "-r", str(directory), "--signal",
                   "instructions", *extra]
        print("$", " ".join(command), flush=True)
        directory.mkdir(parents=True, exist_ok=True)
        log = directory.parent / f"gate-{index:02d}.log"
        with open(log, "w") as output:
            code, wall, cpu, load_start, load_end = timed(command, output)
        runs = [{"round": int(match[1]), "subexperiment": match[2], "build": build, "run_s": float(seconds)}
                for match in map(_PROGRESS.match, log.read_text().splitlines()) if match
                for build, seconds in _RUN_TIME.findall(match[3])]
        pd.DataFrame(runs).to_csv(directory / "speed_runs.csv", index=False)
        pd.DataFrame([{"label": args.label, "gate": index, "program": str(program), "exit_code": code,
                       "wall_s": round(wall, 1), "cpu_s": round(cpu, 1), "load_start": load_start,
                       "load_end": load_end}]).to_csv(directory / "speed.csv", index=False)
    speed_table(Path(args.out))


def speed_table(root):
    """OUT/code_path_speed.md: per gate its wall and CPU time and load; per label and sub-experiment the
    median run time (each build's run, every round)."""
    gates = [pd.read_csv(path) for path in sorted(root.glob("speed-*/gate-*/speed.csv"))]
    runs = [pd.read_csv(path).assign(label=path.parents[1].name.removeprefix("speed-"),
                                     gate=int(path.parent.name.removeprefix("gate-")))
            for path in sorted(root.glob("speed-*/gate-*/speed_runs.csv"))]
    if not gates:
        return
    gates = pd.concat(gates)
    if runs:
        # Both builds' runs of a sub-experiment run at once and the next waits for both: the rounds'
        # wall time is the slower run's, and the faster one's slot stands idle for the difference.
        pairs = pd.concat(runs).pivot_table(index=["label", "gate", "round", "subexperiment"], columns="build",
                                            values="run_s")
        pairs = pairs.assign(slower=pairs.max(axis=1), idle=(pairs["base"] - pairs["pr"]).abs())
        per_gate = pairs.groupby(["label", "gate"])[["slower", "idle"]].sum().round(1)
        gates = gates.merge(per_gate.rename(columns={"slower": "runs_wall_s", "idle": "barrier_idle_s"}),
                            left_on=["label", "gate"], right_index=True, how="left")
    lines = ["# Code-path gate: wall and CPU time", "",
             "runs_wall_s: the sum over rounds and sub-experiments of the slower build's run; barrier_idle_s: "
             "the sum of the two runs' differences (one slot idle while the other finishes).", "",
             gates.drop(columns="program").to_markdown(index=False), ""]
    gates.to_csv(root / "code_path_speed.csv", index=False)
    if runs:
        per_run = pd.concat(runs).groupby(["subexperiment", "label"])["run_s"].agg(["median", "min", "max", "count"])
        per_run = per_run.unstack("label")
        per_run.columns = [f"{label} {stat} [s]" if stat != "count" else f"{label} runs" for stat, label in per_run.columns]
        lines += ["## Run times per sub-experiment (each build's run, every round)", "",
                  per_run.reset_index().to_markdown(index=False, floatfmt=".1f"), ""]
        per_run.reset_index().to_csv(root / "code_path_speed_runs.csv", index=False, float_format="%.2f")
    (root / "code_path_speed.md").write_text("\n".join(lines))
    print("\n".join(lines))


def timed(command, output=subprocess.DEVNULL):
    """Run a command; (exit code, wall s, CPU s of it and its children, load at start, load at end)."""
    load_start, cpu_start, began = os.getloadavg()[0], resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
    code = subprocess.run(command, stdout=output).returncode
    wall, cpu_end, load_end = time.monotonic() - began, resource.getrusage(resource.RUSAGE_CHILDREN), os.getloadavg()[0]
    cpu = (cpu_end.ru_utime - cpu_start.ru_utime) + (cpu_end.ru_stime - cpu_start.ru_stime)
    return code, round(wall, 2), round(cpu, 2), load_start, load_end


def run_runs(args, extra):
    """Counted runs of every sub-experiment, the programs alternately; their times and counts."""
    programs = dict(spec.split("=", 1) for spec in args.programs)
    out = Path(args.out) / "runs"
    rows_file = out / "runs.csv"
    rows = pd.read_csv(rows_file).to_dict("records") if rows_file.is_file() else []
    for index in range(1, args.gates + 1):
        for name in SUBEXPERIMENTS:
            for label, program in programs.items():
                directory = out / label / f"{name}-{index:02d}"
                if directory.exists():
                    continue
                command = [*CLI, "run", "-r", str(directory), "-c", program, "--signal", "instructions",
                           "--subexperiments", name, "--payloads", *map(str, gate_module.INSTRUCTIONS_PAYLOADS),
                           "--samples", "100", "--baseline-seconds", "0", *extra]
                code, wall, cpu, load_start, load_end = timed(command)
                rows.append({"label": label, "subexperiment": name, "repeat": index, "exit_code": code, "wall_s": wall,
                             "cpu_s": cpu, "load_start": load_start, "load_end": load_end})
                print(f"{label:<12} {name:<40} wall {wall:6.1f} s  cpu {cpu:6.1f} s  load {load_start:.1f}-{load_end:.1f}",
                      flush=True)
                out.mkdir(parents=True, exist_ok=True)
                pd.DataFrame(rows).to_csv(rows_file, index=False)
    runs_table(Path(args.out), list(programs), args.reference)


def per_round_trip_rows(counts_files, label_of):
    """[{label, subexperiment, Bytes, per_round_trip}] of runs' instructions_*.csv."""
    rows = []
    for counts_file in counts_files:
        per_trip = instruction_counts.per_round_trip(instruction_counts.read_counts(counts_file))
        rows += [{"label": label_of(counts_file), "subexperiment": counts_file.stem.removeprefix("instructions_"),
                  "Bytes": int(payload), "per_round_trip": value} for payload, value in per_trip.items()]
    return rows


def runs_table(root, labels, reference=None):
    """OUT/code_path_runs.md: CPU and wall time per sub-experiment and label; instructions per round trip
    per cell and label, and each label's change against the first."""
    runs = pd.read_csv(root / "runs" / "runs.csv")
    times = runs.groupby(["subexperiment", "label"])[["cpu_s", "wall_s"]].median().unstack("label")
    times.columns = [f"{label} {'CPU' if column == 'cpu_s' else 'wall'} [s]" for column, label in times.columns]
    totals = runs.groupby("label")[["cpu_s", "wall_s"]].sum() / runs["repeat"].nunique()
    counts = per_round_trip_rows(sorted((root / "runs").glob("*/*/instructions_*.csv")),
                                 lambda counts_file: counts_file.parents[1].name)
    cells = pd.DataFrame(counts).groupby(["subexperiment", "Bytes", "label"])["per_round_trip"].mean().unstack("label")
    cells = cells[[label for label in labels if label in cells]]
    for label in cells.columns[1:]:
        cells[f"{label} change [%]"] = 100 * (cells[label] / cells[cells.columns[0]] - 1)
    if reference:  # every run of A/A gates of the first program: its spread from run to run
        known = pd.DataFrame(per_round_trip_rows(sorted(Path(reference).glob("gate-*/runs/round-*/*/instructions_*.csv")),
                                                 lambda _: "reference"))
        spread = known.groupby(["subexperiment", "Bytes"])["per_round_trip"]
        cells["reference runs"] = spread.count()
        cells["reference rel. s.d. [%]"] = 100 * spread.std() / spread.mean()
        for label in labels:
            cells[f"{label} within reference min..max"] = cells[label].between(spread.min(), spread.max())
    lines = ["# Counted runs: time and counts per sub-experiment", "",
             f"Load average during the runs: {runs['load_start'].min():.1f} to {runs['load_end'].max():.1f}.", "",
             "## CPU time (user + sys of the run and its processes) and wall time, median per sub-experiment", "",
             times.reset_index().to_markdown(index=False, floatfmt=".1f"), "",
             "Sum over the sub-experiments (one run each):", "",
             totals.rename(columns={"cpu_s": "CPU [s]", "wall_s": "wall [s]"}).reset_index().to_markdown(
                 index=False, floatfmt=".1f"), "",
             "## Instructions per round trip (mean over the runs)", "",
             cells.reset_index().to_markdown(index=False, floatfmt=".2f"), ""]
    times.reset_index().to_csv(root / "code_path_runs_times.csv", index=False, float_format="%.2f")
    cells.reset_index().to_csv(root / "code_path_runs_counts.csv", index=False, float_format="%.3f")
    (root / "code_path_runs.md").write_text("\n".join(lines))
    print("\n".join(lines))


def gate_rows(root):
    """Per gate: its directory, verdict, rounds, wall time, regressions (cell, ratio, first function)."""
    rows = []
    for result_file in sorted(Path(root).rglob("gate_result.json")):
        result = gate_result.read(result_file)
        found = [f"{r['subexperiment']} {r['bytes']} B {(r['ratio'] - 1) * 100:+.2f}%"
                 + (f" [{r['functions'][0]['function'][:60]}]" if r.get("functions") else "")
                 for r in result["regressions"]]
        rows.append({"gate": str(result_file.parent.relative_to(root)), "passed": result["passed"],
                     "rounds": result["rounds"], "cells": result["cells"], "duration_s": result["duration_s"],
                     "regressions": len(result["regressions"]), "found": "; ".join(found)})
    return pd.DataFrame(rows)


def spread(root):
    """Per middleware and cell: mean instructions and estimated cycles per round trip and their
    relative s.d. over every run of every A/A gate."""
    values = []
    for counts_file in Path(root).glob("aa*/gate-*/runs/round-*/*/instructions_*.csv"):
        counts = instruction_counts.read_counts(counts_file)
        middleware = counts_file.parents[4].name.removeprefix("aa").removeprefix("-") or DEFAULT_MIDDLEWARE
        name = counts_file.stem.removeprefix("instructions_")
        per_trip = {column: instruction_counts.per_round_trip(counts, column)
                    for column in (instruction_counts.PER_ROUND_TRIP, instruction_counts.CYCLES_PER_ROUND_TRIP)
                    if column in counts}
        for payload in per_trip[instruction_counts.PER_ROUND_TRIP].index:
            values.append({"Middleware": middleware, "Sub-experiment": name, "Bytes": int(payload),
                           **{column: series[payload] for column, series in per_trip.items()}})
    if not values:
        return pd.DataFrame()
    frame = pd.DataFrame(values)
    cell = ["Middleware", "Sub-experiment", "Bytes"]
    table = frame.groupby(cell).agg(Runs=(instruction_counts.PER_ROUND_TRIP, "count"),
                                    **{"Instructions per round trip": (instruction_counts.PER_ROUND_TRIP, "mean")})
    table["Relative s.d. [%]"] = 100 * frame.groupby(cell)[instruction_counts.PER_ROUND_TRIP].std() / table[
        "Instructions per round trip"]
    if instruction_counts.CYCLES_PER_ROUND_TRIP in frame:  # runs before the cache simulation lack it
        cycles = frame.groupby(cell)[instruction_counts.CYCLES_PER_ROUND_TRIP]
        table["Estimated cycles per round trip"] = cycles.mean()
        table["Cycles relative s.d. [%]"] = 100 * cycles.std() / cycles.mean()
    return table.reset_index()


def detection(root):
    """Per calibrated change and cell: gates that found it, the median ratio and change in
    instructions per round trip (what the change really cost there)."""
    frames = [gate_result.read_cells(cells_file.parent).assign(Change=cells_file.parent.parent.name)
              for cells_file in sorted(Path(root).glob(f"ab-*/gate-*/{gate_result.CELLS_FILE}"))]
    if not frames:
        return pd.DataFrame()
    cells = pd.concat(frames)
    cells["Delta"] = cells["PR"] - cells["Base"]
    return cells.groupby(["Change", "Sub-experiment", "Bytes"]).agg(
        Found=("Verdict", lambda verdicts: int((verdicts == "regression").sum())), Gates=("Verdict", "size"),
        Ratio=("Ratio", "median"), Delta=("Delta", "median")).reset_index()


def run_table(args):
    root = Path(args.out)
    gates = gate_rows(root)
    cells = spread(root)
    found = detection(root)
    lines = ["# Code-path gate: measured", ""]
    if not gates.empty:
        lines += ["## Gates", "", gates.to_markdown(index=False), ""]
    if not found.empty:
        lines += ["## Calibrated changes: gates that found each cell", "",
                  "Delta: the change's instructions per round trip in that cell (median over gates).", "",
                  found.to_markdown(index=False, floatfmt=".4g"), ""]
        found.to_csv(root / "code_path_detection.csv", index=False)
    if not cells.empty:
        lines += ["## Spread per round trip over the A/A gates' runs", ""]
        for middleware, group in cells.groupby("Middleware"):
            lines.append(f"{middleware}: {len(group)} cells; instructions: relative s.d. median "
                         f"{group['Relative s.d. [%]'].median():.3f} %, largest {group['Relative s.d. [%]'].max():.3f} %, "
                         f"cells over 0.1 %: {int((group['Relative s.d. [%]'] > 0.1).sum())}"
                         + (f"; estimated cycles: median {group['Cycles relative s.d. [%]'].median():.3f} %, largest "
                            f"{group['Cycles relative s.d. [%]'].max():.3f} %" if "Cycles relative s.d. [%]" in group
                            and group["Cycles relative s.d. [%]"].notna().any() else ""))
        worst = cells.sort_values("Relative s.d. [%]", ascending=False)
        lines += ["", worst.to_markdown(index=False, floatfmt=".3f"), ""]
        cells.to_csv(root / "code_path_spread.csv", index=False, float_format="%.4f")
    gates.to_csv(root / "code_path_gates.csv", index=False)
    (root / "code_path_gate.md").write_text("\n".join(lines))
    print("\n".join(lines))


def first_look_runs(gate_directory, table, first_look):
    """A recorded gate's counted runs of its first look's rounds (code_path.CountedRuns), or None when
    they are not all kept beside its rounds.csv, each with its functions."""
    names = sorted(set(table[relative.SUBEXPERIMENT]))
    runs = code_path.read_runs(gate_directory, names)
    first = {build: kept[:first_look] for build, kept in runs.builds.items()}
    if not all(len(kept) == first_look and all(run.has("functions", name) for run in kept for name in names)
               for kept in first.values()):
        return None
    return code_path.CountedRuns(runs.results, first)


def run_minimum_effects(args, _extra):
    root = Path(args.out)
    rows = []
    for rounds_file in sorted(root.rglob("rounds.csv")):
        result = gate_result.read(rounds_file.parent)
        rounds = pd.read_csv(rounds_file)
        table, _ = relative.below_resolution(rounds[rounds["Round"] <= result["first_look"]])
        runs = first_look_runs(rounds_file.parent, table, result["first_look"])
        for min_effect in args.minimum_effects:
            settings = relative.GateSettings(min_effect=min_effect, alpha=result["settings"]["alpha"],
                                             gated=(relative.INSTRUCTIONS,), guard="rank")
            decision = relative.decide(table, settings, result["seed"])
            identical = code_path.identical_paths(runs, decision) if runs else set()
            gated = decision[decision["Gated"]]
            looks_regressed = gated[gated["Verdict"] == relative.REGRESSION]
            rows.append({"gate": str(rounds_file.parent.relative_to(root)), "minimum effect [%]": 100 * min_effect,
                         "look-like regressions": len(looks_regressed),
                         "inconclusive": int((gated["Verdict"] == relative.INCONCLUSIVE).sum()),
                         # of those, the cells whose PR runs each took a base run's path, function by function
                         # (their reason says so): unknown where the runs are gone
                         "inconclusive on identical paths": len(identical) if runs else None,
                         "cells": "; ".join(f"{row['Sub-experiment']} {row['Bytes']} B {100 * (row['Ratio'] - 1):+.2f}%"
                                            for _, row in looks_regressed.iterrows())})
    table = pd.DataFrame(rows)
    table.to_csv(root / "code_path_minimum_effects.csv", index=False)
    text = "\n".join(["# Recorded counted gates re-decided at their first look", "", table.to_markdown(index=False), ""])
    (root / "code_path_minimum_effects.md").write_text(text)
    print(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("aa", "ab", "table", "speed", "runs", "minimum-effects"))
    parser.add_argument("out")
    parser.add_argument("--gates", type=int, default=3)
    parser.add_argument("--change", choices=tuple(CHANGES), default="echo-copy")
    parser.add_argument("--bytes", type=int, default=16)  # no more than the smallest payload holds
    parser.add_argument("--middleware", default=DEFAULT_MIDDLEWARE)  # aa: whose project-built program
    parser.add_argument("--label", default="default")  # speed: names the gates' directory
    parser.add_argument("--program")  # speed: the LatencyTest gated against itself
    parser.add_argument("--programs", nargs="+", default=[])  # runs: LABEL=PROGRAM, alternately
    parser.add_argument("--reference")  # runs: a directory of A/A gates (gate-NN) of the first program
    parser.add_argument("--minimum-effects", type=float, nargs="+", default=[0.002, 0.0015, 0.001])
    args, extra = parser.parse_known_args()
    {"aa": run_aa, "ab": run_ab, "table": lambda a, _: run_table(a), "speed": run_speed, "runs": run_runs,
     "minimum-effects": run_minimum_effects}[args.step](args, extra)


if __name__ == "__main__":
    main()
