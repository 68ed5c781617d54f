#!/usr/bin/env bash
# Build a Fast DDS source tree (a fork's checkout, or Debian's `fastdds` source package) as a colcon
# workspace: the library (package fastrtps) and the project's LatencyTest (package latencytest, with
# its counted-region marks) linked against it: what the code-path gate compares when a pull request
# changes the middleware itself.
#
# A compiler cache (ccache) is shared by every workspace built here, so a pull request's tree
# after its base's recompiles only the files it changed. Paths under the cache's base directory are
# made relative, so two workspaces side by side share their objects.
#
# Usage: build_fastdds_workspace.sh SOURCE_TREE WORKSPACE
#   SOURCE_TREE  a Fast DDS tree (CMakeLists.txt of project fastrtps at its root); the workspace
#                builds it in place, read-only (its build tree is WORKSPACE/build)
#   WORKSPACE    where build/, install/ and log/ go; WORKSPACE/install/latencytest/bin/LatencyTest
#                is printed on the last line
# Environment:
#   LATENCY_GATE_BUILD_DIR  the project's build directory (default: <repo>/build): LatencyTest's
#                           patched sources come from there (scripts/setup/build_latencytest.sh)
#   CCACHE_DIR              the compiler cache (default: <build dir>/ccache)
#   CCACHE_BASEDIR          paths below it are hashed relative (default: WORKSPACE's parent)
# Exit codes: 0 built; 3 bad input (no such tree, not Fast DDS, LatencyTest's sources missing).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD_DIR=${LATENCY_GATE_BUILD_DIR:-$REPO/build}

if (( $# != 2 )); then
    echo "usage: build_fastdds_workspace.sh SOURCE_TREE WORKSPACE" >&2
    exit 3
fi
tree=$(realpath -m "$1")
workspace=$(realpath -m "$2")
grep -qs 'project(fastrtps' "$tree/CMakeLists.txt" || {
    echo "build_fastdds_workspace: $tree: not a Fast DDS source tree (no project(fastrtps) in CMakeLists.txt)" >&2
    exit 3
}
cache=$BUILD_DIR/colcon/build/latencytest/CMakeCache.txt
latency_sources=$(sed -n 's/^LATENCY_TEST_SOURCE_DIR:[A-Z]*=//p' "$cache" 2>/dev/null || true)
[[ -n $latency_sources && -d $latency_sources ]] || {
    echo "build_fastdds_workspace: $cache: no LatencyTest sources: run scripts/setup/build_latencytest.sh first" >&2
    exit 3
}

# The library's build dependencies (Debian's Build-Depends of fastdds 2.9.1, less documentation's),
# and the compiler cache.
bash "$REPO/scripts/setup/install_system_packages.sh" cmake g++ colcon python3-colcon-cmake libasio-dev \
    libboost-dev libfastcdr-dev libfoonathan-memory-dev libsqlite3-dev libssl-dev libtinyxml2-dev \
    nlohmann-json3-dev tao-pegtl-dev ccache

export CCACHE_DIR=${CCACHE_DIR:-$BUILD_DIR/ccache}
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(dirname "$workspace")}
mkdir -p "$workspace"
python=${LATENCY_GATE_PYTHON:-$REPO/.venv/bin/python}
[[ -x $python ]] || python=$(command -v python3)

# Debian's configuration of the library (debian/rules: SECURITY=ON, FORCE_CXX=17; statistics and
# shared memory on by default), without what LatencyTest does not need.
cd "$workspace"
colcon --log-base "$workspace/log" build \
    --paths "$tree" "$REPO/latencytest" \
    --build-base "$workspace/build" --install-base "$workspace/install" \
    --event-handlers console_direct- \
    --cmake-args -DCMAKE_BUILD_TYPE=Release -DSECURITY=ON -DFORCE_CXX=17 -DEPROSIMA_BUILD_TESTS=OFF \
        -DCOMPILE_EXAMPLES=OFF -DCOMPILE_TOOLS=OFF -DBUILD_DOCUMENTATION=OFF \
        -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
        -DFASTDDS_SOURCE_DIR="$tree" -DLATENCY_TEST_SOURCE_DIR="$latency_sources" \
        -DLATENCY_GATE_PYTHON="$python" >&2
echo "$workspace/install/latencytest/bin/LatencyTest"
