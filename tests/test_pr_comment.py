"""`latency-gate pr-comment`, run for real against a local stand-in for GitHub's REST API
(tests/github_standin.py, which records every request).

Specification:
- the first gate of a pull request creates its comment; the next gate, after a push, edits
  that same comment (one POST, then one PATCH of the same id: never a pile of comments), and
  the comment says which commit it describes;
- a fork's pull request, which GitHub attaches to no workflow_run, is found by its head
  repository and branch and gets its comment too;
- a result for a commit the pull request has moved past does not replace a comment about
  the newer head (runs finish out of order), and says so; a comment by anyone else with our
  marker is never edited;
- at most TOP cells of each kind are listed, so at the contract's caps the comment stays
  within GitHub's 65,536 characters;
- the comment holds the verdict, the settings both builds ran under, the regressed and
  improved cells (ratio, interval), the detectable effect (the slowdown it would have failed on in
  80 % of such gates, not what a pass rules out) and, for the instructions signal,
  the functions whose counts grew, and links the run; GitHub's own renderer (cmark-gfm)
  turns no text of the artifact into a link, an image, HTML or a mention;
- the title says the verdict: passed, failed, or inconclusive with how many cells could not rule
  out the slowdown required (the minimum effect, or the team's requirement) and the detectable
  effect; a counted gate's comment shows its percentages with the decimals a 0.2 % minimum needs,
  never calls a count microseconds, and says what it did not count; values carry their unit;
- the example in docs/pull-request-comment.md is what the code renders for that gate;
- refused with one line naming the file and what is wrong, exit 3, and no request that
  writes (none at all): an artifact whose head is not the run's, one without a head, one over
  the size cap, one with too many cells, one that fails the contract (a name carrying a
  Markdown link), a broken event; a token GitHub refuses is exit 5.
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import cmarkgfm
import pytest
from cmarkgfm.cmark import Options

import gate_results
from github_standin import BOT, TOKEN, GitHubStandIn
from latency_gate.analysis.relative import GateSettings
from latency_gate.ci import pull_request_comment
from latency_gate.contracts import bisect_result, gate_result, json_shapes
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_OK, EXIT_SERVICE_FAILED, InputError
from latency_gate.render import gate_comment

pytestmark = pytest.mark.unit

REPOSITORY = "acme/middleware"
FORK = "someone/middleware"
FIRST, SECOND, THIRD = "1" * 40, "2" * 40, "3" * 40
RUN_URL = "https://github.com/acme/middleware/actions/runs/42"
SLOWER = {(32, "Median"): 1.2}


@pytest.fixture
def github():
    with GitHubStandIn(REPOSITORY).serving() as standin:
        yield standin


def workflow_run(head_sha, pull_requests=(7,), head_repository=REPOSITORY, branch="feature"):
    """A workflow_run event's payload as GitHub sends it (the fields latency-gate reads, and some)."""
    return {"action": "completed", "workflow_run": {
        "id": 42, "name": "Latency gate", "event": "pull_request", "conclusion": "success",
        "html_url": RUN_URL, "head_sha": head_sha, "head_branch": branch,
        "head_repository": {"full_name": head_repository, "owner": {"login": head_repository.split("/")[0]}},
        "pull_requests": [{"number": n, "head": {"sha": head_sha, "ref": branch}} for n in pull_requests]},
        "repository": {"full_name": REPOSITORY}}


def comment(github, tmp_path, event, artifact, token=TOKEN):
    event_file = tmp_path / "event.json"
    event_file.write_text(json.dumps(event))
    environment = {"GITHUB_ACTIONS": "true", "GITHUB_API_URL": github.url, "GITHUB_TOKEN": token,
                   "GITHUB_REPOSITORY": REPOSITORY, "GITHUB_EVENT_PATH": str(event_file), "PATH": "/usr/bin:/bin",
                   **({"PYTHONPATH": os.environ["PYTHONPATH"]} if "PYTHONPATH" in os.environ else {})}
    return subprocess.run([sys.executable, "-m", "latency_gate", "pr-comment", "--results", str(artifact)],
                          env=environment, capture_output=True, text=True, timeout=60)


