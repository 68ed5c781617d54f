"""bisect_result.json, `latency-gate bisect`'s findings for machines: the one module that knows its
keys and checks them (campaigns/bisect.py finds, cli/bisect.py writes through write(), which
refuses a key or value this module does not define; render/bisect_report.py draws it).

Per regressed cell of a counted gate: the instructions per round trip the bisect counted at the
base and the head (its own builds), the gate's two values, the cell's spread and margin, the
culprits (commit, subject, the cell's count before and after it, their difference, and the
function whose inclusive count changed most in that step) and the ranges it did not search to
the end (`unresolved`: a time limit or a failed build stopped it; `stopped` says why).
"""

from latency_gate.contracts import results
# The checks of gate_result.json's contract: the same rules (texts capped, names of safe characters,
# commit ids), so that a reader of both (the pull-request comment) trusts both alike.
from latency_gate.contracts.gate_result import (
    MAX_BYTES, _Invalid, _flag, _list_of, _name, _number, _optional, _record, _sha, _text, _whole,
)

FILE = "bisect_result.json"
MAX_COMMITS = 10_000  # first-parent commits between base and head that a bisect may search

COMMIT = _record({"sha": _sha, "subject": _text})
CULPRIT = _record({"sha": _sha, "subject": _text, "before": _number, "after": _number, "delta": _number,
                   "function": _optional(_text)})
# A change between `after_sha` (excluded) and `through_sha` (included) that was not located.
UNRESOLVED = _record({"after_sha": _sha, "through_sha": _sha, "before": _optional(_number),
                      "after": _optional(_number)})
CELL = _record({
    "subexperiment": _name, "bytes": _whole, "gate_base": _number, "gate_pr": _number,
    "base": _optional(_number), "head": _optional(_number), "spread": _number, "margin": _number,
    "culprits": _list_of(CULPRIT, MAX_COMMITS), "unresolved": _list_of(UNRESOLVED, MAX_COMMITS),
})
BUILT = _record({"sha": _sha, "subject": _text, "build_s": _number, "counting_s": _number})
DOCUMENT = _record({
    "schema_version": _whole, "base": COMMIT, "head": COMMIT, "commits": _whole,
    "gate_result": _text, "build_command": _text, "middleware": _name, "samples": _whole,
    "complete": _flag,
    "stopped": _optional(_text), "time_limit_s": _optional(_number), "duration_s": _number,
    "cells": _list_of(CELL), "built": _list_of(BUILT, MAX_COMMITS),
}, optional=("schema_version",))


def write(directory, document):
    """Write `document` as bisect_result.json, atomically, with the schema version; ValueError for
    a key or value the contract does not define."""
    results.write_checked(directory, FILE, document, lambda checked: DOCUMENT(checked, "", strict=True), _Invalid)


def read(directory):
    """The bisect_result.json in `directory` (or that path), checked and capped; InputError naming
    the file and the bad key otherwise."""
    return results.read_capped(directory, FILE, MAX_BYTES, lambda document: DOCUMENT(document, ""), _Invalid)
