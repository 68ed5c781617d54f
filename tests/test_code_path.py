"""The code-path signal: instructions on the per-sample path, counted for real under valgrind.

Specification:
- callgrind counts only inside the toggled per-sample functions, one profile per payload; a
  single-threaded path counts the same instructions in every run, and a bigger payload's copy
  counts more (a tiny C program built here stands in for a middleware's path);
- a run with --signal instructions writes instructions_/functions_<sub-experiment>.csv through
  their owner (contracts/instruction_counts.py); a process that did not dump one profile per
  payload is bad data, named;
- the code-path gate decides on instructions per round trip with the rank guard: every PR run
  above every base run, exact p = 1 / C(2R, R);
- a program that marks its path itself labels each dump: its payloads and round trips come from
  the labels, a dump of a message that was not a sample is left out, a payload whose counts hold
  one is refused;
- the estimated cycles are iai-callgrind's EstimatedCycles of callgrind's cache simulation;
- a middleware without a counted path, a family its counted path does not count, or a throughput
  run, is refused before anything runs.
"""

import json
import subprocess
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from xml.etree import ElementTree

import numpy as np
import pandas as pd
import pytest

from latency_gate import cli
from latency_gate.contracts import gate_result, instruction_counts, json_shapes
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_CHECK_FAILED, EXIT_OK, EXIT_RUN_FAILED, InputError
from latency_gate.analysis import code_path, relative
from latency_gate.runner.run_spec import RunSpec
from latency_gate.runner import counting, experiment, kinds
from latency_gate.runner.middleware import cyclonedds, fastdds, interface
from latency_gate.runner.middleware.common import Subexperiment

PATH_PROGRAM = r"""
#include <stdlib.h>
#include <string.h>
static char source[1 << 16], target[1 << 16];
__attribute__((noinline)) void per_sample(size_t bytes) { memcpy(target, source, bytes); }
__attribute__((noinline)) void payload_done(void) { __asm__ volatile(""); }
int main(int argc, char **argv) {
    for (int p = 1; p < argc; ++p) {
        size_t bytes = strtoul(argv[p], NULL, 10);
        for (int sample = 0; sample <= 100; ++sample)  /* LatencyTest's samples + 1 */
            per_sample(bytes);
        payload_done();
    }
    return 0;
}
"""
TOY_PATH = counting.CountedPath(toggles={"both": ("per_sample",)}, payload_end={"both": "payload_done"},
                                description="toy: per_sample")


@pytest.fixture(scope="module")
def toy_program(tmp_path_factory):
    directory = tmp_path_factory.mktemp("toy")
    (directory / "toy.c").write_text(PATH_PROGRAM)
    subprocess.run(["cc", "-O1", "-o", str(directory / "toy"), str(directory / "toy.c")], check=True)
    return directory / "toy"


def count_toy(program, logs, payloads):
    logs.mkdir(parents=True, exist_ok=True)
    command = counting.prefix(TOY_PATH, "both", logs, "toy") + [str(program), *map(str, payloads)]
    subprocess.run(command, check=True, capture_output=True)
    return counting.store(TOY_PATH, logs, "toy", ["both"], payloads, samples=100, results=logs)


@pytest.mark.programs
def test_only_the_toggled_path_counts_and_it_counts_the_same_every_run(toy_program, tmp_path):
    first = count_toy(toy_program, tmp_path / "first", (16, 16384))
    second = count_toy(toy_program, tmp_path / "second", (16, 16384))
    assert first[instruction_counts.INSTRUCTIONS].tolist() == second[instruction_counts.INSTRUCTIONS].tolist()
    per_trip = instruction_counts.per_round_trip(first)
    # 101 calls of a function that copies: a few dozen instructions for 16 B, hundreds for 16 KiB,
    # nothing of the program's start-up (tens of thousands of instructions in the dynamic loader).
    assert 5 < per_trip[16] < 200
    assert per_trip[16384] > 10 * per_trip[16]


@pytest.mark.programs
def test_with_the_cache_simulation_a_round_trip_costs_more_estimated_cycles_than_instructions(toy_program, tmp_path):
    tmp_path.mkdir(exist_ok=True)
    simulated = replace(TOY_PATH, cache_sim=True)
    command = counting.prefix(simulated, "both", tmp_path, "toy") + [str(toy_program), "16384"]
    subprocess.run(command, check=True, capture_output=True)
    counts = counting.store(simulated, tmp_path, "toy", ["both"], (16384,), samples=100, results=tmp_path)
    row = counts.iloc[0]
    # A 16 KiB copy misses the first-level data cache on every line it first touches: each miss weighs 5 or 35.
    assert row[instruction_counts.CYCLES_PER_ROUND_TRIP] > row[instruction_counts.PER_ROUND_TRIP]
    cycles = instruction_counts.CYCLES_PER_ROUND_TRIP
    assert cycles in instruction_counts.read_counts(instruction_counts.counts_path(tmp_path, "toy"))
    assert cycles not in count_toy(toy_program, tmp_path / "plain", (16,))


@pytest.mark.programs
def test_the_functions_file_holds_each_payloads_functions_inclusive_per_round_trip(toy_program, tmp_path):
    count_toy(toy_program, tmp_path, (16, 16384))
    functions = instruction_counts.read_functions(instruction_counts.functions_path(tmp_path, "toy"))
    big = functions[functions[instruction_counts.BYTES] == 16384].set_index(instruction_counts.FUNCTION)
    counts = instruction_counts.per_round_trip(
        instruction_counts.read_counts(instruction_counts.counts_path(tmp_path, "toy")))
    assert big.loc["per_sample", instruction_counts.INCLUSIVE] == pytest.approx(counts[16384], rel=1e-9)
    copy = [name for name in big.index if "memcpy" in name or "memmove" in name]
    assert copy and big.loc[copy[0], instruction_counts.INCLUSIVE] < counts[16384]
    assert "main" not in big.index  # ran with collection off: not a function of the path


@pytest.mark.programs
def test_a_process_without_one_profile_per_payload_is_bad_data_named(toy_program, tmp_path):
    count_toy(toy_program, tmp_path, (16,))
    with pytest.raises(InputError, match=r"toy_both\.callgrind: both: 1 per-payload profile\(s\) for 2 payload"):
        counting.store(TOY_PATH, tmp_path, "toy", ["both"], (16, 32), samples=100, results=tmp_path)


@pytest.mark.unit
def test_a_profile_that_is_not_callgrinds_is_bad_data(tmp_path):
    bogus = tmp_path / "x.callgrind.1"
    bogus.write_text("fn=(1) f\n1 2\n")
    with pytest.raises(InputError, match="not a callgrind profile"):
        counting.read_profile(bogus)


@pytest.mark.unit
def test_the_rank_guard_is_exact_and_needs_every_pr_run_above_every_base_run():
    base = np.array([[100.0, 100.0], [100.1, 100.0], [99.9, 100.0]])
    increase, decrease = relative.rank_guard(base, base * np.array([1.005, 1.0]))
    assert increase[0] == pytest.approx(1 / 20)  # 1 / C(6, 3)
    assert increase[1] > 0.5 and decrease[0] == pytest.approx(1.0)


def rounds_table(base, pr):
    """A code-path gate's rounds: base and PR values (R x C) of payloads 16.. of one sub-experiment."""
    rows = []
    for build, values in ((relative.BASE, base), (relative.PR, pr)):
        for round_index, row in enumerate(values, start=1):
            for column, value in enumerate(row):
                rows.append({relative.ROUND: round_index, relative.BUILD: build,
                             relative.SUBEXPERIMENT: "interprocess_best_effort", relative.BYTES: 16 << column,
                             relative.MAGNITUDE: relative.INSTRUCTIONS, relative.VALUE: value})
    return pd.DataFrame(rows)


COUNTED = relative.GateSettings(gated=(relative.INSTRUCTIONS,), min_effect=0.002, guard="rank")


