#!/usr/bin/env bash
# Throughput spec step 1: run a throughput experiment.
#
#   bash throughput_run_experiment.bash -c <fastrtps_ws> -r <experiment_results_dir> [runner options]
#
# -c  a Fast DDS colcon workspace built with performance tests (its ThroughputTest is used),
#     or a ThroughputTest binary; default: the project-built ThroughputTest (scripts/setup).
# -r  the results directory: measurements_<sub-experiment>.csv and metadata.json.
# Further options go to `latency-gate run --kind throughput` (see --help there): --payloads,
# --demands, --recovery-times, --test-time, --subexperiments, --rt-prio, --timeout, ...
# Exit codes: 0 ok, 2 usage, 3 bad input (nothing ran), 4 a sub-experiment failed.
set -euo pipefail

if [[ ${1:-} == -h || ${1:-} == --help ]]; then sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; fi
# The latency script's options, for ThroughputTest.
exec bash "$(dirname "${BASH_SOURCE[0]}")/latency_run_experiment.bash" --kind throughput "$@"
