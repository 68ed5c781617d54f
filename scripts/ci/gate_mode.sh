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
        if [[ -n ${GITHUB_ACTIONS:-} ]]; then
            echo "::error title=Latency gate mode::$message"
        else
            echo "gate_mode: $message" >&2
        fi
        exit 2
        ;;
esac