@pytest.mark.unit
def test_three_rounds_confirm_a_half_percent_more_instructions_at_a_count_like_spread():
    """40 simulated gates of 11 payloads, 0.05 % run-to-run spread (inter-process best effort's),
    one payload +0.5 %: found in nearly every gate, and no other cell in any."""
    rng = np.random.default_rng(5)
    found, false_alarms = 0, 0
    for gate in range(40):
        base = 20000 * (1 + 0.0005 * rng.standard_normal((3, 11)))
        pr = 20000 * (1 + 0.0005 * rng.standard_normal((3, 11)))
        pr[:, 4] *= 1.005
        verdicts = relative.decide(rounds_table(base, pr), COUNTED, seed=gate).set_index(relative.BYTES)["Verdict"]
        found += verdicts[256] == relative.REGRESSION
        false_alarms += int((verdicts.drop(256) == relative.REGRESSION).sum())
    assert found >= 36 and false_alarms == 0


@pytest.mark.unit
def test_the_sign_flip_guard_could_not_confirm_it_in_three_rounds():
    rng = np.random.default_rng(5)
    base = 20000 * (1 + 0.0005 * rng.standard_normal((3, 11)))
    pr = base * 1.01
    paired = relative.GateSettings(gated=(relative.INSTRUCTIONS,), min_effect=0.002)
    assert (relative.decide(rounds_table(base, pr), paired, seed=1)["Verdict"] != relative.REGRESSION).all()


def runs_of(results):
    """A gate's counted runs of interprocess_best_effort, read once (code_path.read_runs)."""
    return code_path.read_runs(results, ["interprocess_best_effort"])


def write_functions(run, rows):
    frame = pd.DataFrame(rows, columns=list(instruction_counts.FUNCTIONS_COLUMNS))
    instruction_counts.functions_path(run, "interprocess_best_effort").parent.mkdir(parents=True, exist_ok=True)
    frame.to_csv(instruction_counts.functions_path(run, "interprocess_best_effort"), index=False)


@pytest.mark.unit
def test_a_regressed_cell_names_the_functions_that_grew_in_every_run_innermost_first(tmp_path):
    """write calls serialize, which grew by 90 of write's 100: serialize is where to look. `lookup`
    costs what the run's GUIDs make it cost: more in the PR's mean, but not in every run."""
    for round_index, (base_lookup, pr_lookup) in enumerate(((10.0, 90.0), (60.0, 30.0)), start=1):
        write_functions(tmp_path / f"runs/round-0{round_index}/base",
                        [(16, "write", 1000.0), (16, "serialize", 300.0), (16, "take", 500.0),
                         (16, "lookup", base_lookup)])
        write_functions(tmp_path / f"runs/round-0{round_index}/pr",
                        [(16, "write", 1100.0), (16, "serialize", 390.0), (16, "take", 500.0),
                         (16, "lookup", pr_lookup)])
    decision = pd.DataFrame({relative.SUBEXPERIMENT: ["interprocess_best_effort"], relative.BYTES: [16],
                             relative.MAGNITUDE: [relative.INSTRUCTIONS], "Gated": [True],
                             "Verdict": [relative.REGRESSION], "Base": [1800.0], "PR": [1990.0]})
    listed = code_path.changed_functions(runs_of(tmp_path), decision)["interprocess_best_effort 16 B"]
    assert [entry["function"] for entry in listed] == ["serialize", "write"]  # take did not grow, lookup not always
    assert listed[1] == {"function": "write", "base": 1000, "pr": 1100, "delta": 100, "share": round(100 / 190, 3)}


@pytest.mark.unit
def test_a_function_name_longer_than_a_document_holds_is_listed_cut_and_its_gate_result_is_written(tmp_path):
    """asio's handlers demangle to names of thousands of characters: listed cut to gate_result.json's
    text limit (its end marked), not refused when the gate writes its result after all its rounds."""
    handler = "asio::detail::executor_function::complete<" + "asio::detail::binder2<" * 200 + "void>"
    for round_index in (1, 2):
        write_functions(tmp_path / f"runs/round-0{round_index}/base", [(16, "write", 1000.0), (16, handler, 300.0)])
        write_functions(tmp_path / f"runs/round-0{round_index}/pr", [(16, "write", 1100.0), (16, handler, 390.0)])
    decision = pd.DataFrame({relative.SUBEXPERIMENT: ["interprocess_best_effort"], relative.BYTES: [16],
                             relative.MAGNITUDE: [relative.INSTRUCTIONS], "Gated": [True],
                             "Verdict": [relative.REGRESSION], "Base": [1300.0], "PR": [1490.0]})
    listed = code_path.changed_functions(runs_of(tmp_path), decision)["interprocess_best_effort 16 B"]
    named = listed[0]["function"]
    assert len(handler) > json_shapes.MAX_TEXT and len(named) == json_shapes.MAX_TEXT
    assert named == handler[:json_shapes.MAX_TEXT - 1] + "…"
    for entry in listed:  # what the gate's result holds (gate_result.FUNCTION): no error
        gate_result.FUNCTION(entry, "functions", strict=True)


@pytest.mark.unit
def test_a_callee_holding_nine_tenths_of_its_callers_growth_is_named_before_its_callers():
    """The send-path copy's reliable 16 B cell (benchmarks/library_changes_gate.py): add_data, the
    changed function, grew 390 of the cell's 430, its callers 424-430. On a grid of tenths add_data
    (9.1) fell a level below them (9.9-10) and a caller was named first."""
    delta = pd.Series({"deliver_sample_to_network": 424.0, "add_data": 390.0, "write": 430.0, "timer": 40.0})
    inclusive = pd.Series({"deliver_sample_to_network": 5449.0, "add_data": 1718.0, "write": 20000.0, "timer": 90.0})

    ordered = code_path.innermost_first(delta, inclusive, 430.0)

    assert list(ordered.index) == ["add_data", "deliver_sample_to_network", "write", "timer"]


@pytest.mark.unit
def test_a_middleware_without_a_counted_path_is_refused_before_anything_runs():
    uncounted = SimpleNamespace(TITLE="Some DDS", COUNTED_PATH=None)
    with pytest.raises(InputError, match="Some DDS: the instructions signal is not supported for this middleware"):
        counting.counted_path("instructions", kinds.LATENCY, uncounted)


@pytest.mark.unit
def test_a_run_that_asks_a_middleware_without_a_counted_path_to_count_exits_3_and_writes_nothing(tmp_path, capsys):
    code = cli.main(["run", "-r", str(tmp_path / "run"), "--middleware", "madara", "--signal", "instructions",
                     "--program", str(tmp_path / "not-built")])
    assert code == EXIT_BAD_INPUT
    assert "MADARA: the instructions signal is not supported for this middleware yet" in capsys.readouterr().err
    assert not (tmp_path / "run").exists()


@pytest.mark.unit
def test_a_family_the_counted_path_does_not_count_is_refused_and_the_others_count():
    path = counting.CountedPath(description="marked", uncounted_families={"shm": "its counts vary by 10 %"})
    partly = SimpleNamespace(TITLE="Some DDS", COUNTED_PATH=path)
    assert counting.counted_path("instructions", kinds.LATENCY, partly, families={"spec"}) == path
    with pytest.raises(InputError, match="^Some DDS: the instructions signal does not count the shm family yet: "
                                         "its counts vary by 10 %$"):
        counting.counted_path("instructions", kinds.LATENCY, partly, families={"spec", "shm"})


@pytest.mark.unit
def test_estimated_cycles_are_iai_callgrinds():
    """iai-callgrind's own example (its regression tests: these events give 410 estimated cycles):
    130 L1 hits + 5 x 0 last-level hits + 35 x 8 memory accesses."""
    events = dict(zip(counting.CACHE_EVENTS, (96, 24, 18, 6, 0, 2, 6, 0, 2)))
    assert counting.estimated_cycles(events) == 410


