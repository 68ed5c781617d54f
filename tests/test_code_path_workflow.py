"""The code-path gate's workflow (.github/workflows/code-path-pr.yml), executed with act in host mode.

Specification:
- every pull request, a fork's included, gets the code-path gate on a GitHub-hosted runner
  (ubuntu-latest; act runs it on this machine, whose set-up is the container's Debian bookworm):
  its LatencyTest against its merge base's, instructions per round trip counted under valgrind;
  an unchanged pull request passes, with the report in the job summary and the verdict as an
  artifact;
- a pull request that adds instructions to the per-sample path (the subscriber copies every sample
  before its echo) fails it, and the artifact holds the regressed cells' flame graphs: the action
  installs inferno (here restored from the cache stand-in, as an earlier run leaves it); with the
  bisect opted in (LATENCY_CODE_PATH_BISECT), the artifact also names the commit that did it
  (bisect_result.json, bisect_report.md);
- the job holds a read-only token and nothing else.

act needs docker for a job's `container:`, which this machine has not: the test runs the
workflow with the container removed, on this machine, which is what the container is (Debian
bookworm, as root) - a stand-in for GitHub's container runtime, named here as such.
"""

import difflib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import ci_tools
from ci_tools import GITHUB_REPOSITORY, REPO, Act

pytestmark = pytest.mark.ci

WORKFLOW = ".github/workflows/code-path-pr.yml"
# One sub-experiment, two payloads, 50 round trips: each valgrind run takes seconds.
SMALL = {"LATENCY_SUBEXPERIMENTS": "interprocess_best_effort", "LATENCY_PAYLOADS": "16,1024", "LATENCY_SAMPLES": "50"}


@pytest.fixture
def act(tools, repository, tmp_path_factory, tmp_path):
    return Act(tools, repository, tmp_path, tmp_path_factory.mktemp("build-cache"))


def pull_request(head_repository, base_sha):
    return {
        "action": "synchronize", "number": 9,
        "pull_request": {"number": 9, "title": "A change", "head": {"ref": "feature", "repo": {"full_name": head_repository}},
                         "base": {"ref": "main", "sha": base_sha, "repo": {"full_name": GITHUB_REPOSITORY}}},
        "repository": {"full_name": GITHUB_REPOSITORY},
    }


def test_the_job_runs_on_a_github_hosted_runner_with_a_read_only_token():
    text = (REPO / WORKFLOW).read_text()
    assert re.search(r"^    runs-on: ubuntu-latest$", text, re.M)
    assert not re.search(r"^    if:", text, re.M)  # no job is kept from forks
    assert re.search(r"^permissions: \{\}$", text, re.M)
    assert re.findall(r"^    permissions:\n((?:      .*\n)+)", text, re.M) == ["      contents: read\n"]
    assert "signal: instructions" in text


def seed_pull_request_build(act, repository, tmp_path):
    """The cache stand-in holds the project's LatencyTest build under the pull request build's key
    (its recipe is this checkout's), as a earlier push of the pull request would have left it: only
    the merge base is built here."""
    keys = subprocess.run(["bash", str(repository / "scripts/setup/latencytest_cache_key.sh")], check=True,
                          capture_output=True, text=True, env=os.environ | {"RUNNER_TEMP": str(tmp_path)}).stdout
    key = re.search(r"^key=(.+)$", keys, re.M)[1]
    for part in ("colcon", "security"):
        shutil.copytree(ci_tools.project_build() / part, act.build_cache / key / part, symlinks=True)


def seed_flamegraph_tools(act, repository, tmp_path):
    """The cache stand-in holds inferno, installed (scripts/setup/install_flamegraph_tools.sh: the
    project's test set-up), under the action's key: what the first run leaves there (its build takes
    minutes)."""
    keys = subprocess.run(["bash", str(repository / "scripts/setup/install_flamegraph_tools.sh"), "--cache-key"],
                          check=True, capture_output=True, text=True).stdout
    key = re.search(r"^key=(.+)$", keys, re.M)[1]
    installed = subprocess.run(["bash", str(REPO / "scripts/setup/install_flamegraph_tools.sh")], check=True,
                               capture_output=True, text=True).stdout.strip().splitlines()[-1]
    shutil.copytree(Path(installed).parent, act.build_cache / key, symlinks=True)
    return key


