"""Cross-check CycloneThroughput against Cyclone DDS's own throughput tool, ddsperf.

CycloneThroughput (pingpong/src/cyclone_throughput.c) is the project's ThroughputTest method
on Cyclone DDS; if it measured something odd (a slow path, a wrong count, a wrong payload
size), its numbers would disagree with ddsperf's `pub`/`sub`, written by Cyclone's authors.
How the two methods relate:

* what is sent: ThroughputTest writes bursts of `demand` samples and rests the recovery time
  minus the burst's own time after each; with no rest it writes as fast as it can, which is
  what `ddsperf pub` does without a rate (`pub R burst N` is the rest's counterpart: bursts of
  N at R bursts a second, paced over the whole run with 1 ms sleeps, ddsperf.c pubthread). So
  the comparable case is recovery time 0 against `pub` with no rate;
* the payload: CycloneThroughput's N bytes are uint32 seqnum + uint32 sequence length + N - 8
  octets; ddsperf's KS topic with `size N` is N bytes of CDR as well (seq, key, sequence
  length, N - 12 octets) and ddsperf counts N bytes a sample (topic_payload_size);
* batching: ddsperf 0.10.2 turns on Cyclone's write batching for the whole process
  (`dds_write_set_batch(true)`: samples written back to back share an RTPS message, one
  send for many); ThroughputTest has none, so CycloneThroughput runs without it by default.
  It runs here both ways (`--write_batch on|off`): with batching it is ddsperf's method and
  must match ddsperf's numbers; without, it shows what one message per sample costs;
* QoS: both reliable or both best effort (`-u`), keep-all, volatile; the same Cyclone
  configuration (the runner's cyclonedds/interprocess_*.xml rendered for one host, through
  --config and CYCLONEDDS_URI), publishing side on CPU 0, subscribing side on CPU 1
  (ddsperf_crosscheck.run_pinned_pair); both
  take samples in a data-available listener;
* what is reported: ThroughputTest's subscription throughput is received samples x payload
  bits over the subscriber's time from TEST_STARTS to TEST_ENDS (one number per case);
  `ddsperf sub` prints, each second, the bits received in that second (`rate ... Mb/s`). Its
  per-second values are taken over the seconds with data, the first and last dropped (they
  are partial: discovery, and the end of the run); the median of those is the run's number.

Each pair runs, per payload and reliability, ddsperf, then CycloneThroughput with and without
batching, for the same seconds, in a fresh DDS domain each, so a shared machine's drift hits
all three alike.

    .venv/bin/python benchmarks/ddsperf_throughput_crosscheck.py [--pairs 3] [--seconds 5] [--output DIR]

Takes about pairs x 3 payloads x 2 reliabilities x 3 runs x (seconds + ~2 s): ~8 minutes with the defaults.
"""

import argparse
import datetime
import os
import shutil
import tempfile
from pathlib import Path

import pandas as pd

from ddsperf_crosscheck import fail, progress, render_one_host_configuration, run_pinned_pair
from latency_gate.contracts import throughput_formats as tf

REPO = Path(__file__).resolve().parents[1]
CYCLONE_THROUGHPUT = REPO / "build/colcon/install/pingpong/bin/CycloneThroughput"
PAYLOADS = (64, 1024, 16384)
RELIABILITIES = ("best_effort", "reliable")
DEMAND = 1000
FIRST_DOMAIN, LAST_DOMAIN = 120, 220
DDSPERF_LINE = (r"size (?P<size>\d+) total (?P<total>\d+) lost (?P<lost_total>\d+) delta (?P<delta>\d+) "
                r"lost (?P<lost>\d+) rate (?P<ksps>[\d.]+) kS/s (?P<mbps>[\d.]+) Mb/s")
TOOLS = (("ddsperf", "batching"), ("CycloneThroughput", "batching"), ("CycloneThroughput", "no batching"))
COLUMNS = ["payload", "reliability", "tool", "mode", "runs", "median_mbps", "min_mbps", "max_mbps", "lost_fraction"]


def check_tools():
    for tool, package in (("ddsperf", "cyclonedds-tools"), ("taskset", "util-linux")):
        if shutil.which(tool) is None:
            fail(f"{tool} not found on PATH (Debian package {package})")
    if not os.access(CYCLONE_THROUGHPUT, os.X_OK):
        fail(f"{CYCLONE_THROUGHPUT} is missing: run scripts/setup/build_latencytest.sh first")
    if os.cpu_count() < 2:
        fail("needs 2 CPUs (publishing side pinned to CPU 0, subscribing side to CPU 1)")


