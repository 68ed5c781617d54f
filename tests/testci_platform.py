"""TEST PLATFORM "testci": a CI platform outside the package, plugged in as a third party's is,
through an entry point of the group latency_gate.ci_platforms (tests/test_ci_platforms.py
registers it). Its job files are plain files the test reads: outputs as NAME=VALUE lines in
$TESTCI_OUTPUTS, the summary in $TESTCI_SUMMARY, the verdict "posted" to $TESTCI_VERDICT, and
annotations as `[testci LEVEL] TITLE: MESSAGE` lines on stdout."""

import sys
from pathlib import Path

from latency_gate.ci import pull_request_comment
from latency_gate.ci.platforms.terminal import Terminal, append


class TestCI(Terminal):
    """Every attribute of the interface its own (the terminal's constructor aside)."""

    EXTENSION_POINT_VERSION = "1.0"
    name = "testci"

    @classmethod
    def detects(cls, environ):
        return environ.get("TESTCI") == "true"

    def set_outputs(self, pairs):
        append(self.environ["TESTCI_OUTPUTS"], "".join(f"{key}={value}\n" for key, value in pairs))

    def add_summary(self, markdown):
        append(self.environ["TESTCI_SUMMARY"], markdown)

    def annotate(self, level, title, message, stdout=None, stderr=None):
        print(f"[testci {level}] {title}: {message}", file=stdout or sys.stdout)

    def workspace(self):
        return self.environ.get("TESTCI_CHECKOUT")

    def scratch(self):
        return self.environ.get("TESTCI_TEMP")

    def keep_for_job(self, path_directory, environment):
        kept = {**({"PATH+": path_directory} if path_directory else {}), **environment}
        append(self.environ["TESTCI_OUTPUTS"], "".join(f"{name}={value}\n" for name, value in kept.items()))

    def post_verdict(self, results_directory, author=None):
        result = pull_request_comment.checked_result(Path(results_directory), self.environ["TESTCI_COMMIT"])
        verdict = Path(self.environ["TESTCI_VERDICT"])  # the request's one message
        ours = {"id": verdict.name, "body": verdict.read_text()} if verdict.exists() else None
        return [pull_request_comment.place_verdict(
            ours, None, result, self.environ["TESTCI_RUN_URL"], edit=lambda _, body: verdict.write_text(body),
            create=lambda body: verdict.write_text(body) and {"id": verdict.name}, message="verdict {}")]


class NewerMinor(TestCI):
    """Written for an interface newer than this latency-gate's: it may rely on what is not given."""

    EXTENSION_POINT_VERSION = "1.1"


class OtherMajor(TestCI):
    EXTENSION_POINT_VERSION = "2.0"
