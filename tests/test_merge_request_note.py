"""`latency-gate pr-comment` on GitLab CI, run for real against the stand-in for GitLab's notes
API (tests/gitlab_standin.py): the verdict is one note on the merge request.

Specification:
- the first pipeline creates a note carrying the hidden marker and the same body as GitHub's
  comment (render/gate_comment.py), linking the pipeline; the next one edits that note in place;
- only the token's own user's notes are ours: another user's note with the marker stays as it is;
- a result for an older commit than the merge request's head does not replace a note that
  already describes the newer head;
- a result that is not for the pipeline's commit, a missing token, or no merge request in the
  pipeline is refused and nothing is written;
- outside any CI platform there is nothing to post on (exit 3).
"""

import os
import subprocess
import sys

import pytest

import gate_results
import gitlab_standin
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_OK, EXIT_SERVICE_FAILED
from latency_gate.render import gate_comment

pytestmark = pytest.mark.unit

FIRST, SECOND = "1" * 40, "2" * 40
PIPELINE_URL = "https://gitlab.example.com/acme/middleware/-/pipelines/88"
SLOWER = {(32, "Median"): 1.2}


@pytest.fixture
def gitlab(tmp_path):
    merge_requests = {7: {"sha": FIRST, "notes": []}}
    with gitlab_standin.serve(tmp_path, merge_requests=merge_requests) as (api_url, requests):
        yield api_url, merge_requests[7], requests


def note(gitlab, artifact, commit=FIRST, token=gitlab_standin.NOTE_TOKEN, **variables):
    api_url = gitlab[0]
    environment = {"GITLAB_CI": "true", "CI_API_V4_URL": api_url, "CI_MERGE_REQUEST_PROJECT_ID": "100",
                   "CI_MERGE_REQUEST_IID": "7", "CI_COMMIT_SHA": commit, "CI_PIPELINE_URL": PIPELINE_URL,
                   "PATH": "/usr/bin:/bin", **({"LATENCY_GATE_GITLAB_TOKEN": token} if token else {}),
                   **({"PYTHONPATH": os.environ["PYTHONPATH"]} if "PYTHONPATH" in os.environ else {}), **variables}
    return subprocess.run([sys.executable, "-m", "latency_gate", "pr-comment", "--results", str(artifact)],
                          env=environment, capture_output=True, text=True, timeout=60)


def test_the_verdict_is_one_note_created_then_edited_in_place(gitlab, tmp_path):
    _, request, _ = gitlab

    first = note(gitlab, gate_results.write(tmp_path / "one", FIRST))

    assert first.returncode == EXIT_OK, first.stderr
    (created,) = request["notes"]
    assert first.stdout.strip() == f"pr-comment: created note {created['id']} on !7"
    assert created["author"]["id"] == gitlab_standin.USERS[gitlab_standin.NOTE_TOKEN]["id"]
    assert created["body"].startswith(gate_comment.MARKER) and f"({PIPELINE_URL})" in created["body"]
    assert "PASSED" in created["body"].upper() and FIRST[:12] in created["body"]

    request["sha"] = SECOND
    second = note(gitlab, gate_results.write(tmp_path / "two", SECOND, changes=SLOWER), commit=SECOND)

    assert second.returncode == EXIT_OK, second.stderr
    assert second.stdout.strip() == f"pr-comment: edited note {created['id']} on !7"
    (edited,) = request["notes"]
    assert SECOND[:12] in edited["body"] and FIRST[:12] not in edited["body"]
    assert edited["body"] == gate_comment.render(gate_results.document(SECOND, changes=SLOWER), PIPELINE_URL)


def test_another_users_note_with_the_marker_is_left_alone(gitlab, tmp_path):
    _, request, _ = gitlab
    theirs = {"id": 10, "body": f"{gate_comment.MARKER}\nquoted", "system": False,
              "author": {"id": 5, "username": "someone"}}
    request["notes"].append(dict(theirs))

    done = note(gitlab, gate_results.write(tmp_path / "one", FIRST))

    assert done.returncode == EXIT_OK, done.stderr
    assert request["notes"][0] == theirs and len(request["notes"]) == 2


def test_an_older_result_keeps_a_note_that_describes_the_newer_head(gitlab, tmp_path):
    _, request, _ = gitlab
    request["sha"] = SECOND
    assert note(gitlab, gate_results.write(tmp_path / "two", SECOND), commit=SECOND).returncode == EXIT_OK
    before = [dict(each) for each in request["notes"]]

    late = note(gitlab, gate_results.write(tmp_path / "one", FIRST), commit=FIRST)

    assert late.returncode == EXIT_OK, late.stderr
    assert late.stdout.strip() == f"pr-comment: kept note {before[0]['id']} on !7: it describes the newer head " \
                                  f"{SECOND[:12]}"
    assert request["notes"] == before


@pytest.mark.parametrize("case, expected, message", [
    ("another commit", EXIT_BAD_INPUT, f"describes commit {FIRST}, not {SECOND}"),
    ("no token", EXIT_SERVICE_FAILED, "LATENCY_GATE_GITLAB_TOKEN is not set"),
    ("no merge request", EXIT_BAD_INPUT, "CI_MERGE_REQUEST_IID not set"),
    ("no platform", EXIT_BAD_INPUT, "no CI platform detected"),
])
def test_a_refusal_writes_nothing(gitlab, tmp_path, case, expected, message):
    _, request, requests = gitlab
    artifact = gate_results.write(tmp_path / "one", FIRST)
    options = {"another commit": {"commit": SECOND}, "no token": {"token": None},
               "no merge request": {"CI_MERGE_REQUEST_IID": ""}, "no platform": {}}[case]
    if case == "no platform":
        environment = {"PATH": "/usr/bin:/bin", **({"PYTHONPATH": os.environ["PYTHONPATH"]}
                                                    if "PYTHONPATH" in os.environ else {})}
        done = subprocess.run([sys.executable, "-m", "latency_gate", "pr-comment", "--results", str(artifact)],
                              env=environment, capture_output=True, text=True, timeout=60)
    else:
        done = note(gitlab, artifact, **options)

    assert done.returncode == expected, done.stderr
    assert message in done.stderr and done.stderr.count("\n") == 1
    assert request["notes"] == [] and not [path for path, _ in requests if path.startswith(("POST", "PUT"))]
