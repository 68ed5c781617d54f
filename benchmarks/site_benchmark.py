#!/usr/bin/env python3
"""Times latency_gate.render.site.build_site on a history of 1,000 runs.

Each run holds 10 sub-experiments x 11 payloads: 10 summaries and 10 check reports
(20,000 CSVs in all), metadata and requirements, written by the tests' store factory.
The first build writes the site into a store that has none; the rebuilds replace it,
as every publish does. Phases of one build are timed apart: reading the store, detecting
the change points (build-site does it; a publish's regenerate hands them over), and
writing the data files and assets.

    .venv/bin/python benchmarks/site_benchmark.py [--runs 1000] [--repeat 3] [--store DIR]

--store keeps the generated store in DIR (reused when it already holds runs).
Target (2-core machine): a build under 10 s.
"""

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from latency_gate.analysis import changepoints
from latency_gate.render import site
from latency_gate.store import site_store
from latency_gate_testing.factories import Violation, write_history

PLATFORM = "linux-x86_64-rt"


def generate(store, runs):
    if (store / "runs" / PLATFORM).is_dir():
        return
    started = time.perf_counter()
    write_history(store, platform=PLATFORM, runs=runs,
                  violations=[Violation(runs - 1, "interprocess_reliable", 1024, "99%")])
    print(f"wrote {runs} runs in {time.perf_counter() - started:.1f} s", file=sys.stderr)


def timed(function, *args):
    started = time.perf_counter()
    function(*args)
    return time.perf_counter() - started


def size_of(directory):
    files = [p for p in directory.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--store", type=Path, help="keep the generated store here")
    arguments = parser.parse_args()

    scratch = None if arguments.store else Path(tempfile.mkdtemp(prefix="site-benchmark-"))
    store = arguments.store or scratch
    try:
        generate(store, arguments.runs)
        shutil.rmtree(store / site.SITE_DIR, ignore_errors=True)
        first = timed(site.build_site, store)
        rebuilds = [timed(site.build_site, store) for _ in range(arguments.repeat)]
        read = [timed(site_store.read_history, store) for _ in range(arguments.repeat)]
        history = site_store.read_history(store)
        run_ids = [run.run_id for run in history.runs]
        detect = [timed(changepoints.detect, history.summaries, run_ids) for _ in range(arguments.repeat)]
        csvs = sum(1 for _ in (store / "runs").rglob("*.csv"))
        files, size = size_of(store / site.SITE_DIR)

        rows = [
            ("runs in the store", f"{arguments.runs}"),
            ("CSV files in the store", f"{csvs}"),
            ("site files written", f"{files} ({size / 1e6:.1f} MB)"),
            ("first build (no site yet)", f"{first:.2f} s"),
            (f"rebuild, best of {arguments.repeat}", f"{min(rebuilds):.2f} s"),
            (f"rebuild, median of {arguments.repeat}", f"{statistics.median(rebuilds):.2f} s"),
            ("  of which reading the store (median)", f"{statistics.median(read):.2f} s"),
            ("  of which change points, 220 series (median)", f"{statistics.median(detect):.2f} s"),
        ]
        width = max(len(label) for label, _ in rows)
        print(f"{'measure':<{width}}  value")
        print(f"{'-' * width}  {'-' * 20}")
        for label, value in rows:
            print(f"{label:<{width}}  {value}")
        return 0 if max(first, *rebuilds) < 10 else 1
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
