"""Deriving requirements from many runs ("Set Latency Requirements" and "Set Throughput
Requirements" in the specs).

For each sub-experiment, payload and checked magnitude of the kind (latency: Median, 99%,
Max; throughput: lost samples, subscription throughput), the requirement is that
magnitude's value across the runs at a percentile (spec: 99; a floor, throughput, at 100
minus it: 1), computed with numpy's default (linear) percentile.

Beside the CSV (spec format, unchanged) goes its provenance (contracts/requirements_provenance.py):
how many runs at which percentile, when, and what they ran on (measurement regimes, CPU
models, kernels, middleware versions, the platform baseline). A check reads it to say when
a run is not like the runs its requirements came from (comparability_notes).
"""

import datetime
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

from latency_gate.contracts import formats, requirements_provenance, run_metadata
from latency_gate.contracts.formats import KNOWN_SUBEXPERIMENTS, find_summaries, read_batch, write_csv
from latency_gate.errors import InputError
from latency_gate.runner import kinds
from latency_gate.runner.kinds import LATENCY

DEFAULT_PERCENTILE = 99.0


def run_directories(experiments_results):
    """The run directories (those holding summaries) below a results directory, sorted by name."""
    root = Path(experiments_results)
    if not root.is_dir():
        raise InputError("no such directory", root)
    runs = sorted(
        p for p in root.iterdir()
        if p.is_dir() and not p.name.startswith(".") and formats.has_summaries(p)
    )
    if not runs:
        raise InputError("no run directories with summaries (measurements_<sub-experiment>_summary.csv)", root)
    return runs


def collect_summaries(runs, kind=LATENCY):
    """Long frame: one row per run, sub-experiment and payload, with the summary columns."""
    runs = [Path(run) for run in runs]
    files = [(index, name, path) for index, run in enumerate(runs) for name, path in find_summaries(run).items()]
    frame = read_batch(files, kind.summary_columns, kind.read_summary, {}, unique=(kind.payload,),
                       integers=kind.integers, rules=kind.summary_rules)
    names = np.array([run.name for run in runs], dtype=object)
    return frame.assign(Run=names[frame.pop("run").to_numpy()]).rename(columns={"subexperiment": "Experiment type"})


def check_percentile(percentile):
    """InputError unless `percentile` is a number from 0 to 100 (NaN is none)."""
    if not 0 <= percentile <= 100:
        raise InputError(f"percentile must be between 0 and 100, got {percentile}")


def derive_requirements(runs, percentile=DEFAULT_PERCENTILE, kind=LATENCY):
    """Requirements CSV frame (the kind's spec columns) from the summaries of many runs."""
    import pandas as pd  # here: the spec's check imports this module for comparability_notes, and no pandas

    check_percentile(percentile)
    runs = [Path(r) for r in runs]
    history = collect_summaries(runs, kind)
    _require_consistent_payloads(history, runs, kind.payload)
    order = {name: i for i, name in enumerate(KNOWN_SUBEXPERIMENTS)}
    cells = history.groupby(["Experiment type", kind.payload], sort=False)
    requirements = pd.concat([
        cells[magnitude].agg(lambda values, at=kind.default_percentile(magnitude, percentile):
                             np.percentile(values.to_numpy(dtype=float), at))
        for magnitude in kind.magnitudes
    ], axis=1).reset_index()
    requirements = requirements.sort_values(
        ["Experiment type", kind.payload], key=lambda c: c.map(order) if c.name == "Experiment type" else c,
        kind="stable",
    )
    return requirements[list(kind.requirements_columns)].reset_index(drop=True)


def _require_runs_alike(runs):
    """InputError naming the run: requirements come from runs of one middleware, and from the
    sub-experiments that passed (a failed one's summary, of a partial result, is no measure).
    Runs without metadata.json (the spec's own flows) say neither."""
    for run, metadata in run_metadata.of_one_middleware(runs, "requirements come"):
        for name, outcome in metadata.subexperiments.items():
            if outcome.status != "passed" and formats.summary_path(run, name).is_file():
                raise InputError(f"sub-experiment '{name}' {outcome.status} in this run: its summary is no "
                                 "measure of what it requires (re-run it, or leave the run out)",
                                 run / run_metadata.METADATA_FILE)


