"""gate_result.json has one owner, contracts/gate_result.py.

Specification:
- what the gate's report writes (render/gate_report.py, on the relative gate's own decision) goes
  through the owner's write() and reads back as written, with its schema version;
- write() refuses a key the contract does not define (at any depth), or a value of the wrong
  kind, so no writer can add what no reader checks;
- every gate recorded in benchmarks/results (written before `signal`, `head_sha`, `regime`,
  `detectable` or the variance setting existed) reads;
- a version 1 document (the committed fixtures of tests/data/gate_result_v1) reads as version 2:
  its cells' base_us/pr_us are base/pr in the magnitude's unit (instructions for a counted gate),
  a ceiling breach's requirement/pr in us, and its verdict one of three: failed, or a pass with
  inconclusive cells inconclusive (it could not rule out the minimum effect in them);
- read() treats the file as untrusted: more than MAX_BYTES, a list over its cap, a value of
  the wrong kind or a name that is not one is an error naming the file, the key path and the
  value; a newer schema says to update; unknown keys are ignored;
- `latency-gate gate --head-sha` records the head commit in it; a malformed commit id is a
  usage error.
"""

import json
from pathlib import Path

import pytest

import gate_results
from latency_gate.cli import build_parser
from latency_gate.contracts import gate_result, json_shapes
from latency_gate.errors import InputError

pytestmark = pytest.mark.unit

SHA = "a" * 40


def test_what_the_report_writes_reads_back_as_written(tmp_path):
    document = gate_results.document(SHA, changes={(32, "Median"): 1.2})

    gate_result.write(tmp_path, document)

    assert gate_result.read(tmp_path) == {"schema_version": gate_result.SCHEMA_VERSION, **document}
    assert document["regressions"][0]["subexperiment"] == gate_results.SUBEXPERIMENT
    assert [p.name for p in tmp_path.iterdir()] == ["gate_result.json"]


@pytest.mark.parametrize(("change", "message"), [
    ({"verdict_text": "passed"}, "has keys this contract does not define: verdict_text"),
    ({"passed": 1}, "'passed' must be true or false, got 1"),
    ({"signal": "wall time"}, "'signal' must be one of latency, instructions"),
    ({"settings": {"alpha": 0.01, "min_effect": 0.05, "clear_confidence": 0.9, "gated": ["Median"], "colour": "red"}},
     "'settings' has keys this contract does not define: colour"),
])
def test_write_refuses_what_the_contract_does_not_define(tmp_path, change, message):
    with pytest.raises(ValueError, match=message):
        gate_result.write(tmp_path, {**gate_results.document(SHA), **change})
    assert not (tmp_path / "gate_result.json").exists()


def test_every_recorded_gate_reads():
    recorded = sorted((Path(__file__).parents[1] / "benchmarks/results").rglob(gate_result.FILE))

    assert len(recorded) > 100
    for path in recorded:
        assert gate_result.read(path)["cells"] > 0


VERSION_1 = Path(__file__).parent / "data" / "gate_result_v1"


def test_a_version_1_counted_gate_reads_with_its_counts_in_instructions():
    written = json.loads((VERSION_1 / "counted-regression" / gate_result.FILE).read_text())
    assert written.get("schema_version", 1) == 1 and "base_us" in written["regressions"][0]

    result = gate_result.read(VERSION_1 / "counted-regression")

    assert result["schema_version"] == 2 and result["verdict"] == "failed" and result["passed"] is False
    first, recorded = result["regressions"][0], written["regressions"][0]
    assert (first["base"], first["pr"], first["unit"]) == (recorded["base_us"], recorded["pr_us"], "instructions")
    assert "base_us" not in first and "pr_us" not in first
    assert first["functions"] == recorded["functions"]


def test_a_version_1_pass_with_inconclusive_cells_reads_as_inconclusive():
    result = gate_result.read(VERSION_1 / "latency-inconclusive")

    assert result["passed"] is True and result["verdict"] == "inconclusive"
    assert result["not_ruled_out"] == result["counts"]["inconclusive"] == 180


def test_a_version_1_ceiling_breach_reads_in_microseconds(tmp_path):
    written = json.loads((VERSION_1 / "latency-inconclusive" / gate_result.FILE).read_text())
    breach = {"subexperiment": "intraprocess_best_effort", "bytes": 16, "magnitude": "Median",
              "requirement_us": 10.0, "pr_us": 12.5}
    (tmp_path / gate_result.FILE).write_text(json.dumps({**written, "passed": False, "ceiling_over": [breach]}))

    result = gate_result.read(tmp_path)

    assert result["verdict"] == "failed"
    assert result["ceiling_over"] == [{"subexperiment": "intraprocess_best_effort", "bytes": 16, "magnitude": "Median",
                                       "requirement": 10.0, "pr": 12.5, "unit": "us"}]


def test_a_version_2_document_is_written_and_what_it_upgrades_to_is_what_the_gate_writes(tmp_path):
    upgraded = gate_result.read(VERSION_1 / "counted-regression")

    gate_result.write(tmp_path, upgraded)  # strict: a key version 2 does not define would be refused

    assert json.loads((tmp_path / gate_result.FILE).read_text())["schema_version"] == gate_result.SCHEMA_VERSION
    assert gate_result.read(tmp_path) == upgraded


