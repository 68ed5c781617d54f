"""The GitHub workflows and composite actions, executed for real with act in host mode.

act runs every job on this machine (`-P <label>=-self-hosted` for each runner label),
handles actions/checkout itself, and maps the GitHub-hosted actions this machine cannot
reach to the stand-ins in tests/ci/ (each says so in its action.yml) by the exact SHA the
workflows pin. History goes to a local bare git repository. Every run measures Fast DDS's
real LatencyTest (built once per module through the run-latency action's cached build),
with one sub-experiment, two payloads and 100 samples, so a run takes seconds.

Specification:
- by default a pull request gets the relative gate: its LatencyTest against the one of its
  merge base (fetched from the remote, built in a worktree, cached) in interleaved rounds; an
  unchanged pull request passes, with the report in the job summary and the JUnit, JSON (with
  the head commit it measured) and rounds as an artifact;
- the relative gate takes a team's own two builds instead, refuses one alone, and its exit
  code and result output say which;
- a misspelt gate mode fails the job instead of gating nothing, and the required check with it
  (one job of that name, always run, passing only when the measurement passed);
- in spec mode (LATENCY_GATE_MODE=spec) a pull request within the requirements passes the
  gate, with the report in the job summary;
- a pull request over a requirement fails the gate with one error annotation per failed
  check, and still uploads its JUnit report;
- a pull request from a fork never runs on the self-hosted runners and fails the check;
- a pull request title or branch name cannot execute as shell code;
- a push to main lands its run on the gh-pages branch (the run store only) and deploys the
  site regenerated from it as the Pages artifact;
- a requirements dispatch measures in shards and comes back as a pull request with the CSV;
- main and the requirements measure on main's pool (latency-main) by default: the pull requests'
  labels are refused before anything is measured, unless LATENCY_HISTORY_ON_PULL_REQUEST_RUNNERS
  opts in, and then the publish job records it in the run's stored metadata;
- from a clean checkout, as on an adopter's runner, the actions install their CLI afresh in
  each job (dependencies hash-checked against scripts/setup/cli-requirements.lock), and it
  publishes a run with the site's chart library;
- on a machine shared between jobs as a persistent runner is, what a pull request's job plants
  where a CLI or a build could be picked up never runs in main's next jobs, which say that they
  installed their own;
- no job that holds a write permission, an environment or a secret runs on a self-hosted
  runner, in any workflow or in the adoption guide's copy-paste workflows;
- actionlint and zizmor find nothing in any workflow or action, nor in the adoption
  guide's copy-paste workflows (the gate's and the comment's); shellcheck, on every shell
  script, is in tests/test_lint.py.
"""

import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import ci_tools
from ci_tools import (
    GITHUB_REPOSITORY, HANDLED_BY_ACT, PLATFORM, RELATIVE_GATE, REPO, SMALL_MATRIX, STANDINS, TIGHT, Act, act_failure, git,
    pinned_actions, set_requirements,
)
from latency_gate.ci import publish
from latency_gate.contracts import run_metadata

pytestmark = pytest.mark.ci


@pytest.fixture(scope="module")
def build_cache(tmp_path_factory):
    """The cache stand-in's store, shared by the module: the first run builds, the rest restore."""
    return tmp_path_factory.mktemp("build-cache")


@pytest.fixture
def act(tools, repository, build_cache, tmp_path):
    return Act(tools, repository, tmp_path, build_cache)


HEAD_SHA = "7" * 40  # the pull request's head commit, as GitHub's event names it


def pull_request(title="Faster intra-process path", branch="feature", head_repository=GITHUB_REPOSITORY,
                 base_sha=None):
    return {
        "action": "synchronize",
        "number": 7,
        "pull_request": {
            "number": 7, "title": title,
            "head": {"ref": branch, "sha": HEAD_SHA, "repo": {"full_name": head_repository}},
            "base": {"ref": "main", "repo": {"full_name": GITHUB_REPOSITORY},
                     **({"sha": base_sha} if base_sha else {})},
        },
        "repository": {"full_name": GITHUB_REPOSITORY},
    }


def log(result):
    return result.stdout + result.stderr


PR_WORKFLOW = ".github/workflows/latency-pr.yml"
SPEC_MODE = {**SMALL_MATRIX, "LATENCY_GATE_MODE": "spec"}


def test_a_pull_request_within_the_requirements_passes_the_gate(act, repository):
    set_requirements(repository)

    result = act("pull_request", PR_WORKFLOW, pull_request(), SPEC_MODE)

    assert result.returncode == 0, act_failure(result)
    assert "Latency gate mode: spec" in log(result)
    assert "**PASSED**: all 6 checks meet their requirements" in log(result)  # the job summary
    run = act.artifact("latency-results-pr-7") / "run"
    assert (run / "measurements_intraprocess_best_effort.csv").is_file()
    assert (run / "measurements_intraprocess_best_effort_summary.csv").is_file()
    assert json.loads((run / "metadata.json").read_text())["subexperiments"]["intraprocess_best_effort"][
        "status"] == "passed"
    result_json = json.loads((act.artifact("latency-check-pr-7") / "check_result.json").read_text())
    assert (result_json["passed"], result_json["failed"]) == (6, 0)
    assert not act.artifact("latency-gate-pr-7").exists()  # the relative gate did not run


