"""changepoints/<platform>.json in the history store: a history line's change points and how they
were found. The one module that knows where the file goes, its keys and each change point's fields
(analysis/changepoints.py finds the change points and turns a Detection into this document and
back; render/store_views.py writes it when the history is regenerated; the site and
publish-history's job summary read it).
"""

import json
from pathlib import Path

from latency_gate.contracts.formats import read_json, write_text_atomic
from latency_gate.errors import InputError

DIRECTORY = "changepoints"  # in the history store, beside runs/ and plots/
SCHEMA_VERSION = 1
# A change point's fields and their types: the first run at the new level (`run_id`, its position
# `index`), the means on either side in the magnitude's unit, the relative change, Otava's p-value.
POINT_FIELDS = {"subexperiment": str, "payload": int, "magnitude": str, "run_id": str, "index": int,
                "mean_before": (int, float), "mean_after": (int, float), "change": (int, float),
                "pvalue": (int, float)}


def path(store_root, platform):
    return Path(store_root) / DIRECTORY / f"{platform}.json"


def write(document, target):
    """The document (platform, kind, runs, library, options, changepoints), its schema version first,
    written atomically; returns `target`."""
    write_text_atomic(target, json.dumps({"schema_version": SCHEMA_VERSION, **document}, indent=1,
                                         ensure_ascii=False) + "\n")
    return target


def read(source):
    """The document of a change points file, each change point with exactly POINT_FIELDS of their
    types; InputError names the file."""
    document = read_json(source, "change points", "no change points file (regenerate the history)")
    if not isinstance(document.get("changepoints"), list):
        raise InputError("not a change points file: no 'changepoints' list", source)
    for number, row in enumerate(document["changepoints"], 1):
        if not isinstance(row, dict) or set(row) != set(POINT_FIELDS) or not all(
                isinstance(row[name], kind) and not isinstance(row[name], bool) for name, kind in POINT_FIELDS.items()):
            raise InputError(f"change point {number} needs exactly the fields {', '.join(POINT_FIELDS)} "
                             f"with their types, got {row!r}", source)
    return document
