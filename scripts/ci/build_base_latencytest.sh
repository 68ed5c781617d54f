#!/usr/bin/env bash
# The relative gate's base build: the pull request's merge base, built in a git worktree of
# the repository being gated, or reused when a CI cache restored it (shared by
# actions/relative-gate and .gitlab-ci.yml). Git works in that repository's checkout
# (LATENCY_WORKSPACE, else the CI platform's: `latency-gate ci-env workspace`), never in this
# script's own folder, which is the action's download when the action is used from another
# repository. The latency-gate CLI is on PATH (scripts/setup/install_cli.sh).
#
# How a revision is built:
#   LATENCY_BUILD_COMMAND set   the team's own build (e.g. a colcon build of their Fast DDS
#                               with -DPERFORMANCE_TESTS=ON), run with bash in the merge
#                               base's worktree, which stays in the base build directory;
#                               LATENCY_BUILD_OUTPUT names what it makes, relative to the
#                               checkout: a LatencyTest binary or a colcon workspace
#   otherwise                   that revision's own scripts/setup/build_latencytest.sh (this
#                               project gating itself: the project-built LatencyTest)
#
# Usage: build_base_latencytest.sh            build (or reuse); the binary on the last line
#        build_base_latencytest.sh --cache-key  print base-key=, base-build-directory= and
#                                              merge-base= lines, and with a build command
#                                              also the pull request build's key= and
#                                              build-directory= (the GITHUB_OUTPUT format)
#
# The cache keys name everything a build depends on: the commit (the base's merge base, the
# pull request's HEAD), the build command and output (or the installed Fast DDS and Cyclone DDS
# versions, and the middleware when LATENCY_MIDDLEWARE names one whose program builds from more
# than the default build: `latency-gate backends --sources`), the OS and the architecture. A
# restored build directory is reused only when the key it was built for is this one.
#
# Environment:
#   LATENCY_BASE_REF          the pull request's target commit (required); fetched from
#                             origin when the checkout lacks it
#   LATENCY_WORKSPACE         the checkout being gated (default the CI platform's checkout,
#                             else this script's repository)
#   LATENCY_BUILD_COMMAND, LATENCY_BUILD_OUTPUT   the team's build (above)
#   LATENCY_BASE_BUILD_DIR    where the base is built (default latency-gate-base in the job's
#                             own temporary directory where the platform has one, as GitHub's
#                             RUNNER_TEMP, else build/latencytest-base in the checkout)
#   LATENCY_GATE_SOURCES_DIR  the cached Debian source tree (default: the pull request
#                             build's, <LATENCY_GATE_BUILD_DIR or build>/sources), so the base
#                             build does not download it again
# Messages go to stderr; exit 3 when the base cannot be found or built.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
say() { echo "build_base_latencytest: $*" >&2; }
fail() { echo "build_base_latencytest: $*" >&2; exit 3; }

checkout=$(latency-gate ci-env workspace) || fail "latency-gate ci-env failed: is the CLI on PATH?"
scratch=$(latency-gate ci-env scratch) || fail "latency-gate ci-env failed"
workspace=${LATENCY_WORKSPACE:-${checkout:-$REPO}}
command=${LATENCY_BUILD_COMMAND:-}
output=${LATENCY_BUILD_OUTPUT:-}
[[ -z $command || -n $output ]] ||
    fail "LATENCY_BUILD_COMMAND needs LATENCY_BUILD_OUTPUT: the LatencyTest or colcon workspace it makes"
target=${LATENCY_BASE_REF:-}
[[ -n $target ]] || fail "LATENCY_BASE_REF must name the pull request's target commit"
if [[ -n $scratch ]]; then
    default_build=$scratch/latency-gate-base
else
    default_build=${checkout:-$REPO}/build/latencytest-base
fi
base_build=${LATENCY_BASE_BUILD_DIR:-$default_build}

if ! git -C "$workspace" cat-file -e "$target^{commit}" 2>/dev/null; then
    say "fetching $target from origin"
    git -C "$workspace" fetch --quiet origin "$target" ||
        fail "$target is not in this checkout and cannot be fetched: check out with the full history (actions/checkout fetch-depth: 0, GitLab GIT_DEPTH: 0)"
fi
merge_base=$(git -C "$workspace" merge-base HEAD "$target") ||
    fail "no merge base of HEAD and $target (a shallow checkout? check out with the full history)"

platform="$(uname -s)-$(uname -m)"
if [[ -n $command ]]; then
    recipe=command-$(printf '%s\n%s' "$command" "$output" | sha256sum | cut -c1-16)
