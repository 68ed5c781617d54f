"""Cross-check CycloneLatency against Cyclone DDS's own latency tool, ddsperf.

CycloneLatency (pingpong/src/cyclone_latency.c) is the project's own ping-pong on Cyclone
DDS; if it measured something odd (a slow path, a wrong timestamp, a wrong payload size),
its numbers would disagree with ddsperf's `ping`/`pong`, written by Cyclone's authors. Both
time a full round trip on the pinging side and report half of it; this script compares
round trips (2 x the reported one-way values) on this machine under the same conditions.
CycloneLatency takes samples as Fast DDS's LatencyTest does, in a data-available listener on
Cyclone's receive thread (the subscriber echoes there, the publisher stamps the echo's
arrival there), so its counterpart is ddsperf's default listener mode; ddsperf's waitset
mode (an application thread woken per sample: 2 more wake-ups per round trip) is run too,
for reference.

* inter-process over UDP loopback, reliable, keep-last 1, volatile, the same Cyclone
  configuration (the runner's cyclonedds/interprocess_reliable.xml rendered for one host,
  which CycloneLatency loads with --config and ddsperf through CYCLONEDDS_URI);
* the same CPU pinning: the pinging side (ddsperf ping, CycloneLatency publisher) on CPU 0,
  the echoing side (ddsperf pong, CycloneLatency subscriber) on CPU 1;
* the same serialized payload: CycloneLatency's N bytes are uint32 seqnum + uint32 sequence
  length + N - 8 octets; ddsperf's KS topic with `size N` is uint32 seq + uint32 key +
  uint32 sequence length + N - 12 octets (ddsperf.c: baggagesize = size - 12). Both are N
  bytes of CDR after the same 4-byte encapsulation header, so `ping size N` is payload N;
* a fresh DDS domain id (100, 101, ...) per run, so runs never discover each other;
* interleaved runs: for each pair, for each payload, ddsperf with waitsets, ddsperf with
  listeners (its default), then CycloneLatency (listener), so a shared machine's drift hits
  all three alike. CycloneLatency takes as many samples as the ddsperf listener run just
  before it made round trips, so both have the same chance at a low minimum.

ddsperf prints no raw samples. Its ping side prints, once a second, one line per pong
writer (ddsperf.c, latencystat_print), e.g.

    [13196] 2.000  vm:13195 size 1024 mean 59.384us min 18.324us 50% 24.455us 90% 30.898us 99% 1810.729us max 4160.961us cnt 8398

i.e. "size S mean Xus min Xus 50% Xus 90% Xus 99% Xus max Xus cnt N" over that second's
round trips, each value (now - send time) / 2. Every line holding that sequence counts,
whatever precedes it; other lines (participants, rss/vcsw, cpu) are ignored. A run's
statistics from those seconds: min = the lowest min, mean = the count-weighted mean,
median and p99 = the median over the seconds' 50% and 99% values (ddsperf ranks at most
20,000 round trips per second; at these rates it ranks all of them). CycloneLatency's are
from its raw CSV (one-way = round trip / 2 - 0.035 us clock cost; x2 here).

Across a payload's runs the table gives: min = lowest run min, median and p99 = median of
the runs' values, mean = sample-weighted, samples = total round trips, and csw/rt = both
processes' voluntary context switches (getrusage of the reaped children, discovery
included) per round trip: the number of thread wake-ups a round trip costs (CycloneLatency's
publisher also wakes its main thread once per round trip, after the arrival is stamped: 3,
of which 2 are in the measured time).

    .venv/bin/python benchmarks/ddsperf_crosscheck.py [--pairs 3] [--seconds 10] [--output DIR]

Takes about pairs x 3 payloads x 3 runs x (seconds + ~1.5 s): ~5 minutes with the defaults.
"""

import argparse
import datetime
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate.runner.middleware.common import render_configuration
from latency_gate.runner.topology import LOOPBACK

REPO = Path(__file__).resolve().parents[1]
CYCLONE_LATENCY = REPO / "build/colcon/install/pingpong/bin/CycloneLatency"
TEMPLATE_DIRECTORY = REPO / "scripts/latency_gate/runner/profiles/cyclonedds"
TEMPLATE = "interprocess_reliable.xml"
PAYLOADS = (16, 1024, 16384)
PING_CPU, PONG_CPU = "0", "1"      # ddsperf ping / CycloneLatency publisher; pong / subscriber
FIRST_DOMAIN, LAST_DOMAIN = 100, 200
DDSPERF_LINE = (r"size (?P<size>\d+) mean (?P<mean>[\d.]+)us min (?P<min>[\d.]+)us 50% (?P<p50>[\d.]+)us"
                r" 90% (?P<p90>[\d.]+)us 99% (?P<p99>[\d.]+)us max (?P<max>[\d.]+)us cnt (?P<cnt>\d+)")
