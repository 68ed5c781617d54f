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
required, its runs' spread and the functions it is in); for a throughput gate `cases` and
`test_time_s` (what each run ran: ThroughputTest's cases, each for that many seconds).
"""

from pathlib import Path

from latency_gate.contracts import json_shapes as shapes, magnitudes, results
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
MAX_CELLS = shapes.MAX_ENTRIES  # entries of a cell list; a full latency matrix gates 220 cells
MAX_FUNCTIONS = 100  # functions listed on one cell
MAX_LOOKS = 1_000
VERDICTS = ("regression", "inconclusive", "no regression", "improvement")  # a cell's
VERDICTS_OF_THE_GATE = ("passed", "failed", "inconclusive")
SIGNALS = ("latency", "instructions")
# `detectable`: per cell the smallest slowdown the gate would have confirmed in this share of such
# gates at the noise it measured (analysis/relative.py cell_tests).
DETECTION_POWER = 0.8


FUNCTION = shapes.record({"function": shapes.text, "base": shapes.whole, "pr": shapes.whole, "delta": shapes.integer,
                          "share": shapes.number})
CELL = shapes.record({
    "subexperiment": shapes.name, "bytes": shapes.whole, "magnitude": shapes.name, "base": shapes.number,
    "pr": shapes.number, "unit": shapes.name, "ratio": shapes.number, "interval": shapes.list_of(shapes.number, length=2),
    "p_adjusted": shapes.number, "verdict": shapes.choice(*VERDICTS), "reason": shapes.text,
    "functions": shapes.list_of(FUNCTION, MAX_FUNCTIONS),
}, optional=("functions",))
ESTIMATE = shapes.record({"subexperiment": shapes.name, "bytes": shapes.whole, "base": shapes.number, "pr": shapes.number,
                          "ratio": shapes.number, "verdict": shapes.choice(*VERDICTS)})
FLAME_GRAPH = shapes.record({"subexperiment": shapes.name, "bytes": shapes.whole, "verdict": shapes.choice(*VERDICTS),
                             "svg": shapes.text})
# A counted gate's heap allocations per round trip (analysis/code_path.py): a cell whose allocations
# moved, and a cell of a sub-experiment required to allocate nothing that does, with its functions.
ALLOCATING = shapes.record({"function": shapes.text, "base": shapes.number, "pr": shapes.number,
                            "delta": shapes.number})
ALLOCATION_CHANGE = shapes.record({
    "subexperiment": shapes.name, "bytes": shapes.whole, "base": shapes.number, "pr": shapes.number,
    "verdict": shapes.choice("regression", "improvement"), "functions": shapes.list_of(ALLOCATING),
})
STEADY_ALLOCATION = shapes.record({
    "subexperiment": shapes.name, "bytes": shapes.whole,
    "functions": shapes.list_of(shapes.record({"function": shapes.text, "per_round_trip": shapes.number})),
})
# A counted cell that cannot detect the increase required: its runs' relative spread, and the
# functions that spread is in (analysis/code_path.py spread_causes).
SPREAD_CAUSE = shapes.record({
    "subexperiment": shapes.name, "bytes": shapes.whole, "detectable": shapes.number, "spread": shapes.number,
    "runs": shapes.whole,
    "functions": shapes.list_of(shapes.record({"function": shapes.text, "spread": shapes.whole, "share": shapes.number}),
                                MAX_FUNCTIONS),
})
CEILING_BREACH = shapes.record({"subexperiment": shapes.name, "bytes": shapes.whole, "magnitude": shapes.name,
                                "requirement": shapes.number, "pr": shapes.number, "unit": shapes.name})
SETTINGS = shapes.record({"alpha": shapes.number, "min_effect": shapes.number, "clear_confidence": shapes.number,
                          "gated": shapes.list_of(shapes.name, 10), "variance": shapes.text,
                          "guard": shapes.choice("sign-flip", "rank"), "require_detectable": shapes.number},
                         # older gates: variance "cell", guard "sign-flip"; no require_detectable: none required
                         optional=("variance", "guard", "require_detectable"))
LOOK = shapes.record({"rounds": shapes.whole, "verdicts": shapes.object_of(shapes.whole),
                      "ceiling": shapes.object_of(shapes.whole), "unsettled": shapes.whole},
                     optional=("ceiling", "unsettled"))
DETECTABLE = shapes.object_of(shapes.object_of(shapes.record({"median": shapes.number, "max": shapes.number}),
                                               key_check=shapes.name), key_check=shapes.name)
REQUIRED = ("verdict", "passed", "rounds", "cells", "counts", "looks")  # what every version 2 holds
_FIELDS = {
    "schema_version": shapes.whole,
    "mode": shapes.choice("relative"),
    "signal": shapes.choice(*SIGNALS),
    "counted_path": shapes.text,
    "head_sha": shapes.sha,
    "verdict": shapes.choice(*VERDICTS_OF_THE_GATE),
    "not_ruled_out": shapes.whole,
    "passed": shapes.flag,
    "rounds": shapes.whole,
    "cells": shapes.whole,
    "counts": shapes.object_of(shapes.whole, key_check=shapes.choice(*VERDICTS)),
    "settings": SETTINGS,
    "detectable": DETECTABLE,
    "regressions": shapes.list_of(CELL),
    "improvements": shapes.list_of(CELL),
    "estimated_cycles": shapes.list_of(ESTIMATE),
    "flamegraphs": shapes.list_of(FLAME_GRAPH),
    "flamegraphs_not_drawn": shapes.list_of(shapes.text, 100),
    "build_differences": shapes.list_of(shapes.record({"what": shapes.text, "base": shapes.text, "pr": shapes.text})),
    "allocation_changes": shapes.list_of(ALLOCATION_CHANGE),
    "no_allocations": shapes.list_of(shapes.name),
    "steady_allocations": shapes.list_of(STEADY_ALLOCATION),
    "spread_causes": shapes.list_of(SPREAD_CAUSE),
    "ceiling_over": shapes.list_of(CEILING_BREACH),
    "looks": shapes.list_of(LOOK, MAX_LOOKS),
    "seed": shapes.whole, "samples": shapes.whole, "cases": shapes.whole, "test_time_s": shapes.whole,
    "first_look": shapes.whole, "max_rounds": shapes.whole,
    "look_every": shapes.whole,
    "base": shapes.text, "pr": shapes.text,
    "subexperiments": shapes.list_of(shapes.name), "payloads": shapes.list_of(shapes.whole),
    "requirements": shapes.optional(shapes.text),
    "duration_s": shapes.number,
    "regime": shapes.object_of(shapes.scalar, 50, key_check=shapes.name),
    "requirements_comparability": shapes.list_of(shapes.text),
    "below_resolution": shapes.list_of(shapes.text),
}
DOCUMENT = shapes.record(_FIELDS, optional=tuple(name for name in _FIELDS if name not in REQUIRED))


def write(directory, document):
    """Write `document` (a dict of this contract's keys) as gate_result.json, atomically, with
    the schema version; ValueError for a key or value the contract does not define."""
    results.write_checked(directory, FILE, {key: value for key, value in document.items() if key != "schema_version"},
                          lambda checked: DOCUMENT({**checked, "schema_version": SCHEMA_VERSION}, "", strict=True),
                          shapes.Invalid, SCHEMA_VERSION)


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
    return results.read_capped(directory, FILE, MAX_BYTES, lambda document: DOCUMENT(document, ""), shapes.Invalid,
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


def commit_id(text):
    """`text` if it is a commit id (for argparse: ValueError otherwise)."""
    if not shapes.is_commit_id(text):
        raise ValueError(f"not a commit id: {text!r}")
    return text


def allocation_failures(findings):
    """(the cells whose heap allocations per round trip grew, the cells of sub-experiments required to
    allocate nothing that do) of a counted gate's allocation findings (analysis/code_path.py
    allocation_findings, as this document holds them; none without)."""
    grew = [cell for cell in findings.get("allocation_changes", []) if cell["verdict"] == "regression"]
    return grew, findings.get("steady_allocations", [])


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
