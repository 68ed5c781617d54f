# shellcheck shell=bash
# Sourced by run_latency.sh and relative_gate.sh: what a CI job measures, as options of
# `latency-gate run` and `latency-gate gate`, appended to the array `options`.
#
#   LATENCY_KIND             latency (default) or throughput (ThroughputTest, the throughput spec)
#   LATENCY_DEMANDS, LATENCY_RECOVERY_TIMES  the throughput grid: samples per burst and rests
#                            between bursts in ms, comma or space separated
#   LATENCY_TEST_TIME        seconds each throughput case sends
# Empty means the command's default (run: the specification's grid; gate: its reduced grid).
kind_options() {
    local demands recovery_times
    IFS=', ' read -ra demands <<< "${LATENCY_DEMANDS:-}"
    IFS=', ' read -ra recovery_times <<< "${LATENCY_RECOVERY_TIMES:-}"
    [[ -z ${LATENCY_KIND:-} ]] || options+=(--kind "$LATENCY_KIND")
    (( ${#demands[@]} == 0 )) || options+=(--demands "${demands[@]}")
    (( ${#recovery_times[@]} == 0 )) || options+=(--recovery-times "${recovery_times[@]}")
    [[ -z ${LATENCY_TEST_TIME:-} ]] || options+=(--test-time "$LATENCY_TEST_TIME")
}