def test_by_default_a_pull_request_is_gated_against_its_merge_base(act, repository, tmp_path):
    """Relative mode, the default. The target branch moved on since the pull request branched, so
    its tip is fetched from the (bare) remote and the merge base, not the tip, is built in a
    worktree; both builds run in interleaved rounds and an unchanged pull request passes."""
    set_requirements(repository)
    fork_point, target = ci_tools.pull_request_history(repository, tmp_path / "origin.git")
    environment = {"LATENCY_GATE_SOURCES_DIR": REPO / "build" / "sources",  # no download
                   **ci_tools.origin_routed_to(tmp_path / "origin.git")}

    result = act("pull_request", PR_WORKFLOW, pull_request(base_sha=target), RELATIVE_GATE, environment=environment)

    assert result.returncode == 0, act_failure(result)
    assert "Latency gate mode: relative" in log(result)
    assert f"fetching {target} from origin" in log(result)
    assert f"building the base LatencyTest at the merge base {fork_point}" in log(result)
    assert "## Latency gate (relative: pull request vs base)" in log(result)  # the job summary
    reports = act.artifact("latency-gate-pr-7")
    verdict = json.loads((reports / "gate_result.json").read_text())
    assert verdict["verdict"] in ("passed", "inconclusive")  # unchanged: inconclusive where 2-3 rounds could not rule out
    assert re.search(rf"::set-output:: result={verdict['verdict']}$", log(result), re.M), act_failure(result)
    assert verdict["mode"] == "relative" and verdict["passed"] is True
    assert verdict["rounds"] in (2, 3) and verdict["cells"] == 4 and verdict["regressions"] == []
    assert verdict["head_sha"] == HEAD_SHA  # what the pull-request comment matches to its run
    assert (reports / "gate_report.xml").read_text().count("<testcase") == 4
    assert (reports / "gate_report.md").is_file() and (reports / "rounds.csv").is_file()
    assert not act.artifact("latency-check-pr-7").exists()  # the spec mode's steps did not run
    assert not act.artifact("latency-results-pr-7").exists()
    # The base build went into the cache under its merge base (saved after the job): the next
    # push to the pull request restores both builds instead of building them.
    assert [p.name for p in act.build_cache.glob(f"latencytest-base-*-{fork_point}")], act_failure(result)
    (tmp_path / "again").mkdir()
    again = Act(act.tools, repository, tmp_path / "again", act.build_cache)
    result = again("pull_request", PR_WORKFLOW, pull_request(base_sha=target), RELATIVE_GATE, environment=environment)
    assert result.returncode == 0, act_failure(result)
    assert f"the base build of the merge base {fork_point} was restored" in log(result)
    assert "the pull request's LatencyTest build was restored" in log(result)
    assert "building" not in log(result).replace("Build what is missing", "")


def test_the_relative_gate_takes_a_teams_own_two_builds(act, repository):
    """base-workspace and pr-workspace instead of building: here one LatencyTest as both. One of
    them alone is refused as bad input (exit 3, result "error") before anything runs. The same
    with another middleware (the action's middleware input): the socket floor's program as both;
    and with kind throughput: ThroughputTest as both, gated by 1/throughput."""
    install = ci_tools.project_build() / "colcon/install"
    inputs = {"build": str(install / "latencytest/bin/LatencyTest"), "floor": str(install / "pingpong/bin/SocketLatency"),
              "throughput": str(install / "throughputtest/bin/ThroughputTest"),
              **{name.removeprefix("LATENCY_").lower().replace("_", "-"): value for name, value in RELATIVE_GATE.items()}}

    refusal = "give both builds (base and pull request) or neither"
    result = act("workflow_dispatch", REPO / "tests/ci/relative-gate-own-builds.yml", {"inputs": inputs},
                 inputs=inputs, expect=[refusal])

    assert result.returncode == 0, act_failure(result)
    assert refusal in log(result)
    assert "exit status 3" in log(result) and "Failure - Main Only the pull request's build" in log(result)
    # Not failed: passed, or inconclusive where this shared VM was too noisy to rule out the minimum effect.
    assert re.search(r"outputs, one=error both=(passed|inconclusive) floor=(passed|inconclusive) "
                     r"throughput=(passed|inconclusive)", log(result)), log(result)
    verdict = json.loads((act.artifact("own-builds") / "gate_result.json").read_text())
    assert verdict["passed"] is True and verdict["cells"] == 4
    floor = act.artifact("floor-builds")
    assert json.loads((floor / "gate_result.json").read_text())["passed"] is True
    assert json.loads((floor / "runs/round-01/pr/metadata.json").read_text())["middleware"] == "socket"
    throughput = json.loads((act.artifact("throughput-builds") / "gate_result.json").read_text())
    assert throughput["passed"] is True and throughput["settings"]["gated"] == ["1/throughput"]
    assert "relative_gate: building" not in log(result) and "build_base_latencytest" not in log(result)


