#!/usr/bin/env bash
# Check the latency gate's mode (LATENCY_GATE_MODE: relative or spec; empty means relative)
# and print it, so that a misspelt mode fails the job instead of gating nothing.
#   relative  the pull request's LatencyTest against its merge base's (scripts/ci/relative_gate.sh)
#   spec      the specification's method: one run checked against requirements/<platform>.csv
set -euo pipefail

mode=${LATENCY_GATE_MODE:-relative}
case $mode in
    relative | spec)
        echo "Latency gate mode: $mode" >&2
        echo "$mode"
        ;;
    *)
        message="LATENCY_GATE_MODE must be 'relative' or 'spec', not '$mode'"
        # An annotation where the CLI is already installed; this check may run before it is.
        if command -v latency-gate > /dev/null; then
            latency-gate ci-output annotate error "Latency gate mode" "$message"
        fi
        echo "gate_mode: $message" >&2
        exit 2
        ;;
esac
