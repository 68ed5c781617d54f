"""The code-path gate's differential flame graphs (analysis/flame_graphs.py, render/flame_graphs.py):

- callgrind keeps no stacks, only each function's own instructions and its calls' inclusive ones:
  the derived stacks hold every function's own count exactly once and add up to the profile's
  total, through recursion levels (name'2), calls to itself and cycles;
- a cell's stacks are every process's and thread's dumps of its payload summed, under each
  process's role; a discarded dump and another sub-experiment's are left out;
- two real counted runs (a toy program under callgrind, the pull request's with one more function)
  give a differential SVG in which that function is drawn red with its count in its tooltip, in
  headless Chromium too;
- a failed code-path gate (the socket floor against its build with the calibrated echo copy) draws
  each regressed cell and lists it in gate_result.json and gate_report.md; the comment names the files;
- without inferno nothing is drawn, and the gate says so in its log, gate_result.json, the report
  and the comment, not by leaving the pictures out silently.
"""

import io
import os
import re
import shutil
import subprocess

import pandas as pd
import pytest

from latency_gate.analysis import code_path, flame_graphs, relative
from latency_gate.contracts import folded_stacks, gate_result
from latency_gate.contracts import instruction_counts
from latency_gate.errors import EXIT_CHECK_FAILED, InputError
from latency_gate.render import flame_graphs as drawing
from latency_gate.render import gate_comment
from latency_gate.runner import counting

import gate_results
from socket_gates import failed_socket_gate, socket_programs

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def callgrind(path, body, label=None, total=None):
    """A callgrind profile: `body` its function and call lines (callgrind's format, name compression
    and relative sub-positions included)."""
    header = "# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\n"
    header += f"desc: Trigger: Client Request: {label}\n" if label else ""
    header += "positions: line\nevents: Ir\n"
    path.write_text(header + body.strip() + "\n" + (f"totals: {total}\n" if total is not None else ""))
    return path


def frames(stacks):
    return {";".join(stack): count for stack, count in stacks.items()}


# main (own 10) calls a and b, both call c: c's own 40 is split by what each call of it brought.
TREE = """
fl=(1) main.c
fn=(1) main
3 10
cfn=(2) a
calls=1 4
+1 60
cfn=(3) b
calls=2 5
+1 30
fn=(2)
0 40
cfn=(4) c
calls=1 0
* 20
fn=(3)
0 10
cfn=(4)
calls=3 0
0 20
fn=(4)
0 40
"""


@pytest.mark.unit
def test_a_call_trees_stacks_hold_each_functions_own_instructions_once_and_add_up_to_the_total(tmp_path):
    profile = callgrind(tmp_path / "x.callgrind.1", TREE, total=100)
    stacks = flame_graphs.profile_stacks(profile)
    assert frames(stacks) == {"main": 10, "main;a": 40, "main;a;c": 20, "main;b": 10, "main;b;c": 20}
    assert sum(stacks.values()) == counting.read_profile(profile).events["Ir"] == 100


# f calls its second recursion level f'2 (callgrind's --separate-recs), which calls itself deeper
# (its edge to itself double counts what f'2 already holds) and g.
RECURSION = """
fn=(1) f
0 5
cfn=(2) f'2
calls=1 0
0 45
fn=(2)
0 30
cfn=(2)
calls=4 0
0 25
cfn=(3) g
calls=1 0
0 15
fn=(3)
0 15
"""


@pytest.mark.unit
def test_a_recursion_level_is_a_frame_of_its_own_and_a_call_to_itself_adds_nothing(tmp_path):
    stacks = flame_graphs.profile_stacks(callgrind(tmp_path / "x.callgrind.1", RECURSION, total=50))
    assert frames(stacks) == {"f": 5, "f;f'2": 30, "f;f'2;g": 15}


