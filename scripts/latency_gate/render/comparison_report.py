"""The middleware comparison's report for people, middleware_comparison.md: the settings, an
overview, the shared-memory paths at robot sizes, then one table per sub-experiment, from
campaigns/middleware_comparison.py's Comparison."""

import pandas as pd

from latency_gate.campaigns.middleware_comparison import FLOOR, overview, paths_table
from latency_gate.contracts.middleware_table import EXPERIMENT, MIDDLEWARE
from latency_gate.contracts.formats import write_text_atomic
from latency_gate.render import markdown
from latency_gate.runner.middleware import BACKENDS


FILE = "middleware_comparison.md"


def write(comparison, results_directory):
    """middleware_comparison.md into the comparison's results directory; its path."""
    path = results_directory / FILE
    write_text_atomic(path, markdown_report(comparison))
    return path


def _markdown_table(frame):
    rows = [["" if pd.isna(v) else (f"{v:.2f}" if isinstance(v, float) else str(v)) for v in row]
            for row in frame.itertuples(index=False)]
    align = "".join("r" if pd.api.types.is_numeric_dtype(frame[c]) else "l" for c in frame.columns)
    return "\n".join(markdown.table(list(map(str, frame.columns)), rows, align))


def markdown_report(comparison):
    """The report: settings, an overview, then one table per sub-experiment (rows by payload,
    then middleware in the order given)."""
    table, middlewares, samples, rounds = comparison.table, comparison.middlewares, comparison.samples, comparison.rounds
    programs, unsupported, profiles = comparison.programs, comparison.unsupported, comparison.profiles
    titles = {m: BACKENDS[m].TITLE for m in middlewares}
    lines = [
        "# Middleware comparison", "",
        f"{', '.join(titles.values())} on one machine: {rounds} interleaved round(s) of {samples} samples per "
        "payload, pooled; one-way latency (round trip / 2) in microseconds.",
        f"Settings in force: {comparison.regime}.", "",
        "Programs: " + "; ".join(f"{titles[m]}: `{programs[m]}`" for m in middlewares), "",
        *([f"Configurations: {'; '.join(f'{titles[m]}: `{d}`' for m, d in profiles.items())} (the others: their "
           "backend's own)", ""] if profiles else []),
        "## Median at the smallest and largest payload (us)", "",
        _markdown_table(overview(table, middlewares).reset_index()), "",
    ]
    if FLOOR in middlewares:
        lines += ["Overhead = a middleware's median minus the socket floor's (the plain sub-experiment's for "
                  "the security ones).", ""]
    paths = paths_table(table, middlewares)
    if paths is not None:
        lines += ["## UDP, shared memory and zero copy at robot sizes: median (us)", "", _markdown_table(paths), ""]
        if FLOOR in middlewares:
            lines += ["The socket floor's shared memory and zero copy: the same ping-pong through a ring in shared "
                      "memory with a futex wake-up, the sample copied in and out, or written and read in place.", ""]
    for name in comparison.chosen:
        rows = table[table[EXPERIMENT] == name].drop(columns=EXPERIMENT)
        order = rows[MIDDLEWARE].map({m: index for index, m in enumerate(middlewares)})
        rows = (rows.assign(order=order).sort_values(["Bytes", "order"]).drop(columns="order")
                .assign(**{MIDDLEWARE: lambda frame: frame[MIDDLEWARE].map(titles)}))
        lines += [f"## {name}", ""]
        notes = [f"Not run by {titles[m]}: {unsupported[m][name]}." for m in middlewares if name in unsupported[m]]
        lines += [*notes, *([""] if notes else []), _markdown_table(rows), ""]
    return "\n".join(lines)