def test_a_misspelt_gate_mode_fails_the_job_instead_of_gating_nothing(act, repository):
    refusal = "LATENCY_GATE_MODE must be 'relative' or 'spec', not 'Relative'"
    result = act("pull_request", PR_WORKFLOW, pull_request(), {**SMALL_MATRIX, "LATENCY_GATE_MODE": "Relative"},
                 expect=[refusal])

    assert result.returncode != 0
    assert refusal in log(result)
    assert not (act.store / "artifacts").exists()  # neither mode ran
    # The required check is one job ("Latency gate") that always runs after the measurement
    # and passes only when it passed: here it fails.
    assert (REPO / PR_WORKFLOW).read_text().count("name: Latency gate\n") == 2  # the workflow's and that job's
    assert "Failure - Main The latency measurement decides" in log(result), act_failure(result)


def test_a_pull_request_over_a_requirement_fails_the_gate_and_says_where(act, repository):
    set_requirements(repository, median_32_bytes=TIGHT)

    summary = "**FAILED**: 1 of 6 checks are over their requirement"
    lines = ["::error title=intraprocess_best_effort 32 B Median::", "::error title=Latency gate::"]
    result = act("pull_request", PR_WORKFLOW, pull_request(), SPEC_MODE, expect=[summary, *lines])

    assert result.returncode != 0, act_failure(result)
    assert summary in log(result), act_failure(result)
    annotations = re.findall(r"::error title=([^:]*)::", log(result))
    # one per failed check, then the required check's own
    assert annotations == ["intraprocess_best_effort 32 B Median", "Latency gate"], act_failure(result)
    junit = (act.artifact("latency-check-pr-7") / "check_report.xml").read_text()
    assert junit.count("<failure") == 1 and 'name="Median 32 B"' in junit


def test_a_pull_request_from_a_fork_never_runs_on_the_latency_runners(act, repository):
    set_requirements(repository)

    result = act("pull_request", PR_WORKFLOW, pull_request(head_repository="someone/fork"), SMALL_MATRIX)

    assert result.returncode != 0
    # The required check ("Latency gate") ran and failed, saying why; the measurement never started.
    # (act's own status line: a step's echoed output can be lost when the step ends at once.)
    assert "Failure - Main The latency measurement decides" in log(result)
    assert "Run the latency experiment" not in log(result) and "Relative gate" not in log(result)
    assert not act.artifact("latency-results-pr-7").exists()


def test_a_pull_request_title_or_branch_name_cannot_execute(act, repository, tmp_path):
    set_requirements(repository)
    markers = [tmp_path / f"pwned-{n}" for n in range(4)]
    title = f'$(touch {markers[0]}) `touch {markers[1]}` "; touch {markers[2]}; echo "'
    branch = f"x$(touch${{IFS}}{markers[3]})"

    result = act("pull_request", PR_WORKFLOW, pull_request(title=title, branch=branch), SPEC_MODE)

    assert result.returncode == 0, act_failure(result)
    assert [m for m in markers if m.exists()] == []
    # Control: the same payload does execute through a workflow that interpolates it into run:
    control = act("pull_request", REPO / "tests/ci/vulnerable-on-purpose.yml",
                  pull_request(title=title, branch=branch))
    assert control.returncode == 0, log(control)
    assert all(m.exists() for m in markers)


