"""Another team's repository gates its own middleware with the adoption guide's workflow.

The test makes the adopter: a git repository of its own, whose middleware is Fast DDS's
LatencyTest built by its own script (ci/build_latencytest.sh: this project's recipe with the
adopter's patches from ci/patches/, a stand-in for a team's colcon build of its Fast DDS
fork), and whose workflows are the copy-paste workflows of docs/adopting.md, taken from the
guide by the test, with the actions as `acme/latency-gate/actions/<name>@<sha>`. act serves
this project to it from a copy *without* .git (`--local-repository`), as GitHub downloads
an action: nothing may assume the action's folder is a checkout. The runner labels, the
GitHub-hosted services (cache, artifacts) and the network route are act's and the stand-ins'
of tests/test_workflows.py.

Specification:
- an unchanged pull request passes the required check: the adopter's build command ran in
  the pull request's checkout and in a worktree of its merge base;
- the next push to the same pull request makes the echo of one payload slower (a patch of
  the adopter's); the gate fails and names that cell in the job summary, and the merge
  base's build is restored from the cache instead of being built again;
- a fork's pull request fails the required check with a message saying why, and nothing
  runs on the latency runner;
- a push to main (the guide's latency-main.yml) is measured with the adopter's build, checked,
  and published to the adopter's gh-pages branch by the GitHub-hosted job, and the site is
  deployed;
- on GitLab, a project that includes this pipeline from a release commit (the guide's snippet:
  include:project at `ref: $LATENCY_GATE_REF`, the project's CI/CD variable holding the
  release's full SHA, resolved by gitlab-ci-local's real git clone of a bare repository that
  git reaches for the GitLab server's URL) gates its merge requests with its own build, with
  the scripts of that very commit: the unchanged one passes, the slowed one fails naming the cell.
"""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ci_tools
from ci_tools import REPO, Act, commit, git
from latency_gate.runner.middleware.common import build_directory

sys.path.insert(0, str(REPO / "benchmarks"))
import proof.ab  # noqa: E402 (the proof harness's regression variant: a delay in the echo)

ADOPTER = "acme/middleware"
RELEASE = "acme/latency-gate@" + "1" * 40  # the pinned release of this project the adopter uses
WORKFLOW = ".github/workflows/latency-pr.yml"  # the guide's pull-request workflow
# One cell, measured the gate's default number of rounds: the delay below is 10x its noise.
MATRIX = {"LATENCY_SUBEXPERIMENTS": "intraprocess_best_effort", "LATENCY_PAYLOADS": "1024", "LATENCY_SAMPLES": "200"}
DELAY_NS = 30_000  # on a ~5 us round trip
BUILD_SCRIPT = """#!/usr/bin/env bash
# This middleware's LatencyTest: Fast DDS's, with the patches in ci/patches/.
set -euo pipefail
patches=$(find "$PWD/ci/patches" -name '*.patch' | sort | paste -sd: -)
LATENCY_GATE_EXTRA_PATCHES=$patches LATENCY_GATE_BUILD_DIR=$PWD/build bash "$ADOPTER_RECIPE"
"""


@pytest.fixture(scope="module")
def release(tmp_path_factory):
    """This project as GitHub serves a release of it to an adopter's workflow: files, no .git."""
    copy = ci_tools.copy_repository(tmp_path_factory.mktemp("release"))
    shutil.rmtree(copy / ".git")
    return copy


@pytest.fixture
def adopter(tmp_path):
    """The adopter's repository on its main branch: the build script and the guide's workflow."""
    repository = tmp_path / "middleware"
    (repository / "ci" / "patches").mkdir(parents=True)
    (repository / "ci" / "build_latencytest.sh").write_text(BUILD_SCRIPT)
    (repository / "ci" / "build_latencytest.sh").chmod(0o755)
    (repository / "ci" / "patches" / "README").write_text("The middleware's changes to Fast DDS.\n")
    (repository / ".github" / "workflows").mkdir(parents=True)
    for name, text in ci_tools.copy_paste_workflows(RELEASE).items():
        (repository / ".github/workflows" / name).write_text(text)
    git("init", "-q", "-b", "main", cwd=repository)
    git("remote", "add", "origin", f"https://github.com/{ADOPTER}.git", cwd=repository)
    commit(repository, "The middleware and its latency gate")
    git("checkout", "-q", "-b", "feature", cwd=repository)
    return repository


