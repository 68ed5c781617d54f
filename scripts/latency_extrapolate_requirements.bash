#!/usr/bin/env bash
# Set latency requirements: run N experiments and derive a requirements CSV.
#
#   bash latency_extrapolate_requirements.bash -c <fastrtps_ws> -o requirements.csv -r <runs_dir> \
#       [-n runs] [-p percentile] [-s k/n] [-m] [runner options]
#
# -c  Fast DDS colcon workspace or LatencyTest binary (default: the project-built one)
# -o  requirements CSV to write         -r  directory for the runs (run-0001, ...)
# -n  number of runs (default 200)      -p  percentile across runs (default 99)
# -s  k/n: run only shard k of n (every n-th run from k); no CSV until all shards are merged
# -m  merge only: write the CSV from all runs gathered in <runs_dir> (after the shards)
# Re-running the same command resumes: complete runs are kept.
# Exit codes: 0 ok, 2 usage, 3 bad input, 4 a run failed (re-run to retry it).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/spec_entry.bash"

arguments=()
while (( $# )); do
    case $1 in
        -c) value "$@"; arguments+=(--latency-test "$2"); shift 2 ;;
        -o) value "$@"; arguments+=(--output "$2"); shift 2 ;;
        -r) value "$@"; arguments+=(--runs-directory "$2"); shift 2 ;;
        -n) value "$@"; arguments+=(--runs "$2"); shift 2 ;;
        -p) value "$@"; arguments+=(--percentile "$2"); shift 2 ;;
        -s) value "$@"; arguments+=(--shard "$2"); shift 2 ;;
        -m) arguments+=(--merge-only); shift ;;
        -h|--help) usage; exit 0 ;;
        *) arguments+=("$1"); shift ;;
    esac
done

latency_gate extrapolate-requirements "${arguments[@]}"
