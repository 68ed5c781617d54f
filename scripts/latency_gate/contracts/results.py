"""The machine-readable verdicts' versioning, and check_result.json (`latency-gate check`)
with its names and reading; gate_result.json has its own owner (contracts/gate_result.py),
which writes and versions through this module with its own version (and upgrades older ones).

Each document carries `schema_version`; reading refuses a newer one, reads a document
written before versioning (no `schema_version`: the same fields) as version 1, and checks
that the fields its readers rely on are there, naming the file when not.
"""

import json
from pathlib import Path

from latency_gate.contracts import json_shapes as shapes
from latency_gate.contracts.formats import read_json, write_text_atomic
from latency_gate.errors import InputError

SCHEMA_VERSION = 1  # check_result.json's
CHECK_RESULT = "check_result.json"
# `latency-gate check`'s reports for people and for CI test views, beside it.
CHECK_REPORT, CHECK_JUNIT = "check_report.md", "check_report.xml"
# The fields every reader may rely on.
REQUIRED_FIELDS = {CHECK_RESULT: ("passed", "failed", "total", "worst", "failures")}


def write(directory, name, document, version=SCHEMA_VERSION):
    """Write `document` (a dict) as `name` in `directory`, atomically, with its version."""
    write_text_atomic(Path(directory) / name, json.dumps({"schema_version": version, **document}, indent=2) + "\n")


def read_document(path, name):
    """The JSON object in `path` (a document called `name`); InputError naming the file otherwise."""
    return read_json(path, name, f"no {name} (written by latency-gate {name.split('_')[0]})")


def check_version(document, path, newest=SCHEMA_VERSION):
    """`document`, whose schema_version (at most `newest`) this code reads; InputError naming `path` otherwise."""
    version = document.get("schema_version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise InputError(f"schema_version must be a whole number of 1 or more, got {version!r}", path)
    if version > newest:
        raise InputError(f"schema_version {version} is newer than this latency-gate reads ({newest}): "
                         "update latency-gate", path)
    return document


def write_checked(directory, name, document, validate, invalid, version=SCHEMA_VERSION):
    """Write `document` as `name` (write(), with `version`) once validate(document) passes;
    ValueError naming the file and the bad key when it raises `invalid`."""
    try:
        validate(document)
    except invalid as error:
        raise ValueError(f"{name}: {error}") from None
    write(directory, name, document, version)


def read_capped(directory, name, max_bytes, validate, invalid, newest=SCHEMA_VERSION, upgrade=lambda document: document):
    """The untrusted document `name` in `directory` (or that path): at most `max_bytes`, of a version
    this code reads (at most `newest`), brought to the newest by upgrade(document), and passing
    validate(document), which raises `invalid` with a message naming the bad key; InputError naming
    the file otherwise."""
    path = Path(directory)
    if path.is_dir():
        path = path / name
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise InputError(f"no {name} (written by latency-gate {name.split('_')[0]})", path) from None
    if size > max_bytes:
        raise InputError(f"{size} bytes, more than the {max_bytes} a {name} may hold", path)
    document = check_version(read_document(path, name), path, newest)
    try:
        document = upgrade(document)
    except (TypeError, KeyError, AttributeError, ValueError) as error:  # an older version's shape it does not have
        raise InputError(f"not a {name} of version {document.get('schema_version', 1)}: its fields are of other kinds "
                         f"({type(error).__name__}: {error})", path) from None
    try:
        validate(document)
    except invalid as error:
        raise InputError(str(error), path) from None
    return document


# check_result.json's fields as its readers use them (contracts/json_shapes.py): a check record is the
# worst one and each failure.
_CHECK_RECORD = shapes.record({"subexperiment": shapes.text, "bytes": shapes.whole, "check": shapes.text,
                               "requirement": shapes.number, "experiment": shapes.number,
                               "percentage_over": shapes.number, "status": shapes.text})
_CHECK_RESULT = shapes.record({"passed": shapes.whole, "failed": shapes.whole, "total": shapes.whole,
                               "worst": _CHECK_RECORD, "failures": shapes.list_of(_CHECK_RECORD)})


def read(directory, name):
    """The document `name` in `directory`, checked: its fields there and of the kinds its readers
    use (counts whole and not negative, adding up; each check record complete); InputError naming
    the file and field otherwise."""
    path = Path(directory) / name
    document = check_version(read_document(path, name), path)
    missing = [field for field in REQUIRED_FIELDS[name] if field not in document]
    if missing:
        raise InputError(f"missing field(s): {', '.join(missing)}", path)
    try:
        _CHECK_RESULT(document, "")
    except shapes.Invalid as error:
        raise InputError(str(error), path) from None
    if document["passed"] + document["failed"] != document["total"]:
        raise InputError(f"passed ({document['passed']}) and failed ({document['failed']}) do not add up to "
                         f"total ({document['total']})", path)
    if len(document["failures"]) != document["failed"]:
        raise InputError(f"failures must list the {document['failed']} failed check(s)", path)
    return document
