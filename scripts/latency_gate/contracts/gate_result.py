"""gate_result.json, the relative gate's verdict for machines: the one module that knows its
keys, checks them, caps them and upgrades older versions of it.

`latency-gate gate` writes it (render/gate_report.py, through write(), which refuses a key or a
value this module does not know, so no writer can add a field no reader checks);
`latency-gate pr-comment` reads it from an artifact that a pull request's own workflow made,
so read() treats it as untrusted data: at most MAX_BYTES, lists and texts capped, every
value of the type its key names, a bad one named with its key path and value. A key this
module does not know is ignored on reading (a newer writer of the same schema version).

Versions (read() upgrades an older document one step at a time, as asv's update_to_N, so the
artifacts and the history written before still read; the document it returns is the newest):
- 2: `verdict`, one of VERDICTS_OF_THE_GATE (passed, failed, inconclusive: not failed, but
  `not_ruled_out` gated cells could not rule out the slowdown required, settings.min_effect or
  settings.require_detectable); `passed` stays (true unless failed) for readers of version 1.
  A cell's values are `base` and `pr` in its `unit` (contracts/magnitudes.py), a ceiling
  breach's `requirement` and `pr`: version 1's `base_us`/`pr_us` held instruction counts too.
  `counted_path`: for the instructions signal, what was counted (the backend's counted path).
- 1 (or no schema_version): as 2 without those.

Optional keys (documents written before them lack them): `regime`, `detectable`,
`requirements_comparability`, `below_resolution`; `head_sha` (the pull request's head
commit the gate measured, recorded when `latency-gate gate --head-sha` is given); `signal`
("latency" or "instructions"; absent means latency) and, on a regressed cell of the
instructions signal, `functions` (the functions whose instruction counts grew); for the
instructions signal `estimated_cycles` (per cell, the estimated cycles per round trip of
callgrind's cache simulation: base, PR, ratio, verdict); for the instructions signal
`flamegraphs` (per regressed or improved cell, its differential flame graph's SVG, a path
relative to the gate's directory: contracts/folded_stacks.py) and `flamegraphs_not_drawn` (why a
changed cell's flame graph is missing: inferno not installed, a sub-experiment without profiles);
for the instructions signal `spread_causes` (per gated cell that cannot detect the increase
required, its runs' spread and the functions it is in).
"""

import json
import re
from pathlib import Path

from latency_gate.contracts import magnitudes, results
from latency_gate.contracts.formats import read_table
from latency_gate.errors import InputError

FILE = "gate_result.json"
CELLS_FILE = "gate_cells.csv"  # its cells as a table (read_cells)
ROUNDS_FILE = "rounds.csv"  # one row per round, build and cell, written after every round (read_rounds)
# rounds.csv's columns (analysis/relative.py decides on them), and the builds' names; Position is
# 1 when the build ran first in its pair, 2 when second.
ROUND, BUILD, SUBEXPERIMENT, BYTES, MAGNITUDE, VALUE = "Round", "Build", "Sub-experiment", "Bytes", "Magnitude", "Value"
ROUND_COLUMNS = (ROUND, BUILD, SUBEXPERIMENT, BYTES, MAGNITUDE, VALUE)
POSITION = "Position"
BASE, PR = "base", "pr"


def run_directory(directory, round_number, build):
    """Where a gate keeps one build's run of one round: runs/round-NN/<build>/."""
    return Path(directory) / "runs" / f"round-{round_number:02d}" / build


def run_directories(directory, build):
    """A build's runs of a gate (run_directory), in round order."""
    return sorted((Path(directory) / "runs").glob(f"round-*/{build}"))
SCHEMA_VERSION = 2
MAX_BYTES = 1_000_000  # a full-matrix gate writes ~4 KB, ~70 KB with every gated cell regressed
MAX_CELLS = 2_000  # entries of a cell list; a full latency matrix gates 220 cells
MAX_FUNCTIONS = 100  # functions listed on one cell
MAX_TEXT = 2_000  # characters of one text (a C++ function name can be long)
MAX_LOOKS = 1_000
VERDICTS = ("regression", "inconclusive", "no regression", "improvement")  # a cell's
VERDICTS_OF_THE_GATE = ("passed", "failed", "inconclusive")
SIGNALS = ("latency", "instructions")
_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")  # a git commit id (SHA-1 or SHA-256)
# Sub-experiment and magnitude names ("interprocess_reliable_tcp", "99%", "1/throughput"): a name
# that is not of these characters is refused, not escaped (free texts are escaped where shown).
_NAME = re.compile(r"[A-Za-z0-9_.%/+-]{1,100}")