def test_a_push_to_main_lands_on_the_gh_pages_branch(act, repository, tmp_path):
    set_requirements(repository)
    history = tmp_path / "history.git"
    git("init", "-q", "--bare", str(history), cwd=tmp_path)
    # Throughput too, on one payload of the reduced grid; and a counted run of the socket floor
    # (the cheapest counted path), one sub-experiment at two payloads.
    variables = {**SMALL_MATRIX, "LATENCY_THROUGHPUT": "true",
                 "LATENCY_THROUGHPUT_PAYLOADS": "1024", "LATENCY_INSTRUCTIONS_MIDDLEWARE": "socket",
                 "LATENCY_INSTRUCTIONS_SUBEXPERIMENTS": "interprocess_best_effort",
                 "LATENCY_INSTRUCTIONS_PAYLOADS": "16,1024"}
    without_queue(repository)  # the end of this test checks the real file has it
    ci_tools.without_container(repository, ".github/workflows/latency-main.yml")
    sha = git("rev-parse", "HEAD", cwd=repository).strip()  # the commit measured, containers removed

    result = act("push", ".github/workflows/latency-main.yml",
                 {"ref": "refs/heads/main", "after": sha, "repository": {"full_name": GITHUB_REPOSITORY}},
                 variables, environment=ci_tools.origin_routed_to(history))

    assert result.returncode == 0, act_failure(result)
    assert "History pushed with GITHUB_TOKEN" in log(result)  # no App: pushed with GITHUB_TOKEN, and said so
    files = git("ls-tree", "-r", "--name-only", "gh-pages", cwd=history).split()
    runs = {f.split("/")[2] for f in files if f.startswith(f"runs/{PLATFORM}/")}
    assert len(runs) == 1
    (run_id,) = runs
    assert re.fullmatch(rf"\d{{8}}T\d{{6}}Z-{sha[:12]}-.+", run_id)
    assert f"runs/{PLATFORM}/{run_id}/measurements_intraprocess_best_effort_summary.csv" in files
    assert f"runs/{PLATFORM}/{run_id}/requirements.csv" in files
    assert all(name.startswith("runs/") for name in files)  # the branch is the run store
    # The throughput run: a line of its own, measured after latency on the same runner.
    (throughput_run,) = {f.split("/")[2] for f in files if f.startswith(f"runs/{PLATFORM}-throughput/")}
    assert f"runs/{PLATFORM}-throughput/{throughput_run}/measurements_intraprocess_best_effort_summary.csv" in files
    site = act.store / "pages"  # the deployed Pages artifact, regenerated from the branch
    assert (site / "index.html").is_file() and (site / "runs" / PLATFORM / run_id / "metadata.json").is_file()
    assert (site / "plots" / f"{PLATFORM}-throughput" / "intraprocess_best_effort" / "history_throughput.png").is_file()
    # The counted run (a GitHub-hosted runner's job): its counts on a line of their own, no latencies.
    counted = {f for f in files if f.startswith(f"runs/{PLATFORM}-socket-instructions/")}
    (counted_run,) = {f.split("/")[2] for f in counted}
    assert sorted(f.split("/")[3] for f in counted) == ["instructions_interprocess_best_effort.csv", "metadata.json"]
    counts = git("show", f"gh-pages:runs/{PLATFORM}-socket-instructions/{counted_run}/"
                 "instructions_interprocess_best_effort.csv", cwd=history).splitlines()
    assert counts[0].startswith("Bytes,Role,Round trips,Instructions,") and len(counts) == 5  # 2 payloads x 2 sides
    assert (site / "site" / "data" / "series" / f"{PLATFORM}-socket-instructions" /
            "interprocess_best_effort.js").is_file()
    assert not (site / ".git").exists() and "Success - Main Deploy to GitHub Pages" in log(result)
    # Measured with a read-only token; written by a job of its own (a GitHub-hosted runner's)
    # from the run's artifact; pushes queue rather than replace each other.
    assert "[Latency history/Publish to the history] " in log(result) and "Success - Main Download the run" in log(result)
    # Main's own pool by default (latency-main), not the pull requests' runners: nothing to record.
    assert "History measured on the pull requests' runners" not in log(result)
    stored = json.loads(git("show", f"gh-pages:runs/{PLATFORM}/{run_id}/metadata.json", cwd=history))
    assert not any("pull requests' jobs also use" in warning for warning in stored["warnings"])
    workflow = (REPO / ".github/workflows/latency-main.yml").read_text()
    assert "\n  queue: max\n" in workflow and workflow.count("\n      contents: write") == 1  # one job


def test_main_and_the_requirements_refuse_the_pull_requests_runners_unless_opted_in(act, repository):
    """A pull request's job can change a persistent runner for every later job there, main's
    included (docs/security.md): main's pool named by a subset of the pull requests' labels (which
    their runners match too), or by a superset of them (whose runners take their jobs too), is
    refused before anything is measured, as is a requirements dispatch on them with a system label
    added (labels compared as sets, without case, GitHub's system labels telling no pool apart)."""
    for main_labels in ('["latency", "self-hosted"]',  # a subset, reordered
                        '["self-hosted", "linux", "latency", "main-only"]'):  # a superset
        result = push_to_main(act, repository, {"LATENCY_HISTORY_RUNNER_LABELS": main_labels,
                                                "LATENCY_INSTRUCTIONS": "false"},
                              expect=["History refused on the pull requests' runners"])

        assert result.returncode != 0, main_labels
        assert "History refused on the pull requests' runners" in log(result)
        assert "Run the latency experiment" not in log(result) and "Publish to the history" not in log(result)

    inputs = {"runs": 1, "shards": 1, "percentile": 99, "platform": PLATFORM,
              # the same set, another order and case, and a system label every runner has
              "runner-labels": '["Latency","linux","self-hosted","X64"]'}
    result = act("workflow_dispatch", ".github/workflows/latency-requirements.yml", {"inputs": inputs},
                 inputs=inputs, expect=["Requirements refused on the pull requests' runners"])

    assert result.returncode != 0
    assert "Requirements refused on the pull requests' runners" in log(result) and "Measure (shard" not in log(result)


