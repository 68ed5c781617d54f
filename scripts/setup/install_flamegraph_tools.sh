#!/usr/bin/env bash
# Install inferno, the flame-graph renderer the code-path gate draws its differential flame
# graphs with (inferno-diff-folded and inferno-flamegraph; docs/code-path-gate.md), from
# crates.io at a pinned version with cargo (Rust's toolchain must be installed: rustup or
# Debian's cargo). Idempotent: a prefix that holds the pinned version is left as it is.
#
# Environment:
#   LATENCY_GATE_FLAMEGRAPH_TOOLS  the prefix (default: <repo>/build/flamegraph-tools)
# Prints the bin directory on the last line (put it on PATH: the gate looks for the tools there).
set -euo pipefail

INFERNO_VERSION=0.12.3

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PREFIX=${LATENCY_GATE_FLAMEGRAPH_TOOLS:-$REPO/build/flamegraph-tools}
BIN=$PREFIX/bin

say() { echo "install_flamegraph_tools: $*" >&2; }

# cargo records what it installed under a root in .crates.toml: `"inferno 0.12.3 (registry+...)"`.
if [[ -x $BIN/inferno-flamegraph && -x $BIN/inferno-diff-folded ]] \
    && grep -q "^\"inferno $INFERNO_VERSION " "$PREFIX/.crates.toml" 2>/dev/null; then
    say "inferno $INFERNO_VERSION already installed"
else
    command -v cargo >/dev/null || { say "cargo is required to install inferno (rustup, or apt-get install cargo)"; exit 3; }
    say "cargo install inferno $INFERNO_VERSION (compiles for a few minutes)"
    cargo install --quiet --locked --root "$PREFIX" --version "$INFERNO_VERSION" inferno
fi

echo "$BIN"
