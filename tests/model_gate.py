"""`latency-gate gate` (cli.gate.gate_and_report: its own loop, looks, reports and exit code) over
runs drawn from a model instead of LatencyTest: a stand-in for the program only, so a test can
choose how noisy the runner is and which payload the pull request slows down."""

from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate.analysis.relative import GateSettings
from latency_gate.campaigns.gate import GateSpec, check_gate
from latency_gate.cli.gate import gate_and_report
from latency_gate.contracts import formats, run_metadata, throughput_formats as tf
from latency_gate.errors import EXIT_OK
from latency_gate.render import plots
from latency_gate.runner import experiment, kinds, realtime
from latency_gate.runner.run_spec import RunSpec

PAYLOADS = (16, 64, 256, 1024)
SLOWER = 1.3  # the pull request's slowed payload, PR / base


def run(tmp_path, monkeypatch, slower_payload=None, noise=0.01, seed=1, zero_payload=None, settings=GateSettings(),
        kind=kinds.LATENCY, silent=()):
    """(the results directory, the exit code) of a gate of model runs: each run's latencies drift
    by `noise` (relative s.d., run to run); the PR's `slower_payload` is SLOWER; every sample of
    `zero_payload` is 0 us (below the clock's resolution). Of kind THROUGHPUT each run is one case
    per payload at about 100 Mb/s (the PR's `slower_payload` SLOWER times less), and a run in
    `silent` ((build, payload, round) each) delivers no sample of that payload."""
    rng = np.random.default_rng(seed)

    def validate_run_of(spec, matrix):
        return experiment.CheckedInputs(kind=kind, backend=None, binary=Path(spec.program),
                                        subexperiments=matrix.subexperiments, payloads=matrix.payloads,
                                        profiles=None, certs=None, unsupported={}, grid=kinds.Grid(demands=(1000,)))

    def run_experiment(directory, spec, **_):
        (name,), payloads, samples, latency_test = spec.subexperiments, spec.payloads, spec.samples, spec.program
        drift = rng.normal(0, noise)  # run to run
        rows = []
        for payload in payloads:
            factor = SLOWER if (Path(latency_test).name == "pr" and payload == slower_payload) else 1.0
            if kind is kinds.THROUGHPUT:
                delivered = (directory.name, payload, int(directory.parent.name[len("round-"):])) not in silent
                rows.append(throughput_case(payload, 100 / factor * np.exp(drift) * delivered))
                continue
            latency = 10 * factor * np.exp(drift + rng.normal(0, 0.05, samples)) + payload / 1000
            latency = latency * (payload != zero_payload)
            rows.append(pd.DataFrame({formats.SAMPLE: np.arange(1, samples + 1), formats.PAYLOAD: payload,
                                      formats.LATENCY: latency}))
        formats.write_csv(pd.concat(rows), formats.measurements_path(directory, name))
        # The gate reads the settings in force from the run's metadata (the runner's regime record).
        settings = run_metadata.Settings(**realtime.RealTime().regime())
        run_metadata.write(directory, run_metadata.RunMetadata(run_id=directory.name, settings=settings))
        return EXIT_OK

    monkeypatch.setattr(experiment, "validate_run_of", validate_run_of)
    monkeypatch.setattr(experiment, "run_experiment", run_experiment)
    monkeypatch.setattr(plots.PlotBatch, "render", lambda self: None)
    results = tmp_path / f"gate-{seed}"
    with open(tmp_path / "gate.log", "w") as log:
        run = RunSpec(kind=kind.name, subexperiments=("intraprocess_best_effort",), payloads=PAYLOADS, samples=200,
                      realtime_preset=False)
        code = gate_and_report(check_gate(GateSpec(tmp_path / "base", tmp_path / "pr", results, run,
                                                   formats.choose_matrix(subexperiments=run.subexperiments,
                                                                         payloads=run.payloads),
                                                   settings=settings, seed=seed)), out=log)
    return results, code


def throughput_case(payload, mbps, seconds=1.0):
    """A throughput measurements row of one case (demand 1000, no rest) whose subscriber received
    `mbps` for `seconds`: what it did not receive of what was sent is lost."""
    received = round(mbps * 1e6 * seconds / (payload * 8))
    sent = max(received, 10000)
    return pd.DataFrame([dict(zip(tf.MEASUREMENT_COLUMNS, (
        payload, 1000, 0, sent, seconds * 1e6, sent / seconds, sent * payload * 8 / (seconds * 1e6), received,
        sent - received, seconds * 1e6, received / seconds, mbps)))])
