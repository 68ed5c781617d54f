"""The gate's verdict on its pull or merge request: one message, found by a hidden marker and
edited in place, posted the way the platform running the job posts it (latency_gate/ci/platforms/).

GitHub Actions: from a `workflow_run` job (docs/pull-request-comment.md) the pull request's
comment; the event ($GITHUB_EVENT_PATH) names the run, its head commit and branch, the pull
request (a fork's is found by its head repository and branch) in $GITHUB_REPOSITORY, through
GitHub's REST API ($GITHUB_API_URL, $GITHUB_TOKEN). GitLab CI: from a job of the merge request's
pipeline after the gate, the merge request's note ($CI_MERGE_REQUEST_IID), through GitLab's REST
API ($CI_API_V4_URL, the token in $LATENCY_GATE_GITLAB_TOKEN), only notes of the token's own user.
Either way the gate's artifact is read as untrusted data (gate_result.json checked against its
contract, size and counts capped, every text escaped) and must describe the run's head commit.
A refusal writes nothing. Exit 0 done, 3 bad input (event, artifact, head mismatch, no CI
platform), 5 the platform's API failed.
"""

from pathlib import Path

from latency_gate.ci import platforms


def add_arguments(parser):
    parser.add_argument("--results", type=Path, required=True,
                        help="the downloaded gate artifact: a directory holding gate_result.json")
    parser.add_argument("--author",
                        help="GitHub: the login the token comments as; only its comments are edited (default: "
                             "github-actions[bot]). GitLab asks the API whose the token is")


def run(args):
    for line in platforms.detect().post_verdict(args.results, args.author):
        print(f"pr-comment: {line}")
    return 0
