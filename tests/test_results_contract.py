"""check_result.json has one owner (contracts/results.py), which versions gate_result.json too
(its own owner: contracts/gate_result.py, tests/test_gate_result.py).

Specification:
- every document is written with its schema_version, atomically;
- a document of a newer schema is refused with a message that says to update;
- one written before versioning (no schema_version) is read as version 1;
- a missing field that readers rely on, a missing file or broken JSON is an error naming
  the file (exit 3 at the command line).
"""

import json

import pytest

from latency_gate.contracts import results
from latency_gate.errors import InputError

pytestmark = pytest.mark.unit

WORST = {"subexperiment": "intraprocess_best_effort", "bytes": 16, "check": "Median", "requirement": 2.0,
         "experiment": 1.5, "percentage_over": -25.0, "status": "passed"}
CHECK = {"passed": 5, "failed": 0, "total": 5, "worst": WORST, "failures": []}


def test_a_document_is_written_with_its_schema_version_and_read_back(tmp_path):
    results.write(tmp_path, results.CHECK_RESULT, CHECK)

    assert json.loads((tmp_path / "check_result.json").read_text())["schema_version"] == results.SCHEMA_VERSION
    assert results.read(tmp_path, results.CHECK_RESULT) == {"schema_version": results.SCHEMA_VERSION, **CHECK}
    assert [p.name for p in tmp_path.iterdir()] == ["check_result.json"]  # no temporary file left


def test_a_document_from_before_versioning_is_read_as_version_1(tmp_path):
    (tmp_path / "check_result.json").write_text(json.dumps(CHECK))

    assert results.read(tmp_path, results.CHECK_RESULT)["total"] == 5


@pytest.mark.parametrize(("content", "message"), [
    (json.dumps({"schema_version": results.SCHEMA_VERSION + 1, **CHECK}), "newer than this latency-gate reads"),
    (json.dumps({"schema_version": 1, "passed": 5}), "missing field(s): failed, total, worst, failures"),
    ("{\"passed\": 5,", "unreadable check_result.json"),
    ("[1, 2]", "must be a JSON object"),
    (json.dumps({**CHECK, "failed": "many"}), "'failed' must be a whole number of 0 or more, got \"many\""),
    (json.dumps({**CHECK, "passed": True}), "'passed' must be a whole number of 0 or more, got true"),
    (json.dumps({**CHECK, "passed": 4}), "passed (4) and failed (0) do not add up to total (5)"),
    (json.dumps({**CHECK, "failed": 1, "passed": 4}), "failures must list the 1 failed check(s)"),
    (json.dumps({**CHECK, "worst": "x"}), "'worst' must be an object, got \"x\""),
    (json.dumps({**CHECK, "worst": {**WORST, "experiment": "1.5"}}), "'worst.experiment' must be a number, got \"1.5\""),
])
def test_a_bad_document_is_an_error_naming_the_file(tmp_path, content, message):
    (tmp_path / "check_result.json").write_text(content)

    with pytest.raises(InputError, match="check_result.json: .*" + message.replace("(", r"\(").replace(")", r"\)")):
        results.read(tmp_path, results.CHECK_RESULT)


def test_a_missing_document_names_the_command_that_writes_it(tmp_path):
    with pytest.raises(InputError, match="no check_result.json \\(written by latency-gate check\\)"):
        results.read(tmp_path, results.CHECK_RESULT)
