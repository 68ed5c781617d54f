"""A relative gate's settings are one GateSpec (campaigns/gate.py): built from the gate command's
options by cli/gate.gate_spec, where the signal's defaults are filled and the matrix chosen once, and
checked once when built."""

from dataclasses import replace
from types import SimpleNamespace

import pytest

from latency_gate import cli
from latency_gate.analysis import relative
from latency_gate.campaigns import gate
from latency_gate.contracts import formats
from latency_gate.cli.gate import gate_spec
from latency_gate.errors import InputError
from latency_gate.runner.middleware import cyclonedds, fastdds

pytestmark = pytest.mark.unit


def spec_of(*options, signal="latency"):
    args = cli.build_parser(["gate"]).parse_args(["gate", "--base", "b", "--pr", "p", "-r", "out", *options])
    return gate_spec(args, signal)


def test_a_latency_gate_takes_the_latency_defaults():
    spec = spec_of()

    assert (spec.rounds, spec.max_rounds, spec.run.samples, spec.run.payloads, spec.run.timeout_s) == (
        gate.DEFAULT_ROUNDS, gate.DEFAULT_MAX_ROUNDS, gate.DEFAULT_SAMPLES, None, gate.DEFAULT_RUN_TIMEOUT_S)
    assert spec.matrix == formats.choose_matrix()  # the spec's ten sub-experiments and payloads
    assert spec.settings == relative.GateSettings(gated=relative.GATED_BY_KIND["latency"])
    assert not spec.counted


def test_a_counted_gate_takes_its_own_defaults():
    spec = spec_of("--requirements", "req.csv", "--no-allocations", "all", signal="instructions")

    assert (spec.rounds, spec.max_rounds, spec.run.samples, spec.run.payloads, spec.run.timeout_s) == (
        gate.INSTRUCTIONS_ROUNDS, gate.INSTRUCTIONS_MAX_ROUNDS, gate.INSTRUCTIONS_SAMPLES, gate.INSTRUCTIONS_PAYLOADS,
        gate.INSTRUCTIONS_RUN_TIMEOUT_S)
    assert spec.matrix.payloads == gate.INSTRUCTIONS_PAYLOADS
    assert spec.settings.min_effect is None  # its counted path's, once the programs are checked (below)
    assert (spec.settings.guard, spec.settings.gated) == ("rank", (relative.INSTRUCTIONS,))
    assert (spec.requirements, spec.no_allocations) == (None, ("all",))  # a time ceiling is no count's


def test_options_given_win_over_the_signals_defaults():
    spec = spec_of("--rounds", "4", "--max-rounds", "8", "--samples", "50", "--min-effect", "0.02",
                   "--timeout", "30", signal="instructions")

    assert (spec.rounds, spec.max_rounds, spec.run.samples, spec.settings.min_effect, spec.run.timeout_s) == (
        4, 8, 50, 0.02, 30.0)


def test_a_counted_gate_of_another_family_keeps_that_familys_payloads():
    spec = spec_of("--family", "shm", signal="instructions")

    assert spec.run.payloads is None and spec.matrix.payloads == formats.SHARED_MEMORY_PAYLOADS
    assert spec.matrix.subexperiments == formats.SHARED_MEMORY_SUBEXPERIMENTS


@pytest.mark.parametrize(("options", "message"), [
    (["--rounds", "1"], "need 2 <= rounds"),
    (["--rounds", "5", "--max-rounds", "4"], "need 2 <= rounds"),
    (["--look-every", "0"], "look-every must be at least 1"),
    (["--alpha", "2"], "alpha must be between 0 and 1"),
    (["--alpha", "nan"], "alpha must be between 0 and 1"),
    (["--clear-confidence", "nan"], r"clear confidence must be in \[0.5, 1\)"),
    (["--min-effect", "inf"], "minimum effect must be a finite number, 0 or more, not inf"),
    (["--min-effect", "nan"], "minimum effect must be a finite number, 0 or more, not nan"),
    (["--require-detectable", "inf"], "required detectable slowdown must be a finite number, 0 or more, not inf"),
])
def test_a_bad_setting_is_refused_when_the_spec_is_built(options, message):
    with pytest.raises(InputError, match=message) as refused:
        spec_of(*options)
    assert "\n" not in str(refused.value)