class _Invalid(Exception):
    def __init__(self, where, message, value):
        shown = json.dumps(value)
        super().__init__(f"{repr(where) if where else 'the document'} {message}, "
                         f"got {shown if len(shown) <= 60 else shown[:57] + '...'}")


# Checks: each takes (value, where, strict) and raises _Invalid naming the key path; strict (on
# writing) refuses keys of a record the contract does not define, at any depth.

def _text(value, where, strict=False):
    if not isinstance(value, str):
        raise _Invalid(where, "must be a text", value)
    if len(value) > MAX_TEXT:
        raise _Invalid(where, f"is longer than {MAX_TEXT} characters", value)


def _name(value, where, strict=False):
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise _Invalid(where, "must be a name of letters, digits and _ . % / + - (at most 100)", value)


def _whole(value, where, strict=False):
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise _Invalid(where, "must be a whole number of 0 or more", value)


def _integer(value, where, strict=False):
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Invalid(where, "must be a whole number", value)


def _number(value, where, strict=False):
    """A number; infinity too (an interval or detectable effect of two rounds can be unbounded)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise _Invalid(where, "must be a number", value)


def _flag(value, where, strict=False):
    if not isinstance(value, bool):
        raise _Invalid(where, "must be true or false", value)


def _sha(value, where, strict=False):
    if not isinstance(value, str) or not _SHA.fullmatch(value):
        raise _Invalid(where, "must be a commit id (40 or 64 lowercase hex digits)", value)


def _scalar(value, where, strict=False):
    if value is not None and not isinstance(value, (str, int, float, bool)):
        raise _Invalid(where, "must be a text, number, true, false or null", value)
    if isinstance(value, str):
        _text(value, where)


def _choice(*allowed):
    def check(value, where, strict=False):
        if value not in allowed:
            raise _Invalid(where, f"must be one of {', '.join(allowed)}", value)
    return check


def _optional(check):
    def optional(value, where, strict=False):
        if value is not None:
            check(value, where, strict)
    return optional


def _bounded(value, where, python_type, what, entries, limit):
    """A JSON list or object of at most `limit` entries; _Invalid otherwise."""
    if not isinstance(value, python_type):
        raise _Invalid(where, f"must be {what}", value)
    if len(value) > limit:
        raise _Invalid(where, f"holds {len(value)} {entries}, more than {limit}", len(value))


def _list_of(check, limit=MAX_CELLS, length=None):
    def checked(value, where, strict=False):
        _bounded(value, where, list, "a list", "entries", limit)
        if length is not None and len(value) != length:
            raise _Invalid(where, f"must hold {length} entries", value)
        for index, item in enumerate(value):
            check(item, f"{where}[{index}]", strict)
    return checked


def _object_of(check, limit=MAX_CELLS, key_check=_text):
    def checked(value, where, strict=False):
        _bounded(value, where, dict, "an object", "keys", limit)
        for key, item in value.items():
            key_check(key, f"{where} key")
            check(item, f"{where}.{key}", strict)
    return checked


def _record(fields, optional=()):
    """An object with these keys (name -> check); those in `optional` may be missing."""
    def checked(value, where, strict=False):
        if not isinstance(value, dict):
            raise _Invalid(where, "must be an object", value)
        missing = [name for name in fields if name not in value and name not in optional]
        if missing:
            raise _Invalid(where, f"lacks {', '.join(missing)}", sorted(value)[:8])
        unknown = sorted(set(value) - set(fields))
        if strict and unknown:
            raise _Invalid(where, f"has keys this contract does not define: {', '.join(unknown)}", unknown)
        for name, check in fields.items():
            if name in value:
                check(value[name], f"{where}.{name}".lstrip("."), strict)
    return checked


FUNCTION = _record({"function": _text, "base": _whole, "pr": _whole, "delta": _integer, "share": _number})
CELL = _record({
    "subexperiment": _name, "bytes": _whole, "magnitude": _name, "base": _number, "pr": _number, "unit": _name,
    "ratio": _number, "interval": _list_of(_number, length=2), "p_adjusted": _number,
    "verdict": _choice(*VERDICTS), "reason": _text, "functions": _list_of(FUNCTION, MAX_FUNCTIONS),
}, optional=("functions",))
ESTIMATE = _record({"subexperiment": _name, "bytes": _whole, "base": _number, "pr": _number, "ratio": _number,
                    "verdict": _choice(*VERDICTS)})
FLAME_GRAPH = _record({"subexperiment": _name, "bytes": _whole, "verdict": _choice(*VERDICTS), "svg": _text})
# A counted gate's heap allocations per round trip (analysis/code_path.py): a cell whose allocations
# moved, and a cell of a sub-experiment required to allocate nothing that does, with its functions.
ALLOCATING = _record({"function": _text, "base": _number, "pr": _number, "delta": _number})
ALLOCATION_CHANGE = _record({"subexperiment": _name, "bytes": _whole, "base": _number, "pr": _number,
                             "verdict": _choice("regression", "improvement"), "functions": _list_of(ALLOCATING)})
STEADY_ALLOCATION = _record({"subexperiment": _name, "bytes": _whole,
                             "functions": _list_of(_record({"function": _text, "per_round_trip": _number}))})
# A counted cell that cannot detect the increase required: its runs' relative spread, and the
# functions that spread is in (analysis/code_path.py spread_causes).
SPREAD_CAUSE = _record({"subexperiment": _name, "bytes": _whole, "detectable": _number, "spread": _number,
                        "runs": _whole, "functions": _list_of(_record({"function": _text, "spread": _whole,
                                                                       "share": _number}), MAX_FUNCTIONS)})
CEILING_BREACH = _record({"subexperiment": _name, "bytes": _whole, "magnitude": _name, "requirement": _number,
                          "pr": _number, "unit": _name})
SETTINGS = _record({"alpha": _number, "min_effect": _number, "clear_confidence": _number,
                    "gated": _list_of(_name, 10), "variance": _text, "guard": _choice("sign-flip", "rank"),
                    "require_detectable": _number},
                   # older gates: variance "cell", guard "sign-flip"; no require_detectable: none required
                   optional=("variance", "guard", "require_detectable"))
LOOK = _record({"rounds": _whole, "verdicts": _object_of(_whole), "ceiling": _object_of(_whole),
                "unsettled": _whole}, optional=("ceiling", "unsettled"))
DETECTABLE = _object_of(_object_of(_record({"median": _number, "max": _number}), key_check=_name), key_check=_name)
REQUIRED = ("verdict", "passed", "rounds", "cells", "counts", "looks")  # what every version 2 holds
_FIELDS = {
    "schema_version": _whole,
    "mode": _choice("relative"),
    "signal": _choice(*SIGNALS),
    "counted_path": _text,
    "head_sha": _sha,
    "verdict": _choice(*VERDICTS_OF_THE_GATE),
    "not_ruled_out": _whole,
    "passed": _flag,
    "rounds": _whole,
    "cells": _whole,
    "counts": _object_of(_whole, key_check=_choice(*VERDICTS)),
    "settings": SETTINGS,
    "detectable": DETECTABLE,
    "regressions": _list_of(CELL),
    "improvements": _list_of(CELL),
    "estimated_cycles": _list_of(ESTIMATE),
    "flamegraphs": _list_of(FLAME_GRAPH),
    "flamegraphs_not_drawn": _list_of(_text, 100),
    "build_differences": _list_of(_record({"what": _text, "base": _text, "pr": _text})),
    "allocation_changes": _list_of(ALLOCATION_CHANGE),
    "no_allocations": _list_of(_name),
    "steady_allocations": _list_of(STEADY_ALLOCATION),
    "spread_causes": _list_of(SPREAD_CAUSE),
    "ceiling_over": _list_of(CEILING_BREACH),
    "looks": _list_of(LOOK, MAX_LOOKS),
    "seed": _whole, "samples": _whole, "first_look": _whole, "max_rounds": _whole, "look_every": _whole,
    "base": _text, "pr": _text,
    "subexperiments": _list_of(_name), "payloads": _list_of(_whole),
    "requirements": _optional(_text),
    "duration_s": _number,
    "regime": _object_of(_scalar, 50, key_check=_name),
    "requirements_comparability": _list_of(_text),
    "below_resolution": _list_of(_text),
}
DOCUMENT = _record(_FIELDS, optional=tuple(name for name in _FIELDS if name not in REQUIRED))


def write(directory, document):
    """Write `document` (a dict of this contract's keys) as gate_result.json, atomically, with
    the schema version; ValueError for a key or value the contract does not define."""
    results.write_checked(directory, FILE, {key: value for key, value in document.items() if key != "schema_version"},
                          lambda checked: DOCUMENT({**checked, "schema_version": SCHEMA_VERSION}, "", strict=True),
                          _Invalid, SCHEMA_VERSION)


def _renamed(record, names, unit):
    """A record with its keys renamed (old -> new) and, when it held any of them, the unit."""
    if not isinstance(record, dict) or not set(names) & set(record):
        return record
    return {names.get(key, key): value for key, value in record.items()} | {"unit": unit(record)}


def _unit_of_version_1(record):
    """What version 1's `*_us` values held: the magnitude's unit (instructions for a counted one)."""
    known = magnitudes.BY_NAME.get(record.get("magnitude"))
    return known.unit if known else "us"


def _update_to_2(document):
    """Version 1 -> 2: each cell's base_us/pr_us are its base/pr in its unit, a ceiling breach's
    requirement_us/pr_us its requirement/pr; the verdict of the three states, at the minimum
    effect (what version 1 ruled out): failed unless passed, inconclusive when a gated cell was."""
    cells = {"base_us": "base", "pr_us": "pr"}
    breach = {"requirement_us": "requirement", "pr_us": "pr"}
    upgraded = dict(document)
    for key, names in (("regressions", cells), ("improvements", cells), ("ceiling_over", breach)):
        if isinstance(document.get(key), list):
            upgraded[key] = [_renamed(record, names, _unit_of_version_1) for record in document[key]]
    counts = document.get("counts")
    inconclusive = counts.get("inconclusive", 0) if isinstance(counts, dict) else 0
    if isinstance(document.get("passed"), bool) and isinstance(inconclusive, int):
        upgraded["verdict"] = ("failed" if not document["passed"] else "inconclusive" if inconclusive else "passed")
        upgraded["not_ruled_out"] = inconclusive
    return upgraded | {"schema_version": 2}


_UPDATES = {1: _update_to_2}  # version -> the step to the next one


def upgrade(document):
    """A document of any version this code reads, as the newest (SCHEMA_VERSION)."""
    while (version := document.get("schema_version", 1)) < SCHEMA_VERSION:
        document = _UPDATES[version](document)
    return document


def read(directory):
    """The gate_result.json in `directory` (or that path), checked, capped and upgraded to the newest
    version; InputError naming the file and the bad key otherwise."""
    return results.read_capped(directory, FILE, MAX_BYTES, lambda document: DOCUMENT(document, ""), _Invalid,
                               SCHEMA_VERSION, upgrade)


def read_cells(directory):
    """gate_cells.csv beside a gate_result.json (render/gate_report.py writes it: one row per cell),
    its columns as version 2 names them: a gate of version 1 wrote 'Base [us]', 'PR [us]' and
    'Requirement [us]' (holding instruction counts too) and no Unit, its magnitude's unit."""
    import pandas as pd  # here: the pull-request comment reads gate_result.json without pandas

    path = Path(directory) / CELLS_FILE
    try:
        cells = pd.read_csv(path)
    except (OSError, ValueError) as error:
        raise InputError(f"cannot read the gate's cells: {error}", path) from None
    cells = cells.rename(columns={f"{name} [us]": name for name in ("Base", "PR", "Requirement")})
    if "Unit" not in cells and "Magnitude" in cells:
        cells.insert(cells.columns.get_loc("PR") + 1, "Unit",
                     [_unit_of_version_1({"magnitude": name}) for name in cells["Magnitude"]])
    return cells


def rounds_path(directory):
    return Path(directory) / ROUNDS_FILE


def read_rounds(directory):
    """A gate's rounds.csv (ROUND_COLUMNS; Position, when there, ignored); InputError naming the
    file and the bad cell."""
    return read_table(rounds_path(directory), ROUND_COLUMNS, numeric=(ROUND, BYTES, VALUE), integer=(ROUND, BYTES))


def is_commit_id(text):
    return bool(_SHA.fullmatch(text))


def commit_id(text):
    """`text` if it is a commit id (for argparse: ValueError otherwise)."""
    if not is_commit_id(text):
        raise ValueError(f"not a commit id: {text!r}")
    return text


def least_sensitive(detectable, gated=()):
    """{magnitude: (sub-experiment, its median detectable slowdown)} of a gate's `detectable`
    ({sub-experiment: {magnitude: {median, max}}}): per magnitude, the least sensitive
    sub-experiment's, the gated magnitudes in their order."""
    worst = {}
    for name, effects in detectable.items():
        for magnitude, effect in effects.items():
            if magnitude not in worst or effect["median"] > worst[magnitude][1]:
                worst[magnitude] = (name, effect["median"])
    order = [magnitude for magnitude in gated if magnitude in worst] or list(worst)
    return {magnitude: worst[magnitude] for magnitude in order}