def rendered(body):
    """The comment as GitHub renders it: cmark-gfm with GitHub's extensions, raw HTML let through."""
    return cmarkgfm.github_flavored_markdown_to_html(body, options=Options.CMARK_OPT_UNSAFE)


def test_the_first_gate_creates_the_comment_and_the_next_edits_the_same_one(github, tmp_path):
    github.add_pull(7, FIRST)
    first = comment(github, tmp_path, workflow_run(FIRST), gate_results.write(tmp_path / "one", FIRST, changes=SLOWER))
    assert first.returncode == EXIT_OK, first.stderr
    (created,) = github.comments_on(7)
    assert first.stdout.strip() == f"pr-comment: created comment {created['id']} on #7"
    assert created["user"]["login"] == BOT and f"Latency gate ❌ failed for `{FIRST[:12]}`" in created["body"]

    github.add_pull(7, SECOND)  # a push: the pull request's head moved, its gate ran again
    second = comment(github, tmp_path, workflow_run(SECOND), gate_results.write(tmp_path / "two", SECOND))

    assert second.returncode == EXIT_OK, second.stderr
    assert second.stdout.strip() == f"pr-comment: edited comment {created['id']} on #7"
    assert [c["id"] for c in github.comments_on(7)] == [created["id"]]
    assert [(r.method, r.path) for r in github.writes()] == [
        ("POST", f"/repos/{REPOSITORY}/issues/7/comments"),
        ("PATCH", f"/repos/{REPOSITORY}/issues/comments/{created['id']}")]
    body = github.comments_on(7)[0]["body"]
    assert f"Latency gate ✅ passed for `{SECOND[:12]}`" in body and FIRST[:12] not in body
    assert all(r.authorization == f"Bearer {TOKEN}" for r in github.requests)


def test_a_forks_pull_request_is_found_by_its_head_and_gets_its_comment(github, tmp_path):
    github.add_pull(9, FIRST, head_ref="patch-1", head_repository=FORK)
    github.add_pull(8, FIRST, head_ref="patch-1")  # same branch name, this repository's: not the fork's
    event = workflow_run(FIRST, pull_requests=(), head_repository=FORK, branch="patch-1")

    done = comment(github, tmp_path, event, gate_results.write(tmp_path / "fork", FIRST))

    assert done.returncode == EXIT_OK, done.stderr
    lookup = github.requests[0]
    assert (lookup.method, lookup.path, lookup.query["head"]) == ("GET", f"/repos/{REPOSITORY}/pulls",
                                                                  ["someone:patch-1"])
    assert len(github.comments_on(9)) == 1 and github.comments_on(8) == []


def test_an_older_heads_result_does_not_replace_the_newer_heads_comment(github, tmp_path):
    github.add_pull(7, SECOND)
    assert comment(github, tmp_path, workflow_run(SECOND), gate_results.write(tmp_path / "new", SECOND)).returncode == 0
    newer = github.comments_on(7)[0]["body"]

    late = comment(github, tmp_path, workflow_run(FIRST), gate_results.write(tmp_path / "old", FIRST, changes=SLOWER))

    assert late.returncode == EXIT_OK, late.stderr
    assert f"it describes the newer head {SECOND[:12]}" in late.stdout
    assert github.comments_on(7)[0]["body"] == newer and len(github.writes()) == 1


def test_a_result_for_a_head_that_moved_on_says_which_commit_it_describes(github, tmp_path):
    github.add_pull(7, THIRD)  # pushed again while this gate ran; nothing describes THIRD yet

    done = comment(github, tmp_path, workflow_run(FIRST), gate_results.write(tmp_path / "one", FIRST))

    assert done.returncode == EXIT_OK, done.stderr
    body = github.comments_on(7)[0]["body"]
    assert f"The pull request has moved on to `{THIRD[:12]}`: this describes `{FIRST[:12]}`" in body


