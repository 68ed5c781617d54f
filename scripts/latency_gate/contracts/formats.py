"""The spec's CSV formats: names, columns, validated reading and atomic writing.

Every reader either returns a frame whose columns are exactly the spec's, with numeric
columns that are finite numbers, or raises InputError naming the file (and line).
Every writer writes a temporary file beside the target and renames it, so a failed run
never leaves a half-written file behind.

pandas is imported where a frame is read or written, not with this module: the spec's
per-sub-experiment processing (one process per raw CSV) reads and writes with numpy alone
(read_numeric, write_rows), and so does its check, and pandas' import would be half of their
start-up.
"""

import contextlib
import fcntl
import io
import json
import os
import re
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from latency_gate.errors import InputError

SUBEXPERIMENTS = (
    "intraprocess_best_effort",
    "intraprocess_reliable",
    "interprocess_best_effort",
    "interprocess_best_effort_security",
    "interprocess_best_effort_tcp",
    "interprocess_best_effort_tcp_security",
    "interprocess_reliable",
    "interprocess_reliable_security",
    "interprocess_reliable_tcp",
    "interprocess_reliable_tcp_security",
)
PAYLOADS = tuple(2**n for n in range(4, 15))  # 16 .. 16384 bytes
# An extension of the spec (docs/specification.md): shared memory and zero copy (loaned samples)
# between two processes, at the sizes robots send (camera images, point clouds), named in the
# spec's pattern and written in its formats.
SHARED_MEMORY_SUBEXPERIMENTS = (
    "interprocess_best_effort_shm",
    "interprocess_reliable_shm",
    "interprocess_best_effort_zero_copy",
    "interprocess_reliable_zero_copy",
)
# Powers of four from 16 B to 4 MiB: the spec's smallest, then robots' image and point-cloud sizes.
SHARED_MEMORY_PAYLOADS = (16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304)
# Every sub-experiment name a file may carry, in report order.
KNOWN_SUBEXPERIMENTS = SUBEXPERIMENTS + SHARED_MEMORY_SUBEXPERIMENTS


@dataclass(frozen=True)
class Family:
    """Sub-experiments measured together: the ones a run of the family runs and its payloads."""

    name: str
    subexperiments: tuple
    payloads: tuple
    description: str


SPEC_FAMILY, SHARED_MEMORY_FAMILY = "spec", "shm"
FAMILIES = {family.name: family for family in (
    Family(SPEC_FAMILY, SUBEXPERIMENTS, PAYLOADS, "the latency spec's 10 sub-experiments, 16 .. 16384 B"),
    Family(SHARED_MEMORY_FAMILY, SHARED_MEMORY_SUBEXPERIMENTS, SHARED_MEMORY_PAYLOADS,
           "shared memory and zero copy between two processes, 16 B .. 4 MiB (an extension of the spec)"),
)}


def family_of(subexperiment):
    """The family a known sub-experiment name belongs to."""
    return next(family for family in FAMILIES.values() if subexperiment in family.subexperiments)


def choose_family(name=None, subexperiments=None):
    """A run's family: the one named, else the one its sub-experiments belong to (the spec's when
    none are named); InputError when the name is unknown or the sub-experiments span families."""
    if name is not None:
        if name not in FAMILIES:
            raise InputError(f"unknown sub-experiment family '{name}' (known: {', '.join(FAMILIES)})")
        return FAMILIES[name]
    families = {family_of(validate_subexperiment(s)).name for s in subexperiments or ()}
    if len(families) > 1:
        raise InputError(f"the sub-experiments belong to the families {', '.join(sorted(families))}: name the one "
                         f"whose payloads to use (--family)")
    return FAMILIES[families.pop() if families else SPEC_FAMILY]


@dataclass(frozen=True)
class Matrix:
    """A run's sub-experiments and payloads as chosen: its family, the sub-experiments in report
    order without duplicates, each with its family's name, and the payloads sorted."""

    family: Family
    families: dict  # {sub-experiment: its family's name}, in report order
    payloads: tuple

    @property
    def subexperiments(self):
        return tuple(self.families)


def choose_matrix(family=None, subexperiments=None, payloads=None):
    """A run's Matrix: the family named, or its sub-experiments' (choose_family), the sub-experiments
    and payloads named, else the family's; InputError naming an unknown family or sub-experiment."""
    return matrix_of(choose_family(family, subexperiments), subexperiments, payloads)


