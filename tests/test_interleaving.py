"""Interleaved rounds (runner/interleaving.py): every arm runs every sub-experiment once a round,
in a random order per sub-experiment. Concurrent arms (the code-path gate's two builds) are a
queue: each arm's next run starts when its last one ends, and a run that fails in every attempt
ends the round before anything queued after it starts."""

import threading
import time
from pathlib import Path

import numpy as np
import pytest

from latency_gate.errors import EXIT_OK, EXIT_RUN_FAILED, RunFailed
from latency_gate.runner import interleaving
from latency_gate.runner.run_spec import RunSpec

pytestmark = pytest.mark.unit

NAMES = ("intraprocess_best_effort", "interprocess_best_effort", "interprocess_reliable")


RUN_S = 0.5  # a run's length: the round's failure is seen long before a worker is free for a third run


@pytest.fixture
def started(monkeypatch):
    """The (arm, sub-experiment) of every run started, in order; a run of the program 'broken' fails
    at once, the others take RUN_S when the round is concurrent."""
    runs, lock = [], threading.Lock()

    def run_experiment(directory, spec, out, err):
        with lock:
            runs.append((Path(directory).name, spec.subexperiments[0]))
        if spec.program == Path("broken"):
            return EXIT_RUN_FAILED
        if threading.current_thread() is not threading.main_thread():
            time.sleep(RUN_S)
        return EXIT_OK

    monkeypatch.setattr(interleaving.experiment, "run_experiment", run_experiment)
    return runs


def plan(tmp_path, concurrent, pr_program="pr"):
    arms = {"base": RunSpec(program=Path("base")), "pr": RunSpec(program=Path(pr_program))}
    return interleaving.RoundPlan(tmp_path, arms, NAMES, rounds=1, concurrent=concurrent)


@pytest.mark.parametrize("concurrent", [False, True])
def test_every_arm_runs_every_subexperiment_and_the_runs_come_back_in_the_plans_order(
        tmp_path, started, concurrent, capsys):
    runs = interleaving.run_round(plan(tmp_path, concurrent), 1, np.random.default_rng(7), None)

    assert [run.subexperiment for run in runs] == [name for name in NAMES for _ in range(2)]
    assert [run.position for run in runs] == [1, 2] * len(NAMES)
    assert sorted(started) == sorted((arm, name) for arm in ("base", "pr") for name in NAMES)


def test_the_same_seed_draws_the_same_order_concurrent_or_not(tmp_path, started):
    orders = [[run.arm for run in interleaving.run_round(plan(tmp_path / str(c), c), 1, np.random.default_rng(7),
                                                         None)] for c in (False, True)]
    assert orders[0] == orders[1]


def test_a_run_failing_in_every_attempt_ends_the_concurrent_round_before_the_runs_queued_after_it(
        tmp_path, started):
    with pytest.raises(RunFailed, match="intraprocess_best_effort with the pr build failed in every attempt"):
        interleaving.run_round(plan(tmp_path, True, pr_program="broken"), 1, np.random.default_rng(7), None)

    # the two workers may each have taken one more run before the failure was seen, never the last pair
    assert ("base", NAMES[-1]) not in started and ("pr", NAMES[-1]) not in started
