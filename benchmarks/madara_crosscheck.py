"""Cross-check MadaraLatency against MADARA's own profiler, network_profiler.

MadaraLatency (pingpong_madara/src/madara_latency.cpp) is the project's ping-pong on MADARA
knowledge bases; network_profiler (third_party/madara/tests/transports/network_profiler.cpp,
MADARA's author's) publishes a variable at a fixed rate and its subscriber reports one-way
latency: min / avg / max of (arrival on the subscriber's read thread - the sender's stamp in
the message header), both read from MADARA's clock on the same host, in MADARA's aggregate
receive filter, where MadaraLatency also takes its samples. No per-sample values. So the
comparison is network_profiler's one-way min and average against MadaraLatency's one-way
(round trip / 2) min and mean, on this machine under the same conditions:

* the same MADARA build: network_profiler is the `network_profiler` target of the same colcon
  package, on the same static library (this script builds it; the set-up does not);
* UDP unicast on loopback, each side binding its own port, the same queue_length (MADARA's
  buffer: the largest message, and the socket buffers it asks for; default 1,000,000 B,
  network_profiler's; the wiki page's "deep" is 50,000,000), read_thread_hertz 0
  (network_profiler's: the read thread never sleeps between reads of its non-blocking socket);
* MadaraLatency twice: `read_wait madara` (MADARA's own read loop, as network_profiler) and
  `read_wait poll` (the profile's: the read thread waits in poll() for a datagram);
* the same CPUs: publisher on CPU 0, subscriber on CPU 1, CPU idle held (a PM QoS request of
  0 us, as the runner's preset), normal scheduling: a read thread that never sleeps would
  starve its process's other threads under SCHED_FIFO;
* network_profiler paced at --send-hz (0: unpaced, as the wiki page's runs, which floods the
  socket and measures queueing); its message is the variable data0 of N bytes plus the
  integer num_vars; MadaraLatency's is one binary variable of N bytes (length and sequence
  number first);
* interleaved: for each round, for each payload, network_profiler, then MadaraLatency in
  both modes with as many samples as network_profiler's subscriber received (at most
  --max-samples).

The payloads are the wiki page's (MADARA's KnowledgePerformance: 128 B, 64 KB, 500 KB).

    .venv/bin/python benchmarks/madara_crosscheck.py [--rounds 3] [--seconds 5] [--send-hz 1000]
        [--queue-length 1000000] [--payloads 128 64000 500000] [--output DIR]

Takes about rounds x payloads x (seconds + 3 s): ~1.5 minutes with the defaults.
"""

import argparse
import datetime
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pandas as pd

from latency_gate.runner.domain_lease import PEER_PORT_OFFSET, DomainLease
from latency_gate.runner.middleware import interface, madara
from latency_gate.runner.middleware.common import REPOSITORY, Subexperiment, build_directory
from latency_gate.runner.realtime import CpuIdleHold
from latency_gate.runner.topology import Topology

PUBLISHER_CPU, SUBSCRIBER_CPU = "0", "1"
PROFILER_LINE = re.compile(r"^\s+(Min|Avg|Max): (\d+) ns$|^\s+Messages received: (\d+)$", re.MULTILINE)
COLUMNS = ["payload", "tool", "read_wait", "runs", "samples", "min_us", "mean_us", "max_us"]


def fail(message):
    sys.exit(f"madara_crosscheck: error: {message}")


def progress(message):
    print(message, file=sys.stderr, flush=True)


def build_network_profiler():
    package = build_directory() / "colcon" / "build" / "pingpong_madara"
    if not (package / "CMakeCache.txt").is_file():
        fail(f"{package} is not configured: run scripts/setup/build_latencytest.sh --all first")
    subprocess.run(["cmake", "--build", str(package), "--target", "network_profiler"], check=True,
                   stdout=subprocess.DEVNULL)
    return package / "network_profiler"


def pinned(cpu, argv):
    return ["taskset", "-c", cpu, *map(str, argv)]


