"""`latency-gate bisect`'s search, on a fake counter (commits given as their counts).

Specification:
- a culprit is a commit whose own step (its count against its parent's) moved the cell the way base
  to head did by more than the cell's margin (three times its spread, at least one instruction per
  round trip);
- one culprit is named alone; two commits that each add part of a regression are both named, each
  with its own step; a head that counts like the base names none;
- a range that moved the cell by more than the margin though no commit's own step did is a gradual
  change, named as one range, never as culprits;
- each commit is counted at most once, and a binary search counts far fewer commits than there are;
- cells share the commits counted for one another;
- the time box starts no commit it does not expect to finish, stops, and says what it did not
  search; a failed build stops it the same way;
- the function named is the one whose inclusive count grew most in the step, the innermost of
  those holding about the same part;
- bisect_result.json refuses what its contract does not define, and one written before gradual
  changes reads; the report reads as a sentence per culprit and per gradual change.
"""

import subprocess

import pandas as pd
import pytest

from latency_gate.campaigns.bisect import (
    BisectSpec, Cell, Stopped, TimeBox, changed_function, first_parent_commits, margin, regressed_cells, search,
    spreads,
)
from latency_gate.contracts import bisect_result, gate_result, run_metadata
from latency_gate.contracts.json_shapes import MAX_TEXT
from latency_gate.errors import InputError
from latency_gate.render import bisect_report

pytestmark = pytest.mark.unit

CELL = Cell("interprocess_best_effort", 16)
OTHER = Cell("interprocess_best_effort", 1024)


def steps(commits, changes, start=1000.0):
    """Counts of commits 0..commits-1: `start`, plus each change from its commit on."""
    return [start + sum(change for at, change in changes.items() if index >= at) for index in range(commits)]


class FakeCounter:
    """count(index) -> {cell: count}, remembering which commits it was asked for."""

    def __init__(self, per_cell, fail_at=None):
        self.per_cell, self.fail_at, self.asked = per_cell, fail_at, []

    def __call__(self, index):
        self.asked.append(index)
        if index == self.fail_at:
            raise Stopped(f"commit {index} did not build")
        return {cell: values[index] for cell, values in self.per_cell.items()}


def test_the_margin_is_three_spreads_and_at_least_one_instruction():
    assert margin(0.0) == 1.0 and margin(10.0) == 30.0


def test_a_count_creeping_up_one_per_commit_is_gradual_and_names_no_culprit():
    """100 to 108, +1 a commit, margin 3: the whole moved by 8, no commit's own step by more than 1.
    Searching each part again between its own ends had named commits 4, 5 and 6, +1 each."""
    counter = FakeCounter({CELL: [100.0 + index for index in range(9)]})

    findings, _, stopped = search(counter, 8, [CELL], {CELL: 3.0})

    assert stopped is None
    assert findings[CELL].culprits == [] and findings[CELL].unresolved == []
    assert findings[CELL].gradual == [(0, 8)]  # the neighbouring halves as one range


def test_the_same_change_in_one_step_is_a_culprit():
    counter = FakeCounter({CELL: steps(9, {5: 8}, start=100.0)})

    findings, _, _ = search(counter, 8, [CELL], {CELL: 3.0})

    assert findings[CELL].culprits == [5] and findings[CELL].gradual == []


def test_a_step_within_a_creep_is_the_culprit_and_the_creep_that_moved_by_more_than_the_margin_gradual():
    counter = FakeCounter({CELL: [100.0 + index + (10.0 if index >= 6 else 0.0) for index in range(9)]})

    findings, counted, _ = search(counter, 8, [CELL], {CELL: 3.0})

    assert findings[CELL].culprits == [6] and counted[6][CELL] - counted[5][CELL] == 11.0
    assert findings[CELL].gradual == [(0, 4)]  # +4; after the step +2, before it +1: within the margin


def test_one_culprit_is_named_alone_with_its_step_and_few_commits_are_counted():
    counter = FakeCounter({CELL: steps(33, {20: 312})})
    findings, counted, stopped = search(counter, 32, [CELL], {CELL: 1.0})
    assert stopped is None
    assert findings[CELL].culprits == [20] and findings[CELL].unresolved == []
    assert counted[19][CELL] == 1000 and counted[20][CELL] == 1312
    assert len(counter.asked) == len(set(counter.asked)) <= 2 + 6  # the ends and log2(32) + 1 halvings


