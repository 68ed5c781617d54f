#!/usr/bin/env bash
# The relative gate's base build: the LatencyTest of the pull request's merge base, built
# by that revision's own scripts/setup/build_latencytest.sh in a detached git worktree, or
# reused when a CI cache restored it (shared by actions/relative-gate and .gitlab-ci.yml).
#
# Usage: build_base_latencytest.sh            build (or reuse); the binary on the last line
#        build_base_latencytest.sh --cache-key  print base-key=, base-build-directory= and
#                                              merge-base= lines (the GITHUB_OUTPUT format)
#
# The cache key names everything the base build depends on: the merge base's commit (its
# build recipe and patches), the installed Fast DDS version, the OS and the architecture.
# A restored build directory is reused only when the key it was built for is this one.
#
# Environment:
#   LATENCY_BASE_REF          the pull request's target commit (required); fetched from
#                             origin when the checkout lacks it
#   LATENCY_BASE_BUILD_DIR    where the base is built (default $RUNNER_TEMP/latency-gate-base,
#                             or $CI_PROJECT_DIR/build/latencytest-base on GitLab)
#   LATENCY_GATE_SOURCES_DIR  the cached Debian source tree (default: the pull request
#                             build's, <LATENCY_GATE_BUILD_DIR or build>/sources), so the base
#                             build does not download it again
# Messages go to stderr; exit 3 when the base cannot be found or built.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
say() { echo "build_base_latencytest: $*" >&2; }
fail() { echo "build_base_latencytest: $*" >&2; exit 3; }

target=${LATENCY_BASE_REF:-}
[[ -n $target ]] || fail "LATENCY_BASE_REF must name the pull request's target commit"
if [[ -n ${RUNNER_TEMP:-} ]]; then
    default_build=$RUNNER_TEMP/latency-gate-base
else
    default_build=${CI_PROJECT_DIR:-$REPO}/build/latencytest-base
fi
base_build=${LATENCY_BASE_BUILD_DIR:-$default_build}

if ! git -C "$REPO" cat-file -e "$target^{commit}" 2>/dev/null; then
    say "fetching $target from origin"
    git -C "$REPO" fetch --quiet origin "$target" ||
        fail "$target is not in this checkout and cannot be fetched: check out with the full history (actions/checkout fetch-depth: 0, GitLab GIT_DEPTH: 0)"
fi
merge_base=$(git -C "$REPO" merge-base HEAD "$target") ||
    fail "no merge base of HEAD and $target (a shallow checkout? check out with the full history)"

fastdds=$(dpkg-query -W -f='${Version}' libfastrtps-dev 2>/dev/null) ||
    fail "libfastrtps-dev is not installed (run scripts/setup/install_system_packages.sh)"
key="latencytest-base-fastdds-${fastdds//[^A-Za-z0-9.+-]/_}-$(uname -s)-$(uname -m)-$merge_base"

if [[ ${1:-} == --cache-key ]]; then
    printf 'base-key=%s\nbase-build-directory=%s\nmerge-base=%s\n' "$key" "$base_build" "$merge_base"
    exit 0
fi

# The stamp: the key the build was made for, and its binary relative to the build directory
# (a cache may restore it under another runner's temp directory).
stamp=$base_build/cache-key
if [[ -f $stamp && $(head -n 1 "$stamp") == "$key" ]]; then
    binary=$base_build/$(sed -n 2p "$stamp")
    if [[ -x $binary ]]; then
        say "the base build of the merge base $merge_base was restored"
        echo "$binary"
        exit 0
    fi
fi

say "building the base LatencyTest at the merge base $merge_base"
# The worktree and the build log live outside the checkout; the log is kept when the build fails.
work=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/latency-gate-base.XXXXXX")
checkout=$work/checkout
log=$work/build.log
built=false
cleanup() {
    git -C "$REPO" worktree remove --force "$checkout" 2>/dev/null || rm -rf "$checkout"
    git -C "$REPO" worktree prune
    [[ $built == false ]] || rm -rf "$work"
}
trap cleanup EXIT
git -C "$REPO" worktree add --quiet --detach "$checkout" "$merge_base"
[[ -f $checkout/scripts/setup/build_latencytest.sh ]] ||
    fail "the merge base $merge_base has no scripts/setup/build_latencytest.sh: give the gate a base build (base-workspace)"
rm -rf "$base_build"
sources=${LATENCY_GATE_SOURCES_DIR:-${LATENCY_GATE_BUILD_DIR:-$REPO/build}/sources}
if ! LATENCY_GATE_BUILD_DIR=$base_build LATENCY_GATE_SOURCES_DIR=$sources \
        bash "$checkout/scripts/setup/build_latencytest.sh" > "$log" 2>&1; then
    tail -n 40 "$log" >&2
    fail "building the merge base $merge_base failed (log: $log)"
fi
binary=$(tail -n 1 "$log")  # build_latencytest.sh prints the binary last
[[ -x $binary && $binary == "$base_build/"* ]] ||
    fail "the merge base's build printed no LatencyTest binary under $base_build last (log: $log)"
printf '%s\n%s\n' "$key" "${binary#"$base_build/"}" > "$stamp"
built=true
echo "$binary"
