#!/usr/bin/env bash
# Spec step 1: run a latency experiment.
#
#   bash latency_run_experiment.bash -c <fastrtps_ws> -r <experiment_results_dir> [runner options]
#
# -c  a Fast DDS colcon workspace built with performance tests (its LatencyTest is used),
#     or a LatencyTest binary; default: the project-built LatencyTest (scripts/setup).
# -r  the results directory: measurements_<sub-experiment>.csv and metadata.json.
# Further options go to `latency-gate run` (see --help there): --samples, --payloads,
# --subexperiments, --rt-prio, --pub-cpus, --sub-cpus, --stress, --timeout, ...
# Exit codes: 0 ok, 2 usage, 3 bad input (nothing ran), 4 a sub-experiment failed.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/spec_entry.bash"

workspace=() results=() passthrough=()
while (( $# )); do
    case $1 in
        -c) value "$@"; workspace=(--latency-test "$2"); shift 2 ;;
        -r) value "$@"; results=(--results-dir "$2"); shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) passthrough+=("$1"); shift ;;
    esac
done
(( ${#results[@]} )) || { echo "latency_run_experiment.bash: -r <experiment_results_dir> is required" >&2; usage >&2; exit 2; }

latency_gate run "${workspace[@]}" "${results[@]}" "${passthrough[@]}"
