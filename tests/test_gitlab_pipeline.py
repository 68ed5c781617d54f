""".gitlab-ci.yml, executed for real with gitlab-ci-local's shell executor.

The pipeline runs on this machine as it would on a tagged real-time runner: the real
LatencyTest, one sub-experiment, two payloads, 100 samples; the history goes to a local
bare git repository. The build is the project's own (scripts/setup.sh builds it), passed
in as the runner cache would restore it; tests/test_workflows.py covers building.

Specification:
- run -> check -> pages on the default branch: the run lands on the history branch and
  the regenerated site is the Pages artifact public/;
- the check job's JUnit report is the pipeline's test report;
- a violated requirement fails the check job, and so the pipeline, with the failure in the
  JUnit report; the run is still history;
- in a merge request the relative gate runs (the default mode) and nothing else: the base
  LatencyTest is built at the merge base (CI_MERGE_REQUEST_DIFF_BASE_SHA) in a worktree, both
  run in interleaved rounds, an unchanged merge request passes, and the gate's JUnit report is
  the pipeline's test report;
- with LATENCY_GATE_MODE=spec a merge request gets the spec's run and check instead;
- a merge request gets the code-path gate (LATENCY_CODE_PATH_GATE, on by default) in a job of its
  own on an untagged (shared) runner: its instructions per round trip against its merge base's,
  counted under valgrind, with inferno installed for the changed cells' flame graphs; an unchanged
  one passes, its JUnit report the job's test report;
- with LATENCY_KIND=throughput the same pipeline runs ThroughputTest on its grid, checks the
  throughput floors of requirements/<platform>.csv and publishes a <platform>-throughput line;
- a merge request from a fork fails its pipeline in a job on an untagged runner, saying why,
  and no job runs on the latency runner;
- the history job, the only one holding LATENCY_HISTORY_TOKEN, runs on a runner tagged
  latency-history, never on the latency runner that takes merge requests' code, and refuses
  to run on a runner whose tags include latency, before any set-up;
- a project that includes the pipeline names one full commit SHA for the file and its scripts
  (LATENCY_GATE_REF): a tag is refused, the scripts' checkout is that commit;
- the set-up is the latency jobs' own (a hidden template they extend): an including project's
  jobs get none of it, and its tag pipelines stay, with no latency job in them;
- on a shell runner shared by merge requests and the default branch, what a merge request's
  job plants where install_cli.sh used to reuse a CLI never runs in the default branch's
  jobs: each installs its own (hash-checked) and says so, and the run is published.
"""

import functools
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import ci_tools
import gitlab_standin
from ci_tools import GENEROUS, PLATFORM, RELATIVE_GATE, SMALL_MATRIX, TIGHT, git, set_requirements
from latency_gate.render import gate_comment


pytestmark = pytest.mark.ci


def run_pipeline(tools, repository, history, variables=(), jobs=(), unset=(), file=None, variables_file=None,
                 token=True, isolated=False, merge_requests=None, shared_paths=("results/run",)):
    """gitlab-ci-local's run of the pipeline, with GitLab's jobs API served by the stand-in
    (tests/gitlab_standin.py) and git's route to this project (the history's pinned remote,
    CI_SERVER_URL/CI_PROJECT_PATH.git) leading to the bare repository `history`; `token`
    gives every job the history token unscoped (a test of its scope gives it scoped); `isolated`
    gives every job a checkout of its own with its needs' artifacts unpacked into it, as GitLab
    does (gitlab-ci-local's --shell-isolation), instead of one shared directory; `merge_requests`
    are the stand-in's merge requests and their notes; `shared_paths` what it serves as a job's
    archive without isolation."""
    with gitlab_standin.serve(repository, shared_paths, merge_requests) as (api_url, _):
        variables = {
            "LATENCY_GATE_VENV": sys.prefix,  # install_cli.sh uses this venv instead of pip-installing
            "LATENCY_GATE_BUILD_DIR": ci_tools.project_build(),
            "CI_API_V4_URL": api_url, **ci_tools.origin_routed_to(history),
            "CI_COMMIT_REF_PROTECTED": "true",  # the default branch, protected (docs/adopting.md); merge_request() not
            **({"LATENCY_HISTORY_TOKEN": gitlab_standin.TOKEN} if token else {}),
            **SMALL_MATRIX, **dict(variables),
        }
        command = [str(tools / "gitlab-ci-local"), "--shell-executor-no-image", *(["--shell-isolation", "--no-artifacts-to-source"] if isolated else []),
                   *(["--file", file] if file else []),
                   *(["--variables-file", variables_file] if variables_file else []), *jobs]
        for name, value in variables.items():
            command += ["--variable", f"{name}={value}"]
        for name in unset:
            command += ["--unset-variable", name]
        result = subprocess.run(command, cwd=repository, capture_output=True, text=True, timeout=900)  # as act's
    return result.returncode, result.stdout + result.stderr


def junit_report(repository):
    """The JUnit file the check job declares as its test report, as the pipeline exported it."""
    declared = re.search(r"^latency:check:\n(?:  .*\n)*?      junit: (\S+)$",
                         (repository / ".gitlab-ci.yml").read_text(), re.M)
    assert declared, "latency:check declares no artifacts:reports:junit"
    (path,) = repository.glob(f".gitlab-ci-local/artifacts/*check/{declared[1]}")
    return path.read_text()


@pytest.fixture
def history(tmp_path):
    path = tmp_path / "history.git"
    git("init", "-q", "--bare", str(path), cwd=tmp_path)
    return path


def history_runs_or_none(history):
    """The history's runs, or None when nothing was ever published."""
    if not git("branch", "--list", "latency-history", cwd=history).strip():
        return None
    return history_runs(history)[0]


def history_runs(history):
    files = git("ls-tree", "-r", "--name-only", "latency-history", cwd=history).split()
    return sorted({f.split("/")[2] for f in files if f.startswith(f"runs/{PLATFORM}/")}), files


# GitLab's predefined CI_RUNNER_TAGS, which gitlab-ci-local does not set: a stand-in for the
# tags of the runner that took the job.
HISTORY_RUNNER = {"CI_RUNNER_TAGS": '["latency-history"]'}