def test_a_variable_cannot_send_mains_history_elsewhere(act, repository, tmp_path):
    """The history's remote is this repository, fixed in latency-main.yml: a repository variable
    LATENCY_HISTORY_REMOTE naming another (a real one here) is refused before anything is
    measured, and that remote is never reached."""
    elsewhere = tmp_path / "elsewhere.git"
    git("init", "-q", "--bare", str(elsewhere), cwd=tmp_path)
    result = push_to_main(act, repository, {"LATENCY_HISTORY_REMOTE": elsewhere, "LATENCY_INSTRUCTIONS": "false"},
                          expect=["History remote refused"])

    assert result.returncode != 0
    assert f"LATENCY_HISTORY_REMOTE is set ({elsewhere}), but the history's remote is this repository" in log(result)
    assert "Run the latency experiment" not in log(result) and "Publish to the history" not in log(result)
    assert git("for-each-ref", cwd=elsewhere) == ""


def test_main_measured_on_the_pull_requests_runners_by_opt_in_says_so_in_its_stored_metadata(act, repository,
                                                                                            tmp_path):
    set_requirements(repository)
    history = tmp_path / "history.git"
    git("init", "-q", "--bare", str(history), cwd=tmp_path)
    result = push_to_main(act, repository, {"LATENCY_INSTRUCTIONS": "false", "LATENCY_HISTORY_ON_PULL_REQUEST_RUNNERS": "true"},
                          environment=ci_tools.origin_routed_to(history))

    assert result.returncode == 0, act_failure(result)
    assert "History measured on the pull requests' runners" in log(result)
    (run_id,) = {f.split("/")[2] for f in git("ls-tree", "-r", "--name-only", "gh-pages", cwd=history).split()
                 if f.startswith(f"runs/{PLATFORM}/")}
    stored = json.loads(git("show", f"gh-pages:runs/{PLATFORM}/{run_id}/metadata.json", cwd=history))
    assert publish.SHARED_RUNNERS_WARNING in stored["warnings"]


def push_to_main(act, repository, variables, **options):
    """latency-main.yml as act runs it on a push to main of the repository, committed without
    concurrency.queue (without_queue), with SMALL_MATRIX and `variables` as repository variables."""
    without_queue(repository)
    ci_tools.commit(repository, "act does not know concurrency.queue")
    sha = git("rev-parse", "HEAD", cwd=repository).strip()
    return act("push", ".github/workflows/latency-main.yml",
               {"ref": "refs/heads/main", "after": sha, "repository": {"full_name": GITHUB_REPOSITORY}},
               {**SMALL_MATRIX, **variables}, **options)


def without_queue(repository):
    """act 0.2.89 (the newest) does not know GitHub's `concurrency.queue` and refuses the file:
    the copy's latency-main.yml goes without that line."""
    main_workflow = repository / ".github/workflows/latency-main.yml"
    main_workflow.write_text(main_workflow.read_text().replace("\n  queue: max\n", "\n"))