def run_ddsperf(payload, reliability, domain, seconds, config):
    best_effort = ["-u"] if reliability == "best_effort" else []
    subscriber = ["ddsperf", "-i", str(domain), *best_effort, "-1", "sub"]
    publisher = ["ddsperf", "-i", str(domain), *best_effort, "-D", str(seconds), "pub", "size", str(payload)]
    output, _ = run_pinned_pair(subscriber, publisher, config, seconds + 60, stop_background=True)
    per_second = pd.Series(output.splitlines(), dtype=str).str.extract(DDSPERF_LINE).dropna().astype(float)
    per_second = per_second[per_second["delta"] > 0]
    if len(per_second) < 3:
        fail(f"ddsperf sub in domain {domain} printed {len(per_second)} seconds with data (did the sides match?)")
    if (per_second["size"] != payload).any():
        fail(f"ddsperf reports size {per_second['size'].iloc[0]:.0f} for payload {payload}")
    whole = per_second.iloc[1:-1]
    last = per_second.iloc[-1]
    return {"mbps": whole["mbps"].median(), "lost_fraction": last["lost_total"] / (last["total"] + last["lost_total"])}


def run_cyclone_throughput(payload, reliability, domain, seconds, workdir, config, batching):
    demands, recoveries, csv = workdir / "demands.csv", workdir / "recoveries.csv", workdir / f"out-{domain}.csv"
    demands.write_text(f"{payload};{DEMAND}\n")
    recoveries.write_text("0\n")
    common = ["--config", str(config), "--reliability", reliability, "--domain", str(domain),
              "--write_batch", "on" if batching else "off"]
    run_pinned_pair(
        [str(CYCLONE_THROUGHPUT), "subscriber", *common],
        [str(CYCLONE_THROUGHPUT), "publisher", *common, "--file", str(demands), "--recoveries_file", str(recoveries),
         "--time", str(seconds), "--export_csv", str(csv)],
        config, seconds + 60, stop_background=False)
    (row,) = tf.read_measurements(csv).to_dict("records")
    return {"mbps": row[tf.THROUGHPUT], "lost_fraction": row[tf.LOST] / row[tf.SENT]}


def summarize(runs):
    table = runs.groupby(["payload", "reliability", "tool", "mode"], sort=False).agg(
        runs=("mbps", "size"), median_mbps=("mbps", "median"), min_mbps=("mbps", "min"), max_mbps=("mbps", "max"),
        lost_fraction=("lost_fraction", "mean")).reset_index()
    return table[COLUMNS].round({"median_mbps": 1, "min_mbps": 1, "max_mbps": 1, "lost_fraction": 4})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument("--seconds", type=int, default=5, help="seconds per run (default 5; at least 3)")
    parser.add_argument("--output", type=Path,
                        default=REPO / f"benchmarks/results/cyclonedds-ddsperf-throughput-{datetime.date.today()}")
    args = parser.parse_args()
    runs_total = args.pairs * len(PAYLOADS) * len(RELIABILITIES) * len(TOOLS)
    if args.pairs < 1 or args.seconds < 3 or FIRST_DOMAIN + runs_total - 1 > LAST_DOMAIN:
        fail(f"--pairs 1..{(LAST_DOMAIN - FIRST_DOMAIN + 1) // (runs_total // args.pairs)} and --seconds >= 3")
    check_tools()
    args.output.mkdir(parents=True, exist_ok=True)

    results, domain = [], FIRST_DOMAIN
    with tempfile.TemporaryDirectory() as workdir:
        config = render_one_host_configuration(Path(workdir))
        for pair in range(1, args.pairs + 1):
            for payload in PAYLOADS:
                for reliability in RELIABILITIES:
                    for tool, mode in TOOLS:
                        if tool == "ddsperf":
                            result = run_ddsperf(payload, reliability, domain, args.seconds, config)
                        else:
                            result = run_cyclone_throughput(payload, reliability, domain, args.seconds,
                                                            Path(workdir), config, mode == "batching")
                        results.append(dict(result, payload=payload, reliability=reliability, tool=tool, mode=mode,
                                            pair=pair))
                        progress(f"[{len(results)}/{runs_total}] pair {pair} {payload} B {reliability} {tool} "
                                 f"({mode}) domain {domain}: {result['mbps']:.1f} Mb/s, "
                                 f"lost {result['lost_fraction']:.2%}")
                        domain += 1

    table = summarize(pd.DataFrame(results))
    table.to_csv(args.output / "results.csv", index=False)
    print(table.to_string(index=False))
    progress(f"wrote {args.output / 'results.csv'}")


if __name__ == "__main__":
    main()