def marked_profile(path, label, instructions=1000):
    events = (instructions, 300, 200, 10, 5, 2, 1, 1, 0)
    path.write_text(f"# callgrind format\nversion: 1\ndesc: Trigger: Client Request: {label}\n"
                    f"events: {' '.join(counting.CACHE_EVENTS)}\nfn=(1) f\n0 {' '.join(map(str, events))}\n"
                    f"totals: {' '.join(map(str, events))}\n")


MARKED = counting.CountedPath(description="a program that marks its path")


@pytest.mark.unit
def test_a_marked_programs_payloads_come_from_its_labels_and_a_discarded_dump_is_left_out(tmp_path):
    stem = counting.profile_stem(tmp_path, "x", "subscriber")
    marked_profile(stem.with_name(stem.name + ".1"), "latency-gate not-a-sample", 77)
    marked_profile(stem.with_name(stem.name + ".2"), "latency-gate payload=16 round-trips=100 strays=0", 1000)
    marked_profile(stem.with_name(stem.name + ".3"), "latency-gate payload=1024 round-trips=98 strays=0", 1960)
    counts = counting.store(MARKED, tmp_path, "x", ["subscriber"], (16, 1024), samples=100, results=tmp_path)
    assert counts[instruction_counts.ROUND_TRIPS].tolist() == [100, 98]
    assert counts[instruction_counts.PER_ROUND_TRIP].tolist() == [10.0, 20.0]


@pytest.mark.unit
@pytest.mark.parametrize("label, problem", [
    ("latency-gate payload=16 round-trips=100 strays=1", "1 message\\(s\\) counted with the 16-byte samples were not samples"),
    ("some other dump", "a profile the program did not label"),
    ("latency-gate payload=32 round-trips=100 strays=0", r"profiles of payloads \[32\] for the payloads \[16\]"),
])
def test_a_marked_programs_counts_that_are_not_the_paths_are_bad_data_named(tmp_path, label, problem):
    stem = counting.profile_stem(tmp_path, "x", "publisher")
    marked_profile(stem.with_name(stem.name + ".1"), label)
    with pytest.raises(InputError, match=problem):
        counting.store(MARKED, tmp_path, "x", ["publisher"], (16,), samples=100, results=tmp_path)


def thread_profile(path, label, functions):
    """A callgrind profile of one thread's dump: functions {name: own instructions}, called from none."""
    lines = [f"# callgrind format\nversion: 1\ndesc: Trigger: Client Request: {label}\nevents: Ir"]
    lines += [f"fn=({number}) {name}\n0 {cost}" for number, (name, cost) in enumerate(functions.items(), 1)]
    path.write_text("\n".join(lines) + f"\ntotals: {sum(functions.values())}\n")


THREADED = counting.CountedPath(description="a program whose threads dump their own counts", separate_threads=True)


@pytest.mark.unit
def test_a_payloads_count_is_the_sum_of_its_threads_dumps(tmp_path):
    """With separate threads each thread dumps its own counts (the writer's thread and a receive
    thread); a side that is not told its round trips takes the path's (LatencyTest's samples + 1)."""
    stem = counting.profile_stem(tmp_path, "x", "publisher")
    thread_profile(stem.with_name(stem.name + ".1-06"), "latency-gate not-a-sample", {"parse(": 999})
    thread_profile(stem.with_name(stem.name + ".2-01"), "latency-gate payload=16 round-trips=101 strays=0",
                   {"write(": 1010})
    thread_profile(stem.with_name(stem.name + ".3-06"), "latency-gate payload=16", {"parse(": 2020})
    thread_profile(stem.with_name(stem.name + ".4-06"), "latency-gate payload=1024", {"parse(": 3030})
    thread_profile(stem.with_name(stem.name + ".5-01"), "latency-gate payload=1024", {"write(": 1010})

    counts = counting.store(THREADED, tmp_path, "x", ["publisher"], (16, 1024), samples=100, results=tmp_path)

    assert counts[instruction_counts.ROUND_TRIPS].tolist() == [101, 101]
    assert counts[instruction_counts.INSTRUCTIONS].tolist() == [1010 + 2020, 3030 + 1010]  # not the discarded 999


ALLOCATING_PROFILE = """# callgrind format
version: 1
desc: Trigger: Client Request: latency-gate payload=16 round-trips=10 strays=0
events: Ir
fn=(1) receive(int)
0 100
cfn=(2) operator new(unsigned long)
calls=20 0
0 400
cfn=(3) 0x00000000003b0850
calls=10 0
0 300
fn=(2)
0 200
cfn=(4) malloc
calls=20 0
0 200
fn=(3)
0 100
cfn=(4)
calls=10 0
0 200
fn=(4)
0 400
totals: 1000
"""


@pytest.mark.unit
def test_an_allocation_is_a_call_into_the_heap_named_by_the_function_that_made_it(tmp_path):
    """operator new calls malloc: one allocation, of new's caller; a function without a symbol is
    named by its callers."""
    stem = counting.profile_stem(tmp_path, "x", "subscriber")
    stem.with_name(stem.name + ".1").write_text(ALLOCATING_PROFILE)

    counts = counting.store(MARKED, tmp_path, "x", ["subscriber"], (16,), samples=100, results=tmp_path)

    assert counts[instruction_counts.ALLOCATIONS_PER_ROUND_TRIP].tolist() == [3.0]  # (20 + 10) / 10
    allocations = instruction_counts.read_allocations(instruction_counts.allocations_path(tmp_path, "x"))
    assert allocations[[instruction_counts.CALLER, instruction_counts.PER_CALLER]].values.tolist() == [
        ["receive(int)", 2.0], ["0x00000000003b0850 called by receive(int)", 1.0]]


NOTHROW_NEW_PROFILE = """# callgrind format
version: 1
desc: Trigger: Client Request: latency-gate payload=16 round-trips=10 strays=0
events: Ir
fn=(1) work()
0 100
cfn=(2) operator new[](unsigned long, std::nothrow_t const&)
calls=10 0
0 300
fn=(2)
0 50
cfn=(3) 0x000000000048e3138
calls=10 0
0 250
fn=(3)
0 50
cfn=(4) operator new[](unsigned long)
calls=10 0
0 200
fn=(4)
0 50
cfn=(5) malloc
calls=10 0
0 150
fn=(5)
0 150
totals: 400
"""


@pytest.mark.unit
def test_an_unnamed_stub_between_two_of_the_heaps_entry_points_is_inside_the_heap(tmp_path):
    """nothrow new reaches new through a stub without a symbol (measured under valgrind 3.19): one
    allocation, of new's caller, not a second of the stub's."""
    stem = counting.profile_stem(tmp_path, "x", "subscriber")
    stem.with_name(stem.name + ".1").write_text(NOTHROW_NEW_PROFILE)

    counts = counting.store(MARKED, tmp_path, "x", ["subscriber"], (16,), samples=100, results=tmp_path)

    assert counts[instruction_counts.ALLOCATIONS_PER_ROUND_TRIP].tolist() == [1.0]  # 10 calls, 10 round trips
    allocations = instruction_counts.read_allocations(instruction_counts.allocations_path(tmp_path, "x"))
    assert allocations[[instruction_counts.CALLER, instruction_counts.PER_CALLER]].values.tolist() == [["work()", 1.0]]


@pytest.mark.unit
def test_a_path_that_allocates_nothing_has_an_empty_allocations_file(tmp_path):
    stem = counting.profile_stem(tmp_path, "x", "publisher")
    thread_profile(stem.with_name(stem.name + ".1"), "latency-gate payload=16 round-trips=10 strays=0", {"f": 50})
    counts = counting.store(MARKED, tmp_path, "x", ["publisher"], (16,), samples=100, results=tmp_path)
    assert counts[instruction_counts.ALLOCATIONS_PER_ROUND_TRIP].tolist() == [0.0]
    assert instruction_counts.read_allocations(instruction_counts.allocations_path(tmp_path, "x")).empty