def test_nothing_a_pull_request_leaves_on_the_runner_runs_in_mains_next_job(act, repository, tmp_path):
    """act in host mode keeps one machine for every job, as a persistent self-hosted runner does:
    one tool cache for all runs, one $HOME (here tmp_path/home for both). A pull request's job
    plants a `latency-gate` where install_cli.sh used to reuse one and a LatencyTest where its
    build goes; main's next run installs its own CLI (hash-checked) in each job, says so,
    measures with a build of its own job and publishes, and nothing planted ever runs."""
    set_requirements(repository)
    without_queue(repository)
    marks, history = tmp_path / "planted-programs-ran", tmp_path / "history.git"
    git("init", "-q", "--bare", str(history), cwd=tmp_path)
    machine = {"HOME": tmp_path / "home", "PIP_CACHE_DIR": Path.home() / ".cache/pip",  # pip's cache, hash-checked
               "npm_config_cache": Path.home() / ".npm", "PLANT_MARKS": marks}
    planted = []
    try:
        plant = act("pull_request", REPO / "tests/ci/plant-on-the-runner.yml", pull_request(), environment=machine)
        planted = [Path(p) for p in re.findall(r"planted: (\S+)", log(plant))]
        assert plant.returncode == 0 and len(planted) == 4, log(plant)
        # Control: the planted CLIs sit where install_cli.sh before this change took one
        # (<cache>/latency-gate/<16 hex of the sources>/.installed), and they run and leave a mark.
        for cli in planted[:2]:
            assert re.fullmatch(r"[0-9a-f]{16}", cli.parent.parent.name) and (cli.parent.parent / ".installed").is_file()
            subprocess.run([cli], check=True)
        assert len(marks.read_text().splitlines()) == 2
        marks.unlink()

        main = act("push", ".github/workflows/latency-main.yml",
                   {"ref": "refs/heads/main", "after": git("rev-parse", "HEAD", cwd=repository).strip(),
                    "repository": {"full_name": GITHUB_REPOSITORY}},
                   {**SMALL_MATRIX, "LATENCY_INSTRUCTIONS": "false"},
                   environment={**machine, **ci_tools.origin_routed_to(history), "LATENCY_GATE_VENV": ""})  # as on an adopter's runner: no venv given

        assert main.returncode == 0, log(main)
        assert not marks.exists(), marks.read_text()
        fresh = re.findall(r"^\[Latency history/([^\]]+)\].*install_cli: a fresh latency-gate for this job in (\S+) "
                           r"\(nothing reused from earlier jobs\)", log(main), re.M)
        # act pads a job's name to the workflow's longest (the counted job's "Instructions history")
        assert sorted(job.strip() for job, _ in fresh) == ["Latency history", "Publish to the history"], log(main)
        assert all(str(tmp_path / "home") not in place and "tool_cache" not in place for _, place in fresh)
        (run,) = {f.split("/")[2] for f in git("ls-tree", "-r", "--name-only", "gh-pages", cwd=history).split()
                  if f.startswith(f"runs/{PLATFORM}/")}
        summary = git("show", f"gh-pages:runs/{PLATFORM}/{run}/measurements_intraprocess_best_effort_summary.csv",
                      cwd=history)
        assert summary.startswith("Bytes,Samples,") and len(summary.splitlines()) == 3  # measured: 16 and 32 B
    finally:
        for program in planted[:2]:  # the tool cache is act's, shared by every run on this machine
            shutil.rmtree(program.parent.parent, ignore_errors=True)


def test_a_requirements_dispatch_comes_back_as_a_pull_request_with_the_csv_and_its_provenance(act):
    # No runner labels given: main's pool (latency-main), as latency-main.yml's.
    inputs = {"runs": 2, "shards": 2, "percentile": 99, "platform": PLATFORM,
              "subexperiments": "intraprocess_best_effort", "payloads": "16,32", "samples": 100}

    # As a GitHub App, so that the pull request's own workflows (its required checks) run.
    result = act("workflow_dispatch", ".github/workflows/latency-requirements.yml", {"inputs": inputs},
                 variables={"LATENCY_APP_ID": "12345"}, inputs=inputs,
                 secrets={"LATENCY_APP_PRIVATE_KEY": "-----BEGIN PRIVATE KEY----- stand-in"})

    assert result.returncode == 0, act_failure(result)
    shards = sorted(p.name for p in (act.store / "artifacts").glob("latency-requirements-shard-*"))
    assert shards == ["latency-requirements-shard-1", "latency-requirements-shard-2"]
    assert (act.artifact("latency-requirements-shard-1") / "run-0001").is_dir()
    assert (act.artifact("latency-requirements-shard-2") / "run-0002").is_dir()
    branch = f"latency-requirements/{PLATFORM}"
    csv = git("show", f"{branch}:requirements/{PLATFORM}.csv", cwd=act.pull_request_remote)
    assert csv.splitlines()[0] == "Experiment type,Bytes,Median,99%,Max"
    assert [line.split(",")[:2] for line in csv.splitlines()[1:]] == [
        ["intraprocess_best_effort", "16"], ["intraprocess_best_effort", "32"]]
    assert (act.artifact(f"latency-requirements-{PLATFORM}") / f"{PLATFORM}.csv").read_text() == csv
    # its provenance beside it, on the branch and in the artifact: what the runs ran on
    provenance = git("show", f"{branch}:requirements/{PLATFORM}.provenance.json", cwd=act.pull_request_remote)
    assert json.loads(provenance)["runs"] == 2
    assert (act.artifact(f"latency-requirements-{PLATFORM}") / f"{PLATFORM}.provenance.json").read_text() == provenance
    opened = json.loads((act.store / "pull-requests" / f"latency-requirements_{PLATFORM}.json").read_text())
    assert opened["title"] == f"Latency requirements for {PLATFORM}: 2 runs, percentile 99"
    assert opened["token"] == "stand-in-app-12345-token"  # not GITHUB_TOKEN, whose pull requests start no workflow
    assert 'on runners labelled\n`["self-hosted","linux","latency-main"]`' in opened["body"]  # main's pool
    assert "Requirements measured on the pull requests' runners" not in log(result)


def load_workflow(text):
    from ruamel.yaml import YAML  # the CLI's own dependency (apache-otava's); PyYAML is not installed
    return YAML(typ="safe").load(text)


