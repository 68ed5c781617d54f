#!/usr/bin/env python3
"""A real Fast DDS code change through the code-path gate: Debian bookworm's fastdds 2.9.1 source
package built twice as colcon workspaces, without and with its backported upstream fixes.

    .venv/bin/python benchmarks/fastdds_versions_gate.py run OUT [--families spec shm] [gate options ...]
    .venv/bin/python benchmarks/fastdds_versions_gate.py table OUT

run: everything from the Debian archive, each step skipped when its result is there:
  1. `apt-get source --download-only fastdds=VERSION` (bookworm's, the installed library's) and
     `dpkg-source --skip-patches -x`: the upstream 2.9.1 tree and Debian's patch series.
  2. Two source trees, each with a selection of the series applied in order:
       base  Debian's packaging patches only (0001-0016): the patch set of 2.9.1+ds-1, bookworm's
             release (debian/changelog: +deb12u1 and +deb12u2 only added backports/)
       pr    the whole series: 2.9.1+ds-1+deb12u2, the five backports/ of upstream security fixes
             (CVE-2023-39534, -39945/-39948, -39946/-39947, -39949, -42459)
  3. A colcon workspace per side (build/fastdds-versions/ws-<side>), built by
     scripts/setup/build_fastdds_workspace.sh: the Fast DDS library (package fastrtps; Release,
     security on as Debian builds it, no tests, examples, tools or documentation) and the project's
     latencytest package linked against it, with the project's patched LatencyTest sources (the ones
     scripts/setup/build_latencytest.sh built): the two programs differ only in the library under them. Build wall and CPU times go to OUT/build_times.csv.
  4. `latency-gate gate --signal instructions --base ws-base --pr ws-pr` per family (OUT/gate-<family>),
     extra arguments passed on (e.g. --seed, --payloads).
table: per gate its verdict, wall time and the cells that moved (the gate's regressions and
improvements) with the functions the report names; per cell base and PR instructions per round
trip. OUT/fastdds_versions.md.
Not part of CI: each library build is ~11 min of CPU (682 s measured for the PR side), niced.
"""

import argparse
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd

from code_path_gate import gate_rows
from latency_gate.contracts import gate_result
from latency_gate.runner.middleware.common import build_directory, library_environment, linked_library

REPOSITORY = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "latency_gate"]
VERSION = "2.9.1+ds-1+deb12u2"
# Which patches of debian/patches/series each side applies.
SIDES = {
    "base": lambda patch: not patch.startswith("backports/"),
    "pr": lambda patch: True,
}


def log_command(out, command, **kwargs):
    """Run a command, echoed and appended to OUT/commands.txt; CalledProcessError on failure."""
    line = " ".join(str(part) for part in command)
    print("$", line, flush=True)
    with open(out / "commands.txt", "a") as commands:
        commands.write(line + "\n")
    kwargs.setdefault("check", True)
    return subprocess.run([str(part) for part in command], **kwargs)


def pristine_tree(out, work):
    """The upstream tree with debian/ and no patch applied (step 1)."""
    tree = work / "download" / "pristine"
    if not (tree / "debian" / "patches" / "series").is_file():
        shutil.rmtree(work / "download", ignore_errors=True)
        (work / "download").mkdir(parents=True)
        # apt drops privileges to _apt for downloads; it cannot write into root's build tree.
        log_command(out, ["apt-get", "-o", "APT::Sandbox::User=root", "source", "--download-only", "-qq",
                          f"fastdds={VERSION}"], cwd=work / "download")
        log_command(out, ["dpkg-source", "--skip-patches", "-x", f"fastdds_{VERSION}.dsc", "pristine"],
                    cwd=work / "download", stdout=subprocess.DEVNULL)
    return tree


def side_tree(out, pristine, workspace, side):
    """<workspace>/src/fastrtps: the pristine tree with the side's patches applied (step 2)."""
    tree = workspace / "src" / "fastrtps"
    stamp = tree / ".patches-applied"
    if stamp.is_file():
        return tree
    shutil.rmtree(tree, ignore_errors=True)
    tree.parent.mkdir(parents=True)
    shutil.copytree(pristine, tree, symlinks=True)
    series = [line.split()[0] for line in (pristine / "debian/patches/series").read_text().splitlines()
              if line.strip() and not line.startswith("#")]
    applied = [patch for patch in series if SIDES[side](patch)]
    for patch in applied:
        log_command(out, ["patch", "--quiet", "-p1", "-d", tree, "-i", tree / "debian/patches" / patch])
    stamp.write_text("".join(f"{patch}\n" for patch in applied))
    return tree


def timed_command(out, command, **kwargs):
    """log_command of a command, timed: (its CompletedProcess, {wall and CPU seconds of it and its
    children, the load when it started})."""
    started, before, load = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN), os.getloadavg()[0]
    done = log_command(out, command, **kwargs)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done, {"wall_s": round(time.monotonic() - started, 1),
                  "cpu_s": round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 1),
                  "load_at_start": round(load, 2)}


