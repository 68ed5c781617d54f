#!/usr/bin/env bash
# Build Fast DDS's LatencyTest against the installed Debian library.
#
# 1. Fetch the Debian source package `fastdds` of exactly the version of the installed
#    libfastrtps-dev (LatencyTest and the library must agree), adding a deb-src entry for
#    bookworm if the machine has none. The extracted tree is cached under the build
#    directory, so it is fetched once.
# 2. Copy its test/performance/latency and apply latencytest/patches/*.patch, then any
#    patches named in LATENCY_GATE_EXTRA_PATCHES (the gate's regression variants); likewise
#    test/performance/throughput with throughputtest/patches/*.patch (if any). One copy per
#    set of patches, kept, so rebuilds stay incremental.
# 3. `colcon build` the project's colcon packages: `latencytest/` and `throughputtest/`,
#    which compile LatencyTest and ThroughputTest from those copies, `pingpong/`, the
#    other backends' programs
#    (SocketLatency, the floor; CycloneLatency, on Debian's Cyclone DDS), and, with --all or
#    for a CI job measuring it, a backend's own colcon packages beyond those (`latency-gate
#    backends --sources`: MADARA's, `pingpong_madara/`, about 40 s of CPU the first time).
#    colcon/CMake rebuild only what changed.
# 4. Create the DDS Security artifacts (once) with make_security_artifacts.sh, and record the
#    build's recipe (latencytest_recipe.sh) in <build dir>/colcon/recipe.
#
# Usage: build_latencytest.sh [--all]   --all: every backend's programs (scripts/setup.sh does)
#
# Environment:
#   LATENCY_MIDDLEWARE        a CI job's middleware (`latency-gate ci`): its backend's own packages
#                             are built too; a job measuring another one does not compile them
#   LATENCY_GATE_BUILD_DIR    where everything generated goes (default: <repo>/build)
#   LATENCY_GATE_SOURCES_DIR  where the Debian source tree is cached (default: <build dir>/sources)
#   LATENCY_GATE_EXTRA_PATCHES  colon-separated patch files applied after latencytest/patches
#                               (or, when they patch Throughput*.cpp/hpp, after throughputtest/patches)
# Prints the path of the built LatencyTest binary on the last line.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD_DIR=${LATENCY_GATE_BUILD_DIR:-$REPO/build}
SOURCES_DIR=${LATENCY_GATE_SOURCES_DIR:-$BUILD_DIR/sources}
COLCON_DIR=$BUILD_DIR/colcon