def matrix_of(chosen, subexperiments=None, payloads=None):
    """The Matrix of a chosen Family: the sub-experiments and payloads named, else the family's
    (the relative gate's payloads depend on the family, so it chooses the family first)."""
    named = {validate_subexperiment(name) for name in subexperiments or chosen.subexperiments}
    return Matrix(chosen, {name: family_of(name).name for name in KNOWN_SUBEXPERIMENTS if name in named},
                  tuple(sorted(set(payloads or chosen.payloads))))

SAMPLE, PAYLOAD, LATENCY = "Sample", "Payload [Bytes]", "Latency [us]"
MEASUREMENT_COLUMNS = (SAMPLE, PAYLOAD, LATENCY)
SUMMARY_COLUMNS = (
    "Bytes", "Samples", "Max", "Min", "Mean", "Median", "Stdev",
    "Mean jitter", "Max jitter", "90%", "99%", "99.99%",
)
REQUIREMENTS_COLUMNS = ("Experiment type", "Bytes", "Median", "99%", "Max")
CHECK_COLUMNS = (
    "Check", "Bytes", "Requirement", "Experiment", "Difference",
    "Percentage over requirement", "Status",
)
CHECKED_MAGNITUDES = ("Median", "99%", "Max")  # spec order of checks and requirements
FLOAT_FORMAT = "%.3f"
_INT64_LIMIT = 2.0**63  # a whole-number column's values as int64: beyond, the cast is garbage

_FIELD_COUNT_ERROR = re.compile(r"Expected (?P<expected>\d+) fields in line (?P<line>\d+), saw (?P<saw>\d+)")


@dataclass(frozen=True)
class FileName:
    """How a sub-experiment's file of one sort is named: <prefix><sub-experiment><suffix>."""

    prefix: str
    suffix: str
    what: str  # how an error names it, e.g. "a summary file name"

    @property
    def glob(self):
        return f"{self.prefix}*{self.suffix}"

    def path(self, directory, subexperiment):
        return Path(directory) / f"{self.prefix}{subexperiment}{self.suffix}"

    def matches(self, path):
        name = Path(path).name
        return name.startswith(self.prefix) and name.endswith(self.suffix) and \
            len(name) > len(self.prefix) + len(self.suffix)

    def subexperiment(self, path, unless=None):
        """The known sub-experiment a file's name gives; InputError otherwise, or when it is named as
        `unless` is (another FileName)."""
        if not self.matches(path) or (unless and unless.matches(path)):
            raise InputError(f"not {self.what} ({self.prefix}<sub-experiment>{self.suffix})", path)
        return validate_subexperiment(Path(path).name[len(self.prefix):-len(self.suffix)], path)


MEASUREMENTS = FileName("measurements_", ".csv", "a measurements file name")
SUMMARY = FileName("measurements_", "_summary.csv", "a summary file name")
CHECKS = FileName("checks_", ".csv", "a check report file name")
# A run's copy of the requirements it was checked against, as the history store keeps it.
STORED_REQUIREMENTS = "requirements.csv"
# compare-experiments' table of a sub-experiment: the reference's and the result's summaries, labelled.
COMPARISON = FileName("", "_comparison.csv", "a comparison file name")
SUMMARY_GLOB, CHECKS_GLOB = SUMMARY.glob, CHECKS.glob
measurements_path, summary_path, checks_path = MEASUREMENTS.path, SUMMARY.path, CHECKS.path
is_summary = SUMMARY.matches  # measurements_<sub-experiment>_summary.csv


def rejected_export_path(logs, subexperiment, tag=""):
    """A program's raw export the runner rejected, kept in logs/ where its error names it
    (runner/subexperiment.py): <sub-experiment>_rejected<tag>.csv, the tag a re-run's (.rerun) and an
    earlier attempt's (.attempt-<n>)."""
    return Path(logs) / f"{subexperiment}_rejected{tag}.csv"


def has_summaries(directory):
    return any(Path(directory).glob(SUMMARY_GLOB))


def validate_subexperiment(name, path=None):
    if name not in KNOWN_SUBEXPERIMENTS:
        raise InputError(
            f"unknown sub-experiment '{name}' (known: {', '.join(KNOWN_SUBEXPERIMENTS)})", path
        )
    return name


subexperiment_of_summary, subexperiment_of_checks = SUMMARY.subexperiment, CHECKS.subexperiment