def _require_consistent_payloads(history, runs, payload):
    """Every run that has a sub-experiment must have measured the same payloads for it."""
    payloads = history.groupby(["Experiment type", "Run"], sort=False)[payload].agg(frozenset)
    for name, per_run in payloads.groupby(level=0, sort=False):
        expected = per_run.iloc[0]
        for (_, run), measured in per_run.items():
            if measured != expected:
                raise InputError(
                    f"payloads of '{name}' differ from the other runs: {sorted(measured)} vs {sorted(expected)}",
                    formats.summary_path(next(r for r in runs if r.name == run), name),
                )


def check_not_inside(output, runs):
    """InputError when the requirements CSV `output` would go inside one of `runs`: it could replace
    one of the summaries it is derived from (or its provenance, a run's file)."""
    inside = next((run for run in runs if Path(run).resolve() in Path(output).resolve().parents), None)
    if inside is not None:
        raise InputError(f"is inside the run {inside}, one of the inputs: write the requirements elsewhere", output)


def write_requirements(runs, output, percentile=DEFAULT_PERCENTILE, out=None, kind=None):
    """Derive the requirements from `runs`, write the CSV and its provenance, and say how well founded it is.
    kind: latency or throughput; None: what the runs' metadata says."""
    out = out or sys.stdout  # looked up per call: a default bound at import would keep a replaced stream
    kind = kinds.of_runs(runs, kind and kind.name)
    _require_runs_alike(runs)
    check_not_inside(output, runs)
    derived = derive_requirements(runs, percentile, kind)
    origin = provenance(runs, percentile, kind)
    formats.check_writable(output, requirements_provenance.path(output))  # both or neither
    write_csv(derived, output)
    written = requirements_provenance.write(output, origin)
    floors = "".join(f", {magnitude} at {kind.default_percentile(magnitude, percentile):g} (a floor)"
                     for magnitude in kind.magnitudes if kind.is_floor(magnitude))
    print(f"Wrote {output}: {len(derived)} {kind.name} requirements from {len(runs)} runs at percentile "
          f"{percentile:g}{floors}", file=out, flush=True)
    if origin["regime"] is None and origin["regimes"]:
        print(f"Note: the runs were measured under {len(origin['regimes'])} different settings "
              f"({written.name}); requirements should come from runs made alike.", file=out, flush=True)
    if len(runs) < 100 / (100 - min(percentile, 99.9)):
        print(f"Note: {len(runs)} runs are too few for a meaningful {percentile:g}th percentile; the spec uses 200.",
              file=out, flush=True)
    return derived


# ---------------------------------------------------------------------------------------
# Provenance

# A runner whose cyclictest p99 is over this factor of the requirements' runs wakes up
# markedly slower than they did (and over BASELINE_SLACK_US, so that 2 us vs 5 us is no finding).
BASELINE_FACTOR = 2.0
BASELINE_SLACK_US = 10.0


