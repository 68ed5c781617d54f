"""The pull-request comment workflow (.github/workflows/latency-pr-comment.yml), run for real
with act on `workflow_run` event payloads, against the stand-in for GitHub's REST API on
127.0.0.1 (tests/github_standin.py, recording every request) and the download-artifact
stand-in (tests/ci/download-artifact, reading the triggering run's artifacts).

Specification:
- the first gate of a pull request creates its comment, the next gate (a push) edits the
  same one;
- a fork's pull request (no pull_requests in the event) gets its comment too;
- an artifact whose head is not the run's fails the job with the refusal and writes nothing;
- a run without a gate result (a fork's pull request is not measured) comments nothing and
  fails nothing; a cancelled run starts no comment job;
- the job runs on a GitHub-hosted runner with `pull-requests: write` and `actions: read`
  only, checks out nothing but the default branch, and the copy-paste comment workflow of
  the adoption guide runs the same way through the released action;
- zizmor's dangerous-triggers audit flags the trigger, and the workflow says why it is
  deliberate where it silences it.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import ci_tools
import gate_results
from ci_tools import GITHUB_REPOSITORY, REPO, Act
from github_standin import TOKEN, GitHubStandIn

WORKFLOW = ".github/workflows/latency-pr-comment.yml"
FIRST, SECOND = "1" * 40, "2" * 40


@pytest.fixture
def github():
    with GitHubStandIn(GITHUB_REPOSITORY).serving() as standin:
        yield standin


def workflow_run(run_id, head_sha, pull_requests=(7,), head_repository=GITHUB_REPOSITORY, branch="feature"):
    return {"action": "completed", "workflow_run": {
        "id": run_id, "name": "Latency gate", "path": ".github/workflows/latency-pr.yml", "event": "pull_request",
        "conclusion": "success",
        "html_url": f"https://github.com/{GITHUB_REPOSITORY}/actions/runs/{run_id}", "head_sha": head_sha,
        "head_branch": branch,
        "head_repository": {"full_name": head_repository, "owner": {"login": head_repository.split("/")[0]}},
        "pull_requests": [{"number": n, "head": {"sha": head_sha, "ref": branch}} for n in pull_requests]},
        "repository": {"full_name": GITHUB_REPOSITORY}}


def gate_artifact(store, run_id, head_sha, **options):
    """What the gate's run uploaded (latency-pr.yml names it latency-gate-pr-<number>)."""
    return gate_results.write(store / "runs" / str(run_id) / "artifacts" / "latency-gate-pr-7", head_sha, **options)


def run_comment_job(act, github, payload, workflow=WORKFLOW, expect=()):
    return act("workflow_run", workflow, payload, environment={"GITHUB_API_URL": github.url},
               secrets={"GITHUB_TOKEN": TOKEN}, expect=expect)


def log(result):
    return result.stdout + result.stderr


@pytest.fixture
def act(tools, repository, tmp_path):
    return Act(tools, repository, tmp_path, tmp_path / "build-cache")


def test_the_first_gate_creates_the_comment_and_the_next_edits_it(act, github):
    github.add_pull(7, FIRST)
    gate_artifact(act.store, 101, FIRST, changes={(32, "Median"): 1.2})

    first = run_comment_job(act, github, workflow_run(101, FIRST))

    assert first.returncode == 0, log(first)
    (comment,) = github.comments_on(7)
    assert f"pr-comment: created comment {comment['id']} on #7" in log(first)
    assert f"Latency gate ❌ failed for `{FIRST[:12]}`" in comment["body"]
    assert f"(https://github.com/{GITHUB_REPOSITORY}/actions/runs/101)" in comment["body"]

    github.add_pull(7, SECOND)
    gate_artifact(act.store, 102, SECOND)
    second = run_comment_job(act, github, workflow_run(102, SECOND))

    assert second.returncode == 0, log(second)
    assert f"pr-comment: edited comment {comment['id']} on #7" in log(second)
    assert [c["id"] for c in github.comments_on(7)] == [comment["id"]]
    assert f"Latency gate ✅ passed for `{SECOND[:12]}`" in github.comments_on(7)[0]["body"]
    assert [r.method for r in github.writes()] == ["POST", "PATCH"]


def test_a_forks_pull_request_gets_its_comment(act, github):
    github.add_pull(9, FIRST, head_ref="patch-1", head_repository="someone/latency-gate")
    gate_artifact(act.store, 103, FIRST)

    result = run_comment_job(act, github, workflow_run(103, FIRST, pull_requests=(), branch="patch-1",
                                                       head_repository="someone/latency-gate"))

    assert result.returncode == 0, log(result)
    assert len(github.comments_on(9)) == 1 and "pr-comment: created comment" in log(result)
    assert github.requests[0].query["head"] == ["someone:patch-1"]


def test_an_artifact_for_another_commit_fails_the_job_and_writes_nothing(act, github):
    github.add_pull(7, FIRST)
    gate_artifact(act.store, 104, SECOND)
    refusal = f"describes commit {SECOND}, not {FIRST}, the head of the run it came from: refused"

    result = run_comment_job(act, github, workflow_run(104, FIRST), expect=[refusal])

    assert result.returncode != 0
    assert refusal in log(result)
    assert github.requests == []


