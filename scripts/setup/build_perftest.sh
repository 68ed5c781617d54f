#!/usr/bin/env bash
# Build Apex.AI performance_test 2.3.0 (third_party/performance_test) with its Cyclone DDS and its
# Fast DDS plugin against Debian's libraries: the programs of the perftest-cyclonedds and
# perftest-fastdds backends (perf_test builds one plugin at a time).
#
# 1. Copy the upstream sources and apply third_party/performance_test/patches/*.patch into
#    <build dir>/perftest/sources, writing only the files whose content changed, so rebuilds stay
#    incremental.
# 2. Per plugin, configure with Debian's ament-cmake and the stand-ins for ROS 2's pieces
#    (third_party/performance_test/stand-ins), tabulate and sole from third_party/ where its
#    build-time clones would have put them, Debian's fastddsgen for the Fast DDS messages, and
#    only the message types the patches list (no struct or point-cloud messages); build perf_test.
#    A plugin whose recipe (sources, patches, this script, the Debian versions) has not changed
#    since its last build is not touched: a re-run takes a second.
#
# Environment:
#   LATENCY_GATE_BUILD_DIR  where everything generated goes (default: <repo>/build)
# Prints the paths of the two programs, one a line.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD_DIR=${LATENCY_GATE_BUILD_DIR:-$REPO/build}
UPSTREAM=$REPO/third_party/performance_test
STAND_INS=$UPSTREAM/stand-ins

for package in libfastrtps-dev cyclonedds-dev ament-cmake fastddsgen; do
    dpkg-query -W -f='${Version}' "$package" > /dev/null 2>&1 || {
        echo "build_perftest: $package is not installed (run scripts/setup/install_system_packages.sh)" >&2
        exit 3
    }
done

recipe=$( (cd "$REPO" && find third_party/performance_test third_party/tabulate third_party/sole \
        scripts/setup/build_perftest.sh -type f -print0 | sort -z | xargs -0 sha256sum;
    dpkg-query -W libfastrtps-dev cyclonedds-dev ament-cmake fastddsgen) | sha256sum | cut -c1-16)
# The patched sources, at one path for every set of patches: a file is written only where its
# content changed, so CMake and make rebuild what a new patch touches, not everything.
sources=$BUILD_DIR/perftest/sources
patched=$(cd "$REPO" && find third_party/performance_test/performance_test third_party/performance_test/patches \
    -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
if [[ ! -f $sources/.patched-$patched ]]; then
    staging=$BUILD_DIR/perftest/sources.staging
    rm -rf "$staging" && mkdir -p "$staging" "$sources"
    cp -r "$UPSTREAM/performance_test/." "$staging/"
    for patch_file in "$UPSTREAM"/patches/*.patch; do
        patch --quiet --forward -d "$staging" -p1 < "$patch_file" >&2 || {
            echo "build_perftest: $patch_file: does not apply to performance_test 2.3.0" >&2
            exit 3
        }
    done
    while IFS= read -r -d '' file; do
        cmp -s "$staging/$file" "$sources/$file" || install -D -m 644 "$staging/$file" "$sources/$file"
    done < <(cd "$staging" && find . -type f -print0)
    while IFS= read -r -d '' file; do
        [[ -e $staging/$file ]] || rm -f "$sources/$file"
    done < <(cd "$sources" && find . -type f ! -name '.patched-*' -print0)
    rm -rf "$staging" "$sources"/.patched-* && touch "$sources/.patched-$patched"
fi

for plugin in cyclonedds fastdds; do
    build=$BUILD_DIR/perftest/$plugin
    stamp=$build/.built-$recipe
    if [[ -f $stamp && -x $build/perf_test ]]; then
        echo "$build/perf_test"
        continue
    fi
    # A build directory configured from other sources (moved, or an older layout) starts afresh.
    if [[ -f $build/CMakeCache.txt ]] && ! grep -qx "CMAKE_HOME_DIRECTORY:INTERNAL=$sources" "$build/CMakeCache.txt"; then
        rm -rf "$build"
    fi
    mkdir -p "$build/external"
    # Where performance_test's build-time clones of tabulate and sole would be (patches/0001).
    ln -sfn "$REPO/third_party/tabulate" "$build/external/tabulate"
    ln -sfn "$REPO/third_party/sole" "$build/external/sole"
    echo "build_perftest: building perf_test with the ${plugin} plugin" >&2
    started=$SECONDS
    # Python3_EXECUTABLE: ament-cmake's helpers need Debian's Python (python3-ament-package), not a venv's.
    cmake -S "$sources" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
        -DPERFORMANCE_TEST_PLUGIN="${plugin^^}" -DENABLE_MSGS_STRUCT=OFF -DENABLE_MSGS_POINT_CLOUD=OFF \
        -DPython3_EXECUTABLE=/usr/bin/python3 -DFASTRTPS_BIN=/usr/bin/fastddsgen \
        -DCMAKE_PROJECT_INCLUDE="$STAND_INS/cyclonedds_idlc.cmake" -Drmw_DIR="$STAND_INS/rmw" \
        -Dfastrtps_cmake_module_DIR="$STAND_INS/fastrtps_cmake_module" > "$build/configure.log" 2>&1 || {
        echo "build_perftest: configuring the $plugin plugin failed (see $build/configure.log):" >&2
        tail -n 20 "$build/configure.log" >&2
        exit 3
    }
    cmake --build "$build" --target perf_test --parallel "$(nproc)" > "$build/build.log" 2>&1 || {
        echo "build_perftest: building the $plugin plugin failed (see $build/build.log):" >&2
        grep -m 20 -E "error|Error" "$build/build.log" >&2 || tail -n 20 "$build/build.log" >&2
        exit 3
    }
    rm -f "$build"/.built-* && touch "$stamp"
    echo "build_perftest: $plugin plugin built in $((SECONDS - started)) s" >&2
    echo "$build/perf_test"
done
