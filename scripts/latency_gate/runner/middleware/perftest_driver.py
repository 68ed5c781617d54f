"""One sub-experiment of the perftest-* backends (perftest.py): Apex.AI's perf_test in its
round-trip mode, once per payload, joined into LatencyTest's raw export.

perf_test measures one message type per process, so for every payload this program starts
the relay side (`--roundtrip-mode Relay`, the subscriber's: it echoes every sample on its own
topic), then the main side (`--roundtrip-mode Main`, the publisher's: it publishes at its
rate and records each echo's round trip, patches/0005) for samples + 1 round trips, and ends
the relay once the main side is done (killed: asked to stop, it would sit out its 15 s wait
for a sample that no longer comes; a relay that ended earlier is a failure), subscriber
first as the runner starts every other program. The first round trip of each payload, the one that
shows both sides found each other, is dropped, as LatencyTest's first unrecorded one; the
rest go to the raw export with one running sample number, as LatencyTest writes it.

Run by path with the standard library only (no package import: it starts once per
sub-experiment). Exit 0 done, 1 a side failed or a payload got no round trip, 2 bad usage.
"""

import argparse
import math
import shlex
import subprocess
import sys
from pathlib import Path

HEADER = "Sample,Payload [Bytes],Latency [us]"
DISCOVERY_LIMIT_S = 30  # as the project's ping-pong programs wait for their peer


def message_type(payload):
    """perf_test's message of exactly `payload` bytes (patches/0002: Array16 .. Array64k)."""
    return f"Array{payload // 1024}k" if payload >= 1024 else f"Array{payload}"


def parse(argv):
    parser = argparse.ArgumentParser(prog="perftest_driver", description=__doc__.split("\n\n")[0])
    parser.add_argument("--payloads", required=True, type=lambda text: [int(p) for p in text.split(",")])
    parser.add_argument("--samples", required=True, type=int)
    parser.add_argument("--rate", required=True, type=int, help="the main side's publishing rate, Hz")
    parser.add_argument("--export_raw_data", required=True, type=Path)
    parser.add_argument("--logs", required=True, type=Path, help="where each side's output goes")
    parser.add_argument("--name", required=True, help="the sub-experiment, naming the logs")
    parser.add_argument("--relay", required=True, type=shlex.split, help="the relay side's command, without --msg")
    parser.add_argument("--main", required=True, type=shlex.split, help="the main side's command, without --msg")
    return parser.parse_args(argv)


def run_payload(arguments, payload, logs):
    """The main side's recorded latencies of one payload (its first round trip dropped); raises
    RuntimeError naming the side that failed. logs: {side: its open log}."""
    message = ["--msg", message_type(payload)]
    part = arguments.export_raw_data.with_name(f"{arguments.export_raw_data.name}.{payload}")
    part.unlink(missing_ok=True)
    limit_s = math.ceil((arguments.samples + 1) / arguments.rate) + DISCOVERY_LIMIT_S
    for log in logs.values():
        print(f"--- {payload} bytes", file=log, flush=True)
    relay = subprocess.Popen(arguments.relay + message, stdout=logs["relay"], stderr=subprocess.STDOUT)
    try:
        main = subprocess.run(arguments.main + message + [
            "--samples", str(arguments.samples + 1), "--max-runtime", str(limit_s),
            "--export-raw-data", str(part)], stdout=logs["main"], stderr=subprocess.STDOUT)
    finally:
        relay_ended = relay.poll()
        # A relay asked to stop leaves its waitset only on the next sample or after 15 s (the
        # plugins' wait): with the main side gone there is none, so it is ended, not asked.
        relay.kill()
        relay.wait()
    if main.returncode != 0:
        raise RuntimeError(f"{payload} bytes: the main side exited {main.returncode} (logs/{arguments.name}_main.log)")
    if relay_ended is not None:
        raise RuntimeError(f"{payload} bytes: the relay side exited {relay_ended} before the main side was done "
                           f"(logs/{arguments.name}_relay.log)")
    try:
        lines = part.read_text().splitlines()
    except OSError as error:
        raise RuntimeError(f"{payload} bytes: the main side wrote no raw data: {error.strerror}") from None
    finally:
        part.unlink(missing_ok=True)
    if not lines or lines[0] != HEADER:
        raise RuntimeError(f"{payload} bytes: the main side's raw data has no '{HEADER}' header")
    rows = [line.split(",") for line in lines[2:]]  # the header, then the first round trip
    if not rows:
        raise RuntimeError(f"{payload} bytes: no round trip within {limit_s} s: the relay side did not answer")
    sizes = {size for _, size, _ in rows}
    if sizes != {str(payload)}:
        raise RuntimeError(f"{payload} bytes: {message_type(payload)} samples are {', '.join(sorted(sizes))} bytes")
    return [latency for _, _, latency in rows]


def main(argv=None):
    arguments = parse(argv)
    recorded = []
    try:
        with (open(arguments.logs / f"{arguments.name}_relay.log", "w") as relay_log,
              open(arguments.logs / f"{arguments.name}_main.log", "w") as main_log):
            for payload in arguments.payloads:
                latencies = run_payload(arguments, payload, {"relay": relay_log, "main": main_log})
                print(f"{payload} bytes: {len(latencies)} of {arguments.samples} samples", flush=True)
                recorded += [(payload, latency) for latency in latencies]
    except RuntimeError as error:
        print(f"perftest_driver: error: {error}", file=sys.stderr)
        return 1
    rows = (f"{sample},{payload},{latency}" for sample, (payload, latency) in enumerate(recorded, 1))
    arguments.export_raw_data.write_text("\n".join([HEADER, *rows]) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
