#!/usr/bin/env bash
# Reproduce LatencyTest hangs over TCP with DDS Security: N runs of the two TCP+security
# sub-experiments, 1,000 samples, no retry, 40 s time-out; count outcomes.
#   repro.sh [N]                        the real-time preset (the default)
#   EXTRA=--no-realtime SUFFIX=-os repro.sh [N]   the OS's scheduling and idle states
cd "$(dirname "${BASH_SOURCE[0]}")/../../.." || exit 1
read -ra extra <<< "${EXTRA:-}"  # EXTRA's options, one word each
out=${OUT:-results/tcp-security-hang}${SUFFIX:-}
rm -rf "$out"; mkdir -p "$out"
for i in $(seq -w 1 "${1:-12}"); do
    .venv/bin/latency-gate run -r "$out/run-$i" --subexperiments interprocess_best_effort_tcp_security \
        interprocess_reliable_tcp_security --samples 1000 --retries 0 --timeout 40 --baseline-seconds 0 "${extra[@]}" \
        > "$out/run-$i.log" 2>&1
    echo "run $i exit $?" >> "$out/summary.txt"
done
