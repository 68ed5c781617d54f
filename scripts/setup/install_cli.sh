#!/usr/bin/env bash
# Make this repository's `latency-gate` command available to a CI job (the composite
# actions under actions/ and .gitlab-ci.yml call it first). Prints the bin directory to
# put on PATH on the last line, and adds it to $GITHUB_PATH when run by GitHub Actions.
#
# With LATENCY_GATE_VENV set, that venv (with latency-gate installed) is used as is.
# Otherwise the package is pip-installed once into a venv under $RUNNER_TOOL_CACHE (or
# ~/.cache) named after a hash of its sources, so a persistent runner installs each version
# once; python3 (with venv) and npm must be on the runner.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
if [[ -n ${LATENCY_GATE_VENV:-} ]]; then
    venv=$LATENCY_GATE_VENV
else
    # The history site's chart library is package data, pinned by its lock file (needs npm).
    assets=$REPO/scripts/latency_gate/render/site_assets
    if [[ ! -d $assets/node_modules/uplot/dist ]]; then
        echo "install_cli: npm ci in $assets (the history site's chart library)" >&2
        (cd "$assets" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error) >&2
    fi
    key=$(cd "$REPO" && find pyproject.toml scripts/latency_gate -type f ! -name '*.pyc' -print0 \
        | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
    venv=${RUNNER_TOOL_CACHE:-$HOME/.cache}/latency-gate/$key
    if [[ ! -f $venv/.installed ]]; then  # a venv cannot be moved: mark it complete instead
        echo "install_cli: installing latency-gate into $venv" >&2
        rm -rf "$venv"
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet "$REPO"
        touch "$venv/.installed"
    fi
fi
if [[ ! -x $venv/bin/latency-gate ]]; then
    echo "install_cli: $venv/bin/latency-gate is missing (LATENCY_GATE_VENV must be a venv with latency-gate installed)" >&2
    exit 3
fi
if [[ -n ${GITHUB_PATH:-} ]]; then
    echo "$venv/bin" >> "$GITHUB_PATH"
fi
echo "$venv/bin"
