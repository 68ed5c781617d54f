"""The CI-platform seam (latency_gate/ci/platforms/): one platform runs each job, chosen once
from the environment, and everything the tool says to a CI system goes through it.

Specification:
- GitHub Actions is detected by GITHUB_ACTIONS=true, GitLab CI by GITLAB_CI (GitLab sets it to
  true, gitlab-ci-local to false), and anywhere else the terminal is chosen;
- a platform outside the package plugs in through an entry point of the group
  latency_gate.ci_platforms, with no file of the package edited, and is asked before the
  built-ins: tests/testci_platform.py gets the step outputs, the job summary, the annotations
  (a check report's too), what the shell scripts ask (`latency-gate ci-env`) and the verdict
  (`latency-gate pr-comment`);
- a plug-in that fails to load, or lacks part of the interface, is refused in one line naming it
  (exit 3), before anything is written;
- values are checked before any platform sees them: a forged second line is refused.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import gate_results
from latency_gate.ci import outputs, platforms
from latency_gate.ci.platforms.terminal import Terminal
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_OK
from latency_gate.render import gate_comment

pytestmark = pytest.mark.unit

TESTS = Path(__file__).resolve().parent
COMMIT = "1" * 40
RUN_URL = "https://ci.example.com/runs/5"


@pytest.mark.parametrize("environ, name", [
    ({"GITHUB_ACTIONS": "true"}, "github"),
    ({"GITLAB_CI": "true"}, "gitlab"),
    ({"GITLAB_CI": "false"}, "gitlab"),  # gitlab-ci-local's
    ({"GITHUB_ACTIONS": "false"}, "terminal"),
    ({}, "terminal"),
])
def test_the_platform_is_detected_from_its_variables(environ, name):
    assert platforms.detect(environ).name == name


def registered(tmp_path, target="testci_platform:TestCI"):
    """The environment of a CLI that finds `target` registered as the entry point testci of the
    group, as an installed distribution declares it (its *.dist-info/entry_points.txt on the path)."""
    distribution = tmp_path / "site" / "testci-1.0.dist-info"
    distribution.mkdir(parents=True)
    (distribution / "METADATA").write_text("Metadata-Version: 2.1\nName: testci\nVersion: 1.0\n")
    (distribution / "entry_points.txt").write_text(f"[{platforms.GROUP}]\ntestci = {target}\n")
    path = os.pathsep.join([str(tmp_path / "site"), str(TESTS), *filter(None, [os.environ.get("PYTHONPATH")])])
    return {"PATH": "/usr/bin:/bin", "PYTHONPATH": path, "TESTCI": "true",
            "TESTCI_OUTPUTS": str(tmp_path / "outputs"), "TESTCI_SUMMARY": str(tmp_path / "summary.md"),
            "TESTCI_VERDICT": str(tmp_path / "verdict.md"), "TESTCI_COMMIT": COMMIT, "TESTCI_RUN_URL": RUN_URL,
            "TESTCI_CHECKOUT": str(tmp_path / "checkout"), "GITHUB_ACTIONS": "true"}  # asked first: wins


def cli(environment, *arguments):
    return subprocess.run([sys.executable, "-m", "latency_gate", *arguments], env=environment,
                          capture_output=True, text=True, timeout=60)


def test_a_platform_outside_the_package_plugs_in_through_an_entry_point(tmp_path):
    environment = registered(tmp_path)
    (tmp_path / "report.md").write_text("## Gate\n")
    artifact = gate_results.write(tmp_path / "gate", COMMIT)

    steps = [cli(environment, "ci-env", "platform"), cli(environment, "ci-env", "workspace"),
             cli(environment, "ci-output", "set", "result=passed", "junit=/r/gate.xml"),
             cli(environment, "ci-output", "summary", str(tmp_path / "report.md")),
             cli(environment, "ci-output", "annotate", "warning", "ceiling", "stale requirement"),
             cli(environment, "pr-comment", "--results", str(artifact))]

    assert [step.returncode for step in steps] == [EXIT_OK] * len(steps), [step.stderr for step in steps]
    assert [step.stdout for step in steps[:2]] == ["testci\n", f"{tmp_path / 'checkout'}\n"]
    assert (tmp_path / "outputs").read_text() == "result=passed\njunit=/r/gate.xml\n"
    assert (tmp_path / "summary.md").read_text() == "## Gate\n"
    assert steps[4].stdout == "[testci warning] ceiling: stale requirement\n"
    assert steps[5].stdout == "pr-comment: created verdict verdict.md\n"
    assert (tmp_path / "verdict.md").read_text() == gate_comment.render(gate_results.document(COMMIT), RUN_URL)
    again = cli(environment, "pr-comment", "--results", str(artifact))
    assert again.stdout == "pr-comment: edited verdict verdict.md\n", again.stderr


@pytest.mark.parametrize("target, why", [
    ("testci_platform:Missing", "it fails to load: AttributeError"),
    ("testci_platform:NewerMinor", "it implements CI platform interface 1.1, this latency-gate provides 1.0 "
                                   "(loads 1.0 to 1.0)"),
    ("testci_platform:OtherMajor", "it implements CI platform interface 2.0"),
    ("testci_platform:append", "it lacks EXTENSION_POINT_VERSION, name, detects, set_outputs, add_summary, annotate, workspace, scratch, "
                               "keep_for_job, post_verdict"),
])
def test_a_plug_in_that_fails_to_load_lacks_the_interface_or_implements_another_version_is_refused_in_one_line(
        tmp_path, target, why):
    done = cli(registered(tmp_path, target=target), "ci-output", "set", "result=passed")

    assert done.returncode == EXIT_BAD_INPUT
    assert done.stderr.count("\n") == 1
    assert f"CI platform 'testci' ({target}) refused: {why}" in done.stderr
    assert not (tmp_path / "outputs").exists()


def test_every_built_in_platform_implements_this_interface_version():
    assert {platform.EXTENSION_POINT_VERSION for platform in (*platforms.BUILT_IN, Terminal)} == {
        platforms.EXTENSION_POINT_VERSION}


def test_a_forged_line_never_reaches_the_platform(tmp_path):
    environ = {"GITLAB_CI": "true", "LATENCY_GATE_DOTENV": str(tmp_path / "gate.env")}

    with pytest.raises(ValueError, match="values one line"):
        outputs.set_outputs({"report": "a\nLATENCY_RESULT=passed"}, environ)

    assert not (tmp_path / "gate.env").exists()
