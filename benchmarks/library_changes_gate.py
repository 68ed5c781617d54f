#!/usr/bin/env python3
"""Calibrated changes inside the Fast DDS library, through the code-path gate: does the gate see
a change where real pull requests land (the receive path, the send path, the allocator)?

    .venv/bin/python benchmarks/library_changes_gate.py run OUT [--changes C ...] [--gates N] [gate options ...]
    .venv/bin/python benchmarks/library_changes_gate.py table OUT
    .venv/bin/python benchmarks/library_changes_gate.py end-to-end OUT [--changes C] [gate options ...]

run, each step skipped when its result is there:
  1. The base tree: Debian's fastdds source package as scripts/setup/build_latencytest.sh extracted
     it (the installed library's version, every Debian patch applied), copied to
     <build dir>/library-changes/base/src/fastrtps.
  2. Per change, a copy of it with benchmarks/library-changes/<change>.patch applied (each patch's
     header says what it does): receive-copy, receive-alloc, send-copy.
  3. Each tree built as a colcon workspace (the library and the project's marked LatencyTest) by
     scripts/setup/build_fastdds_workspace.sh, one compiler cache for all: a change's workspace
     recompiles the file it changed. Wall and CPU time of each build: OUT/build_times.csv.
  4. Per change, --gates code-path gates (`latency-gate gate --signal instructions`) of the base
     workspace against the change's, on the inter-process best-effort and reliable sub-experiments
     (the gate's default payloads unless options say otherwise): OUT/<change>/gate-NN.
table: OUT/library_changes.md and library_changes.csv: per change and cell, the gates that confirmed
it, its change in instructions per round trip, and the function each gate's report named first.
end-to-end: a pull request that changes one file of the library, gated as an adopter's CI does it
  (docs/code-path-gate.md, "A library of your own"): a fresh workspace of the base tree with the
  change's patch and a line no earlier build compiled (the compiler cache misses that file, as it
  misses a pull request's new code), built with the compiler cache the base's build filled, then
  the code-path gate of the base workspace against it on the full matrix (the gate's defaults).
  Per change one row: build and gate wall and CPU seconds, the total, the load at start and end,
  the verdict: OUT/end_to_end.csv and end_to_end.md (run it again: a new row each time).
Not part of CI: the base library build is ~24 min of CPU on 2 cores.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd

from fastdds_versions_gate import builds_and_gates, log_command, timed_command, timed_workspace_build
from latency_gate.runner.middleware.common import build_directory

REPOSITORY = Path(__file__).resolve().parents[1]
CHANGES_DIRECTORY = REPOSITORY / "benchmarks" / "library-changes"
CHANGES = tuple(sorted(patch.stem for patch in CHANGES_DIRECTORY.glob("*.patch")))
SUBEXPERIMENTS = ("interprocess_best_effort", "interprocess_reliable")
CLI = [sys.executable, "-m", "latency_gate"]


def debian_tree():
    """The Fast DDS tree scripts/setup/build_latencytest.sh extracted (every Debian patch applied)."""
    trees = sorted((build_directory() / "sources").glob("fastdds-*/"))
    if not trees:
        raise SystemExit("library_changes_gate: no Fast DDS source tree: run scripts/setup/build_latencytest.sh first")
    return trees[-1]


def tree_of(work, side, patch):
    """<work>/<side>/src/fastrtps: the Debian tree, with `patch` applied (None: as it is)."""
    tree = work / side / "src" / "fastrtps"
    if (tree / ".prepared").is_file():
        return tree
    shutil.rmtree(tree, ignore_errors=True)
    shutil.copytree(debian_tree(), tree, symlinks=True)
    if patch is not None:
        subprocess.run(["patch", "--quiet", "-p1", "-d", str(tree), "-i", str(patch)], check=True)
    (tree / ".prepared").write_text(f"{patch or 'Debian tree'}\n")
    return tree


def build(out, work, side, patch, times):
    """The side's workspace, built (skipped when its LatencyTest is there); appends its build times."""
    workspace = work / side
    if (workspace / "install/latencytest/bin/LatencyTest").is_file():
        return workspace
    times.append({"side": side, **timed_workspace_build(out, tree_of(work, side, patch), workspace)})
    return workspace


def run(args, extra):
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    work = build_directory() / "library-changes"
    times = []
    base = build(out, work, "base", None, times)
    workspaces = {change: build(out, work, change, CHANGES_DIRECTORY / f"{change}.patch", times)
                  for change in args.changes}
    if times:
        known = out / "build_times.csv"
        earlier = pd.read_csv(known) if known.is_file() else pd.DataFrame()
        pd.concat([earlier, pd.DataFrame(times)], ignore_index=True).to_csv(known, index=False)
    for change, workspace in workspaces.items():
        for index in range(1, args.gates + 1):
            directory = out / change / f"gate-{index:02d}"
            if (directory / "gate_result.json").is_file():
                continue
            code = log_command(out, [*CLI, "gate", "--base", base, "--pr", workspace, "-r", directory,
                                    "--signal", "instructions", "--subexperiments", *SUBEXPERIMENTS,
                                    "--seed", str(index), *extra], check=False).returncode
            if code not in (0, 1):  # 1: a confirmed regression, a verdict like 0
                raise SystemExit(f"library_changes_gate: the {change} gate {index} failed (exit {code})")
    run_table(args)


