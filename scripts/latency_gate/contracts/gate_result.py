"""gate_result.json, the relative gate's verdict for machines: the one module that knows its
keys, checks them and caps them.

`latency-gate gate` writes it (render/gate_report.py, through write(), which refuses a key or a
value this module does not know, so no writer can add a field no reader checks);
`latency-gate pr-comment` reads it from an artifact that a pull request's own workflow made,
so read() treats it as untrusted data: at most MAX_BYTES, lists and texts capped, every
value of the type its key names, a bad one named with its key path and value. A key this
module does not know is ignored on reading (a newer writer of the same schema version).

Optional keys (documents written before them lack them): `regime`, `detectable`,
`requirements_comparability`, `below_resolution`; `head_sha` (the pull request's head
commit the gate measured, recorded when `latency-gate gate --head-sha` is given); `signal`
("latency" or "instructions"; absent means latency) and, on a regressed cell of the
instructions signal, `functions` (the functions whose instruction counts grew); for the
instructions signal `estimated_cycles` (per cell, the estimated cycles per round trip of
callgrind's cache simulation: base, PR, ratio, verdict); for the instructions signal
`flamegraphs` (per regressed or improved cell, its differential flame graph's SVG, a path
relative to the gate's directory: contracts/folded_stacks.py).
"""

import json
import re
from pathlib import Path

from latency_gate.contracts import results
from latency_gate.errors import InputError

FILE = "gate_result.json"
MAX_BYTES = 1_000_000  # a full-matrix gate writes ~4 KB, ~70 KB with every gated cell regressed
MAX_CELLS = 2_000  # entries of a cell list; a full latency matrix gates 220 cells
MAX_FUNCTIONS = 100  # functions listed on one cell
MAX_TEXT = 2_000  # characters of one text (a C++ function name can be long)
MAX_LOOKS = 1_000
VERDICTS = ("regression", "inconclusive", "no regression", "improvement")
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


def _list_of(check, limit=MAX_CELLS, length=None):
    def checked(value, where, strict=False):
        if not isinstance(value, list):
            raise _Invalid(where, "must be a list", value)
        if len(value) > limit:
            raise _Invalid(where, f"holds {len(value)} entries, more than {limit}", len(value))
        if length is not None and len(value) != length:
            raise _Invalid(where, f"must hold {length} entries", value)
        for index, item in enumerate(value):
            check(item, f"{where}[{index}]", strict)
    return checked


def _object_of(check, limit=MAX_CELLS, key_check=_text):
    def checked(value, where, strict=False):
        if not isinstance(value, dict):
            raise _Invalid(where, "must be an object", value)
        if len(value) > limit:
            raise _Invalid(where, f"holds {len(value)} keys, more than {limit}", len(value))
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
    "subexperiment": _name, "bytes": _whole, "magnitude": _name, "base_us": _number, "pr_us": _number,
    "ratio": _number, "interval": _list_of(_number, length=2), "p_adjusted": _number,
    "verdict": _choice(*VERDICTS), "reason": _text, "functions": _list_of(FUNCTION, MAX_FUNCTIONS),
}, optional=("functions",))
ESTIMATE = _record({"subexperiment": _name, "bytes": _whole, "base": _number, "pr": _number, "ratio": _number,
                    "verdict": _choice(*VERDICTS)})
FLAME_GRAPH = _record({"subexperiment": _name, "bytes": _whole, "verdict": _choice(*VERDICTS), "svg": _text})
CEILING_BREACH = _record({"subexperiment": _name, "bytes": _whole, "magnitude": _name, "requirement_us": _number,
                          "pr_us": _number})
SETTINGS = _record({"alpha": _number, "min_effect": _number, "clear_confidence": _number,
                    "gated": _list_of(_name, 10), "variance": _text, "guard": _choice("sign-flip", "rank")},
                   optional=("variance", "guard"))  # older gates: variance "cell", guard "sign-flip"
LOOK = _record({"rounds": _whole, "verdicts": _object_of(_whole), "ceiling": _object_of(_whole),
                "unsettled": _whole}, optional=("ceiling", "unsettled"))
DETECTABLE = _object_of(_object_of(_record({"median": _number, "max": _number}), key_check=_name), key_check=_name)
REQUIRED = ("passed", "rounds", "cells", "counts", "looks")  # what every gate_result.json has held
_FIELDS = {
    "schema_version": _whole,
    "mode": _choice("relative"),
    "signal": _choice(*SIGNALS),
    "head_sha": _sha,
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
    try:
        DOCUMENT(document, "", strict=True)
    except _Invalid as error:
        raise ValueError(f"{FILE}: {error}") from None
    results.write(directory, FILE, document)


def read(directory):
    """The gate_result.json in `directory` (or that path), checked and capped; InputError naming
    the file and the bad key otherwise."""
    path = Path(directory)
    if path.is_dir():
        path = path / FILE
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise InputError(f"no {FILE} (written by latency-gate gate)", path) from None
    if size > MAX_BYTES:
        raise InputError(f"{size} bytes, more than the {MAX_BYTES} a gate result may hold", path)
    document = results.check_version(results.read_document(path, FILE), path)
    try:
        DOCUMENT(document, "")
    except _Invalid as error:
        raise InputError(str(error), path) from None
    return document


def is_commit_id(text):
    return bool(_SHA.fullmatch(text))


def commit_id(text):
    """`text` if it is a commit id (for argparse: ValueError otherwise)."""
    if not is_commit_id(text):
        raise ValueError(f"not a commit id: {text!r}")
    return text


def record_head_sha(directory, sha):
    """Add the pull request's head commit the gate measured to its gate_result.json."""
    write(directory, {**read(directory), "head_sha": sha})
