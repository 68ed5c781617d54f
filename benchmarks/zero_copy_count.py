#!/usr/bin/env python3
"""Whether a sample crosses without a copy, counted: the shared-memory family under the instructions
signal (callgrind on LatencyTest's counted path: its timed region on every thread, the receive
threads and data sharing's listener included: docs/code-path-gate.md),
instructions per round trip at a small and two large payloads, and the copies they amount to.

    .venv/bin/python benchmarks/zero_copy_count.py OUT [--payloads 16 8192 32768] [--samples 50]

A copy grows with the payload; nothing else on the path does (headers, wake-ups, bookkeeping). So the
instructions that grow with the payload, per byte, say how many copies a round trip makes. The cost of
one copy is measured on the same path and at the same sizes: in the zero-copy member LatencyTest's own
echo copies every received loan twice (LatencyDataType::copy_data: into its buffer and into a new loan;
its clock subtracts that time), so copy_data's growth per byte, halved, is one copy. (glibc's memcpy
moves a few KiB and more with `rep movsb`, which valgrind counts once per byte: one instruction per
byte copied at these sizes, where small copies cost a vector instruction per 32 bytes.) The table gives, per
sub-experiment, the instructions per round trip at each payload, LatencyTest's own copies among them,
and the copies per round trip the rest amounts to (Fast DDS's: serialization through LatencyTest's type
support included, as that is the middleware's copy). Counts, not clocks: they do not depend on load.

The reliable members only, up to 32 KiB (one fragment): under valgrind (~50x slower) a best-effort sample cut into
fragments loses some and LatencyTest records no round trip over 100 ms, so larger or best-effort
payloads end with no sample recorded. What is counted: the writers' timed region and every message
each receive thread takes, from its read's return (a shared-memory port's read has no name to
count it by: the SHM transport's pop of a buffer is not counted), so the shm member's copies are a
lower bound only by that read.
"""

import argparse
import subprocess
import sys
from pathlib import Path

import pandas as pd

from latency_gate.contracts import instruction_counts

CLI = [sys.executable, "-m", "latency_gate"]
OWN_COPY = "LatencyDataType::copy_data"  # LatencyTest's echo copies on its loan path
MEMBERS = ("interprocess_reliable_shm", "interprocess_reliable_zero_copy")


def count(out, payloads, samples):
    run = Path(out) / "fastdds"
    if not (run / "metadata.json").is_file():
        command = [*CLI, "run", "-r", str(run), "--middleware", "fastdds", "--family", "shm",
                   "--signal", "instructions", "--subexperiments", *MEMBERS, "--payloads", *map(str, payloads),
                   "--samples", str(samples), "--baseline-seconds", "0",
                   "--timeout", "1800"]  # valgrind runs the programs ~50x slower
        print("$", " ".join(command), flush=True)
        subprocess.run(command, check=True)
    return run


def own_copies(functions):
    """Per payload: the inclusive instructions of LatencyTest's own copy function (0 where it did not run)."""
    mine = functions[functions[instruction_counts.FUNCTION].str.startswith(OWN_COPY)]
    return mine.groupby(instruction_counts.BYTES)[instruction_counts.INCLUSIVE].sum()


def table(run):
    rows, per_copy_byte = [], None
    for name in MEMBERS:
        counts = instruction_counts.read_counts(instruction_counts.counts_path(run, name))
        totals = instruction_counts.per_round_trip(counts)
        functions = instruction_counts.read_functions(instruction_counts.functions_path(run, name))
        own = own_copies(functions).reindex(totals.index, fill_value=0.0)
        small, large = totals.index.min(), totals.index.max()
        if name.endswith("_zero_copy") and own[large] > own[small]:
            per_copy_byte = (own[large] - own[small]) / (large - small) / 2
        for payload in totals.index:
            rows.append({"sub-experiment": name, "Bytes": payload,
                         "instructions per round trip": round(totals[payload]),
                         "of which LatencyTest's own copies": round(own[payload]),
                         "middleware": round(totals[payload] - own[payload])})
    frame = pd.DataFrame(rows)
    if per_copy_byte:
        growth = frame.groupby("sub-experiment", sort=False).apply(
            lambda rows: (rows["middleware"].iloc[-1] - rows["middleware"].iloc[0])
            / (rows["Bytes"].iloc[-1] - rows["Bytes"].iloc[0]))
        frame["middleware copies per round trip"] = frame["sub-experiment"].map(growth / per_copy_byte).round(2)
    return frame, per_copy_byte


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--payloads", nargs="+", type=int, default=[16, 8192, 32768])
    parser.add_argument("--samples", type=int, default=50)
    args = parser.parse_args()
    frame, per_copy_byte = table(count(args.out, args.payloads, args.samples))
    text = frame.to_markdown(index=False)
    if per_copy_byte:
        text += f"\n\nOne copy: {per_copy_byte:.4f} instructions per byte (LatencyTest's copy_data, halved)."
    (args.out / "zero_copy_count.md").write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
