#!/usr/bin/env python3
"""Each process's labelled callgrind dumps of a counted run, by thread: which threads dumped each
payload's counts, and which end-of-program dumps hold a data listener's counts (a thread that handled
samples and never dumped). Usage: threads.py RESULTS_DIRECTORY..."""

import collections
import re
import sys
from pathlib import Path


def dump_fields(path):
    text = path.read_text()
    label = re.search(r"^desc: Trigger: Client Request: (.*)$", text, re.M)
    total = re.search(r"^totals: (\d+)", text, re.M)
    return (label[1] if label else ""), (int(total[1]) if total else 0), text


for run in sys.argv[1:]:
    for stem in sorted(Path(run, "logs").glob("*.callgrind")):
        payloads = collections.defaultdict(list)
        for dump in stem.parent.glob(stem.name + ".*"):
            numbers = re.search(r"\.(\d+)-(\d+)$", dump.name)
            label, total, _ = dump_fields(dump)
            if numbers and label.startswith("latency-gate payload="):
                payloads[label.split(" round")[0]].append((int(numbers[1]), int(numbers[2]), total))
        unclosed = []
        for dump in stem.parent.glob(stem.name + "-*"):
            _, total, text = dump_fields(dump)
            if "on_data_available" in text or "process_new_data" in text:
                unclosed.append((dump.name[-2:], total))
        print(stem.name)
        for label, dumps in sorted(payloads.items()):
            print("   ", label, "threads", sorted({thread for _, thread, _ in dumps}),
                  "totals", [total for _, _, total in sorted(dumps)])
        print("    end-of-program dumps with a data listener (thread, total):", unclosed)