def subexperiment_of_measurements(path):
    """Sub-experiment named by a 'measurements_<subexperiment>.csv' file name (not a summary's)."""
    return MEASUREMENTS.subexperiment(path, unless=SUMMARY)


def find_summaries(directory):
    """{sub-experiment: summary path} for the summaries in a directory, in spec order."""
    directory = Path(directory)
    if not directory.is_dir():
        raise InputError("no such directory", directory)
    found = {subexperiment_of_summary(p): p for p in directory.glob(SUMMARY_GLOB)}
    if not found:
        raise InputError("no sub-experiment summaries (measurements_<sub-experiment>_summary.csv)", directory)
    return {name: found[name] for name in KNOWN_SUBEXPERIMENTS if name in found}


def read_table(path, columns, numeric, integer=()):
    """Read a CSV whose header holds `columns`; check every numeric cell is finite. The
    `integer` columns become int64, every other numeric one float64 (written back with
    FLOAT_FORMAT however the file wrote it: "1" and "1.0" alike)."""
    import pandas as pd

    path = Path(path)
    if set(numeric) == set(columns):  # numbers only: numpy parses it faster, when it can vouch for it
        parsed = _parse_numbers(path, columns, integer)
        if parsed is not None:
            return pd.DataFrame(parsed)
    frame = _parse_csv(path, None, columns)
    _require_columns(frame, columns, path)
    if frame.empty:
        raise InputError("no data rows after the header", path)
    frame = frame.loc[:, list(columns)]
    if not _numeric_and_finite(frame, numeric):
        # Slow path, only for bad input: re-read as text to name the offending line.
        frame = _parse_csv(path, str, columns).loc[:, list(columns)]
        _raise_first_bad_cell(frame, numeric, path)
    for column in integer:
        values = frame[column].to_numpy(dtype=float)
        for bad, why in ((values != np.round(values), "not a whole number"), (np.abs(values) >= _INT64_LIMIT, "out of range")):
            if bad.any():
                row = int(np.argmax(bad))
                raise InputError(f"column '{column}': {why}: {values[row]:g}", path, row + 2)
        frame[column] = values.astype(np.int64)
    for column in numeric:
        if column not in integer:
            frame[column] = frame[column].astype(np.float64)
    return frame


def _parse_numbers(path, columns, integers, texts=()):
    """{column: array} of a CSV of numbers whose header is exactly `columns`, parsed with numpy
    (as pandas parses them, to the bit); None when it cannot vouch for the file (another
    header, quotes, blank or malformed lines, no rows, a non-finite number, a fractional
    count, an empty or space-padded text cell): pandas' reader then reads it, or names what
    is wrong. texts: the columns of text (a requirements file's Experiment type), as written."""
    try:
        header, _, body = path.read_text(encoding="utf-8").partition("\n")
    except (OSError, UnicodeDecodeError):
        return None
    body = body.rstrip("\n")
    if header != ",".join(columns) or not body or any(mark in body for mark in ('"', "\r", "\n\n")):
        return None
    numeric = [index for index, column in enumerate(columns) if column not in texts]
    try:
        values = np.loadtxt(io.StringIO(body), delimiter=",", dtype=np.float64, ndmin=2, comments=None,
                            usecols=numeric if texts else None)
    except ValueError:
        return None
    if values.shape[1] != len(numeric) or not np.isfinite(values).all():
        return None
    parsed = {}
    if texts:
        fields = [line.split(",") for line in body.split("\n")]
        if any(len(row) != len(columns) for row in fields):
            return None
        for index, column in enumerate(columns):
            if column in texts:
                cells = [row[index] for row in fields]
                if not all(cell and cell == cell.strip() for cell in cells):
                    return None
                parsed[column] = np.array(cells)
    for position, index in enumerate(numeric):
        column, number = columns[index], values[:, position]
        if column in integers:
            if (number != np.round(number)).any() or (np.abs(number) >= _INT64_LIMIT).any():
                return None
            parsed[column] = number.astype(np.int64)
        else:
            parsed[column] = number
    return {column: parsed[column] for column in columns}


def read_numeric(path, columns, reader, integers=(), texts=()):
    """{column: numpy array} of a CSV of numbers (and `texts` columns of text) whose header is
    exactly `columns`, as `reader` (the format's validating reader) reads it, without pandas
    (integers as int64, the other numbers float64); a file numpy cannot vouch for goes to
    `reader`, which reads it or raises the InputError naming the file and line."""
    parsed = _parse_numbers(Path(path), columns, integers, texts)
    if parsed is None:
        frame = reader(path)
        return {column: frame[column].to_numpy() for column in columns}
    return parsed