def changed_file(patch):
    """The one source file a change's patch edits (its `+++ b/...` line)."""
    (path,) = {line.split()[1].removeprefix("b/") for line in patch.read_text().splitlines() if line.startswith("+++ ")}
    return path


def end_to_end(args, extra):
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    work = build_directory() / "library-changes"
    base = build(out, work, "base", None, [])  # the base's build fills the compiler cache, as main's CI would
    rows = []
    for change in args.changes:
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        workspace = work / f"end-to-end-{change}-{stamp}"
        tree = tree_of(workspace.parent, workspace.name, CHANGES_DIRECTORY / f"{change}.patch")
        source = tree / changed_file(CHANGES_DIRECTORY / f"{change}.patch")
        with source.open("a") as file:  # new code: the compiler cache has never seen this translation unit
            file.write(f'\n[[maybe_unused]] static const char end_to_end_build[] = "{stamp}";\n')
        build_times = timed_workspace_build(out, tree, workspace)
        gate, gate_times = timed_command(out, [*CLI, "gate", "--base", base, "--pr", workspace, "-r",
                                               out / f"end-to-end-{change}-{stamp}", "--signal", "instructions",
                                               *extra], check=False)
        if gate.returncode not in (0, 1, 6):  # a verdict (failed, passed, inconclusive), not a failed run
            raise SystemExit(f"library_changes_gate: the {change} end-to-end gate failed (exit {gate.returncode})")
        rows.append({"Change": change, "Started": stamp, "Build wall [s]": build_times["wall_s"],
                     "Build CPU [s]": build_times["cpu_s"], "Gate wall [s]": gate_times["wall_s"],
                     "Gate CPU [s]": gate_times["cpu_s"],
                     "Total wall [s]": round(build_times["wall_s"] + gate_times["wall_s"], 1),
                     "Total CPU [s]": round(build_times["cpu_s"] + gate_times["cpu_s"], 1),
                     "Load at start": build_times["load_at_start"], "Load at end": round(os.getloadavg()[0], 2),
                     "Gate exit": gate.returncode})
        shutil.rmtree(workspace)  # ~0.5 GB a workspace; the table keeps what was measured
    known = out / "end_to_end.csv"
    table = pd.concat([pd.read_csv(known) if known.is_file() else pd.DataFrame(), pd.DataFrame(rows)],
                      ignore_index=True)
    table.to_csv(known, index=False)
    lines = ["# A one-file library change gated end to end (warm build + full-matrix counting)", "",
             table.to_markdown(index=False), ""]
    (out / "end_to_end.md").write_text("\n".join(lines))
    print("\n".join(lines))


def cells_found(root):
    """Per change and cell: gates that confirmed it, the median change per round trip, the functions
    named first."""
    rows = []
    for result_file in sorted(Path(root).glob("*/gate-*/gate_result.json")):
        change = result_file.parent.parent.name
        result = json.loads(result_file.read_text())
        named = {(cell["subexperiment"], cell["bytes"]): (cell.get("functions") or [{}])[0].get("function", "")
                 for cell in result["regressions"]}
        cells = pd.read_csv(result_file.parent / "gate_cells.csv")
        for cell in cells[cells["Gated"]].itertuples(index=False):
            key = (cell[cells.columns.get_loc("Sub-experiment")], cell.Bytes)
            rows.append({"Change": change, "Sub-experiment": key[0], "Bytes": key[1],
                         "Confirmed": key in named, "Ratio": cell.Ratio,
                         "Named first": named.get(key, "").split("(")[0]})
    if not rows:
        return pd.DataFrame()
    frame = pd.DataFrame(rows)
    return frame.groupby(["Change", "Sub-experiment", "Bytes"]).agg(
        Confirmed=("Confirmed", "sum"), Gates=("Confirmed", "size"),
        **{"Change [%]": ("Ratio", lambda ratios: round((ratios.median() - 1) * 100, 3))},
        **{"Named first": ("Named first", lambda names: "; ".join(sorted(set(filter(None, names)))))}).reset_index()


def run_table(args):
    root = Path(args.out)
    lines = ["# Calibrated changes inside Fast DDS through the code-path gate", "",
             *builds_and_gates(root, "Builds (scripts/setup/build_fastdds_workspace.sh, one compiler cache)")]
    found = cells_found(root)
    if not found.empty:
        lines += ["## Cells: gates that confirmed each change", "", found.to_markdown(index=False), ""]
        found.to_csv(root / "library_changes.csv", index=False)
    (root / "library_changes.md").write_text("\n".join(lines))
    print("\n".join(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("run", "table", "end-to-end"))
    parser.add_argument("out")
    parser.add_argument("--changes", nargs="+", default=list(CHANGES), choices=CHANGES)
    parser.add_argument("--gates", type=int, default=1)
    args, extra = parser.parse_known_args()
    if args.step == "run":
        run(args, extra)
    elif args.step == "end-to-end":
        end_to_end(args, extra)
    else:
        run_table(args)


if __name__ == "__main__":
    main()
