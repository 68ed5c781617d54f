#!/usr/bin/env bash
# The relative gate of one CI job, shared by actions/relative-gate and .gitlab-ci.yml:
# build the base (the merge base of the pull request, cached) and the pull request's
# LatencyTest, then `latency-gate gate` them in interleaved rounds.
#
# Environment (empty means the default):
#   LATENCY_RESULTS          results directory (required, must not hold a gate yet)
#   LATENCY_BASE_REF         the pull request's target: a commit; its merge base with HEAD is
#                            the base build (required unless LATENCY_BASE is given)
#   LATENCY_BASE, LATENCY_PR LatencyTest binaries or Fast DDS workspaces of a team's own
#                            builds (default: build the project's LatencyTest of both commits)
#   LATENCY_BASE_BUILD_DIR   where the base is built (keep it in the CI cache; default
#                            $RUNNER_TEMP/latency-gate-base or $CI_PROJECT_DIR/.latency-gate-base)
#   LATENCY_GATE_BUILD_DIR   where the pull request is built (the project's default otherwise)
#   LATENCY_GATE_SOURCES_DIR where the Debian source tree is cached (shared by both builds)
#   LATENCY_SUBEXPERIMENTS, LATENCY_PAYLOADS (comma or space separated), LATENCY_SAMPLES,
#   LATENCY_ROUNDS, LATENCY_MAX_ROUNDS, LATENCY_MIN_EFFECT, LATENCY_ALPHA,
#   LATENCY_REQUIREMENTS     requirements CSV applied as the ceiling (skipped when missing)
#   LATENCY_OUTPUTS          file to append results-directory= and report= lines to
#   GITHUB_STEP_SUMMARY      where the markdown report goes when set
# Exit code: the gate's (0 pass, 1 regression, 3 bad input, 4 run failed).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
results=${LATENCY_RESULTS:?LATENCY_RESULTS must name the results directory}
temp=${RUNNER_TEMP:-${CI_PROJECT_DIR:-$REPO}}
base=${LATENCY_BASE:-}
pr=${LATENCY_PR:-}

if [[ -z $pr ]]; then
    echo "relative_gate: building the pull request's LatencyTest"
    pr=$(bash "$REPO/scripts/setup/build_latencytest.sh" | tail -1)
fi
if [[ -z $base ]]; then
    target=${LATENCY_BASE_REF:?LATENCY_BASE_REF must name the pull request target (or give LATENCY_BASE)}
    git -C "$REPO" cat-file -e "$target^{commit}" 2>/dev/null || git -C "$REPO" fetch --quiet origin "$target"
    merge_base=$(git -C "$REPO" merge-base HEAD "$target")
    base_build=${LATENCY_BASE_BUILD_DIR:-$temp/latency-gate-base}
    base_binary=$base_build/colcon/install/latencytest/bin/LatencyTest
    if [[ -x $base_binary && $(cat "$base_build/revision" 2>/dev/null) == "$merge_base" ]]; then
        echo "relative_gate: base build of $merge_base restored"
    else
        echo "relative_gate: building the base LatencyTest at the merge base $merge_base"
        checkout=$temp/latency-gate-base-checkout
        git -C "$REPO" worktree remove --force "$checkout" 2>/dev/null || rm -rf "$checkout"
        git -C "$REPO" worktree add --quiet --detach "$checkout" "$merge_base"
        rm -rf "$base_build"
        # The base commit's own build recipe; the Debian sources come from the PR build's cache.
        sources=${LATENCY_GATE_SOURCES_DIR:-${LATENCY_GATE_BUILD_DIR:-$REPO/build}/sources}
        LATENCY_GATE_BUILD_DIR=$base_build LATENCY_GATE_SOURCES_DIR=$sources \
            bash "$checkout/scripts/setup/build_latencytest.sh" > "$temp/latency-gate-base-build.log"
        git -C "$REPO" worktree remove --force "$checkout"
        echo "$merge_base" > "$base_build/revision"
    fi
    base=$base_binary
fi

IFS=', ' read -ra subexperiments <<< "${LATENCY_SUBEXPERIMENTS:-}"
IFS=', ' read -ra payloads <<< "${LATENCY_PAYLOADS:-}"
options=()
(( ${#subexperiments[@]} == 0 )) || options+=(--subexperiments "${subexperiments[@]}")
(( ${#payloads[@]} == 0 )) || options+=(--payloads "${payloads[@]}")
[[ -z ${LATENCY_SAMPLES:-} ]] || options+=(--samples "$LATENCY_SAMPLES")
[[ -z ${LATENCY_ROUNDS:-} ]] || options+=(--rounds "$LATENCY_ROUNDS")
[[ -z ${LATENCY_MAX_ROUNDS:-} ]] || options+=(--max-rounds "$LATENCY_MAX_ROUNDS")
[[ -z ${LATENCY_MIN_EFFECT:-} ]] || options+=(--min-effect "$LATENCY_MIN_EFFECT")
[[ -z ${LATENCY_ALPHA:-} ]] || options+=(--alpha "$LATENCY_ALPHA")
if [[ -n ${LATENCY_REQUIREMENTS:-} && -f $LATENCY_REQUIREMENTS ]]; then
    options+=(--requirements "$LATENCY_REQUIREMENTS")
elif [[ -n ${LATENCY_REQUIREMENTS:-} ]]; then
    echo "relative_gate: no $LATENCY_REQUIREMENTS: no requirements ceiling"
fi
if [[ -n ${LATENCY_OUTPUTS:-} ]]; then
    printf 'results-directory=%s\nreport=%s\n' "$results" "$results/gate_report.md" >> "$LATENCY_OUTPUTS"
fi

status=0
latency-gate gate --base "$base" --pr "$pr" --results-dir "$results" "${options[@]}" || status=$?
if [[ -n ${GITHUB_STEP_SUMMARY:-} && -f $results/gate_report.md ]]; then
    cat "$results/gate_report.md" >> "$GITHUB_STEP_SUMMARY"
fi
exit "$status"