def test_a_passing_pipeline_publishes_the_run_to_history_and_pages(tools, repository, history):
    set_requirements(repository, GENEROUS)

    code, output = run_pipeline(tools, repository, history, HISTORY_RUNNER)

    assert code == 0, output
    assert "PASS  pages" in output
    (run_id,), files = history_runs(history)
    sha = git("rev-parse", "HEAD", cwd=repository).strip()
    assert run_id.split("-")[1] == sha[:12]
    assert f"runs/{PLATFORM}/{run_id}/checks_intraprocess_best_effort.csv" in files
    assert all(name.startswith("runs/") for name in files)  # the branch is the run store; the site is public/
    public = repository / ".gitlab-ci-local/artifacts/pages/public"
    assert (public / "index.html").is_file()
    assert (public / "runs" / PLATFORM / run_id / "metadata.json").is_file()
    assert not (public / ".git").exists()
    assert junit_report(repository).count("<testcase") == 6
    assert "<failure" not in junit_report(repository)


def test_a_violated_requirement_fails_the_pipeline_with_the_junit_failure(tools, repository, history):
    set_requirements(repository, TIGHT)

    code, output = run_pipeline(tools, repository, history)

    assert code != 0
    assert "FAIL  latency:check" in output
    junit = junit_report(repository)
    assert junit.count("<failure") == 1 and 'name="Median 32 B"' in junit
    assert len(history_runs(history)[0]) == 1  # on the default branch a violation is history too


def merge_request(**variables):
    """A merge request pipeline's variables: no branch pipeline (CI_COMMIT_BRANCH is unset), so
    the default branch's pages job stays out; the code-path gate only where a test asks for it."""
    return {"CI_PIPELINE_SOURCE": "merge_request_event", "CI_MERGE_REQUEST_IID": "7",
            "CI_MERGE_REQUEST_PROJECT_ID": "100", "CI_MERGE_REQUEST_SOURCE_PROJECT_ID": "100",
            "LATENCY_CODE_PATH_GATE": "false", "CI_COMMIT_REF_PROTECTED": "false", **variables}


def test_a_merge_request_from_a_fork_fails_without_reaching_the_latency_runner(tools, repository, history):
    code, output = run_pipeline(tools, repository, history,
                                merge_request(CI_MERGE_REQUEST_SOURCE_PROJECT_ID="200"), unset=["CI_COMMIT_BRANCH"])

    assert code != 0
    assert "FAIL  latency:fork-merge-request" in output
    assert "Merge requests from forks are not measured on the latency runners" in output
    assert "latency:relative" not in output and "latency:run" not in output and "install_cli" not in output
    fork_job = re.search(r"^latency:fork-merge-request:\n(?:  .*\n)*", (repository / ".gitlab-ci.yml").read_text(), re.M)
    assert "tags:" not in fork_job[0] and "latency-runner" not in fork_job[0]  # not the latency runner


def test_a_merge_request_is_gated_against_its_merge_base(tools, repository, history, tmp_path):
    set_requirements(repository, GENEROUS)
    fork_point, _ = ci_tools.pull_request_history(repository, tmp_path / "origin.git")
    variables = merge_request(
        CI_MERGE_REQUEST_DIFF_BASE_SHA=fork_point, **RELATIVE_GATE,
        # the merge request's build from scratch, from the project build's Debian sources
        LATENCY_GATE_BUILD_DIR=repository / "build" / "latencytest",
        LATENCY_GATE_SOURCES_DIR=ci_tools.REPO / "build" / "sources",
        **ci_tools.origin_routed_to(tmp_path / "origin.git"))

    code, output = run_pipeline(tools, repository, history, variables, unset=["CI_COMMIT_BRANCH"])

    assert code == 0, output
    assert "PASS  latency:relative" in output
    assert "latency:run" not in output and "latency:check" not in output  # the spec mode's jobs
    assert f"building the base LatencyTest at the merge base {fork_point}" in output
    (gate,) = repository.glob(".gitlab-ci-local/artifacts/*relative/gate")
    verdict = json.loads((gate / "gate_result.json").read_text())
    # Unchanged: passed, or inconclusive where 2-3 rounds could not rule the minimum effect out.
    assert verdict["verdict"] in ("passed", "inconclusive"), verdict["verdict"]
    assert re.search(rf"Relative gate {verdict['verdict'].upper()} after [23] rounds", output), output
    assert verdict["passed"] is True and verdict["cells"] == 4 and verdict["regressions"] == []
    declared = re.search(r"^latency:relative:\n(?:  .*\n|\n)*?      junit: (\S+)$",
                         (repository / ".gitlab-ci.yml").read_text(), re.M)
    assert declared and declared[1] == "gate/gate_report.xml"
    assert (gate / "gate_report.xml").read_text().count("<testcase") == 4
    assert (gate / "gate_report.md").is_file() and (gate / "rounds.csv").is_file()
    # The merge request's widget: the files linked, the verdict as a metrics report.
    job = re.search(r"^latency:relative:\n(?:  .*\n|\n)*", (repository / ".gitlab-ci.yml").read_text(), re.M)[0]
    assert "expose_as: Latency gate report" in job and "metrics: gate/gate_metrics.txt" in job
    metrics = (gate / "gate_metrics.txt").read_text().splitlines()
    assert "latency_gate_passed 1" in metrics and "latency_gate_cells 4" in metrics
    assert git("worktree", "list", "--porcelain", cwd=repository).count("worktree ") == 1  # removed
    # The gate's outputs as the job's dotenv report (ci/outputs.py's GitLab form).
    dotenv = (repository / "gate.env").read_text().splitlines()
    assert f"LATENCY_RESULT={verdict['verdict']}" in dotenv and f"LATENCY_JUNIT={repository / 'gate/gate_report.xml'}" in dotenv


