"""Requirements from many runs: the spec's "Set Latency Requirements", resumable and shardable.

Run k of N goes to <runs directory>/run-<k>; a run that is complete (all sub-experiments
passed and summarised) is never redone, so a killed extrapolation resumes where it
stopped. "Shard k of n" does every n-th run from k, so CI can spread the runs over
several runners; once all runs are gathered in one directory, the merge derives the
requirements CSV from them.
"""

import re
import shutil
import sys
from pathlib import Path

from latency_gate.analysis import processing, requirements
from latency_gate.contracts import run_metadata
from latency_gate.contracts.formats import check_writable, held_directory, summary_path
from latency_gate.errors import EXIT_INTERRUPTED, EXIT_OK, EXIT_RUN_FAILED, InputError
from latency_gate.runner import experiment

DEFAULT_RUNS = 200


def run_name(index):
    return f"run-{index:04d}"


def run_complete(run_directory):
    """Whether a run directory holds a finished run whose sub-experiments all passed and are
    summarised (or are unsupported by its middleware). Unreadable metadata is an InputError: a
    run is never redone over a record it cannot read."""
    run_directory = Path(run_directory)
    metadata = run_metadata.read_if_present(run_directory)
    if metadata is None or metadata.finished_at is None or not metadata.subexperiments:
        return False
    return all(outcome.status == "unsupported"
               or (outcome.status == "passed" and summary_path(run_directory, name).is_file())
               for name, outcome in metadata.subexperiments.items())


def parse_shard(text):
    """'k/n' -> (k, n) with 1 <= k <= n."""
    match = re.fullmatch(r"(\d+)/(\d+)", text or "1/1")
    if not match or not 1 <= int(match[1]) <= int(match[2]):
        raise InputError(f"--shard must be k/n with 1 <= k <= n, got '{text}'")
    return int(match[1]), int(match[2])


def shard_runs(runs, shard):
    """The run indices (1-based) shard k of n is responsible for: every n-th, from k."""
    k, n = shard
    return list(range(k, runs + 1, n))


def extrapolate(runs_directory, spec, output=None, runs=DEFAULT_RUNS, percentile=None, shard=(1, 1),
                out=None):
    """Run this shard's share of `runs` experiments (each as the RunSpec `spec` says) into
    runs_directory/run-NNNN, summarise each.

    Runs already complete are skipped, so a killed extrapolation resumes where it stopped;
    an incomplete run directory is started afresh. When `output` is given and every run of
    every shard is complete here, the requirements CSV is written (see merge_shards).
    """
    out = out or sys.stdout  # looked up per call: a default bound at import would keep a replaced stream
    if runs < 1:
        raise InputError(f"--runs must be positive, got {runs}")
    if percentile is not None:
        requirements.check_percentile(percentile)  # before the runs, not after them
    runs_directory = Path(runs_directory)
    if output is not None:  # before the runs, not after them
        check_writable(output)
        requirements.check_not_inside(output, [runs_directory / run_name(index) for index in range(1, runs + 1)])
    checked = experiment.validate_run(spec)
    # Another extrapolation into this directory (another shard, a second start) waits: the incomplete
    # run it would start afresh may be this one's, running.
    with held_directory(runs_directory, "runs directory", lambda held: print(
            f"waiting for another extrapolation into {held} to finish ...", file=out, flush=True)):
        return _extrapolate(runs_directory, spec, checked, output, runs, percentile, shard, out)


def _extrapolate(runs_directory, spec, checked, output, runs, percentile, shard, out):
    mine = shard_runs(runs, shard)
    failed = []
    for position, index in enumerate(mine, 1):
        directory = runs_directory / run_name(index)
        label = f"{directory.name} ({position}/{len(mine)} of shard {shard[0]}/{shard[1]})"
        if run_complete(directory):
            _require_alike(directory, spec, checked)
            print(f"{label}: already complete", file=out, flush=True)
            continue
        if directory.exists():
            shutil.rmtree(directory)  # left by a killed or failed attempt
        print(f"{label}:", file=out, flush=True)
        code = experiment.run_experiment(directory, spec, out=out)
        if code == EXIT_INTERRUPTED:
            return code
        if code != EXIT_OK:
            failed.append(directory.name)
            continue
        processing.process_experiment(directory)
    if failed:
        print(f"{len(failed)} run(s) failed: {', '.join(failed)}; re-run the same command to retry them",
              file=out, flush=True)
        return EXIT_RUN_FAILED
    if output is not None:
        if shard[1] > 1 and not all(run_complete(runs_directory / run_name(i)) for i in range(1, runs + 1)):
            print(f"shard {shard[0]}/{shard[1]} done; merge all shards' runs to write the requirements",
                  file=out, flush=True)
            return EXIT_OK
        merge_shards(runs_directory, output, runs, percentile, out=out)
    return EXIT_OK


def _require_alike(run_directory, spec, checked):
    """InputError naming a complete run kept from an earlier extrapolation into the same directory that
    measured other settings or sub-experiments than this one: the requirements would mix them."""
    recorded = run_metadata.read(run_directory)
    differ = experiment.settings_differ(recorded, spec, checked)
    if recorded.kind != checked.kind.name:
        differ.insert(0, f"kind {recorded.kind}, not {checked.kind.name}")
    if sorted(recorded.subexperiments) != sorted(checked.subexperiments):
        differ.append(f"sub-experiments {' '.join(recorded.subexperiments)}, not {' '.join(checked.subexperiments)}")
    if differ:
        raise InputError(f"a complete run of other settings ({'; '.join(differ)}): requirements come from runs "
                         "alike; give this extrapolation a runs directory of its own",
                         run_directory / run_metadata.METADATA_FILE)


def merge_shards(runs_directory, output, runs=DEFAULT_RUNS, percentile=None, out=None):
    """Requirements CSV from run-0001 .. run-<runs> under runs_directory (all shards' runs)."""
    out = out or sys.stdout  # looked up per call: a default bound at import would keep a replaced stream
    runs_directory = Path(runs_directory)
    expected = [runs_directory / run_name(i) for i in range(1, runs + 1)]
    missing = [d.name for d in expected if not run_complete(d)]
    if missing:
        shown = ", ".join(missing[:5]) + (", ..." if len(missing) > 5 else "")
        raise InputError(f"{len(missing)} of {runs} runs missing or incomplete: {shown}", runs_directory)
    _require_merged_runs_alike(expected)
    percentile = requirements.DEFAULT_PERCENTILE if percentile is None else percentile
    return requirements.write_requirements(expected, output, percentile, out)


def _described(run_directory):
    """What a run measured and how, as far as requirements depend on it."""
    recorded = run_metadata.read(run_directory)
    return {"kind": recorded.kind, "middleware": recorded.middleware, "samples": recorded.samples,
            "payloads": recorded.payloads, "grid": recorded.grid, "sub-experiments": sorted(recorded.subexperiments),
            **run_metadata.regime(recorded)}


def _require_merged_runs_alike(runs):
    """InputError naming the first run (of any shard) measured otherwise than the first: the
    requirements would mix them."""
    first = _described(runs[0])
    for run in runs[1:]:
        differ = [f"{key} {value}, not {first[key]}" for key, value in _described(run).items() if value != first[key]]
        if differ:
            raise InputError(f"measured otherwise than {runs[0].name} ({'; '.join(differ)}): requirements come from "
                             "runs alike", run / run_metadata.METADATA_FILE)