def provenance(runs, percentile, kind=LATENCY):
    """What the requirements were derived from, as far as the runs' metadata tells."""
    described = [metadata for metadata in map(run_metadata.read_if_present, runs) if metadata]
    regimes = Counter(json.dumps(run_metadata.regime(m), sort_keys=True) for m in described)
    baselines = [m.platform_baseline for m in described if m.platform_baseline]
    return {
        "created_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "runs": len(runs),
        "runs_with_metadata": len(described),
        "kind": kind.name,
        "percentile": percentile,
        "percentiles": {magnitude: kind.default_percentile(magnitude, percentile) for magnitude in kind.magnitudes},
        "regime": json.loads(next(iter(regimes))) if len(regimes) == 1 else None,
        "regimes": [{"runs": count, **json.loads(key)} for key, count in regimes.most_common()],
        # throughput: the grids the runs measured (a case's result depends on the others of
        # its payload: ThroughputTest sizes the history for the largest demand)
        "grids": [json.loads(key) for key in sorted({json.dumps(m.grid, sort_keys=True) for m in described if m.grid})],
        **{key: sorted({str(getattr(m, field)) for m in described}) for key, field in (
            ("middlewares", "middleware"), ("cpu_models", "cpu_model"), ("kernels", "kernel"),
            ("cpu_counts", "cpu_count"))},
        "middleware_versions": sorted({_middleware_version(m) for m in described}),
        "platform_baseline": {
            "runs": len(baselines),
            "avg_us_median": float(np.median([b["avg_us"] for b in baselines])) if baselines else None,
            "p99_us_median": float(np.median([b["p99_us"] for b in baselines])) if baselines else None,
        },
    }


def _middleware_version(metadata):
    """'<middleware> <version>' of a run (its library's, as the backend read it)."""
    return f"{metadata.middleware} {metadata.middleware_version or metadata.fastdds_version}"


def _grid_text(grid):
    return (f"demands {','.join(map(str, grid['demands']))} x recovery times "
            f"{','.join(map(str, grid['recovery_times_ms']))} ms, {grid['test_time_s']} s")


def comparability_notes(origin, metadata):
    """Why a run is not like the runs its requirements came from: one sentence each, [] when alike."""
    if origin is None or metadata is None:
        return []
    notes = []
    if origin.get("regime"):
        differences = run_metadata.regime_differences(run_metadata.regime(metadata), origin["regime"])
        if differences:
            notes.append("measured under other settings than the requirements' runs (this run vs theirs): "
                         + "; ".join(differences))
    elif len(origin.get("regimes", [])) > 1:
        notes.append(f"the requirements mix runs of {len(origin['regimes'])} different settings")
    # Provenance from before the middleware backends: Fast DDS's runs.
    theirs = origin.get("middlewares") or [run_metadata.DEFAULT_MIDDLEWARE]
    if metadata.middleware not in theirs:
        notes.append(f"this run measured {metadata.middleware}, the requirements' runs {', '.join(theirs)}: "
                     "another middleware's requirements")
    grids = origin.get("grids") or []
    if metadata.grid and grids and metadata.grid not in grids:
        notes.append(f"this run's throughput grid {_grid_text(metadata.grid)} is not the requirements' runs' "
                     f"({'; '.join(map(_grid_text, grids))}): ThroughputTest sizes its history for a payload's "
                     "largest demand, so the same case measures differently on another grid")
    compared = [("CPU", str(metadata.cpu_model), origin.get("cpu_models")),
                ("CPU count", str(metadata.cpu_count), origin.get("cpu_counts"))]
    if "middleware_versions" in origin:  # '<middleware> <version>' of every middleware's runs
        compared.insert(0, ("middleware", _middleware_version(metadata), origin["middleware_versions"]))
    elif metadata.middleware == run_metadata.DEFAULT_MIDDLEWARE:  # a provenance from before: Fast DDS's alone
        compared.insert(0, ("Fast DDS", str(metadata.fastdds_version), origin.get("fastdds_versions")))
    for what, recorded, known in compared:
        if known and recorded not in known:
            notes.append(f"{what} {recorded} is not the requirements' ({', '.join(known)})")
    theirs = (origin.get("platform_baseline") or {}).get("p99_us_median")
    ours = (metadata.platform_baseline or {}).get("p99_us")
    if theirs is not None and ours is not None and ours > max(BASELINE_FACTOR * theirs, theirs + BASELINE_SLACK_US):
        notes.append(f"this runner wakes up slower than the requirements' runs did (cyclictest p99 {ours:g} us vs "
                     f"{theirs:g} us): a noisier machine, whose latencies are expected to be higher")
    return notes