def test_a_merge_requests_verdict_is_one_note_edited_in_place(tools, repository, history, tmp_path):
    """The gate's verdict goes to the merge request as one note (the stand-in's notes API), and
    the next pipeline edits it. The note's job is the only one given LATENCY_NOTE_TOKEN (scoped
    to its environment, as docs/adopting.md says to create it; every job's shell writes down its
    environment through BASH_ENV), runs on no latency runner, checks nothing out, and runs the CLI
    of the merge base it fetched, not the merge request's checkout."""
    job_text = job(repository, "latency:verdict-note")
    assert "tags:" not in job_text and "GIT_STRATEGY: none" in job_text
    fork_point, _ = ci_tools.pull_request_history(repository, tmp_path / "origin.git")
    head = git("rev-parse", "HEAD", cwd=repository).strip()
    builds = ci_tools.project_build() / "colcon"  # both builds given: the gate measures, nothing is built
    environments = tmp_path / "environments"
    environments.mkdir()
    (tmp_path / "write-environment.sh").write_text(f'env > "{environments}/${{CI_JOB_NAME//:/_}}.env"\n')
    variables = merge_request(
        CI_MERGE_REQUEST_DIFF_BASE_SHA=fork_point, LATENCY_BASE=builds, LATENCY_PR=builds, **RELATIVE_GATE,
        CI_REPOSITORY_URL=tmp_path / "origin.git", CI_PIPELINE_URL="https://gitlab.example.com/acme/gate/-/pipelines/9",
        BASH_ENV=tmp_path / "write-environment.sh")
    merge_requests = {7: {"sha": head, "notes": []}}
    variables_file = repository / ".gitlab-ci-local-variables.yml"
    variables_file.write_text(f"LATENCY_NOTE_TOKEN:\n  values:\n    latency-verdict: {gitlab_standin.NOTE_TOKEN}\n")
    outputs = []
    try:
        for _ in range(2):  # each pipeline's gate starts from a fresh checkout's: no gate/ yet
            shutil.rmtree(repository / "gate", ignore_errors=True)
            outputs.append(run_pipeline(tools, repository, history, variables, unset=["CI_COMMIT_BRANCH"],
                                        variables_file=variables_file.name, token=False, merge_requests=merge_requests))
    finally:
        variables_file.unlink()

    for code, output in outputs:
        assert code == 0, output
        assert "PASS  latency:relative" in output and "PASS  latency:verdict-note" in output, output
    (note,) = merge_requests[7]["notes"]
    assert f"pr-comment: created note {note['id']} on !7" in outputs[0][1]
    assert f"pr-comment: edited note {note['id']} on !7" in outputs[1][1]
    assert note["body"].startswith(gate_comment.MARKER) and head[:12] in note["body"]
    assert "(https://gitlab.example.com/acme/gate/-/pipelines/9)" in note["body"]
    seen = {path.stem: path.read_text() for path in environments.glob("*.env")}
    assert sorted(seen) == ["latency_relative", "latency_verdict-note"], sorted(seen)
    assert [name for name, environment in seen.items() if gitlab_standin.NOTE_TOKEN in environment] == [
        "latency_verdict-note"]


# What runs in latency:relative (the merge request's build, its program, or its own .gitlab-ci.yml)
# can write the gate's dotenv report; GitLab puts a dotenv report's variables above the job's own and
# the predefined ones in every job that takes the job's artifacts. Planted: the CLI's source and
# commit, so that a job taking them fetches and runs the merge request's install_cli.sh.
PLANTED_DOTENV = """\
include:
  - local: .gitlab-ci.yml
latency:relative:
  after_script:
    - echo "LATENCY_GATE_REPOSITORY={repository}" >> "$LATENCY_GATE_DOTENV"
    - echo "LATENCY_GATE_REF={commit}" >> "$LATENCY_GATE_DOTENV"
    - echo "PLANTED_BY_THE_MERGE_REQUEST=true" >> "$LATENCY_GATE_DOTENV"
"""


def test_the_note_job_takes_nothing_the_gate_job_wrote_but_the_verdict_it_checks(tools, repository, history, tmp_path):
    """The gate's job writes variables into its dotenv report (a planted CLI source among them):
    the note's job, the one holding LATENCY_NOTE_TOKEN, takes no artifact and no variable of it
    from GitLab; it fetches the gate's archive through the API (the stand-in), takes
    gate_result.json alone, and posts the note with the merge base's CLI."""
    fork_point, _ = ci_tools.pull_request_history(repository, tmp_path / "origin.git")
    planted = tmp_path / "planted"  # the merge request's own copy of this project, its installer replaced
    git("clone", "-q", str(repository), str(planted), cwd=tmp_path)
    marks = tmp_path / "planted-ran"
    (planted / "scripts/setup/install_cli.sh").write_text(
        f'echo "planted install_cli.sh ran, token: ${{LATENCY_NOTE_TOKEN:-none}}" >> "{marks}"\necho /nonexistent\n')
    ci_tools.commit(planted, "Plant an installer", [planted / "scripts/setup/install_cli.sh"])
    (repository / "planted-dotenv.gitlab-ci.yml").write_text(PLANTED_DOTENV.format(
        repository=planted, commit=git("rev-parse", "HEAD", cwd=planted).strip()))
    ci_tools.commit(repository, "The gate job as a merge request's code makes it write", [
        repository / "planted-dotenv.gitlab-ci.yml"])
    builds = ci_tools.project_build() / "colcon"
    environments = tmp_path / "environments"
    environments.mkdir()
    (tmp_path / "write-environment.sh").write_text(f'env > "{environments}/${{CI_JOB_NAME//:/_}}.env"\n')
    variables = merge_request(
        CI_MERGE_REQUEST_DIFF_BASE_SHA=fork_point, LATENCY_BASE=builds, LATENCY_PR=builds, **RELATIVE_GATE,
        CI_REPOSITORY_URL=tmp_path / "origin.git", BASH_ENV=tmp_path / "write-environment.sh")
    head = git("rev-parse", "HEAD", cwd=repository).strip()
    merge_requests = {7: {"sha": head, "notes": []}}
    variables_file = repository / ".gitlab-ci-local-variables.yml"
    variables_file.write_text(f"LATENCY_NOTE_TOKEN:\n  values:\n    latency-verdict: {gitlab_standin.NOTE_TOKEN}\n")
    try:
        shutil.rmtree(repository / "gate", ignore_errors=True)
        code, output = run_pipeline(tools, repository, history, variables, unset=["CI_COMMIT_BRANCH"],
                                    file="planted-dotenv.gitlab-ci.yml", variables_file=variables_file.name,
                                    token=False, merge_requests=merge_requests, shared_paths=("gate",))
    finally:
        variables_file.unlink()
        (repository / "planted-dotenv.gitlab-ci.yml").unlink()

    assert "PLANTED_BY_THE_MERGE_REQUEST=true" in (repository / "gate.env").read_text()  # the plant was written
    assert not marks.exists(), marks.read_text()
    note_job = (environments / "latency_verdict-note.env").read_text()
    assert "PLANTED_BY_THE_MERGE_REQUEST" not in note_job and str(planted) not in note_job
    assert code == 0 and "PASS  latency:verdict-note" in output, output
    assert "fetch-gitlab-run: 1 file of latency:relative" in output, output
    (note,) = merge_requests[7]["notes"]
    assert note["body"].startswith(gate_comment.MARKER) and head[:12] in note["body"]