def checked_with(monkeypatch, spec, paths):
    """check_gate of a spec whose programs are counted on `paths` ({program: CountedPath})."""
    monkeypatch.setattr(gate.experiment, "validate_run_of", lambda run, matrix: SimpleNamespace(
        counting=paths[str(run.program)]))
    return gate.check_gate(spec)


@pytest.mark.parametrize(("base", "pr", "expected"), [
    (fastdds.COUNTED_PATH, fastdds.COUNTED_PATH, 0.0015),  # the project's marked LatencyTest
    (fastdds.UNMARKED_COUNTED_PATH, fastdds.UNMARKED_COUNTED_PATH, 0.002),  # a Fast DDS workspace's own
    (replace(fastdds.COUNTED_PATH, min_effect=0.003), fastdds.COUNTED_PATH, 0.003),  # of one path's two: the larger
])
def test_a_counted_gate_not_given_a_minimum_effect_takes_that_of_the_path_its_programs_are_counted_on(
        monkeypatch, base, pr, expected):
    checked = checked_with(monkeypatch, spec_of(signal="instructions"), {"b": base, "p": pr})

    assert checked.spec.settings.min_effect == expected
    given = checked_with(monkeypatch, spec_of("--min-effect", "0.01", signal="instructions"), {"b": base, "p": pr})
    assert given.spec.settings.min_effect == 0.01


@pytest.mark.parametrize(("base", "pr"), [
    (fastdds.COUNTED_PATH, fastdds.UNMARKED_COUNTED_PATH),  # the project's LatencyTest, a workspace's own
    (cyclonedds.RECEIVE_THREAD_COUNTED_PATH, cyclonedds.COUNTED_PATH),  # Debian's library stood in for, a PR's own
])
def test_builds_counted_on_different_paths_are_refused_before_anything_runs(monkeypatch, base, pr):
    """Their counts are of different regions: every cell would differ by what the paths do."""
    with pytest.raises(InputError, match="counted on different paths, so their counts are not comparable") as refused:
        checked_with(monkeypatch, spec_of(signal="instructions"), {"b": base, "p": pr})
    assert "\n" not in str(refused.value)


def test_a_required_detectable_slowdown_below_the_counted_paths_minimum_is_refused_when_the_programs_are_checked(
        monkeypatch):
    spec = spec_of("--require-detectable", "0.001", signal="instructions")  # nothing to compare with yet

    with pytest.raises(InputError, match=r"required detectable slowdown \(0.001\) must be at least the minimum "
                                         r"effect \(0.002\)"):
        checked_with(monkeypatch, spec, {"b": fastdds.UNMARKED_COUNTED_PATH, "p": fastdds.UNMARKED_COUNTED_PATH})


@pytest.mark.parametrize("command", ["gate", "run"])
@pytest.mark.parametrize("setting, why", [
    (("--domain", "999"), "--domain must be between 0 and 232, got 999"),
    (("--rt-prio", "0"), "--rt-prio must be between 1 and 99, got 0"),
    (("--pub-cpus", "abc"), "--pub-cpus 'abc' is not a CPU list such as 0 or 0,1 or 0-3"),
])
def test_a_setting_no_run_can_have_is_refused_before_the_results_directory_is_made(tmp_path, capsys, command, setting,
                                                                                   why):
    builds = ("--base", "LatencyTest", "--pr", "LatencyTest") if command == "gate" else ()
    results = tmp_path / "results"

    assert cli.main([command, *builds, "-r", str(results), *setting]) == 3

    assert capsys.readouterr().err.strip() == f"latency-gate {command}: error: {why}"
    assert not results.exists()
