#!/usr/bin/env bash
# Set up everything the tests need on a fresh Debian machine (idempotent), then run them.
# Extra arguments go to pytest, e.g. scripts/run_tests.sh -k check -x
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$REPO/scripts/setup.sh" --for-tests
cd "$REPO"
exec .venv/bin/python -m pytest "$@"