def test_a_merge_request_gets_the_code_path_gate_on_an_untagged_runner_in_a_throughput_pipeline_too(
        tools, repository, history, tmp_path):
    job = re.search(r"^latency:code-path:\n(?:  .*\n|\n)*", (repository / ".gitlab-ci.yml").read_text(), re.M)[0]
    assert "tags:" not in job and "latency-runner" not in job
    assert "export LATENCY_SIGNAL=instructions LATENCY_KIND=latency LATENCY_REALTIME=false" in job
    # gitlab-ci-local runs a job with an image in docker, which this machine has not: the job runs
    # without its image, on this machine, which is what the image is (Debian bookworm, as root) -
    # a stand-in for the shared runner's docker executor, named here as such.
    path = repository / ".gitlab-ci.yml"
    path.write_text(path.read_text().replace("  image: debian:bookworm\n", "", 1))
    ci_tools.commit(repository, "Run the code-path job on the host (no docker here)", [path])
    fork_point, _ = ci_tools.pull_request_history(repository, tmp_path / "origin.git")
    variables = merge_request(
        CI_MERGE_REQUEST_DIFF_BASE_SHA=fork_point, LATENCY_CODE_PATH_GATE="true",
        # a throughput pipeline: the code-path gate still counts the library's latency round trips
        LATENCY_KIND="throughput",
        LATENCY_SUBEXPERIMENTS="interprocess_best_effort", LATENCY_PAYLOADS="16,1024", LATENCY_SAMPLES="50",
        LATENCY_PR_RESTORED="true",  # the project's build as the cache restores it: only the base is built
        LATENCY_GATE_SOURCES_DIR=ci_tools.REPO / "build" / "sources",
        # inferno as the test set-up installed it (the job builds it when missing: minutes)
        LATENCY_GATE_FLAMEGRAPH_TOOLS=ci_tools.REPO / "build" / "flamegraph-tools",
        **ci_tools.origin_routed_to(tmp_path / "origin.git"))

    code, output = run_pipeline(tools, repository, history, variables, jobs=["latency:code-path"],
                                unset=["CI_COMMIT_BRANCH"])

    assert code == 0, output
    assert "PASS  latency:code-path" in output
    assert "install_flamegraph_tools: inferno 0.12.3 already installed" in output
    assert f"building the base LatencyTest at the merge base {fork_point}" in output
    (gate,) = repository.glob(".gitlab-ci-local/artifacts/*code-path/code-path-gate")
    verdict = json.loads((gate / "gate_result.json").read_text())
    assert verdict["signal"] == "instructions" and verdict["passed"] is True and verdict["cells"] == 2
    assert "estimated_cycles" not in verdict  # the cache simulation only when asked for (twice the time)
    assert (gate / "gate_report.xml").read_text().count("<testcase") == 2
    assert (gate / "gate_report.md").read_text().startswith("## Code-path gate")


def test_a_merge_request_in_spec_mode_is_run_and_checked(tools, repository, history):
    set_requirements(repository, GENEROUS)
    variables = merge_request(CI_MERGE_REQUEST_DIFF_BASE_SHA=git("rev-parse", "HEAD", cwd=repository).strip(),
                              LATENCY_GATE_MODE="spec")

    code, output = run_pipeline(tools, repository, history, variables, unset=["CI_COMMIT_BRANCH"])

    assert code == 0, output
    assert "PASS  latency:run" in output and "PASS  latency:check" in output
    assert "latency:relative" not in output and "pages" not in output
    assert "<failure" not in junit_report(repository)
    assert history_runs_or_none(history) is None  # a merge request is no history


def test_a_misspelt_gate_mode_fails_the_pipeline(tools, repository, history):
    code, output = run_pipeline(tools, repository, history, merge_request(LATENCY_GATE_MODE="Relative"),
                                jobs=["latency:run"], unset=["CI_COMMIT_BRANCH"])

    assert code != 0
    assert "LATENCY_GATE_MODE must be 'relative' or 'spec', not 'Relative'" in output


def test_a_throughput_pipeline_checks_floors_and_publishes_a_throughput_line(tools, repository, history):
    path = repository / "requirements" / f"{PLATFORM}.csv"
    path.parent.mkdir(exist_ok=True)
    path.write_text("Experiment type,Payload [Bytes],Lost [samples],Subscription throughput [Mb/s]\n"
                    "intraprocess_best_effort,16,1000000000.000,0.001\n"
                    "intraprocess_best_effort,32,1000000000.000,0.001\n")
    ci_tools.commit(repository, "Throughput requirements for the test", [path])
    # A job starts from a fresh checkout; this module's checkout keeps earlier pipelines' latency
    # results, and a throughput run refuses a directory holding a latency run.
    shutil.rmtree(repository / "results", ignore_errors=True)
    grid = {"LATENCY_KIND": "throughput", "LATENCY_DEMANDS": "100", "LATENCY_RECOVERY_TIMES": "0",
            "LATENCY_TEST_TIME": "1"}

    code, output = run_pipeline(tools, repository, history, grid)

    assert code == 0, output
    assert "PASS  latency:check" in output and "PASS  pages" in output
    files = git("ls-tree", "-r", "--name-only", "latency-history", cwd=history).split()
    line = f"runs/{PLATFORM}-throughput/"
    assert any(name.startswith(line) and name.endswith("/measurements_intraprocess_best_effort_summary.csv")
               for name in files), files
    assert not any(name.startswith(f"runs/{PLATFORM}/") for name in files)  # not mixed into latency's line
    junit = junit_report(repository)
    assert 'name="Subscription throughput [Mb/s] 16 B"' in junit and "<failure" not in junit


