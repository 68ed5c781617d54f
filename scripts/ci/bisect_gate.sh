#!/usr/bin/env bash
# After a failed code-path gate of one CI job (shared by actions/relative-gate and .gitlab-ci.yml,
# an opt-in of each): `latency-gate bisect` between the pull request's merge base and its head,
# built as the gate built them, with the gate's settings (its gate_result.json), so that the
# comment and the report name the commits that moved the regressed cells (docs/code-path-gate.md,
# Bisect). A pull request of one commit is not bisected: that commit is the only candidate.
#
# Environment (empty means the default):
#   LATENCY_RESULTS          the failed gate's results directory (required): bisect_result.json and
#                            bisect_report.md are put beside its gate_result.json, the bisect's own
#                            files (each commit's counted run, the build logs) in its bisect/
#   LATENCY_BASE_REF         the pull request's target commit (required): the bisect starts at its
#                            merge base with the head
#   LATENCY_WORKSPACE        the pull request's checkout (default: the CI platform's,
#                            `latency-gate ci-env workspace`; outside CI this repository)
#   LATENCY_HEAD_SHA         the pull request's head commit (default: HEAD)
#   LATENCY_BASE             set when the gate was given a team's two builds: without a build
#                            command nothing can be built, so nothing is bisected
#   LATENCY_BUILD_COMMAND, LATENCY_BUILD_OUTPUT  the team's own build (relative_gate.sh), run in
#                            each commit's worktree; otherwise each commit's own
#                            scripts/setup/build_latencytest.sh (this project gating itself)
#   LATENCY_GATE_SOURCES_DIR the cached Debian source tree those builds reuse (default: the pull
#                            request build's, <LATENCY_GATE_BUILD_DIR or build>/sources)
#   LATENCY_MIDDLEWARE       the middleware the gate measured (default: the bisect's, fastdds)
#   LATENCY_BISECT_TIME_LIMIT_S  seconds the bisect may take (default 900): what it found by
#                            then is reported, the ranges left named
# Exit code: 0 bisected to the end or nothing to bisect, 1 stopped early (what is known is
# written), 3 bad input: `latency-gate bisect`'s.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
say() { echo "bisect_gate: $*" >&2; }
fail() { echo "bisect_gate: $*" >&2; exit 3; }

results=${LATENCY_RESULTS:-}
[[ -f $results/gate_result.json ]] || fail "LATENCY_RESULTS=$results holds no gate_result.json to bisect"
target=${LATENCY_BASE_REF:-}
[[ -n $target ]] || fail "LATENCY_BASE_REF must name the pull request's target commit"
checkout=$(latency-gate ci-env workspace) || fail "latency-gate ci-env failed: is the CLI on PATH?"
workspace=${LATENCY_WORKSPACE:-${checkout:-$REPO}}
head=${LATENCY_HEAD_SHA:-$(git -C "$workspace" rev-parse HEAD)}
base=$(git -C "$workspace" merge-base "$head" "$target") ||
    fail "no merge base of $head and $target (check out with the full history)"

if [[ -n ${LATENCY_BASE:-} && -z ${LATENCY_BUILD_COMMAND:-} ]]; then
    say "the gate was given its two builds: a bisect builds each commit, with LATENCY_BUILD_COMMAND (build-command)"
    exit 0
fi
commits=$(git -C "$workspace" rev-list --first-parent --count "$base..$head")
if (( commits < 2 )); then
    say "the pull request has $commits commit(s) after its merge base $base: nothing to bisect"
    exit 0
fi
# A pull request that merged its target in reaches the merge base through a merge's second parent
# only: its first commit's steps would carry the target's own changes (campaigns/bisect.py refuses).
first=$(git -C "$workspace" rev-list --first-parent "$base..$head" | tail -n 1)
forked_at=$(git -C "$workspace" rev-parse "$first^")
if [[ $forked_at != "$base" ]]; then
    say "the pull request merged its target in (its first commit $first follows $forked_at, not the merge base $base): not bisected; rebased onto its target it would be"
    exit 0
fi

if [[ -n ${LATENCY_BUILD_COMMAND:-} ]]; then
    # The team's build prints what it likes: its output's path goes on the last line.
    [[ -n ${LATENCY_BUILD_OUTPUT:-} ]] || fail "LATENCY_BUILD_COMMAND needs LATENCY_BUILD_OUTPUT: what it makes"
    build="{ $LATENCY_BUILD_COMMAND
} >&2 && echo $(printf %q "$LATENCY_BUILD_OUTPUT")"
else
    sources=${LATENCY_GATE_SOURCES_DIR:-${LATENCY_GATE_BUILD_DIR:-$REPO/build}/sources}
    compiled=$(realpath -m -- "$results/bisect/ccache")
    # Each commit's own build script, into the worktree's build/, with the bisect's one compiler
    # cache (a commit recompiles what changed since the one before; campaigns/bisect.py sets
    # CCACHE_BASEDIR); its LatencyTest on the last line.
    build="CCACHE_DIR=$(printf %q "$compiled") LATENCY_GATE_BUILD_DIR=\$PWD/build LATENCY_GATE_SOURCES_DIR=$(printf %q "$sources") bash scripts/setup/build_latencytest.sh"
fi
options=()
[[ -z ${LATENCY_MIDDLEWARE:-} ]] || options+=(--middleware "$LATENCY_MIDDLEWARE")

say "bisecting $commits commits from the merge base $base to $head"
status=0
latency-gate bisect --repository "$workspace" --base "$base" --head "$head" --build "$build" \
    --gate-result "$results/gate_result.json" -r "$results/bisect" \
    --time-limit-s "${LATENCY_BISECT_TIME_LIMIT_S:-900}" "${options[@]}" || status=$?
for file in bisect_result.json bisect_report.md; do
    [[ ! -f $results/bisect/$file ]] || cp "$results/bisect/$file" "$results/$file"
done
if [[ -f $results/bisect_report.md ]]; then
    latency-gate ci-output summary "$results/bisect_report.md" || say "the job summary could not take the report"
fi
exit "$status"
