"""compare-middleware: one run per middleware on the same machine, interleaved, and the
vendor comparison's table (dds-vendor-comparison-es.txt: minimum and mean per payload; here
also median and 99%) with how far each middleware sits above the floor.

The floor is the socket backend (SocketLatency): the same ping-pong over a bare loopback
socket, or for intra-process the sample copied there and back on the writer's thread. Overhead = a middleware's median minus the
floor's median of the same sub-experiment and payload; a security sub-experiment's floor is
its plain twin's (a socket has no DDS Security), so its overhead includes the cost of security.

Results directory:
  runs/round-NN/<middleware>/     each run's measurements, metadata and logs
  middleware_comparison.csv       Middleware, Experiment type, Bytes, Samples, Min, Mean, Median, 99%,
                                  Floor median, Overhead (all in us), pooled over the rounds
  middleware_comparison.md        the same for people: an overview, then one table per sub-experiment
  plots/middleware_<sub-experiment>.png   mean (solid) and minimum (dashed) per payload and middleware
"""

import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate.analysis.statistics import summarise
from latency_gate.contracts import middleware_table, run_metadata
from latency_gate.contracts.middleware_table import COLUMNS, EXPERIMENT, FLOOR_MEDIAN, MAGNITUDES, MIDDLEWARE, OVERHEAD
from latency_gate.contracts.formats import SPEC_FAMILY, family_of, measurements_path, read_measurements
from latency_gate.errors import InputError
from latency_gate.runner import experiment, interleaving
from latency_gate.runner.middleware import BACKENDS
from latency_gate.runner.run_spec import RunSpec

FLOOR = "socket"
DEFAULT_ROUNDS = 3


@dataclass(frozen=True)
class Comparison:
    """A comparison's table and what it was made of: the middlewares and sub-experiments in their
    order, the settings in force (regime), samples and rounds per cell, each middleware's program,
    what each did not run and why ({middleware: {sub-experiment: why}}) and the configurations
    directories given ({middleware: directory}; the others: their backend's own)."""
    table: pd.DataFrame
    middlewares: tuple
    chosen: tuple
    regime: str
    samples: int
    rounds: int
    programs: dict
    unsupported: dict
    profiles: dict


def compare_middleware(results_directory, middlewares=None, programs=None, spec=RunSpec(),
                       rounds=DEFAULT_ROUNDS, seed=None, out=None, profiles=None):
    """Run the comparison and write its table; returns the Comparison (its report:
    render/comparison_report.py).

    middlewares: names, in report order (None: every registered backend that loads, a warning for each
    other one). programs: {middleware: its latency program} where not the project-built one; profiles:
    {middleware: its configurations directory} where not the backend's own. spec: every run's
    settings (runner/run_spec.RunSpec), its middleware, program and profiles aside.
    Raises InputError (nothing runs) on bad input, RunFailed when a run fails in every attempt.
    """
    out = out or sys.stdout  # looked up per call: a default bound at import would keep a replaced stream
    programs, profiles = programs or {}, profiles or {}
    middlewares = tuple(BACKENDS.usable() if middlewares is None else middlewares)
    if len(set(middlewares)) != len(middlewares) or not middlewares:
        raise InputError(f"name each middleware once, got {' '.join(middlewares) or 'none'}")
    if rounds < 1:
        raise InputError(f"rounds must be at least 1, got {rounds}")
    if seed is not None and not 0 <= seed < 2**32:
        raise InputError(f"seed must be a whole number from 0 to {2**32 - 1}, got {seed}")
    for what, given in (("a program", programs), ("configurations", profiles)):
        unknown = sorted(set(given) - set(middlewares))
        if unknown:
            raise InputError(f"{what} for middleware not compared: {', '.join(unknown)}")
    arms, skip = {}, {}
    for middleware in middlewares:
        checked = experiment.validate_run(replace(spec, middleware=middleware, program=programs.get(middleware),
                                                  profiles=profiles.get(middleware)))
        arms[middleware] = replace(spec, middleware=middleware, program=checked.binary, payloads=checked.payloads,
                                   profiles=profiles.get(middleware))
        skip[middleware] = dict(checked.unsupported)
        for name, why in checked.unsupported.items():
            print(f"{name}: not run by {checked.backend.TITLE}: {why}", file=out, flush=True)
    # A sub-experiment of another family at this family's payloads (the spec's UDP at robot sizes) is a
    # reference for the middleware; the floor runs only the family's own.
    if FLOOR in middlewares:
        for name in checked.subexperiments:
            if family_of(name).name != checked.family:
                skip[FLOOR].setdefault(name, f"a reference from the {family_of(name).name} family at the "
                                             f"{checked.family} family's payloads: the floor runs the family's own")
    # What no middleware can do here (intra-process under --topology netns) is not in the comparison.
    chosen = tuple(name for name in checked.subexperiments if any(name not in skip[m] for m in middlewares))
    if FLOOR in middlewares:
        # A security sub-experiment's floor is its plain twin's (floor_of): run by the floor alone
        # where it was not chosen, so that every overhead the report explains has its floor.
        twins = tuple(dict.fromkeys(floor_of(name) for name in chosen if floor_of(name) not in chosen
                                    and floor_of(name) not in skip[FLOOR]))
        for middleware in middlewares:
            if middleware != FLOOR:
                skip[middleware].update({twin: "the plain twin of a security sub-experiment, run by the socket "
                                               "floor alone as the floor of its overhead" for twin in twins})
        chosen += twins
    payloads, samples = checked.payloads, spec.samples
    if not chosen:
        raise InputError("none of the chosen sub-experiments can run with these middleware and this topology")
    results = Path(results_directory)
    if middleware_table.path(results).exists() or (results / "runs").exists():
        raise InputError("already holds a comparison, or the runs of one that failed; use a new results directory",
                         results)
    seed = int(np.random.SeedSequence().entropy % 2**32) if seed is None else seed
    rng = np.random.default_rng(seed)
    print(f"Comparing {', '.join(BACKENDS[m].TITLE for m in middlewares)}: {len(chosen)} sub-experiment(s) x "
          f"{len(payloads)} payload(s), {samples} samples, {rounds} round(s), seed {seed}", file=out, flush=True)
    started = time.monotonic()
    plan = interleaving.RoundPlan(results, arms, chosen, rounds, skip=skip)
    runs = []
    for round_number in range(1, rounds + 1):
        runs += interleaving.run_round(plan, round_number, rng, out)
    table = comparison_table(pooled_summaries(runs))
    regime = run_metadata.regime_text(run_metadata.regime(run_metadata.read(runs[0].directory)))
    written = middleware_table.write(table, results)
    print(overview(table, middlewares).to_string(), file=out)
    print(f"Settings in force: {regime}\nDone in {time.monotonic() - started:.0f} s: {written}",
          file=out, flush=True)
    return Comparison(table, middlewares, chosen, regime, samples, rounds, {m: arms[m].program for m in middlewares},
                      skip, profiles)


