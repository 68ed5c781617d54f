"""GitLab CI (GITLAB_CI set: GitLab sets it to true, gitlab-ci-local to false, both run the
pipeline's jobs): outputs are `LATENCY_<KEY>=value` lines appended to the dotenv report named
by $LATENCY_GATE_DOTENV (when set: later jobs read them as variables); GitLab has no job summary
(the markdown reports travel as artifacts); annotations are lines on stderr; each job is one
shell, so nothing is kept for later steps; the verdict is the merge request's note
(ci/merge_request_note.py), through the API at $CI_API_V4_URL with the token in
$LATENCY_GATE_GITLAB_TOKEN."""

import re
from pathlib import Path

from latency_gate.ci import gitlab_api, merge_request_note, pull_request_comment
from latency_gate.ci.platforms.terminal import Terminal, append
from latency_gate.errors import InputError, ServiceError
from latency_gate.render import gate_comment


class GitLabCI(Terminal):
    """The terminal's annotations, outputs as a dotenv report, the verdict as a merge request's note."""

    EXTENSION_POINT_VERSION = "1.0"  # the CI platform interface it implements (ci/platforms/__init__.py)
    name = "gitlab"

    @classmethod
    def detects(cls, environ):
        return "GITLAB_CI" in environ

    def set_outputs(self, pairs):
        if self.environ.get("LATENCY_GATE_DOTENV"):
            append(self.environ["LATENCY_GATE_DOTENV"],
                    "".join(f"LATENCY_{key.upper().replace('-', '_')}={value}\n" for key, value in pairs))

    def workspace(self):
        return self.environ.get("CI_PROJECT_DIR") or None

    def post_verdict(self, results_directory, author=None):
        """The note on the pipeline's merge request (CI_MERGE_REQUEST_IID of CI_MERGE_REQUEST_PROJECT_ID),
        for the pipeline's commit (CI_COMMIT_SHA), linking the pipeline (CI_PIPELINE_URL)."""
        needed = ("CI_API_V4_URL", "CI_MERGE_REQUEST_PROJECT_ID", "CI_MERGE_REQUEST_IID", "CI_COMMIT_SHA",
                  "CI_PIPELINE_URL")
        missing = [name for name in needed if not self.environ.get(name)]
        if missing:
            raise InputError(f"{', '.join(missing)} not set: the note is a merge request pipeline's job's")
        if not re.fullmatch(r"\d+", self.environ["CI_MERGE_REQUEST_IID"]):
            raise InputError(f"CI_MERGE_REQUEST_IID must be a whole number, not {self.environ['CI_MERGE_REQUEST_IID']!r}")
        if not gate_comment.RUN_URL.fullmatch(self.environ["CI_PIPELINE_URL"]):
            raise InputError(f"CI_PIPELINE_URL must be an http(s) address, not {self.environ['CI_PIPELINE_URL'][:60]!r}")
        result = pull_request_comment.checked_result(Path(results_directory), self.environ["CI_COMMIT_SHA"])
        token = self.environ.get(gitlab_api.TOKEN_VARIABLE)
        if not token:
            raise ServiceError(f"{gitlab_api.TOKEN_VARIABLE} is not set: the job needs a token that may comment (api scope)")
        gitlab = gitlab_api.GitLab(self.environ["CI_API_V4_URL"], self.environ["CI_MERGE_REQUEST_PROJECT_ID"], token)
        return [merge_request_note.upsert(gitlab, self.environ["CI_MERGE_REQUEST_IID"], result,
                                          self.environ["CI_PIPELINE_URL"])]