def test_a_comment_of_someone_else_with_the_marker_is_left_alone(github, tmp_path):
    github.add_pull(7, FIRST)
    planted = github.add_comment(7, f"{gate_comment.MARKER}\n<!-- latency-gate head: {THIRD} -->", "mallory")

    done = comment(github, tmp_path, workflow_run(FIRST), gate_results.write(tmp_path / "one", FIRST))

    assert done.returncode == EXIT_OK, done.stderr
    assert [c["id"] for c in github.comments_on(7)] != [planted] and len(github.comments_on(7)) == 2
    assert github.comments[planted]["user"]["login"] == "mallory" and "mallory" not in done.stdout


def test_the_comment_is_short_and_holds_what_a_reviewer_needs(github, tmp_path):
    github.add_pull(7, FIRST)
    changes = {(32, "Median"): 1.2, (64, "99%"): 0.8}

    done = comment(github, tmp_path, workflow_run(FIRST), gate_results.write(tmp_path / "one", FIRST, changes=changes))

    assert done.returncode == EXIT_OK, done.stderr
    body = github.comments_on(7)[0]["body"]
    html = rendered(body)
    assert "Both builds ran under: CPU idle held, pub CPU 0, sub CPU 1, SCHED_FIFO 50, memory locked." in html
    regressed = html.split("<strong>Regressed</strong>")[1].split("</table>")[0]
    assert "<td>intraprocess_best_effort 32 B Median</td>" in regressed and "+20." in regressed
    improved = html.split("<strong>Improved</strong>")[1].split("</table>")[0]
    assert "<td>intraprocess_best_effort 64 B 99%</td>" in improved and "-20." in improved
    assert ("the least sensitive sub-experiment's median over its payloads of the smallest slowdown this gate would "
            "have confirmed (failed on) in 80% of such gates at the noise it measured.") in html
    assert f'<a href="{RUN_URL}">The run</a>' in html
    assert len(body.splitlines()) < 40


def test_the_instructions_signal_lists_the_functions_whose_counts_grew(github, tmp_path):
    github.add_pull(7, FIRST)
    functions = {(32, "Median"): [
        {"function": "eprosima::fastdds::dds::DataWriterImpl::write(void*)", "base": 1200, "pr": 2400, "delta": 1200,
         "share": 0.6},
        {"function": "std::vector<unsigned char>::_M_realloc_insert", "base": 100, "pr": 900, "delta": 800,
         "share": 0.4},
        {"function": "memcpy", "base": 500, "pr": 400, "delta": -100, "share": -0.05}]}
    artifact = gate_results.write(tmp_path / "one", FIRST, changes=SLOWER, functions=functions, signal="instructions")

    done = comment(github, tmp_path, workflow_run(FIRST), artifact)

    assert done.returncode == EXIT_OK, done.stderr
    html = rendered(github.comments_on(7)[0]["body"])
    assert "Code-path gate (instructions) ❌ failed" in html
    grown = html.split("Functions whose instruction counts grew")[1]
    assert "eprosima::fastdds::dds::DataWriterImpl::write(void*) +1,200 (60%)" in grown
    assert "std::vector&lt;unsigned char&gt;::_M_realloc_insert +800 (40%)" in grown
    assert "memcpy" not in grown  # its count fell


def test_the_functions_that_grew_are_listed_in_the_documents_order_the_innermost_first():
    """The gate lists a regressed cell's functions innermost first (analysis/code_path.py): serialize
    grew by 90 of its caller write's 100 and is where to look; sorted by growth, write came first."""
    functions = {(32, "Median"): [
        {"function": "serialize", "base": 300, "pr": 390, "delta": 90, "share": 0.474},
        {"function": "write", "base": 1000, "pr": 1100, "delta": 100, "share": 0.526}]}
    document = gate_results.document(FIRST, changes=SLOWER, functions=functions, signal="instructions")

    grown = gate_comment.render(document, RUN_URL).split("Functions whose instruction counts grew")[1]

    assert "serialize +90 (47%); write +100 (53%)" in grown


