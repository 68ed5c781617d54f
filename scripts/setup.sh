#!/usr/bin/env bash
# Set up this project on a fresh Debian bookworm machine (as root). Idempotent: a re-run
# with nothing to do takes seconds.
#
#   scripts/setup.sh              what the main job runs: Debian packages (Fast DDS,
#                                 colcon, rt-tests, ...), the Python venv (.venv), Fast
#                                 DDS's LatencyTest and ThroughputTest and the project's
#                                 own programs (pingpong/), the site's chart library
#   scripts/setup.sh --all        also every other backend's programs: MADARA's
#                                 (pingpong_madara/) and performance_test's two plugins
#   scripts/setup.sh --for-tests  --all, and the tools the tests drive: act, actionlint,
#                                 zizmor, gitlab-ci-local, Chromium and Playwright,
#                                 inferno (the code-path gate's flame graphs) and Cyclone
#                                 DDS built with its symbols (the code-path signal counts
#                                 its receive threads with it)
set -euo pipefail

case ${1:-} in
    "" | --all | --for-tests) ;;
    *)
        echo "usage: scripts/setup.sh [--all | --for-tests]" >&2
        exit 2
        ;;
esac
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SETUP=$REPO/scripts/setup

# Each step says what it does and how long it took: a fresh machine's set-up is minutes.
step() {
    local name=$1 started=$SECONDS
    shift
    echo "== setup: $name"
    "$@"
    echo "== setup: $name: $((SECONDS - started)) s"
}

if [[ -z ${1:-} ]]; then
    step "Debian packages" bash "$SETUP/install_system_packages.sh" --main-job
else
    step "Debian packages" bash "$SETUP/install_system_packages.sh"  # every backend's packages
fi

# The venv uses Debian's Python so that a fresh machine needs nothing else; it is
# reinstalled only when pyproject.toml changes.
UV_VERSION=0.9.5
install_venv() {
    if [[ ! -x $REPO/.venv/bin/python ]]; then
        /usr/bin/python3 -m venv "$REPO/.venv"
    fi
    local stamp
    stamp=$REPO/.venv/.installed-$(sha256sum "$REPO/pyproject.toml" | cut -c1-16)
    if [[ ! -f $stamp ]]; then
        # uv resolves and downloads in parallel: the project's ~70 packages in seconds where pip
        # takes minutes on a fresh machine. UV_NATIVE_TLS: trust the system's certificates, as apt does.
        "$REPO/.venv/bin/pip" install -q "uv==$UV_VERSION"
        UV_NATIVE_TLS=true "$REPO/.venv/bin/uv" pip install -q --python "$REPO/.venv/bin/python" -e "${REPO}[test]"
        rm -f "$REPO"/.venv/.installed-* && touch "$stamp"
    fi
}
step "Python venv" install_venv

if [[ -z ${1:-} ]]; then
    step "programs" bash "$SETUP/build_latencytest.sh"  # Fast DDS's two programs and pingpong/
else
    step "programs" bash "$SETUP/build_latencytest.sh" --all  # MADARA's programs too
    step "performance_test" bash "$SETUP/build_perftest.sh"  # the perftest-* backends: Apex.AI performance_test
fi
step "chart library" bash "$SETUP/install_site_tools.sh" --chart-library-only  # the history site ships it

if [[ ${1:-} == --for-tests ]]; then
    step "CI tools" bash "$SETUP/install_ci_tools.sh"
    step "site tools" bash "$SETUP/install_site_tools.sh"
    step "flame-graph tools" bash "$SETUP/install_flamegraph_tools.sh"
    # After the flame-graph tools: their step installs a cargo where there is none, which fetches
    # Cyclone DDS's source. The code-path signal counts Cyclone's receive threads with it.
    step "Cyclone DDS with its symbols" bash "$SETUP/build_cyclonedds.sh"
fi