version=$(dpkg-query -W -f='${source:Version}' libfastrtps-dev 2>/dev/null) || {
    echo "build_latencytest: libfastrtps-dev is not installed (run scripts/setup/install_system_packages.sh)" >&2
    exit 3
}
upstream=${version#*:}          # drop any epoch
upstream=${upstream%-*}         # drop the Debian revision: 2.9.1+ds
source_tree=$SOURCES_DIR/fastdds-$version
stamp=$source_tree/.extracted

if [[ ! -f $stamp ]]; then
    if ! grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
        echo "build_latencytest: adding a deb-src entry for bookworm main"
        cat > /etc/apt/sources.list.d/latency-gate-deb-src.sources <<'SOURCES'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
        apt-get -o DPkg::Lock::Timeout=600 update -qq
    fi
    download=$SOURCES_DIR/download
    rm -rf "$download" && mkdir -p "$download"
    echo "build_latencytest: apt-get source fastdds=$version"
    # apt drops privileges to _apt for downloads; it cannot write into root's build tree.
    (cd "$download" && apt-get -o APT::Sandbox::User=root source -qq "fastdds=$version")
    rm -rf "$source_tree"
    mv "$download/fastdds-$upstream" "$source_tree"
    rm -rf "$download"
    touch "$stamp"
fi

for required in test/performance/latency/LatencyTestPublisher.cpp \
        test/performance/throughput/ThroughputPublisher.cpp thirdparty/optionparser; do
    [[ -e $source_tree/$required ]] || {
        echo "build_latencytest: $source_tree/$required: missing from the source package" >&2
        exit 3
    }
done

patches=("$REPO"/latencytest/patches/*.patch)
throughput_patches=()
for patch_file in "$REPO"/throughputtest/patches/*.patch; do
    [[ -f $patch_file ]] && throughput_patches+=("$patch_file")
done
extra_patches=()
[[ -z ${LATENCY_GATE_EXTRA_PATCHES:-} ]] || IFS=: read -r -a extra_patches <<< "$LATENCY_GATE_EXTRA_PATCHES"
for patch_file in "${extra_patches[@]}"; do
    [[ -f $patch_file ]] || {
        echo "build_latencytest: $patch_file: no such patch file" >&2
        exit 3
    }
    if grep -q '^+++ b/Throughput' "$patch_file"; then
        throughput_patches+=("$patch_file")
    else
        patches+=("$patch_file")
    fi
done
# patched_sources PROGRAM DIRECTORY PATCH...: a copy of test/performance/DIRECTORY with the
# patches applied, one per set of patches (named by their hash, kept); prints its path.
patched_sources() {
    local program=$1 directory=$2 patch_file
    shift 2
    local copy
    copy=$BUILD_DIR/$directory-sources/$(cat "$@" /dev/null | sha256sum | cut -c1-16)
    if [[ ! -f $copy/.patched ]]; then
        rm -rf "$copy" && mkdir -p "$copy"
        cp "$source_tree/test/performance/$directory"/*.{cpp,hpp} "$copy"/
        for patch_file in "$@"; do
            patch --quiet --forward -d "$copy" -p1 < "$patch_file" >&2 || {
                echo "build_latencytest: $patch_file: does not apply to $program $version" >&2
                return 3
            }
        done
        touch "$copy/.patched"
    fi
    echo "$copy"
}
latency_sources=$(patched_sources LatencyTest latency "${patches[@]}") || exit 3
throughput_sources=$(patched_sources ThroughputTest throughput "${throughput_patches[@]}") || exit 3

# The ctest tests run the runner with the project's venv when there is one.
python=${LATENCY_GATE_PYTHON:-$REPO/.venv/bin/python}
[[ -x $python ]] || python=$(command -v python3)

packages=("$REPO/latencytest" "$REPO/throughputtest" "$REPO/pingpong")
# The backends say which of their directories are built beyond those (colcon packages: a package.xml).
asked=()
[[ ${1:-} == --all ]] || asked=("${LATENCY_MIDDLEWARE:-}")
if [[ ${1:-} == --all || -n ${LATENCY_MIDDLEWARE:-} ]]; then
    cli=$(command -v latency-gate || echo "$REPO/.venv/bin/latency-gate")  # the CI job's, else the project's venv's
    sources=$("$cli" backends --sources "${asked[@]}") || {
        echo "build_latencytest: '$cli backends --sources ${asked[*]}' failed: which packages the backends need is unknown" >&2
        exit 3
    }
    while read -r source; do
        [[ -z $source || ! -f $REPO/$source/package.xml ]] || packages+=("$REPO/$source")
    done <<< "$sources"
fi

# Through ccache only where CCACHE_DIR names a cache that builds share (a bisect's commits:
# scripts/ci/bisect_gate.sh; the tests' CI jobs), so that each compiles what the others did not.
# A lone build caches nothing: a CI job's build directory, which its cache entry saves, holds no
# objects for a later build to link.
# (Set either way: CMake keeps a launcher an earlier configuration of the directory named.)
launcher=
if [[ -n ${CCACHE_DIR:-} ]] && command -v ccache >/dev/null; then
    launcher=ccache
fi

cd "$REPO"
colcon --log-base "$COLCON_DIR/log" build \
    --paths "${packages[@]}" \
    --build-base "$COLCON_DIR/build" \
    --install-base "$COLCON_DIR/install" \
    --event-handlers console_direct- \
    --cmake-args -DFASTDDS_SOURCE_DIR="$source_tree" -DLATENCY_TEST_SOURCE_DIR="$latency_sources" \
        -DTHROUGHPUT_TEST_SOURCE_DIR="$throughput_sources" \
        -DCMAKE_BUILD_TYPE=Release \
        -DLATENCY_GATE_PYTHON="$python" \
        -DCMAKE_C_COMPILER_LAUNCHER="$launcher" -DCMAKE_CXX_COMPILER_LAUNCHER="$launcher"
# The security sub-experiments need a CA, identities and signed governance/permissions.
bash "$REPO/scripts/setup/make_security_artifacts.sh"
# What was built, from what: a job reuses a build here only of its own checkout's recipe.
bash "$REPO/scripts/setup/latencytest_recipe.sh" > "$COLCON_DIR/recipe"
echo "$COLCON_DIR/install/latencytest/bin/LatencyTest"