def pull_request(base_sha, head_repository=ADOPTER):
    return {
        "action": "synchronize", "number": 3,
        "pull_request": {"number": 3, "title": "A change", "head": {"ref": "feature", "repo": {"full_name": head_repository}},
                         "base": {"ref": "main", "sha": base_sha, "repo": {"full_name": ADOPTER}}},
        "repository": {"full_name": ADOPTER},
    }


def run(act, payload):
    environment = {"ADOPTER_RECIPE": REPO / "scripts/setup/build_latencytest.sh",  # the stand-in build's recipe
                   "LATENCY_GATE_SOURCES_DIR": build_directory() / "sources"}  # Debian's sources: no download
    result = act("pull_request", WORKFLOW, payload, MATRIX, environment=environment)
    return result, result.stdout + result.stderr


def test_an_adopters_pull_request_is_gated_with_its_own_build_and_a_slower_push_fails(tools, release, adopter,
                                                                                     tmp_path):
    main = git("rev-parse", "main", cwd=adopter).strip()
    (adopter / "NOTES.md").write_text("A change that leaves the middleware alone.\n")
    commit(adopter, "Notes")
    cache = tmp_path / "cache"
    cache.mkdir()
    (tmp_path / "first").mkdir()
    first = Act(tools, adopter, tmp_path / "first", cache, actions={RELEASE: release})

    result, log = run(first, pull_request(main))

    assert result.returncode == 0, log
    assert "relative_gate: building the pull request with the build command" in log
    assert f"build_base_latencytest: building the base LatencyTest at the merge base {main}" in log
    assert "Success - Main The latency measurement decides" in log  # the required check
    verdict = json.loads((first.artifact("latency-gate-reports") / "gate_result.json").read_text())
    assert verdict["passed"] is True and verdict["cells"] == 2  # Median and 99% of the one payload
    assert Path(verdict["base"]).name == Path(verdict["pr"]).name == "LatencyTest"
    assert verdict["regime"]["memory_locked"] is True  # the preset in force with the team's own build too

    # The next push to the pull request slows the echo of 1 KiB payloads down by 30 us.
    source = sorted((build_directory() / "latency-sources").glob("*/LatencyTestSubscriber.cpp"))[-1].read_text()
    (adopter / "ci" / "patches" / "slower-echo.patch").write_text(
        proof.ab.delay_patch(source, 1024, DELAY_NS, interprocess=False, best_effort=True))
    commit(adopter, "A slower echo")
    (tmp_path / "second").mkdir()
    second = Act(tools, adopter, tmp_path / "second", cache, actions={RELEASE: release})

    result, log = run(second, pull_request(main))

    assert result.returncode != 0
    assert f"the base build of the merge base {main} was restored" in log
    assert "building the base LatencyTest" not in log
    assert "### Confirmed regressions" in log and "| intraprocess_best_effort 1024 B Median |" in log, log  # job summary
    assert "Failure - Main The latency measurement decides" in log
    verdict = json.loads((second.artifact("latency-gate-reports") / "gate_result.json").read_text())
    assert verdict["passed"] is False
    assert {(r["subexperiment"], r["bytes"], r["magnitude"]) for r in verdict["regressions"]} >= {
        ("intraprocess_best_effort", 1024, "Median")}


def test_a_fork_pull_request_of_an_adopter_fails_the_required_check_without_reaching_the_runner(
        tools, release, adopter, tmp_path):
    act = Act(tools, adopter, tmp_path, tmp_path, actions={RELEASE: release})

    result, log = run(act, pull_request(git("rev-parse", "main", cwd=adopter).strip(), head_repository="someone/fork"))

    assert result.returncode != 0
    assert "Failure - Main The latency measurement decides" in log
    assert "relative_gate" not in log and "build_latencytest" not in log


