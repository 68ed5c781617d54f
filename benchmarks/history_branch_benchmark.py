#!/usr/bin/env python3
"""Size of the history branch after many publishes: the run store only (as publish-history
commits it now) against the run store plus the regenerated site in every commit (as it did
before issue 13).

Each publish adds one full run (10 sub-experiments x 11 payloads: summaries, checks,
metadata and the requirements it was checked against, as history.add_run stores them) and
commits what that mode commits, in a local repository; the table gives the packed size of
the branch (`git gc`, then the pack's size) against the runs' own data (the files under
runs/ at the tip), every --step publishes. The site mode regenerates plots, change points
and the site for every publish, as the branch-deployed site did, so it runs fewer publishes
(--site-publishes: each takes seconds).

    .venv/bin/python benchmarks/history_branch_benchmark.py [--publishes 1000] [--site-publishes 20]

Target (issue 13): after 1,000 publishes the branch is within a small multiple of the runs'
own data.
"""

import argparse
import contextlib
import io
import subprocess
import tempfile
import time
from datetime import datetime, timedelta, UTC
from pathlib import Path

import numpy as np

from latency_gate.analysis import checks
from latency_gate.analysis.statistics import summarise
from latency_gate.contracts import formats, run_metadata
from latency_gate.render import store_views
from latency_gate.store import history
from latency_gate_testing import factories

REQUIREMENTS = Path(__file__).resolve().parents[1] / "requirements" / "linux-x86_64-2cpu.csv"
PLATFORM = "lab"


def git(*args, cwd):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def make_run(directory, index):
    """A processed and checked run: summaries of 200 synthetic samples per payload (their
    size is a 10,000-sample summary's), checks against the committed requirements, metadata."""
    required = formats.read_requirements(REQUIREMENTS)
    for position, name in enumerate(formats.SUBEXPERIMENTS):
        frame = factories.measurements(name, samples=200, seed=index * 100 + position, scale=1 + 0.001 * index)
        summary = summarise(frame)
        formats.write_csv(summary, formats.summary_path(directory, name))
        result = checks.check_subexperiment(name, summary, required, directory, REQUIREMENTS)
        formats.write_csv(result.checks, formats.checks_path(directory, name))
    started = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(hours=index)
    run_metadata.write(directory, run_metadata.RunMetadata(
        run_id=run_metadata.make_run_id(started, f"{index:012x}", "runner-1"), started_at=started.isoformat(),
        samples=10_000, payloads=list(formats.PAYLOADS)))
    return directory


def publish(store, run, with_site):
    """What one publish commits in this mode; returns its wall time."""
    started = time.perf_counter()
    history.add_run(store, run, PLATFORM, requirements_path=REQUIREMENTS)
    if with_site:
        with contextlib.redirect_stdout(io.StringIO()):
            store_views.regenerate(store)
        git("add", "-A", cwd=store)
    else:
        git("add", "-A", "--", "runs", cwd=store)
    git("-c", "user.name=b", "-c", "user.email=b@localhost", "commit", "-q", "-m", run.name, cwd=store)
    return time.perf_counter() - started


def sizes(store):
    """(packed size of the branch, size of the files under runs/ at the tip), in bytes."""
    git("gc", "-q", "--aggressive", "--prune=now", cwd=store)
    packs = sum(p.stat().st_size for p in (store / ".git" / "objects" / "pack").glob("*.pack"))
    runs = sum(p.stat().st_size for p in (store / "runs").rglob("*") if p.is_file())
    return packs, runs


def measure(label, publishes, step, with_site, work):
    store = work / label
    store.mkdir()
    git("init", "-q", "-b", "gh-pages", cwd=store)
    seconds = []
    for index in range(1, publishes + 1):
        run = make_run(work / "runs" / f"{label}-{index:04d}", index)
        seconds.append(publish(store, run, with_site))
        if index % step == 0 or index == publishes:
            packed, runs = sizes(store)
            print(f"| {label} | {index} | {packed / 1e6:.2f} | {runs / 1e6:.2f} | {packed / runs:.2f} | "
                  f"{1000 * np.median(seconds[-step:]):.0f} |", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--publishes", type=int, default=1000, help="publishes of the run store only")
    parser.add_argument("--site-publishes", type=int, default=20, help="publishes with the site in the branch")
    parser.add_argument("--step", type=int, default=100, help="a table row every this many publishes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="history-branch-") as work:
        work = Path(work)
        print("| branch holds | publishes | branch packed MB | runs' files MB | ratio | ms per publish (median) |")
        print("|---|---:|---:|---:|---:|---:|", flush=True)
        measure("runs only", args.publishes, args.step, False, work)
        if args.site_publishes:
            measure("runs and site", args.site_publishes, max(1, min(args.step, args.site_publishes // 4)), True, work)


if __name__ == "__main__":
    main()