COLUMNS = ["payload", "tool", "mode", "runs", "samples", "min_us", "median_us", "mean_us", "p99_us", "csw_per_rt"]


def fail(message):
    sys.exit(f"ddsperf_crosscheck: error: {message}")


def progress(message):
    print(message, file=sys.stderr, flush=True)


def render_one_host_configuration(directory):
    """The runner's configuration for one host (both sides at 127.0.0.1), as it renders it."""
    text = render_configuration(TEMPLATE_DIRECTORY, TEMPLATE, ("CycloneDDS",), {"counted_heartbeats": ""},
                                certs_dir="unused", role="pub", tcp_port=-1, tcp_listening_port=-1,
                                own_address=LOOPBACK, peer_address=LOOPBACK, publisher_address=LOOPBACK)
    path = directory / "cyclonedds.xml"
    path.write_text(text, encoding="utf-8")
    return path


def check_tools():
    if shutil.which("ddsperf") is None:
        fail("ddsperf not found on PATH (Debian/Ubuntu package cyclonedds-tools)")
    if shutil.which("taskset") is None:
        fail("taskset not found on PATH (package util-linux)")
    if not os.access(CYCLONE_LATENCY, os.X_OK):
        fail(f"{CYCLONE_LATENCY} is missing: build the pingpong package with colcon first")
    if not (TEMPLATE_DIRECTORY / TEMPLATE).is_file():
        fail(f"{TEMPLATE_DIRECTORY / TEMPLATE} is missing")
    if os.cpu_count() < 2:
        fail("needs 2 CPUs (ping side pinned to CPU 0, pong side to CPU 1)")