# Two functions of one name (glibc's and the program's "(below main)") read as one: a cycle
# start -> below -> libc_start -> below, whose every edge holds the whole count.
CYCLE = """
fn=(1) _start
cfn=(2) (below main)
calls=1 0
0 100
fn=(2)
cfn=(3) __libc_start_main
calls=1 0
0 100
cfn=(4) main
calls=1 0
0 100
fn=(3)
cfn=(2)
calls=1 0
0 100
fn=(4)
0 70
cfn=(5) work
calls=1 0
0 30
fn=(5)
0 30
"""


@pytest.mark.unit
def test_a_cycle_is_not_followed_back_so_nothing_counts_twice(tmp_path):
    stacks = flame_graphs.profile_stacks(callgrind(tmp_path / "x.callgrind.1", CYCLE, total=100))
    assert frames(stacks) == {"_start;(below main);main": 70, "_start;(below main);main;work": 30}


@pytest.mark.unit
def test_a_cycle_nobody_called_is_rooted_at_its_heaviest_function(tmp_path):
    body = "fn=(1) ping\n0 7\ncfn=(2) pong\ncalls=1 0\n0 9\nfn=(2)\n0 9\ncfn=(1)\ncalls=1 0\n0 3\n"
    stacks = flame_graphs.profile_stacks(callgrind(tmp_path / "x.callgrind.1", body, total=16))
    assert frames(stacks) == {"ping": 7, "ping;pong": 9}


@pytest.mark.unit
def test_shares_are_whole_instructions_that_still_add_up(tmp_path):
    """c's 10 own instructions reached by three callers bringing a third each: 4 + 3 + 3, not 3 + 3 + 3."""
    body = "fn=(1) main\n" + "".join(f"cfn=({n}) caller{n}\ncalls=1 0\n0 10\n" for n in (2, 3, 4))
    body += "".join(f"fn=({n})\ncfn=(5) c\ncalls=1 0\n0 10\n" for n in (2, 3, 4)) + "fn=(5)\n0 10\n"
    stacks = flame_graphs.profile_stacks(callgrind(tmp_path / "x.callgrind.1", body, total=10))
    assert sum(stacks.values()) == 10 and sorted(stacks.values()) == [3, 3, 4]