def title(body):
    return body.splitlines()[2]


def test_a_noisy_gate_is_titled_inconclusive_with_what_it_could_not_rule_out_and_could_detect():
    document = gate_results.document(FIRST, noise=0.15, seed=0)  # an unchanged pull request on a noisy runner
    assert document["counts"]["inconclusive"] > document["cells"] / 2

    body = gate_comment.render(document, RUN_URL)

    detectable = {magnitude: document["detectable"][gate_results.SUBEXPERIMENT][magnitude]["median"]
                  for magnitude in ("Median", "99%")}
    assert title(body) == (
        f"### Latency gate ⚠️ inconclusive for `{FIRST[:12]}`: {document['counts']['inconclusive']} of 6 cells could "
        f"not rule out a slowdown of 5%; detectable Median: +{detectable['Median'] * 100:.0f}% "
        f"(intraprocess\\_best\\_effort), 99\\%: +{detectable['99%'] * 100:.0f}% (intraprocess\\_best\\_effort)")


def test_a_team_requirement_is_named_in_the_title_and_a_quiet_gate_that_meets_it_is_passed():
    required = GateSettings(require_detectable=0.1)
    noisy = gate_comment.render(gate_results.document(FIRST, noise=0.15, seed=0, settings=required), RUN_URL)
    quiet = gate_comment.render(gate_results.document(FIRST, noise=0.001, settings=required), RUN_URL)

    assert "cells could not rule out the required slowdown of 10%; detectable" in title(noisy)
    assert title(quiet) == f"### Latency gate ✅ passed for `{FIRST[:12]}`"


def test_a_throughput_gate_is_titled_so_and_says_its_cases_each_run_for_a_time():
    """ThroughputTest runs each case for a time, not samples (campaigns/gate.py prints cases for it)."""
    body = gate_comment.render(gate_results.document(FIRST, throughput=True), RUN_URL)

    assert title(body).startswith("### Throughput gate ")
    assert "3 cells gated (1\\/throughput) after 8 interleaved rounds of 3 cases of 1 s: " in body
    assert "samples" not in body


def test_with_a_required_slowdown_the_cells_verdicts_say_they_are_at_the_minimum_effect():
    """The title counts the cells that could not rule out the required 10 %; the cells' verdicts
    (inconclusive, no regression) are at the 5 % minimum effect, and had read as if at the 10 %."""
    noisy = gate_comment.render(gate_results.document(
        FIRST, noise=0.15, seed=0, settings=GateSettings(require_detectable=0.1)), RUN_URL)
    unrequired = gate_comment.render(gate_results.document(FIRST, noise=0.15, seed=0), RUN_URL)

    assert re.search(r"\d+ inconclusive, \d+ no regression, 0 improvement \(at the 5% minimum effect\)\.", noisy)
    assert "minimum effect)" not in unrequired


def test_a_counted_gate_reads_in_instructions_with_the_decimals_its_percentages_need():
    """A code-path gate counts to a 0.2 % minimum: no '0%', no microseconds, and what it did not count."""
    document = gate_results.document(FIRST, changes={(32, "Instructions"): 1.004},
                                     counted_path="LatencyTest: DataWriter::write and the data readers' on_data_available")

    body = gate_comment.render(document, RUN_URL)
    html = rendered(body)

    assert title(body) == f"### Code-path gate (instructions) ❌ failed for `{FIRST[:12]}`"
    assert "A regression is a confirmed increase in instructions per round trip of at least 0.2% at" in html
    regressed = html.split("<strong>Regressed</strong>")[1].split("</table>")[0]
    assert re.search(r"<td>intraprocess_best_effort 32 B Instructions</td>\s*<td[^>]*>\+0\.\d\d%</td>", regressed)
    assert re.search(r"Instructions: \+0\.[1-9]\d?% \(intraprocess_best_effort\)", html)
    assert "+0%" not in html and "least 0%" not in html
    assert not re.search(r"\bus\b|\[us\]|microsecond", html)
    assert "counted path (LatencyTest: DataWriter::write and the data readers' on_data_available)" in html
    assert "Not counted: whatever runs outside that path" in html


