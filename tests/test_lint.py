"""The code is free of what pyflakes finds: unused imports and variables, undefined names,
redefinitions (the kind of dead code a refactoring leaves behind)."""

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

REPOSITORY = Path(__file__).resolve().parents[1]


def test_pyflakes_finds_nothing_in_the_package_the_benchmarks_and_the_tests():
    done = subprocess.run([sys.executable, "-m", "pyflakes", "scripts", "benchmarks", "tests"], cwd=REPOSITORY,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
