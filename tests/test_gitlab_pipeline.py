""".gitlab-ci.yml, executed for real with gitlab-ci-local's shell executor.

The pipeline runs on this machine as it would on a tagged real-time runner: the real
LatencyTest, one sub-experiment, two payloads, 100 samples; the history goes to a local
bare git repository. The build is the project's own (scripts/setup.sh builds it), passed
in as the runner cache would restore it; tests/test_workflows.py covers building.

Specification:
- run -> check -> pages on the default branch: the run lands on the history branch and
  the regenerated site is the Pages artifact public/;
- the check job's JUnit report is the pipeline's test report;
- a violated requirement fails the check job, and so the pipeline, with the failure in the
  JUnit report; the run is still history;
- in a merge request the relative gate runs (the default mode): the base LatencyTest is built
  at the merge base, both run in interleaved rounds, and the gate's JUnit report is the
  pipeline's test report.
"""

import re
import subprocess
import sys

import pytest

import ci_tools
from ci_tools import GENEROUS, PLATFORM, SMALL_MATRIX, TIGHT, git, set_requirements


def run_pipeline(tools, repository, history, variables=(), jobs=()):
    variables = {
        "LATENCY_GATE_VENV": sys.prefix,  # install_cli.sh uses this venv instead of pip-installing
        "LATENCY_GATE_BUILD_DIR": ci_tools.project_build(),
        **SMALL_MATRIX, "LATENCY_HISTORY_REMOTE": history, **dict(variables),
    }
    command = [str(tools / "gitlab-ci-local"), "--shell-executor-no-image", *jobs]
    for name, value in variables.items():
        command += ["--variable", f"{name}={value}"]
    result = subprocess.run(command, cwd=repository, capture_output=True, text=True, timeout=300)
    return result.returncode, result.stdout + result.stderr


def junit_report(repository):
    """The JUnit file the check job declares as its test report, as the pipeline exported it."""
    declared = re.search(r"^latency:check:\n(?:  .*\n)*?      junit: (\S+)$",
                         (repository / ".gitlab-ci.yml").read_text(), re.M)
    assert declared, "latency:check declares no artifacts:reports:junit"
    (path,) = repository.glob(f".gitlab-ci-local/artifacts/*check/{declared[1]}")
    return path.read_text()


@pytest.fixture
def history(tmp_path):
    path = tmp_path / "history.git"
    git("init", "-q", "--bare", str(path), cwd=tmp_path)
    return path


def history_runs(history):
    files = git("ls-tree", "-r", "--name-only", "latency-history", cwd=history).split()
    return sorted({f.split("/")[2] for f in files if f.startswith(f"runs/{PLATFORM}/")}), files


def test_a_passing_pipeline_publishes_the_run_to_history_and_pages(tools, repository, history):
    set_requirements(repository, GENEROUS)

    code, output = run_pipeline(tools, repository, history)

    assert code == 0, output
    assert "PASS  pages" in output
    (run_id,), files = history_runs(history)
    sha = git("rev-parse", "HEAD", cwd=repository).strip()
    assert run_id.split("-")[1] == sha[:12]
    assert f"runs/{PLATFORM}/{run_id}/checks_intraprocess_best_effort.csv" in files
    public = repository / ".gitlab-ci-local/artifacts/pages/public"
    assert (public / "index.html").is_file()
    assert (public / "runs" / PLATFORM / run_id / "metadata.json").is_file()
    assert not (public / ".git").exists()
    assert junit_report(repository).count("<testcase") == 6
    assert "<failure" not in junit_report(repository)


def test_a_violated_requirement_fails_the_pipeline_with_the_junit_failure(tools, repository, history):
    set_requirements(repository, TIGHT)

    code, output = run_pipeline(tools, repository, history)

    assert code != 0
    assert "FAIL  latency:check" in output
    junit = junit_report(repository)
    assert junit.count("<failure") == 1 and 'name="Median 32 B"' in junit
    assert len(history_runs(history)[0]) == 1  # on the default branch a violation is history too


def test_a_merge_request_is_gated_against_its_merge_base(tools, repository, history):
    set_requirements(repository, GENEROUS)
    base = git("rev-parse", "HEAD", cwd=repository).strip()
    merge_request = {"CI_PIPELINE_SOURCE": "merge_request_event", "CI_MERGE_REQUEST_DIFF_BASE_SHA": base,
                     "LATENCY_ROUNDS": "2", "LATENCY_MAX_ROUNDS": "2",
                     # both builds from scratch, from the project build's Debian sources
                     "LATENCY_GATE_BUILD_DIR": repository / "build" / "latencytest",
                     "LATENCY_GATE_SOURCES_DIR": ci_tools.REPO / "build" / "sources"}

    code, output = run_pipeline(tools, repository, history, merge_request, jobs=["latency:relative"])

    assert code == 0, output
    assert f"building the base LatencyTest at the merge base {base}" in output
    assert "Relative gate PASSED after 2 rounds" in output
    (junit,) = repository.glob(".gitlab-ci-local/artifacts/*relative/gate/gate_report.xml")
    assert junit.read_text().count("<testcase") == 4