def seed_base_build(act, repository, target, tmp_path):
    """The cache stand-in holds the project's LatencyTest build as the merge base's (the project's
    build is of this checkout's recipe, which the merge base has), as the base branch's runs leave it."""
    keys = subprocess.run(["bash", str(repository / "scripts/ci/build_base_latencytest.sh"), "--cache-key"],
                          check=True, capture_output=True, text=True,
                          env=os.environ | ci_tools.origin_routed_to(tmp_path / "origin.git") | {
                              "RUNNER_TEMP": str(tmp_path), "LATENCY_WORKSPACE": str(repository),
                              "LATENCY_BASE_REF": target,
                              # the script asks the CLI where the checkout is (latency-gate ci-env)
                              "PATH": f"{REPO / '.venv' / 'bin'}{os.pathsep}{os.environ['PATH']}"}).stdout
    key = re.search(r"^base-key=(.+)$", keys, re.M)[1]
    for part in ("colcon", "security"):
        shutil.copytree(ci_tools.project_build() / part, act.build_cache / key / part, symlinks=True)
    (act.build_cache / key / "cache-key").write_text(f"{key}\ncolcon/install/latencytest/bin/LatencyTest\n")


# The subscriber copies 16 bytes of every sample to the heap before its echo (benchmarks/code_path_gate.py's
# calibrated echo-copy, which the gate finds at about +0.8 % in interprocess_best_effort).
ECHO_WRITE = "                if (!sub->data_writer_->write(data))\n"
ECHO_COPY = ("                {  // a copy of the sample before its echo\n"
             "                    std::vector<uint8_t> copy(reinterpret_cast<uint8_t*>(data),\n"
             "                                              reinterpret_cast<uint8_t*>(data) + 16);\n"
             "                    asm volatile(\"\" : : \"r\"(copy.data()) : \"memory\");\n"
             "                }\n")


def echo_copy_patch():
    """A patch of the project's patched LatencyTest subscriber that adds ECHO_COPY (applied after
    latencytest/patches/, as the next one)."""
    cache = (ci_tools.project_build() / "colcon/build/latencytest/CMakeCache.txt").read_text()
    source = Path(re.search(r"^LATENCY_TEST_SOURCE_DIR:PATH=(.+)$", cache, re.M)[1]) / "LatencyTestSubscriber.cpp"
    before = source.read_text().splitlines(keepends=True)
    at = before.index(ECHO_WRITE)
    after = before[:at] + ECHO_COPY.splitlines(keepends=True) + before[at:]
    return "".join(difflib.unified_diff(before, after, "a/LatencyTestSubscriber.cpp", "b/LatencyTestSubscriber.cpp"))


