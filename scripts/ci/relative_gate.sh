#!/usr/bin/env bash
# The relative gate of one CI job, shared by actions/relative-gate and .gitlab-ci.yml:
# the pull request's LatencyTest (built here, or restored by the CI cache) and its merge
# base's (scripts/ci/build_base_latencytest.sh), or a team's own two builds, run in
# interleaved rounds by `latency-gate gate`.
#
# Environment (empty means the default):
#   LATENCY_RESULTS          results directory (required; the gate makes it, it must not exist)
#   LATENCY_BASE_REF         the pull request's target commit: its merge base with HEAD is the
#                            base build (required unless LATENCY_BASE and LATENCY_PR are given)
#   LATENCY_BASE, LATENCY_PR a team's own builds, both or neither: LatencyTest binaries or Fast
#                            DDS colcon workspaces (default: the project's LatencyTest of both
#                            commits)
#   LATENCY_BUILD_COMMAND, LATENCY_BUILD_OUTPUT  the team's own build: the command is run with
#                            bash in the pull request's checkout (LATENCY_WORKSPACE, GITHUB_WORKSPACE
#                            or CI_PROJECT_DIR) and in the merge base's worktree; the output is the
#                            LatencyTest or colcon workspace it makes, relative to the checkout
#   LATENCY_GATE_BUILD_DIR   where the pull request's LatencyTest is built (default <repo>/build)
#   LATENCY_PR_RESTORED      "true" when the CI cache restored the pull request's build: used as is
#   LATENCY_BASE_BUILD_DIR, LATENCY_GATE_SOURCES_DIR  see build_base_latencytest.sh
#   LATENCY_MIDDLEWARE       fastdds (default), cyclonedds or socket: the builds are that middleware's
#                            latency programs (the project-built ones: LatencyTest, CycloneLatency,
#                            SocketLatency, from the same colcon install)
#   LATENCY_SUBEXPERIMENTS, LATENCY_PAYLOADS (comma or space separated), LATENCY_SAMPLES,
#   LATENCY_ROUNDS, LATENCY_MAX_ROUNDS, LATENCY_MIN_EFFECT, LATENCY_ALPHA,
#   LATENCY_REALTIME, LATENCY_RT_PRIO, LATENCY_PUB_CPUS, LATENCY_SUB_CPUS  see realtime_options.sh
#   LATENCY_SIGNAL           latency (default), instructions (the code-path gate: instructions per
#                            round trip under valgrind) or both (its files in LATENCY_RESULTS/instructions)
#   LATENCY_KIND, LATENCY_DEMANDS, LATENCY_RECOVERY_TIMES, LATENCY_TEST_TIME  see kind_options.sh
#                            (throughput: the builds' ThroughputTest is gated)
#   LATENCY_REQUIREMENTS     requirements CSV applied as the ceiling (skipped when missing)
#   LATENCY_HEAD_SHA         the pull request's head commit, recorded in gate_result.json (the
#                            pull-request comment is matched to it: docs/pull-request-comment.md)
# Step outputs (latency-gate ci-output): results-directory, report, junit and, once the gate
# has decided, result (passed, failed or error); the markdown report goes to the job summary,
# the verdict to gate_metrics.txt (GitLab's metrics report).
# Exit code: the gate's (0 pass, 1 confirmed regression or ceiling breach, 3 bad input,
# 4 a run failed).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck disable=SC1091  # checked on its own
source "$REPO/scripts/ci/realtime_options.sh"
# shellcheck disable=SC1091  # checked on its own
source "$REPO/scripts/ci/kind_options.sh"
results=${LATENCY_RESULTS:?LATENCY_RESULTS must name the results directory}
base=${LATENCY_BASE:-}
pr=${LATENCY_PR:-}

# result= for the CI: passed, failed (a confirmed regression or a ceiling breach) or error
# (no verdict: bad input, a failed build or run).
finish() {
    local status=$1 result=error
    (( status != 0 )) || result=passed
    (( status != 1 )) || result=failed
    latency-gate ci-output set "result=$result"
    exit "$status"
}

if [[ -n $base && -z $pr || -z $base && -n $pr ]]; then
    echo "relative_gate: give both builds (base and pull request) or neither (both are built here)" >&2
    finish 3
