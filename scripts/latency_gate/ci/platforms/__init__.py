"""The CI platforms: which one runs this job (`detect`) and where each of the tool's outputs goes.

No other part of the package tells CI systems apart: ci/outputs.py, `latency-gate ci-output`,
`latency-gate ci-env` and `latency-gate pr-comment` ask the platform `detect()` chooses from the
environment, and only the platforms read their systems' variables (GitHub's API client takes
GITHUB_TOKEN from the environment its platform hands it). A platform is a class with the attributes of `Platform`:

    EXTENSION_POINT_VERSION           the interface version it implements, "major.minor": loaded
                                      when its major is EXTENSION_POINT_VERSION's and its minor
                                      no newer (errors.version_problem, as backends are)
    name                              its name (`latency-gate ci-env platform` prints it)
    detects(environ)                  classmethod: True when its variables say it runs this job
    Platform(environ)                 one job's platform, reading only `environ`
    set_outputs(pairs)                [(kebab-case key, one-line value)], already checked
    add_summary(markdown)             markdown for the job's summary page (or nothing)
    annotate(level, title, message, stdout, stderr)   an error, warning or notice line
    workspace()                       the checkout being gated, or None (the caller's default)
    scratch()                         a directory of this job's own for temporary files, or None
    keep_for_job(path_directory, environment)   a directory on PATH and variables for the
                                      job's later steps (or nothing: each step is the job)
    post_verdict(results_directory, author)     the gate's verdict on its pull or merge
                                      request, one message edited in place; lines saying
                                      what was done

The built-ins are GitHub Actions (ci/platforms/github.py), GitLab CI (ci/platforms/gitlab.py)
and, when no CI system is detected, the terminal (ci/platforms/terminal.py). Another platform
plugs in without editing this package, as an entry point of the group `latency_gate.ci_platforms`
naming its class (in its distribution's pyproject.toml):

    [project.entry-points."latency_gate.ci_platforms"]
    jenkins = "my_package.jenkins:Jenkins"

Registered platforms are asked first, so a plug-in can also replace a built-in's behaviour.
"""

import importlib.metadata
import os
from typing import Protocol

from latency_gate.ci.platforms.github import GitHubActions
from latency_gate.ci.platforms.gitlab import GitLabCI
from latency_gate.ci.platforms.terminal import Terminal
from latency_gate.errors import InputError, version_problem

# The interface below. A new optional member raises the minor; a changed or new required one, the major.
EXTENSION_POINT_VERSION = "1.0"
GROUP = "latency_gate.ci_platforms"
BUILT_IN = (GitHubActions, GitLabCI)  # Terminal is the fallback, never detected
LEVELS = ("error", "warning", "notice")


class Platform(Protocol):
    EXTENSION_POINT_VERSION: str
    name: str

    @classmethod
    def detects(cls, environ) -> bool: ...

    def set_outputs(self, pairs): ...

    def add_summary(self, markdown): ...

    def annotate(self, level, title, message, stdout, stderr): ...

    def workspace(self): ...

    def scratch(self): ...

    def keep_for_job(self, path_directory, environment): ...

    def post_verdict(self, results_directory, author): ...


MEMBERS = (*Platform.__annotations__, *(name for name in vars(Platform) if not name.startswith("_")))


def registered():
    """The platform classes of the entry points of GROUP, then the built-ins; InputError naming a
    plug-in that fails to load or lacks part of the interface (a job must not half-report)."""
    plugged = []
    for entry_point in importlib.metadata.entry_points(group=GROUP):
        refused = f"CI platform '{entry_point.name}' ({entry_point.value}) refused"
        try:
            platform = entry_point.load()
        except Exception as error:  # a third party's import may raise anything: one line, named
            raise InputError(f"{refused}: it fails to load: {type(error).__name__}: {error}") from None
        missing = [name for name in MEMBERS if not hasattr(platform, name)]
        if missing:
            raise InputError(f"{refused}: it lacks {', '.join(missing)} (ci/platforms/__init__.py, Platform)")
        problem = version_problem(platform.EXTENSION_POINT_VERSION, EXTENSION_POINT_VERSION, "CI platform interface")
        if problem:
            raise InputError(f"{refused}: {problem}")
        plugged.append(platform)
    return (*plugged, *BUILT_IN)


def detect(environ=None):
    """The platform running this job, reading `environ` (default: the process's); the terminal when none is."""
    environ = os.environ if environ is None else environ
    chosen = next((platform for platform in registered() if platform.detects(environ)), Terminal)
    return chosen(environ)