def jobs_holding_more_than_read(workflow):
    """{job: runs-on} of a workflow's jobs that hold a write permission, an environment or a secret."""
    holding = {}
    for name, job in workflow["jobs"].items():
        permissions = job.get("permissions", workflow.get("permissions"))
        writes = isinstance(permissions, dict) and "write" in permissions.values() or permissions == "write-all"
        secrets = "secrets." in json.dumps(job)
        if writes or "environment" in job or secrets:
            holding[name] = job["runs-on"]
    return holding


def test_no_job_holding_a_write_token_or_a_secret_runs_on_a_self_hosted_runner(tmp_path):
    """docs/security.md, GitHub arrow 1: what can write, deploy or open a pull request runs on a
    fresh GitHub-hosted VM; the jobs on the latency runner read at most."""
    workflows = {path.name: load_workflow(path.read_text()) for path in sorted(REPO.glob(".github/workflows/*.yml"))}
    for name, text in ci_tools.copy_paste_workflows(f"acme/latency-gate@{'0' * 40}").items():
        workflows[f"copy-paste {name}"] = load_workflow(text)

    holding = {name: jobs_holding_more_than_read(workflow) for name, workflow in workflows.items()}

    assert holding["latency-main.yml"].keys() == {"publish", "deploy"}  # the check can see them
    assert holding["latency-requirements.yml"].keys() == {"merge"}
    assert holding["copy-paste latency-main.yml"].keys() == {"publish", "deploy"}
    for name, jobs in holding.items():
        assert all(runner == "ubuntu-latest" for runner in jobs.values()), (name, jobs)
    for name, workflow in workflows.items():
        assert workflow["permissions"] in ({}, {"contents": "read"}), name  # what a job does not raise


def test_every_remote_action_is_pinned_and_has_a_stand_in_or_is_handled_by_act():
    pinned = pinned_actions()

    assert "actions/checkout" in pinned  # the workflows were read
    assert set(pinned) <= set(STANDINS) | HANDLED_BY_ACT


def test_every_pin_is_one_the_team_verified():
    pins = Path(REPO).parent / "shared" / "action-pins.md"
    if not pins.is_file():  # the team's table lives beside the main checkout, not in the repository
        pytest.skip(f"{pins} is not beside this checkout")
    verified = dict(re.findall(r"^\| ([\w.-]+/[\w.-]+) \| [^|]+ \| ([0-9a-f]{40}) \|$", pins.read_text(), re.M))
    assert {name: sha for name, sha in pinned_actions().items() if verified.get(name) != sha} == {}


def test_actionlint_finds_nothing(tools):
    result = subprocess.run([str(tools / "actionlint"), "-no-color"], cwd=REPO, capture_output=True, text=True)

    assert result.returncode == 0, result.stdout + result.stderr


def test_zizmor_finds_nothing(tools):
    zizmor = Path(sys.prefix) / "bin" / "zizmor"  # install_ci_tools.sh puts it into the venv

    result = subprocess.run([str(zizmor), "--offline", "--persona", "auditor", "--min-severity", "low",
                             ".github/workflows", "actions"],
                            cwd=REPO, capture_output=True, text=True)

    assert result.returncode == 0, result.stdout + result.stderr


def test_the_copy_paste_workflows_in_the_adoption_guide_lint_clean(tools, tmp_path):
    workflows = tmp_path / ".github/workflows"
    workflows.mkdir(parents=True)
    (tmp_path / ".github/actionlint.yaml").write_text((REPO / ".github/actionlint.yaml").read_text())
    copied = ci_tools.copy_paste_workflows(f"acme/latency-gate@{'0' * 40}")
    for name, text in copied.items():
        (workflows / name).write_text(text)
    git("init", "-q", cwd=tmp_path)

    actionlint = subprocess.run([str(tools / "actionlint"), "-no-color"], cwd=tmp_path, capture_output=True, text=True)
    zizmor = subprocess.run([str(Path(sys.prefix) / "bin/zizmor"), "--offline", "--persona", "auditor",
                             "--min-severity", "low", ".github/workflows"],
                            cwd=tmp_path, capture_output=True, text=True)

    # One file per trust level, and the code-path gate's on a GitHub-hosted runner.
    assert sorted(copied) == ["code-path-pr.yml", "latency-comment.yml", "latency-main.yml", "latency-pr.yml"]
    assert sum(copied[name].count("acme/latency-gate/actions/") for name in ("latency-pr.yml", "latency-main.yml")) == 4
    assert copied["code-path-pr.yml"].count("acme/latency-gate/actions/relative-gate@") == 1
    assert "signal: instructions" in copied["code-path-pr.yml"] and "/flamegraphs/" in copied["code-path-pr.yml"]
    assert copied["latency-comment.yml"].count("acme/latency-gate/actions/pr-comment@") == 1
    assert actionlint.returncode == 0, actionlint.stdout
    assert zizmor.returncode == 0, zizmor.stdout