def timed_workspace_build(out, tree, workspace, command_prefix=(), **kwargs):
    """scripts/setup/build_fastdds_workspace.sh of a tree, logged; its wall and CPU seconds and the
    load when it started."""
    return timed_command(out, [*command_prefix, "bash", REPOSITORY / "scripts/setup/build_fastdds_workspace.sh", tree,
                               workspace], **kwargs)[1]


def build_workspace(out, workspace, tree, side):
    """colcon build of the library and LatencyTest (step 3), niced; returns its build-times row."""
    program = workspace / "install/latencytest/bin/LatencyTest"
    times = timed_workspace_build(out, tree, workspace, ("nice", "-n", "19"), stdout=subprocess.DEVNULL)
    version, library = linked_library(program, library_environment(program), "libfastrtps")
    if not library or not library.startswith(str(workspace)):
        raise SystemExit(f"fastdds_versions_gate: {program} loads {library}, not its workspace's libfastrtps")
    return {"side": side, "patches": len((tree / ".patches-applied").read_text().split()), **times,
            "library": str(Path(library).relative_to(workspace)), "library_version": version}


def run(args, extra):
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    work = build_directory() / "fastdds-versions"
    pristine = pristine_tree(out, work)
    times_file = out / "build_times.csv"
    times = pd.read_csv(times_file) if times_file.is_file() else pd.DataFrame(columns=["side"])
    for side in SIDES:
        workspace = work / f"ws-{side}"
        tree = side_tree(out, pristine, workspace, side)
        if side not in set(times["side"]) or not (workspace / "install/latencytest/bin/LatencyTest").is_file():
            row = build_workspace(out, workspace, tree, side)
            times = pd.concat([times[times["side"] != side], pd.DataFrame([row])], ignore_index=True)
            times.to_csv(times_file, index=False)
        print(f"fastdds_versions_gate: {side}: {workspace}", flush=True)
    for family in args.families:
        directory = out / f"gate-{family}"
        if (directory / "gate_result.json").is_file():
            continue
        command = [*CLI, "gate", "--base", work / "ws-base", "--pr", work / "ws-pr", "-r", directory,
                   "--signal", "instructions", "--family", family, *extra]
        code = log_command(out, command, check=False).returncode
        if code not in (0, 1):  # 1: a confirmed regression, a verdict like 0
            raise SystemExit(f"fastdds_versions_gate: the {family} gate failed (exit {code})")
    run_table(args)


def moved_cells(result):
    """The gate's regressions and improvements: cell, ratio, its change, the functions named."""
    rows = []
    for verdict in ("regressions", "improvements"):
        for cell in result[verdict]:
            functions = "; ".join(f"{f['function']} {f['delta']:+d}" for f in cell.get("functions", [])[:3])
            rows.append({"verdict": verdict[:-1], "cell": f"{cell['subexperiment']} {cell['bytes']} B",
                         "base": round(cell["base"]), "pr": round(cell["pr"]),
                         "change [%]": round((cell["ratio"] - 1) * 100, 2), "functions named": functions})
    return rows


def builds_and_gates(root, builds_title):
    """The Markdown sections of a workspaces benchmark's OUT: its builds' times and its gates."""
    lines = []
    times_file = root / "build_times.csv"
    if times_file.is_file():
        lines += [f"## {builds_title}", "", pd.read_csv(times_file).to_markdown(index=False), ""]
    gates = gate_rows(root)
    if not gates.empty:
        lines += ["## Gates (instructions per round trip)", "", gates.to_markdown(index=False), ""]
    return lines


def run_table(args):
    root = Path(args.out)
    lines = ["# Fast DDS 2.9.1+ds-1 (base) vs 2.9.1+ds-1+deb12u2 (PR, five upstream security backports)", "",
             *builds_and_gates(root, "Builds (scripts/setup/build_fastdds_workspace.sh, niced)")]
    for result_file in sorted(root.glob("gate-*/gate_result.json")):
        result = gate_result.read(result_file)
        cells = gate_result.read_cells(result_file.parent)
        cells["Delta"] = cells["PR"] - cells["Base"]
        lines += [f"## {result_file.parent.name}: cells (instructions per round trip, mean of "
                  f"{result['rounds']} runs per build)", "",
                  cells[["Sub-experiment", "Bytes", "Base", "PR", "Delta", "Ratio", "Verdict"]]
                  .to_markdown(index=False, floatfmt=".4g"), ""]
        moved = moved_cells(result)
        lines += [f"Cells that moved: {len(moved)} of {result['cells']}", ""]
        if moved:
            lines += [pd.DataFrame(moved).to_markdown(index=False), ""]
    (root / "fastdds_versions.md").write_text("\n".join(lines))
    print("\n".join(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("run", "table"))
    parser.add_argument("out")
    parser.add_argument("--families", nargs="+", default=["spec"], choices=("spec", "shm"))
    args, extra = parser.parse_known_args()
    if args.step == "run":
        run(args, extra)
    else:
        run_table(args)


if __name__ == "__main__":
    main()
