#!/usr/bin/env python3
"""Re-decide every recorded counted gate (rounds.csv + gate_result.json) under benchmarks/results/code-path-*
with the latency_gate package on PYTHONPATH: per gate, its rounds and gated regressions at its last look,
as JSON into OUT. Usage: PYTHONPATH=<package's parent> redecide.py OUT"""
import glob
import json
import sys
import warnings
from pathlib import Path

import pandas as pd

from latency_gate.analysis import relative

warnings.filterwarnings("ignore")
out = {}
RESULTS = Path(__file__).resolve().parents[1]
for path in sorted(glob.glob(f"{RESULTS}/code-path-*/**/rounds.csv", recursive=True)):
    directory = path[:-len("/rounds.csv")]
    try:
        result = json.load(open(directory + "/gate_result.json"))
    except FileNotFoundError:
        continue
    s = result["settings"]
    settings = relative.GateSettings(alpha=s["alpha"], min_effect=s["min_effect"], clear_confidence=s["clear_confidence"],
                                     gated=tuple(s["gated"]), variance=s["variance"], guard=s.get("guard", "sign-flip"))
    rounds = pd.read_csv(path)
    decision = relative.decide(rounds, settings)
    regressions = decision[decision["Gated"] & (decision["Verdict"] == relative.REGRESSION)]
    out[str(Path(directory).relative_to(RESULTS))] = (int(decision["Rounds"].iloc[0]), sorted(
        f"{a}:{b}" for a, b in zip(regressions[relative.SUBEXPERIMENT], regressions[relative.BYTES])))
json.dump(out, open(sys.argv[1], "w"), indent=1)
print(len(out), "gates")