@pytest.mark.unit
def test_a_cells_stacks_sum_every_process_and_thread_under_its_role(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    write = "fn=(1) main\ncfn=(2) write\ncalls=1 0\n0 {0}\nfn=(2)\n0 {0}\n"
    parse = "fn=(1) receive_thread\ncfn=(2) parse;frame\ncalls=1 0\n0 {0}\nfn=(2)\n0 {0}\n"
    callgrind(logs / "x_publisher.callgrind.1-06", parse.format(999), "latency-gate not-a-sample", 999)
    callgrind(logs / "x_publisher.callgrind.2-01", write.format(1010), "latency-gate payload=16 round-trips=101 strays=0",
              1010)
    callgrind(logs / "x_publisher.callgrind.3-06", parse.format(2020), "latency-gate payload=16", 2020)
    callgrind(logs / "x_publisher.callgrind.4-01", write.format(5), None, 5)  # the thread's counts at exit
    callgrind(logs / "x_subscriber.callgrind.1-06", parse.format(3030), "latency-gate payload=16", 3030)
    callgrind(logs / "x_tcp_publisher.callgrind.1-01", write.format(7), "latency-gate payload=16", 7)  # another's

    stacks = flame_graphs.run_stacks(tmp_path, "x", [16])

    assert frames(stacks[16]) == {"publisher;main;write": 1010, "publisher;receive_thread;parse:frame": 2020,
                                  "subscriber;receive_thread;parse:frame": 3030}


@pytest.mark.unit
def test_a_payload_without_a_profile_is_bad_data_named(tmp_path):
    (tmp_path / "logs").mkdir()
    callgrind(tmp_path / "logs/x_both.callgrind.1", "fn=(1) f\n0 3\n", "latency-gate payload=16", 3)
    with pytest.raises(InputError, match=r"logs: no callgrind profile of x at 1024 B"):
        flame_graphs.run_stacks(tmp_path, "x", [16, 1024])


@pytest.mark.unit
def test_a_profile_gprof2dot_cannot_read_is_bad_data_named(tmp_path):
    bogus = tmp_path / "x.callgrind.1"
    bogus.write_text("version: 1\nevents: Ir\nfn=(1) f\nthis is not callgrind's\n")
    with pytest.raises(InputError, match=r"x\.callgrind\.1: not a callgrind profile gprof2dot can read"):
        flame_graphs.profile_stacks(bogus)


@pytest.mark.unit
def test_the_mean_of_runs_is_whole_instructions_adding_up_to_the_mean_total():
    mean = flame_graphs.mean_stacks([{("a",): 10, ("a", "b"): 5}, {("a",): 11, ("a", "b"): 6}])
    assert sum(mean.values()) == 16 and mean[("a", "b")] in (5, 6)


@pytest.mark.unit
def test_trimming_cuts_stacks_too_small_in_every_build_back_to_their_callers_and_keeps_the_totals():
    base = {("main",): 9_000, ("main", "f"): 990, ("main", "f", "tiny"): 4, ("main", "f", "g", "tinier"): 6}
    pr = {("main",): 9_000, ("main", "f"): 990, ("main", "f", "tiny"): 4, ("main", "f", "g", "tinier"): 500}
    trimmed = flame_graphs.trimmed({"base": base, "pr": pr}, fraction=0.001)  # 0.001 x 10,494: 10.494
    # "tiny" is cut in both; "tinier" stays in both, being large enough in the pull request's.
    assert trimmed["base"] == {("main",): 9_000, ("main", "f"): 994, ("main", "f", "g", "tinier"): 6}
    assert trimmed["pr"] == {("main",): 9_000, ("main", "f"): 994, ("main", "f", "g", "tinier"): 500}
    lone = flame_graphs.trimmed({"run": {("main",): 1_000, ("main", "f"): 1, ("main", "f", "g"): 1}}, fraction=0.01)
    assert lone == {"run": {("main",): 1_002}}  # cut back level by level until big enough


@pytest.mark.unit
def test_folded_stacks_read_back_as_written_and_a_bad_line_is_named(tmp_path):
    stacks = {("publisher", "main", "operator new(unsigned long)"): 12, ("publisher", "main"): 3}
    path = tmp_path / "x.folded"
    folded_stacks.write(stacks, path)
    assert path.read_text().splitlines()[0] == "publisher;main;operator new(unsigned long) 12"
    assert folded_stacks.read(path) == stacks
    path.write_text("main;f 12\nmain;g twelve\n")
    with pytest.raises(InputError, match=r"x\.folded: line 2 is not a folded stack"):
        folded_stacks.read(path)


@pytest.mark.unit
def test_the_comment_says_where_the_flame_graphs_are_and_the_result_holds_them(tmp_path):
    document = gate_results.document("a" * 40, changes={(16, "Median"): 1.2}, signal="instructions")
    document["flamegraphs"] = [{"subexperiment": "intraprocess_best_effort", "bytes": 16, "verdict": "regression",
                                "svg": "flamegraphs/intraprocess_best_effort_16.svg"}]
    gate_result.write(tmp_path, document)
    comment = gate_comment.render(gate_result.read(tmp_path), "https://github.com/o/r/actions/runs/1")
    assert "Flame graphs of 1 changed cell(s), red grew and blue shrank, are in the run's artifact: " \
           "flamegraphs\\/intraprocess\\_best\\_effort\\_16\\.svg." in comment
    section = "\n".join(drawing.report_section(document))
    assert "[intraprocess_best_effort 16 B (regression)](flamegraphs/intraprocess_best_effort_16.svg)" in section


@pytest.mark.unit
def test_a_changed_cell_without_its_flame_graph_is_said_in_the_result_the_report_and_the_comment(tmp_path):
    document = gate_results.document("a" * 40, changes={(16, "Median"): 1.2}, signal="instructions")
    document["flamegraphs_not_drawn"] = ["Flame graphs not drawn: inferno-diff-folded and inferno-flamegraph not found "
                                         "(scripts/setup/install_flamegraph_tools.sh installs inferno)"]
    gate_result.write(tmp_path, document)
    comment = gate_comment.render(gate_result.read(tmp_path), "https://github.com/o/r/actions/runs/1")
    assert "Flame graphs not drawn\\: inferno\\-diff\\-folded and inferno\\-flamegraph not found" in comment
    section = drawing.report_section(document)
    assert section[0] == "### Flame graphs"
    assert section[2].startswith("**Flame graphs not drawn\\: inferno\\-diff\\-folded and inferno\\-flamegraph not found")


# A toy per-sample path (tests/test_code_path.py's), and the pull request's, which also validates
# the copy: one more function on the path.
TOY = r"""
#include <stdlib.h>
#include <string.h>
static char source[1 << 16], target[1 << 16];
static volatile int sum;
__attribute__((noinline)) void validate_copy(size_t bytes) {
    int total = 0;
    for (size_t i = 0; i < bytes; ++i) total += target[i];
    sum = total;
}
__attribute__((noinline)) void per_sample(size_t bytes) {
    memcpy(target, source, bytes);
    VALIDATE
}
__attribute__((noinline)) void payload_done(void) { __asm__ volatile(""); }
int main(int argc, char **argv) {
    for (int p = 1; p < argc; ++p) {
        size_t bytes = strtoul(argv[p], NULL, 10);
        for (int sample = 0; sample <= 100; ++sample)
            per_sample(bytes);
        payload_done();
    }
    return 0;
}
"""
TOY_PATH = counting.CountedPath(toggles={"both": ("per_sample",)}, payload_end={"both": "payload_done"},
                                description="toy: per_sample")
PAYLOADS = (16, 1024)


def gated_cells(*cells):
    """A decision (analysis/relative.py's columns the pictures read) of the toy's gated instruction cells,
    each (bytes, verdict, ratio)."""
    return pd.DataFrame([("toy", payload, relative.INSTRUCTIONS, True, verdict, ratio) for payload, verdict, ratio in cells],
                        columns=[relative.SUBEXPERIMENT, relative.BYTES, relative.MAGNITUDE, "Gated", "Verdict", "Ratio"])


@pytest.fixture(scope="module")
def inferno():
    """inferno's bin directory, installed when missing (scripts/setup/install_flamegraph_tools.sh)."""
    done = subprocess.run(["bash", os.path.join(REPO, "scripts/setup/install_flamegraph_tools.sh")],
                          capture_output=True, text=True)
    if done.returncode:
        pytest.fail(f"scripts/setup/install_flamegraph_tools.sh failed:\n{done.stderr}")
    return done.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def toy_gate(tmp_path_factory, inferno):
    """A code-path gate's directory of two rounds of real counted runs of the toy (the base) and of
    the toy that validates its copy (the PR), and its flame graphs of the 1024-byte cell, regressed."""
    results = tmp_path_factory.mktemp("gate")
    programs = {}
    for build, validate in ((relative.BASE, ""), (relative.PR, "validate_copy(bytes);")):
        source = results / f"{build}.c"
        source.write_text(TOY.replace("VALIDATE", validate))
        subprocess.run(["cc", "-O1", "-o", str(results / build), str(source)], check=True)
        programs[build] = results / build
    for round_number in (1, 2):
        for build, program in programs.items():
            run = results / f"runs/round-{round_number:02d}/{build}"
            (run / "logs").mkdir(parents=True)
            command = counting.prefix(TOY_PATH, "both", run / "logs", "toy") + [str(program), *map(str, PAYLOADS)]
            subprocess.run(command, check=True, capture_output=True)
            counting.store(TOY_PATH, run / "logs", "toy", ["both"], PAYLOADS, samples=100, results=run)
    decision = gated_cells((16, relative.NO_REGRESSION, 1.0), (1024, relative.REGRESSION, 1.5))
    previous = os.environ["PATH"]
    os.environ["PATH"] = f"{inferno}{os.pathsep}{previous}"
    try:
        drawn, not_drawn = drawing.draw_gate(code_path.read_runs(results, ["toy"]), decision, list(PAYLOADS),
                                             io.StringIO())
        assert not_drawn == []
    finally:
        os.environ["PATH"] = previous
    return results, drawn


def grown(results):
    """validate_copy's inclusive instructions in the PR's mean run of the 1024-byte cell."""
    stacks = folded_stacks.read(folded_stacks.folded_path(results, "toy", 1024, relative.PR))
    return sum(count for stack, count in stacks.items() if "validate_copy" in stack)


@pytest.mark.programs
def test_a_regressed_cells_flame_graph_is_drawn_from_the_real_profiles_with_the_new_function(toy_gate):
    results, drawn = toy_gate
    assert drawn == [{"subexperiment": "toy", "bytes": 1024, "verdict": relative.REGRESSION,
                      "svg": "flamegraphs/toy_1024.svg"}]  # the unchanged 16-byte cell is not drawn
    base = folded_stacks.read(folded_stacks.folded_path(results, "toy", 1024, relative.BASE))
    pr = folded_stacks.read(folded_stacks.folded_path(results, "toy", 1024, relative.PR))
    # Each build's stacks add up to what its runs counted (the same in both rounds: a count is exact).
    for build, stacks in ((relative.BASE, base), (relative.PR, pr)):
        counts = instruction_counts.read_counts(instruction_counts.counts_path(results / f"runs/round-01/{build}", "toy"))
        assert sum(stacks.values()) == counts.loc[counts[instruction_counts.BYTES] == 1024,
                                                  instruction_counts.INSTRUCTIONS].item()
    assert not any("validate_copy" in stack for stack in base)
    # 1024 bytes summed in a loop, 101 times: some thousands of instructions a call.
    assert grown(results) > 101 * 1024
    assert any(stack[-2:] == ("per_sample", "validate_copy") for stack in pr)
    svg = (results / "flamegraphs/toy_1024.svg").read_text()
    assert svg.startswith("<?xml") and "validate_copy" in svg and "instructions in 101 round trips" in svg


@pytest.mark.programs
def test_without_inferno_nothing_is_drawn_and_the_gate_says_why(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # no inferno there
    out = io.StringIO()
    said = ("Flame graphs not drawn: inferno-diff-folded and inferno-flamegraph not found "
            "(scripts/setup/install_flamegraph_tools.sh installs inferno)")
    runs = code_path.read_runs(tmp_path, ["toy"])
    assert drawing.draw_gate(runs, gated_cells((16, relative.REGRESSION, 1.5)), [16], out) == ([], [said])
    assert out.getvalue() == said + "\n"


@pytest.mark.programs
def test_a_sub_experiment_without_profiles_is_not_drawn_and_the_gate_says_why(inferno, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", f"{inferno}{os.pathsep}{os.environ['PATH']}")
    for build in (relative.BASE, relative.PR):
        (tmp_path / f"runs/round-01/{build}/logs").mkdir(parents=True)
    out = io.StringIO()
    runs = code_path.read_runs(tmp_path, ["toy"])
    drawn, not_drawn = drawing.draw_gate(runs, gated_cells((16, relative.REGRESSION, 1.5)), [16], out)
    assert drawn == [] and out.getvalue() == not_drawn[0] + "\n"
    assert out.getvalue().startswith("Flame graphs of toy not drawn: ")
    assert "logs: no callgrind profile of toy at 16 B" in out.getvalue()
    assert not (tmp_path / folded_stacks.DIRECTORY).exists()


@pytest.mark.programs
def test_a_failed_code_path_gate_draws_its_regressed_cells_and_lists_them(inferno, tmp_path, monkeypatch):
    """The gate fails, and each regressed cell's picture shows the copy's memcpy, red, under the echo."""
    programs = socket_programs(tmp_path)
    monkeypatch.setenv("PATH", f"{inferno}{os.pathsep}{os.environ['PATH']}")
    results = tmp_path / "gate"

    code = failed_socket_gate(programs, results)

    assert code == EXIT_CHECK_FAILED
    assert "flamegraphs_not_drawn" not in gate_result.read(results)
    listed = gate_result.read(results)["flamegraphs"]
    assert [(entry["bytes"], entry["verdict"]) for entry in listed] == [(16, "regression"), (1024, "regression")]
    report = (results / "gate_report.md").read_text()
    assert "- [interprocess_best_effort 1024 B (regression)](flamegraphs/interprocess_best_effort_1024.svg)" in report
    svg = (results / "flamegraphs/interprocess_best_effort_1024.svg").read_text()
    copy = re.search(r"<title>__memcpy\w* \(([\d,]+) instructions in \d+ round trips, [\d.]+%; \+([\d.]+)%\)</title>"
                     r"<rect [^>]*fill=\"rgb\(255,(\d+),\d+\)\"", svg)
    assert copy and float(copy[2]) > 0 and int(copy[3]) < 200  # grew, red
    pr = folded_stacks.read(folded_stacks.folded_path(results, "interprocess_best_effort", 1024, relative.PR))
    base = folded_stacks.read(folded_stacks.folded_path(results, "interprocess_best_effort", 1024, relative.BASE))
    echo_copies = [stack for stack in pr if stack[-2] == "pingpong_echo_copy" and "memcpy" in stack[-1]]
    assert echo_copies and not any(stack in base for stack in echo_copies)


@pytest.mark.programs
def test_a_failed_code_path_gate_without_inferno_says_so_in_its_report(tmp_path, monkeypatch):
    programs = socket_programs(tmp_path)
    without = [part for part in os.environ["PATH"].split(os.pathsep)
               if not any(shutil.which(tool, path=part) for tool in (drawing.DIFF, drawing.DRAW))]
    monkeypatch.setenv("PATH", os.pathsep.join(without))
    results = tmp_path / "gate"

    code = failed_socket_gate(programs, results)

    assert code == EXIT_CHECK_FAILED
    said = ("Flame graphs not drawn: inferno-diff-folded and inferno-flamegraph not found "
            "(scripts/setup/install_flamegraph_tools.sh installs inferno)")
    assert gate_result.read(results)["flamegraphs_not_drawn"] == [said]
    assert "**Flame graphs not drawn\\: inferno\\-diff\\-folded and inferno\\-flamegraph not found" \
        in (results / "gate_report.md").read_text()
    assert not (results / folded_stacks.DIRECTORY).exists()


@pytest.mark.browser
def test_in_a_browser_the_grown_function_is_red_with_its_count_in_its_tooltip(toy_gate, page):
    results, _ = toy_gate
    page.goto((results / "flamegraphs/toy_1024.svg").as_uri())
    frame = page.locator("g", has=page.locator("title", has_text=re.compile(r"^validate_copy \("))).first
    title = frame.locator("title").text_content()
    assert title.startswith(f"validate_copy ({grown(results):,} instructions in 101 round trips, ")
    assert re.search(r"; \+\d+\.\d\d%\)$", title)  # grown, in points of the cell's total
    red, green, blue = map(int, re.fullmatch(r"rgb\((\d+),\s*(\d+),\s*(\d+)\)",
                                             frame.locator("rect").get_attribute("fill")).groups())
    assert red == 255 and green < 200 and blue < 200  # red: grew
    assert frame.locator("rect").bounding_box()["width"] > 0  # drawn, not merely in the file


@pytest.mark.unit
def test_a_function_name_becomes_one_frame_of_printable_text():
    """';' separates frames and a line ends a stack; a symbol may hold either, or an escape the SVG
    would carry as it is (it is no XML)."""
    assert folded_stacks.frame("operator;(x)\n\x1b[2Kf\x85") == "operator:(x)??[2Kf?"
