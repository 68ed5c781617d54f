"""When the gate stops (analysis/stop_rule.py): it stops early only to pass; a counted gate goes on
only to confirm a cell that looks like a regression, or whose heap allocations look grown, and decides
it on its last round."""

import json

import numpy as np
import pytest

from latency_gate.analysis import relative, stop_rule
from latency_gate.contracts import gate_result
from latency_gate.campaigns.gate import INSTRUCTIONS_MAX_ROUNDS, INSTRUCTIONS_ROUNDS
from latency_gate.errors import EXIT_CHECK_FAILED, EXIT_INCONCLUSIVE, EXIT_OK
from socket_gates import failed_socket_gate, socket_gate, socket_programs

VERDICTS = np.array([relative.NO_REGRESSION, relative.INCONCLUSIVE, relative.REGRESSION, relative.INCONCLUSIVE])
GATED = np.array([True, True, True, False])


@pytest.mark.unit
def test_a_timed_gate_goes_on_while_a_gated_cell_is_not_cleared():
    assert stop_rule.unsettled_cells(VERDICTS, GATED) == 2


@pytest.mark.unit
def test_a_counted_gate_goes_on_only_while_a_gated_cell_looks_like_a_regression():
    assert stop_rule.unsettled_cells(VERDICTS, GATED, confirm_only=True) == 1
    assert stop_rule.unsettled_cells(VERDICTS[:2], GATED[:2], confirm_only=True) == 0


@pytest.mark.programs
def test_a_counted_regression_is_decided_on_the_last_round(tmp_path):
    programs = socket_programs(tmp_path)

    assert failed_socket_gate(programs, tmp_path / "gate") == EXIT_CHECK_FAILED

    result = json.loads((tmp_path / "gate" / "gate_result.json").read_text())
    assert result["rounds"] == INSTRUCTIONS_MAX_ROUNDS
    assert [look["rounds"] for look in result["looks"]][0] == INSTRUCTIONS_ROUNDS
    assert result["looks"][-1]["rounds"] == INSTRUCTIONS_MAX_ROUNDS


def states_gate(tmp_path, change, *options):
    """A code-path gate of two socket floors whose runs alternate between two echo paths by round, the
    PR's out of step with the base's (pingpong.h: LATENCY_GATE_ECHO_STATES), the PR with `change`
    (None: none), intra-process; (exit code, gate_result.json)."""
    programs = socket_programs(tmp_path, change, both=("-DLATENCY_GATE_ECHO_STATES",))
    code = socket_gate(programs[relative.BASE], programs[relative.PR], tmp_path / "gate",
                       "--subexperiments", "intraprocess_best_effort", *options)
    return code, json.loads((tmp_path / "gate" / "gate_result.json").read_text())


@pytest.mark.programs
def test_a_counted_gate_with_only_inconclusive_cells_stops_at_its_first_look(tmp_path):
    """A small copy in the PR's echo, under runs whose states move the count more than it does: a
    minimum effect of 0 ruled out at 99 % settles no cell (a timed gate would go on)."""
    code, result = states_gate(tmp_path, "-DLATENCY_GATE_ECHO_COPY", "--min-effect", "0", "--clear-confidence", "0.99")

    assert code == EXIT_OK
    assert result["rounds"] == INSTRUCTIONS_ROUNDS and result["verdict"] == relative.INCONCLUSIVE


@pytest.mark.programs
def test_a_counted_gate_that_must_settle_every_cell_goes_on_to_its_last_round(tmp_path):
    """With --require-detectable an inconclusive gate fails (exit 6): more rounds may settle it."""
    code, result = states_gate(tmp_path, "-DLATENCY_GATE_ECHO_COPY", "--min-effect", "0", "--clear-confidence", "0.99",
                               "--require-detectable", "0")

    assert result["rounds"] == INSTRUCTIONS_MAX_ROUNDS and code in (EXIT_OK, EXIT_INCONCLUSIVE)


@pytest.mark.programs
def test_a_counted_cell_whose_runs_differ_by_their_states_only_says_so_and_stays_inconclusive(tmp_path):
    """The same program in both builds, its runs' states out of step: the totals move by round, so they
    cannot rule out 0.2 %; every PR run took a base run's path, function by function, which the reason
    says; how often each state occurs is the program's too, so the cell stays inconclusive."""
    code, result = states_gate(tmp_path, None)

    assert code == EXIT_OK and result["verdict"] == relative.INCONCLUSIVE and result["rounds"] == INSTRUCTIONS_ROUNDS
    cells = gate_result.read_cells(tmp_path / "gate")
    assert (cells["Verdict"] == relative.INCONCLUSIVE).all() and (cells["Ratio"] != 1.0).all(), cells
    assert cells["Reason"].str.endswith(relative.IDENTICAL_PATHS).all(), cells["Reason"].tolist()


@pytest.mark.programs
def test_a_counted_cell_whose_heap_allocations_look_grown_is_decided_on_the_last_round(tmp_path, capsys):
    """A cell can take one of a few allocation states per run, so allocations that look grown after 3
    rounds are confirmed on the last, as instructions are: here the echo's one allocation more per round
    trip, its few instructions more than ruled out (a minimum effect of 50 %)."""
    programs = socket_programs(tmp_path, "-DLATENCY_GATE_ECHO_ALLOCATES")

    code = socket_gate(programs[relative.BASE], programs[relative.PR], tmp_path / "gate", "--min-effect", "0.5")

    assert code == EXIT_CHECK_FAILED
    assert "2 cell(s) unsettled (2 by their heap allocations)" in capsys.readouterr().out
    result = json.loads((tmp_path / "gate" / "gate_result.json").read_text())
    assert result["rounds"] == INSTRUCTIONS_MAX_ROUNDS
    assert result["not_ruled_out"] == 0 and result["looks"][0]["verdicts"] == {relative.NO_REGRESSION: 2}
    assert [(cell["bytes"], cell["verdict"]) for cell in result["allocation_changes"]] == [
        (16, relative.REGRESSION), (1024, relative.REGRESSION)]
