"""Checks of a JSON document's shape, for the contracts of documents CI downloads from a pull
request's run (gate_result.json, bisect_result.json): each check takes (value, where, strict) and
raises Invalid naming the key path; strict (on writing) refuses keys of a record the contract does
not define, at any depth. Texts are capped, names of safe characters, commit ids exact, lists and
objects bounded: a reader of such documents (the pull-request comment) trusts them alike."""

import json
import re

MAX_TEXT = 2_000  # characters of one text (a C++ function name can be long)
MAX_ENTRIES = 2_000  # entries of a list or object unless a check says otherwise
# A number's magnitude at most (a round trip's instructions are millions, a gate's seconds thousands):
# beyond, formatting one overflows or fills a page.
MAX_NUMBER = 1e15
_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")  # a git commit id (SHA-1 or SHA-256)
# Sub-experiment and magnitude names ("interprocess_reliable_tcp", "99%", "1/throughput"): a name
# that is not of these characters is refused, not escaped (free texts are escaped where shown).
_NAME = re.compile(r"[A-Za-z0-9_.%/+-]{1,100}")


def clipped(value):
    """A text cut to MAX_TEXT characters, its end marked: what a producer puts into a document of
    texts it does not choose (a commit's subject, which git joins from its first paragraph; a C++
    function's name with its template arguments)."""
    return value if len(value) <= MAX_TEXT else value[:MAX_TEXT - 1] + "…"


class Invalid(Exception):
    def __init__(self, where, message, value):
        shown = json.dumps(value)
        super().__init__(f"{repr(where) if where else 'the document'} {message}, "
                         f"got {shown if len(shown) <= 60 else shown[:57] + '...'}")


def text(value, where, strict=False):
    if not isinstance(value, str):
        raise Invalid(where, "must be a text", value)
    if len(value) > MAX_TEXT:
        raise Invalid(where, f"is longer than {MAX_TEXT} characters", value)


def name(value, where, strict=False):
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise Invalid(where, "must be a name of letters, digits and _ . % / + - (at most 100)", value)


def whole(value, where, strict=False):
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Invalid(where, "must be a whole number of 0 or more", value)
    _bounded_number(value, where)


def integer(value, where, strict=False):
    if not isinstance(value, int) or isinstance(value, bool):
        raise Invalid(where, "must be a whole number", value)
    _bounded_number(value, where)


def number(value, where, strict=False):
    """A number; infinity too (an interval or detectable effect of two rounds can be unbounded)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise Invalid(where, "must be a number", value)
    if value == value and abs(value) != float("inf"):  # neither NaN nor unbounded
        _bounded_number(value, where)


def _bounded_number(value, where):
    if abs(value) > MAX_NUMBER:
        raise Invalid(where, f"is larger than {MAX_NUMBER:g}", value if isinstance(value, float) else len(str(value)))


def flag(value, where, strict=False):
    if not isinstance(value, bool):
        raise Invalid(where, "must be true or false", value)


def sha(value, where, strict=False):
    if not isinstance(value, str) or not _SHA.fullmatch(value):
        raise Invalid(where, "must be a commit id (40 or 64 lowercase hex digits)", value)


def scalar(value, where, strict=False):
    if value is not None and not isinstance(value, (str, int, float, bool)):
        raise Invalid(where, "must be a text, number, true, false or null", value)
    if isinstance(value, str):
        text(value, where)


def choice(*allowed):
    def check(value, where, strict=False):
        if value not in allowed:
            raise Invalid(where, f"must be one of {', '.join(allowed)}", value)
    return check


def optional(check):
    def optional(value, where, strict=False):
        if value is not None:
            check(value, where, strict)
    return optional


def bounded(value, where, python_type, what, entries, limit):
    """A JSON list or object of at most `limit` entries; Invalid otherwise."""
    if not isinstance(value, python_type):
        raise Invalid(where, f"must be {what}", value)
    if len(value) > limit:
        raise Invalid(where, f"holds {len(value)} {entries}, more than {limit}", len(value))


def list_of(check, limit=MAX_ENTRIES, length=None):
    def checked(value, where, strict=False):
        bounded(value, where, list, "a list", "entries", limit)
        if length is not None and len(value) != length:
            raise Invalid(where, f"must hold {length} entries", value)
        for index, item in enumerate(value):
            check(item, f"{where}[{index}]", strict)
    return checked


def object_of(check, limit=MAX_ENTRIES, key_check=text):
    def checked(value, where, strict=False):
        bounded(value, where, dict, "an object", "keys", limit)
        for key, item in value.items():
            key_check(key, f"{where} key")
            check(item, f"{where}.{key}", strict)
    return checked


def record(fields, optional=()):
    """An object with these keys (name -> check); those in `optional` may be missing."""
    def checked(value, where, strict=False):
        if not isinstance(value, dict):
            raise Invalid(where, "must be an object", value)
        missing = [name for name in fields if name not in value and name not in optional]
        if missing:
            raise Invalid(where, f"lacks {', '.join(missing)}", sorted(value)[:8])
        unknown = sorted(set(value) - set(fields))
        if strict and unknown:
            raise Invalid(where, f"has keys this contract does not define: {', '.join(unknown)}", unknown)
        for name, check in fields.items():
            if name in value:
                check(value[name], f"{where}.{name}".lstrip("."), strict)
    return checked


def is_commit_id(text):
    return bool(_SHA.fullmatch(text))
