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
#                            bash in the pull request's checkout (LATENCY_WORKSPACE, else the CI
#                            platform's: `latency-gate ci-env workspace`) and in the merge base's worktree; the output is the
#                            LatencyTest or colcon workspace it makes, relative to the checkout
#   LATENCY_GATE_BUILD_DIR   where the pull request's LatencyTest is built (default <repo>/build)
#   LATENCY_PR_RESTORED      "true" when the CI cache restored the pull request's build: used as is
#   LATENCY_BASE_BUILD_DIR, LATENCY_GATE_SOURCES_DIR  see build_base_latencytest.sh
#   LATENCY_MIDDLEWARE, LATENCY_KIND, LATENCY_SIGNAL, LATENCY_SUBEXPERIMENTS, ...: what the
#                            gate measures and how: `latency-gate ci variables` lists them
#                            (`latency-gate ci gate` reads and checks them once). The project's
#                            builds go to the gate as colcon workspaces: the middleware's backend
#                            finds its program of the kind there.
# Step outputs: results-directory, report, junit and, once the gate has decided, result (passed,
# failed, inconclusive or error); the markdown report goes to the job summary, the verdict to
# gate_metrics.txt (GitLab's metrics report): `latency-gate ci gate`.
# Exit code: the gate's (0 passed or inconclusive, 1 confirmed regression or ceiling breach, 3 bad
# input, 4 a run failed, 6 inconclusive with LATENCY_REQUIRE_DETECTABLE set).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
base=${LATENCY_BASE:-}
pr=${LATENCY_PR:-}

# No verdict before the gate runs: result=error for the CI, and the exit code.
finish() {
    latency-gate ci-output set "result=error"
    exit "$1"
}

latency-gate ci check || finish $?  # every LATENCY_* variable, before anything is built
if [[ -n $base && -z $pr || -z $base && -n $pr ]]; then
    echo "relative_gate: give both builds (base and pull request) or neither (both are built here)" >&2
    finish 3
fi
if [[ -z $pr && -n ${LATENCY_BUILD_COMMAND:-} ]]; then
    # The team's own build, in the pull request's checkout (the base's: build_base_latencytest.sh).
    checkout=$(latency-gate ci-env workspace) || finish $?
    workspace=${LATENCY_WORKSPACE:-${checkout:-$REPO}}
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
        pr=${pr_binary%/install/latencytest/bin/LatencyTest}
    else
        echo "relative_gate: building the pull request's LatencyTest"
        pr=$(bash "$REPO/scripts/setup/build_latencytest.sh" | tail -n 1) || {
            echo "relative_gate: building the pull request's LatencyTest failed" >&2
            finish 3
        }
        pr=${pr%/install/latencytest/bin/LatencyTest}  # the colcon workspace: every program of the build
    fi
fi
if [[ -z $base ]]; then
    base=$(bash "$REPO/scripts/ci/build_base_latencytest.sh" | tail -n 1) || finish 3
    base=${base%/install/latencytest/bin/LatencyTest}
fi
# The code-path gate counts as much of the path as the middleware's counted set-up builds (`latency-gate
# backends --counted-setup`; Cyclone DDS: a library with the names of its receive threads). A failed
# set-up is no failed gate: it counts the narrower path, and its report says which.
if [[ ${LATENCY_SIGNAL:-latency} != latency ]]; then
    counted_setup=$(latency-gate backends --counted-setup ${LATENCY_MIDDLEWARE:+"$LATENCY_MIDDLEWARE"}) || finish 3
    if [[ -n $counted_setup ]]; then
        [[ $counted_setup == /* ]] || counted_setup=$REPO/$counted_setup
        echo "relative_gate: the counted path's set-up: $counted_setup"
        bash "$counted_setup" ||
            echo "relative_gate: $counted_setup failed: the code-path gate counts the narrower path its report names" >&2
    fi
fi

exec latency-gate ci gate --base "$base" --pr "$pr"
