"""Interleaved rounds (runner/interleaving.py): every arm runs every sub-experiment once a round,
in a random order per sub-experiment. Concurrent arms (the code-path gate's two builds) are a
queue: each arm's next run starts when its last one ends, and a run that fails in every attempt
ends the round before anything queued after it starts."""

import threading
from pathlib import Path

import numpy as np
import pytest

from latency_gate.errors import EXIT_OK, EXIT_RUN_FAILED, RunFailed
from latency_gate.runner import interleaving
from latency_gate.runner.run_spec import RunSpec

pytestmark = pytest.mark.unit

NAMES = ("intraprocess_best_effort", "interprocess_best_effort", "interprocess_reliable")


@pytest.fixture
def released():
    """Set when the round cancels what it has not started (the pool's shutdown with cancel_futures)."""
    return threading.Event()


@pytest.fixture
def holding():
    """Append to it and a run holds its worker until `released`, so nothing else starts meanwhile."""
    return []


@pytest.fixture
def started(monkeypatch, released, holding):
    """The (arm, sub-experiment) of every run started, in order; the program 'broken' fails its
    first sub-experiment at once; with `holding`, every run after the first sub-experiment's holds."""
    runs, lock = [], threading.Lock()

    def run_experiment(directory, spec, out, err):
        with lock:
            runs.append((Path(directory).name, spec.subexperiments[0]))
        if spec.subexperiments[0] == NAMES[0]:
            return EXIT_RUN_FAILED if spec.program == Path("broken") else EXIT_OK
        if holding:
            assert released.wait(timeout=30), "the round never cancelled its queue"
        return EXIT_OK

    class Pool(interleaving.ThreadPoolExecutor):
        def shutdown(self, wait=True, *, cancel_futures=False):
            if cancel_futures:
                super().shutdown(wait=False, cancel_futures=True)
                released.set()
            super().shutdown(wait=wait, cancel_futures=cancel_futures)

    monkeypatch.setattr(interleaving.experiment, "run_experiment", run_experiment)
    monkeypatch.setattr(interleaving, "ThreadPoolExecutor", Pool)
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
        tmp_path, started, holding):
    holding.append(True)
    with pytest.raises(RunFailed, match="intraprocess_best_effort with the pr build failed in every attempt"):
        interleaving.run_round(plan(tmp_path, True, pr_program="broken"), 1, np.random.default_rng(7), None)

    # both workers held their runs of the second sub-experiment until the queue was cancelled
    assert ("base", NAMES[-1]) not in started and ("pr", NAMES[-1]) not in started