@pytest.mark.unit
def test_threads_that_disagree_on_a_payloads_round_trips_are_bad_data_named(tmp_path):
    stem = counting.profile_stem(tmp_path, "x", "publisher")
    thread_profile(stem.with_name(stem.name + ".1-01"), "latency-gate payload=16 round-trips=101 strays=0", {"f": 1})
    thread_profile(stem.with_name(stem.name + ".2-06"), "latency-gate payload=16 round-trips=51 strays=0", {"f": 1})
    with pytest.raises(InputError, match="the 16-byte payload's threads counted 101 and 51 round trips"):
        counting.store(THREADED, tmp_path, "x", ["publisher"], (16,), samples=100, results=tmp_path)


@pytest.mark.unit
@pytest.mark.parametrize(("role", "threads"), [("publisher", ("01",)), ("subscriber", ("06", "09")), ("both", ("01",))])
def test_a_payload_counted_on_other_threads_than_its_round_trips_take_is_bad_data_named(tmp_path, role, threads):
    """A publisher's round trips are its own thread's writes and the echoes its receive thread takes; a
    subscriber's, the samples one thread takes and echoes: a thread that handled them and never dumped
    (an echo lost; data sharing's listener, which the marks once did not close) left them uncounted."""
    stem = counting.profile_stem(tmp_path, "x", role)
    thread_profile(stem.with_name(stem.name + ".1-01"), "latency-gate payload=16 round-trips=100 strays=0", {"f": 1})
    thread_profile(stem.with_name(stem.name + ".2-06"), "latency-gate payload=16 round-trips=100 strays=0", {"f": 1})
    for dump, thread in enumerate(threads, 3):
        thread_profile(stem.with_name(f"{stem.name}.{dump}-{thread}"), "latency-gate payload=1024 round-trips=100 "
                       "strays=0", {"f": 1})
    with pytest.raises(InputError, match=f"{role}: the .*-byte payload's counts came from . thread\\(s\\), not "
                                         f"{counting.DUMPING_THREADS[role]}: a thread that handles its round trips "
                                         "did not dump"):
        counting.store(THREADED, tmp_path, "x", [role], (16, 1024), samples=100, results=tmp_path)


@pytest.mark.unit
def test_a_latency_test_without_the_projects_marks_is_counted_by_its_functions_names(tmp_path):
    """A Fast DDS workspace's own LatencyTest does not mark its timed region: its writes and listeners count."""
    marked, unmarked = tmp_path / "marked", tmp_path / "unmarked"
    marked.write_bytes(b"\0ELF...latency-gate payload=%u round-trips=%u strays=0\0")
    unmarked.write_bytes(b"\0ELF...LatencyTestPublisher\0")
    chosen = replace(fastdds.COUNTED_PATH, cache_sim=True)
    assert fastdds.counted_path_of(binary=marked, path=chosen) == replace(chosen, starts_instrumentation=False)
    assert fastdds.counted_path_of(binary=unmarked, path=chosen) == replace(fastdds.UNMARKED_COUNTED_PATH, cache_sim=True)


@pytest.mark.unit
def test_cyclone_ddss_receive_threads_count_only_with_a_build_of_its_library_that_has_the_names(
        tmp_path, monkeypatch):
    """Debian's libddsc exports only its API: its receive path has no names to toggle, so it is counted
    as the program marks it, and the description says the receive thread is not counted."""
    monkeypatch.setenv("LATENCY_GATE_BUILD_DIR", str(tmp_path))
    monkeypatch.setattr(cyclonedds, "linked_library", lambda binary, environment, name: ("0.10.2", "/usr/lib/libddsc"))
    monkeypatch.setattr(cyclonedds, "debian_source_version",
                        lambda library: "debian cyclonedds 0.10.2-5" if library.startswith("/usr/") else None)
    chosen = replace(cyclonedds.COUNTED_PATH, cache_sim=True)
    assert cyclonedds.counted_path_of(binary=tmp_path / "CycloneLatency", path=chosen) == chosen
    assert "not the receive thread's path" in chosen.description
    library = cyclonedds.named_library_directory() / "libddsc.so.0debian"
    library.parent.mkdir(parents=True)
    library.write_bytes(b"\0ELF...dds_write\0")  # stripped: no symbol table
    assert cyclonedds.counted_path_of(binary=tmp_path / "CycloneLatency", path=chosen) == chosen
    library.write_bytes(b"\0ELF...dds_write\0do_packet\0handle_Heartbeat\0")
    named = cyclonedds.counted_path_of(binary=tmp_path / "CycloneLatency", path=chosen)
    assert named == replace(cyclonedds.RECEIVE_THREAD_COUNTED_PATH, cache_sim=True,
                            library_directory=str(library.parent))
    command = counting.prefix(named, "subscriber", tmp_path, "x")
    assert command[:4] == ["env", "LD_BIND_NOW=1", "LATENCY_GATE_CYCLONEDDS_SEED=2", "PINGPONG_RECEIVE_THREAD_COUNTED=1"]
    assert {"--toggle-collect=do_packet", "--toggle-collect=handle_Heartbeat", "--separate-threads=yes"} <= set(command)
    assert "LATENCY_GATE_CYCLONEDDS_SEED=1" in counting.prefix(named, "publisher", tmp_path, "x")  # other GUIDs
    assert "PINGPONG_RECEIVE_THREAD_COUNTED=1" not in counting.prefix(named, "both", tmp_path, "x")  # nothing received
    monkeypatch.setattr(cyclonedds, "linked_library", lambda binary, environment, name: ("0.11.0", "/usr/lib/libddsc"))
    assert cyclonedds.counted_path_of(binary=tmp_path / "CycloneLatency", path=chosen) == chosen  # another version


@pytest.mark.unit
def test_a_cyclone_dds_of_the_programs_own_is_counted_as_it_is_never_stood_in_for(tmp_path, monkeypatch):
    """A workspace's libddsc (the library a pull request to Cyclone DDS changes) of Debian's version
    stays the one the program loads: the named build replaces Debian's package alone."""
    monkeypatch.setenv("LATENCY_GATE_BUILD_DIR", str(tmp_path))
    library = cyclonedds.named_library_directory() / "libddsc.so.0debian"
    library.parent.mkdir(parents=True)
    library.write_bytes(b"\0ELF...dds_write\0do_packet\0handle_Heartbeat\0")
    own = tmp_path / "workspace" / "install" / "cyclonedds" / "lib" / "libddsc.so.0.10.2"
    monkeypatch.setattr(cyclonedds, "linked_library", lambda binary, environment, name: ("0.10.2", str(own)))
    monkeypatch.setattr(cyclonedds, "debian_source_version", lambda library: None)  # no package installed it
    chosen = replace(cyclonedds.COUNTED_PATH, cache_sim=True)

    assert cyclonedds.counted_path_of(binary=tmp_path / "CycloneLatency", path=chosen) == chosen
    assert chosen.library_directory is None  # its own library first, as library_environment puts it
    # the named build itself, already first in the program's path, is what stands in
    monkeypatch.setattr(cyclonedds, "linked_library",
                        lambda binary, environment, name: ("0.10.2", str(library.parent / "libddsc.so.0.10.2")))
    assert cyclonedds.counted_path_of(binary=tmp_path / "CycloneLatency", path=chosen).library_directory == str(
        library.parent)


@pytest.mark.unit
def test_a_latency_test_that_switches_instrumentation_on_itself_starts_without_it_and_no_other_does(tmp_path):
    """Start-up runs uninstrumented only in a program that switches instrumentation on itself (patch 0005);
    a marked one from before it, or a workspace's own, would count nothing."""
    instrumenting, marked = tmp_path / "instrumenting", tmp_path / "marked"
    instrumenting.write_bytes(b"\0latency-gate payload=%u\0latency-gate instrumentation=before-participant\0")
    marked.write_bytes(b"\0latency-gate payload=%u\0")
    chosen = fastdds.counted_path_of(binary=instrumenting, path=fastdds.COUNTED_PATH)
    assert "--instr-atstart=no" in counting.prefix(chosen, "publisher", tmp_path, "interprocess_best_effort")
    for older in (fastdds.counted_path_of(binary=marked, path=fastdds.COUNTED_PATH), fastdds.UNMARKED_COUNTED_PATH,
                  TOY_PATH):
        assert not any(option.startswith("--instr-atstart") for option in counting.prefix(older, "both", tmp_path, "x"))