def test_an_adopters_push_to_main_is_measured_with_its_own_build_and_published(tools, release, adopter, tmp_path):
    git("checkout", "-q", "main", cwd=adopter)
    (adopter / "requirements").mkdir()
    (adopter / "requirements" / "latency.csv").write_text(
        "Experiment type,Bytes,Median,99%,Max\nintraprocess_best_effort,1024,100000.000,100000.000,100000.000\n")
    commit(adopter, "Requirements")
    history = tmp_path / "history.git"  # the adopter's repository on GitHub, as far as the history goes
    git("init", "-q", "--bare", str(history), cwd=tmp_path)
    route = {"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": f"url.{history}.insteadOf",
             "GIT_CONFIG_VALUE_0": f"https://github.com/{ADOPTER}.git"}
    act = Act(tools, adopter, tmp_path, tmp_path, actions={RELEASE: release})
    sha = git("rev-parse", "HEAD", cwd=adopter).strip()

    result = act("push", ".github/workflows/latency-main.yml",
                 {"ref": "refs/heads/main", "after": sha, "repository": {"full_name": ADOPTER}}, MATRIX,
                 environment={"ADOPTER_RECIPE": REPO / "scripts/setup/build_latencytest.sh",
                              "LATENCY_GATE_SOURCES_DIR": build_directory() / "sources", **route})

    log = result.stdout + result.stderr
    assert result.returncode == 0, log
    assert "**PASSED**: all 3 checks meet their requirements" in log
    files = git("ls-tree", "-r", "--name-only", "gh-pages", cwd=history).split()
    (run_id,) = {name.split("/")[2] for name in files}
    assert run_id.split("-")[1] == sha[:12]
    assert {f"runs/latency/{run_id}/{name}" for name in ("measurements_intraprocess_best_effort_summary.csv",
                                                          "requirements.csv", "metadata.json")} <= set(files)
    assert (act.store / "pages" / "index.html").is_file() and "Success - Main actions/deploy-pages" in log


# ---------------------------------------------------------------------------------------
# GitLab: the project includes this pipeline from a release, as docs/adopting.md shows.

GITLAB = "https://gitlab.example.org"


def gitlab_include(guide=REPO / "docs/adopting.md"):
    """The include snippet of the guide's GitLab section."""
    return re.search(r"## GitLab.*?```yaml\n(include:.*?)```", guide.read_text(), re.S)[1]


@pytest.fixture(scope="module")
def release_remote(tmp_path_factory):
    """This project's release v1.0.0 in a bare repository, which git reaches for the GitLab
    server's URL (GIT_CONFIG url.insteadOf, as the network route a runner has). GitLab includes
    a file at a commit SHA; gitlab-ci-local 4.73 clones an include's ref with `git clone
    --branch`, which takes no SHA: the bare repository also has a branch named after the commit."""
    copy = ci_tools.copy_repository(tmp_path_factory.mktemp("gitlab-release"))
    git("tag", "v1.0.0", cwd=copy)
    remote = copy.parent / "latency-gate.git"
    git("clone", "-q", "--bare", str(copy), str(remote), cwd=copy.parent)
    sha = git("rev-parse", "v1.0.0^{commit}", cwd=remote).strip()
    git("branch", sha, sha, cwd=remote)  # for gitlab-ci-local only (above)
    return remote


def release_commit(release_remote):
    return git("rev-parse", "v1.0.0^{commit}", cwd=release_remote).strip()


