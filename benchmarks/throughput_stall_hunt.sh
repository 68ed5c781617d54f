#!/usr/bin/env bash
# Hunts an intermittent stall of Fast DDS ThroughputTest (inter-process best effort over UDP
# loopback, seen in earlier sessions in about 1 run in 10 of a small grid): runs the two
# processes N times exactly as the runner starts them (its rendered profile and command lines,
# pinned, SCHED_FIFO), and when a run has not ended after LIMIT seconds records both processes'
# thread stacks (gdb) and logs before killing them, which the runner's time-out cannot do.
#
#   bash benchmarks/throughput_stall_hunt.sh [N=30] [LIMIT=40] [OUT=/tmp/throughput-stall-hunt]
#   SUBEXPERIMENT=interprocess_best_effort PAYLOADS="1024" DEMANDS="100 1000"   (the grid; defaults shown)
# Prints one line per run; exit 0. Needs gdb for the stacks.
set -u
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
N=${1:-30}; LIMIT=${2:-40}; OUT=${3:-/tmp/throughput-stall-hunt}
SUBEXPERIMENT=${SUBEXPERIMENT:-interprocess_best_effort}
read -ra payloads <<< "${PAYLOADS:-1024}"; read -ra demands <<< "${DEMANDS:-100 1000}"
rm -rf "$OUT" && mkdir -p "$OUT"

# One run through the runner renders the profile and records the two command lines.
"$REPO/.venv/bin/latency-gate" run --kind throughput --subexperiments "$SUBEXPERIMENT" --payloads "${payloads[@]}" \
    --demands "${demands[@]}" --recovery-times 0 --test-time 1 --baseline-seconds 0 -r "$OUT/render" > "$OUT/render.log" 2>&1 \
    || { echo "throughput_stall_hunt: the rendering run failed: $OUT/render.log" >&2; exit 3; }
command_of() {
    "$REPO/.venv/bin/python" -c 'import json, sys; print(json.load(open(sys.argv[1]))["subexperiments"][sys.argv[2]]["commands"][sys.argv[3]])' \
        "$OUT/render/metadata.json" "$SUBEXPERIMENT" "$1"
}
read -ra subscriber <<< "$(command_of subscriber)"
read -ra publisher <<< "$(command_of publisher)"

for i in $(seq 1 "$N"); do
    "${subscriber[@]}" > "$OUT/subscriber-$i.log" 2>&1 &
    sub=$!
    "${publisher[@]}" > "$OUT/publisher-$i.log" 2>&1 &
    pub=$!
    start=$(date +%s%N)
    for _ in $(seq 1 $((LIMIT * 10))); do kill -0 $pub 2>/dev/null || break; sleep 0.1; done
    if kill -0 $pub 2>/dev/null; then
        echo "run $i: STALLED after ${LIMIT} s; stacks and logs in $OUT/*-$i.*"
        gdb -p $pub -batch -ex "thread apply all bt" > "$OUT/publisher-$i.stacks" 2>&1
        gdb -p $sub -batch -ex "thread apply all bt" > "$OUT/subscriber-$i.stacks" 2>&1
        kill -9 $pub $sub 2>/dev/null
    else
        wait $pub; code=$?
        echo "run $i: exit $code in $(( ($(date +%s%N) - start) / 1000000 )) ms"
        rm -f "$OUT/publisher-$i.log" "$OUT/subscriber-$i.log"
    fi
    wait $sub 2>/dev/null
done
