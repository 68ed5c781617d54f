#!/usr/bin/env bash
# Print the cache key and directory of the LatencyTest/ThroughputTest build as `name=value` lines
# (the GITHUB_OUTPUT format; actions/run-latency feeds them to actions/cache).
#
# The key changes whenever the build could: Fast DDS version (installed libfastrtps-dev),
# Cyclone DDS version, OS, architecture and the build recipe (INPUTS: the build's scripts, the
# colcon packages and the CMake they include, the security artifacts' generator; a test holds
# them against what build_latencytest.sh and the packages name), and with LATENCY_MIDDLEWARE naming a backend whose
# programs build from more (`latency-gate backends --sources`: MADARA's package, sources and patches)
# those directories, the key then naming the middleware.
#
# The build directory is the job's own ($RUNNER_TEMP/latency-gate-build): it is either
# restored from the cache or built afresh, never left over from another job or recipe.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build_directory=${RUNNER_TEMP:?RUNNER_TEMP is not set: run inside a CI job}/latency-gate-build
fastdds=$(dpkg-query -W -f='${Version}' libfastrtps-dev 2>/dev/null || echo not-installed)
cyclonedds=$(dpkg-query -W -f='${Version}' cyclonedds-dev 2>/dev/null || echo not-installed)
own=()  # the middleware's own directories beyond the default build
if [[ -n ${LATENCY_MIDDLEWARE:-} ]]; then
    sources=$(latency-gate backends --sources "$LATENCY_MIDDLEWARE") || exit 3
    [[ -z $sources ]] || mapfile -t own <<< "$sources"
fi
INPUTS=(scripts/setup/build_latencytest.sh scripts/setup/make_security_artifacts.sh
        scripts/latency_gate/runner/security.py latencytest throughputtest pingpong cmake)
recipe=$(cd "$REPO" && find "${INPUTS[@]}" "${own[@]}" -type f -print0 \
    | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
echo "key=latencytest-fastdds-${fastdds//[^A-Za-z0-9.+-]/_}-cyclonedds-${cyclonedds//[^A-Za-z0-9.+-]/_}${own:+-$LATENCY_MIDDLEWARE}-$(uname -s)-$(uname -m)-$recipe"
echo "build-directory=$build_directory"