else
    fastdds=$(dpkg-query -W -f='${Version}' libfastrtps-dev 2>/dev/null) ||
        fail "libfastrtps-dev is not installed (run scripts/setup/install_system_packages.sh)"
    cyclonedds=$(dpkg-query -W -f='${Version}' cyclonedds-dev 2>/dev/null || echo not-installed)
    recipe=fastdds-${fastdds//[^A-Za-z0-9.+-]/_}-cyclonedds-${cyclonedds//[^A-Za-z0-9.+-]/_}
    if [[ -n ${LATENCY_MIDDLEWARE:-} ]]; then  # a middleware whose build has its own program too
        sources=$(latency-gate backends --sources "$LATENCY_MIDDLEWARE") || fail "latency-gate backends failed"
        [[ -z $sources ]] || recipe+=-$LATENCY_MIDDLEWARE
    fi
fi
key="latencytest-base-$recipe-$platform-$merge_base"

if [[ ${1:-} == --cache-key ]]; then
    printf 'base-key=%s\nbase-build-directory=%s\nmerge-base=%s\n' "$key" "$base_build" "$merge_base"
    if [[ -n $command ]]; then
        printf 'key=%s\nbuild-directory=%s\n' "latencytest-pr-$recipe-$platform-$(git -C "$workspace" rev-parse HEAD)" \
            "$workspace/$output"
    fi
    exit 0
fi

# The stamp: the key the build was made for, and its binary relative to the build directory
# (a cache may restore it under another runner's temp directory).
stamp=$base_build/cache-key
if [[ -f $stamp && $(head -n 1 "$stamp") == "$key" ]]; then
    binary=$base_build/$(sed -n 2p "$stamp")
    if [[ -e $binary ]]; then
        say "the base build of the merge base $merge_base was restored"
        echo "$binary"
        exit 0
    fi
fi

say "building the base LatencyTest at the merge base $merge_base"
rm -rf "$base_build"
if [[ -n $command ]]; then
    # The team's build, in a worktree inside the base build directory: its output stays
    # there (and in the cache), so paths inside a colcon workspace stay valid.
    mkdir -p "$base_build"
    checkout=$base_build/checkout
    log=$base_build/build.log
    git -C "$workspace" worktree add --quiet --detach "$checkout" "$merge_base"
    status=0
    (cd "$checkout" && bash -c "$command") > "$log" 2>&1 || status=$?
    rm -f "$checkout/.git"  # a plain directory from now on: the worktree's registration goes
    git -C "$workspace" worktree prune
    if (( status != 0 )); then
        tail -n 40 "$log" >&2
        fail "the build command failed at the merge base $merge_base (exit $status; log: $log)"
    fi
    [[ -e $checkout/$output ]] ||
        fail "the build command made no $output at the merge base $merge_base (log: $log)"
    binary=$checkout/$output
else
    # The worktree and the build log live outside the checkout; the log is kept when the build fails.
    work=$(mktemp -d "${scratch:-${TMPDIR:-/tmp}}/latency-gate-base.XXXXXX")
    checkout=$work/checkout
    log=$work/build.log
    built=false
    cleanup() {
        git -C "$workspace" worktree remove --force "$checkout" 2>/dev/null || rm -rf "$checkout"
        git -C "$workspace" worktree prune
        [[ $built == false ]] || rm -rf "$work"
    }
    trap cleanup EXIT
    git -C "$workspace" worktree add --quiet --detach "$checkout" "$merge_base"
    [[ -f $checkout/scripts/setup/build_latencytest.sh ]] ||
        fail "the merge base $merge_base has no scripts/setup/build_latencytest.sh: give the gate the team's build (build-command and build-output) or both builds (base-workspace and pr-workspace)"
    sources=${LATENCY_GATE_SOURCES_DIR:-${LATENCY_GATE_BUILD_DIR:-$REPO/build}/sources}
    if ! LATENCY_GATE_BUILD_DIR=$base_build LATENCY_GATE_SOURCES_DIR=$sources \
            bash "$checkout/scripts/setup/build_latencytest.sh" > "$log" 2>&1; then
        tail -n 40 "$log" >&2
        fail "building the merge base $merge_base failed (log: $log)"
    fi
    binary=$(tail -n 1 "$log")  # build_latencytest.sh prints the binary last
    [[ -x $binary && $binary == "$base_build/"* ]] ||
        fail "the merge base's build printed no LatencyTest binary under $base_build last (log: $log)"
    built=true
fi
printf '%s\n%s\n' "$key" "${binary#"$base_build/"}" > "$stamp"
echo "$binary"
