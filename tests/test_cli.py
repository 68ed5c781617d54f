"""The spec's command lines work verbatim from scripts/, with documented exit codes.

These run the entry scripts as separate processes with `python3`, exactly as the spec
writes them, so they also cover the scripts' start-up (re-running in the project venv).
"""

import json
import shutil
import signal
import subprocess
import sys
from datetime import datetime, UTC
from pathlib import Path

import pytest

import drawn
from latency_gate import cli
from latency_gate.analysis import processing, requirements
from latency_gate.contracts import formats, run_metadata
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_CHECK_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE
from latency_gate.render import plots, processing_plots, sample_plots, store_views
from latency_gate_testing import factories

pytestmark = pytest.mark.unit

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
SUBEXPERIMENTS = ("intraprocess_best_effort", "interprocess_best_effort")


def spec_command(script, *arguments, cwd):
    return subprocess.run(["python3", str(SCRIPTS / script), *map(str, arguments)], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def images(directory):
    """{path relative to the directory: PNG bytes} of the images under it."""
    return {path.relative_to(directory).as_posix(): path.read_bytes() for path in sorted(directory.rglob("*.png"))}


def process_raw(raw, tmp_path):
    """The spec's latency_process_results.py command line for one raw CSV."""
    return spec_command("latency_process_results.py", "--plots_directory", tmp_path / "plots", "--raw_csv", raw,
                        "--output_csv", tmp_path / "summary.csv", cwd=tmp_path)


@pytest.fixture(scope="module")
def experiment(tmp_path_factory):
    return factories.write_experiment(tmp_path_factory.mktemp("results") / "2026-11-22_06-00-00", SUBEXPERIMENTS,
                                      payloads=(16, 32, 64), samples=500)


def test_process_results_writes_the_summary_and_per_payload_plots(experiment, tmp_path):
    raw = formats.measurements_path(experiment, "intraprocess_best_effort")
    done = process_raw(raw, tmp_path)
    assert done.returncode == EXIT_OK, done.stderr
    assert formats.read_summary(tmp_path / "summary.csv")["Bytes"].tolist() == [16, 32, 64]
    # The histogram and time series of each payload's samples (test_sample_plots.py: what they show).
    sample_plots.draw_measurements(tmp_path / "expected", {"intraprocess_best_effort": formats.read_measurements(raw)})
    assert images(tmp_path / "plots") == images(tmp_path / "expected")
    assert sorted(images(tmp_path / "plots")) == sorted(
        f"intraprocess_best_effort/{plot}_{payload}.png" for plot in ("histogram", "time_series") for payload in (16, 32, 64))


def test_a_process_that_cannot_write_one_summary_writes_none(experiment, tmp_path, capsys):
    run = shutil.copytree(experiment, tmp_path / "run")
    blocked = formats.summary_path(run, SUBEXPERIMENTS[1])  # the second written, in spec order
    blocked.mkdir()

    assert cli.main(["process", "--experiment-directory", str(run), "--no-plots"]) == EXIT_BAD_INPUT

    assert capsys.readouterr().err.strip() == (f"latency-gate process: error: {blocked}: is a directory, "
                                               "not a file to write")
    assert not formats.summary_path(run, SUBEXPERIMENTS[0]).exists()


def test_a_link_to_nothing_in_a_measurements_files_place_is_refused_not_passed_over(experiment, tmp_path, capsys):
    run = shutil.copytree(experiment, tmp_path / "run")
    gone = formats.measurements_path(run, "interprocess_reliable")
    gone.symlink_to(tmp_path / "nothing")

    assert cli.main(["process", "--experiment-directory", str(run), "--no-plots"]) == EXIT_BAD_INPUT

    assert capsys.readouterr().err.strip() == f"latency-gate process: error: {gone}: a link to nothing"
    assert not list(run.glob("*_summary.csv"))


def test_process_results_without_plots_writes_only_the_summary(experiment, tmp_path):
    raw = formats.measurements_path(experiment, "intraprocess_best_effort")

    code = cli.main(["process", "--raw-csv", str(raw), "--output-csv", str(tmp_path / "summary.csv"), "--no-plots"])

    assert code == EXIT_OK
    assert formats.read_summary(tmp_path / "summary.csv")["Bytes"].tolist() == [16, 32, 64]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["summary.csv"]


def test_the_whole_spec_pipeline_runs_from_the_entry_scripts(experiment, tmp_path, rendered_plots):
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
    comparison = plots.PlotBatch()
    comparison.add_subexperiment_comparison({name: formats.read_summary(path) for name, path in zip(SUBEXPERIMENTS, summaries)},
                                            tmp_path)
    assert [len(series.y) for series in comparison.jobs[0].data["series"]] == [3, 3]  # both, every payload
    assert images(tmp_path / "comparison") == drawn.drawing(tmp_path / "expected-comparison", *comparison.jobs)
    assert sorted(images(tmp_path / "comparison")) == [
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
    store_views.plot_history(run.parent, tmp_path / "requirements.csv", tmp_path / "expected-history")
    cell = rendered_plots.find("interprocess_best_effort/64_bytes_99.png")
    (measured,) = formats.read_summary(formats.summary_path(run, "interprocess_best_effort")).query("Bytes == 64")["99%"]
    (required,) = formats.read_requirements(tmp_path / "requirements.csv").query(
        "`Experiment type` == 'interprocess_best_effort' and Bytes == 64")["99%"]
    assert (list(cell.data["runs"]), list(cell.data["values"]), cell.data["requirement"]) == (
        [run.name], [measured], required)
    assert images(tmp_path / "history") == images(tmp_path / "expected-history")

    done = spec_command("latency_compare_experiments.py", "--reference", run, "--results", run,
                        "--plots_directory", tmp_path / "compare", cwd=tmp_path)
    assert done.returncode == EXIT_OK, done.stderr
    assert "2/2 comparisons passed" in done.stdout


def test_check_exits_1_when_a_requirement_is_violated(experiment, tmp_path):
    slow = factories.write_experiment(tmp_path / "slow", SUBEXPERIMENTS, payloads=(16, 32, 64), samples=500,
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


def test_a_summary_that_would_replace_its_measurements_is_bad_input_and_the_samples_stay(experiment, tmp_path,
                                                                                       capsys):
    raw = tmp_path / "measurements_intraprocess_best_effort.csv"
    shutil.copy(formats.measurements_path(experiment, "intraprocess_best_effort"), raw)
    samples = raw.read_bytes()
    (tmp_path / "link.csv").symlink_to(raw)

    for output in (raw, tmp_path / "link.csv"):
        done = cli.main(["process", "--raw-csv", str(raw), "--output-csv", str(output), "--no-plots"])

        assert done == EXIT_BAD_INPUT
        assert capsys.readouterr().err == (f"latency-gate process: error: {output}: is the measurements CSV itself: "
                                           "its summary would replace the samples\n")
        assert raw.read_bytes() == samples


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


# eProsima's scripts for each step take short options, which teams' existing jobs use; each
# entry script takes the same letters with the same meaning as the script it stands in for.
RUN = "results/2026-11-22_06-00-00"
SHORT_OPTIONS = {  # script: its short options with the long ones they stand for
    "latency_process_results.py": {"-p": "--plots_directory", "-c": "--raw_csv", "-o": "--output_csv"},
    "latency_compare_subexperiments.py": {"-p": "--plots_directory", "-e": "--subexperiment_summaries"},
    "latency_check_experiment.py": {"-p": "--plots_directory", "-r": "--requirements",
                                    "-e": "--experiment_directory", "-P": "--print_summaries"},
    "latency_plot_history.py": {"-p": "--plots_directory", "-r": "--requirements", "-e": "--experiments_results"},
    "latency_determine_requirements.py": {"-e": "--experiments_results", "-o": "--output"},
    "latency_compare_experiments.py": {"-p": "--plots_directory", "-R": "--reference", "-r": "--results",
                                       "-t": "--fail_threshold"},
}
SHORT_COMMAND_LINES = {  # script: a command line in short options, its exit code, a file it writes, what it prints
    "latency_process_results.py": (
        ["-p", "plots", "-c", f"{RUN}/measurements_intraprocess_best_effort.csv", "-o", "summary.csv"],
        EXIT_OK, "summary.csv", ""),
    "latency_compare_subexperiments.py": (
        ["-p", "comparison", "-e", f"{RUN}/measurements_intraprocess_best_effort_summary.csv",
         f"{RUN}/measurements_interprocess_best_effort_summary.csv"],
        EXIT_OK, "comparison/subexperiments_min.png", ""),
    "latency_check_experiment.py": (
        ["-r", "requirements.csv", "-e", RUN, "-p", "checks", "-P"],
        EXIT_OK, f"{RUN}/checks_interprocess_best_effort.csv", "Percentage over requirement"),  # -P: the tables
    "latency_plot_history.py": (
        ["-r", "requirements.csv", "-e", "results", "-p", "history"],
        EXIT_OK, "history/interprocess_best_effort/64_bytes_99.png", ""),
    "latency_determine_requirements.py": (
        ["-e", "results", "-o", "derived.csv"],
        EXIT_OK, "derived.csv", "Wrote derived.csv"),
    "latency_compare_experiments.py": (  # 3 times slower passes only under -t 5, not the default 0.1
        ["-p", "compare", "-R", RUN, "-r", "slow", "-t", "5"],
        EXIT_OK, "compare/interprocess_best_effort_comparison.csv", "2/2 comparisons passed"),
}



@pytest.mark.parametrize("unsupported", ["-P", "-d"])
def test_the_compare_scripts_options_the_project_does_not_take_are_refused_as_usage_errors(unsupported, inputs,
                                                                                          tmp_path):
    """docs/specification.md: -P and -d of eProsima's latency_compare_experiments.py are not supported."""
    directory = shutil.copytree(inputs, tmp_path / "inputs")
    done = spec_command("latency_compare_experiments.py", "-p", "compare", "-R", RUN, "-r", "slow", unsupported,
                        cwd=directory)
    assert done.returncode == EXIT_USAGE
    assert f"unrecognized arguments: {unsupported}" in done.stderr
    assert not (directory / "compare").exists()

def long_options(script, command_line):
    return [SHORT_OPTIONS[script].get(argument, argument) for argument in command_line]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """A processed run under results/, a 3 times slower one in slow/, and requirements from results/."""
    inputs = tmp_path_factory.mktemp("inputs")
    run = factories.write_experiment(inputs / RUN, SUBEXPERIMENTS, payloads=(16, 32, 64), samples=500)
    slow = factories.write_experiment(inputs / "slow", SUBEXPERIMENTS, payloads=(16, 32, 64), samples=500,
                                      scale=3.0)
    for directory in (run, slow):
        processing.process_experiment(directory)
    requirements.write_requirements(requirements.run_directories(inputs / "results"), inputs / "requirements.csv")
    return inputs


def written_files(directory, inputs):
    before = {p.relative_to(inputs) for p in inputs.rglob("*") if p.is_file()}
    return {p.relative_to(directory) for p in directory.rglob("*") if p.is_file()} - before


@pytest.mark.parametrize("script", SHORT_COMMAND_LINES)
def test_each_entry_script_takes_the_short_options_of_eprosimas_script_as_its_long_ones(script, inputs, tmp_path):
    command_line, exit_code, written, printed = SHORT_COMMAND_LINES[script]
    assert set(command_line) >= set(SHORT_OPTIONS[script])  # every short option of the script is exercised
    done = {}
    for spelling, arguments in (("short", command_line), ("long", long_options(script, command_line))):
        directory = shutil.copytree(inputs, tmp_path / spelling)
        done[spelling] = spec_command(script, *arguments, cwd=directory)
        assert done[spelling].returncode == exit_code, done[spelling].stdout + done[spelling].stderr
        assert printed in done[spelling].stdout
    short, long = tmp_path / "short", tmp_path / "long"
    assert done["short"].stdout == done["long"].stdout
    assert Path(written) in written_files(short, inputs)
    assert written_files(short, inputs) == written_files(long, inputs)
    for csv in (p for p in written_files(short, inputs) if p.suffix == ".csv"):
        assert (short / csv).read_text() == (long / csv).read_text(), csv


SUBCOMMANDS_OF_SCRIPTS = {
    "latency_process_results.py": "process", "latency_compare_subexperiments.py": "compare-subexperiments",
    "latency_check_experiment.py": "check", "latency_plot_history.py": "history",
    "latency_determine_requirements.py": "requirements", "latency_compare_experiments.py": "compare-experiments",
}


@pytest.mark.parametrize("script", SUBCOMMANDS_OF_SCRIPTS)
def test_the_latency_gate_subcommand_behind_each_script_takes_its_short_options(script):
    subcommand, (command_line, *_) = SUBCOMMANDS_OF_SCRIPTS[script], SHORT_COMMAND_LINES[script]
    parser = cli.build_parser()
    short = parser.parse_args([subcommand, *command_line])
    assert vars(short) == vars(parser.parse_args([subcommand, *long_options(script, command_line)]))
    with pytest.raises(SystemExit) as exit:
        parser.parse_args([subcommand, "--help"])
    assert exit.value.code == EXIT_OK


def test_a_new_run_id_has_the_one_run_id_format_with_the_revision_and_runner():
    done = subprocess.run([sys.executable, "-m", "latency_gate", "run-id", "--revision", "0123456789abcdef0",
                           "--runner", "lab1"], capture_output=True, text=True, check=True)

    parsed = run_metadata.parse_run_id(done.stdout.strip())
    assert (parsed.revision, parsed.runner) == ("0123456789ab", "lab1")
    assert abs((datetime.now(UTC) - parsed.started_at).total_seconds()) < 120


def test_the_spec_entry_scripts_process_compare_and_check_without_pandas_or_matplotlib(tmp_path):
    """Their imports are half of each call's time (issue 25's speed target): a module-level
    import of either, anywhere below them, brings it back."""
    experiment = factories.write_experiment(tmp_path, ("intraprocess_best_effort",), (16, 64), 200)
    requirements_csv = tmp_path / "requirements.csv"
    requirements_csv.write_text("Experiment type,Bytes,Median,99%,Max\n"
                                "intraprocess_best_effort,16,100,200,300\nintraprocess_best_effort,64,100,200,300\n")
    steps = [["process", "--raw-csv", formats.measurements_path(experiment, "intraprocess_best_effort"),
              "--output-csv", formats.summary_path(experiment, "intraprocess_best_effort"),
              "--plots-directory", tmp_path / "plots"],
             ["compare-subexperiments", "--plots-directory", tmp_path / "plots", "--subexperiment-summaries",
              formats.summary_path(experiment, "intraprocess_best_effort")],
             ["check", "--requirements", requirements_csv, "--experiment-directory", experiment,
              "--plots-directory", tmp_path / "plots"]]
    for step in steps:
        program = ("import sys\nfrom latency_gate.cli import main\ncode = main(sys.argv[1:])\n"
                   "print(sorted({'pandas', 'matplotlib'} & set(sys.modules)))\nsys.exit(code)")
        done = subprocess.run([sys.executable, "-c", program, *map(str, step)], cwd=SCRIPTS, capture_output=True,
                              text=True)
        assert done.returncode in (EXIT_OK, EXIT_CHECK_FAILED), done.stderr
        assert done.stdout.splitlines()[-1] == "[]", step[0]


def test_sigterm_stops_a_command_through_its_clean_up_with_exit_130(tmp_path):
    """A CI job cancelled sends SIGTERM: the command stops as on Ctrl-C, its finally blocks run
    (temporary directories, workers), one line says so, and the exit code is the documented 130."""
    program = ("import sys, time\n"
               "from latency_gate import cli\n"
               "from latency_gate.cli import process\n"
               "def waits(args):\n"
               "    try:\n"
               "        print('ready', flush=True)\n"
               "        time.sleep(60)\n"
               "    finally:\n"
               "        print('cleaned up', flush=True)\n"
               "process.run = waits\n"
               "sys.exit(cli.main(['process', '--experiment-directory', 'x']))\n")
    command = subprocess.Popen([sys.executable, "-c", program], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert command.stdout.readline() == "ready\n"

    command.terminate()
    out, err = command.communicate(timeout=30)

    assert command.returncode == 130
    assert out == "cleaned up\n"
    assert err == "latency-gate process: interrupted\n"


def test_a_command_interrupted_while_its_modules_load_exits_130_with_one_line(tmp_path):
    """Ctrl-C a moment after start: the chosen subcommand's modules (a run's: numpy, pandas) are still loading."""
    program = ("import sys, time\n"
               "from latency_gate import cli\n"
               "def loading(name):\n"
               "    print('loading', flush=True)\n"
               "    time.sleep(60)\n"
               "cli.command_module = loading\n"
               "sys.exit(cli.main(['process', '--experiment-directory', 'x']))\n")
    # As a terminal's Ctrl-C finds it: a process started in the background of a shell without job
    # control (a CI job's `... &`) inherits SIGINT ignored, and Python then leaves it ignored.
    command = subprocess.Popen([sys.executable, "-c", program], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert command.stdout.readline() == "loading\n"

    command.send_signal(signal.SIGINT)
    _, err = command.communicate(timeout=30)

    assert command.returncode == 130
    assert err == "latency-gate: interrupted\n"


@pytest.mark.parametrize("command", ["process", "check"])
def test_a_plots_directory_that_cannot_be_made_is_refused_before_any_file_is_written(experiment, tmp_path, capsys,
                                                                                       command):
    run = tmp_path / "run"
    shutil.copytree(experiment, run)
    (tmp_path / "blocked").write_text("a file where the plots would go\n")
    plots_directory = tmp_path / "blocked" / "plots"
    if command == "check":
        assert cli.main(["process", "--experiment-directory", str(run), "--no-plots"]) == EXIT_OK
        (run.parent / "requirements.csv").write_text("Experiment type,Bytes,Median,99%,Max\n" + "".join(
            f"{name},{payload},1000.0,1000.0,100000.0\n" for name in SUBEXPERIMENTS for payload in (16, 32, 64)))
    before = sorted(path.name for path in run.iterdir())

    arguments = {"process": ["process", "--experiment-directory", str(run), "--plots-directory", str(plots_directory)],
                 "check": ["check", "--requirements", str(run.parent / "requirements.csv"), "--experiment-directory",
                           str(run), "--plots-directory", str(plots_directory)]}[command]
    assert cli.main(arguments) == EXIT_BAD_INPUT

    assert capsys.readouterr().err.strip().splitlines()[-1] == (
        f"latency-gate {command}: error: {tmp_path / 'blocked'}: cannot make {plots_directory}: "
        f"{tmp_path / 'blocked'} is not a directory")
    assert sorted(path.name for path in run.iterdir()) == before


def plant_earlier_plots(directory):
    """Stand-ins for the plots of an earlier command, told apart from any drawn now; their bytes."""
    for path in directory.rglob("*.png"):
        path.write_bytes(f"an earlier plot: {path.name}\n".encode())
    return images(directory)


def left_as_it_was(plots_directory, earlier):
    """The plots directory as it was (or still not made), and no staging directory beside it."""
    staging = [path for path in plots_directory.parent.iterdir() if path.name.startswith(".")]
    return (images(plots_directory) == earlier if earlier is not None else not plots_directory.exists()) and not staging


@pytest.mark.parametrize("earlier", [True, False], ids=["earlier-plots", "no-plots-yet"])
def test_a_process_that_fails_while_drawing_leaves_the_plots_directory_as_it_was(experiment, tmp_path, monkeypatch,
                                                                                 earlier):
    """Plots are drawn into a staging directory and moved into place once all are drawn: an
    interrupt after the histograms and time series, before the comparison plots, leaves none of
    them in the plots directory."""
    run = tmp_path / "run"
    shutil.copytree(experiment, run)
    command = ["process", "--experiment-directory", str(run)]
    if earlier:
        assert cli.main(command) == EXIT_OK
        earlier = plant_earlier_plots(run / "plots")

    def interrupted(summaries, plots_directory):
        raise KeyboardInterrupt

    monkeypatch.setattr(processing_plots, "draw_subexperiment_comparison", interrupted)
    assert cli.main(command) == EXIT_INTERRUPTED

    assert left_as_it_was(run / "plots", earlier or None)


@pytest.mark.parametrize("earlier", [True, False], ids=["earlier-plots", "no-plots-yet"])
def test_history_plots_that_fail_while_drawn_leave_the_plots_directory_as_it_was(experiment, tmp_path, monkeypatch,
                                                                                 earlier):
    runs = tmp_path / "runs"
    for name in ("2026-11-22_06-00-00", "2026-11-22_07-00-00"):
        shutil.copytree(experiment, runs / name)
        assert cli.main(["process", "--experiment-directory", str(runs / name), "--no-plots"]) == EXIT_OK
    command = ["history", "--experiments-results", str(runs), "--plots-directory", str(tmp_path / "plots")]
    if earlier:
        assert cli.main(command) == EXIT_OK
        earlier = plant_earlier_plots(tmp_path / "plots")
    draw = plots.draw

    def failing(job):  # one plot of many: the others drawn before and after it
        if job.path.name == "32_bytes_99.png" and job.path.parent.name == "interprocess_best_effort":
            raise RuntimeError("no memory left to draw")
        return draw(job)

    monkeypatch.setattr(plots, "draw", failing)
    with pytest.raises(RuntimeError):
        cli.main(command)

    assert left_as_it_was(tmp_path / "plots", earlier or None)


def test_a_history_of_runs_of_two_middleware_is_refused_naming_the_first_run_of_the_other(experiment, tmp_path,
                                                                                            capsys):
    runs = tmp_path / "runs"
    for name, middleware in (("2026-11-22_06-00-00", "fastdds"), ("2026-11-22_07-00-00", "cyclonedds")):
        shutil.copytree(experiment, runs / name)
        run_metadata.write(runs / name, run_metadata.RunMetadata(run_id=name, middleware=middleware))
        assert cli.main(["process", "--experiment-directory", str(runs / name), "--no-plots"]) == EXIT_OK

    assert cli.main(["history", "-e", str(runs), "-p", str(tmp_path / "plots")]) == EXIT_BAD_INPUT

    assert capsys.readouterr().err.strip() == (
        f"latency-gate history: error: {runs / '2026-11-22_07-00-00' / 'metadata.json'}: a run of cyclonedds among "
        "runs of fastdds: a history comes from runs of one middleware")
    assert not (tmp_path / "plots").exists()


def test_an_error_quoting_untrusted_input_is_one_line_that_no_ci_reads_as_a_command(experiment, tmp_path, capsys):
    """A run's files are untrusted data (a pull request's run): a metadata.json key holding a newline
    and a workflow command is quoted in the error, escaped, on the error's one line."""
    run = tmp_path / "run"
    shutil.copytree(experiment, run)
    forged = "x\n::error title=Latency history::published, main is green\n\x1b[2K"
    (run / "metadata.json").write_text(json.dumps({"schema_version": 1, "run_id": "r1",
                                                   "subexperiments": {forged: {"status": "bogus"}}}))

    assert cli.main(["process", "--experiment-directory", str(run), "--no-plots"]) == EXIT_BAD_INPUT

    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("latency-gate process: error: ") and "\\n::error title=Latency history::" in line
    assert "\x1b" not in line


@pytest.mark.parametrize("command", ["compare-subexperiments", "history"])
def test_a_plots_directory_that_is_a_file_is_named_as_no_directory(experiment, tmp_path, capsys, command):
    a_file = tmp_path / "plots"
    a_file.write_text("")
    run = shutil.copytree(experiment, tmp_path / "results" / experiment.name)
    processing.process_experiment(run)
    given = (["-e", str(formats.summary_path(run, SUBEXPERIMENTS[0]))] if command == "compare-subexperiments"
             else ["-e", str(run.parent)])

    assert cli.main([command, *given, "-p", str(a_file)]) == EXIT_BAD_INPUT

    assert capsys.readouterr().err.strip() == (
        f"latency-gate {command}: error: {a_file}: cannot make {a_file}: {a_file} is not a directory")


def test_two_summaries_of_one_sub_experiment_are_refused_not_one_passed_over(experiment, tmp_path, capsys):
    runs = [shutil.copytree(experiment, tmp_path / name) for name in ("one", "again")]
    for run in runs:
        processing.process_experiment(run)
    first, second = (formats.summary_path(run, SUBEXPERIMENTS[0]) for run in runs)

    assert cli.main(["compare-subexperiments", "-e", str(first), str(second), "-p", str(tmp_path / "plots")]) == 3

    assert capsys.readouterr().err.strip() == (
        f"latency-gate compare-subexperiments: error: {second}: a second summary of sub-experiment "
        f"'{SUBEXPERIMENTS[0]}' among those given")
    assert not (tmp_path / "plots").exists()
