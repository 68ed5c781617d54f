"""Where a code-path regression is: the functions whose inclusive instructions per round trip
grew most between the base's and the PR's runs of a regressed cell (runner/counting.py writes
functions_<sub-experiment>.csv per run).

Inclusive counts nest (a caller holds its callees' counts), so the shares of one cell's
functions do not add up to 100 %: the list reads from the outermost function that grew to the
innermost, and the innermost with most of the change is where to look.
"""

import pandas as pd

from latency_gate.contracts import instruction_counts as counts
from latency_gate.gate import relative

FUNCTIONS_LISTED = 5  # per regressed cell: what a reviewer reads


def cell_key(subexperiment, payload):
    return f"{subexperiment} {int(payload)} B"


def changed_functions(results, decision, listed=FUNCTIONS_LISTED):
    """{"<sub-experiment> <bytes> B": [{function, base, pr, delta, share}]} for every gated cell
    with a confirmed regression: mean inclusive instructions per round trip over the rounds of
    each build, the functions that grew most first; share = delta / the cell's own change."""
    regressed = decision[decision["Gated"] & (decision["Verdict"] == relative.REGRESSION)]
    changed = {}
    for subexperiment, cells in regressed.groupby(relative.SUBEXPERIMENT, sort=False):
        both = pd.concat({build: _mean_functions(results, build, subexperiment)
                          for build in (relative.BASE, relative.PR)}, axis=1).fillna(0.0)
        for _, cell in cells.iterrows():
            payload = int(cell[relative.BYTES])
            rows = both.loc[payload] if payload in both.index.get_level_values(0) else None
            if rows is None:
                continue
            delta = rows[relative.PR] - rows[relative.BASE]
            change = float(cell["PR [us]"] - cell["Base [us]"])
            top = delta.sort_values(ascending=False).head(listed)
            changed[cell_key(subexperiment, payload)] = [
                {"function": str(name), "base": round(float(rows.at[name, relative.BASE])),
                 "pr": round(float(rows.at[name, relative.PR])), "delta": round(float(value)),
                 "share": round(float(value) / change, 3) if change else None}
                for name, value in top.items() if value > 0
            ]
    return changed


def _mean_functions(results, build, subexperiment):
    """Mean inclusive instructions per round trip per (payload, function) over a build's rounds;
    a function a round did not list counts as 0 there."""
    runs = sorted((results / "runs").glob(f"round-*/{build}"))
    frames = [counts.read_functions(counts.functions_path(run, subexperiment)) for run in runs]
    table = pd.concat(frames, keys=range(len(frames)), names=["run"]).reset_index(level=0)
    return table.groupby([counts.BYTES, counts.FUNCTION])[counts.INCLUSIVE].sum() / len(frames)
