"""A CI job's LATENCY_* variables are read and checked once (ci/inputs.py), each error naming
its variable, and become the options of the commands `latency-gate ci` runs."""

import re
from pathlib import Path

import pytest

import gate_results
from latency_gate import cli
from latency_gate.cli import gate as gate_command
from latency_gate.ci import inputs
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_OK, InputError

pytestmark = pytest.mark.unit


def test_every_variable_becomes_the_option_of_the_command_it_belongs_to(tmp_path):
    requirements = tmp_path / "requirements.csv"
    requirements.write_text("")
    job = inputs.read({
        "LATENCY_RESULTS": str(tmp_path / "results"), "LATENCY_KIND": "throughput", "LATENCY_MIDDLEWARE": "cyclonedds",
        "LATENCY_SUBEXPERIMENTS": "intraprocess_best_effort, interprocess_reliable", "LATENCY_PAYLOADS": "16,1024",
        "LATENCY_SAMPLES": "500", "LATENCY_DEMANDS": "100 1000", "LATENCY_RECOVERY_TIMES": "0", "LATENCY_TEST_TIME": "1",
        "LATENCY_REALTIME": "false", "LATENCY_RT_PRIO": "40", "LATENCY_PUB_CPUS": "0", "LATENCY_SUB_CPUS": "1",
        "LATENCY_TEST": "/opt/ws", "LATENCY_STRESS": "--cpu 1", "LATENCY_RUNS": "3", "LATENCY_SHARD": "1/2",
        "LATENCY_PLOTS": "false", "LATENCY_SIGNAL": "both", "LATENCY_ROUNDS": "4", "LATENCY_MAX_ROUNDS": "8",
        "LATENCY_MIN_EFFECT": "0.05", "LATENCY_ALPHA": "0.01", "LATENCY_REQUIRE_DETECTABLE": "0.1",
        "LATENCY_HEAD_SHA": "a" * 40, "LATENCY_REQUIREMENTS": str(requirements),
    })

    assert job.results == tmp_path / "results" and (job.runs, job.shard, job.plots) == (3, "1/2", False)
    assert job.common == ["--kind=throughput", "--middleware=cyclonedds", "--subexperiments",
                          "intraprocess_best_effort", "interprocess_reliable", "--payloads", "16", "1024",
                          "--samples=500", "--demands", "100", "1000", "--recovery-times", "0", "--test-time=1",
                          "--no-realtime", "--rt-prio=40", "--pub-cpus=0", "--sub-cpus=1"]
    assert job.run == ["--program=/opt/ws", "--stress=--cpu 1"]
    assert job.gate == ["--signal=both", "--rounds=4", "--max-rounds=8", "--min-effect=0.05",
                        "--alpha=0.01", "--require-detectable=0.1", f"--head-sha={'a' * 40}",
                        f"--requirements={requirements}"]


def test_unset_or_empty_variables_leave_the_commands_defaults(tmp_path):
    job = inputs.read({"LATENCY_RESULTS": str(tmp_path), "LATENCY_KIND": "", "LATENCY_PAYLOADS": " "})
    assert (job.common, job.run, job.gate, job.runs, job.shard, job.plots) == ([], [], [], 1, None, True)


def test_a_missing_requirements_file_is_no_ceiling_and_said(tmp_path, capsys):
    job = inputs.read({"LATENCY_RESULTS": str(tmp_path), "LATENCY_REQUIREMENTS": str(tmp_path / "none.csv")})
    assert job.gate == [] and "no requirements ceiling" in capsys.readouterr().out


