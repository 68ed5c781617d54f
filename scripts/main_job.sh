#!/usr/bin/env bash
# The main job on this machine: set-up, then the whole latency pipeline.
#
#   1. run the sub-experiment matrix with the real Fast DDS LatencyTest
#   2. process: summaries, histograms, time series, sub-experiment comparison plots
#   3. check against requirements/<platform>.csv (or, when this platform has none
#      committed, against a local baseline derived from the earlier local runs, or from
#      this run when it is the first: said so)
#   4. add the run to the local history (results/history) and regenerate its plots and site
#
# Environment: LATENCY_GATE_PLATFORM (default <os>-<arch>-<cpus>cpu), LATENCY_GATE_RESULTS
# (default <repo>/results). Extra arguments go to `latency-gate run` (e.g. --samples 1000
# --subexperiments intraprocess_best_effort). Exit code: that of the check (0 passed,
# 1 a requirement failed), or of the first step that failed.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$REPO/scripts/setup.sh"

GATE=$REPO/.venv/bin/latency-gate
PLATFORM=${LATENCY_GATE_PLATFORM:-$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m)-$(nproc)cpu}
RESULTS=${LATENCY_GATE_RESULTS:-$REPO/results}
RUNS=$RESULTS/runs/$PLATFORM
RUN_ID=$("$GATE" run-id --revision "$(git -C "$REPO" rev-parse HEAD 2>/dev/null || echo local)")
RUN=$RUNS/$RUN_ID

REQUIREMENTS=$REPO/requirements/$PLATFORM.csv
if [[ ! -f $REQUIREMENTS ]]; then
    # No committed baseline: derive one from the earlier local runs, before this run joins them.
    REQUIREMENTS=$RESULTS/baseline-$PLATFORM.csv
    # (no runs directory yet on a first run: find fails, which pipefail must not turn into an exit)
    earlier=$({ find "$RUNS" -name 'measurements_*_summary.csv' -printf '%h\n' 2>/dev/null || true; } | sort -u | wc -l)
    echo "== No committed requirements for platform '$PLATFORM' (requirements/$PLATFORM.csv)."
    echo "   Commit a baseline made from many runs (scripts/latency_extrapolate_requirements.bash) for a real gate."
    if (( earlier > 0 )); then
        echo "   Checking against a local baseline from the $earlier earlier run(s) in $RUNS."
        "$GATE" requirements --experiments-results "$RUNS" --output "$REQUIREMENTS"
    else
        rm -f "$REQUIREMENTS"
    fi
fi

echo "== 1/4 run: $RUN"
"$GATE" run --results-dir "$RUN" --run-id "$RUN_ID" "$@"

echo "== 2/4 process"
"$GATE" process --experiment-directory "$RUN"

if [[ ! -f $REQUIREMENTS ]]; then
    echo "== First local run: the baseline is this run itself, so its check passes by construction."
    "$GATE" requirements --experiments-results "$RUNS" --output "$REQUIREMENTS"
fi

echo "== 3/4 check against $REQUIREMENTS"
status=0
"$GATE" check --requirements "$REQUIREMENTS" --experiment-directory "$RUN" --plots-directory "$RUN/plots" || status=$?
(( status <= 1 )) || exit "$status"

echo "== 4/4 history"
"$GATE" add-to-history --store "$RESULTS/history" --experiment-directory "$RUN" --platform "$PLATFORM" \
    --run-id "$RUN_ID" --requirements "$REQUIREMENTS"

echo
echo "Report:        $RUN/check_report.md"
echo "Plots:         $RUN/plots/"
echo "History site:  $RESULTS/history/index.html"
if (( status == 1 )); then
    echo
    echo "The check failed: some latencies are over $REQUIREMENTS (the report lists them; the check"
    echo "said above whether this run is like the requirements' runs). To gate on this machine with"
    echo "its own requirements, repeat this job a few times, then"
    echo "  $GATE requirements --experiments-results $RUNS --output requirements/$PLATFORM.csv"
fi
exit "$status"
