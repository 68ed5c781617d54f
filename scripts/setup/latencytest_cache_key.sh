#!/usr/bin/env bash
# Print the cache key and directory of the LatencyTest/ThroughputTest build as `name=value` lines
# (the GITHUB_OUTPUT format; actions/run-latency feeds them to actions/cache).
#
# The key changes whenever the build could: Fast DDS version (installed libfastrtps-dev),
# Cyclone DDS version, OS, architecture and the build recipe (build_latencytest.sh, the colcon
# packages, and the security artifacts' generator), and with LATENCY_MIDDLEWARE=madara (the
# build then has MADARA's program too) MADARA's package, sources and patch.
#
# The build directory is the job's own ($RUNNER_TEMP/latency-gate-build): it is either
# restored from the cache or built afresh, never left over from another job or recipe.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build_directory=${RUNNER_TEMP:?RUNNER_TEMP is not set: run inside a CI job}/latency-gate-build
fastdds=$(dpkg-query -W -f='${Version}' libfastrtps-dev 2>/dev/null || echo not-installed)
cyclonedds=$(dpkg-query -W -f='${Version}' cyclonedds-dev 2>/dev/null || echo not-installed)
madara=()
[[ ${LATENCY_MIDDLEWARE:-} != madara ]] || madara=(pingpong_madara third_party/madara third_party/madara-patches)
recipe=$(cd "$REPO" && find scripts/setup/build_latencytest.sh latencytest throughputtest pingpong "${madara[@]}" \
    scripts/latency_gate/runner/security.py -type f -print0 \
    | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
echo "key=latencytest-fastdds-${fastdds//[^A-Za-z0-9.+-]/_}-cyclonedds-${cyclonedds//[^A-Za-z0-9.+-]/_}${madara:+-madara}-$(uname -s)-$(uname -m)-$recipe"
echo "build-directory=$build_directory"