@pytest.mark.parametrize("variable, value, said", [
    ("LATENCY_RESULTS", "", "LATENCY_RESULTS must name the results directory"),
    ("LATENCY_REALTIME", "yes", "LATENCY_REALTIME must be one of true, false, not 'yes'"),
    ("LATENCY_KIND", "jitter", "LATENCY_KIND must be one of latency, throughput, not 'jitter'"),
    ("LATENCY_SIGNAL", "cycles", "LATENCY_SIGNAL must be one of latency, instructions, both, not 'cycles'"),
    ("LATENCY_SAMPLES", "many", "LATENCY_SAMPLES must be a whole number, not 'many'"),
    ("LATENCY_SAMPLES", "0", "LATENCY_SAMPLES must be at least 1, not '0'"),
    ("LATENCY_PAYLOADS", "16,1k", "LATENCY_PAYLOADS must list whole numbers, comma or space separated; '1k' is not"),
    ("LATENCY_MIN_EFFECT", "5%", "LATENCY_MIN_EFFECT must be a number, not '5%'"),
    ("LATENCY_ROUNDS", "1", "LATENCY_ROUNDS must be at least 2, not '1'"),
    ("LATENCY_REQUIRE_DETECTABLE", "10%", "LATENCY_REQUIRE_DETECTABLE must be a number, not '10%'"),
    ("LATENCY_SHARD", "2", "LATENCY_SHARD must be k/n with 1 <= k <= n, not '2'"),
    ("LATENCY_SHARD", "3/2", "LATENCY_SHARD must be k/n with 1 <= k <= n, not '3/2'"),
    ("LATENCY_SHARD", "0/0", "LATENCY_SHARD must be k/n with 1 <= k <= n, not '0/0'"),
    ("LATENCY_MIN_EFFECT", "nan", "LATENCY_MIN_EFFECT must be a number, not 'nan'"),
    ("LATENCY_ALPHA", "inf", "LATENCY_ALPHA must be a number, not 'inf'"),
    ("LATENCY_SUBEXPERIMENTS", "intraprocess_best_effort intraprocess_bogus",
     "LATENCY_SUBEXPERIMENTS: unknown sub-experiment 'intraprocess_bogus'"),
    ("LATENCY_PLOTS", "no", "LATENCY_PLOTS must be one of true, false, not 'no'"),
    ("LATENCY_SAMPLES", "1" + "0" * 400, "LATENCY_SAMPLES is out of range: '1000"),
    ("LATENCY_SAMPLES", "\u0661\u0660", "LATENCY_SAMPLES must be a whole number, not '\u0661\u0660'"),
    ("LATENCY_PAYLOADS", "16 \u00b2", "LATENCY_PAYLOADS must list whole numbers, comma or space separated; '\u00b2' is"),
    ("LATENCY_MIDDLEWARE", "nosuch", "LATENCY_MIDDLEWARE must be a registered middleware backend (fastdds, "),
])
def test_a_bad_variable_is_named_in_one_line(tmp_path, variable, value, said):
    with pytest.raises(InputError, match="^" + said.replace("(", r"\(").replace(".", r"\.")):
        inputs.read({"LATENCY_RESULTS": str(tmp_path), variable: value})


def test_ci_check_exits_3_naming_the_variable_and_writes_a_result_output_for_the_gate(tmp_path, monkeypatch, capsys):
    output = tmp_path / "github_output"
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_OUTPUT", str(output))
    monkeypatch.setenv("LATENCY_RESULTS", str(tmp_path / "gate"))
    monkeypatch.setenv("LATENCY_REALTIME", "maybe")

    assert cli.main(["ci", "check"]) == EXIT_BAD_INPUT
    assert cli.main(["ci", "gate", "--base", "a", "--pr", "b"]) == EXIT_BAD_INPUT

    errors = capsys.readouterr().err.splitlines()
    assert errors == ["latency-gate ci: error: LATENCY_REALTIME must be one of true, false, not 'maybe'"] * 2
    assert output.read_text() == "result=error\n"  # the gate's verdict output says there is none
    assert not (tmp_path / "gate").exists()


