"""<name>.provenance.json beside a requirements CSV: the one module that knows where it goes and
what makes it one (analysis/requirements.py derives what it says: how many runs at which
percentile, when, and what they ran on; a check and the relative gate read it to say when a run
is not like the runs its requirements came from).
"""

import json
import math
from pathlib import Path

from latency_gate.contracts import json_shapes as shapes
from latency_gate.contracts.formats import read_json, write_text_atomic
from latency_gate.errors import InputError

SCHEMA_VERSION = 1


def _finite(value, where, strict=False):
    shapes.number(value, where)
    if not math.isfinite(value):
        raise shapes.Invalid(where, "must be a finite number", value)


_TEXTS = shapes.list_of(shapes.text)
_REGIME = shapes.object_of(shapes.scalar, 50, key_check=shapes.name)
# The fields its readers rely on (analysis/requirements.py comparability_notes); an older provenance
# lacks some, and one may hold more.
DOCUMENT = shapes.record({
    "runs": shapes.whole,
    "regime": shapes.optional(_REGIME),
    "regimes": shapes.list_of(_REGIME),
    "grids": shapes.list_of(shapes.record({"demands": shapes.list_of(shapes.whole),
                                           "recovery_times_ms": shapes.list_of(_finite),
                                           "test_time_s": _finite})),
    **dict.fromkeys(("middlewares", "cpu_models", "cpu_counts", "middleware_versions", "fastdds_versions"), _TEXTS),
    "platform_baseline": shapes.optional(shapes.record({"p99_us_median": shapes.optional(_finite)},
                                                       optional=("p99_us_median",))),
}, optional=("regime", "regimes", "grids", "middlewares", "cpu_models", "cpu_counts", "middleware_versions",
             "fastdds_versions", "platform_baseline"))


def path(requirements_csv):
    """Where a requirements CSV's provenance goes: <name>.provenance.json beside it."""
    requirements_csv = Path(requirements_csv)
    return requirements_csv.with_name(f"{requirements_csv.stem}.provenance.json")


def write(requirements_csv, origin):
    """Write the provenance of a requirements CSV atomically; returns its path."""
    target = path(requirements_csv)
    write_text_atomic(target, json.dumps({"schema_version": SCHEMA_VERSION, **origin}, indent=2) + "\n")
    return target


def read(requirements_csv):
    """The provenance beside a requirements CSV, or None when there is none; InputError names the
    file when it is not one."""
    source = path(requirements_csv)
    if not source.is_file():
        return None
    origin = read_json(source, "requirements provenance", "no requirements provenance")
    if "runs" not in origin:
        raise InputError("not a requirements provenance (no 'runs')", source)
    try:
        DOCUMENT(origin, "")
    except shapes.Invalid as error:
        raise InputError(f"not a requirements provenance: {error}", source) from None
    return origin
