"""The project's own programs share one command line (pingpong/src/command_line.c): the latency
programs (SocketLatency, CycloneLatency, MadaraLatency) and the throughput programs
(CycloneThroughput, MadaraThroughput) read their numbers checked, so that a bad number (not a
whole number, or out of its option's range) is one line on stderr naming the option, and exit
2 (bad usage or input) before anything opens or is written; a choice (--reliability,
--write_batch) likewise. An unknown option, a missing value or an unknown role says which, then
the usage.
"""

import subprocess

import pytest

from latency_gate.runner.middleware import cyclonedds, madara, socket_floor

pytestmark = pytest.mark.programs

PROGRAMS = {"SocketLatency": (socket_floor, "latency"), "CycloneLatency": (cyclonedds, "latency"),
            "MadaraLatency": (madara, "latency"), "CycloneThroughput": (cyclonedds, "throughput"),
            "MadaraThroughput": (madara, "throughput")}
# What a publisher needs besides the option under test, and the file it would write.
PUBLISHER = {"latency": ["--file", "payloads.csv", "--export_raw_data", "written.csv"],
             "throughput": ["--file", "demands.csv", "--recoveries_file", "recoveries.csv", "--export_csv", "written.csv"]}
INT_MAX = 2**31 - 1
# Each kind's number options and their ranges (pingpong.c, throughput_core.c).
NUMBERS = {"latency": {"--samples": (1, 2**32 - 2), "--domain": (0, INT_MAX), "--port": (1, 65535)},
           "throughput": {"--domain": (0, INT_MAX), "--time": (1, INT_MAX)}}
NOT_WHOLE_NUMBERS = ("12x", "3.5", " 5", "", "99999999999999999999")
CHOICES = {"latency": {"--reliability": "one of reliable|best_effort"},
           "throughput": {"--reliability": "one of reliable|best_effort", "--write_batch": "on or off"}}


def bad_values(kind):
    """(option, value, what the error says) for each kind of bad value of each option."""
    numbers = [(option, value, f"{option}: '{value}' is not a whole number from {low} to {high}")
               for option, (low, high) in NUMBERS[kind].items()
               for value in (str(low - 1), str(high + 1), *NOT_WHOLE_NUMBERS)]
    choices = [(option, value, f"{option}: '{value}' is not {values}") for option, values in CHOICES[kind].items()
               for value in ("maybe", *(("reliable|best_effort",) if option == "--reliability" else ()))]
    return numbers + choices  # the list of choices itself is none of them


def run(name, *arguments, cwd):
    backend, kind = PROGRAMS[name]
    binary = backend.PROGRAMS[kind].default()
    assert binary.is_file(), f"{binary} missing: run scripts/setup/build_latencytest.sh --all first"
    return subprocess.run([binary, *arguments], cwd=cwd, capture_output=True, text=True, timeout=30)


@pytest.fixture
def inputs(tmp_path):
    (tmp_path / "payloads.csv").write_text("16;")
    (tmp_path / "demands.csv").write_text("1024;100\n")
    (tmp_path / "recoveries.csv").write_text("0\n")
    return tmp_path


@pytest.mark.parametrize("name, option, value, problem", [
    (name, *case) for name, (_, kind) in PROGRAMS.items() for case in bad_values(kind)])
def test_a_bad_number_or_choice_is_one_line_naming_the_option_and_nothing_runs(inputs, name, option, value, problem):
    done = run(name, "publisher", *PUBLISHER[PROGRAMS[name][1]], option, value, cwd=inputs)

    assert done.returncode == 2
    assert done.stderr == f"{name}: error: {problem}\n"
    assert not (inputs / "written.csv").exists()


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("arguments, problem", [
    (["publisher", "--sample", "10"], "unknown option '--sample'"),
    (["publisher", "--domain"], "--domain needs a value"),
    (["listener"], "unknown role 'listener' (publisher, subscriber or both)"),
])
def test_a_command_line_of_the_wrong_shape_says_what_is_wrong_then_the_usage(inputs, name, arguments, problem):
    done = run(name, *arguments, cwd=inputs)

    first, usage = done.stderr.split("\n", 1)
    assert done.returncode == 2
    assert first == f"{name}: error: {problem}" and usage.startswith(f"usage: {name} publisher|subscriber|both")

