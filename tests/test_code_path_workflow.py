"""The code-path gate's workflow (.github/workflows/code-path-pr.yml), executed with act in host mode.

Specification:
- every pull request, a fork's included, gets the code-path gate on a GitHub-hosted runner
  (ubuntu-latest; act runs it on this machine, whose set-up is the container's Debian bookworm):
  its LatencyTest against its merge base's, instructions per round trip counted under valgrind;
  an unchanged pull request passes, with the report in the job summary and the verdict as an
  artifact;
- the job holds a read-only token and nothing else.

act needs docker for a job's `container:`, which this machine has not: the test runs the
workflow with the container removed, on this machine, which is what the container is (Debian
bookworm, as root) - a stand-in for GitHub's container runtime, named here as such.
"""

import json
import os
import re
import shutil
import subprocess

import pytest

import ci_tools
from ci_tools import GITHUB_REPOSITORY, REPO, Act

pytestmark = pytest.mark.ci

WORKFLOW = ".github/workflows/code-path-pr.yml"
# One sub-experiment, two payloads, 50 round trips: each valgrind run takes seconds.
SMALL = {"LATENCY_SUBEXPERIMENTS": "interprocess_best_effort", "LATENCY_PAYLOADS": "16,1024", "LATENCY_SAMPLES": "50"}


@pytest.fixture
def act(tools, repository, tmp_path_factory, tmp_path):
    return Act(tools, repository, tmp_path, tmp_path_factory.mktemp("build-cache"))


def pull_request(head_repository, base_sha):
    return {
        "action": "synchronize", "number": 9,
        "pull_request": {"number": 9, "title": "A change", "head": {"ref": "feature", "repo": {"full_name": head_repository}},
                         "base": {"ref": "main", "sha": base_sha, "repo": {"full_name": GITHUB_REPOSITORY}}},
        "repository": {"full_name": GITHUB_REPOSITORY},
    }


def test_the_job_runs_on_a_github_hosted_runner_with_a_read_only_token():
    text = (REPO / WORKFLOW).read_text()
    assert re.search(r"^    runs-on: ubuntu-latest$", text, re.M)
    assert not re.search(r"^    if:", text, re.M)  # no job is kept from forks
    assert re.search(r"^permissions: \{\}$", text, re.M)
    assert re.findall(r"^    permissions:\n((?:      .*\n)+)", text, re.M) == ["      contents: read\n"]
    assert "signal: instructions" in text


def seed_pull_request_build(act, repository, tmp_path):
    """The cache stand-in holds the project's LatencyTest build under the pull request build's key
    (its recipe is this checkout's), as a earlier push of the pull request would have left it: only
    the merge base is built here."""
    keys = subprocess.run(["bash", str(repository / "scripts/setup/latencytest_cache_key.sh")], check=True,
                          capture_output=True, text=True, env=os.environ | {"RUNNER_TEMP": str(tmp_path)}).stdout
    key = re.search(r"^key=(.+)$", keys, re.M)[1]
    for part in ("colcon", "security"):
        shutil.copytree(ci_tools.project_build() / part, act.build_cache / key / part, symlinks=True)


def test_a_forks_pull_request_gets_the_code_path_gate_and_an_unchanged_one_passes(act, repository, tmp_path):
    ci_tools.without_container(repository, WORKFLOW)
    seed_pull_request_build(act, repository, tmp_path)
    fork_point, target = ci_tools.pull_request_history(repository, tmp_path / "origin.git")
    environment = {"LATENCY_GATE_SOURCES_DIR": REPO / "build" / "sources",  # no download
                   **ci_tools.origin_routed_to(tmp_path / "origin.git")}

    result = act("pull_request", WORKFLOW, pull_request("someone/latency-gate", target), SMALL,
                 environment=environment)

    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert f"building the base LatencyTest at the merge base {fork_point}" in output
    assert "the pull request's LatencyTest build was restored" in output
    assert "## Code-path gate (instructions per round trip: pull request vs base)" in output  # the job summary
    verdict = json.loads((act.artifact("code-path-gate-pr-9") / "gate_result.json").read_text())
    assert verdict["verdict"] in ("passed", "inconclusive")  # unchanged: inconclusive where 3 runs could not rule out
    assert re.search(rf"::set-output:: result={verdict['verdict']}$", output, re.M), output
    assert verdict["signal"] == "instructions" and verdict["passed"] is True
    assert verdict["settings"]["gated"] == ["Instructions"] and verdict["cells"] == 2