def test_a_cancelled_run_starts_no_comment_job(act, github):
    github.add_pull(7, FIRST)
    gate_artifact(act.store, 107, FIRST)
    payload = workflow_run(107, FIRST)
    payload["workflow_run"]["conclusion"] = "cancelled"

    result = run_comment_job(act, github, payload)

    assert result.returncode == 0, log(result)
    assert "pr-comment" not in log(result) and github.requests == []


def test_a_workflow_of_the_same_name_in_another_file_starts_no_comment_job(act, github):
    """A pull request can add its own workflow named "Latency gate"; its run is not the gate's."""
    github.add_pull(7, FIRST)
    gate_artifact(act.store, 108, FIRST)
    payload = workflow_run(108, FIRST)
    payload["workflow_run"]["path"] = ".github/workflows/lookalike.yml"

    result = run_comment_job(act, github, payload)

    assert result.returncode == 0, log(result)
    assert "pr-comment" not in log(result) and github.requests == []


def test_a_run_without_a_gate_result_comments_nothing(act, github):
    github.add_pull(9, FIRST, head_ref="patch-1", head_repository="someone/latency-gate")

    result = run_comment_job(act, github, workflow_run(105, FIRST, pull_requests=(), branch="patch-1",
                                                       head_repository="someone/latency-gate"))

    assert result.returncode == 0, log(result)
    assert "download-artifact stand-in: no artifact matches 'latency-gate-pr-*'" in log(result)
    assert "pr-comment" not in log(result) and github.requests == []


def test_the_job_has_only_what_it_needs_and_never_the_pull_requests_code():
    workflow = yaml.safe_load((REPO / WORKFLOW).read_text())
    (job,) = workflow["jobs"].values()

    assert workflow[True]["workflow_run"] == {"workflows": ["Latency gate"], "types": ["completed"]}
    assert workflow["permissions"] == {}
    assert job["permissions"] == {"actions": "read", "pull-requests": "write"}
    assert job["runs-on"] == "ubuntu-latest"
    assert job["if"] == ("github.event.workflow_run.event == 'pull_request' && "
                         "github.event.workflow_run.conclusion != 'cancelled' "
                         "&& github.event.workflow_run.path == '.github/workflows/latency-pr.yml'")
    (checkout,) = [step for step in job["steps"] if step.get("uses", "").startswith("actions/checkout@")]
    assert checkout["with"] == {"persist-credentials": False}  # the default branch: GitHub's ref for workflow_run
    assert not any("run" in step for step in job["steps"])  # the composite action runs the CLI
    assert not any(step.get("uses", "").startswith("actions/cache@") for step in job["steps"])
    (download,) = [step for step in job["steps"] if step.get("uses", "").startswith("actions/download-artifact@")]
    assert download["with"]["path"].startswith("${{ runner.temp }}/")  # never into the checkout
    assert workflow["concurrency"] == {"group": "latency-pr-comment-${{ github.event.workflow_run.head_repository"
                                                ".full_name }}-${{ github.event.workflow_run.head_branch }}",
                                       "cancel-in-progress": False}


def test_zizmor_flags_the_trigger_and_the_workflow_says_why_it_is_deliberate(tools, tmp_path):
    text = (REPO / WORKFLOW).read_text()
    (line,) = [line for line in text.splitlines() if "zizmor: ignore[dangerous-triggers]" in line]
    assert line.strip().startswith("workflow_run:") and "deliberate:" in line
    unsilenced = tmp_path / ".github/workflows/latency-pr-comment.yml"
    unsilenced.parent.mkdir(parents=True)
    unsilenced.write_text(text.replace(line, "  workflow_run:"))
    zizmor = Path(sys.prefix) / "bin/zizmor"

    audit = subprocess.run([str(zizmor), "--offline", "--persona", "auditor", str(unsilenced)],
                           capture_output=True, text=True)

    assert audit.returncode != 0 and "dangerous-triggers" in audit.stdout
    silenced = subprocess.run([str(zizmor), "--offline", "--persona", "auditor", str(REPO / WORKFLOW)],
                              capture_output=True, text=True)
    assert silenced.returncode == 0, silenced.stdout


def test_the_adoption_guides_comment_workflow_comments_through_the_released_action(tools, github, tmp_path):
    release = ci_tools.copy_repository(tmp_path / "release")  # as GitHub serves the pinned release
    shutil.rmtree(release / ".git")
    sha = "0" * 40
    adopter = tmp_path / "adopter"
    (adopter / ".github/workflows").mkdir(parents=True)
    workflow = adopter / ".github/workflows/latency-comment.yml"
    workflow.write_text(ci_tools.copy_paste_workflows(f"acme/latency-gate@{sha}")["latency-comment.yml"])
    ci_tools.git("init", "-q", "-b", "main", cwd=adopter)
    ci_tools.git("remote", "add", "origin", f"https://github.com/{GITHUB_REPOSITORY}.git", cwd=adopter)
    ci_tools.commit(adopter, "The adopter's workflows")
    store = tmp_path / "store"
    store.mkdir()
    act = Act(tools, adopter, store, tmp_path / "build-cache", actions={f"acme/latency-gate@{sha}": release})
    github.add_pull(7, FIRST)
    gate_results.write(store / "runs/106/artifacts/latency-gate-reports", FIRST)

    result = run_comment_job(act, github, workflow_run(106, FIRST), workflow=str(workflow))

    assert result.returncode == 0, log(result)
    assert re.search(r"pr-comment: created comment \d+ on #7", log(result))
    assert len(github.comments_on(7)) == 1
