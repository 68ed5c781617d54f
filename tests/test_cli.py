"""The spec's command lines work verbatim from scripts/, with documented exit codes.

These run the entry scripts as separate processes with `python3`, exactly as the spec
writes them, so they also cover the scripts' start-up (re-running in the project venv).
"""

import subprocess
from pathlib import Path

import pytest

from latency_gate import formats, synthetic
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_CHECK_FAILED, EXIT_OK, EXIT_USAGE

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
SUBEXPERIMENTS = ("intraprocess_best_effort", "interprocess_best_effort")


def spec_command(script, *arguments, cwd):
    return subprocess.run(["python3", str(SCRIPTS / script), *map(str, arguments)], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def process_raw(raw, tmp_path):
    """The spec's latency_process_results.py command line for one raw CSV."""
    return spec_command("latency_process_results.py", "--plots_directory", tmp_path / "plots", "--raw_csv", raw,
                        "--output_csv", tmp_path / "summary.csv", cwd=tmp_path)


@pytest.fixture(scope="module")
def experiment(tmp_path_factory):
    return synthetic.write_experiment(tmp_path_factory.mktemp("results") / "2026-11-22_06-00-00", SUBEXPERIMENTS,
                                      payloads=(16, 32, 64), samples=500)


def test_process_results_writes_the_summary_and_per_payload_plots(experiment, tmp_path):
    done = process_raw(formats.measurements_path(experiment, "intraprocess_best_effort"), tmp_path)
    assert done.returncode == EXIT_OK, done.stderr
    assert formats.read_summary(tmp_path / "summary.csv")["Bytes"].tolist() == [16, 32, 64]
    assert len(list((tmp_path / "plots").rglob("*.png"))) == 6


def test_the_whole_spec_pipeline_runs_from_the_entry_scripts(experiment, tmp_path):
    run = experiment
    for name in SUBEXPERIMENTS:
        done = spec_command("latency_process_results.py", "--plots_directory", tmp_path / "plots",
                            "--raw_csv", formats.measurements_path(run, name),
                            "--output_csv", formats.summary_path(run, name), cwd=tmp_path)
        assert done.returncode == EXIT_OK, done.stderr
    summaries = [formats.summary_path(run, name) for name in SUBEXPERIMENTS]
    done = spec_command("latency_compare_subexperiments.py", "--plots_directory", tmp_path / "comparison",
                        "--subexperiment_summaries", *summaries, cwd=tmp_path)
    assert done.returncode == EXIT_OK, done.stderr
    assert sorted(p.name for p in (tmp_path / "comparison").glob("*.png")) == [
        "subexperiments_99.png", "subexperiments_max.png", "subexperiments_median.png", "subexperiments_min.png",
    ]

    done = spec_command("latency_determine_requirements.py", "--experiments_results", run.parent,
                        "--output", tmp_path / "requirements.csv", cwd=tmp_path)
    assert done.returncode == EXIT_OK, done.stderr

    done = spec_command("latency_check_experiment.py", "--requirements", tmp_path / "requirements.csv",
                        "--experiment_directory", run, "--plots_directory", tmp_path / "checks",
                        "--print_summaries", cwd=tmp_path)
    assert done.returncode == EXIT_OK, done.stdout + done.stderr
    assert "100.000% checks passed: (18/18)" in done.stdout
    assert formats.read_checks(formats.checks_path(run, "interprocess_best_effort"))["Status"].eq("passed").all()

    done = spec_command("latency_plot_history.py", "--requirements", tmp_path / "requirements.csv",
                        "--experiments_results", run.parent, "--plots_directory", tmp_path / "history", cwd=tmp_path)
    assert done.returncode == EXIT_OK, done.stderr
    assert (tmp_path / "history" / "interprocess_best_effort" / "64_bytes_99.png").is_file()

    done = spec_command("latency_compare_experiments.py", "--reference", run, "--results", run,
                        "--plots_directory", tmp_path / "compare", cwd=tmp_path)
    assert done.returncode == EXIT_OK, done.stderr
    assert "2/2 comparisons passed" in done.stdout


def test_check_exits_1_when_a_requirement_is_violated(experiment, tmp_path):
    slow = synthetic.write_experiment(tmp_path / "slow", SUBEXPERIMENTS, payloads=(16, 32, 64), samples=500,
                                      scale=3.0)
    spec_command("latency_process_results.py", "--plots_directory", tmp_path / "p", "--raw_csv",
                 formats.measurements_path(slow, "interprocess_best_effort"), "--output_csv",
                 formats.summary_path(slow, "interprocess_best_effort"), cwd=tmp_path)
    requirements = tmp_path / "requirements.csv"
    requirements.write_text("Experiment type,Bytes,Median,99%,Max\n" + "".join(
        f"interprocess_best_effort,{b},60.000,200.000,5000.000\n" for b in (16, 32, 64)))
    done = spec_command("latency_check_experiment.py", "--requirements", requirements, "--experiment_directory",
                        slow, "--plots_directory", tmp_path / "checks", cwd=tmp_path)
    assert done.returncode == EXIT_CHECK_FAILED
    assert "Experiment check failed: 1 sub-experiment(s) don't meet the requirements" in done.stdout
    assert (slow / "check_report.md").read_text().count("| interprocess_best_effort | ") >= 3


def test_bad_input_exits_3_with_one_line_naming_the_file_and_writes_nothing(tmp_path):
    raw = tmp_path / "measurements_intraprocess_best_effort.csv"
    raw.write_text("Sample,Payload [Bytes],Latency [us]\n1,16,2.0\n2,16,oops\n")
    done = process_raw(raw, tmp_path)
    assert done.returncode == EXIT_BAD_INPUT
    assert done.stderr.strip().splitlines() == [
        f"latency-gate process: error: {raw}:3: column 'Latency [us]': not a finite number: 'oops'"
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == [raw.name]


def test_an_unknown_sub_experiment_name_is_bad_input(tmp_path):
    raw = tmp_path / "measurements_interprocess_carrier_pigeon.csv"
    raw.write_text("Sample,Payload [Bytes],Latency [us]\n1,16,2.0\n2,16,3.0\n")
    done = process_raw(raw, tmp_path)
    assert done.returncode == EXIT_BAD_INPUT
    assert "unknown sub-experiment 'interprocess_carrier_pigeon'" in done.stderr


def test_a_directory_with_no_summaries_is_bad_input(tmp_path):
    (tmp_path / "requirements.csv").write_text("Experiment type,Bytes,Median,99%,Max\n"
                                               "intraprocess_best_effort,16,1,2,3\n")
    done = spec_command("latency_check_experiment.py", "--requirements", tmp_path / "requirements.csv",
                        "--experiment_directory", tmp_path, "--plots_directory", tmp_path / "plots", cwd=tmp_path)
    assert done.returncode == EXIT_BAD_INPUT
    assert "no sub-experiment summaries" in done.stderr
    assert not (tmp_path / "plots").exists()


def test_a_missing_required_option_is_a_usage_error(tmp_path):
    done = spec_command("latency_check_experiment.py", "--requirements", "r.csv", cwd=tmp_path)
    assert done.returncode == EXIT_USAGE