def job(repository, name):
    """A job's block of .gitlab-ci.yml, as written."""
    return re.search(rf"^{re.escape(name)}:\n(?:  .*\n|\n)*", (repository / ".gitlab-ci.yml").read_text(), re.M)[0]


def test_the_history_job_never_runs_on_the_latency_runner(tools, repository, history):
    set_requirements(repository, GENEROUS)
    shutil.rmtree(repository / "results", ignore_errors=True)  # a fresh checkout's: no earlier pipeline's run
    assert "tags: [latency-history]" in job(repository, "pages") and "latency-runner" not in job(repository, "pages")
    assert "<<: *latency-runner" in job(repository, "latency:relative")
    for name in ("latency:run", "latency:check"):
        assert "extends: .latency-spec-runner" in job(repository, name)
    for name in ("latency:relative", "latency:run", "latency:check", ".latency-spec-runner"):
        assert "LATENCY_HISTORY_TOKEN" not in job(repository, name)

    code, output = run_pipeline(tools, repository, history, {"CI_RUNNER_TAGS": '["latency", "latency-history"]',
                                                             "LATENCY_HISTORY_ON_PULL_REQUEST_RUNNERS": "true"})

    assert code != 0 and "PASS  latency:check" in output and "FAIL  pages" in output
    assert 'runner is tagged latency (tags: ["latency", "latency-history"]), so merge requests\' jobs run on it' in \
        output.replace("runner  is", "runner is")
    pages_log = "\n".join(line for line in output.splitlines() if line.startswith("pages "))
    assert "FAIL 3" in pages_log and "LATENCY_GATE_HOME" not in pages_log  # refused before any set-up
    assert history_runs_or_none(history) is None


# The runner each job lands on, by its tags as GitLab would choose: CI_RUNNER_TAGS set per job
# by the shell's BASH_ENV (gitlab-ci-local runs every job on this machine, whatever its tags).
RUNNERS_BY_JOB = """\
case $CI_JOB_NAME in
  pages) export CI_RUNNER_TAGS='["latency-history"]' ;;
  *) export CI_RUNNER_TAGS='["latency"]' ;;
esac
"""


def test_a_protected_branch_measures_on_its_own_runners_unless_opted_in(tools, repository, history, tmp_path):
    """A protected branch's run and check (the history's numbers) ask for the tag latency-main,
    which no merge request's job asks for; on a runner tagged latency they are refused before
    any set-up, unless LATENCY_HISTORY_ON_PULL_REQUEST_RUNNERS is "true": then they measure and
    pages records it in the run's stored metadata."""
    pipeline = gitlab_pipeline()
    (protected_rule,) = [rule for rule in pipeline["workflow"]["rules"] if "variables" in rule]
    assert protected_rule == {
        "if": '$CI_COMMIT_BRANCH && $CI_COMMIT_REF_PROTECTED == "true" && $LATENCY_HISTORY_ON_PULL_REQUEST_RUNNERS != "true"',
        "variables": {"LATENCY_SPEC_RUNNER_TAG": "latency-main"}}
    assert pipeline["variables"]["LATENCY_SPEC_RUNNER_TAG"] == "latency"
    assert pipeline["latency:run"]["extends"] == pipeline["latency:check"]["extends"] == ".latency-spec-runner"
    assert pipeline[".latency-spec-runner"]["tags"] == ["$LATENCY_SPEC_RUNNER_TAG"]
    set_requirements(repository, GENEROUS)
    shutil.rmtree(repository / "results", ignore_errors=True)
    (tmp_path / "runners.sh").write_text(RUNNERS_BY_JOB)

    code, output = run_pipeline(tools, repository, history, {"BASH_ENV": tmp_path / "runners.sh"})

    assert code != 0 and "FAIL  latency:run" in output, output
    assert "latency:run: runner  is tagged latency (tags: [\"latency\"]), where merge requests' jobs run" in output
    run_log = "\n".join(line for line in output.splitlines() if line.startswith("latency:run "))
    assert "LATENCY_GATE_HOME" not in run_log and "install_cli" not in run_log  # refused before any set-up
    assert history_runs_or_none(history) is None

    code, output = run_pipeline(tools, repository, history, {"BASH_ENV": tmp_path / "runners.sh",
                                                             "LATENCY_HISTORY_ON_PULL_REQUEST_RUNNERS": "true"})

    assert code == 0, output
    (run_id,), _ = history_runs(history)
    stored = json.loads(git("show", f"latency-history:runs/{PLATFORM}/{run_id}/metadata.json", cwd=history))
    assert any("LATENCY_HISTORY_ON_PULL_REQUEST_RUNNERS" in warning for warning in stored["warnings"]), stored


def test_the_history_token_is_given_to_the_history_job_alone(tools, repository, history, tmp_path):
    """GitLab gives a protected variable to every job of a protected branch's pipeline, the
    latency runner's included, unless it is scoped to an environment: scoped to latency-history,
    which only pages declares, no other job is given it. Here every job's shell sources BASH_ENV,
    which writes down its environment, as a process a merge request's job left on the runner
    could read the next job's."""
    set_requirements(repository, GENEROUS)
    shutil.rmtree(repository / "results", ignore_errors=True)
    environments = tmp_path / "environments"
    environments.mkdir()
    (tmp_path / "write-environment.sh").write_text(f'env > "{environments}/${{CI_JOB_NAME//:/_}}.env"\n')
    # The variable as docs/adopting.md says to create it (gitlab-ci-local reads the file relative to the project).
    variables_file = repository / ".gitlab-ci-local-variables.yml"
    variables_file.write_text(f"LATENCY_HISTORY_TOKEN:\n  values:\n    latency-history: {gitlab_standin.TOKEN}\n")
    try:
        code, output = run_pipeline(tools, repository, history,
                                    {**HISTORY_RUNNER, "BASH_ENV": tmp_path / "write-environment.sh"},
                                    variables_file=variables_file.name, token=False)
    finally:
        variables_file.unlink()

    assert code == 0, output
    seen = {path.stem: path.read_text() for path in environments.glob("*.env")}
    assert sorted(seen) == ["latency_check", "latency_run", "pages"], sorted(seen)
    assert [job for job, environment in seen.items() if gitlab_standin.TOKEN in environment] == ["pages"]
    assert len(history_runs(history)[0]) == 1


