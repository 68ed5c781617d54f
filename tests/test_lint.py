"""The code is free of what the linters find.

- Python: ruff, with the rules pyproject.toml's [tool.ruff.lint] chooses (pyflakes' unused
  imports and variables, undefined names, redefinitions; bugbear's likely bugs; Python 3.11
  spellings; a noqa that silences nothing), on the package, the benchmarks and the tests.
- Shell: shellcheck on every shell script in the repository (by extension or by its `#!`
  line), with .shellcheckrc's settings, and on the scripts inside the GitLab pipeline (each job's
  before_script and script as the one shell GitLab runs them in, `extends:` and `!reference`
  resolved; its after_script apart) and the workflows' and composite actions' bash steps; these
  are of the ci tier.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import ci_tools

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
def test_every_script_with_a_shebang_is_executable_in_git():
    """A copy-paste systemd unit, a CI step or a reader may run a script by its path (docs/adopting.md's
    unit runs scripts/setup/ephemeral_runner.sh): one that starts with #! is committed executable."""
    modes = subprocess.run(["git", "ls-files", "-s", "-z"], cwd=REPOSITORY, capture_output=True, text=True,
                           check=True).stdout
    staged = {entry.split("\t", 1)[1]: entry.split(" ", 1)[0] for entry in filter(None, modes.split("\0"))}
    not_executable = [name for name in shell_scripts() if name in staged and first_bytes(name, 2) == b"#!"
                      and staged[name] != "100755"]

    assert not_executable == []


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


# How the runners start each script: GitLab's bash and GitHub's `shell: bash` stop on the first failure.
PROLOGUE = "#!/usr/bin/env bash\nset -eo pipefail\n"


def _lines(value, document):
    """A job's script lines, each !reference replaced by the lines it names."""
    lines = []
    for item in [value] if isinstance(value, str) else value or []:
        if isinstance(item, tuple):  # !reference
            named = document
            for key in item[1]:
                named = named[key]
            lines += _lines(named, document)
        elif isinstance(item, list):
            lines += _lines(item, document)
        else:
            lines.append(item)
    return lines


def _inherited(job, document, key):
    """A job's `key` (before_script, script), its own or of the job it extends."""
    if key in job:
        return job[key]
    parents = job.get("extends", [])
    for parent in ([parents] if isinstance(parents, str) else parents)[::-1]:
        found = _inherited(document[parent], document, key)
        if found is not None:
            return found
    return None


def gitlab_scripts(pipeline):
    """{name: shell text} of a GitLab pipeline file's jobs, hidden ones (templates) included."""
    document = ci_tools.gitlab_document(pipeline)
    scripts = {}
    for name, job in document.items():
        if not isinstance(job, dict):
            continue
        lines = _lines(_inherited(job, document, "before_script"), document) + _lines(
            _inherited(job, document, "script"), document)
        if lines:
            scripts[name] = PROLOGUE + "\n".join(lines) + "\n"
        if job.get("after_script"):  # a shell of its own
            scripts[f"{name} (after_script)"] = PROLOGUE + "\n".join(_lines(job["after_script"], document)) + "\n"
    return scripts


def github_scripts(path):
    """{name: shell text} of the bash steps of a workflow or composite action."""
    document = yaml.safe_load(path.read_text())
    runs = document.get("runs")
    steps = [step for job in (document.get("jobs") or {}).values() for step in job.get("steps", [])] + (
        runs.get("steps", []) if isinstance(runs, dict) else [])
    return {f"{path.relative_to(REPOSITORY)} step {number}": PROLOGUE + step["run"]
            for number, step in enumerate(steps, 1) if "run" in step and step.get("shell", "bash") == "bash"}


def shellcheck_texts(scripts, directory):
    """shellcheck's findings on each script, {name: output}, for those it finds something in."""
    findings = {}
    for number, (name, text) in enumerate(scripts.items()):
        path = directory / f"script-{number}.sh"
        path.write_text(text)
        done = subprocess.run(["shellcheck", "--shell", "bash", str(path)], capture_output=True, text=True)
        if done.returncode != 0:
            findings[name] = done.stdout + done.stderr
    return findings


@pytest.mark.ci
def test_shellcheck_finds_nothing_in_the_pipeline_s_and_the_actions_scripts(tools, tmp_path):
    scripts = gitlab_scripts(REPOSITORY / ".gitlab-ci.yml")
    for path in sorted([*REPOSITORY.glob(".github/workflows/*.yml"), *REPOSITORY.glob("actions/*/action.yml")]):
        scripts |= github_scripts(path)

    assert {"latency:verdict-note", ".latency-gate-setup", "pages"} <= set(scripts)
    assert sum("action.yml" in name for name in scripts) >= 10
    assert shellcheck_texts(scripts, tmp_path) == {}


@pytest.mark.ci
def test_the_pipeline_s_scripts_are_read_as_gitlab_runs_them(tools, tmp_path):
    """A PATH export that hides the installer's failure (SC2155), in a template a job extends and
    a job takes by !reference, is found in both."""
    pipeline = tmp_path / "pipeline.yml"
    pipeline.write_text(".setup:\n  before_script:\n    - export PATH=\"$(bash install.sh | tail -n 1):$PATH\"\n"
                        "job:\n  extends: .setup\n  script:\n    - tool run\n"
                        "other:\n  script:\n    - !reference [.setup, before_script]\n    - tool run\n")

    scripts = gitlab_scripts(pipeline)

    assert scripts["job"] == PROLOGUE + 'export PATH="$(bash install.sh | tail -n 1):$PATH"\ntool run\n'
    assert scripts["other"] == scripts["job"]
    assert set(shellcheck_texts(scripts, tmp_path)) == {".setup", "job", "other"}
    assert "SC2155" in shellcheck_texts(scripts, tmp_path)["job"]
