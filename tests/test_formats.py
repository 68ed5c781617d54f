"""Reading the spec's CSVs: bad input gets one clear error naming the file and line."""

import pytest

from latency_gate.contracts import formats
from latency_gate.errors import EXIT_BAD_INPUT, InputError

pytestmark = pytest.mark.unit

HEADER = "Sample,Payload [Bytes],Latency [us]\n"


def write(tmp_path, text, name="measurements_intraprocess_best_effort.csv"):
    path = tmp_path / name
    path.write_text(text)
    return path


def error_of(reader, path):
    with pytest.raises(InputError) as raised:
        reader(path)
    assert raised.value.exit_code == EXIT_BAD_INPUT
    assert "\n" not in str(raised.value)
    return str(raised.value)


def test_measurements_are_read_in_file_order_with_integer_payloads(tmp_path):
    frame = formats.read_measurements(write(tmp_path, HEADER + "1,32,2.5\n2,16,1.25\n"))
    assert list(frame.columns) == list(formats.MEASUREMENT_COLUMNS)
    assert frame[formats.PAYLOAD].tolist() == [32, 16]
    assert frame[formats.LATENCY].tolist() == [2.5, 1.25]


def test_an_empty_file_is_named_as_empty(tmp_path):
    path = write(tmp_path, "")
    assert error_of(formats.read_measurements, path) == f"{path}: empty file (no header)"


def test_a_header_without_rows_has_no_data(tmp_path):
    path = write(tmp_path, HEADER)
    assert error_of(formats.read_measurements, path) == f"{path}: no data rows after the header"


def test_a_misspelled_column_is_named_with_the_header_found(tmp_path):
    path = write(tmp_path, "Sample,Payload [Bytes],Latency [ms]\n1,16,2.0\n")
    message = error_of(formats.read_measurements, path)
    assert message.startswith(f"{path}:1: missing column(s) 'Latency [us]'")
    assert "'Latency [ms]'" in message


@pytest.mark.parametrize("cell, shown", [("abc", "'abc'"), ("nan", "'nan'"), ("inf", "'inf'"), ("", "empty cell")])
def test_a_latency_that_is_not_a_finite_number_is_named_with_its_line(tmp_path, cell, shown):
    path = write(tmp_path, HEADER + "1,16,2.0\n2,16,3.0\n" + f"3,16,{cell}\n")
    assert error_of(formats.read_measurements, path) == (
        f"{path}:4: column 'Latency [us]': not a finite number: {shown}"
    )


def test_a_truncated_last_line_is_named(tmp_path):
    path = write(tmp_path, HEADER + "1,16,2.0\n2,16")
    assert error_of(formats.read_measurements, path) == (
        f"{path}:3: column 'Latency [us]': not a finite number: empty cell"
    )


def test_a_line_with_too_many_fields_is_named(tmp_path):
    path = write(tmp_path, HEADER + "1,16,2.0\n2,16,3.0,4\n")
    assert error_of(formats.read_measurements, path) == f"{path}:3: malformed CSV: expected 3 fields, saw 4"


def test_a_fractional_payload_is_rejected(tmp_path):
    path = write(tmp_path, HEADER + "1,16.5,2.0\n")
    assert "column 'Payload [Bytes]': not a whole number" in error_of(formats.read_measurements, path)


def test_a_missing_file_is_named(tmp_path):
    assert error_of(formats.read_measurements, tmp_path / "nope.csv") == f"{tmp_path / 'nope.csv'}: no such file"


def test_requirements_name_an_unknown_sub_experiment_with_its_line(tmp_path):
    path = write(tmp_path, "Experiment type,Bytes,Median,99%,Max\nintraprocess_best_effort,16,1,2,3\n"
                           "intraprocess_turbo,16,1,2,3\n", "requirements.csv")
    assert error_of(formats.read_requirements, path).startswith(f"{path}:3: unknown sub-experiment 'intraprocess_turbo'")


def test_requirements_reject_a_duplicate_sub_experiment_and_payload(tmp_path):
    path = write(tmp_path, "Experiment type,Bytes,Median,99%,Max\nintraprocess_best_effort,16,1,2,3\n"
                           "intraprocess_best_effort,16,1,2,3\n", "requirements.csv")
    assert error_of(formats.read_requirements, path) == (
        f"{path}:3: duplicate entry for Experiment type=intraprocess_best_effort, Bytes=16"
    )


def test_summary_file_names_must_name_a_known_sub_experiment(tmp_path):
    assert formats.subexperiment_of_summary("x/measurements_interprocess_reliable_tcp_summary.csv") == (
        "interprocess_reliable_tcp"
    )
    with pytest.raises(InputError, match="unknown sub-experiment 'interprocess_carrier_pigeon'"):
        formats.subexperiment_of_summary("measurements_interprocess_carrier_pigeon_summary.csv")


def test_a_directory_without_summaries_is_bad_input(tmp_path):
    assert error_of(formats.find_summaries, tmp_path) == (
        f"{tmp_path}: no sub-experiment summaries (measurements_<sub-experiment>_summary.csv)"
    )


def test_writing_is_atomic_leaves_no_temporary_file_and_makes_a_readable_file(tmp_path):
    formats.write_text_atomic(tmp_path / "a.csv", "x\n")
    assert [p.name for p in tmp_path.iterdir()] == ["a.csv"]
    assert (tmp_path / "a.csv").stat().st_mode & 0o777 == 0o644
