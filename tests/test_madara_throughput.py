"""MADARA throughput, for real: MadaraThroughput (pingpong_madara/src/madara_throughput.cpp) on
MADARA 3.4.2 runs every sub-experiment MADARA can through the same runner as ThroughputTest into
the spec's measurements CSV, which processing takes; the reliable ones are reported unsupported.

A small grid (one payload, two demands, no rest, 1 s per case) keeps the run of the five near
half a minute on two cores.
"""

import subprocess

import pytest

from latency_gate import cli
from latency_gate.contracts import formats, throughput_formats as tf
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_OK
from latency_gate.runner.middleware import madara
from runner_helpers import metadata_of, read_complete_throughput_measurements

pytestmark = pytest.mark.programs

PAYLOAD = 1024
DEMANDS = (100, 1000)
GRID = ["--kind", "throughput", "--middleware", "madara", "--payloads", str(PAYLOAD), "--demands",
        *map(str, DEMANDS), "--recovery-times", "0", "--test-time", "1", "--baseline-seconds", "0"]
SUPPORTED = ("intraprocess_best_effort", "interprocess_best_effort", "interprocess_best_effort_security",
             "interprocess_best_effort_tcp", "interprocess_best_effort_tcp_security")


@pytest.fixture(scope="module")
def program():
    binary = madara.PROGRAMS["throughput"].default()
    assert binary.is_file(), f"{binary} missing: run scripts/setup/build_latencytest.sh --all first"
    return binary


@pytest.fixture(scope="module")
def madara_run(program, tmp_path_factory):
    results = tmp_path_factory.mktemp("madara-throughput") / "run"
    assert cli.main(["run", *GRID, "-r", str(results), "--retries", "0"]) == EXIT_OK, \
        {name: entry["error"] for name, entry in metadata_of(results)["subexperiments"].items()}
    assert cli.main(["process", "--experiment-directory", str(results), "--no-plots"]) == EXIT_OK
    return results


def test_madara_runs_what_it_has_into_the_specs_throughput_csv_and_the_reliable_ones_are_unsupported(madara_run,
                                                                                                       program):
    metadata = metadata_of(madara_run)
    assert (metadata["kind"], metadata["middleware"]) == ("throughput", "madara")
    assert metadata["latency_test"] == str(program)
    assert metadata["middleware_version"] == "3.4.2"
    outcomes = metadata["subexperiments"]
    for subexperiment in formats.SUBEXPERIMENTS:
        path = formats.measurements_path(madara_run, subexperiment)
        if subexperiment not in SUPPORTED:
            assert outcomes[subexperiment]["status"] == "unsupported"
            assert "MADARA has no reliability" in outcomes[subexperiment]["error"]
            assert not path.exists()
            continue
        assert outcomes[subexperiment]["status"] == "passed"
        measured = read_complete_throughput_measurements(path, PAYLOAD, DEMANDS, subexperiment)
        if subexperiment == "intraprocess_best_effort":  # delivered on the writer's thread: nothing can be lost
            assert (measured[tf.LOST] == 0).all() and (measured[tf.RECEIVED] == measured[tf.SENT]).all()
        summary = tf.read_summary(formats.summary_path(madara_run, subexperiment))
        assert summary[tf.THROUGHPUT].iat[0] == measured[tf.THROUGHPUT].max()


def test_the_security_family_runs_madaras_aes_filter_with_a_password_of_the_run(madara_run):
    for name in ("interprocess_best_effort_security", "interprocess_best_effort_tcp_security"):
        settings = (madara_run / "logs" / f"{name}_publisher.xml").read_text()
        password = madara_run / "logs" / f"{name}_aes.password"
        assert f"<aes_password_file>{password}</aes_password_file>" in settings
        assert len(password.read_text()) == 64 and password.stat().st_mode & 0o777 == 0o600


def test_a_missing_madara_throughput_program_is_bad_input_before_anything_runs(tmp_path, capsys):
    missing = tmp_path / "MadaraThroughput"

    code = cli.main(["run", *GRID, "-r", str(tmp_path / "run"), "--program", str(missing)])

    error = capsys.readouterr().err.strip()
    assert code == EXIT_BAD_INPUT and error.count("\n") == 0
    assert str(missing) in error and "MadaraThroughput binary not found" in error
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("arguments, problem", [
    (["--reliability", "reliable"], "--reliability reliable: MADARA has no reliability"),
    (["--file", "missing.csv"], "missing.csv: cannot read the demands file"),
    (["--recoveries_file", "empty.csv"], "empty.csv: bad recoveries"),
])
def test_madara_throughput_refuses_bad_input_in_one_line(program, tmp_path, arguments, problem):
    settings = tmp_path / "settings.xml"
    settings.write_text("<madara><transport>shared_memory</transport></madara>")
    (tmp_path / "demands.csv").write_text("1024;100\n")
    (tmp_path / "recoveries.csv").write_text("0\n")
    (tmp_path / "empty.csv").write_text("")
    options = {"--config": "settings.xml", "--file": "demands.csv", "--recoveries_file": "recoveries.csv",
               "--time": "1", "--export_csv": "out.csv"}
    options.update(dict(zip(arguments[::2], arguments[1::2])))

    done = subprocess.run([program, "both", *[part for pair in options.items() for part in pair]], cwd=tmp_path,
                          capture_output=True, text=True, timeout=30)

    assert done.returncode == 2  # the core's exit code for bad input
    assert done.stderr.startswith("MadaraThroughput: error: ") and done.stderr.count("\n") == 1
    assert problem in done.stderr and not (tmp_path / "out.csv").exists()
