"""Cross-check Apex.AI's perf_test against the project's own harnesses on the same DDS.

perftest-fastdds and perftest-cyclonedds (runner/middleware/perftest.py) drive Fast DDS and
Cyclone DDS through perf_test 2.3.0's round-trip mode; LatencyTest and CycloneLatency drive the
same libraries (Debian's Fast DDS 2.9.1 and Cyclone DDS 0.10.2) with the same configuration
files, keep-last 1, volatile, the same payloads (N bytes of serialized data), the same CPUs
(the pinging side on the preset's first CPU, the echoing side on its second), SCHED_FIFO and
the CPU-idle hold, and one sample in flight. What differs is the harness:

* where a sample is taken: LatencyTest and CycloneLatency echo and stamp in the DDS
  data-available listener, on the receive thread; perf_test's sides wait on a waitset (Cyclone
  DDS) or DataReader::wait_for_unread_message (Fast DDS) on a thread of their own, so each hop
  also wakes that thread;
* pacing: LatencyTest sends the next sample as soon as the echo is in; perf_test's main side
  publishes from a thread of its own at a fixed rate (1 kHz here, its default), every sample
  from a sleep;
* perf_test does not subtract the clock's cost (~0.03 us) and keeps round trips over 100 ms.

To tell these apart from what the machine does, perf_test also runs at 5 kHz (a sample every
200 us, still more than a round trip here), which takes most of the pacing's idle time out of
each sample's period; and a second phase counts thread wake-ups per round trip (voluntary
context switches, a count, not a time) on `interprocess_reliable` at 16 B: for the listener
programs, of every process a run of WAKEUP_SAMPLES round trips ran (getrusage of the reaped
children, start-up included: a few hundred switches, ~0.01 per round trip); for perf_test, of
its two processes' threads over a WAKEUP_WINDOW_S window in mid-run (/proc), divided by the
round trips its main side made in it (its rate x the window: one sample per period, each echoed;
the whole run would also count the up to a second of unrecorded round trips before perf_test's
once-a-second check ends it).

The arms run interleaved: per round, every (arm, sub-experiment) in a random order, so the
drift of a shared machine hits all alike; each run is the runner's (runner/experiment.py), under
the real-time preset, with its own DDS domain. The table pools each arm's rounds per payload
(one-way latency in us, the spec's summary statistics).

    .venv/bin/python benchmarks/perftest_crosscheck.py --output DIR [--rounds 3] [--samples 2000]

Takes about rounds x 2.5 min + 1 min with the defaults. Writes DIR/results.csv and
DIR/wakeups.csv and prints them.
"""

import argparse
import io
import re
import resource
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate.analysis.statistics import summarise
from latency_gate.contracts.formats import measurements_path, read_measurements, write_csv
from latency_gate.errors import EXIT_OK
from latency_gate.runner import experiment
from latency_gate.runner.middleware import perftest
from latency_gate.runner.run_spec import RunSpec

# label: (middleware, perf_test's rate or None)
ARMS = {
    "LatencyTest": ("fastdds", None),
    "perf_test Fast DDS": ("perftest-fastdds", perftest.RATE_HZ),
    "perf_test Fast DDS 5 kHz": ("perftest-fastdds", 5000),
    "CycloneLatency": ("cyclonedds", None),
    "perf_test Cyclone DDS": ("perftest-cyclonedds", perftest.RATE_HZ),
    "perf_test Cyclone DDS 5 kHz": ("perftest-cyclonedds", 5000),
    "socket floor": ("socket", None),
}
SUBEXPERIMENTS = ("interprocess_best_effort", "interprocess_reliable", "interprocess_reliable_security")
PAYLOADS = (16, 1024, 16384)
WAKEUP_SAMPLES = 20000
WAKEUP_WINDOW_S = 3