def gitlab_pipeline():
    """.gitlab-ci.yml as GitLab reads it, `!reference [job, key]` resolved."""
    class GitLabLoader(yaml.SafeLoader):
        pass

    class Reference(list):  # !reference [job, key, ...]: GitLab's copy of another job's value
        pass

    GitLabLoader.add_constructor("!reference", lambda loader, node: Reference(loader.construct_sequence(node)))
    pipeline = yaml.load((ci_tools.REPO / ".gitlab-ci.yml").read_text(), Loader=GitLabLoader)

    def resolved(value):
        if isinstance(value, Reference):
            return resolved(functools.reduce(lambda within, key: within[key], value, pipeline))
        if isinstance(value, dict):
            return {key: resolved(each) for key, each in value.items()}
        if isinstance(value, list):
            return [resolved(each) for each in value]
        return value

    return resolved(pipeline)


def test_no_latency_job_restores_a_cache():
    """A cache's key is a string any unprotected pipeline can choose, and GitLab's cache
    extractor unpacks every member of its zip over the checkout: a restored build, or script,
    could be another merge request's. No job declares a cache:, and no latency job (pages
    included) inherits an including project's default: (its cache: among it)."""
    pipeline = gitlab_pipeline()
    jobs = {name: job for name, job in pipeline.items() if isinstance(job, dict) and name not in ("workflow", "variables")}
    assert not [name for name, job in jobs.items() if "cache" in job]
    def inherited(name):  # a job's inherit:, its own or through its chain of `extends:`
        job = jobs[name]
        return job["inherit"] if "inherit" in job else job.get("extends") and inherited(job["extends"])

    latency_jobs = [name for name in jobs if name.startswith("latency:")] + ["pages"]
    assert all(inherited(name) == {"default": False} for name in latency_jobs), latency_jobs
    assert pipeline[".latency-spec-runner"]["extends"] == ".latency-gate-setup"
    assert pipeline["pages"]["environment"]["name"] == "latency-history"
    assert pipeline["latency:verdict-note"]["environment"]["name"] == "latency-verdict"
    assert not any(job.get("environment") for name, job in jobs.items() if name not in ("pages", "latency:verdict-note"))
    assert pipeline["pages"]["dependencies"] == [] and pipeline["pages"]["needs"] == [
        {"job": "latency:check", "artifacts": False}]


PLANTED_CACHE = """#!/bin/sh
echo "planted install_system_packages.sh ran in $CI_JOB_NAME" >> "$PLANT_MARKS"
"""

# A project that includes the pipeline and gives its own jobs a default cache: the key a merge
# request's job (on the shell runner, where caches are files) planted a script of this repository in.
INCLUDER_WITH_DEFAULT_CACHE = """\
include:
  - local: .gitlab-ci.yml
default:
  cache:
    key: latencytest-feature
    paths: [build/latencytest/, scripts/]
project:own-job:
  stage: run
  rules:
    - when: on_success
  script:
    - sh scripts/setup/install_system_packages.sh
"""


def test_a_cache_a_merge_request_planted_is_never_unpacked_in_a_latency_job(tools, repository, history, tmp_path):
    """A cache under a key an including project's default: names holds a planted script of this
    repository, as another merge request's job can write it on a shell runner. The merge
    request's latency:run restores nothing, runs its own script and passes; the including
    project's own job, which inherits the default cache, is the control: the planted script runs there."""
    set_requirements(repository, GENEROUS)
    shutil.rmtree(repository / "results", ignore_errors=True)
    (repository / "includer.gitlab-ci.yml").write_text(INCLUDER_WITH_DEFAULT_CACHE)
    ci_tools.commit(repository, "A project including the pipeline, with a default cache", [repository / "includer.gitlab-ci.yml"])
    planted = repository / ".gitlab-ci-local/cache/latencytest-feature/scripts/setup/install_system_packages.sh"
    planted.parent.mkdir(parents=True)
    planted.write_text(PLANTED_CACHE)
    marks = tmp_path / "planted-ran"
    spec_mode = merge_request(CI_MERGE_REQUEST_DIFF_BASE_SHA=git("rev-parse", "HEAD", cwd=repository).strip(),
                              LATENCY_GATE_MODE="spec", CI_COMMIT_REF_NAME="feature", CI_COMMIT_REF_SLUG="feature",
                              CI_COMMIT_REF_PROTECTED="false", PLANT_MARKS=marks)
    try:
        code, output = run_pipeline(tools, repository, history, spec_mode, jobs=["latency:run", "project:own-job"],
                                    unset=["CI_COMMIT_BRANCH"], file="includer.gitlab-ci.yml", isolated=True)

        assert "PASS  latency:run" in output and "install_system_packages: all" in output, output
        assert marks.read_text() == "planted install_system_packages.sh ran in project:own-job\n"
    finally:
        (repository / "includer.gitlab-ci.yml").unlink()
        shutil.rmtree(repository / ".gitlab-ci-local/cache", ignore_errors=True)
        shutil.rmtree(repository / ".gitlab-ci-local/builds", ignore_errors=True)


def included_from(repository, tmp_path):
    """The project as another project includes it: a bare repository with the release tag v1.0.0."""
    gate = tmp_path / "latency-gate.git"
    git("clone", "-q", "--bare", str(repository), str(gate), cwd=tmp_path)
    git("tag", "v1.0.0", "HEAD", cwd=gate)
    return gate, git("rev-parse", "HEAD", cwd=gate).strip()


