#!/usr/bin/env bash
# The unit tier's wall time on a fresh clone of HEAD, with and without Python's bytecode: where the
# environment sets PYTHONDONTWRITEBYTECODE=1 (as this VM and many CI images do) no .pyc is ever
# written, and every Python process compiles what it imports; scripts/run_tests.sh unsets it.
# Each way runs twice on its own fresh clone (the second run finds what the first wrote), with this
# checkout's .venv, and prints a table row per run: wall, user and system seconds, the load before.
#
#   benchmarks/unit_tier_time.sh [WORK]    (default WORK: /tmp/unit-tier-time)
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=${1:-/tmp/unit-tier-time}
PYTHON=$REPO/.venv/bin/python

run_tier() {  # run_tier CLONE WAY RUN: one unit-tier run in CLONE, a table row on stdout
    local load bytecode=(-u PYTHONDONTWRITEBYTECODE)
    [[ $2 == written ]] || bytecode=(PYTHONDONTWRITEBYTECODE=1)
    load=$(cut -d' ' -f1 /proc/loadavg)
    (cd "$1" && env "${bytecode[@]}" PYTHONPATH="$1/scripts" /usr/bin/time -f "%e %U %S" -o "$WORK/time" \
        "$PYTHON" -m pytest -q -m unit -n 2 --dist worksteal -p no:cacheprovider >"$WORK/$2-$3.log" 2>&1) ||
        { echo "unit_tier_time: the $2 run $3 failed: $WORK/$2-$3.log" >&2; exit 1; }
    read -r wall user system <"$WORK/time"
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$2" "$3" "$wall" "$user" "$system" "$load" \
        "$(grep -Eo '[0-9]+ passed' "$WORK/$2-$3.log")"
}

rm -rf "$WORK" && mkdir -p "$WORK"
echo "unit tier of $(git -C "$REPO" rev-parse --short HEAD) on $(nproc) CPUs, $(date -u +%FT%TZ)"
echo "| bytecode | run | wall s | user s | system s | load before | tests |"
echo "|---|---:|---:|---:|---:|---:|---|"
for way in never-written written; do
    git clone -q "$REPO" "$WORK/$way"
    ln -s "$REPO/.venv" "$WORK/$way/.venv"  # the spec's entry scripts run the clone's venv
    bash "$WORK/$way/scripts/setup/install_site_tools.sh" --chart-library-only >/dev/null  # the site's, as setup.sh
    for run in 1 2; do
        run_tier "$WORK/$way" "$way" "$run"
    done
done