def test_the_actions_install_their_cli_from_a_clean_checkout(tmp_path):
    """What an adopter's runner does on first use: no venv given, nothing installed yet. The
    CLI goes into a directory the job makes under its own temp directory, its dependencies
    hash-checked against the lock; the job's later steps reuse it (GITHUB_ENV), the next job
    makes its own."""
    checkout = ci_tools.copy_repository(tmp_path / "checkout")  # as actions/... @SHA downloads it
    github_path, github_env = tmp_path / "github_path", tmp_path / "github_env"
    environment = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(tmp_path), "GITHUB_ACTIONS": "true",
                   "RUNNER_TOOL_CACHE": str(tmp_path / "tool-cache"), "RUNNER_TEMP": str(tmp_path / "job-1"),
                   "GITHUB_PATH": str(github_path), "GITHUB_ENV": str(github_env)}
    (tmp_path / "job-1").mkdir()

    install = subprocess.run(["bash", "scripts/setup/install_cli.sh"], cwd=checkout, env=environment,
                             capture_output=True, text=True, timeout=600)

    assert install.returncode == 0, install.stderr
    bin_directory = Path(install.stdout.splitlines()[-1])
    assert bin_directory.parent.parent == tmp_path / "job-1" and bin_directory.parent.name.startswith(".latency-gate-cli.")
    assert "(nothing reused from earlier jobs)" in install.stderr
    assert github_path.read_text() == f"{bin_directory}\n"
    assert github_env.read_text() == f"LATENCY_GATE_CLI={bin_directory.parent}\n"
    assert not (tmp_path / "tool-cache").exists() and not (tmp_path / ".cache/latency-gate").exists()
    later_step = subprocess.run(["bash", "scripts/setup/install_cli.sh"], cwd=checkout, capture_output=True, text=True,
                                env={**environment, "LATENCY_GATE_CLI": str(bin_directory.parent)})
    assert later_step.stdout.splitlines()[-1] == str(bin_directory) and "fresh" not in later_step.stderr
    # A LATENCY_GATE_CLI this job did not make (planted in the runner's .env, say) is not run.
    planted = tmp_path / "planted" / ".latency-gate-cli.x"
    planted.mkdir(parents=True)
    # Nor one that only looks as if it were under $RUNNER_TEMP ("*" of a glob matches "/").
    climbing = f"{environment['RUNNER_TEMP']}/.latency-gate-cli.x/../../planted/.latency-gate-cli.x"
    for value in (str(planted), climbing):
        refused = subprocess.run(["bash", "scripts/setup/install_cli.sh"], cwd=checkout, capture_output=True,
                                 text=True, env={**environment, "LATENCY_GATE_CLI": value})
        assert refused.returncode == 3 and "is not a CLI this job installed" in refused.stderr, value
    run = tmp_path / "run"
    run.mkdir()
    (run / "measurements_intraprocess_best_effort.csv").write_text("Sample,Payload [Bytes],Latency [us]\n" + "".join(
        f"{i},{payload},{40 + i % 7}.5\n" for payload in (16, 32) for i in range(100)))
    run_metadata.write(run, run_metadata.RunMetadata(run_id="20261122T070000Z-aaaa-lab1"))
    store, remote = tmp_path / "store", tmp_path / "history.git"
    git("init", "-q", "--bare", str(remote), cwd=tmp_path)
    for command in (["process", "--experiment-directory", run, "--no-plots"],
                    ["publish-history", "--results-directory", run, "--remote", remote, "--platform", PLATFORM,
                     "--work-directory", store]):
        result = subprocess.run([bin_directory / "latency-gate", *command], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
    assert (store / "site" / "uPlot.iife.min.js").is_file()  # the site's chart library came along


def test_the_cli_lock_pins_what_the_package_declares_with_hashes():
    """install_cli.sh installs from scripts/setup/cli-requirements.lock with --require-hashes:
    the lock holds every dependency pyproject.toml pins, at that version, and every entry has
    hashes (pip refuses the lock otherwise)."""
    declared = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    lock = (REPO / "scripts/setup/cli-requirements.lock").read_text()
    entries = re.findall(r"^([A-Za-z0-9_.-]+)==(\S+) \\\n((?:    --hash=sha256:[0-9a-f]{64}.*\n)+)", lock, re.M)

    pinned = {name.lower().replace("_", "-"): version for name, version, _ in entries}
    assert len(entries) == len(re.findall(r"^[A-Za-z0-9_.-]+==", lock, re.M)) > len(declared)
    for requirement in declared:
        name, version = requirement.split("==")
        assert pinned.get(name.lower()) == version, requirement
    assert "setuptools" in pinned  # builds the package without build isolation