def write_rows(rows, columns, integers, path, texts=()):
    """Write rows (tuples in `columns` order) as write_csv writes a frame of them, without
    pandas: whole numbers in `integers` and the `texts` as such (no comma or quote in them),
    every other number with FLOAT_FORMAT; InputError when one of those is not finite."""
    def finite(value):
        if not np.isfinite(value):
            raise InputError(f"refusing to write the non-finite number {value}", path)
        return FLOAT_FORMAT % value

    formats = [str if column in integers or column in texts else finite for column in columns]
    lines = [",".join(columns)] + [",".join(shown(value) for shown, value in zip(formats, row)) for row in rows]
    write_text_atomic(path, "\n".join(lines) + "\n")


def not_positive(table, column):
    """A rule (the rows that break it, what is wrong): `column` must be positive (table: a frame,
    or read_numeric's arrays)."""
    return np.asarray(table[column], dtype=float) <= 0, f"column '{column}': must be positive"


def negative(table, column):
    """A rule (the rows that break it, what is wrong, with the first one's value): `column` must
    not be negative (a latency of 0 us is the clock's resolution, not an error)."""
    values = np.asarray(table[column], dtype=float)
    broken = values < 0
    return broken, f"column '{column}': negative value {values[broken][0]:g}" if broken.any() else ""


def require_rules(rules, path):
    """InputError naming the first row that breaks the first broken one of `rules` ((the rows
    that break it, what is wrong) each, in order)."""
    for bad, what in rules:
        if bad.any():
            raise InputError(what, path, int(np.argmax(bad)) + 2)


def require_positive(table, column, path):
    """InputError naming the first row whose value in `column` is not positive."""
    require_rules([not_positive(table, column)], path)


def require_written_precision(table, column, path):
    """InputError naming the first row whose value in `column` has more decimals than FLOAT_FORMAT
    writes (the spec: "The floating point precision must be 3 digits"): checked against the
    summaries' 3 decimals, 10.4999 would fail a median of 10.500 in a row that reads equal."""
    scaled = np.asarray(table[column], dtype=float) / _WRITTEN_RESOLUTION
    require_rules([(np.abs(scaled - np.round(scaled)) > 1e-3, f"column '{column}': more than 3 decimals")], path)


def require_not_negative(table, columns, path):
    """InputError naming the first row with a negative value in one of `columns`, and the value."""
    require_rules((negative(table, column) for column in columns), path)


def _parse_csv(path, dtype, columns):
    import pandas as pd

    try:
        with warnings.catch_warnings():
            # Rows that all hold more fields than the header: pandas would take their first field as
            # the frame's index and read the rest one column over; with index_col=False it warns and
            # drops their last (a row's one empty field more, a comma at its end, it drops quietly).
            warnings.simplefilter("error", pd.errors.ParserWarning)
            # As text, keep "nan" and empty cells as written so the error can quote them.
            frame = pd.read_csv(path, dtype=dtype, keep_default_na=dtype is None, skipinitialspace=True,
                                index_col=False)
    except pd.errors.ParserWarning:  # a later row's count that differs is a ParserError, named below
        _require_columns(pd.read_csv(path, nrows=0), columns, path)  # a column left out of the header
        raise InputError("malformed CSV: the first row holds more fields than the header", path, 2) from None
    except FileNotFoundError:
        raise InputError("a link to nothing" if Path(path).is_symlink() else "no such file", path) from None
    except IsADirectoryError:
        raise InputError("a directory, not a CSV file", path) from None
    except pd.errors.EmptyDataError:
        raise InputError("empty file (no header)", path) from None
    except pd.errors.ParserError as error:
        fields = _FIELD_COUNT_ERROR.search(str(error))
        if fields:
            raise InputError(
                f"malformed CSV: expected {fields['expected']} fields, saw {fields['saw']}", path, fields["line"]
            ) from None
        raise InputError(f"malformed CSV: {str(error).strip().splitlines()[-1]}", path) from None
    except UnicodeDecodeError as error:
        raise not_utf8(path, error) from None
    except (OSError, ValueError) as error:
        raise InputError(f"cannot read: {error}", path) from None
    return frame