def test_a_counted_gates_heap_allocations_name_the_functions_that_allocate():
    """One more allocation per received sample, and a sub-experiment the team allows none in."""
    document = gate_results.document(FIRST, counted_path="LatencyTest's timed region") | {
        "allocation_changes": [{"subexperiment": "interprocess_best_effort", "bytes": 16, "base": 2.08, "pr": 4.09,
                                "verdict": "regression", "functions": [
                                    {"function": "MessageReceiver::proc_Submsg_Data(CDRMessage_t*)", "base": 0.0,
                                     "pr": 2.0, "delta": 2.0}]}],
        "no_allocations": ["interprocess_best_effort"],
        "steady_allocations": [{"subexperiment": "interprocess_best_effort", "bytes": 16, "functions": [
            {"function": "DataReaderHistory::add_to_instance", "per_round_trip": 2.01}]}]}
    gate_result.DOCUMENT(document, "", strict=False)  # the contract takes it

    html = rendered(gate_comment.render(document, RUN_URL))

    allocations = html.split("<strong>Heap allocations per round trip</strong>")[1].split("</ul>")[0]
    assert "interprocess_best_effort 16 B: 2.08 -&gt; 4.09 per round trip; MessageReceiver::proc_Submsg_Data" in allocations
    assert "allocates where none is allowed: DataReaderHistory::add_to_instance 2.01 per round trip" in allocations


def test_a_gate_failed_only_on_heap_allocations_says_so_beside_its_cells_verdicts():
    """A code-path gate whose instructions all cleared fails on its allocations (--no-allocations): the
    comment said "failed", then "0 regression, ..., 3 no regression", and not why."""
    moved = {"subexperiment": "interprocess_best_effort", "bytes": 16, "base": 2.08, "pr": 4.09,
             "verdict": "regression", "functions": []}
    steady = {"subexperiment": "interprocess_best_effort", "bytes": 16, "functions": [
        {"function": "DataReaderHistory::add_to_instance", "per_round_trip": 2.01}]}
    document = gate_results.document(FIRST, counted_path="LatencyTest's timed region") | {
        "verdict": "failed", "passed": False, "allocation_changes": [moved],
        "no_allocations": ["interprocess_best_effort"], "steady_allocations": [steady]}
    assert document["counts"]["regression"] == 0

    body = gate_comment.render(document, RUN_URL)

    assert title(body).startswith("### Code-path gate (instructions) ❌ failed")
    assert ("0 regression, 0 inconclusive, 3 no regression, 0 improvement; 1 cell(s) with more heap allocations "
            "per round trip; 1 cell(s) allocating where none is allowed.") in body


def test_a_bisect_beside_the_gate_result_names_its_commits_and_one_for_another_head_is_refused(tmp_path):
    """The failed counted gate's bisect (latency-gate bisect, in the same artifact): each culprit commit in
    one line; a bisect that ended at another commit than the run's head is not this pull request's."""
    from test_bisect import document as bisect_document
    artifact = gate_results.write(tmp_path / "one", "a" * 40, changes=SLOWER)
    bisect_result.write(artifact, bisect_document())
    run = pull_request_comment.WorkflowRun(head_sha="a" * 40, head_branch="feature", head_repository=REPOSITORY,
                                           head_owner=REPOSITORY.split("/")[0], pull_requests=(7,),
                                           html_url=RUN_URL)

    html = rendered(gate_comment.render(pull_request_comment.checked_result(artifact, run.head_sha), RUN_URL))

    assert "<strong>Commits that moved the regressed cells</strong> (bisect of 3 commits)" in html
    assert ("<code>aaaaaaa</code> <em>Copy the payload for validation</em>: +312.00 instructions per round trip at "
            "16 B (interprocess_best_effort), in MessageReceiver::proc_Submsg_Data") in html
    bisect_result.write(artifact, bisect_document(head={"sha": "c" * 40, "subject": "later"}))
    with pytest.raises(InputError, match="bisects up to commit c{40}, not a{40}"):
        pull_request_comment.checked_result(artifact, run.head_sha)


