#!/usr/bin/env bash
# Make this repository's `latency-gate` command available to the steps that follow
# (called first by every composite action under actions/).
#
# With LATENCY_GATE_VENV set, that venv (with latency-gate installed) is used as is.
# Otherwise the package is pip-installed once into a venv under $RUNNER_TOOL_CACHE named
# after a hash of its sources, so a persistent self-hosted runner installs each version once.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -n ${LATENCY_GATE_VENV:-} ]]; then
    venv=$LATENCY_GATE_VENV
else
    key=$(cd "$repo" && find pyproject.toml scripts/latency_gate -type f ! -name '*.pyc' -print0 \
        | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
    venv=${RUNNER_TOOL_CACHE:-$HOME/.cache}/latency-gate/$key
    if [[ ! -f $venv/.installed ]]; then  # a venv cannot be moved: mark it complete instead
        echo "setup-cli: installing latency-gate into $venv"
        rm -rf "$venv"
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet "$repo"
        touch "$venv/.installed"
    fi
fi
if [[ ! -x $venv/bin/latency-gate ]]; then
    echo "::error::setup-cli: $venv/bin/latency-gate is missing (LATENCY_GATE_VENV must be a venv with latency-gate installed)"
    exit 3
fi
echo "$venv/bin" >> "$GITHUB_PATH"