def run_pinned_pair(background_argv, foreground_argv, config, timeout, stop_background):
    """Starts the background side pinned to CPU 1, runs the foreground side pinned to CPU 0
    until it exits, then stops the background side (SIGTERM) or waits for it to end on its
    own; returns both sides' stdout. Both load the Cyclone configuration `config`."""
    env = dict(os.environ, CYCLONEDDS_URI=config.as_uri())
    background = subprocess.Popen(["taskset", "-c", PONG_CPU, *background_argv], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        foreground = subprocess.run(["taskset", "-c", PING_CPU, *foreground_argv], env=env,
                                    capture_output=True, text=True, timeout=timeout)
    finally:
        if stop_background:
            background.terminate()  # ddsperf stops cleanly on SIGTERM; our programs on their stop message
        try:
            background_output, background_errors = background.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            background.kill()
            background_output, background_errors = background.communicate()
    if foreground.returncode != 0:
        fail(f"{' '.join(foreground_argv)} exited with {foreground.returncode}: "
             f"{(foreground.stderr or background_errors).strip()[-300:]}")
    return background_output, foreground.stdout


def ping_pong(pong_argv, ping_argv, config, timeout, stop_pong):
    """Runs the echo side pinned to PONG_CPU and the pinging side pinned to PING_CPU; returns
    the pinging side's stdout and both processes' voluntary context switches."""
    switches = resource.getrusage(resource.RUSAGE_CHILDREN).ru_nvcsw
    _, output = run_pinned_pair(pong_argv, ping_argv, config, timeout, stop_pong)
    return output, resource.getrusage(resource.RUSAGE_CHILDREN).ru_nvcsw - switches


def run_ddsperf(payload, mode, domain, seconds, config):
    """One ddsperf ping/pong run; per-second round-trip statistics as a DataFrame."""
    pong = ["ddsperf", "-i", str(domain), "-D", str(seconds + 30), "pong", mode]
    ping = ["ddsperf", "-i", str(domain), "-D", str(seconds), "ping", "size", str(payload), mode]
    output, switches = ping_pong(pong, ping, config, timeout=seconds + 60, stop_pong=True)
    seconds_df = pd.Series(output.splitlines(), dtype=str).str.extract(DDSPERF_LINE).dropna()
    seconds_df = seconds_df.astype({"size": int, "cnt": int}).astype(
        {c: float for c in ("mean", "min", "p50", "p90", "p99", "max")})
    if seconds_df.empty:
        fail(f"ddsperf ping in domain {domain} printed no latency line (did the pong side match?)")
    if (seconds_df["size"] != payload).any():
        fail(f"ddsperf reports size {seconds_df['size'].iloc[0]} for payload {payload}")
    count = seconds_df["cnt"].sum()
    return {
        "samples": count,
        "min_us": 2 * seconds_df["min"].min(),
        "median_us": 2 * seconds_df["p50"].median(),
        "mean_us": 2 * np.average(seconds_df["mean"], weights=seconds_df["cnt"]),
        "p99_us": 2 * seconds_df["p99"].median(),
        "switches": switches,
    }


def run_cyclone_latency(payload, domain, samples, workdir, config):
    """One CycloneLatency publisher/subscriber run; statistics of its raw round trips."""
    demands, raw = workdir / "demands.txt", workdir / f"raw-{domain}.csv"
    demands.write_text(f"{payload};\n")
    common = ["--samples", str(samples), "--file", str(demands), "--domain", str(domain),
              "--reliability", "reliable", "--config", str(config)]
    _, switches = ping_pong([str(CYCLONE_LATENCY), "subscriber", *common],
                            [str(CYCLONE_LATENCY), "publisher", *common, "--export_raw_data", str(raw)],
                            config, timeout=600, stop_pong=False)
    data = pd.read_csv(raw)
    if data.empty or (data["Payload [Bytes]"] != payload).any():
        fail(f"{raw}: no samples of {payload} bytes")
    round_trips = 2 * data["Latency [us]"].to_numpy()
    return {
        "samples": len(round_trips),
        "min_us": round_trips.min(),
        "median_us": np.median(round_trips),
        "mean_us": round_trips.mean(),
        "p99_us": np.percentile(round_trips, 99),
        "switches": switches,
    }


def summarize(runs):
    """One row per payload, tool and mode over its interleaved runs."""
    runs = runs.assign(weighted=runs["mean_us"] * runs["samples"])
    table = runs.groupby(["payload", "tool", "mode"], sort=False).agg(
        runs=("samples", "size"), samples=("samples", "sum"), min_us=("min_us", "min"),
        median_us=("median_us", "median"), weighted=("weighted", "sum"), p99_us=("p99_us", "median"),
        switches=("switches", "sum")).reset_index()
    table["mean_us"] = table["weighted"] / table["samples"]
    table["csw_per_rt"] = table["switches"] / table["samples"]
    return table.sort_values(["payload", "tool", "mode"], kind="stable")[COLUMNS].round(
        {"min_us": 1, "median_us": 1, "mean_us": 1, "p99_us": 1, "csw_per_rt": 2})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=3, help="interleaved rounds per payload (default 3)")
    parser.add_argument("--seconds", type=int, default=10, help="seconds per ddsperf run (default 10)")
    parser.add_argument("--output", type=Path,
                        default=REPO / f"benchmarks/results/cyclonedds-ddsperf-{datetime.date.today()}")
    args = parser.parse_args()
    runs_total = args.pairs * len(PAYLOADS) * 3
    if args.pairs < 1 or args.seconds < 2 or FIRST_DOMAIN + runs_total - 1 > LAST_DOMAIN:
        fail(f"--pairs 1..{(LAST_DOMAIN - FIRST_DOMAIN + 1) // (3 * len(PAYLOADS))} and --seconds >= 2")
    check_tools()
    args.output.mkdir(parents=True, exist_ok=True)

    results, domain = [], FIRST_DOMAIN
    with tempfile.TemporaryDirectory() as workdir:
        config = render_one_host_configuration(Path(workdir))
        for pair in range(1, args.pairs + 1):
            for payload in PAYLOADS:
                for tool, mode in (("ddsperf", "waitset"), ("ddsperf", "listener"), ("CycloneLatency", "listener")):
                    if tool == "ddsperf":
                        result = run_ddsperf(payload, mode, domain, args.seconds, config)
                    else:   # as many round trips as the ddsperf listener run just before
                        result = run_cyclone_latency(payload, domain, results[-1]["samples"], Path(workdir),
                                                     config)
                    results.append(dict(result, payload=payload, tool=tool, mode=mode, pair=pair, domain=domain))
                    progress(f"[{len(results)}/{runs_total}] pair {pair} {payload} B {tool} {mode} domain {domain}: "
                             f"round trip median {result['median_us']:.1f} us, min {result['min_us']:.1f} us, "
                             f"{result['samples']} samples, {result['switches'] / result['samples']:.2f} csw/rt")
                    domain += 1

    table = summarize(pd.DataFrame(results))
    table.to_csv(args.output / "results.csv", index=False)
    print(table.to_string(index=False))
    progress(f"wrote {args.output / 'results.csv'}")


if __name__ == "__main__":
    main()