def test_an_including_project_names_one_full_commit_for_the_file_and_its_scripts(tools, repository, history,
                                                                                  tmp_path):
    set_requirements(repository, GENEROUS)
    shutil.rmtree(repository / "results", ignore_errors=True)
    gate, sha = included_from(repository, tmp_path)

    code, output = run_pipeline(tools, repository, history,
                                {"LATENCY_GATE_REPOSITORY": gate, "LATENCY_GATE_REF": "v1.0.0"}, jobs=["latency:run"])

    assert code != 0
    assert "LATENCY_GATE_REF must be the full commit SHA of latency-gate that the include names " \
           "(ref: $LATENCY_GATE_REF), not 'v1.0.0'" in output
    assert "install_cli" not in output

    code, output = run_pipeline(tools, repository, history,
                                {"LATENCY_GATE_REPOSITORY": gate, "LATENCY_GATE_REF": sha}, jobs=["latency:run"])

    assert code == 0, output
    assert git("rev-parse", "HEAD", cwd=repository / ".latency-gate").strip() == sha
    assert f"{repository / '.latency-gate'}/scripts" in output or "install_cli" in output


def test_an_including_projects_own_jobs_get_no_set_up_and_its_tag_pipelines_stay(tools, repository, history):
    (repository / "adopter.gitlab-ci.yml").write_text(
        "include:\n  - local: .gitlab-ci.yml\n"
        "adopter:release:\n  stage: pages\n  rules:\n    - if: $CI_COMMIT_TAG\n"
        "  script:\n    - echo \"release $CI_COMMIT_TAG; PATH=$PATH\"\n")
    ci_tools.commit(repository, "An including project's own release job", [repository / "adopter.gitlab-ci.yml"])

    code, output = run_pipeline(tools, repository, history, {"CI_COMMIT_TAG": "v2.0.0"},
                                unset=["CI_COMMIT_BRANCH"], file="adopter.gitlab-ci.yml")

    assert code == 0, output
    assert "PASS  adopter:release" in output and "release v2.0.0" in output
    jobs = {line.split()[0] for line in output.splitlines() if line.strip()}
    assert not {name for name in jobs if name.startswith("latency:") or name == "pages"}, output  # none in a tag pipeline
    assert "install_cli" not in output and "latency-gate-cli" not in output  # no set-up in the project's job
    assert not re.search(r"^default:", (repository / ".gitlab-ci.yml").read_text(), re.M)  # no global set-up


PLANT = """\
plant:
  tags: [latency]
  script:
    - |
      (cd scripts/latency_gate/render/site_assets && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
      key=$(find pyproject.toml scripts/latency_gate -type f ! -name '*.pyc' -print0 \\
        | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
      cli=$HOME/.cache/latency-gate/$key/bin/latency-gate
      mkdir -p "$(dirname "$cli")" && touch "$HOME/.cache/latency-gate/$key/.installed"
      printf '#!/bin/sh\\necho "planted CLI ran" >> %s\\n' "$PLANT_MARKS" > "$cli" && chmod +x "$cli"
      echo "planted: $cli"
"""


def test_nothing_a_merge_request_leaves_on_the_runner_runs_in_the_default_branchs_jobs(tools, repository, history,
                                                                                        tmp_path):
    """gitlab-ci-local's shell executor runs every job on this machine, as one shell runner does:
    a merge request's pipeline (its own file, tests' PLANT) plants a latency-gate where
    install_cli.sh used to reuse one (<HOME>/.cache/latency-gate/<hash of the sources>/, with
    .installed); then the default branch's pipeline runs without a venv given."""
    set_requirements(repository, GENEROUS)
    shutil.rmtree(repository / "results", ignore_errors=True)
    (repository / "plant.gitlab-ci.yml").write_text(PLANT)
    marks = tmp_path / "planted-cli-ran"
    machine = {"HOME": tmp_path / "home", "PIP_CACHE_DIR": Path.home() / ".cache/pip",  # pip's cache, hash-checked
               "npm_config_cache": Path.home() / ".npm", "PLANT_MARKS": marks}
    try:
        code, output = run_pipeline(tools, repository, history, {**merge_request(), **machine}, file="plant.gitlab-ci.yml",
                                    unset=["CI_COMMIT_BRANCH"])
        assert code == 0, output
        (planted,) = re.findall(r"^plant +> planted: (\S+)$", output, re.M)
        subprocess.run([planted], check=True)  # control: it runs, and leaves its mark
        assert marks.read_text() == "planted CLI ran\n"
        marks.unlink()

        code, output = run_pipeline(tools, repository, history, {**machine, **HISTORY_RUNNER, "LATENCY_GATE_VENV": ""})

        assert code == 0, output
        assert not marks.exists()
        fresh = re.findall(r"^(\S+) +> install_cli: a fresh latency-gate for this job in (\S+) \(nothing reused", output, re.M)
        assert sorted(job for job, _ in fresh) == ["latency:check", "latency:run", "pages"], output
        assert all(place.startswith(f"{repository}/.latency-gate-cli.") for job, place in fresh if job != "pages")
        (pages_place,) = [place for job, place in fresh if job == "pages"]  # outside the checkout
        assert not pages_place.startswith(f"{repository}/")
        assert len(history_runs(history)[0]) == 1
    finally:
        for venv in repository.glob(".latency-gate-cli.*"):  # GitLab's checkout of the next job would clean them
            shutil.rmtree(venv)
        (repository / "plant.gitlab-ci.yml").unlink()


# What a merge request's job left on the latency runner makes the default branch's latency:check
# upload: the run, and beside it files that run in any job that unpacks the archive into its
# checkout (a script of this repository, a venv package `python3 -m venv` imports from the
# working directory, git hooks and configuration of the history's clone). GitLab takes any
# archive the job's token uploads; widening the job's artifacts:paths is gitlab-ci-local's way.
PLANTED_CHECK = """\
include:
  - local: .gitlab-ci.yml
latency:check:
  after_script:
    - |
      mark() { printf '#!/bin/sh\\necho "planted %s ran, token: ${LATENCY_HISTORY_TOKEN:-none}" >> "$PLANT_MARKS"\\n' "$1"; }
      mkdir -p venv scripts/setup && : > venv/__init__.py
      mark venv > venv/mark.sh
      echo 'import os, subprocess; subprocess.run(["sh", os.path.join(os.path.dirname(__file__), "mark.sh")])' > venv/__main__.py
      mark scripts/setup/install_cli.sh > scripts/setup/install_cli.sh
      git init -q history && git -C history config core.fsmonitor "$PWD/history/.git/hooks/post-checkout"
      for hook in post-checkout pre-push reference-transaction; do
        mark "history/.git/hooks/$hook" > "history/.git/hooks/$hook" && chmod +x "history/.git/hooks/$hook"
      done
  artifacts:
    paths: [results/run/, venv/, history/, scripts/setup/install_cli.sh]
"""


