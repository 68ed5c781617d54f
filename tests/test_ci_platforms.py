"""The CI-platform seam (latency_gate/ci/platforms/): one platform runs each job, chosen once
from the environment, and everything the tool says to a CI system goes through it.

Specification:
- GitHub Actions is detected by GITHUB_ACTIONS=true, GitLab CI by GITLAB_CI (GitLab sets it to
  true, gitlab-ci-local to false), and anywhere else the terminal is chosen;
- a platform outside the package plugs in through an entry point of the group
  latency_gate.ci_platforms, with no file of the package edited, and is asked before the
  built-ins: tests/testci_platform.py gets the step outputs, the job summary, the annotations
  (a check report's too), what the shell scripts ask (`latency-gate ci-env`: its name, the
  checkout, its scratch directory), what later steps keep (`latency-gate ci-output keep`) and the
  verdict (`latency-gate pr-comment`);
- a plug-in that fails to load, or lacks part of the interface, is refused in one line naming it
  (exit 3), before anything is written;
- values are checked before any platform sees them: a forged second line is refused.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gate_results
from latency_gate.ci import outputs, platforms
from latency_gate.ci.platforms.terminal import Terminal
from latency_gate.contracts import results
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
            "TESTCI_CHECKOUT": str(tmp_path / "checkout"), "TESTCI_TEMP": str(tmp_path / "temp"),
            "GITHUB_ACTIONS": "true"}  # asked first: wins


def cli(environment, *arguments):
    return subprocess.run([sys.executable, "-m", "latency_gate", *arguments], env=environment,
                          capture_output=True, text=True, timeout=60)


def test_a_platform_outside_the_package_plugs_in_through_an_entry_point(tmp_path):
    environment = registered(tmp_path)
    (tmp_path / "report.md").write_text("## Gate\n")
    artifact = gate_results.write(tmp_path / "gate", COMMIT)

    steps = [cli(environment, "ci-env", "platform"), cli(environment, "ci-env", "workspace"),
             cli(environment, "ci-env", "scratch"),
             cli(environment, "ci-output", "set", "result=passed", "junit=/r/gate.xml"),
             cli(environment, "ci-output", "summary", str(tmp_path / "report.md")),
             cli(environment, "ci-output", "annotate", "warning", "ceiling", "stale requirement"),
             cli(environment, "ci-output", "keep", "--path", "/opt/tools/bin", "LATENCY_GATE_CLI=/opt/cli"),
             cli(environment, "pr-comment", "--results", str(artifact))]

    assert [step.returncode for step in steps] == [EXIT_OK] * len(steps), [step.stderr for step in steps]
    assert [step.stdout for step in steps[:3]] == [
        "testci\n", f"{tmp_path / 'checkout'}\n", f"{tmp_path / 'temp'}\n"]
    assert (tmp_path / "outputs").read_text() == (
        "result=passed\njunit=/r/gate.xml\nPATH+=/opt/tools/bin\nLATENCY_GATE_CLI=/opt/cli\n")
    assert (tmp_path / "summary.md").read_text() == "## Gate\n"
    assert steps[5].stdout == "[testci warning] ceiling: stale requirement\n"
    assert steps[7].stdout == "pr-comment: created verdict verdict.md\n"
    assert (tmp_path / "verdict.md").read_text() == gate_comment.render(gate_results.document(COMMIT), RUN_URL)
    again = cli(environment, "pr-comment", "--results", str(artifact))
    assert again.stdout == "pr-comment: edited verdict verdict.md\n", again.stderr


def test_a_check_report_reaches_the_plugged_in_platform(tmp_path):
    environment = registered(tmp_path)
    report = tmp_path / "report"
    report.mkdir()
    failure = {"subexperiment": "intraprocess_best_effort", "bytes": 32, "check": "Median", "requirement": 10.0,
               "experiment": 12.5, "percentage_over": 25.0, "status": "failed"}
    results.write(report, results.CHECK_RESULT,
                  {"passed": 5, "failed": 1, "total": 6, "worst": failure, "failures": [failure]})
    (report / results.CHECK_REPORT).write_text("## Latency requirements check\n")

    done = cli(environment, "ci-output", "check-report", str(report))

    assert done.returncode == EXIT_OK, done.stderr
    assert done.stdout == ("[testci error] intraprocess_best_effort 32 B Median: Median latency 12.500 us is 25.0% "
                           "over the requirement 10.000 us\n")
    assert (tmp_path / "summary.md").read_text() == "## Latency requirements check\n"
    assert (tmp_path / "outputs").read_text().splitlines() == [
        "passed=5", "failed=1", "worst-margin=25.0", f"report={report / results.CHECK_REPORT}",
        f"junit={report / results.CHECK_JUNIT}"]


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


REPOSITORY = TESTS.parent
# A CI system's own variables, as a shell script would read them ($GITHUB_..., ${CI_...}).
PLATFORM_VARIABLE = re.compile(r"\$\{?(GITHUB_\w+|GITLAB_CI\b|CI_\w+|RUNNER_\w+)")
# Read before any CLI exists, to choose where to install it; and a script of GitHub's actions/run-latency only.
READS_THE_PLATFORM = {"scripts/setup/install_cli.sh", "scripts/setup/latencytest_cache_key.sh"}


def platform_variables_read(path):
    """(line number, variable) of each CI-system variable a shell script reads outside its comments."""
    return [(number, match) for number, line in enumerate(path.read_text().splitlines(), 1)
            if not line.lstrip().startswith("#") for match in PLATFORM_VARIABLE.findall(line)]


def test_no_shell_script_reads_a_ci_system_s_variables_it_asks_latency_gate_ci_env():
    scripts = sorted((REPOSITORY / "scripts").rglob("*.sh"))
    reading = {str(path.relative_to(REPOSITORY)): platform_variables_read(path) for path in scripts}

    assert {path: read for path, read in reading.items() if read and path not in READS_THE_PLATFORM} == {}
    assert all(reading[path] for path in READS_THE_PLATFORM)  # the exceptions still are


def test_the_check_catches_a_script_reading_a_platform_s_variable(tmp_path):
    script = tmp_path / "summary.sh"
    script.write_text('# appends to $GITHUB_STEP_SUMMARY\ncat report.md >> "${GITHUB_STEP_SUMMARY}"\n'
                      'echo "$CI_PROJECT_DIR" "$GITLAB_CI_LOCAL_VERSION"\n')

    assert platform_variables_read(script) == [(2, "GITHUB_STEP_SUMMARY"), (3, "CI_PROJECT_DIR")]