def test_a_gradual_change_the_bisect_found_is_one_line_naming_its_range():
    """A count that crept up over several commits, none of whose steps exceeded the margin, is a range."""
    from test_bisect import document as bisect_document
    bisected = bisect_document()
    bisected["cells"][0].update(culprits=[], gradual=[{"after_sha": "b" * 40, "through_sha": "a" * 40,
                                                       "before": 400.0, "after": 408.0}])
    document = gate_results.document("a" * 40, changes=SLOWER) | {"bisect": bisected}

    html = rendered(gate_comment.render(document, RUN_URL))

    assert ("a gradual change after <code>bbbbbbb</code> through <code>aaaaaaa</code>: +8.00 instructions per round "
            "trip at 16 B (interprocess_best_effort) (400.00 -&gt; 408.00), no commit's own step over the margin") in html
    assert "none located" not in html


def test_a_ceiling_breach_shows_its_values_in_their_unit():
    document = gate_results.document(FIRST)
    document["ceiling_over"] = [{"subexperiment": "interprocess_best_effort", "bytes": 1024, "magnitude": "1/throughput",
                                 "requirement": 11.5, "pr": 13.25, "unit": "us/Mb"}]

    html = rendered(gate_comment.render(document, RUN_URL))

    assert "<td>interprocess_best_effort 1024 B 1/throughput</td>" in html
    assert re.search(r"<td[^>]*>11\.500 us/Mb</td>\s*<td[^>]*>13\.250 us/Mb</td>", html)


# Text a pull request can put into its artifact, and how the rendered comment must show it.
ATTACKS = {
    "[approve me](https://evil.example/x)": "[approve me](https://evil.example/x)",
    "![](https://evil.example/pixel.png)": "![](https://evil.example/pixel.png)",
    "<img src=https://evil.example/p.png>": "&lt;img src=https://evil.example/p.png&gt;",
    "<script>alert(1)</script>": "&lt;script&gt;alert(1)&lt;/script&gt;",
    "@octocat": "@\u2060octocat",  # no mention: nobody is notified
    "www.evil.example": "www.evil.example",
    "https://evil.example/bare": "https://evil.example/bare",
    "**LGTM** | fake | cell |": "**LGTM** | fake | cell |",
    "fixes #1 and org/repo#2": "fixes #\u20601 and org/repo#\u20602",  # no issue linked, or marked as referenced
    "<!-- latency-gate head: " + THIRD + " -->": "&lt;!-- latency-gate head: " + THIRD + " --&gt;",
}


@pytest.mark.parametrize("attacks", [list(ATTACKS)[:gate_comment.TOP_FUNCTIONS],
                                     list(ATTACKS)[gate_comment.TOP_FUNCTIONS:]], ids=["first", "second"])
def test_text_from_the_artifact_is_shown_literally_never_rendered(github, tmp_path, attacks):
    github.add_pull(7, FIRST)
    functions = {(32, "Median"): [{"function": attack, "base": 1, "pr": 2, "delta": 1, "share": 0.1}
                                  for attack in attacks]}  # every one listed: TOP_FUNCTIONS at most
    document = gate_results.document(FIRST, changes=SLOWER, functions=functions)
    document["regressions"][0]["reason"] = " ".join(attacks)
    document["regime"]["stress"] = attacks[0]
    artifact = tmp_path / "one"
    gate_result.write(artifact, document)

    done = comment(github, tmp_path, workflow_run(FIRST), artifact)

    assert done.returncode == EXIT_OK, done.stderr
    body = github.comments_on(7)[0]["body"]
    html = rendered(body)
    assert html.count("<a ") == 1 and f'<a href="{RUN_URL}">' in html  # the run's link, no other
    assert "<img" not in html and "<script" not in html and "<strong>LGTM" not in html
    for attack in attacks:  # shown as the text it is
        assert ATTACKS[attack] in html, attack
    assert gate_comment.described_head(body) == FIRST  # the artifact's text cannot forge our marker