def not_utf8(path, error):
    """The InputError of a file that is no UTF-8 text (`error`: its UnicodeDecodeError), naming its
    first such line and byte."""
    try:
        lines = Path(path).read_bytes().split(b"\n")
    except OSError:
        return InputError(f"cannot read: {error}", path)
    for number, line in enumerate(lines, start=1):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError as bad:
            return InputError(f"not UTF-8 text: byte 0x{line[bad.start]:02x} at column {bad.start + 1}", path, number)
    return InputError(f"cannot read: {error}", path)


def _require_columns(frame, columns, path):
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise InputError(
            f"missing column(s) {', '.join(repr(c) for c in missing)}; "
            f"header is {', '.join(repr(c) for c in frame.columns)}",
            path, 1,
        )


def _numeric_and_finite(frame, numeric):
    import pandas as pd

    return all(
        pd.api.types.is_numeric_dtype(frame[c]) and np.isfinite(frame[c].to_numpy(dtype=float)).all()
        for c in numeric
    )


def _raise_first_bad_cell(text_frame, numeric, path):
    import pandas as pd

    for column in numeric:
        values = pd.to_numeric(text_frame[column], errors="coerce").to_numpy(dtype=float)
        bad = ~np.isfinite(values)
        if bad.any():
            row = int(np.argmax(bad))
            cell = text_frame[column].iat[row]
            cell = "empty cell" if cell == "" else repr(cell)
            raise InputError(f"column '{column}': not a finite number: {cell}", path, row + 2)


def read_measurements(path):
    """Raw samples: Sample, Payload [Bytes], Latency [us] (file order kept)."""
    return _validated_measurements(read_table(path, MEASUREMENT_COLUMNS, MEASUREMENT_COLUMNS,
                                              integer=(SAMPLE, PAYLOAD)), path)


def read_measurement_columns(path):
    """read_measurements' columns as numpy arrays ({column: array}), without pandas."""
    return _validated_measurements(read_numeric(path, MEASUREMENT_COLUMNS, read_measurements,
                                                integers=(SAMPLE, PAYLOAD)), path)


def _validated_measurements(table, path):
    require_positive(table, PAYLOAD, path)
    require_not_negative(table, [LATENCY], path)
    return table


def read_summary(path):
    return _validated_summary(read_table(path, SUMMARY_COLUMNS, SUMMARY_COLUMNS, integer=("Bytes", "Samples")), path)


def read_summary_columns(path):
    """read_summary's columns as numpy arrays ({column: array}), without pandas."""
    return _validated_summary(read_numeric(path, SUMMARY_COLUMNS, read_summary, integers=("Bytes", "Samples")), path)


# A summary's statistics that lie between its Min and its Max, as written: to FLOAT_FORMAT's last
# decimal (a mean or a quantile, rounded, may pass a bound rounded the other way by that much).
_BETWEEN_MIN_AND_MAX = ("Median", "Mean", "90%", "99%", "99.99%")
_WRITTEN_RESOLUTION = 0.001
_NOT_NEGATIVE = ("Min", "Stdev", "Mean jitter", "Max jitter")


def _validated_summary(table, path):
    """A summary of some samples, none negative, its least no more than its most, and its median,
    mean and percentiles between them: InputError naming the first row that breaks a rule."""
    require_unique(table, ["Bytes"], path)
    require_rules(summary_rules(table), path)
    return table


def summary_rules(table):
    """(the rows that break it, what is wrong) for each rule of a summary, in the order they are
    named (table: a frame, or read_numeric's arrays); the batch reader takes the rows of all."""
    least, most = (np.asarray(table[column], dtype=float) for column in ("Min", "Max"))
    yield not_positive(table, "Samples")
    for column in _NOT_NEGATIVE:
        yield negative(table, column)
    yield least > most, "column 'Min': more than the row's Max"
    for column in _BETWEEN_MIN_AND_MAX:
        values = np.asarray(table[column], dtype=float)
        yield ((values < least - _WRITTEN_RESOLUTION) | (values > most + _WRITTEN_RESOLUTION),
               f"column '{column}': outside the row's Min .. Max")


def read_requirements(path):
    return _validated_requirements(read_table(path, REQUIREMENTS_COLUMNS, REQUIREMENTS_COLUMNS[1:],
                                              integer=("Bytes",)), path)


def read_requirements_columns(path):
    """read_requirements' columns as numpy arrays ({column: array}), without pandas."""
    return _validated_requirements(read_numeric(path, REQUIREMENTS_COLUMNS, read_requirements, integers=("Bytes",),
                                                texts=("Experiment type",)), path)


