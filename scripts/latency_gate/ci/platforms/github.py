"""GitHub Actions (GITHUB_ACTIONS=true): outputs are `key=value` lines appended to $GITHUB_OUTPUT,
markdown is appended to $GITHUB_STEP_SUMMARY, annotations are `::error` / `::warning` workflow
commands on stdout, later steps of the job get $GITHUB_PATH and $GITHUB_ENV, and the verdict is
the pull request's comment of a `workflow_run` job (ci/pull_request_comment.py)."""

import re
import sys
from pathlib import Path

from latency_gate.ci import pull_request_comment
from latency_gate.ci.github_api import GitHub
from latency_gate.ci.platforms.terminal import append
from latency_gate.errors import InputError

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def escape_data(text):
    """Workflow command data: '%', CR and LF would end or forge the command."""
    return str(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text):
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


class GitHubActions:
    EXTENSION_POINT_VERSION = "1.0"  # the CI platform interface it implements (ci/platforms/__init__.py)
    name = "github"

    @classmethod
    def detects(cls, environ):
        return environ.get("GITHUB_ACTIONS") == "true"

    def __init__(self, environ):
        self.environ = environ

    def set_outputs(self, pairs):
        if self.environ.get("GITHUB_OUTPUT"):
            append(self.environ["GITHUB_OUTPUT"], "".join(f"{key}={value}\n" for key, value in pairs))

    def add_summary(self, markdown):
        if self.environ.get("GITHUB_STEP_SUMMARY"):
            append(self.environ["GITHUB_STEP_SUMMARY"], markdown if markdown.endswith("\n") else markdown + "\n")

    def annotate(self, level, title, message, stdout=None, stderr=None):
        print(f"::{level} title={escape_property(title)}::{escape_data(message)}", file=stdout or sys.stdout)

    def workspace(self):
        return self.environ.get("GITHUB_WORKSPACE") or None

    def scratch(self):
        return self.environ.get("RUNNER_TEMP") or None  # emptied by GitHub at each job's start and end

    def keep_for_job(self, path_directory, environment):
        for name, value in environment.items():
            if not _NAME.fullmatch(name) or "\n" in value or "\r" in value:
                raise ValueError(f"job variable {name!r}: names are letters, digits and _, values one line")
        if path_directory and ("\n" in str(path_directory) or "\r" in str(path_directory)):
            raise ValueError(f"a directory on PATH is one line, got {str(path_directory)!r}")
        if path_directory and self.environ.get("GITHUB_PATH"):
            append(self.environ["GITHUB_PATH"], f"{path_directory}\n")
        if environment and self.environ.get("GITHUB_ENV"):
            append(self.environ["GITHUB_ENV"], "".join(f"{name}={value}\n" for name, value in environment.items()))

    def post_verdict(self, results_directory, author=None):
        """The comment on the pull requests of the workflow_run event ($GITHUB_EVENT_PATH) in $GITHUB_REPOSITORY."""
        event, repository = self.environ.get("GITHUB_EVENT_PATH"), self.environ.get("GITHUB_REPOSITORY")
        if not event or not repository:
            raise InputError("GITHUB_EVENT_PATH and GITHUB_REPOSITORY are needed: the comment is a workflow_run job's")
        workflow_run = pull_request_comment.read_event(Path(event))
        result = pull_request_comment.checked_result(Path(results_directory), workflow_run.head_sha)
        github = GitHub.from_environment(repository, self.environ)
        pulls = pull_request_comment.pull_requests(github, workflow_run)
        if not pulls:
            return [f"no open pull request has {workflow_run.head_repository}:{workflow_run.head_branch} as its head: "
                    "nothing to comment on"]
        return [pull_request_comment.upsert(github, number, pull, result, workflow_run.html_url,
                                            author or pull_request_comment.DEFAULT_AUTHOR)
                for number, pull in pulls.items()]