def test_at_the_contracts_caps_the_comment_stays_within_githubs_limit():
    """GitHub refuses a comment over 65,536 characters: every list and text at its cap, made of
    the characters escaping doubles, renders to about a third of that."""
    document = gate_results.document(FIRST, changes=SLOWER)
    cell = {**document["regressions"][0], "functions": [
        {"function": "<>" * (json_shapes.MAX_TEXT // 2), "base": 1, "pr": 2, "delta": 10**12, "share": 1.0}
    ] * gate_result.MAX_FUNCTIONS, "reason": "[" * json_shapes.MAX_TEXT}
    breach = {"subexperiment": "x" * 100, "bytes": 1, "magnitude": "y" * 100, "requirement": 1e14, "pr": 1e14,
              "unit": "u" * 100}
    document.update(regressions=[cell] * gate_result.MAX_CELLS, improvements=[cell] * gate_result.MAX_CELLS,
                    signal="instructions", counted_path="&" * json_shapes.MAX_TEXT,
                    ceiling_over=[breach] * gate_result.MAX_CELLS,
                    regime={key: "&" * json_shapes.MAX_TEXT for key in ("stress", "topology", "pub_cpus")})

    body = gate_comment.render(document, RUN_URL)

    assert len(body) < gate_comment.MAX_CHARACTERS < 65_536
    assert body.count("\n| ") == 3 * (1 + gate_comment.TOP)  # three tables: a header and TOP rows each
    assert "…and 1990 more in the run's report." in body


def test_any_document_the_contract_takes_makes_a_comment_github_takes():
    """Every list and text at its cap, of the characters escaping triples ('@' takes a word joiner),
    every section there: the whole lines beyond GitHub's limit are cut from the end, saying so, and
    the run's link stays."""
    at, cells, functions = "@" * json_shapes.MAX_TEXT, gate_result.MAX_CELLS, gate_result.MAX_FUNCTIONS
    document = gate_results.document(FIRST, changes=SLOWER)
    named = {"subexperiment": "x" * 100, "bytes": 1}
    document.update(
        regressions=[{**document["regressions"][0], **named, "magnitude": "y" * 100, "reason": at, "functions": [
            {"function": at, "base": 1, "pr": 2, "delta": 10**14, "share": 1.0}] * functions}] * cells,
        build_differences=[{"what": at, "base": at, "pr": at}] * cells,
        allocation_changes=[{**named, "base": 1, "pr": 2, "verdict": "regression",
                             "functions": [{"function": at, "base": 1, "pr": 2, "delta": 1}] * functions}] * cells,
        steady_allocations=[{**named, "functions": [{"function": at, "per_round_trip": 1}] * functions}] * cells,
        flamegraphs=[{**named, "verdict": "regression", "svg": at}] * cells, flamegraphs_not_drawn=[at] * 100,
        signal="instructions", counted_path=at, regime={key: at for key in ("stress", "topology", "pub_cpus")})
    gate_result.DOCUMENT(document, "")  # the contract takes it

    body = gate_comment.render(document, RUN_URL)

    assert len(body) <= gate_comment.MAX_CHARACTERS
    assert "characters) is cut: GitHub takes comments of 60000 characters or fewer" in body
    assert body.endswith(f"[The run]({RUN_URL}): the full report is its summary; gate_report.md, the JUnit report, "
                         "gate_cells.csv and the rounds are in its artifacts.\n")


def test_an_inconclusive_verdict_without_its_count_and_invisible_characters_render_plainly():
    document = gate_results.document(FIRST, changes=SLOWER)
    document.update(verdict="inconclusive", passed=True)
    del document["not_ruled_out"]
    document["regressions"][0]["functions"] = [
        {"function": "helper\u202e\u200b\x85", "base": 1, "pr": 2, "delta": 12, "share": 1.0}]

    body = gate_comment.render(document, RUN_URL)

    assert any(": some of " in line for line in body.splitlines()[:4])  # the title says what it can
    assert not any(character in body for character in "\u202e\u200b\x85")


def test_the_documented_example_is_what_the_code_renders():
    guide = (Path(__file__).parents[1] / "docs/pull-request-comment.md").read_text()
    example = re.search(r"```markdown\n(.*?)```\n", guide, re.S)[1]
    document = gate_results.document("3f" * 20, changes={(32, "Median"): 1.2, (64, "99%"): 0.8})

    body = gate_comment.render(document, "https://github.com/acme/middleware/actions/runs/42")

    assert body.split("\n", 2)[2] == example


@pytest.mark.parametrize(("name", "artifact", "message"), [
    ("head_mismatch", lambda d: gate_results.write(d, SECOND),
     f"describes commit {SECOND}, not {FIRST}, the head of the run it came from: refused"),
    ("no_head", lambda d: gate_result.write(d.mkdir() or d, {
        k: v for k, v in gate_results.document(FIRST).items() if k != "head_sha"}),
     "records no head_sha: the gate did not say which commit it measured"),
    ("over_the_size_cap", lambda d: (d.mkdir(), (d / "gate_result.json").write_text(
        json.dumps(gate_results.document(FIRST)) + " " * gate_result.MAX_BYTES)),
     f"bytes, more than the {gate_result.MAX_BYTES} a gate_result.json may hold"),
    ("too_many_cells", lambda d: (d.mkdir(), (d / "gate_result.json").write_text(json.dumps(
        {**(doc := gate_results.document(FIRST, changes=SLOWER)),
         "regressions": doc["regressions"] * (gate_result.MAX_CELLS + 1)}))),
     f"'regressions' holds {gate_result.MAX_CELLS + 1} entries, more than {gate_result.MAX_CELLS}"),
    ("contract_failure", lambda d: (d.mkdir(), (d / "gate_result.json").write_text(json.dumps(
        {**gate_results.document(FIRST), "passed": "yes"}))),
     "'passed' must be true or false, got \"yes\""),
    ("markdown_link_in_a_name", lambda d: (d.mkdir(), (d / "gate_result.json").write_text(json.dumps(
        gate_results.document(FIRST, changes=SLOWER, subexperiment="[click](https://evil.example)")))),
     "must be a name of letters, digits and _ . % / + - (at most 100), got \"[click](https://evil.example)\""),
])
def test_a_bad_artifact_is_refused_and_nothing_is_written(github, tmp_path, name, artifact, message):
    github.add_pull(7, FIRST)
    artifact(tmp_path / name)

    done = comment(github, tmp_path, workflow_run(FIRST), tmp_path / name)

    assert done.returncode == EXIT_BAD_INPUT
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"latency-gate pr-comment: error: {tmp_path / name / 'gate_result.json'}: ")
    assert message in line
    assert github.requests == [] and github.comments == {}


def test_a_broken_event_is_refused_naming_the_key(github, tmp_path):
    event = workflow_run(FIRST)
    event["workflow_run"]["head_sha"] = "HEAD; rm -rf /"

    done = comment(github, tmp_path, event, gate_results.write(tmp_path / "one", FIRST))

    assert done.returncode == EXIT_BAD_INPUT
    assert "event.json: 'workflow_run.head_sha': not a commit id" in done.stderr
    assert github.requests == []


def test_a_token_github_refuses_is_a_service_error(github, tmp_path):
    github.add_pull(7, FIRST)

    done = comment(github, tmp_path, workflow_run(FIRST), gate_results.write(tmp_path / "one", FIRST), token="wrong")

    assert done.returncode == EXIT_SERVICE_FAILED
    assert "401 Unauthorized" in done.stderr and "wrong" not in done.stderr
    assert github.comments == {}
