"""Anywhere no CI system is detected (a laptop, a plain shell): annotations are lines on stderr,
and there is no job to keep outputs, a summary or variables for, nor a request to post on."""

import sys

from latency_gate.errors import InputError


def append(path, text):
    """Text added to a file the CI system reads after the step (GITHUB_OUTPUT, a dotenv report)."""
    with open(path, "a", encoding="utf-8") as file:
        file.write(text)


class Terminal:
    EXTENSION_POINT_VERSION = "1.0"  # the CI platform interface it implements (ci/platforms/__init__.py)
    name = "terminal"

    @classmethod
    def detects(cls, environ):
        return False  # the fallback: chosen when no platform detects itself

    def __init__(self, environ):
        self.environ = environ

    def set_outputs(self, pairs):
        pass

    def add_summary(self, markdown):
        pass

    def annotate(self, level, title, message, stdout=None, stderr=None):
        print(f"{level}: {title}: {message}", file=stderr or sys.stderr)

    def workspace(self):
        return None

    def scratch(self):
        return None

    def keep_for_job(self, path_directory, environment):
        pass

    def post_verdict(self, results_directory, author=None):
        raise InputError("no CI platform detected (GITHUB_ACTIONS, GITLAB_CI, or a registered one): "
                         "no pull or merge request to post the verdict on")