def run_arm(directory, label, spec):
    """One run of an arm, its middleware and perf_test's rate set."""
    middleware, rate = ARMS[label]
    if rate:
        perftest.RATE_HZ = rate  # read when the backend builds its commands
    code = experiment.run_experiment(directory, replace(spec, middleware=middleware, baseline_s=0),
                                     out=io.StringIO())
    if code != EXIT_OK:
        raise SystemExit(f"{directory}: {label} failed (see metadata.json and logs/ there)")


def switches_of(run_id):
    """Voluntary context switches so far of every thread of the processes a run started."""
    marker = f"{experiment.RUN_ID_VARIABLE}={run_id}".encode()
    total = 0
    for process in Path("/proc").iterdir():
        try:
            if marker not in (process / "environ").read_bytes().split(b"\0"):
                continue
            for task in (process / "task").iterdir():
                total += int(re.search(r"^voluntary_ctxt_switches:\s+(\d+)", (task / "status").read_text(), re.M)[1])
        except (OSError, TypeError):
            continue  # not ours, or gone
    return total


def wakeups(directory, label):
    """Thread wake-ups per round trip of an arm on interprocess_reliable at 16 B (module docstring)."""
    middleware, rate = ARMS[label]
    spec = RunSpec(subexperiments=("interprocess_reliable",), payloads=(16,), run_id=f"wakeups-{label.replace(' ', '-')}")
    if not rate:
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_nvcsw
        run_arm(directory, label, replace(spec, samples=WAKEUP_SAMPLES))
        return (resource.getrusage(resource.RUSAGE_CHILDREN).ru_nvcsw - before) / WAKEUP_SAMPLES
    runner = threading.Thread(target=run_arm, args=(directory, label,
                                                    replace(spec, samples=rate * (WAKEUP_WINDOW_S + 4))))
    runner.start()
    log = directory / "logs" / "interprocess_reliable_main.log"
    while runner.is_alive() and not (log.exists() and "16 bytes" in log.read_text()):
        time.sleep(0.05)
    time.sleep(1.5)  # started, discovered, echoing
    first = switches_of(spec.run_id)
    time.sleep(WAKEUP_WINDOW_S)
    per_round_trip = (switches_of(spec.run_id) - first) / (rate * WAKEUP_WINDOW_S)
    runner.join()
    return per_round_trip


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1125)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    cells = [(label, name) for label, (middleware, _) in ARMS.items() for name in SUBEXPERIMENTS
             if not (middleware == "socket" and name.endswith("_security"))]
    runs = []
    started = time.monotonic()
    for round_number in range(1, args.rounds + 1):
        for index in rng.permutation(len(cells)):
            label, name = cells[index]
            directory = args.output / "runs" / f"round-{round_number:02d}" / label.replace(" ", "-") / name
            run_arm(directory, label, RunSpec(subexperiments=(name,), payloads=PAYLOADS, samples=args.samples))
            runs.append({"arm": label, "subexperiment": name, "directory": directory})
            print(f"round {round_number} {label:28} {name:32} {time.monotonic() - started:5.0f} s", file=sys.stderr,
                  flush=True)
    rows = []
    for (label, name), group in pd.DataFrame(runs).groupby(["arm", "subexperiment"], sort=False):
        measurements = pd.concat([read_measurements(measurements_path(directory, name))
                                  for directory in group["directory"]], ignore_index=True)
        rows.append(summarise(measurements)[["Bytes", "Samples", "Min", "Median", "Mean", "99%"]].assign(
            arm=label, subexperiment=name))
    table = pd.concat(rows, ignore_index=True)[["subexperiment", "arm", "Bytes", "Samples", "Min", "Median", "Mean",
                                                "99%"]].sort_values(["subexperiment", "Bytes", "arm"])
    write_csv(table, args.output / "results.csv")
    print(table.to_string(index=False))
    counted = pd.DataFrame([{"arm": label, "wakeups_per_round_trip": round(wakeups(
        args.output / "wakeups" / label.replace(" ", "-"), label), 2)} for label in ARMS])
    write_csv(counted, args.output / "wakeups.csv")
    print(counted.to_string(index=False))
    print(f"{time.monotonic() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