def run_network_profiler(binary, payload, seconds, send_hz, queue_length, lease):
    """One paced publisher/subscriber run on MadaraLatency's ports; the subscriber's one-way
    statistics in us. Each side's first -u is the address it binds."""
    publisher, subscriber = (f"127.0.0.1:{port}" for port in (lease.tcp_port, lease.tcp_port + PEER_PORT_OFFSET))
    common = ["-q", queue_length, "-s", payload]
    receiving = subprocess.Popen(pinned(SUBSCRIBER_CPU, [binary, "-i", "1", "-u", subscriber, "-u", publisher,
                                                         "-t", seconds + 2, *common]),
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        subprocess.run(pinned(PUBLISHER_CPU, [binary, "-i", "0", "-u", publisher, "-u", subscriber, "-t", seconds,
                                              *(["--send-hz", send_hz] if send_hz else []), *common]),
                       check=True, capture_output=True, timeout=seconds + 60)
        report = receiving.communicate(timeout=60)[1]
    finally:
        receiving.kill()
        receiving.wait()
    values = {}
    for match in PROFILER_LINE.finditer(report):
        if match[1]:
            values[match[1]] = int(match[2]) / 1000
        else:
            values["received"] = int(match[3])
    if "Subscriber received no data" in report:  # the wiki page's "Test: FAIL."
        return {"samples": 0}
    if len(values) != 4:
        fail(f"network_profiler's subscriber printed no report for {payload} B:\n{report[-500:]}")
    return {"samples": values["received"], "min_us": values["Min"], "mean_us": values["Avg"],
            "max_us": values["Max"]}


def madara_settings(directory, lease, role, read_wait, queue_length):
    """The runner's interprocess_best_effort settings for one host, read_wait and queue_length as asked."""
    configuration = interface.configuration(Subexperiment("interprocess_best_effort"),
                                             madara.PROGRAMS["latency"].profiles, directory, lease.tcp_port,
                                             lease.domain, Topology())
    text = madara._configuration(configuration, role, "unused")
    expected = ("<read_wait>poll</read_wait>", "<queue_length>1000000</queue_length>")
    if not all(setting in text for setting in expected):
        fail("profiles/madara/interprocess_best_effort.xml no longer has the settings this cross-check assumes")
    path = directory / f"{role}-{read_wait}.xml"
    path.write_text(text.replace(expected[0], f"<read_wait>{read_wait}</read_wait>")
                    .replace(expected[1], f"<queue_length>{queue_length}</queue_length>"))
    return path


def run_madara_latency(directory, lease, payload, samples, read_wait, queue_length):
    """One MadaraLatency run; one-way (round trip / 2) statistics of its raw samples in us."""
    program = madara.PROGRAMS["latency"].default()
    payloads, raw = directory / "payloads.csv", directory / "raw.csv"
    payloads.write_text(f"{payload};")
    common = ["--file", payloads, "--domain", lease.domain]
    subscriber = subprocess.Popen(pinned(SUBSCRIBER_CPU, [program, "subscriber", "--config",
                                                          madara_settings(directory, lease, "subscriber", read_wait,
                                                                          queue_length),
                                                          *common]), stdout=subprocess.DEVNULL)
    try:
        done = subprocess.run(pinned(PUBLISHER_CPU, [program, "publisher", "--config",
                                                     madara_settings(directory, lease, "publisher", read_wait,
                                                                     queue_length), *common,
                                                     "--samples", samples, "--export_raw_data", raw]),
                              capture_output=True, text=True, timeout=600)
    finally:
        subscriber.kill()
        subscriber.wait()
    if done.returncode != 0:  # every message of the payload lost: no echo to the handshake
        progress(f"MadaraLatency ({read_wait}) at {payload} B: {done.stderr.strip()}")
        return {"samples": 0}
    one_way = pd.read_csv(raw)["Latency [us]"]
    return {"samples": len(one_way), "min_us": one_way.min(), "mean_us": one_way.mean(), "max_us": one_way.max()}


def summarize(runs):
    """One row per payload, tool and read wait over its rounds: lowest min, sample-weighted mean, highest max."""
    runs = runs.assign(weighted=runs["mean_us"] * runs["samples"])
    table = runs.groupby(["payload", "tool", "read_wait"], sort=False).agg(
        runs=("samples", "size"), samples=("samples", "sum"), min_us=("min_us", "min"),
        weighted=("weighted", "sum"), max_us=("max_us", "max")).reset_index()
    table["mean_us"] = table["weighted"] / table["samples"]
    return table[COLUMNS].round(2)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=5, help="network_profiler's publishing time per run")
    parser.add_argument("--send-hz", type=int, default=1000, help="network_profiler's publishing rate (0: unpaced)")
    parser.add_argument("--queue-length", type=int, default=1000000, help="MADARA's buffer size, both tools")
    parser.add_argument("--max-samples", type=int, default=10000, help="MadaraLatency's samples per run at most")
    parser.add_argument("--payloads", type=int, nargs="+", default=[128, 64000, 500000])
    parser.add_argument("--output", type=Path, default=REPOSITORY / "benchmarks/results" /
                        f"madara-network-profiler-{datetime.date.today():%Y-%m-%d}")
    args = parser.parse_args()
    if (os.cpu_count() or 1) < 2:
        fail("needs 2 CPUs (publisher pinned to CPU 0, subscriber to CPU 1)")
    profiler = build_network_profiler()
    lease, idle = DomainLease(), CpuIdleHold()
    refused = idle.acquire()
    if refused:
        progress(f"warning: {refused}")
    rows = []
    try:
        with tempfile.TemporaryDirectory() as scratch:
            for round_number in range(1, args.rounds + 1):
                for payload in args.payloads:
                    measured = run_network_profiler(profiler, payload, args.seconds, args.send_hz,
                                                    args.queue_length, lease)
                    rows.append({"payload": payload, "tool": "network_profiler", "read_wait": "madara", **measured})
                    samples = min(measured["samples"], args.max_samples) or args.max_samples
                    for read_wait in ("madara", "poll"):
                        rows.append({"payload": payload, "tool": "MadaraLatency", "read_wait": read_wait,
                                     **run_madara_latency(Path(scratch), lease, payload, samples, read_wait,
                                                          args.queue_length)})
                    progress(f"round {round_number}/{args.rounds}  {payload} B  done")
    finally:
        idle.release()
        lease.release()
    args.output.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(rows).to_csv(args.output / "runs.csv", index=False)
    table = summarize(pd.DataFrame(rows))
    table.to_csv(args.output / "crosscheck.csv", index=False)
    print(table.to_string(index=False))
    pace = f"{args.send_hz} Hz" if args.send_hz else "unpaced"
    print(f"one-way latency in us; queue_length {args.queue_length} B; "
          f"CPU idle {'left to the OS' if refused else 'held'}; "
          f"network_profiler {pace} for {args.seconds} s per run; written to {args.output}")


if __name__ == "__main__":
    main()
