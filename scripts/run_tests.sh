#!/usr/bin/env bash
# Set up everything the tests need on a fresh Debian machine (idempotent), then run them.
# Extra arguments go to pytest, e.g. scripts/run_tests.sh -k check -x (-n 0: one process).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$REPO/scripts/setup.sh" --for-tests
cd "$REPO"
# The package's and the tests' bytecode is written (to the ignored __pycache__/ directories) even
# where the environment says not to (PYTHONDONTWRITEBYTECODE=1, as this VM and many CI images set):
# else each of the unit tier's 136 Python processes compiles what it imports afresh, and pytest
# every test module, on every run (benchmarks/unit_tier_time.sh).
unset PYTHONDONTWRITEBYTECODE
# Two test processes (pytest-xdist), each taking the next test when idle: most of the slow tests
# wait on act, gitlab-ci-local, git and sleeping programs, so two overlap them on two CPUs; a
# test's timing must hold with another test's load beside it, as on a shared CI runner.
# The 30 slowest steps close the report: where the suite's minutes go, on every CI run.
exec .venv/bin/python -m pytest -n 2 --dist worksteal --durations=30 "$@"