def gitlab_pipeline(tools, adopter, release_remote, **variables):
    routes = [f"{GITLAB}/acme/latency-gate.git", f"{GITLAB}:443/acme/latency-gate.git"]
    environment = dict(os.environ, GIT_CONFIG_COUNT=str(len(routes)))
    for index, route in enumerate(routes):
        environment |= {f"GIT_CONFIG_KEY_{index}": f"url.{release_remote}.insteadOf", f"GIT_CONFIG_VALUE_{index}": route}
    variables = {"LATENCY_GATE_VENV": sys.prefix, "ADOPTER_RECIPE": REPO / "scripts/setup/build_latencytest.sh",
                 "LATENCY_GATE_SOURCES_DIR": build_directory() / "sources", **MATRIX,
                 "CI_PIPELINE_SOURCE": "merge_request_event", "CI_MERGE_REQUEST_IID": "3",
                 "CI_MERGE_REQUEST_PROJECT_ID": "100", "CI_MERGE_REQUEST_SOURCE_PROJECT_ID": "100",
                 "LATENCY_GATE_REF": release_commit(release_remote),  # the project's CI/CD variable
                 # latency:code-path runs in an image, which needs docker (not on this machine);
                 # tests/test_gitlab_pipeline.py runs it without its image.
                 "LATENCY_CODE_PATH_GATE": "false",
                 **variables}
    command = [str(tools / "gitlab-ci-local"), "--shell-executor-no-image", "--unset-variable", "CI_COMMIT_BRANCH"]
    for name, value in variables.items():
        command += ["--variable", f"{name}={value}"]
    result = subprocess.run(command, cwd=adopter, capture_output=True, text=True, timeout=900, env=environment)
    return result.returncode, result.stdout + result.stderr


def test_a_gitlab_project_including_the_pipeline_gates_its_merge_requests_with_its_own_build(
        tools, adopter, release_remote):
    (adopter / ".gitlab-ci.yml").write_text(gitlab_include())
    git("remote", "set-url", "origin", f"{GITLAB}/acme/middleware.git", cwd=adopter)
    git("checkout", "-q", "main", cwd=adopter)
    commit(adopter, "The pipeline, included from latency-gate v1.0.0")
    main = git("rev-parse", "main", cwd=adopter).strip()
    git("checkout", "-q", "-B", "feature", cwd=adopter)
    (adopter / "NOTES.md").write_text("A change that leaves the middleware alone.\n")
    commit(adopter, "Notes")

    code, output = gitlab_pipeline(tools, adopter, release_remote, CI_MERGE_REQUEST_DIFF_BASE_SHA=main)

    assert code == 0, output
    assert "PASS  latency:relative" in output
    assert "building the pull request with the build command" in output
    assert f"building the base LatencyTest at the merge base {main}" in output
    assert (adopter / ".latency-gate" / "scripts" / "ci" / "relative_gate.sh").is_file()  # the release's scripts
    assert git("rev-parse", "HEAD", cwd=adopter / ".latency-gate").strip() == release_commit(release_remote)

    source = sorted((build_directory() / "latency-sources").glob("*/LatencyTestSubscriber.cpp"))[-1].read_text()
    (adopter / "ci" / "patches" / "slower-echo.patch").write_text(
        proof.ab.delay_patch(source, 1024, DELAY_NS, interprocess=False, best_effort=True))
    commit(adopter, "A slower echo")
    # The next pipeline's job starts from a fresh checkout (gitlab-ci-local's shell executor runs
    # in this directory): the last gate's results go; build/ stays, as the job's cache restores it.
    shutil.rmtree(adopter / "gate")
    (adopter / "gate.env").unlink()

    code, output = gitlab_pipeline(tools, adopter, release_remote, CI_MERGE_REQUEST_DIFF_BASE_SHA=main)

    assert code != 0
    assert f"the base build of the merge base {main} was restored" in output
    assert "FAIL  latency:relative" in output and "Relative gate FAILED" in output, output
    (gate,) = adopter.glob(".gitlab-ci-local/artifacts/*relative/gate")  # GitLab has no job summary: the reports
    verdict = json.loads((gate / "gate_result.json").read_text())
    assert ("intraprocess_best_effort", 1024, "Median") in {
        (r["subexperiment"], r["bytes"], r["magnitude"]) for r in verdict["regressions"]}
    assert 'name="Median 1024 B"' in (gate / "gate_report.xml").read_text()  # the merge request's test report
    assert verdict["regime"]["memory_locked"] is True and "memory not locked" not in output