@pytest.mark.programs
def test_the_projects_latency_test_counts_its_receive_threads_and_never_discovery(latency_test, tmp_path):
    """The timed region on every thread: the receive threads' socket reads, RTPS parsing, reader and
    listener beside the publisher's write; discovery's threads never dump; the reliable protocol's
    heartbeats and acknowledgements, driven by timers, are not counted."""
    assert cli.main(["run", "-r", str(tmp_path), "--signal", "instructions", "--subexperiments", "interprocess_reliable",
                     "--payloads", "16", "--samples", "50", "--baseline-seconds", "0"]) == EXIT_OK
    functions = set(instruction_counts.read_functions(
        instruction_counts.functions_path(tmp_path, "interprocess_reliable"))[instruction_counts.FUNCTION])
    named = {name.split("(")[0] for name in functions}
    assert {"eprosima::fastdds::rtps::UDPChannelResource::Receive",
            "eprosima::fastrtps::rtps::MessageReceiver::processCDRMsg",
            "eprosima::fastrtps::rtps::MessageReceiver::proc_Submsg_Data",
            "eprosima::fastrtps::rtps::StatefulReader::processDataMsg",
            "LatencyTestSubscriber::LatencyDataReaderListener::on_data_available",
            "LatencyTestPublisher::LatencyDataReaderListener::on_data_available",
            "eprosima::fastdds::dds::DataWriter::write"} <= named
    assert not {name for name in named if "PDPListener" in name or "EDPBasePUBListener" in name}
    assert not {name for name in named if "proc_Submsg_Heartbeat" in name or "proc_Submsg_Acknack" in name}
    counts = instruction_counts.read_counts(instruction_counts.counts_path(tmp_path, "interprocess_reliable"))
    assert set(counts[instruction_counts.ROLE]) == {"publisher", "subscriber"}
    assert (counts[instruction_counts.ROUND_TRIPS] == 50).all()  # the samples it keeps, not the one it drops
    # no acknowledgement is sent while samples are counted: the run's profile had the counted timings
    assert (tmp_path / "logs" / "interprocess_reliable.xml").read_text().count("<sec>1000</sec>") == 4


@pytest.mark.programs
def test_over_tcp_the_receive_threads_count_the_transports_read_of_each_message(latency_test, tmp_path):
    """The TCP transport's read (its header, RTCP and the body) is timed in every round trip: counted."""
    assert cli.main(["run", "-r", str(tmp_path), "--signal", "instructions", "--subexperiments",
                     "interprocess_best_effort_tcp", "--payloads", "16", "--samples", "20",
                     "--baseline-seconds", "0"]) == EXIT_OK
    functions = set(instruction_counts.read_functions(
        instruction_counts.functions_path(tmp_path, "interprocess_best_effort_tcp"))[instruction_counts.FUNCTION])
    assert "eprosima::fastdds::rtps::TCPTransportInterface::Receive" in {name.split("(")[0] for name in functions}


@pytest.mark.programs
def test_with_data_sharing_each_side_counts_the_thread_that_takes_its_samples(latency_test, tmp_path):
    """Zero copy: the samples and echoes arrive on data sharing's listener thread, not on the transport's
    that takes the commands; each side's part of a round trip is counted there (the subscriber's once
    was not: it dumped the command thread, a tenth of its publisher's count, and no allocation)."""
    assert cli.main(["run", "-r", str(tmp_path), "--signal", "instructions", "--family", "shm", "--subexperiments",
                     "interprocess_reliable_zero_copy", "--payloads", "16", "--samples", "50",
                     "--baseline-seconds", "0"]) == EXIT_OK
    counts = instruction_counts.read_counts(
        instruction_counts.counts_path(tmp_path, "interprocess_reliable_zero_copy")).set_index(instruction_counts.ROLE)
    per_round_trip = counts[instruction_counts.PER_ROUND_TRIP]
    assert per_round_trip["subscriber"] > per_round_trip["publisher"] / 2  # measured: 30,836 and 30,510
    assert counts[instruction_counts.ALLOCATIONS_PER_ROUND_TRIP]["subscriber"] >= 1  # measured: 17
    functions = set(instruction_counts.read_functions(instruction_counts.functions_path(
        tmp_path, "interprocess_reliable_zero_copy"))[instruction_counts.FUNCTION])
    assert {"LatencyTestSubscriber::LatencyDataReaderListener::on_data_available",
            "eprosima::fastrtps::rtps::DataSharingListener::process_new_data"} <= {name.split("(")[0]
                                                                                 for name in functions}


@pytest.mark.programs
def test_a_counted_run_whose_counts_are_not_whole_keeps_no_measurements_of_it(latency_test, tmp_path, monkeypatch):
    """A sub-experiment's measurements stand only with its counts: counts refused (here: a subscriber
    held to two dumping threads, which has one) fail it, and leave no measurements file of it."""
    monkeypatch.setitem(counting.DUMPING_THREADS, "subscriber", 2)
    assert cli.main(["run", "-r", str(tmp_path), "--signal", "instructions", "--subexperiments",
                     "interprocess_best_effort", "--payloads", "16", "--samples", "20", "--retries", "0",
                     "--baseline-seconds", "0"]) == EXIT_RUN_FAILED
    assert not (tmp_path / "measurements_interprocess_best_effort.csv").exists()
    error = json.loads((tmp_path / "metadata.json").read_text())["subexperiments"]["interprocess_best_effort"]["error"]
    assert error.startswith("unusable counts: ") and "counts came from 1 thread(s), not 2" in error


def loopback_configuration(subexperiment, profiles, counted):
    """A sub-experiment's configuration on one host, for a timed or a counted run."""
    return interface.Configuration(Subexperiment(subexperiment), profiles, Path("/certs"), 7400, 1,
                                   interface.Sides("127.0.0.1", "127.0.0.1"), counted=counted)


def rendered_reliability(subexperiment, counted):
    """{(profile kind, profile name): its <times> children and their seconds} of the Fast DDS profile
    rendered for a timed or a counted run."""
    root = ElementTree.fromstring(fastdds.profile(loopback_configuration(subexperiment, fastdds.LATENCY_TEST.profiles,
                                                                         counted)))
    namespace = {"dds": root.tag.split("}")[0].strip("{")}
    return {(element.tag.split("}")[1], element.get("profile_name")): {
        timing.tag.split("}")[1]: timing.findtext("dds:sec", namespaces=namespace)
        for timing in element.findall("dds:times/*", namespace)}
        for element in root.iter() if element.tag.endswith(("}publisher", "}subscriber"))}


@pytest.mark.unit
@pytest.mark.parametrize("subexperiment", [path.stem for path in sorted(fastdds.LATENCY_TEST.profiles.glob("*.xml"))
                                           if "RELIABLE</kind>" in path.read_text()])
def test_a_counted_reliable_run_sends_no_acknowledgement_while_it_counts_and_a_timed_run_keeps_its_qos(
        subexperiment):
    """Each sample carries a piggybacked heartbeat, and how many of them one acknowledgement answers
    depends on wall time: in a counted run every reliable writer's and reader's profile holds
    heartbeats and answers back for 1000 s; a timed run's profiles are as they were."""
    counted = rendered_reliability(subexperiment, counted=True)
    assert len(counted) == 4
    for (kind, name), timings in counted.items():
        wanted = "heartbeatPeriod" if kind == "publisher" else "heartbeatResponseDelay"
        assert timings == {wanted: "1000"}, (subexperiment, name)
    assert all(timings == {} for timings in rendered_reliability(subexperiment, counted=False).values())