def test_ci_variables_lists_every_variable_the_reader_knows(capsys):
    assert cli.main(["ci", "variables"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert listed == list(inputs.VARIABLES)
    # ... and the reader knows no variable it does not list (each is declared once, with its option).
    assert set(re.findall(r'"(LATENCY_[A-Z_]+)"', Path(inputs.__file__).read_text())) == set(inputs.VARIABLES)


@pytest.mark.parametrize("signal, runs", [("both", "1"), ("instructions", "3")])
def test_a_ci_run_is_timed_or_one_counted_run_never_both_nor_counted_requirements(tmp_path, monkeypatch, capsys,
                                                                                   signal, runs):
    monkeypatch.setenv("LATENCY_RESULTS", str(tmp_path / "results"))
    monkeypatch.setenv("LATENCY_SIGNAL", signal)
    monkeypatch.setenv("LATENCY_RUNS", runs)
    assert cli.main(["ci", "run"]) == EXIT_BAD_INPUT
    assert f"LATENCY_SIGNAL {signal} is not a run's" in capsys.readouterr().err
    assert not (tmp_path / "results").exists()


def test_a_counted_ci_run_keeps_the_signal_for_run():
    job = inputs.read({"LATENCY_RESULTS": "results", "LATENCY_SIGNAL": "instructions"})
    assert (job.signal, job.gate) == ("instructions", ["--signal=instructions"])
    assert inputs.read({"LATENCY_RESULTS": "results"}).signal is None  # run's default: timed


@pytest.mark.parametrize("latency, instructions, result", [
    ({"noise": 0.001}, None, "passed"),
    ({"noise": 0.001}, {"noise": 0.15}, "inconclusive"),  # LATENCY_SIGNAL both: the worse verdict
    ({"noise": 0.001, "changes": {(32, "Median"): 1.2}}, {"noise": 0.15}, "failed"),
])
def test_the_gates_result_output_is_its_verdict(tmp_path, monkeypatch, latency, instructions, result):
    """passed, failed or inconclusive, as gate_result.json says; with both signals the worse of the two."""
    output = tmp_path / "github_output"
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_OUTPUT", str(output))
    monkeypatch.setenv("LATENCY_RESULTS", str(tmp_path / "gate"))

    def decided(args):  # the gate's verdicts as it writes them, without its runs
        gate_results.write(args.results_dir, "a" * 40, **latency)
        if instructions:
            gate_results.write(args.results_dir / "instructions", "a" * 40, **instructions)
        return EXIT_OK
    monkeypatch.setattr(gate_command, "run", decided)

    assert cli.main(["ci", "gate", "--base", "a", "--pr", "b"]) == EXIT_OK

    assert output.read_text().splitlines()[-1] == f"result={result}"


def test_a_value_that_starts_with_a_dash_stays_the_value_of_its_option(tmp_path):
    """stress-ng's own options are the value of --stress, not options of the command."""
    job = inputs.read({"LATENCY_RESULTS": str(tmp_path), "LATENCY_STRESS": "--cpu=1"})
    args = cli.build_parser(["run"]).parse_args(["run", "-r", str(tmp_path), *job.run])
    assert args.stress == "--cpu=1"


@pytest.mark.parametrize("variable, value, shown", [
    ("LATENCY_RESULTS", "/tmp/ci/a\nb", "/tmp/ci/a\\nb"), ("LATENCY_HEAD_SHA", "a\x1b[2Kb", "a\\x1b[2Kb"),
])
def test_a_value_of_more_than_one_line_or_with_a_control_character_is_refused_naming_it(variable, value, shown):
    """It reached a step output that takes one line: a traceback, exit 1."""
    with pytest.raises(InputError) as refused:
        inputs.read({"LATENCY_RESULTS": "results", variable: value})
    assert str(refused.value) == f"{variable} must be one line of printable text, not '{shown}'"


@pytest.mark.parametrize("variables, said", [
    ({"LATENCY_ALPHA": "5"}, "alpha must be between 0 and 1, not 5.0"),
    ({"LATENCY_ROUNDS": "10", "LATENCY_MAX_ROUNDS": "3"}, "need 2 <= rounds (10) <= max rounds (3)"),
    ({"LATENCY_RT_PRIO": "500"}, "--rt-prio must be between 1 and 99, got 500"),
    ({"LATENCY_PUB_CPUS": "abc"}, "--pub-cpus 'abc' is not a CPU list such as 0 or 0,1 or 0-3"),
])
def test_ci_check_refuses_what_run_and_gate_would_refuse_before_the_build(tmp_path, monkeypatch, capsys, variables,
                                                                        said):
    """docs/relative-gate.md: a bad value fails the job in seconds, before its build; these passed the
    check and failed after the build."""
    for name, value in {"LATENCY_RESULTS": str(tmp_path / "results"), **variables}.items():
        monkeypatch.setenv(name, value)

    assert cli.main(["ci", "check"]) == EXIT_BAD_INPUT

    assert capsys.readouterr().err.strip() == f"latency-gate ci: error: the LATENCY_* variables: {said}"
    assert list(tmp_path.iterdir()) == []
