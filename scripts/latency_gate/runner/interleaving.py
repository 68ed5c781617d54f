"""Interleaved rounds: every arm (a build of the relative gate, a middleware of
compare-middleware) runs each sub-experiment once per round, back to back with the other
arms in a random order per sub-experiment, so that the machine's drift and state hit all
arms alike.
"""

import io
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path

from latency_gate.contracts import gate_result
from latency_gate.errors import EXIT_INTERRUPTED, EXIT_OK, RunFailed
from latency_gate.runner import experiment


@dataclass(frozen=True)
class ArmRun:
    """One arm's run of one sub-experiment in a round: where its results are."""

    arm: str
    subexperiment: str
    directory: Path
    position: int  # 1 when the arm ran first for this sub-experiment in its round


@dataclass(frozen=True)
class RoundPlan:
    """What every round of a campaign runs: each arm's RunSpec, the sub-experiments, where."""

    results: Path  # each run goes to results/runs/round-NN/<label>/
    arms: dict  # {label: that arm's RunSpec (its program, its middleware)}
    chosen: tuple  # the sub-experiments, in order
    rounds: int  # rounds at most, for the progress lines
    skip: dict = field(default_factory=dict)  # {label: sub-experiments that arm cannot do}
    # The arms run at the same time, each its sub-experiments in order (counts, unlike times, do not
    # depend on what else runs; each run holds its own domain and port).
    concurrent: bool = False


def run_round(plan, round_number, rng, out):
    """Run every sub-experiment of a RoundPlan with every arm; returns the ArmRuns in run order.
    A run that fails in every attempt raises RunFailed.
    """
    pairs = [(name, _shuffled([label for label in plan.arms if name not in plan.skip.get(label, ())], rng))
             for name in plan.chosen]

    def run_arm(name, label):
        directory = gate_result.run_directory(plan.results, round_number, label)
        began = time.monotonic()
        warnings = io.StringIO()  # the runner retries a failed or hung run (LatencyTest hangs now and then)
        code = experiment.run_experiment(directory, replace(plan.arms[label], subexperiments=(name,), baseline_s=0),
                                         out=io.StringIO(), err=warnings)
        _warn_once(warnings.getvalue())
        if code == EXIT_INTERRUPTED:  # a signal stopped the run: the campaign stops as interrupted (130)
            raise KeyboardInterrupt
        if code != EXIT_OK:
            raise RunFailed(f"{directory}: {name} with the {label} build failed in every attempt in round "
                            f"{round_number} (see metadata.json and logs/ there)")
        return directory, f"{label} {time.monotonic() - began:4.1f} s"

    if not plan.concurrent:
        return [run for name, order in pairs
                for run in _done(plan, round_number, name, order, [run_arm(name, label) for label in order], out)]
    # A queue per arm, one worker each: an arm's next run starts as soon as its last one ends, so no
    # worker waits at each sub-experiment for the other's slower run (4 % of a full-matrix gate), and
    # an arm never runs twice at once (its runs share a directory and its metadata.json: one pool of
    # two workers for both arms ran an arm's next run beside its last and lost entries of that file).
    runs = []
    with ExitStack() as stack:
        workers = {label: stack.enter_context(ThreadPoolExecutor(max_workers=1)) for label in plan.arms}
        queued = [(name, order, [workers[label].submit(run_arm, name, label) for label in order])
                  for name, order in pairs]
        try:
            for name, order, futures in queued:
                runs += _done(plan, round_number, name, order, [future.result() for future in futures], out)
        except BaseException:  # a failed run ends the round: what has not started never runs
            for worker in workers.values():  # every queue cancelled before any is waited for
                worker.shutdown(wait=False, cancel_futures=True)
            raise
    return runs


def _done(plan, round_number, name, order, done, out):
    """The ArmRuns of one sub-experiment's runs, its progress line printed."""
    print(f"round {round_number}/{plan.rounds}  {name:<40} {'  '.join(timing for _, timing in done)}", file=out,
          flush=True)
    return [ArmRun(label, name, directory, position)
            for position, (label, (directory, _)) in enumerate(zip(order, done), start=1)]


def _shuffled(labels, rng):
    """A random order: two arms by one coin flip (as the relative gate always drew it, so a
    gate's --seed gives the same run order across versions), more by a permutation."""
    if len(labels) == 2:
        return labels if rng.random() < 0.5 else labels[::-1]
    return [labels[index] for index in rng.permutation(len(labels))]


_WARNED = set()


def _warn_once(text):
    """The runner warns per run; hundreds of runs say each warning once."""
    for line in text.splitlines():
        if line not in _WARNED:
            _WARNED.add(line)
            print(line, file=sys.stderr)