def rendered_heartbeat_interval(subexperiment, counted, role):
    """The Cyclone DDS configuration's Internal/HeartbeatInterval rendered for a timed or a counted
    run and one role: {attribute or "value": its text}, {} when it has none."""
    configuration = loopback_configuration(subexperiment, cyclonedds.PROGRAMS["latency"].profiles, counted)
    root = ElementTree.fromstring(cyclonedds.rendered(configuration, role))
    interval = root.find("{*}Domain/{*}Internal/{*}HeartbeatInterval")
    return {} if interval is None else {**interval.attrib, "value": interval.text}


@pytest.mark.unit
@pytest.mark.parametrize("subexperiment", [path.stem for path in
                                           sorted(cyclonedds.PROGRAMS["latency"].profiles.glob("*.xml"))])
def test_a_counted_cyclone_dds_run_sends_heartbeats_every_10_s_and_a_timed_run_keeps_its_defaults(
        subexperiment):
    """A reliable writer's heartbeats ask for acknowledgements by wall time, and a secured packet is
    decrypted whole before its (uncounted) handler: in a counted run both sides' configurations put
    the heartbeat interval, and each of its bounds, at 10 s (slow enough that a payload's counted window
    meets one or none, fast enough for discovery to complete); a timed run's set none (Cyclone's defaults)."""
    for role in ("publisher", "subscriber"):
        assert rendered_heartbeat_interval(subexperiment, counted=True, role=role) == {
            "min": "10 s", "minsched": "10 s", "max": "10 s", "value": "10 s"}, role
        assert rendered_heartbeat_interval(subexperiment, counted=False, role=role) == {}, role


@pytest.mark.programs
def test_the_projects_latency_test_counts_the_same_when_it_switches_instrumentation_on_itself(
        latency_test, tmp_path, monkeypatch):
    """Run with instrumentation off until the program switches it on before its participant
    (--instr-atstart=no), a round trip counts what it counts instrumented from the start. Over TCP one
    thread carries discovery, its security handshake and the samples, so a switch while that thread is
    inside a toggled function would leave its toggle dead: the subscriber counted 0, a cell -50 %.
    5 % allowed: each secured message that is not a sample (~190,000 instructions to decode) adds
    0.4 % to a cell of 50 round trips, and under load a run sees a few more or fewer (over 1 % in one of
    three runs of this test beside other work)."""
    name = "interprocess_best_effort_tcp_security"

    def count(results):
        assert cli.main(["run", "-r", str(results), "--signal", "instructions", "--subexperiments", name,
                         "--payloads", "16", "1024", "--samples", "50", "--baseline-seconds", "0"]) == EXIT_OK
        commands = json.loads((results / "metadata.json").read_text())["subexperiments"][name]["commands"]
        counts = instruction_counts.read_counts(instruction_counts.counts_path(results, name))
        return commands, instruction_counts.per_round_trip(counts, instruction_counts.PER_ROUND_TRIP)

    assert fastdds._STARTS_INSTRUMENTATION in latency_test.read_bytes(), "built before patch 0005: rebuild it"
    commands, switched = count(tmp_path / "switched")
    assert all("--instr-atstart=no" in command for command in commands.values())
    monkeypatch.setattr(fastdds, "_STARTS_INSTRUMENTATION", b"not in the binary")
    commands, from_start = count(tmp_path / "from-start")
    assert not any("--instr-atstart" in command for command in commands.values())
    assert list(switched.index) == [16, 1024]
    assert (abs(switched / from_start - 1) < 0.05).all(), (switched, from_start)


def counted_round(results, round_number, build, allocations):
    """A gate run's counts of interprocess_best_effort at 16 B: {function: allocations per round trip}
    of the publisher, whose instructions are the same in every run."""
    run = results / "runs" / f"round-{round_number:02d}" / build
    run.mkdir(parents=True)
    total = sum(allocations.values())
    pd.DataFrame([(16, "publisher", 101, 1_010_000, 10_000.0, total)], columns=[
        *instruction_counts.COUNTS_COLUMNS, instruction_counts.ALLOCATIONS_PER_ROUND_TRIP]).to_csv(
        instruction_counts.counts_path(run, "interprocess_best_effort"), index=False)
    pd.DataFrame([(16, "publisher", name, calls) for name, calls in allocations.items()],
                 columns=list(instruction_counts.ALLOCATIONS_COLUMNS)).to_csv(
        instruction_counts.allocations_path(run, "interprocess_best_effort"), index=False)


@pytest.mark.unit
def test_one_more_allocation_per_round_trip_in_every_run_is_a_regression_named_by_its_function(tmp_path):
    for round_number, noise in enumerate((0.0, 0.02, 0.05), 1):
        counted_round(tmp_path, round_number, "base", {"history_add": 1.0 + noise, "grow_vector": 0.07})
        counted_round(tmp_path, round_number, "pr", {"history_add": 1.0, "grow_vector": 0.07 + noise,
                                                    "copy_payload": 1.0})

    [cell] = code_path.allocation_changes(runs_of(tmp_path), ["interprocess_best_effort"])

    assert (cell["bytes"], cell["verdict"], cell["base"], cell["pr"]) == (16, "regression", 1.093, 2.093)
    assert [function["function"] for function in cell["functions"]] == ["copy_payload"]


@pytest.mark.unit
def test_allocations_that_vary_between_runs_by_less_than_one_every_other_round_trip_are_no_change(tmp_path):
    for round_number, (base, pr) in enumerate(((11.5, 12.7), (12.6, 11.6), (12.1, 12.2)), 1):
        counted_round(tmp_path, round_number, "base", {"acknowledge": base})
        counted_round(tmp_path, round_number, "pr", {"acknowledge": pr})
    assert [cell["verdict"] for cell in code_path.allocation_changes(runs_of(tmp_path), ["interprocess_best_effort"])] == [
        "no change"]


@pytest.mark.unit
def test_a_cell_whose_allocations_spread_widely_needs_a_change_beyond_its_spread(tmp_path):
    """A secured reliable cell allocates ~720 per round trip through OpenSSL, give or take 20 between
    runs: every PR run above every base run by a few (the A/A false alarm that chose the rule) is no
    change; +60 is one."""
    for round_number, (base, pr) in enumerate(((700.0, 730.0), (720.0, 725.0), (713.0, 728.0)), 1):
        counted_round(tmp_path / "aa", round_number, "base", {"CRYPTO_malloc": base})
        counted_round(tmp_path / "aa", round_number, "pr", {"CRYPTO_malloc": pr})
        counted_round(tmp_path / "ab", round_number, "base", {"CRYPTO_malloc": base})
        counted_round(tmp_path / "ab", round_number, "pr", {"CRYPTO_malloc": pr + 60})
    assert [cell["verdict"] for cell in code_path.allocation_changes(runs_of(tmp_path / "aa"), ["interprocess_best_effort"])] == [
        "no change"]
    assert [cell["verdict"] for cell in code_path.allocation_changes(runs_of(tmp_path / "ab"), ["interprocess_best_effort"])] == [
        "regression"]


@pytest.mark.unit
def test_a_run_that_allocates_on_its_steady_path_names_the_functions(tmp_path):
    counted_round(tmp_path, 1, "pr", {"history_add": 1.02, "grow_vector": 0.07})
    assert code_path.steady_allocations(runs_of(tmp_path).builds["pr"][0], ["interprocess_best_effort"]) == [
        {"subexperiment": "interprocess_best_effort", "bytes": 16,
         "functions": [{"function": "history_add", "per_round_trip": 1.02}]}]


# A reliable cell's path (inclusive instructions per round trip): main calls thread_loop (the
# receive side) and write; thread_loop calls process_message, which calls decode, and restarts a
# timer. decode's deviations (346 ~ sqrt(12) x 100) carry 4/5 of the receive side's variance, the
# timer's, independent of them, 1/5; write undoes a tenth of decode's moves, so the receive side
# moves more than the whole count (a share above 1); lookup varies by a few instructions. The PR's
# runs all decode 1,000 more: a change, not spread.
DECODE_DEVIATIONS = {"base": (346.4, -346.4, 0.0), "pr": (0.0, 346.4, -346.4)}
TIMER_DEVIATIONS = {"base": (100.0, 100.0, -200.0), "pr": (-200.0, 100.0, 100.0)}