fi
if [[ -z $pr && -n ${LATENCY_BUILD_COMMAND:-} ]]; then
    # The team's own build, in the pull request's checkout (the base's: build_base_latencytest.sh).
    workspace=${LATENCY_WORKSPACE:-${GITHUB_WORKSPACE:-${CI_PROJECT_DIR:-$REPO}}}
    if [[ -z ${LATENCY_BUILD_OUTPUT:-} ]]; then
        echo "relative_gate: LATENCY_BUILD_COMMAND needs LATENCY_BUILD_OUTPUT: the LatencyTest or colcon workspace it makes" >&2
        finish 3
    fi
    pr_output=$workspace/$LATENCY_BUILD_OUTPUT
    if [[ ${LATENCY_PR_RESTORED:-} == true && -e $pr_output ]]; then
        echo "relative_gate: the pull request's build was restored"
    else
        echo "relative_gate: building the pull request with the build command"
        (cd "$workspace" && bash -c "$LATENCY_BUILD_COMMAND") || {
            echo "relative_gate: the build command failed in the pull request's checkout" >&2
            finish 3
        }
        [[ -e $pr_output ]] || {
            echo "relative_gate: the build command made no $LATENCY_BUILD_OUTPUT in the pull request's checkout" >&2
            finish 3
        }
    fi
    pr=$pr_output
elif [[ -z $pr ]]; then
    pr_binary=${LATENCY_GATE_BUILD_DIR:-$REPO/build}/colcon/install/latencytest/bin/LatencyTest
    if [[ ${LATENCY_PR_RESTORED:-} == true && -x $pr_binary ]]; then
        echo "relative_gate: the pull request's LatencyTest build was restored"
        pr=$pr_binary
    else
        echo "relative_gate: building the pull request's LatencyTest"
        pr=$(bash "$REPO/scripts/setup/build_latencytest.sh" | tail -n 1) || {
            echo "relative_gate: building the pull request's LatencyTest failed" >&2
            finish 3
        }
    fi
fi
if [[ -z $base ]]; then
    base=$(bash "$REPO/scripts/ci/build_base_latencytest.sh" | tail -n 1) || finish 3
fi

# The project builds put every middleware's program, and ThroughputTest, in one colcon install
# beside LatencyTest (scripts/setup/build_latencytest.sh); the gate checks that the program is there.
middleware_program() {
    local program
    case ${LATENCY_KIND:-latency}/${LATENCY_MIDDLEWARE:-fastdds} in
        latency/cyclonedds) program=pingpong/bin/CycloneLatency ;;
        latency/socket) program=pingpong/bin/SocketLatency ;;
        throughput/fastdds) program=throughputtest/bin/ThroughputTest ;;
        *) echo "$1"; return ;;
    esac
    if [[ $1 == */latencytest/bin/LatencyTest ]]; then
        echo "${1%/latencytest/bin/LatencyTest}/$program"
    else
        echo "$1"  # a team's own build: its program as given
    fi
}
base=$(middleware_program "$base")
pr=$(middleware_program "$pr")

IFS=', ' read -ra subexperiments <<< "${LATENCY_SUBEXPERIMENTS:-}"
IFS=', ' read -ra payloads <<< "${LATENCY_PAYLOADS:-}"
options=()
kind_options
[[ -z ${LATENCY_MIDDLEWARE:-} ]] || options+=(--middleware "$LATENCY_MIDDLEWARE")
[[ -z ${LATENCY_SIGNAL:-} ]] || options+=(--signal "$LATENCY_SIGNAL")
(( ${#subexperiments[@]} == 0 )) || options+=(--subexperiments "${subexperiments[@]}")
(( ${#payloads[@]} == 0 )) || options+=(--payloads "${payloads[@]}")
[[ -z ${LATENCY_SAMPLES:-} ]] || options+=(--samples "$LATENCY_SAMPLES")
[[ -z ${LATENCY_ROUNDS:-} ]] || options+=(--rounds "$LATENCY_ROUNDS")
[[ -z ${LATENCY_MAX_ROUNDS:-} ]] || options+=(--max-rounds "$LATENCY_MAX_ROUNDS")
[[ -z ${LATENCY_MIN_EFFECT:-} ]] || options+=(--min-effect "$LATENCY_MIN_EFFECT")
[[ -z ${LATENCY_ALPHA:-} ]] || options+=(--alpha "$LATENCY_ALPHA")
[[ -z ${LATENCY_HEAD_SHA:-} ]] || options+=(--head-sha "$LATENCY_HEAD_SHA")
realtime_options || finish 3
if [[ -n ${LATENCY_REQUIREMENTS:-} && -f $LATENCY_REQUIREMENTS ]]; then
    options+=(--requirements "$LATENCY_REQUIREMENTS")
elif [[ -n ${LATENCY_REQUIREMENTS:-} ]]; then
    echo "relative_gate: no $LATENCY_REQUIREMENTS: no requirements ceiling"
fi
latency-gate ci-output set "results-directory=$results" "report=$results/gate_report.md" \
    "junit=$results/gate_report.xml"

status=0
latency-gate gate --base "$base" --pr "$pr" --results-dir "$results" "${options[@]}" || status=$?
[[ ! -f $results/gate_report.md ]] || latency-gate ci-output summary "$results/gate_report.md"
[[ ! -f $results/instructions/gate_report.md ]] || latency-gate ci-output summary "$results/instructions/gate_report.md"
[[ ! -f $results/gate_result.json ]] || latency-gate ci-output gate-metrics "$results"
finish "$status"