def _validated_requirements(table, path):
    for row, name in enumerate(table["Experiment type"]):
        if name not in KNOWN_SUBEXPERIMENTS:
            raise InputError(f"unknown sub-experiment '{name}'", path, row + 2)
    require_unique(table, ["Experiment type", "Bytes"], path)
    for column in CHECKED_MAGNITUDES:  # a ceiling of 0 us or less no run can meet: a broken file
        require_positive(table, column, path)
        require_written_precision(table, column, path)
    return table


def read_checks(path):
    return read_check_report(path, CHECK_COLUMNS, "Bytes", CHECKED_MAGNITUDES)


def read_check_report(path, columns, payload, checked):
    """A check report of `columns` (latency's or throughput's): its Check one of `checked`, its
    Status passed or failed; InputError naming the line otherwise."""
    frame = read_table(path, columns, columns[1:-1], integer=(payload,))
    require_rules(check_rules(checked)(frame), path)
    return frame


def check_rules(checked):
    """The rules of a check report's rows (read_check_report's, and read_batch's of many): its
    Check one of `checked` (a check of a magnitude its kind does not check has no unit), its
    Status passed or failed."""
    def rules(frame):
        for column, allowed in (("Check", checked), ("Status", ("passed", "failed"))):
            unknown = ~frame[column].isin(allowed).to_numpy()
            got = f", got {frame[column].to_numpy()[unknown][0]!r}" if unknown.any() else ""
            yield unknown, f"column '{column}': expected {' or '.join(allowed)}{got}"
    return rules


def require_unique(table, keys, path):
    """InputError naming the first row that repeats an earlier row's `keys` (table: a frame,
    or read_numeric's arrays)."""
    seen = set()
    for row, key in enumerate(zip(*(np.asarray(table[k]).tolist() for k in keys))):
        if key in seen:
            what = ", ".join(f"{k}={value}" for k, value in zip(keys, key))
            raise InputError(f"duplicate entry for {what}", path, row + 2)
        seen.add(key)


def read_batch(files, columns, reader, texts, unique=(), integers=("Bytes", "Samples"), strings=(), rules=None):
    """One frame of many spec CSVs of one kind, with `run` and `subexperiment` columns.

    Reading thousands of small files one by one costs about 2 ms each, so the files'
    bodies are joined under the spec header and parsed by one read_csv, then checked in
    vectorised form. A file the batch cannot vouch for (another header, a non-finite
    value, a duplicate payload, an unknown status, a row that breaks one of `rules`) goes to
    its own validating reader, which accepts it or raises the InputError naming its file
    and line.

    files: (run index, sub-experiment, path) triples; reader: the validating reader of
    the kind (read_summary, read_checks); texts: {path: text} that every file's text is
    added to (each file is read once); integers: the columns of whole numbers; strings: the
    columns of text besides a check report's Check and Status; rules: of the joined frame, the
    rules of a row that `reader` applies ((the rows that break it, what is wrong) each: a kind's
    summary_rules, check_rules of its magnitudes).
    """
    header = ",".join(columns)
    bodies, rows, regular, irregular = [], [], [], []
    for owner in files:
        path = owner[2]
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as error:
            raise not_utf8(path, error) from None
        except OSError as error:
            raise InputError(f"cannot read: {error}", path) from None
        texts[path] = text
        first, _, body = text.replace("\r\n", "\n").partition("\n")
        body = body.rstrip("\n")
        # Blank lines would be skipped by read_csv and shift rows to the wrong file.
        if first != header or not body or "\n\n" in body:
            irregular.append(owner)
            continue
        bodies.append(body)
        rows.append(body.count("\n") + 1)
        regular.append(owner)
    dtypes = {column: "float64" for column in columns}
    dtypes.update({**{column: "int64" for column in integers}, "Check": "str", "Status": "str",
                   **{column: "str" for column in strings}})
    frame = _parse_joined(bodies, rows, regular, {column: dtypes[column] for column in columns}, reader, unique, rules)
    if irregular:
        import pandas as pd
        frame = pd.concat([frame, *(_read_one(owner, reader) for owner in irregular)], ignore_index=True)
    return frame


