"""`latency-gate gate`, run for real: two LatencyTest builds in interleaved rounds.

Uses the project-built LatencyTest (scripts/setup/build_latencytest.sh) for both builds,
so every gate here is an unchanged pull request; one intra-process sub-experiment with two
payloads and few samples keeps each gate to seconds.
"""

import json
import subprocess
import sys
from xml.etree import ElementTree

import numpy as np
import pandas as pd
import pytest

import drawn
from latency_gate import cli
from latency_gate.contracts import gate_result
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_OK, EXIT_RUN_FAILED
from latency_gate.analysis import relative

pytestmark = pytest.mark.programs

TINY = ["--subexperiments", "intraprocess_best_effort", "--payloads", "16", "1024", "--samples", "200"]


def gate(results, base, pr, *options):
    command = [sys.executable, "-m", "latency_gate", "gate", "--base", str(base), "--pr", str(pr),
               "-r", str(results), *options]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def test_an_unchanged_pull_request_passes_with_every_report(tmp_path, latency_test, capsys, rendered_plots):
    results = tmp_path / "gate"
    code = cli.main(["gate", "--base", str(latency_test), "--pr", str(latency_test), "-r", str(results), *TINY,
                     "--rounds", "3", "--max-rounds", "4", "--look-every", "1", "--seed", "7", "--head-sha", "f" * 40])
    printed = capsys.readouterr()
    assert code == EXIT_OK, printed.err
    result = gate_result.read(results)  # through its contract
    # Unchanged: never failed; passed, or inconclusive where so few rounds could not rule 5 % out.
    verdict = result["verdict"]
    assert verdict in ("passed", "inconclusive") and (verdict == "inconclusive") == (result["not_ruled_out"] > 0)
    assert f"Relative gate {verdict.upper()}" in printed.out.splitlines()[-1]

    rounds = pd.read_csv(results / "rounds.csv")
    used = rounds[relative.ROUND].max()
    assert used in (3, 4)
    # every round: both builds x 2 payloads x 3 magnitudes, one build first and one second
    assert len(rounds) == used * 2 * 2 * 3
    assert set(rounds.groupby([relative.ROUND, relative.BUILD])["Position"].first().unstack().sum(axis=1)) == {3}
    assert (results / "runs" / "round-01" / "base" / "measurements_intraprocess_best_effort.csv").is_file()

    assert result["passed"] is True and result["mode"] == "relative" and result["head_sha"] == "f" * 40
    assert result["cells"] == 4 and sum(result["counts"].values()) == 4
    assert result["regressions"] == [] and result["seed"] == 7
    suites = ElementTree.parse(results / "gate_report.xml").getroot()
    assert suites.get("tests") == "4" and suites.get("failures") == "0"
    assert (results / "gate_report.md").read_text().startswith(
        f"## Latency gate (relative: pull request vs base): {verdict.upper()}\n\n**{verdict.upper()}**: ")
    cells = pd.read_csv(results / "gate_cells.csv")
    assert set(cells["Magnitude"]) == {"Median", "99%", "Max"} and cells["Gated"].sum() == 4
    # The plot draws each gated cell's ratio and interval, as gate_cells.csv writes them (6 decimals).
    ratios = rendered_plots.find("gate_intraprocess_best_effort.png")
    gated = cells[cells["Gated"]]
    assert {series["label"]: [np.round(series[column], 6).tolist() for column in ("ratio", "low", "high")]
            for series in ratios.data["series"]} == {
        magnitude: [rows[column].tolist() for column in ("Ratio", "Low", "High")]
        for magnitude, rows in gated.groupby("Magnitude", sort=False)}
    assert drawn.drawing(tmp_path / "expected", ratios) == {ratios.path.name: ratios.path.read_bytes()}


def test_the_gate_stops_early_only_when_every_cell_is_cleared(tmp_path, latency_test):
    """A +500% minimum effect is ruled out at once (bound = estimate at 50%); a minimum of 0 at 99% is not."""
    cleared = gate(tmp_path / "cleared", latency_test, latency_test, *TINY, "--rounds", "2", "--max-rounds", "5",
                   "--min-effect", "5", "--clear-confidence", "0.5", "--seed", "1")
    assert cleared.returncode == EXIT_OK, cleared.stderr
    assert json.loads((tmp_path / "cleared" / "gate_result.json").read_text())["rounds"] == 2

    unsettled = gate(tmp_path / "unsettled", latency_test, latency_test, *TINY, "--rounds", "2", "--max-rounds", "3",
                     "--min-effect", "0", "--clear-confidence", "0.99", "--seed", "1")
    assert unsettled.returncode == EXIT_OK, unsettled.stderr
    result = json.loads((tmp_path / "unsettled" / "gate_result.json").read_text())
    assert result["rounds"] == 3 and [look["rounds"] for look in result["looks"]] == [2, 3]


