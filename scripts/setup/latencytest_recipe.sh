#!/usr/bin/env bash
# Print the recipe of the LatencyTest/ThroughputTest build of this checkout: the installed Fast DDS
# and Cyclone DDS versions, the OS, the architecture and a hash of everything the build reads
# (INPUTS: the build's scripts, the colcon packages and the CMake they include, the security
# artifacts' generator; a test holds them against what build_latencytest.sh and the packages
# name), and with LATENCY_MIDDLEWARE naming a backend whose programs build from more
# (`latency-gate backends --sources`: MADARA's package, sources and patches) those directories,
# the recipe then naming the middleware.
#
# Two builds of one recipe are the same build: the CI cache's key is made of it
# (latencytest_cache_key.sh), and build_latencytest.sh records it beside what it built, so that a
# job reuses a build only of its own checkout's recipe.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
fastdds=$(dpkg-query -W -f='${Version}' libfastrtps-dev 2>/dev/null || echo not-installed)
cyclonedds=$(dpkg-query -W -f='${Version}' cyclonedds-dev 2>/dev/null || echo not-installed)
own=()  # the middleware's own directories beyond the default build
if [[ -n ${LATENCY_MIDDLEWARE:-} ]]; then
    cli=$(command -v latency-gate || echo "$REPO/.venv/bin/latency-gate")  # the CI job's, else the project's venv's
    sources=$("$cli" backends --sources "$LATENCY_MIDDLEWARE") || exit 3
    [[ -z $sources ]] || mapfile -t own <<< "$sources"
fi
INPUTS=(scripts/setup/build_latencytest.sh scripts/setup/make_security_artifacts.sh scripts/setup/latencytest_recipe.sh
        scripts/latency_gate/runner/security.py latencytest throughputtest pingpong cmake)
hash=$(cd "$REPO" && find "${INPUTS[@]}" "${own[@]}" -type f -print0 \
    | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
echo "fastdds-${fastdds//[^A-Za-z0-9.+-]/_}-cyclonedds-${cyclonedds//[^A-Za-z0-9.+-]/_}${own:+-$LATENCY_MIDDLEWARE}-$(uname -s)-$(uname -m)-$hash"
