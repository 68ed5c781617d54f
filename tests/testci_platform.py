"""TEST PLATFORM "testci": a CI platform outside the package, plugged in as a third party's is,
through an entry point of the group latency_gate.ci_platforms (tests/test_ci_platforms.py
registers it). Its job files are plain files the test reads: outputs as NAME=VALUE lines in
$TESTCI_OUTPUTS, the summary in $TESTCI_SUMMARY, the verdict "posted" to $TESTCI_VERDICT, and
annotations as `[testci LEVEL] TITLE: MESSAGE` lines on stdout."""

import sys
from pathlib import Path

from latency_gate.ci import pull_request_comment


def _append(path, text):
    with open(path, "a", encoding="utf-8") as file:
        file.write(text)


class TestCI:
    name = "testci"

    @classmethod
    def detects(cls, environ):
        return environ.get("TESTCI") == "true"

    def __init__(self, environ):
        self.environ = environ

    def set_outputs(self, pairs):
        _append(self.environ["TESTCI_OUTPUTS"], "".join(f"{key}={value}\n" for key, value in pairs))

    def add_summary(self, markdown):
        _append(self.environ["TESTCI_SUMMARY"], markdown)

    def annotate(self, level, title, message, stdout=None, stderr=None):
        print(f"[testci {level}] {title}: {message}", file=stdout or sys.stdout)

    def workspace(self):
        return self.environ.get("TESTCI_CHECKOUT")

    def scratch(self):
        return self.environ.get("TESTCI_TEMP")

    def keep_for_job(self, path_directory, environment):
        _append(self.environ["TESTCI_OUTPUTS"], f"PATH+={path_directory}\n")

    def post_verdict(self, results_directory, author=None):
        result = pull_request_comment.checked_result(Path(results_directory), self.environ["TESTCI_COMMIT"])
        verdict = Path(self.environ["TESTCI_VERDICT"])
        body = pull_request_comment.verdict_body(verdict.read_text() if verdict.exists() else None, None, result,
                                                 self.environ["TESTCI_RUN_URL"])
        verdict.write_text(body)
        return [f"posted the verdict on {verdict.name}"]