def test_the_requirements_apply_as_a_ceiling(tmp_path, latency_test):
    requirements = tmp_path / "requirements.csv"
    requirements.write_text("Experiment type,Bytes,Median,99%,Max\n"
                            "intraprocess_best_effort,16,0.001,0.001,0.001\n"
                            "intraprocess_best_effort,1024,1000,1000,1000\n")
    # 5 rounds: the sign-flip consistency guard cannot confirm anything with fewer (2**-4 > 0.05)
    done = gate(tmp_path / "gate", latency_test, latency_test, *TINY, "--rounds", "5", "--max-rounds", "5",
                "--requirements", str(requirements), "--seed", "3")
    assert done.returncode == EXIT_OK, done.stderr  # the base is over the impossible 16 B ceiling too: stale
    cells = pd.read_csv(tmp_path / "gate" / "gate_cells.csv").set_index(["Bytes", "Magnitude"])
    assert cells.loc[(16, "Median"), "Ceiling"] == relative.CEILING_STALE
    assert cells.loc[(1024, "Median"), "Ceiling"] == relative.CEILING_UNDER
    assert "stale" in (tmp_path / "gate" / "gate_report.md").read_text()


@pytest.mark.parametrize("options, message", [
    (["--rounds", "1"], "need 2 <= rounds"),
    (["--rounds", "5", "--max-rounds", "4"], "need 2 <= rounds"),
    (["--subexperiments", "intraprocess_fast"], "unknown sub-experiment 'intraprocess_fast'"),
    (["--alpha", "1.5"], "alpha must be between 0 and 1"),
    (["--payloads", "8"], "at least 16 bytes"),
])
def test_bad_options_exit_3_with_one_line_and_write_nothing(tmp_path, latency_test, options, message):
    done = gate(tmp_path / "gate", latency_test, latency_test, *options)
    assert done.returncode == EXIT_BAD_INPUT
    assert len(done.stderr.strip().splitlines()) == 1 and message in done.stderr
    assert not (tmp_path / "gate").exists()


def test_a_missing_build_or_requirement_is_named(tmp_path, latency_test):
    missing = gate(tmp_path / "gate", latency_test, tmp_path / "nowhere" / "LatencyTest", *TINY)
    assert missing.returncode == EXIT_BAD_INPUT and "nowhere/LatencyTest" in missing.stderr
    requirements = tmp_path / "requirements.csv"
    requirements.write_text("Experiment type,Bytes,Median,99%,Max\nintraprocess_best_effort,16,1,1,1\n")
    uncovered = gate(tmp_path / "gate", latency_test, latency_test, *TINY, "--requirements", str(requirements))
    assert uncovered.returncode == EXIT_BAD_INPUT
    assert "no requirement for payload(s) [1024] of 'intraprocess_best_effort'" in uncovered.stderr
    assert not (tmp_path / "gate").exists()


def test_a_results_directory_holding_a_gate_is_not_overwritten(tmp_path, latency_test):
    results = tmp_path / "gate"
    results.mkdir()
    (results / "rounds.csv").write_text("kept\n")
    done = gate(results, latency_test, latency_test, *TINY)
    assert done.returncode == EXIT_BAD_INPUT and "already holds a gate run" in done.stderr
    assert (results / "rounds.csv").read_text() == "kept\n"


def test_a_build_failing_twice_stops_the_gate_with_exit_4_and_no_verdict(tmp_path, latency_test):
    broken = tmp_path / "LatencyTest"
    broken.write_text("#!/bin/sh\necho 'simulated crash' >&2\nexit 1\n")
    broken.chmod(0o755)
    results = tmp_path / "gate"
    done = gate(results, latency_test, broken, *TINY, "--rounds", "2", "--max-rounds", "2")
    assert done.returncode == EXIT_RUN_FAILED
    assert "intraprocess_best_effort failed (both exit 1" in done.stderr and "running it again (attempt 2" in done.stderr
    assert "with the pr build failed in every attempt in round 1" in done.stderr.splitlines()[-1]
    assert (results / "runs" / "round-01" / "pr" / "logs" / "intraprocess_best_effort_both.attempt-1.log").is_file()
    assert not (results / "gate_report.md").exists() and not (results / "gate_result.json").exists()


def test_a_run_that_fails_once_is_retried_and_the_gate_goes_on(tmp_path, latency_test):
    """LatencyTest hangs now and then (TCP with security): the runner runs a failed run again."""
    flaky = tmp_path / "LatencyTest"
    marker = tmp_path / "failed-once"
    flaky.write_text(f"#!/bin/sh\nif [ ! -e {marker} ]; then touch {marker}; exit 1; fi\nexec {latency_test} \"$@\"\n")
    flaky.chmod(0o755)
    done = gate(tmp_path / "gate", latency_test, flaky, *TINY, "--rounds", "2", "--max-rounds", "2")
    assert done.returncode == EXIT_OK, done.stderr
    assert "running it again (attempt 2" in done.stderr
    assert json.loads((tmp_path / "gate" / "gate_result.json").read_text())["rounds"] == 2