def _parse_joined(bodies, rows, owners, dtypes, reader, unique, rules):
    """The joined bodies parsed with `dtypes` ({column: dtype}, in the header's order)."""
    import pandas as pd

    try:
        frame = pd.read_csv(
            io.StringIO("\n".join(bodies)), header=None, names=list(dtypes), dtype=dtypes, keep_default_na=False,
        ) if bodies else pd.DataFrame({column: pd.Series(dtype=dtype) for column, dtype in dtypes.items()})
    except ValueError as error:
        # Some cell is not a number: formats' reader finds the file and line and raises.
        for owner in owners:
            _read_one(owner, reader)
        raise InputError(f"cannot parse {len(owners)} {reader.__name__[5:]} files together: {error}") from None
    if len(frame) != sum(rows):
        raise InputError(f"batch parse found {len(frame)} rows where the files hold {sum(rows)}")
    frame["run"] = np.repeat([owner[0] for owner in owners], rows).astype(np.int64)
    frame["subexperiment"] = np.repeat([owner[1] for owner in owners], rows).astype(object)
    suspect = ~np.isfinite(frame.select_dtypes("number").to_numpy(dtype=float)).all(axis=1)
    if unique:
        suspect |= frame.duplicated(["run", "subexperiment", *unique]).to_numpy()
    for bad, _ in rules(frame) if rules else ():
        suspect |= bad
    if suspect.any():
        file_of_row = np.repeat(np.arange(len(owners)), rows)
        for index in np.unique(file_of_row[suspect]):
            _read_one(owners[index], reader)  # raises the precise InputError
    return frame


def _read_one(owner, reader):
    run, subexperiment, path = owner
    frame = reader(path)
    frame["run"] = run
    frame["subexperiment"] = subexperiment
    return frame


def read_json(path, what, missing):
    """A JSON document; InputError naming the file when it is missing (`missing`), unreadable,
    or not a JSON object (`what` names the kind of file)."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(missing, path) from None
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise InputError(f"unreadable {what}: {error}", path) from None
    except RecursionError:
        raise InputError(f"unreadable {what}: nested too deeply", path) from None
    if not isinstance(document, dict):
        raise InputError(f"{what} must be a JSON object", path)
    return document


def write_csv(frame, path, infinite_allowed=False):
    """Write a spec CSV (3-digit floats) atomically: temporary file, then rename. InputError when
    a number is infinite unless `infinite_allowed` (a missing one, NaN, is an empty cell:
    gate_cells.csv has them, and an infinite ratio where a pull request delivered nothing)."""
    numbers = frame.select_dtypes("number")
    infinite = np.isinf(numbers.to_numpy(dtype=float)).any(axis=0)
    if infinite.any() and not infinite_allowed:
        raise InputError(f"column '{numbers.columns[infinite][0]}': refusing to write an infinite number", path)
    write_text_atomic(path, frame.to_csv(index=False, float_format=FLOAT_FORMAT, lineterminator="\n"))


def write_text_atomic(path, text):
    write_atomic(path, lambda handle: handle.write(text.encode("utf-8")))


@contextlib.contextmanager
def held_directory(directory, what, busy):
    """`directory`, made if missing, held by this process alone while the block runs: a lock on the
    directory itself, which the kernel drops with the process. `busy(directory)` is called once when
    another holds it: it raises to refuse, or returns to wait for it. InputError (naming `what`) when the
    directory cannot be made or opened."""
    directory = Path(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    except OSError as error:
        raise InputError(f"cannot create {what}: {error}", directory) from None
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            busy(directory)
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield directory
    finally:
        os.close(descriptor)


def check_writable(*paths):
    """InputError naming the first of `paths` that write_atomic could not write (a directory in its
    place, a file where a parent directory goes): a command that writes several files checks them
    all before it writes the first, so that it never leaves some written and some not."""
    for path in map(Path, paths):
        # What would fail, named by the file written, not by the temporary file beside it.
        if path.is_dir():
            raise InputError("is a directory, not a file to write", path)
        blocking = next((parent for parent in path.parents if parent.exists()), None)
        if blocking is not None and not blocking.is_dir():
            raise InputError(f"cannot write it: {blocking} is not a directory", path)


def write_atomic(path, write):
    """Write a file that readers see whole or not at all: `write(handle)` fills a temporary
    binary file beside it, which then replaces it."""
    path = Path(path)
    check_writable(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(descriptor, 0o644)  # mkstemp's 0600 would hide results from web servers and other users
        with os.fdopen(descriptor, "wb") as handle:
            write(handle)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
