"""The gate's verdict on its pull request: one comment, found by a hidden marker and edited in place.

For a `workflow_run` job (docs/pull-request-comment.md): reads the gate's downloaded artifact
as untrusted data (gate_result.json checked against its contract, size and counts capped,
every text escaped), matches it to the run's head commit, finds the pull request (a fork's
by its head repository and branch) and creates or edits the one comment through GitHub's
REST API (GITHUB_API_URL, GITHUB_TOKEN). A refusal writes no comment.
Exit 0 done, 3 bad input (event, artifact, head mismatch), 5 GitHub's API failed.
"""

import os
from pathlib import Path

from latency_gate.ci import pull_request_comment
from latency_gate.ci.github_api import GitHub


def add_arguments(parser):
    parser.add_argument("--results", type=Path, required=True,
                        help="the downloaded gate artifact: a directory holding gate_result.json")
    parser.add_argument("--event", type=Path, default=os.environ.get("GITHUB_EVENT_PATH"),
                        help="the workflow_run event's payload (default: $GITHUB_EVENT_PATH)")
    parser.add_argument("--repository", default=os.environ.get("GITHUB_REPOSITORY"),
                        help="owner/name of the pull requests' repository (default: $GITHUB_REPOSITORY)")
    parser.add_argument("--author", default=pull_request_comment.DEFAULT_AUTHOR,
                        help="the login the token comments as; only its comments are edited (default: %(default)s)")


def run(args):
    if not args.event or not args.repository:
        args.usage_error("--event and --repository are needed (or GITHUB_EVENT_PATH and GITHUB_REPOSITORY)")
    workflow_run = pull_request_comment.read_event(args.event)
    result = pull_request_comment.checked_result(args.results, workflow_run)
    github = GitHub.from_environment(args.repository)
    pulls = pull_request_comment.pull_requests(github, workflow_run)
    if not pulls:
        print(f"pr-comment: no open pull request has {workflow_run.head_repository}:{workflow_run.head_branch} as "
              "its head: nothing to comment on")
    for number, pull in pulls.items():
        print("pr-comment: " + pull_request_comment.upsert(github, number, pull, result, workflow_run.html_url,
                                                            args.author))
    return 0