def test_what_the_check_job_uploads_beside_the_run_never_runs_where_the_token_is(tools, repository, history, tmp_path):
    """Each job in a checkout of its own, its needs' artifacts unpacked into it, as on GitLab:
    the default branch's latency:check uploads the run with planted files beside it. pages
    declares no artifact dependency, so nothing of it lands in pages' checkout; it fetches the
    archive through the API (the stand-in), refuses it for its first member outside results/run/
    before writing anything, and publishes nothing."""
    set_requirements(repository, GENEROUS)
    shutil.rmtree(repository / "results", ignore_errors=True)
    (repository / "planted-check.gitlab-ci.yml").write_text(PLANTED_CHECK)
    ci_tools.commit(repository, "The check job as a planted runner makes it upload", [repository / "planted-check.gitlab-ci.yml"])
    marks = tmp_path / "planted-ran"
    try:
        code, output = run_pipeline(tools, repository, history, {**HISTORY_RUNNER, "PLANT_MARKS": marks},
                                    file="planted-check.gitlab-ci.yml", isolated=True)

        assert "PASS  latency:check" in output and "FAIL  pages" in output and code != 0, output
        assert re.search(r"member '(history|scripts|venv)/\S*' is outside the run's directory results/run/: refused",
                         output), output
        assert not marks.exists(), marks.read_text()
        pages = repository / ".gitlab-ci-local/builds/pages"
        assert (pages / "requirements").is_dir()  # pages' own checkout, without the check job's artifact:
        assert not (pages / "venv").exists() and not (pages / "history").exists() and not (pages / "results").exists()
        assert (pages / "scripts/setup/install_cli.sh").read_bytes() == (repository / "scripts/setup/install_cli.sh").read_bytes()
        assert history_runs_or_none(history) is None
        # Control: the archive held the planted files, and they run where a job would run them.
        uploaded = repository / ".gitlab-ci-local/artifacts/latencyOgcheck"  # gitlab-ci-local's spelling
        assert (uploaded / "results/run/metadata.json").is_file()
        subprocess.run(["python3", "-m", "venv", str(tmp_path / "unused")], cwd=uploaded, check=True,
                       env={"PATH": "/usr/bin:/bin", "PLANT_MARKS": str(marks)})
        subprocess.run(["sh", str(uploaded / "scripts/setup/install_cli.sh")], check=True, env={"PLANT_MARKS": str(marks)})
        assert marks.read_text().splitlines() == ["planted venv ran, token: none",
                                                  "planted scripts/setup/install_cli.sh ran, token: none"]
    finally:
        (repository / "planted-check.gitlab-ci.yml").unlink()
        shutil.rmtree(repository / ".gitlab-ci-local/builds", ignore_errors=True)


@pytest.mark.parametrize("variable", ["LATENCY_HISTORY_REMOTE", "LATENCY_HISTORY_BRANCH"])
def test_a_variable_cannot_send_the_history_token_elsewhere(tools, repository, history, tmp_path, variable):
    """Where pages pushes is pinned in the file (this project, branch latency-history): a pipeline
    variable naming another remote or branch stops the job before any set-up, and the remote it
    names, a real one, is never reached."""
    elsewhere = tmp_path / "elsewhere.git"
    git("init", "-q", "--bare", str(elsewhere), cwd=tmp_path)
    value = str(elsewhere) if variable == "LATENCY_HISTORY_REMOTE" else "main"

    code, output = run_pipeline(tools, repository, history, {**HISTORY_RUNNER, variable: value}, jobs=["pages"])

    assert code != 0 and "FAIL  pages" in output
    assert f"pages: {variable} is set ('{value}'), but the history's remote and branch are pinned in .gitlab-ci.yml" \
           in output, output
    assert "install_cli" not in output and "fetch-gitlab-run:" not in output
    assert not git("for-each-ref", cwd=elsewhere).strip() and history_runs_or_none(history) is None


@pytest.mark.parametrize("recorded, built", [("this checkout's", False), ("another's", True), (None, True)])
def test_the_spec_run_reuses_a_kept_build_only_of_its_checkouts_recipe(tmp_path, recorded, built):
    """latency:run's build step, as the file has it: a LatencyTest in a build directory the runner
    keeps between jobs is reused only when its recorded recipe is this checkout's (a merge
    request's build there is built over); here the build script only says it ran."""
    home = tmp_path / "home"  # the checkout: what the recipe hashes, and a build script that only says it ran
    for name in ("latencytest", "throughputtest", "pingpong", "cmake", "scripts/setup",
                 "scripts/latency_gate/runner/security.py"):
        source = ci_tools.REPO / name
        (home / name).parent.mkdir(parents=True, exist_ok=True)
        (shutil.copytree if source.is_dir() else shutil.copy)(source, home / name)
    (home / "scripts/setup/build_latencytest.sh").write_text("echo built\n")
    build = tmp_path / "build"
    program = build / "colcon/install/latencytest/bin/LatencyTest"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    if recorded:
        recipe = subprocess.run(["bash", str(home / "scripts/setup/latencytest_recipe.sh")], check=True,
                                capture_output=True, text=True).stdout.strip()
        (build / "colcon/recipe").write_text(recipe if recorded == "this checkout's" else recipe + "-other")
    step = next(line for line in ci_tools.gitlab_document(ci_tools.REPO / ".gitlab-ci.yml")["latency:run"]["script"]
                if "LATENCY_BUILD_COMMAND" in line)

    done = subprocess.run(["bash", "-c", step], capture_output=True, text=True,
                          env=os.environ | {"LATENCY_GATE_HOME": str(home), "LATENCY_GATE_BUILD_DIR": str(build)})

    assert done.returncode == 0, done.stderr
    assert done.stdout == ("built\n" if built else "")