def bad(tmp_path, **change):
    document = {"schema_version": gate_result.SCHEMA_VERSION, **gate_results.document(SHA, changes={(32, "Median"): 1.2}),
                **change}
    (tmp_path / gate_result.FILE).write_text(json.dumps(document))
    return tmp_path


@pytest.mark.parametrize(("change", "message"), [
    ({"regressions": [{"subexperiment": "x"}]}, "'regressions[0]' lacks bytes, magnitude, base, pr, unit"),
    ({"verdict": "fine"}, "'verdict' must be one of passed, failed, inconclusive"),
    ({"rounds": -1}, "'rounds' must be a whole number of 0 or more, got -1"),
    ({"looks": "many"}, "'looks' must be a list, got \"many\""),
    ({"detectable": {"a b": {}}}, "'detectable key' must be a name of letters"),
    ({"settings": {"alpha": "1%", "min_effect": 0.05, "clear_confidence": 0.9, "gated": ["Median"]}},
     "'settings.alpha' must be a number, got \"1%\""),
    ({"head_sha": "HEAD"}, "'head_sha' must be a commit id"),
    ({"counts": {"fine": 3}}, "'counts key' must be one of regression, inconclusive"),
    ({"regime": {"stress": "x" * (json_shapes.MAX_TEXT + 1)}}, "'regime.stress' is longer than"),
    ({"passed": None}, "'passed' must be true or false, got null"),
    # a number that would overflow a report's formatting or fill a page
    ({"rounds": int("9" * 4000)}, "'rounds' is larger than 1e+15, got 4000"),
    ({"settings": {"alpha": 0.05, "min_effect": 1e307, "clear_confidence": 0.9, "gated": ["Median"]}},
     "'settings.min_effect' is larger than 1e+15, got 1e+307"),
])
def test_a_bad_value_is_an_error_naming_the_file_the_key_and_the_value(tmp_path, change, message):
    with pytest.raises(InputError) as raised:
        gate_result.read(bad(tmp_path, **change))
    assert str(raised.value).startswith(f"{tmp_path / gate_result.FILE}: ")
    assert message in str(raised.value)


def test_caps_on_the_size_and_the_counts(tmp_path):
    document = gate_results.document(SHA, changes={(32, "Median"): 1.2})
    cell = document["regressions"][0]
    cell["functions"] = [{"function": "f", "base": 1, "pr": 2, "delta": 1, "share": 1.0}] * (gate_result.MAX_FUNCTIONS + 1)
    (tmp_path / gate_result.FILE).write_text(json.dumps(document))
    with pytest.raises(InputError, match=rf"'regressions\[0\].functions' holds {gate_result.MAX_FUNCTIONS + 1} entries"):
        gate_result.read(tmp_path)

    (tmp_path / gate_result.FILE).write_text(" " * gate_result.MAX_BYTES + "{}")
    with pytest.raises(InputError, match=f"more than the {gate_result.MAX_BYTES} a gate_result.json may hold"):
        gate_result.read(tmp_path)


@pytest.mark.parametrize(("text", "message"), [
    ("[" * 50_000 + "]" * 50_000, "unreadable gate_result.json: nested too deeply"),
    (json.dumps({"schema_version": 1, "regressions": [{"base_us": 1, "magnitude": []}]}),
     "not a gate_result.json of version 1: its fields are of other kinds (TypeError"),
])
def test_a_document_too_deep_or_of_other_kinds_than_its_version_s_is_refused_in_one_line(tmp_path, text, message):
    (tmp_path / gate_result.FILE).write_text(text)
    with pytest.raises(InputError) as raised:
        gate_result.read(tmp_path)
    assert str(raised.value).startswith(f"{tmp_path / gate_result.FILE}: {message}")


def test_a_newer_schema_says_to_update_and_unknown_keys_are_ignored(tmp_path):
    assert "added_later" in gate_result.read(bad(tmp_path, added_later=[1, 2]))
    with pytest.raises(InputError, match="newer than this latency-gate reads"):
        gate_result.read(bad(tmp_path, schema_version=gate_result.SCHEMA_VERSION + 1))
    with pytest.raises(InputError, match="lacks verdict, passed"):  # a version 1 document: its verdict from passed
        (tmp_path / gate_result.FILE).write_text(json.dumps({"rounds": 2, "cells": 1, "counts": {}, "looks": []}))
        gate_result.read(tmp_path)


def test_the_head_commit_is_recorded_and_a_malformed_one_is_a_usage_error(tmp_path, capsys):
    gate_result.write(tmp_path, {k: v for k, v in gate_results.document(SHA).items() if k != "head_sha"}
                      | {"head_sha": "b" * 40})

    assert gate_result.read(tmp_path)["head_sha"] == "b" * 40
    arguments = ["gate", "--base", "b", "--pr", "p", "-r", "r", "--head-sha"]
    assert build_parser(arguments).parse_args([*arguments, "c" * 64]).head_sha == "c" * 64
    with pytest.raises(SystemExit) as exited:
        build_parser(arguments).parse_args([*arguments, "main"])
    assert exited.value.code == 2 and "--head-sha: invalid commit_id value: 'main'" in capsys.readouterr().err