def test_two_commits_that_each_add_part_are_both_named():
    counter = FakeCounter({CELL: steps(12, {3: 150, 8: 150})})
    findings, counted, _ = search(counter, 11, [CELL], {CELL: 1.0})
    assert findings[CELL].culprits == [3, 8]
    assert [counted[index][CELL] - counted[index - 1][CELL] for index in findings[CELL].culprits] == [150, 150]


def test_a_step_below_the_margin_is_not_a_culprit_but_one_above_is():
    counter = FakeCounter({CELL: steps(10, {2: 2, 6: 100})})
    findings, _, _ = search(counter, 9, [CELL], {CELL: 3.0})
    assert findings[CELL].culprits == [6]


def test_a_commit_that_takes_the_count_back_is_no_culprit_of_a_regression():
    # A harmless commit's build stepped a cell down by 29 (over its margin), the copy up by 300.
    counter = FakeCounter({CELL: steps(6, {1: -29, 4: 300}), OTHER: steps(6, {4: 300, 5: -40}, 5000.0)})
    findings, _, stopped = search(counter, 5, [CELL, OTHER], {CELL: 8.3, OTHER: 8.3})
    assert findings[CELL].culprits == [4] and findings[OTHER].culprits == [4] and stopped is None


def test_a_head_that_counts_like_the_base_names_no_culprit():
    counter = FakeCounter({CELL: [1000.0, 1000.4, 999.8, 1000.2]})
    findings, _, stopped = search(counter, 3, [CELL], {CELL: 1.0})
    assert findings[CELL].culprits == [] and findings[CELL].unresolved == [] and stopped is None
    assert sorted(counter.asked) == [0, 3]  # only the ends


def test_cells_share_the_commits_counted():
    counter = FakeCounter({CELL: steps(17, {9: 40}), OTHER: steps(17, {9: 300}, 5000.0)})
    findings, _, _ = search(counter, 16, [CELL, OTHER], {CELL: 1.0, OTHER: 1.0})
    assert findings[CELL].culprits == findings[OTHER].culprits == [9]
    assert len(counter.asked) == len(set(counter.asked))  # the second cell counted nothing anew


