"""Where a code-path regression is: the functions whose inclusive instructions per round trip
grew between the base's and the PR's runs of a regressed cell (runner/counting.py writes
functions_<sub-experiment>.csv per run).

A function is listed when it grew in every run, as the cell did (every PR run above every base
run: the rank guard's criterion), so a function whose count merely varies from run to run (a
look-up whose cost depends on the run's GUIDs, a contended lock) is not taken for the change.
Inclusive counts nest (a caller holds its callees' counts), so the shares of one cell's
functions do not add up to 100 %: the list reads from the function that grew most to the
least, and of those that hold about the same part of the change the innermost comes first:
the first function is where to look.
"""

import pandas as pd

from latency_gate.contracts import instruction_counts as counts
from latency_gate.analysis import relative

FUNCTIONS_LISTED = 5  # per regressed cell: what a reviewer reads


def cell_key(subexperiment, payload):
    return f"{subexperiment} {int(payload)} B"


def changed_functions(results, decision, listed=FUNCTIONS_LISTED):
    """{"<sub-experiment> <bytes> B": [{function, base, pr, delta, share}]} for every gated cell
    with a confirmed regression: mean inclusive instructions per round trip of each build over its
    runs, for the functions that grew in every run, the most first; share = delta / the cell's change."""
    regressed = decision[decision["Gated"] & (decision["Verdict"] == relative.REGRESSION)
                         & (decision[relative.MAGNITUDE] == relative.INSTRUCTIONS)]
    changed = {}
    for subexperiment, cells in regressed.groupby(relative.SUBEXPERIMENT, sort=False):
        runs = {build: _runs(results, build, subexperiment) for build in (relative.BASE, relative.PR)}
        for _, cell in cells.iterrows():
            payload = int(cell[relative.BYTES])
            # Every run lists every payload it counted, the regressed one included.
            base = runs[relative.BASE].xs(payload, level=counts.BYTES)
            pr = runs[relative.PR].xs(payload, level=counts.BYTES)
            base, pr = base.align(pr, join="outer", fill_value=0.0)
            grew = pr.min(axis=1) > base.max(axis=1)
            change = float(cell["PR"] - cell["Base"])
            delta = (pr.mean(axis=1) - base.mean(axis=1))[grew]
            # A caller holds its callee's growth too: of the functions that hold about the same part
            # of the change (a tenth of it), the innermost (the least inclusive cost) comes first.
            order = pd.DataFrame({"part": -(delta / (change / 10)).round(), "inclusive": base.mean(axis=1)[grew]})
            delta = delta.loc[order.sort_values(["part", "inclusive"]).index]
            changed[cell_key(subexperiment, payload)] = [
                {"function": str(name), "base": round(float(base.loc[name].mean())),
                 "pr": round(float(pr.loc[name].mean())), "delta": round(float(value)),
                 "share": round(float(value) / change, 3)}  # a regressed cell's change is above 0
                for name, value in delta.head(listed).items()
            ]
    return changed


def _runs(results, build, subexperiment):
    """Inclusive instructions per round trip, (payload, function) x run, of a build's runs; a
    function a run did not execute counts 0 there."""
    directories = sorted((results / "runs").glob(f"round-*/{build}"))
    frames = [counts.read_functions(counts.functions_path(run, subexperiment))
              .set_index([counts.BYTES, counts.FUNCTION])[counts.INCLUSIVE] for run in directories]
    return pd.concat(frames, axis=1, keys=range(len(frames))).fillna(0.0)
