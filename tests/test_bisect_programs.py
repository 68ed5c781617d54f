"""`latency-gate bisect` on a real git history: the project's pingpong/ package (SocketLatency, the
socket floor) in a repository of its own, five commits on top of a base, built with colcon and a
compiler cache as a CI job would build them, gated for real (`gate --signal instructions`), then
bisected.

Specification:
- of five commits, the one that adds a calibrated cost to the echo's per-sample path (a checksum
  of every received byte) is named, and only it, in every regressed cell, with the instructions it
  added and the function it added them in;
- when two commits each add part of the regression, both are named, each with its own part, and the
  parts add up to the change from base to head;
- every commit built is built in a worktree of its own under the output directory, with the
  compiler cache's base directory set so that a commit's build reuses the objects of the one
  before it (and of the gate's builds);
- out of time, it writes what it counted and the range it did not search, says so, and exits 1;
- a ref that does not resolve, or a base that is not the head's ancestor, is one line naming it,
  exit 3, nothing built;
- CI's opt-in (scripts/ci/bisect_gate.sh, after a failed code-path gate) bisects from the pull
  request's merge base with its target to its head, each commit built with the team's build
  command, and puts bisect_result.json and bisect_report.md beside gate_result.json, where the
  pull-request comment takes the culprit from; a pull request of one commit is not bisected.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from latency_gate import cli
from latency_gate.ci import pull_request_comment
from latency_gate.contracts import bisect_result
from latency_gate.errors import EXIT_CHECK_FAILED, EXIT_OK
from latency_gate.render import gate_comment

pytestmark = pytest.mark.programs

REPOSITORY = Path(__file__).resolve().parents[1]
SUBEXPERIMENT, PAYLOADS, SAMPLES = "interprocess_best_effort", (16, 1024), 20
# colcon in the worktree, through ccache; the program's path on the last line (as scripts/setup/ do).
BUILD = ("colcon --log-base log build --paths pingpong --build-base build --install-base install "
         "--event-handlers console_direct- --cmake-args -DCMAKE_BUILD_TYPE=Release "
         "-DCMAKE_C_COMPILER_LAUNCHER=ccache >&2 && echo install/pingpong/bin/SocketLatency")
ECHO = "void pingpong_echo_copy(const void *sample, uint32_t size)\n{\n"
# The calibrated costs: a checksum of every byte the echo side received (per sample, on the counted
# reception), and a second pass over the first 64 bytes (a header "validation").
CHECKSUM = ("    uint32_t sum = 0;\n"
            "    for (uint32_t at = 0; at < size; at++)\n        sum += ((const uint8_t *)sample)[at] * (at | 1);\n"
            "    __asm__ volatile(\"\" : : \"r\"(sum));\n")
HEADER = ("    uint8_t header[64];\n"
          "    for (uint32_t at = 0; at < size && at < 64; at++)\n        header[at] = ((const uint8_t *)sample)[at];\n"
          "    __asm__ volatile(\"\" : : \"r\"(header) : \"memory\");\n")


@pytest.fixture(autouse=True)
def tools():
    for tool in ("colcon", "ccache", "valgrind", "git"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed (scripts/setup/install_system_packages.sh)")


def git(repository, *arguments):
    return subprocess.run(["git", "-C", str(repository), "-c", "user.name=Bisect Test", "-c",
                           "user.email=bisect@example.invalid", *arguments],
                          check=True, capture_output=True, text=True).stdout.strip()


def commit(repository, subject, path, old, new):
    """Replace `old` by `new` in `path` (under pingpong/src) and commit it as `subject`; its sha."""
    source = repository / "pingpong" / "src" / path
    text = source.read_text()
    assert old in text, f"{path}: {old!r} not found"
    source.write_text(text.replace(old, new, 1))
    git(repository, "commit", "-q", "-am", subject)
    return git(repository, "rev-parse", "HEAD")


def history(root, costs):
    """A repository holding a copy of pingpong/: the base, then five commits of which those at the
    positions in `costs` (position -> code added to the echo) add a cost; {subject: sha}, base first."""
    repository = root / "repository"
    repository.mkdir()
    shutil.copytree(REPOSITORY / "pingpong", repository / "pingpong")
    git(repository, "init", "-q", "-b", "main")
    git(repository, "add", "-A")
    git(repository, "commit", "-q", "-m", "Base: the socket floor")
    shas = {"base": git(repository, "rev-parse", "HEAD")}
    harmless = iter([
        ("Say what the echo copy is for", "pingpong.h", "/* The echo side calls", "/* Echo side: the echo side calls"),
        ("Name the socket floor in its help", "command_line.c", "#include", "/* the project's programs */\n#include"),
        ("Comment the reception", "socket_latency.c", "/* A reception is counted", "/* Reception: a reception is counted"),
        ("Comment the ring", "shared_memory_ring.c", "#include", "/* the shared-memory ring */\n#include"),
        ("Comment the counted path", "counted_path.c", "#include", "/* counted path */\n#include"),
    ])
    for position in range(1, 6):
        if position in costs:
            subject, code = costs[position]
            shas[subject] = commit(repository, subject, "pingpong.c", ECHO, ECHO + code)
        else:
            subject, path, old, new = next(harmless)
            shas[subject] = commit(repository, subject, path, old, new)
    return repository, shas


def build(repository, sha, directory, environment):
    """The commit built in a worktree of its own (as the gate's builds would be): its program."""
    git(repository, "worktree", "add", "-q", "--detach", str(directory), sha)
    done = subprocess.run(["bash", "-c", BUILD], cwd=directory, env=environment, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return directory / done.stdout.strip().splitlines()[-1]


def gate_and_bisect(tmp_path, capsys, monkeypatch, costs):
    repository, shas = history(tmp_path, costs)
    environment = os.environ | {"CCACHE_DIR": str(tmp_path / "ccache"), "CCACHE_BASEDIR": str(tmp_path / "gate-builds")}
    base = build(repository, shas["base"], tmp_path / "gate-builds" / "base", environment)
    head = build(repository, git(repository, "rev-parse", "main"), tmp_path / "gate-builds" / "head", environment)
    gate = tmp_path / "gate"
    code = cli.main(["gate", "--middleware", "socket", "--base", str(base), "--pr", str(head), "-r", str(gate),
                     "--signal", "instructions", "--subexperiments", SUBEXPERIMENT,
                     "--payloads", *map(str, PAYLOADS), "--samples", str(SAMPLES), "--seed", "7"])
    assert code == EXIT_CHECK_FAILED, capsys.readouterr().out
    regressed = json.loads((gate / "gate_result.json").read_text())["regressions"]
    assert sorted(cell["bytes"] for cell in regressed) == list(PAYLOADS)
    out = tmp_path / "bisect"
    monkeypatch.setenv("CCACHE_DIR", environment["CCACHE_DIR"])
    subprocess.run(["ccache", "--zero-stats"], check=True, capture_output=True)
    monkeypatch.chdir(tmp_path)  # the output directory as a relative path: git runs elsewhere
    code = cli.main(["bisect", "--repository", str(repository), "--base", shas["base"], "--head", "main",
                     "--build", BUILD, "--gate-result", str(gate / "gate_result.json"), "-r", "bisect",
                     "--middleware", "socket", "--time-limit-s", "900"])
    printed = capsys.readouterr().out
    assert code == EXIT_OK, printed
    result = bisect_result.read(out)
    assert sorted(log.name for log in (out / "logs").iterdir()) == sorted(
        f"build-{built['sha'][:12]}.log" for built in result["built"])
    # The base's and the head's objects come from the gate's builds (other directories: the cache's
    # base directory makes their paths relative), each commit's from the one built before it: only
    # what a commit changed is compiled (pingpong compiles 11 files; a commit here changes one).
    stats = dict(line.split("\t") for line in subprocess.run(
        ["ccache", "--print-stats"], check=True, capture_output=True, text=True).stdout.splitlines())
    hits, misses = int(stats["direct_cache_hit"]) + int(stats["preprocessed_cache_hit"]), int(stats["cache_miss"])
    assert hits >= 2 * 11 and misses < hits / 2, stats
    return result, shas, out, printed


def test_the_one_commit_that_adds_a_cost_to_the_echo_is_named_alone(tmp_path, capsys, monkeypatch):
    culprit = "Checksum the payload for validation"
    result, shas, out, printed = gate_and_bisect(tmp_path, capsys, monkeypatch, {3: (culprit, CHECKSUM)})
    assert result["complete"] and result["commits"] == 5
    for cell in result["cells"]:
        [found] = cell["culprits"]
        assert found["sha"] == shas[culprit] and found["subject"] == culprit
        assert found["function"] == "pingpong_echo_copy"
        assert found["delta"] == pytest.approx(cell["head"] - cell["base"])
        assert found["delta"] > cell["margin"] and cell["unresolved"] == []
    by_payload = {cell["bytes"]: cell["culprits"][0]["delta"] for cell in result["cells"]}
    assert by_payload[1024] > 10 * by_payload[16]  # a checksum of every byte grows with the payload
    assert f"`{shas[culprit][:7]}` *{culprit}*: +" in (out / "bisect_report.md").read_text()
    assert culprit in printed
    # The ends and a binary search's few commits: not all six.
    assert 3 <= len(result["built"]) <= 5
    assert not (out / "worktrees").exists() or not any((out / "worktrees").iterdir())  # removed once counted


def test_two_commits_that_each_add_part_of_the_regression_are_both_named(tmp_path, capsys, monkeypatch):
    first, second = "Checksum the payload for validation", "Keep the header for the log"
    result, shas, _, _ = gate_and_bisect(tmp_path, capsys, monkeypatch, {2: (first, CHECKSUM), 4: (second, HEADER)})
    for cell in result["cells"]:
        assert [found["sha"] for found in cell["culprits"]] == [shas[first], shas[second]], cell
        assert all(found["delta"] > cell["margin"] for found in cell["culprits"])
        assert sum(found["delta"] for found in cell["culprits"]) == pytest.approx(cell["head"] - cell["base"])


def failed_gate(directory):
    """A code-path gate's result of one regressed cell, with its rounds (what its CI artifact keeps)."""
    directory.mkdir()
    (directory / "gate_result.json").write_text(json.dumps({
        "passed": False, "rounds": 2, "cells": 1, "counts": {"regression": 1}, "looks": [], "signal": "instructions",
        "samples": SAMPLES,
        "regressions": [{"subexperiment": SUBEXPERIMENT, "bytes": 16, "magnitude": "Instructions", "base_us": 500.0,
                         "pr_us": 800.0, "ratio": 1.6, "interval": [1.5, 1.7], "p_adjusted": 0.05,
                         "verdict": "regression", "reason": "grew"}]}))
    (directory / "rounds.csv").write_text("Round,Build,Sub-experiment,Bytes,Magnitude,Value,Position\n" + "".join(
        f"{round},{build},{SUBEXPERIMENT},16,Instructions,{value},1\n"
        for round in (1, 2) for build, value in (("base", 500.0), ("pr", 800.0))))
    return directory / "gate_result.json"


def test_bad_input_is_one_line_naming_what_is_wrong_and_nothing_is_built(tmp_path, capsys):
    repository, shas = history(tmp_path, {})
    arguments = ["bisect", "--repository", str(repository), "--build", BUILD, "--gate-result",
                 str(failed_gate(tmp_path / "gate")), "--middleware", "socket"]
    for refs, error in ((["--base", "no-such-ref", "--head", "main"], "no commit no-such-ref in this repository"),
                        (["--base", "main", "--head", shas["base"]], f"main is not an ancestor of {shas['base']}")):
        out = tmp_path / "bisect"
        assert cli.main([*arguments, *refs, "-r", str(out)]) == 3
        message = capsys.readouterr().err
        assert message == f"latency-gate bisect: error: {repository}: {error}\n"
        assert not (out / "worktrees").exists() and not (out / "bisect_result.json").exists()


def test_out_of_time_it_reports_what_it_counted_and_says_so(tmp_path, capsys, monkeypatch):
    repository, shas = history(tmp_path, {3: ("Checksum the payload for validation", CHECKSUM)})
    monkeypatch.setenv("CCACHE_DIR", str(tmp_path / "ccache"))
    out = tmp_path / "bisect"
    code = cli.main(["bisect", "--repository", str(repository), "--base", shas["base"], "--head", "main",
                     "--build", BUILD, "--gate-result", str(failed_gate(tmp_path / "gate")), "-r", str(out),
                     "--middleware", "socket", "--time-limit-s", "1"])
    assert code == EXIT_CHECK_FAILED
    assert "bisect stopped early: time limit of 1 s" in capsys.readouterr().out
    result = bisect_result.read(out)
    assert not result["complete"] and result["stopped"].startswith("time limit of 1 s")
    assert [built["sha"] for built in result["built"]] == [shas["base"]]  # the first commit only: then none fits
    [cell] = result["cells"]
    assert cell["culprits"] == [] and cell["base"] is not None and cell["head"] is None
    assert [(gap["after_sha"], gap["through_sha"]) for gap in cell["unresolved"]] == [
        (shas["base"], git(repository, "rev-parse", "main"))]
    assert "**Stopped before the end**: time limit of 1 s" in (out / "bisect_report.md").read_text()


def bisect_gate(repository, results, target, **environment):
    """scripts/ci/bisect_gate.sh as a CI job runs it, in the pull request's checkout, with the
    team's build command (SocketLatency, the socket floor); its finished process."""
    return subprocess.run(["bash", str(REPOSITORY / "scripts/ci/bisect_gate.sh")], cwd=repository, text=True,
                          capture_output=True, env=os.environ | {
                              "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
                              "LATENCY_WORKSPACE": str(repository), "LATENCY_RESULTS": str(results),
                              "LATENCY_BASE_REF": target, "LATENCY_MIDDLEWARE": "socket",
                              "LATENCY_BUILD_COMMAND": BUILD.removesuffix(" >&2 && echo install/pingpong/bin/SocketLatency"),
                              "LATENCY_BUILD_OUTPUT": "install/pingpong/bin/SocketLatency", **environment})


def test_ci_bisects_a_failed_gate_from_the_merge_base_and_puts_the_result_beside_the_gates(tmp_path, capsys):
    culprit = "Checksum the payload for validation"
    repository, shas = history(tmp_path, {3: (culprit, CHECKSUM)})
    head = git(repository, "rev-parse", "main")
    # The target branch moved on after the fork: the bisect starts at the merge base, not at its tip.
    target = git(repository, "commit-tree", "-m", "Meanwhile on the target branch", "-p", shas["base"],
                 f"{shas['base']}^{{tree}}")
    environment = os.environ | {"CCACHE_DIR": str(tmp_path / "ccache"), "CCACHE_BASEDIR": str(tmp_path / "gate-builds")}
    base = build(repository, shas["base"], tmp_path / "gate-builds" / "base", environment)
    pr = build(repository, head, tmp_path / "gate-builds" / "head", environment)
    gate = tmp_path / "gate"
    assert cli.main(["gate", "--middleware", "socket", "--base", str(base), "--pr", str(pr), "-r", str(gate),
                     "--signal", "instructions", "--subexperiments", SUBEXPERIMENT, "--payloads", *map(str, PAYLOADS),
                     "--samples", str(SAMPLES), "--seed", "7", "--head-sha", head]) == EXIT_CHECK_FAILED
    capsys.readouterr()

    done = bisect_gate(repository, gate, target, CCACHE_DIR=str(tmp_path / "ccache"))

    assert done.returncode == 0, done.stdout + done.stderr
    assert f"bisect_gate: bisecting 5 commits from the merge base {shas['base']} to {head}" in done.stderr
    result = bisect_result.read(gate)  # beside gate_result.json
    assert result["base"]["sha"] == shas["base"] and result["head"]["sha"] == head
    assert [[found["sha"] for found in cell["culprits"]] for cell in result["cells"]] == [[shas[culprit]]] * 2
    assert culprit in (gate / "bisect_report.md").read_text()
    # The comment reads it from beside the gate's result and names the commit.
    checked = pull_request_comment.checked_result(gate, head)
    comment = gate_comment.render(checked, "https://github.com/o/r/actions/runs/1")
    assert f"`{shas[culprit][:7]}` *{gate_comment.markdown_text(culprit)}*" in comment


def test_ci_does_not_bisect_a_pull_request_of_one_commit(tmp_path):
    repository, shas = history(tmp_path, {})
    parent = git(repository, "rev-parse", "main~1")
    gate = failed_gate(tmp_path / "gate").parent

    done = bisect_gate(repository, gate, parent)

    assert done.returncode == 0, done.stderr
    assert done.stderr == (f"bisect_gate: the pull request has 1 commit(s) after its merge base {parent}: "
                           "nothing to bisect\n")
    assert not (gate / "bisect_result.json").exists() and not (gate / "bisect").exists()


def test_ci_does_not_bisect_a_pull_request_that_merged_its_target_in_and_says_why(tmp_path):
    repository, shas = history(tmp_path, {})
    target = git(repository, "commit-tree", "-m", "Meanwhile on the target branch", "-p", shas["base"],
                 f"{shas['base']}^{{tree}}")
    git(repository, "merge", "-q", "--no-edit", target)  # GitHub's "Update branch"
    head = git(repository, "rev-parse", "HEAD")
    first = git(repository, "rev-parse", "main~5")
    gate = failed_gate(tmp_path / "gate").parent

    done = bisect_gate(repository, gate, target)

    assert done.returncode == 0, done.stderr
    assert done.stderr == (f"bisect_gate: the pull request merged its target in (its first commit {first} follows "
                           f"{shas['base']}, not the merge base {target}): not bisected; rebased onto its target it "
                           "would be\n")
    assert head != target and not (gate / "bisect_result.json").exists() and not (gate / "bisect").exists()
