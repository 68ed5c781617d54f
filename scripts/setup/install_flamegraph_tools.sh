#!/usr/bin/env bash
# Install inferno, the flame-graph renderer the code-path gate draws its differential flame
# graphs with (inferno-diff-folded and inferno-flamegraph; docs/code-path-gate.md), from
# crates.io at a pinned version with cargo. Idempotent: a prefix that holds the pinned version is
# left as it is (a CI cache may have restored it).
#
# cargo: the one on PATH (rustup's, say). Without one, as root on Debian, Debian's cargo-web is
# installed first: bookworm's `cargo` package is Rust 1.63, older than inferno's minimum (1.71);
# cargo-web is the same distribution's newer Rust (1.85 and later, kept up to date by its security
# updates for the browsers), which builds it.
#
# Usage: install_flamegraph_tools.sh              install; the bin directory on the last line
#        install_flamegraph_tools.sh --cache-key  print key= and directory= lines (the GITHUB_OUTPUT
#                                                 format) for a CI cache of the prefix
# Environment:
#   LATENCY_GATE_FLAMEGRAPH_TOOLS  the prefix (default: <repo>/build/flamegraph-tools)
# Put the bin directory on PATH: the gate looks for the tools there (kept on PATH for the CI job's
# later steps through `latency-gate ci-output keep` when the CLI is on PATH, as in the actions).
# Exit 3 when there is no cargo and none can be installed.
set -euo pipefail

INFERNO_VERSION=0.12.3

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PREFIX=${LATENCY_GATE_FLAMEGRAPH_TOOLS:-$REPO/build/flamegraph-tools}
BIN=$PREFIX/bin

say() { echo "install_flamegraph_tools: $*" >&2; }

if [[ ${1:-} == --cache-key ]]; then
    # What the built tools depend on: this script (the version), the OS release (its C library)
    # and the architecture.
    os=$(. /etc/os-release && echo "${ID:-linux}-${VERSION_ID:-unknown}")
    echo "key=flamegraph-tools-$(sha256sum "${BASH_SOURCE[0]}" | cut -c1-16)-$os-$(uname -m)"
    echo "directory=$PREFIX"
    exit 0
fi

# cargo records what it installed under a root in .crates.toml: `"inferno 0.12.3 (registry+...)"`.
if [[ -x $BIN/inferno-flamegraph && -x $BIN/inferno-diff-folded ]] \
    && grep -q "^\"inferno $INFERNO_VERSION " "$PREFIX/.crates.toml" 2>/dev/null; then
    say "inferno $INFERNO_VERSION already installed"
else
    if ! command -v cargo >/dev/null && [[ -f /etc/debian_version ]] && (( EUID == 0 )); then
        bash "$REPO/scripts/setup/install_system_packages.sh" cargo-web >&2
    fi
    command -v cargo >/dev/null || {
        say "cargo is required to install inferno (rustup, or as root on Debian: apt-get install cargo-web)"
        exit 3
    }
    say "cargo install inferno $INFERNO_VERSION with $(cargo --version) (compiles for half a minute)"
    # Unoptimised: the tests' set-up step took 13 s instead of 51 s on a 2-core VM (its crates
    # fetched already; benchmarks/results/ci-time-2026-11-28/), and it draws a gate's flame graph
    # (825 stacks a side) in 0.05 s instead of 0.04, byte for byte the same picture.
    CARGO_PROFILE_RELEASE_OPT_LEVEL=0 cargo install --quiet --locked --root "$PREFIX" --version "$INFERNO_VERSION" inferno
fi

if command -v latency-gate >/dev/null; then
    latency-gate ci-output keep --path "$BIN" >&2
fi
echo "$BIN"
