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
        # On stderr only: this runs before the job installs its CLI, and a `latency-gate` already on
        # PATH is whatever the runner holds (on a persistent runner, what an earlier job left).
        echo "gate_mode: LATENCY_GATE_MODE must be 'relative' or 'spec', not '$mode'" >&2
        exit 2
        ;;
esac
