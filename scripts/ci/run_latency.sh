#!/usr/bin/env bash
# One CI job's latency (or throughput) measurement, shared by actions/run-latency and .gitlab-ci.yml:
# one run (run + process into $LATENCY_RESULTS/run), or with LATENCY_RUNS > 1 or a
# LATENCY_SHARD this job's share of many runs ($LATENCY_RESULTS/run-NNNN, summaries only).
#
# Environment (empty means the runner's default):
#   LATENCY_RESULTS          results directory (required)
#   LATENCY_KIND, LATENCY_DEMANDS, LATENCY_RECOVERY_TIMES, LATENCY_TEST_TIME  see kind_options.sh
#   LATENCY_MIDDLEWARE       fastdds (default), cyclonedds or socket (the floor)
#   LATENCY_TEST             the middleware's program of that kind: for fastdds a LatencyTest / ThroughputTest
#                            binary or Fast DDS workspace (default: the project build under $LATENCY_GATE_BUILD_DIR)
#   LATENCY_SUBEXPERIMENTS   sub-experiments, comma or space separated
#   LATENCY_PAYLOADS         payload sizes in bytes, comma or space separated
#   LATENCY_SAMPLES, LATENCY_STRESS
#   LATENCY_REALTIME, LATENCY_RT_PRIO, LATENCY_PUB_CPUS, LATENCY_SUB_CPUS  see realtime_options.sh
#   LATENCY_RUNS             number of runs (default 1); LATENCY_SHARD  k/n of them
#   LATENCY_PLOTS            "false" for summaries only (default true)
# Step outputs (latency-gate ci-output): results-directory and run-directory.
set -euo pipefail
# shellcheck disable=SC1091  # checked on its own
source "$(dirname "${BASH_SOURCE[0]}")/realtime_options.sh"
# shellcheck disable=SC1091  # checked on its own
source "$(dirname "${BASH_SOURCE[0]}")/kind_options.sh"

results=${LATENCY_RESULTS:?LATENCY_RESULTS must name the results directory}
runs=${LATENCY_RUNS:-1}
single=""  # the run directory of a single run
if [[ $runs == 1 && -z ${LATENCY_SHARD:-} ]]; then
    single=$results/run
fi
latency-gate ci-output set "results-directory=$results" "run-directory=$single"

IFS=', ' read -ra subexperiments <<< "${LATENCY_SUBEXPERIMENTS:-}"
IFS=', ' read -ra payloads <<< "${LATENCY_PAYLOADS:-}"
options=()
kind_options
[[ -z ${LATENCY_MIDDLEWARE:-} ]] || options+=(--middleware "$LATENCY_MIDDLEWARE")
[[ -z ${LATENCY_TEST:-} ]] || options+=(--program "$LATENCY_TEST")
(( ${#subexperiments[@]} == 0 )) || options+=(--subexperiments "${subexperiments[@]}")
(( ${#payloads[@]} == 0 )) || options+=(--payloads "${payloads[@]}")
[[ -z ${LATENCY_SAMPLES:-} ]] || options+=(--samples "$LATENCY_SAMPLES")
realtime_options
[[ -z ${LATENCY_STRESS:-} ]] || options+=(--stress "$LATENCY_STRESS")

if [[ -n $single ]]; then
    latency-gate run --results-dir "$single" "${options[@]}"
    plots=()
    [[ ${LATENCY_PLOTS:-true} == true ]] || plots=(--no-plots)
    latency-gate process --experiment-directory "$single" "${plots[@]}"
else
    latency-gate extrapolate-requirements --runs-directory "$results" --runs "$runs" \
        --shard "${LATENCY_SHARD:-1/1}" "${options[@]}"
fi
