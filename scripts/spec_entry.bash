# Shared start-up of the spec's bash entry scripts (latency_*.bash here), sourced by each:
# the project's Python, the calling script's usage text (its header comment) and the check
# that an option has a value.

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
python=${LATENCY_GATE_PYTHON:-$REPO/.venv/bin/python}
[[ -x $python ]] || python=$(command -v python3)

usage() {  # the calling script's header comment, without its '# '
    sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
}

value() {  # the value after an option, or a usage error
    [[ $# -ge 2 && -n $2 ]] || { echo "$(basename "$0"): $1 needs a value" >&2; exit 2; }
}

latency_gate() {  # run a latency-gate subcommand with this checkout's package
    PYTHONPATH=$REPO/scripts${PYTHONPATH:+:$PYTHONPATH} exec "$python" -m latency_gate "$@"
}