class Clock:
    """A clock that a fake count advances by `per_count` seconds."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_the_time_box_stops_before_a_commit_it_cannot_finish_and_says_what_is_left():
    clock = Clock()
    values = steps(65, {40: 300})

    def count(index):
        clock.now += 10.0
        return {CELL: values[index]}

    findings, counted, stopped = search(count, 64, [CELL], {CELL: 1.0}, TimeBox(45.0, clock))
    assert stopped.startswith("time limit of 45 s")
    assert len(counted) == 4  # at 40 s, 5 s left is less than a commit takes: the fifth is not started
    assert findings[CELL].culprits == []
    [(low, high)] = findings[CELL].unresolved
    assert low < 40 <= high and high - low < 64  # narrowed, not found


def test_a_commit_that_does_not_build_stops_the_search_and_keeps_what_is_known():
    counter = FakeCounter({CELL: steps(9, {2: 200, 6: 200}), OTHER: steps(9, {2: 200, 6: 200})}, fail_at=5)
    findings, _, stopped = search(counter, 8, [CELL, OTHER], {CELL: 1.0, OTHER: 1.0})
    assert stopped == "commit 5 did not build"
    assert findings[CELL].unresolved and findings[OTHER].unresolved
    assert counter.asked.count(5) == 1  # the other cell does not ask again: it reports what is known


def test_the_function_named_is_the_innermost_of_those_that_grew_most():
    before = pd.Series({"main_loop": 900.0, "echo": 300.0, "parse": 100.0})
    after = pd.Series({"main_loop": 1212.0, "echo": 610.0, "parse": 101.0, "memcpy_inner": 300.0})
    assert changed_function(before, after, 312.0) == "memcpy_inner"  # main_loop, echo and it each hold the +300
    assert changed_function(before, before, 312.0) is None
    assert changed_function(after, before, -312.0) == "memcpy_inner"  # a step down: what shrank most


def test_a_cells_spread_is_pooled_over_the_gates_rounds_of_both_builds(tmp_path):
    rows = ["Round,Build,Sub-experiment,Bytes,Magnitude,Value,Position"]
    for build, values in (("base", (100.0, 102.0, 104.0)), ("pr", (200.0, 201.0, 202.0))):
        rows += [f"{round},{build},interprocess_best_effort,16,Instructions,{value},1"
                 for round, value in enumerate(values, start=1)]
    (tmp_path / "rounds.csv").write_text("\n".join(rows) + "\n")
    assert spreads(tmp_path, [CELL]) == {CELL: pytest.approx(((4.0 + 1.0) / 2) ** 0.5)}
    with pytest.raises(InputError, match="1024 B: fewer than two rounds"):
        spreads(tmp_path, [OTHER])
    with pytest.raises(InputError, match="no rounds.csv"):
        spreads(tmp_path / "elsewhere", [CELL])


def test_only_a_counted_gates_regressions_are_bisected():
    cell = {"subexperiment": "interprocess_best_effort", "bytes": 16, "magnitude": "Instructions"}
    assert list(regressed_cells({"signal": "instructions", "regressions": [cell]}, "g.json")) == [CELL]
    with pytest.raises(InputError, match="not a code-path gate"):
        regressed_cells({"signal": "latency", "regressions": [cell]}, "g.json")
    with pytest.raises(InputError, match="no regression"):
        regressed_cells({"signal": "instructions", "regressions": []}, "g.json")


def document(**changes):
    commit = {"sha": "a" * 40, "subject": "Copy the payload for validation"}
    return {
        "base": {"sha": "b" * 40, "subject": "base"}, "head": commit, "commits": 3,
        "gate_result": "gate/gate_result.json", "build_command": "make", "middleware": "socket", "samples": 100,
        "complete": True, "stopped": None, "time_limit_s": None, "duration_s": 12.0,
        "cells": [{"subexperiment": "interprocess_best_effort", "bytes": 16, "gate_base": 400.0, "gate_pr": 712.0,
                   "base": 400.0, "head": 712.0, "spread": 0.0, "margin": 1.0,
                   "culprits": [{**commit, "before": 400.0, "after": 712.0, "delta": 312.0,
                                 "function": "MessageReceiver::proc_Submsg_Data"}],
                   "unresolved": []}],
        "built": [{**commit, "build_s": 3.0, "counting_s": 2.0}],
    } | changes


def test_the_result_round_trips_and_refuses_what_its_contract_does_not_define(tmp_path):
    bisect_result.write(tmp_path, document())
    assert bisect_result.read(tmp_path)["cells"][0]["culprits"][0]["delta"] == 312.0
    with pytest.raises(ValueError, match="culprit|cells"):
        bad = document()
        bad["cells"][0]["culprits"][0]["sha"] = "abc"
        bisect_result.write(tmp_path, bad)
    with pytest.raises(ValueError, match="does not define"):
        bisect_result.write(tmp_path, document(extra=1))
    (tmp_path / "bisect_result.json").write_text('{"complete": "yes"}')
    with pytest.raises(InputError, match="bisect_result.json"):
        bisect_result.read(tmp_path)


def test_a_commit_subject_and_a_function_name_are_shown_as_the_text_they_are():
    """A pull request writes its commits' subjects and its symbols' names: in the report (a job
    summary) no image, link or mention comes of them."""
    hostile = "Fix <img src=https://evil.example/t.png> see [docs](https://evil.example) @octocat"
    changed = document()
    changed["cells"][0]["culprits"][0].update(subject=hostile, function="f`<b>bold</b>`")

    text = bisect_report.markdown_report(changed)

    assert "*Fix \\<img src\\=https\\:\\/\\/evil" in text and "@\u2060octocat" in text
    assert "`f'<b>bold</b>'`" in text  # in one code span, where nothing renders


def test_a_gradual_change_is_recorded_and_reported_as_a_range_and_an_older_result_without_it_reads(tmp_path):
    gradual = document()
    gradual["cells"][0].update(culprits=[], gradual=[{"after_sha": "b" * 40, "through_sha": "a" * 40,
                                                      "before": 100.0, "after": 108.0}])
    bisect_result.write(tmp_path, gradual)

    text = bisect_report.markdown_report(bisect_result.read(tmp_path))

    assert ("- a gradual change after `bbbbbbb` through `aaaaaaa`: +8.00 instructions per round trip at 16 B "
            "(100.00 -> 108.00), no commit's own step over the margin") in text
    assert "no commit moved it" not in text
    bisect_result.write(tmp_path, document())  # written before gradual changes: no key
    assert "- a gradual change" not in bisect_report.markdown_report(bisect_result.read(tmp_path))


def test_the_report_names_each_culprit_in_one_sentence_and_says_when_it_stopped():
    text = bisect_report.markdown_report(document())
    assert ("`aaaaaaa` *Copy the payload for validation*: +312.00 instructions per round trip at 16 B, in "
            "`MessageReceiver::proc_Submsg_Data`") in text
    stopped = document(complete=False, stopped="time limit of 60 s")
    stopped["cells"][0]["unresolved"] = [{"after_sha": "b" * 40, "through_sha": "a" * 40, "before": 400.0,
                                          "after": None}]
    text = bisect_report.markdown_report(stopped)
    assert "**Stopped before the end**: time limit of 60 s" in text
    assert "not searched to the end: a change after `bbbbbbb` through `aaaaaaa` (400.00 -> not counted)" in text


@pytest.mark.parametrize("limit", [float("nan"), 0.0, -1.0, float("inf")])
def test_a_time_limit_that_is_no_positive_number_of_seconds_is_bad_input(limit, tmp_path):
    """nan went into bisect_result.json as NaN (no JSON); 0 or less stopped before the first commit."""
    with pytest.raises(InputError, match=f"time limit must be a positive number of seconds, got {limit}"):
        BisectSpec(tmp_path, "a", "b", "true", tmp_path / "gate_result.json", tmp_path / "out", time_limit_s=limit)
    assert BisectSpec(tmp_path, "a", "b", "true", tmp_path, tmp_path / "out", time_limit_s=60.0).time_limit_s == 60.0


def _commit(repository, subject, *parents):
    """A commit of the empty tree on `parents` (git commit-tree); its sha."""
    tree = subprocess.run(["git", "-C", str(repository), "hash-object", "-t", "tree", "-w", "--stdin"], input="",
                          check=True, capture_output=True, text=True).stdout.strip()
    command = ["git", "-C", str(repository), "-c", "user.name=T", "-c", "user.email=t@example.invalid",
               "commit-tree", tree, "-m", subject] + [argument for parent in parents for argument in ("-p", parent)]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout.strip()


def test_a_branch_that_merged_its_target_in_is_refused_as_its_steps_would_carry_the_targets_changes(tmp_path):
    # fork B; the pull request P1, P2; the target M1 on B; the pull request merges M1 in ("Update branch").
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    fork = _commit(tmp_path, "B")
    first = _commit(tmp_path, "P1", fork)
    second = _commit(tmp_path, "P2", first)
    target = _commit(tmp_path, "M1", fork)
    head = _commit(tmp_path, "Merge M1", second, target)

    # Its merge base with the target is the target's tip, which the head reaches through its merge's
    # second parent only: P1's parent is B, so P1's step would be counted from M1 (M1's change in it).
    with pytest.raises(InputError, match=f"leaves {target} at {fork[:12]}, not at {target}: it merged {target} in"):
        first_parent_commits(tmp_path, target, head)
    assert [sha for sha, _ in first_parent_commits(tmp_path, fork, head)] == [fork, first, second, head]


def test_a_subject_or_function_longer_than_its_result_holds_is_kept_cut_with_its_end_marked(tmp_path):
    # git's %s joins a commit's first paragraph into one line: thousands of characters for some.
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    fork = _commit(tmp_path, "B")
    head = _commit(tmp_path, "word " * 450 + "\n\nbody", fork)
    (_, _), (sha, subject) = first_parent_commits(tmp_path, fork, head)
    assert sha == head and len(subject) == MAX_TEXT and subject.endswith("word…")
    handler = "asio::detail::binder2<" * 200
    assert changed_function(pd.Series({handler: 1.0}), pd.Series({handler: 2.0}), 1.0) == handler[:MAX_TEXT - 1] + "…"


def test_a_bisect_of_another_middleware_than_the_gates_runs_measured_is_refused(tmp_path):
    """`bisect --middleware socket` of a Fast DDS gate counted the socket floor's program at every
    commit and found no culprit: counts of another program than the gate's."""
    from latency_gate.campaigns import bisect as bisect_campaign

    base_run = gate_result.run_directory(tmp_path, 1, gate_result.BASE)
    base_run.mkdir(parents=True)
    run_metadata.write(base_run, run_metadata.RunMetadata(run_id="r", middleware="fastdds"))

    with pytest.raises(InputError) as refused:
        bisect_campaign._require_the_gates_middleware(tmp_path, "socket")
    assert str(refused.value) == f"{base_run / 'metadata.json'}: the gate's runs measured fastdds, not socket (--middleware)"
    bisect_campaign._require_the_gates_middleware(tmp_path, "fastdds")
    bisect_campaign._require_the_gates_middleware(tmp_path / "downloaded", "socket")  # no runs kept: nothing to hold


def test_a_repository_that_is_none_is_named_as_such(tmp_path):
    """It said "no commit HEAD~2 in this repository" of a directory that is no repository."""
    plain = tmp_path / "plain"
    plain.mkdir()

    with pytest.raises(InputError) as refused:
        first_parent_commits(plain, "HEAD~2", "HEAD")
    assert str(refused.value) == f"{plain}: not a git repository"
