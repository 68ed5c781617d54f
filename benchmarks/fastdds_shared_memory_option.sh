#!/usr/bin/env bash
# What Debian's LatencyTest 2.9.1 does with --shared_memory on: which transport its samples take.
# Runs publisher and subscriber in a network namespace of their own, so that the loopback
# interface's packet counters count nothing but them, for three configurations:
#   default   no XML, --shared_memory on (LatencyTest: a default SHM transport and UDPv4, builtins off)
#   udp-xml   the project's interprocess_best_effort profile (UDPv4 only) with --shared_memory on
#   shm-xml   the project's interprocess_best_effort_shm profile (SHM only, 32 MiB segment), no option
#   udp       the project's interprocess_best_effort profile alone (UDP at robot sizes, best effort)
# and prints, per configuration, the loopback packets and the samples recorded per payload.
# Usage: bash benchmarks/fastdds_shared_memory_option.sh [SAMPLES]   (as root; default 200)
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
LT=${LATENCY_TEST:-$REPO/build/colcon/install/latencytest/bin/LatencyTest}
PROFILES=$REPO/scripts/latency_gate/runner/profiles/fastdds
SAMPLES=${1:-200}
NS=latency-gate-shm-option-$$
WORK=$(mktemp -d)
trap 'ip netns delete "$NS" 2>/dev/null || true; rm -rf "$WORK"' EXIT
ip netns add "$NS"
ip -n "$NS" link set lo up
printf '16;1048576;4194304;\n' > "$WORK/payloads.csv"
# shellcheck disable=SC2016  # the placeholders are literal
render() { sed 's/\${publisher_address}/127.0.0.1/; s/\${subscriber_address}/127.0.0.1/' "$1" > "$2"; }
render "$PROFILES/interprocess_best_effort.xml" "$WORK/udp.xml"
render "$PROFILES/interprocess_best_effort_shm.xml" "$WORK/shm.xml"

packets() { ip netns exec "$NS" cat /sys/class/net/lo/statistics/tx_packets; }
measure() {  # name, options...
    local name=$1; shift
    local before; before=$(packets)
    ip netns exec "$NS" timeout 300 "$LT" subscriber --domain 7 --file "$WORK/payloads.csv" "$@" > "$WORK/sub.log" 2>&1 &
    ip netns exec "$NS" timeout 300 "$LT" publisher --domain 7 --file "$WORK/payloads.csv" --samples "$SAMPLES" \
        --export_raw_data "$WORK/raw.csv" "$@" > "$WORK/pub.log" 2>&1
    wait
    local sent=$(( $(packets) - before ))
    local recorded; recorded=$(awk -F, 'NR > 1 { n[$2]++ } END { for (p in n) printf "%s B: %d  ", p, n[p] }' "$WORK/raw.csv")
    printf '%-8s loopback packets %7d   samples recorded of %d: %s\n' "$name" "$sent" "$SAMPLES" "$recorded"
}
measure default --shared_memory on
measure udp-xml --xml "$WORK/udp.xml" --shared_memory on
measure shm-xml --xml "$WORK/shm.xml"
measure udp --xml "$WORK/udp.xml"