def spread_round(results, round_number, build, decode, timer, lookup, payload_row=(1024, 60_000.0)):
    run = results / f"runs/round-{round_number:02d}/{build}"
    receive = 190_000.0 + decode + (1_000.0 if build == "pr" else 0.0)
    thread_loop, write = receive + 2_000.0 + timer + lookup, 5_000.0 - decode / 10
    rows = [(16, "main", thread_loop + write), (16, "thread_loop", thread_loop), (16, "write", write),
            (16, "process_message", receive), (16, "decode", receive - 300.0), (16, "restart_timer", 200.0 + timer),
            (16, "lookup", 50.0 + lookup), (payload_row[0], "main", payload_row[1])]
    write_functions(run, rows)
    pd.DataFrame([(16, "publisher", 101, 0, rows[0][2]), (payload_row[0], "publisher", 101, 0, payload_row[1])],
                 columns=list(instruction_counts.COUNTS_COLUMNS)).to_csv(
        instruction_counts.counts_path(run, "interprocess_best_effort"), index=False)


@pytest.mark.unit
def test_a_cell_that_cannot_detect_the_bound_names_where_its_runs_spread_innermost_per_tenth(tmp_path):
    for build in ("base", "pr"):
        for round_number, (decode, timer) in enumerate(zip(DECODE_DEVIATIONS[build], TIMER_DEVIATIONS[build]), 1):
            spread_round(tmp_path, round_number, build, decode, timer, lookup=5.0 * (-1) ** round_number)
    decision = pd.DataFrame({relative.SUBEXPERIMENT: ["interprocess_best_effort"] * 2, relative.BYTES: [16, 1024],
                             relative.MAGNITUDE: [relative.INSTRUCTIONS] * 2, "Gated": [True, True],
                             "Detectable": [1.019, 1.002]})

    [cell] = code_path.spread_causes(runs_of(tmp_path), decision, bound=0.005)  # 1024 B detects +0.2 %: no why

    assert (cell["subexperiment"], cell["bytes"], cell["detectable"], cell["runs"]) == (
        "interprocess_best_effort", 16, 0.019, 6)
    # main holds the whole spread, thread_loop more (write undoes some): one level, the innermost
    # named; of decode and process_message (the same share) decode is the innermost; the timer's;
    # lookup's share is below a tenth; the PR's +1,000 is not spread.
    decode_variance, timer_variance = 4 * 346.4 ** 2, 12 * 100.0 ** 2
    variance = 0.81 * decode_variance + timer_variance  # the whole count moves by 9/10 of decode's moves
    assert [entry["function"] for entry in cell["functions"]] == ["thread_loop", "decode", "restart_timer"]
    assert [entry["share"] for entry in cell["functions"]] == pytest.approx(
        [(0.9 * decode_variance + timer_variance) / variance, 0.9 * decode_variance / variance,
         timer_variance / variance], abs=0.01)
    # decode: four runs 346.4 off their build's mean, over 6 runs - 2 builds.
    assert cell["functions"][1]["spread"] == round(np.sqrt(decode_variance / 4))
    assert cell["spread"] == pytest.approx(np.sqrt(variance / 4) / 197_500, abs=1e-5)


@pytest.mark.unit
def test_a_cell_whose_runs_counted_alike_has_no_spread_to_name(tmp_path):
    for build in ("base", "pr"):
        for round_number in (1, 2):
            spread_round(tmp_path, round_number, build, decode=0.0, timer=0.0, lookup=0.0)
    decision = pd.DataFrame({relative.SUBEXPERIMENT: ["interprocess_best_effort"], relative.BYTES: [16],
                             relative.MAGNITUDE: [relative.INSTRUCTIONS], "Gated": [True], "Detectable": [1.01]})
    [cell] = code_path.spread_causes(runs_of(tmp_path), decision, bound=0.002)
    assert cell["spread"] == 0 and cell["functions"] == []


@pytest.mark.unit
def test_a_cell_whose_detectable_increase_is_the_minimum_effect_can_detect_it_and_is_not_listed(tmp_path):
    """Detectable is floored at the minimum effect, exp(log1p(0.002)), which is 0.0020000000000000018
    above 1: an A/A gate that passed listed its cells at the floor as unable to detect +0.2 %."""
    for build in ("base", "pr"):
        for round_number in (1, 2):
            spread_round(tmp_path, round_number, build, decode=0.0, timer=0.0, lookup=0.0)
    floor = float(np.exp(np.log1p(0.002)))
    decision = pd.DataFrame({relative.SUBEXPERIMENT: ["interprocess_best_effort"] * 2, relative.BYTES: [16, 1024],
                             relative.MAGNITUDE: [relative.INSTRUCTIONS] * 2, "Gated": [True, True],
                             "Detectable": [floor, 1.0021]})

    assert [cell["bytes"] for cell in code_path.spread_causes(runs_of(tmp_path), decision, bound=0.002)] == [1024]


# Two states of one path, as Cyclone DDS's intra-process cells take them per run (the allocator's:
# realloc moves the sample's buffer, or grows it in place; benchmarks/results/code-path-cyclone-2026-11-27/
# intraprocess-levels/): the same functions, other inclusive counts, 188 instructions apart in total.
MOVES = {"main": 15_103.0, "write": 14_567.0, "realloc": 909.0, "malloc": 164.0}
GROWS = {"main": 15_291.0, "write": 14_755.0, "realloc": 459.0, "malloc": 804.0}


def state_runs(results, base_states, pr_states):
    """A gate's runs of interprocess_best_effort at 16 B, each build's in the given states."""
    for build, states in (("base", base_states), ("pr", pr_states)):
        for round_number, state in enumerate(states, 1):
            write_functions(results / f"runs/round-{round_number:02d}/{build}",
                            [(16, name, value) for name, value in state.items()])
    return runs_of(results)


def open_cell(verdict=relative.INCONCLUSIVE, magnitude=relative.INSTRUCTIONS):
    return pd.DataFrame({relative.SUBEXPERIMENT: ["interprocess_best_effort"], relative.BYTES: [16],
                         relative.MAGNITUDE: [magnitude], "Gated": [True], "Verdict": [verdict]})


@pytest.mark.unit
def test_a_cell_whose_pr_runs_each_took_a_base_runs_path_function_by_function_is_identical(tmp_path):
    runs = state_runs(tmp_path, [MOVES, GROWS, MOVES], [GROWS, GROWS, MOVES])  # totals +0.8 %: states only

    assert code_path.identical_paths(runs, open_cell()) == {("interprocess_best_effort", 16)}


@pytest.mark.unit
@pytest.mark.parametrize("pr_states, why", [
    ([GROWS, MOVES, MOVES | {"realloc": 910.0}], "one function one instruction more in one run"),
    ([GROWS, MOVES, MOVES | {"memcpy": 64.0}], "a function no base run called"),
    ([GROWS, MOVES, {**MOVES, "malloc": 804.0}], "a state no base run took"),
])
def test_a_cell_with_one_pr_run_unlike_every_base_run_is_not_identical(tmp_path, pr_states, why):
    runs = state_runs(tmp_path, [MOVES, GROWS, MOVES], pr_states)

    assert code_path.identical_paths(runs, open_cell()) == set(), why


@pytest.mark.unit
def test_a_cell_a_run_has_no_functions_of_is_left_out(tmp_path):
    state_runs(tmp_path, [MOVES, GROWS], [GROWS, MOVES])
    instruction_counts.functions_path(tmp_path / "runs/round-02/pr", "interprocess_best_effort").unlink()

    assert code_path.identical_paths(runs_of(tmp_path), open_cell()) == set()
    assert code_path.identical_paths(runs_of(tmp_path), open_cell().assign(**{relative.BYTES: [1024]})) == set()


@pytest.mark.unit
@pytest.mark.parametrize("cell", [open_cell(relative.REGRESSION), open_cell(relative.NO_REGRESSION),
                                  open_cell(magnitude="EstimatedCycles"), open_cell().assign(Gated=False)])
