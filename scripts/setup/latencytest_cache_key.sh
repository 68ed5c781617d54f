#!/usr/bin/env bash
# Print the cache key and directory of the LatencyTest/ThroughputTest build as `name=value` lines
# (the GITHUB_OUTPUT format; actions/run-latency feeds them to actions/cache).
#
# The key is the build's recipe (latencytest_recipe.sh): it changes whenever the build could.
# The build directory is the job's own ($RUNNER_TEMP/latency-gate-build): it is either
# restored from the cache or built afresh, never left over from another job or recipe.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build_directory=${RUNNER_TEMP:?RUNNER_TEMP is not set: run inside a CI job}/latency-gate-build
recipe=$(bash "$REPO/scripts/setup/latencytest_recipe.sh")
echo "key=latencytest-$recipe"
echo "build-directory=$build_directory"
