"""The code is free of what the linters find.

- Python: ruff, with the rules pyproject.toml's [tool.ruff.lint] chooses (pyflakes' unused
  imports and variables, undefined names, redefinitions; bugbear's likely bugs; Python 3.11
  spellings; a noqa that silences nothing), on the package, the benchmarks and the tests.
- Shell: shellcheck on every shell script in the repository (by extension or by its `#!`
  line), with .shellcheckrc's settings; this one is of the ci tier.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
SHELL_SHEBANG = re.compile(rb"#!\s*/(?:usr/)?bin/(?:env\s+)?(?:ba)?sh\b")


def ruff(*arguments, stdin=None):
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", *arguments], cwd=REPOSITORY,
                          input=stdin, capture_output=True, text=True)


def shell_scripts():
    """Every shell script of the working tree (tracked or new, unless ignored)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=REPOSITORY, capture_output=True, text=True, check=True).stdout
    names = [name for name in filter(None, listed.split("\0")) if (REPOSITORY / name).is_file()]
    return sorted(name for name in names if name.endswith((".sh", ".bash")) or SHELL_SHEBANG.match(first_bytes(name)))


def first_bytes(name, count=64):
    with open(REPOSITORY / name, "rb") as file:
        return file.read(count)


@pytest.mark.unit
def test_ruff_finds_nothing_in_the_package_the_benchmarks_and_the_tests():
    done = ruff()

    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.unit
def test_ruff_applies_the_chosen_rules_to_the_package():
    mistakes = ("import os\nfrom datetime import datetime, timezone\n\n\n"
                "def stamp(seen=[]):\n    try:\n        return datetime.now(timezone.utc), seen\n"
                "    except:\n        return None\n")

    done = ruff("--output-format", "concise", "--stdin-filename", "scripts/latency_gate/example.py",
                stdin=mistakes)

    assert done.returncode == 1
    assert sorted(set(re.findall(r": ([A-Z]+\d+) ", done.stdout))) == ["B006", "E722", "F401", "UP017"]


@pytest.mark.ci
def test_shellcheck_finds_nothing_in_any_shell_script(tools):
    scripts = shell_scripts()

    done = subprocess.run(["shellcheck", *scripts], cwd=REPOSITORY, capture_output=True, text=True)

    assert {".ci/run", "scripts/setup.sh", "scripts/spec_entry.bash", "scripts/ci/relative_gate.sh"} <= set(scripts)
    assert done.returncode == 0, done.stdout + done.stderr
