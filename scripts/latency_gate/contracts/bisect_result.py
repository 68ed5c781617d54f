"""bisect_result.json, `latency-gate bisect`'s findings for machines: the one module that knows its
keys and checks them (campaigns/bisect.py finds, cli/bisect.py writes through write(), which
refuses a key or value this module does not define; render/bisect_report.py draws it).

Per regressed cell of a counted gate: the instructions per round trip the bisect counted at the
base and the head (its own builds), the gate's two values, the cell's spread and margin, the
culprits (commit, subject, the cell's count before and after it, their difference, and the
function whose inclusive count changed most in that step: a culprit's own step moved the cell by
more than the margin), the ranges whose change is gradual (`gradual`: the range moved the cell by
more than the margin, none of its commits' own steps did; bisects before it lack the key) and the
ranges it did not search to the end (`unresolved`: a time limit or a failed build stopped it;
`stopped` says why).
"""

from latency_gate.contracts import json_shapes as shapes, results
from latency_gate.contracts.gate_result import MAX_BYTES

FILE = "bisect_result.json"
MAX_COMMITS = 10_000  # first-parent commits between base and head that a bisect may search

COMMIT = shapes.record({"sha": shapes.sha, "subject": shapes.text})
CULPRIT = shapes.record({"sha": shapes.sha, "subject": shapes.text, "before": shapes.number, "after": shapes.number,
                         "delta": shapes.number, "function": shapes.optional(shapes.text)})
# A change between `after_sha` (excluded) and `through_sha` (included) that was not located (an end
# may not have been counted), or that is gradual (both ends counted).
UNRESOLVED = shapes.record({"after_sha": shapes.sha, "through_sha": shapes.sha, "before": shapes.optional(shapes.number),
                            "after": shapes.optional(shapes.number)})
GRADUAL = shapes.record({"after_sha": shapes.sha, "through_sha": shapes.sha, "before": shapes.number,
                         "after": shapes.number})
CELL = shapes.record({
    "subexperiment": shapes.name, "bytes": shapes.whole, "gate_base": shapes.number, "gate_pr": shapes.number,
    "base": shapes.optional(shapes.number), "head": shapes.optional(shapes.number), "spread": shapes.number,
    "margin": shapes.number, "culprits": shapes.list_of(CULPRIT, MAX_COMMITS),
    "gradual": shapes.list_of(GRADUAL, MAX_COMMITS), "unresolved": shapes.list_of(UNRESOLVED, MAX_COMMITS),
}, optional=("gradual",))  # older bisects named no gradual change
BUILT = shapes.record({"sha": shapes.sha, "subject": shapes.text, "build_s": shapes.number, "counting_s": shapes.number})
DOCUMENT = shapes.record({
    "schema_version": shapes.whole, "base": COMMIT, "head": COMMIT, "commits": shapes.whole,
    "gate_result": shapes.text, "build_command": shapes.text, "middleware": shapes.name, "samples": shapes.whole,
    "complete": shapes.flag, "stopped": shapes.optional(shapes.text), "time_limit_s": shapes.optional(shapes.number),
    "duration_s": shapes.number, "cells": shapes.list_of(CELL), "built": shapes.list_of(BUILT, MAX_COMMITS),
}, optional=("schema_version",))


def write(directory, document):
    """Write `document` as bisect_result.json, atomically, with the schema version; ValueError for
    a key or value the contract does not define."""
    results.write_checked(directory, FILE, document, lambda checked: DOCUMENT(checked, "", strict=True), shapes.Invalid)


def read(directory):
    """The bisect_result.json in `directory` (or that path), checked and capped; InputError naming
    the file and the bad key otherwise."""
    return results.read_capped(directory, FILE, MAX_BYTES, lambda document: DOCUMENT(document, ""), shapes.Invalid)