def test_a_failed_code_path_gate_uploads_the_flame_graphs_of_its_regressed_cells(tools, tmp_path, tmp_path_factory):
    # A repository of its own: its history gets the pull request's regression.
    repository = ci_tools.copy_repository(tmp_path_factory.mktemp("regressed-repository"))
    act = Act(tools, repository, tmp_path, tmp_path_factory.mktemp("build-cache"))
    ci_tools.without_container(repository, WORKFLOW)
    tools_key = seed_flamegraph_tools(act, repository, tmp_path)
    fork_point, target = ci_tools.pull_request_history(repository, tmp_path / "origin.git")
    seed_base_build(act, repository, target, tmp_path)
    # The pull request's second commit copies each sample (its first leaves the LatencyTest alone).
    patch = repository / "latencytest/patches/0099-echo-copy.patch"
    patch.write_text(echo_copy_patch())
    ci_tools.commit(repository, "Copy each sample before its echo", [patch])
    culprit = ci_tools.git("rev-parse", "HEAD", cwd=repository).strip()
    environment = {"LATENCY_GATE_SOURCES_DIR": REPO / "build" / "sources",  # no download
                   **ci_tools.origin_routed_to(tmp_path / "origin.git")}
    variables = {**SMALL, "LATENCY_CODE_PATH_BISECT": "true", "LATENCY_CODE_PATH_BISECT_TIME_LIMIT_S": "600"}

    result = act("pull_request", WORKFLOW, pull_request("someone/latency-gate", target), variables,
                 environment=environment, expect=("Flame graphs", "Copy each sample before its echo"))

    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert f"cache stand-in: restored {tools_key}" in output and "inferno 0.12.3 already installed" in output
    assert f"the base build of the merge base {fork_point} was restored" in output
    artifact = act.artifact("code-path-gate-pr-9")
    verdict = json.loads((artifact / "gate_result.json").read_text())
    assert verdict["verdict"] == "failed" and verdict["regressions"], verdict
    drawn = verdict["flamegraphs"]
    assert {entry["bytes"] for entry in drawn} >= {cell["bytes"] for cell in verdict["regressions"]}
    for entry in drawn:
        svg = (artifact / entry["svg"]).read_text()
        assert svg.startswith("<?xml") and "LatencyTestSubscriber" in svg
    assert "### Flame graphs" in (artifact / "gate_report.md").read_text()
    # The opted-in bisect names the commit, beside the gate's result (and in the job summary).
    assert f"bisect_gate: bisecting 2 commits from the merge base {fork_point}" in output
    bisected = json.loads((artifact / "bisect_result.json").read_text())
    assert bisected["complete"] and bisected["commits"] == 2
    # One counted run a commit: a harmless commit's build can step a cell by a few tens of instructions
    # (seen: -29 at 1024 B, over that cell's margin), never by the copy's +170 or more.
    added = {found["sha"] for cell in bisected["cells"] for found in cell["culprits"] if found["delta"] > 100}
    assert added == {culprit}, bisected["cells"]
    assert "Copy each sample before its echo" in (artifact / "bisect_report.md").read_text()
    # The three commits' builds share the bisect's compiler cache: the pull request's first commit
    # leaves LatencyTest's sources alone, so its build compiles nothing the merge base's did not
    # (a third of the compilations at least; none with a cache per build).
    cache = Path(bisected["gate_result"]).parent / "bisect" / "ccache"
    stats = {name: int(count) for name, count in (line.split("\t") for line in subprocess.run(
        ["ccache", "--print-stats"], env=os.environ | {"CCACHE_DIR": str(cache)}, capture_output=True, text=True,
        check=True).stdout.splitlines())}
    hits = stats["direct_cache_hit"] + stats["preprocessed_cache_hit"]
    assert hits >= (hits + stats["cache_miss"]) / 3, stats


def test_a_forks_pull_request_gets_the_code_path_gate_and_an_unchanged_one_passes(act, repository, tmp_path):
    ci_tools.without_container(repository, WORKFLOW)
    seed_pull_request_build(act, repository, tmp_path)
    seed_flamegraph_tools(act, repository, tmp_path)
    fork_point, target = ci_tools.pull_request_history(repository, tmp_path / "origin.git")
    environment = {"LATENCY_GATE_SOURCES_DIR": REPO / "build" / "sources",  # no download
                   **ci_tools.origin_routed_to(tmp_path / "origin.git")}

    result = act("pull_request", WORKFLOW, pull_request("someone/latency-gate", target), SMALL,
                 environment=environment)

    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert f"building the base LatencyTest at the merge base {fork_point}" in output
    assert "the pull request's LatencyTest build was restored" in output
    assert "## Code-path gate (instructions per round trip: pull request vs base)" in output  # the job summary
    verdict = json.loads((act.artifact("code-path-gate-pr-9") / "gate_result.json").read_text())
    assert verdict["verdict"] in ("passed", "inconclusive")  # unchanged: inconclusive where 3 runs could not rule out
    assert re.search(rf"::set-output:: result={verdict['verdict']}$", output, re.M), output
    assert verdict["signal"] == "instructions" and verdict["passed"] is True
    assert verdict["settings"]["gated"] == ["Instructions"] and verdict["cells"] == 2
