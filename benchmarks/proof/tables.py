"""The tables' parts: exact binomial bounds, number formats, and Report, which prints the
markdown tables and writes them as proof_<command>.md, .csv and .json."""

import json
import os
import re
import sys
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats


def clopper_pearson(events, trials, confidence=0.95):
    """Exact two-sided interval of a binomial rate (upper bound alone: use 2 x (1 - confidence))."""
    if trials == 0:
        return 0.0, 1.0
    low = stats.beta.ppf((1 - confidence) / 2, events, trials - events + 1) if events else 0.0
    high = stats.beta.ppf(1 - (1 - confidence) / 2, events + 1, trials - events) if events < trials else 1.0
    return float(low), float(high)


def upper_bound(events, trials, confidence=0.95):
    """Exact one-sided upper bound of a binomial rate."""
    return clopper_pearson(events, trials, 1 - 2 * (1 - confidence))[1]


def percent(value, digits=1):
    return "" if value is None or (isinstance(value, float) and np.isnan(value)) else f"{value * 100:.{digits}f}%"


def rate_text(events, trials):
    """'3/20 = 15.0%', or nothing when there were no trials."""
    return f"{events}/{trials} = {percent(events / trials)}" if trials else ""


class Report:
    """Markdown on stdout and in <out>/proof_<name>.md, raw rows in .csv, everything in .json."""

    def __init__(self, out, name):
        self.out = Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.name = name
        self.markdown, self.rows, self.json = [], [], {"tables": []}

    def table(self, title, display, raw=None, note=None):
        """display: rows of formatted strings; raw: the same rows as numbers (default: display)."""
        frame = pd.DataFrame(display)
        text = f"### {title}\n\n{markdown(frame)}\n" + (f"\n{note}\n" if note else "")
        print(text, flush=True)
        self.markdown.append(text)
        raw = raw if raw is not None else display
        self.rows += [{"table": title, **row} for row in raw]
        self.json["tables"].append({"title": title, "note": note, "rows": raw})

    def line(self, text):
        print(text, flush=True)
        self.markdown.append(text + "\n")

    def save(self, **extra):
        self.json.update(extra)
        (self.out / f"proof_{self.name}.md").write_text("\n".join(self.markdown), encoding="utf-8")
        pd.DataFrame(self.rows).to_csv(self.out / f"proof_{self.name}.csv", index=False)
        (self.out / f"proof_{self.name}.json").write_text(json.dumps(self.json, indent=2, default=_plain) + "\n")
        print(f"wrote {self.out}/proof_{self.name}.md, .csv, .json", file=sys.stderr)


def _plain(value):
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, Path):
        return str(value)
    raise TypeError(type(value))


def markdown(frame):
    def numeric(column):
        values = [str(v) for v in frame[column] if str(v)]
        return bool(values) and all(re.match(r"^[<>=+\-]*\d", v) for v in values)
    header = "| " + " | ".join(map(str, frame.columns)) + " |"
    rule = "|" + "|".join("---:" if numeric(c) else "---" for c in frame.columns) + "|"
    rows = ["| " + " | ".join(str(v) for v in row) + " |" for row in frame.itertuples(index=False)]
    return "\n".join([header, rule, *rows])


def default_out(inputs):
    parents = [str(Path(p).resolve().parent) for p in inputs]
    return Path(os.path.commonpath(parents))