def pooled_summaries(runs):
    """The spec's summary of every (middleware, sub-experiment), its rounds' samples pooled."""
    frames = []
    for (middleware, name), group in pd.DataFrame([vars(run) for run in runs]).groupby(
            ["arm", "subexperiment"], sort=False):
        measurements = pd.concat([read_measurements(measurements_path(directory, name))
                                  for directory in group["directory"]], ignore_index=True)
        frames.append(summarise(measurements).assign(**{MIDDLEWARE: middleware, EXPERIMENT: name}))
    return pd.concat(frames, ignore_index=True)


def floor_of(subexperiment):
    """The floor's sub-experiment for a middleware's: a socket has no security."""
    return subexperiment.removesuffix("_security")


def comparison_table(summaries):
    """COLUMNS: each middleware's magnitudes, the floor's median of the same cell and the overhead."""
    table = summaries[[MIDDLEWARE, EXPERIMENT, "Bytes", "Samples", *MAGNITUDES]]
    floor = (summaries.loc[summaries[MIDDLEWARE] == FLOOR, [EXPERIMENT, "Bytes", "Median"]]
             .rename(columns={EXPERIMENT: "floor_of", "Median": FLOOR_MEDIAN}))
    table = (table.assign(floor_of=table[EXPERIMENT].map(floor_of))
             .merge(floor, on=["floor_of", "Bytes"], how="left").drop(columns="floor_of"))
    table[OVERHEAD] = table["Median"] - table[FLOOR_MEDIAN]
    return table[list(COLUMNS)]


def overview(table, middlewares):
    """Median latency (us) per sub-experiment and middleware at the smallest and largest payload."""
    ends = table[table["Bytes"].isin([table["Bytes"].min(), table["Bytes"].max()])]
    wide = ends.pivot_table(index=EXPERIMENT, columns=[MIDDLEWARE, "Bytes"], values="Median", sort=False)
    order = [column for middleware in middlewares for column in wide.columns if column[0] == middleware]
    wide = wide[order]
    wide.columns = [f"{BACKENDS[m].TITLE} {b} B" for m, b in wide.columns]
    return wide.round(2)


# The shared-memory family's table: each way a sample can cross at robot sizes, per middleware.
PATHS = (("UDP", "interprocess_best_effort"), ("UDP", "interprocess_reliable"),
         ("shared memory", "interprocess_best_effort_shm"), ("shared memory", "interprocess_reliable_shm"),
         ("zero copy", "interprocess_best_effort_zero_copy"), ("zero copy", "interprocess_reliable_zero_copy"))
ROBOT_PAYLOADS = (16384, 1048576, 4194304)


def paths_table(table, middlewares):
    """Median (us) per path, reliability and payload (rows: ROBOT_PAYLOADS) and middleware (columns);
    None when the comparison has no shared-memory path at these sizes (UDP alone at 16 KiB is the
    spec's comparison, not this one)."""
    labels = {name: f"{path}, {'reliable' if '_reliable' in name else 'best effort'}" for path, name in PATHS}
    cells = table[table[EXPERIMENT].isin(labels) & table["Bytes"].isin(ROBOT_PAYLOADS)]
    if (cells[EXPERIMENT].map(lambda name: family_of(name).name) == SPEC_FAMILY).all():
        return None
    order = {name: index for index, (_, name) in enumerate(PATHS)}
    wide = cells.pivot_table(index=[EXPERIMENT, "Bytes"], columns=MIDDLEWARE, values="Median")
    wide = wide.reindex(columns=[m for m in middlewares if m in wide.columns])
    wide = wide.sort_index(key=lambda level: level.map(order) if level.name == EXPERIMENT else level)
    wide.columns = [BACKENDS[m].TITLE for m in wide.columns]
    rows = pd.DataFrame({"path": [labels[name] for name, _ in wide.index],
                         "payload": [_size(size) for _, size in wide.index]})
    return pd.concat([rows, wide.round(2).reset_index(drop=True)], axis=1)


def _size(size):
    return f"{size >> 20} MiB" if size >= 1 << 20 else f"{size >> 10} KiB"
