#!/usr/bin/env bash
# Set throughput requirements: run N throughput experiments and derive a requirements CSV
# (subscription throughput: a floor at 100 minus the percentile; lost samples: a ceiling).
#
#   bash throughput_extrapolate_requirements.bash -c <fastrtps_ws> -o requirements.csv -r <runs_dir> \
#       [-n runs] [-p percentile] [-s k/n] [-m] [runner options]
#
# -c  Fast DDS colcon workspace or ThroughputTest binary (default: the project-built one)
# -o  requirements CSV to write         -r  directory for the runs (run-0001, ...)
# -n  number of runs (default 200)      -p  percentile across runs (default 99)
# -s  k/n: run only shard k of n (every n-th run from k); no CSV until all shards are merged
# -m  merge only: write the CSV from all runs gathered in <runs_dir> (after the shards)
# Re-running the same command resumes: complete runs are kept.
# Exit codes: 0 ok, 2 usage, 3 bad input, 4 a run failed (re-run to retry it).
set -euo pipefail

if [[ ${1:-} == -h || ${1:-} == --help ]]; then sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; fi
# The latency script's options, for ThroughputTest.
exec bash "$(dirname "${BASH_SOURCE[0]}")/latency_extrapolate_requirements.bash" --kind throughput "$@"
