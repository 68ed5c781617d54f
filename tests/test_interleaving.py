"""Interleaved rounds (runner/interleaving.py): every arm runs every sub-experiment once a round,
in a random order per sub-experiment. Concurrent arms (the code-path gate's two builds) are a
queue: each arm's next run starts when its last one ends, and a run that fails in every attempt
ends the round before anything queued after it starts."""

import threading
from pathlib import Path

import numpy as np
import pytest

from latency_gate.errors import EXIT_INTERRUPTED, EXIT_OK, EXIT_RUN_FAILED, RunFailed
from latency_gate.runner import interleaving
from latency_gate.runner.run_spec import RunSpec

pytestmark = pytest.mark.unit

NAMES = ("intraprocess_best_effort", "interprocess_best_effort", "interprocess_reliable")


@pytest.fixture
def released():
    """Set when the round has cancelled what it has not started (every arm's pool shut down with
    cancel_futures)."""
    return threading.Event()


@pytest.fixture
def holding():
    """Append to it and a run holds its worker until `released`, so nothing else starts meanwhile."""
    return []


@pytest.fixture
def started(monkeypatch, released, holding):
    """The (arm, sub-experiment) of every run started, in order; the program 'broken' fails its
    first sub-experiment at once, and 'interrupted' is stopped by a signal there; with `holding`, every run after the first sub-experiment's holds."""
    runs, lock = [], threading.Lock()

    def run_experiment(directory, spec, out, err):
        with lock:
            runs.append((Path(directory).name, spec.subexperiments[0]))
        if spec.subexperiments[0] == NAMES[0]:
            return {Path("broken"): EXIT_RUN_FAILED, Path("interrupted"): EXIT_INTERRUPTED}.get(spec.program, EXIT_OK)
        if holding:
            assert released.wait(timeout=30), "the round never cancelled its queue"
        return EXIT_OK

    pools, cancelled = [], []

    class Pool(interleaving.ThreadPoolExecutor):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            pools.append(self)

        def shutdown(self, wait=True, *, cancel_futures=False):
            if cancel_futures:
                super().shutdown(wait=False, cancel_futures=True)
                cancelled.append(self)
                if len(cancelled) == len(pools):  # every arm's queue cancelled
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


@pytest.mark.parametrize("concurrent", [False, True])
def test_a_run_stopped_by_a_signal_stops_the_round_as_interrupted_not_as_a_failed_run(tmp_path, started,
                                                                                      concurrent):
    """Ctrl-C or SIGTERM during a gate: the run says interrupted, and so does the gate (exit 130 from
    the command line), not that a build failed in every attempt (exit 4)."""
    with pytest.raises(KeyboardInterrupt):
        interleaving.run_round(plan(tmp_path, concurrent, pr_program="interrupted"), 1, np.random.default_rng(7), None)


class FirstArmFirst:
    """A round's order drawn as base first in every sub-experiment (interleaving._shuffled)."""

    def random(self):
        return 0.0


def test_an_arm_never_runs_twice_at_once(tmp_path, monkeypatch):
    """The pr arm's first run lasts until the base arm's last run has started: meanwhile no other
    pr run may start (an arm's runs share its directory and metadata.json)."""
    base_done, lock, active, overlaps = threading.Event(), threading.Lock(), {"base": 0, "pr": 0}, []

    def run_experiment(directory, spec, out, err):
        arm = Path(directory).name
        with lock:
            active[arm] += 1
            if active[arm] > 1:
                overlaps.append((arm, spec.subexperiments[0]))
        if arm == "base" and spec.subexperiments[0] == NAMES[-1]:
            base_done.set()
        if arm == "pr" and spec.subexperiments[0] == NAMES[0]:
            base_done.wait(timeout=30)
        with lock:
            active[arm] -= 1
        return EXIT_OK

    monkeypatch.setattr(interleaving.experiment, "run_experiment", run_experiment)

    interleaving.run_round(plan(tmp_path, True), 1, FirstArmFirst(), None)

    assert base_done.is_set() and overlaps == []