def test_only_inconclusive_gated_instruction_cells_are_looked_at(tmp_path, cell):
    runs = state_runs(tmp_path, [MOVES, GROWS], [GROWS, MOVES])

    assert code_path.identical_paths(runs, cell) == set()


def gate_against_itself(latency_test, results, *options):
    """A code-path gate of the project's LatencyTest against itself on inter-process best effort, 50 samples."""
    return cli.main(["gate", "--base", str(latency_test), "--pr", str(latency_test), "-r", str(results),
                     "--signal", "instructions", "--subexperiments", "interprocess_best_effort", "--samples", "50",
                     "--seed", "3", *options])


@pytest.mark.programs
def test_a_team_that_allows_no_allocation_per_round_trip_sees_fast_dds_fail_naming_the_allocating_function(
        latency_test, tmp_path, capsys):
    """Fast DDS 2.9.1 allocates once per received sample in its reader's history: the build against
    itself moves no allocation, and the rule 'no allocation per round trip' fails the gate, naming it."""
    results = tmp_path / "gate"
    code = gate_against_itself(latency_test, results, "--payloads", "1024", "--no-allocations", "all")
    printed = capsys.readouterr().out

    assert code == EXIT_CHECK_FAILED, printed
    assert "1 cell(s) allocating where none is allowed" in printed.splitlines()[-1]
    result = json.loads((results / "gate_result.json").read_text())
    assert result["allocation_changes"] == [] and result["no_allocations"] == ["interprocess_best_effort"]
    [cell] = result["steady_allocations"]
    assert cell["bytes"] == 1024 and any("DataReaderHistory::add_to_instance" in function["function"]
                                         for function in cell["functions"])
    assert "### Heap allocations per round trip" in (results / "gate_report.md").read_text()


@pytest.mark.programs  # the throughput program is found first
def test_throughput_is_not_counted():
    with pytest.raises(InputError, match="throughput is not counted"):
        experiment.validate_run(RunSpec(kind="throughput", signal="instructions"))


@pytest.mark.programs
def test_the_code_path_gate_runs_the_real_latency_test_and_passes_a_build_against_itself(latency_test, tmp_path,
                                                                                        capsys):
    results = tmp_path / "gate"
    code = gate_against_itself(latency_test, results, "--payloads", "16", "1024", "--estimated-cycles")
    printed = capsys.readouterr().out
    assert code == EXIT_OK, printed
    cells = pd.read_csv(results / "gate_cells.csv")
    assert set(cells[relative.MAGNITUDE]) == {relative.INSTRUCTIONS, relative.ESTIMATED_CYCLES}
    assert set(cells.loc[cells["Gated"], relative.MAGNITUDE]) == {relative.INSTRUCTIONS}  # cycles: reported
    cells = cells[cells["Gated"]]
    # An inter-process round trip of Fast DDS 2.9 is ~35,000 instructions on both sides together, its
    # receive threads' half included.
    assert cells["Base"].between(5_000, 100_000).all() and set(cells["Unit"]) == {"instructions"}
    for build in ("base", "pr"):
        counts = instruction_counts.read_counts(
            instruction_counts.counts_path(results / f"runs/round-01/{build}", "interprocess_best_effort"))
        assert set(counts[instruction_counts.ROLE]) == {"publisher", "subscriber"}
    report = (results / "gate_report.md").read_text()
    assert report.startswith("## Code-path gate") and "Not counted: whatever runs outside that path" in report
    assert f"on the backend's counted path ({fastdds.COUNTED_PATH.description})" in report
    assert "### Estimated cycles per round trip (reported, not gated)" in report
    result = json.loads((results / "gate_result.json").read_text())
    assert result["settings"]["min_effect"] == fastdds.COUNTED_PATH.min_effect  # the path it was counted on
    estimates = result["estimated_cycles"]
    assert [(cell["bytes"], cell["verdict"] != "regression") for cell in estimates] == [(16, True), (1024, True)]
    # A simulated cache costs more than one cycle per instruction: misses weigh 5 and 35.
    assert all(cell["base"] > cells["Base"].min() for cell in estimates)


@pytest.mark.unit
def test_a_counted_run_keeps_its_counts_when_latency_test_recorded_no_round_trip_of_a_payload(tmp_path):
    """Under valgrind beside other work every secured 16 KiB round trip can take over 100 ms, and
    LatencyTest records none of them: the counts are the counted run's result; a timed run fails."""
    raw = tmp_path / "raw.csv"
    raw.write_text("Sample,Payload [Bytes],Latency [us]\n1,16,1000.0\n")
    counted = SimpleNamespace(payloads=(16, 16384), samples=1, counting=MARKED)
    assert kinds.LATENCY.store(raw, tmp_path / "counted.csv", counted) == 1
    with pytest.raises(InputError, match="16384 B: 0 samples of the 1 asked for"):
        kinds.LATENCY.store(raw, tmp_path / "timed.csv", SimpleNamespace(payloads=(16, 16384), samples=1, counting=None))


@pytest.mark.unit
@pytest.mark.parametrize("rows, why, counted_stored", [
    # under valgrind a payload's round trips may go unrecorded: a counted run's result is its counts
    ([(16, 100), (1024, 4)], "1024 B: 4 samples of the 100 asked for (fewer than 99%)", True),
    ([(16, 100), (1024, 101)], "1024 B: 101 samples: more than the 100 asked for", False),
    ([(16, 100), (1024, 100), (4096, 1)], "samples for payload(s) 4096, which the run did not ask for", False),
])
def test_a_run_that_recorded_other_samples_than_it_asked_for_is_refused_and_stores_nothing(tmp_path, rows, why,
                                                                                            counted_stored):
    raw = tmp_path / "raw.csv"
    payloads = [payload for payload, count in rows for _ in range(count)]  # numbered across the file, as recorded
    raw.write_text("Sample,Payload [Bytes],Latency [us]\n" + "".join(
        f"{sample},{payload},2.0\n" for sample, payload in enumerate(payloads, start=1)))
    config = SimpleNamespace(payloads=(16, 1024), samples=100, counting=None)

    with pytest.raises(InputError) as refused:
        kinds.LATENCY.store(raw, tmp_path / "measurements.csv", config)

    assert str(refused.value) == f"{raw}: {why}"
    assert not (tmp_path / "measurements.csv").exists()
    counted = SimpleNamespace(payloads=(16, 1024), samples=100, counting=MARKED)
    try:
        kinds.LATENCY.store(raw, tmp_path / "counted.csv", counted)
    except InputError:
        pass
    assert (tmp_path / "counted.csv").exists() == counted_stored


@pytest.mark.unit
def test_a_timed_run_may_miss_a_round_trip_in_a_hundred(tmp_path):
    """LatencyTest records none over 100 ms: a rare one under load is no different run."""
    raw = tmp_path / "raw.csv"
    raw.write_text("Sample,Payload [Bytes],Latency [us]\n" + "".join(f"{s},16,2.0\n" for s in range(1, 100)))

    assert kinds.LATENCY.store(raw, tmp_path / "m.csv", SimpleNamespace(payloads=(16,), samples=100, counting=None)) == 99


@pytest.mark.unit
def test_a_subexperiments_attempt_clears_its_own_callgrind_profiles_only(tmp_path):
    """interprocess_reliable's profiles start with interprocess_reliable_ as interprocess_reliable_tcp's do: a run of
    the one into the directory must not remove the other's."""
    kept = [tmp_path / "interprocess_reliable_tcp_publisher.callgrind.1", tmp_path / "interprocess_reliable.xml"]
    cleared = [tmp_path / f"interprocess_reliable_{role}.callgrind.{dump}" for role in ("publisher", "subscriber")
               for dump in ("1", "2-03")]
    for path in kept + cleared:
        path.write_text("")

    counting.clear_profiles(tmp_path, "interprocess_reliable")

    assert sorted(tmp_path.iterdir()) == sorted(kept)
