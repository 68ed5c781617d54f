"""The relative gate's verdict has three states: a pass that could not see is not a pass.

Specification (cli/gate.py, analysis/relative.py gate_verdict, render/gate_report.py):
- failed: a confirmed regression (or ceiling breach); exit 1, whatever else is required;
- inconclusive: not failed, but some gated cell could not rule out a slowdown of the minimum
  effect, or, with --require-detectable, of the size a team requires; gate_report.md's first
  line, the console's verdict line and gate_result.json say so, with how many cells could not
  and the detectable effect. It exits 0, unless the slowdown was required: then exit 6
  (EXIT_INCONCLUSIVE, documented in docs/running.md);
- passed: every gated cell ruled the slowdown out;
- the requirement is checked once with the other gate settings: one smaller than the minimum
  effect is bad input (exit 3, one line, nothing written).
The gates here are the gate's own loop, looks and reports over model runs (tests/model_gate.py):
a noisy runner is a run-to-run drift of 15 %, a quiet one 0.2 %.
"""

import json
import re
from pathlib import Path

import pytest

import model_gate
from latency_gate import cli
from latency_gate.analysis.relative import GateSettings
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_CHECK_FAILED, EXIT_INCONCLUSIVE, EXIT_OK, InputError

pytestmark = pytest.mark.unit

NOISY, QUIET = 0.15, 0.002


def verdict_of(results):
    return json.loads((results / "gate_result.json").read_text())


def report_lines(results):
    return (results / "gate_report.md").read_text().splitlines()


def test_a_noisy_ab_whose_cells_are_mostly_inconclusive_is_inconclusive_with_the_detectable_effect(
        tmp_path, monkeypatch):
    results, code = model_gate.run(tmp_path, monkeypatch, slower_payload=256, noise=NOISY, seed=2)

    result = verdict_of(results)
    assert code == EXIT_OK  # no requirement: reported, not failed
    assert result["verdict"] == "inconclusive" and result["passed"] is True
    assert result["counts"]["inconclusive"] > result["cells"] / 2 and result["counts"]["regression"] == 0
    assert result["not_ruled_out"] == result["counts"]["inconclusive"]
    lines = report_lines(results)
    assert lines[0] == "## Latency gate (relative: pull request vs base): INCONCLUSIVE"
    median = result["detectable"]["intraprocess_best_effort"]["Median"]["median"]
    assert lines[2].startswith("**INCONCLUSIVE**: 0 confirmed regression(s) among 8 gated cells")
    assert (f"{result['not_ruled_out']} of 8 gated cells could not rule out a slowdown of 5%; detectable: Median: "
            f"+{median * 100:.0f}% (intraprocess_best_effort)") in lines[2]
    assert (tmp_path / "gate.log").read_text().splitlines()[-1].startswith("Relative gate INCONCLUSIVE after 10 rounds")


def test_with_a_required_detectable_slowdown_a_gate_that_could_not_rule_it_out_exits_6(tmp_path, monkeypatch):
    results, code = model_gate.run(tmp_path, monkeypatch, noise=NOISY, seed=2,
                                   settings=GateSettings(require_detectable=0.10))

    result = verdict_of(results)
    assert code == EXIT_INCONCLUSIVE == 6
    assert result["verdict"] == "inconclusive" and result["settings"]["require_detectable"] == 0.10
    assert "could not rule out the required slowdown of 10%;" in report_lines(results)[2]


def test_the_exit_code_of_an_inconclusive_gate_is_the_documented_one():
    documented = (Path(__file__).parents[1] / "docs" / "running.md").read_text()
    assert re.search(rf"^\| {EXIT_INCONCLUSIVE} \| the relative gate is inconclusive with `--require-detectable`",
                     documented, re.M)


def test_a_quiet_unchanged_gate_rules_the_required_slowdown_out_and_passes(tmp_path, monkeypatch):
    results, code = model_gate.run(tmp_path, monkeypatch, noise=QUIET, settings=GateSettings(require_detectable=0.10))

    assert code == EXIT_OK
    assert verdict_of(results)["verdict"] == "passed" and verdict_of(results)["not_ruled_out"] == 0
    assert report_lines(results)[0] == "## Latency gate (relative: pull request vs base): PASSED"


def test_a_confirmed_regression_fails_with_exit_1_whatever_is_required(tmp_path, monkeypatch):
    results, code = model_gate.run(tmp_path, monkeypatch, slower_payload=256, noise=QUIET,
                                   settings=GateSettings(require_detectable=0.10))

    assert code == EXIT_CHECK_FAILED
    assert verdict_of(results)["verdict"] == "failed" and verdict_of(results)["passed"] is False
    assert report_lines(results)[0] == "## Latency gate (relative: pull request vs base): FAILED"


def test_a_required_slowdown_under_the_minimum_effect_is_bad_input_and_nothing_runs(tmp_path, capsys):
    with pytest.raises(InputError, match=r"required detectable slowdown \(0.01\) must be at least the minimum effect"):
        GateSettings(min_effect=0.05, require_detectable=0.01)

    code = cli.main(["gate", "--base", str(tmp_path / "base"), "--pr", str(tmp_path / "pr"), "-r",
                     str(tmp_path / "gate"), "--require-detectable", "0.01"])

    assert code == EXIT_BAD_INPUT
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert not (tmp_path / "gate").exists()
