"""gate_result.json fixtures made the way the gate makes them: the relative gate's own decision
(analysis/relative.py) on synthetic rounds, turned into the document by render/gate_report.py and
written through its owner (contracts/gate_result.py), which refuses a key or value it does not
define."""

import numpy as np
import pandas as pd

from latency_gate.contracts import gate_result, run_metadata
from latency_gate.analysis import relative
from latency_gate.render import gate_report as report
from latency_gate.analysis.relative import GateSettings

SUBEXPERIMENT = "intraprocess_best_effort"
PAYLOADS = (16, 32, 64)
ROUNDS = 8
PRESET = run_metadata.Settings(realtime_preset=True, rt_prio=50, pub_cpus="0", sub_cpus="1", memory_locked=True,
                               cpu_idle="hold")


LATENCY_LEVELS = (("Median", 10.0), ("99%", 14.0), ("Max", 30.0))  # us
COUNTED_LEVELS = (("Instructions", 52_310.0),)  # instructions per round trip
# The code-path gate's settings (cli/gate.py for --signal instructions) with the default 0.2 % minimum.
COUNTED = GateSettings(min_effect=0.002, gated=("Instructions",), guard="rank")
COUNTED_NOISE = 0.0005  # a count's relative spread between runs
THROUGHPUT_LEVELS = (("1/throughput", 11.5),)  # us per Mb
# A throughput gate's settings (cli/gate.py for --kind throughput) and what its runs ran (campaigns/gate.py).
THROUGHPUT = GateSettings(gated=("1/throughput",))
THROUGHPUT_RUNS = {"cases": 3, "test_time_s": 1}


def rounds_frame(changes=None, subexperiment=SUBEXPERIMENT, payloads=PAYLOADS, rounds=ROUNDS, seed=0, noise=0.01,
                 levels=LATENCY_LEVELS):
    """Rounds of both builds, `noise` the relative s.d. of each value; `changes` {(bytes, magnitude):
    PR / base} shifts cells."""
    rng = np.random.default_rng(seed)
    rows = []
    for round_number in range(1, rounds + 1):
        for payload in payloads:
            for magnitude, level in levels:
                base = level * np.exp(rng.normal(0, noise))
                change = (changes or {}).get((payload, magnitude), 1.0)
                pr = base * change * np.exp(rng.normal(0, noise))
                rows += [(round_number, relative.BASE, subexperiment, payload, magnitude, base),
                         (round_number, relative.PR, subexperiment, payload, magnitude, pr)]
    return pd.DataFrame(rows, columns=list(relative.ROUND_COLUMNS))


def document(head_sha, changes=None, subexperiment=SUBEXPERIMENT, functions=None, signal=None, seed=0, noise=0.01,
             settings=GateSettings(), counted_path=None, throughput=False):
    """The gate_result.json document of a gate that decided on rounds_frame(changes); `functions`
    {(bytes, magnitude): [{function, base, pr, delta, share}]} go onto those regressed cells. With
    `counted_path` (a backend's CountedPath.description) the gate counted instructions (COUNTED
    settings, COUNTED_NOISE); with `throughput` it was a throughput gate (THROUGHPUT settings and runs)."""
    levels = LATENCY_LEVELS
    if counted_path:
        settings, noise, signal, levels = COUNTED, COUNTED_NOISE, "instructions", COUNTED_LEVELS
    if throughput:
        settings, levels = THROUGHPUT, THROUGHPUT_LEVELS
    frame = rounds_frame(changes, subexperiment, seed=seed, noise=noise, levels=levels)
    decision = relative.decide(frame, settings, seed)
    counts = decision.loc[decision["Gated"], "Verdict"].value_counts().to_dict()
    looks = [{"rounds": ROUNDS, "verdicts": {k: int(v) for k, v in counts.items()}, "ceiling": {}, "unsettled": 0}]
    failed = bool((decision["Gated"] & (decision["Verdict"] == relative.REGRESSION)).any())
    details = {"seed": seed, "samples": 500, "first_look": 6, "max_rounds": 10, "look_every": 2,
               "base": "base/LatencyTest", "pr": "pr/LatencyTest", "subexperiments": [subexperiment],
               "payloads": list(PAYLOADS), "requirements": None, "duration_s": 300.0,
               "regime": run_metadata.regime(run_metadata.RunMetadata(run_id="r1", settings=PRESET)),
               "requirements_comparability": [], "below_resolution": []}
    if counted_path:
        details["counted_path"] = counted_path
    if throughput:
        details |= THROUGHPUT_RUNS
    result = report.result_document(decision, None, looks, settings, details,
                                    relative.gate_verdict(decision, failed, settings))
    for cell in result["regressions"]:
        cell.update({"functions": (functions or {})[key]} if (key := (cell["bytes"], cell["magnitude"])) in
                    (functions or {}) else {})
    return {**result, "head_sha": head_sha, **({"signal": signal} if signal else {})}


def write(directory, head_sha, **options):
    """A gate's artifact directory holding gate_result.json of document(head_sha, **options)."""
    directory.mkdir(parents=True, exist_ok=True)
    gate_result.write(directory, document(head_sha, **options))
    return directory
