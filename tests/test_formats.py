"""Reading the spec's CSVs: bad input gets one clear error naming the file and line."""

import numpy as np
import pandas as pd
import pytest

from latency_gate.contracts import formats, throughput_formats
from latency_gate.errors import EXIT_BAD_INPUT, InputError
from latency_gate.runner.kinds import LATENCY

pytestmark = pytest.mark.unit

HEADER = "Sample,Payload [Bytes],Latency [us]\n"


def write(tmp_path, text, name="measurements_intraprocess_best_effort.csv"):
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.fixture(params=["read_measurements", "read_measurement_columns"])
def read(request):
    """Both readers of raw measurements, pandas' and numpy's (which hands what it cannot vouch
    for to pandas'), raise the same error."""
    return getattr(formats, request.param)


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


def test_an_empty_file_is_named_as_empty(read, tmp_path):
    path = write(tmp_path, "")
    assert error_of(read, path) == f"{path}: empty file (no header)"


def test_a_header_without_rows_has_no_data(read, tmp_path):
    path = write(tmp_path, HEADER)
    assert error_of(read, path) == f"{path}: no data rows after the header"


def test_a_misspelled_column_is_named_with_the_header_found(read, tmp_path):
    path = write(tmp_path, "Sample,Payload [Bytes],Latency [ms]\n1,16,2.0\n")
    message = error_of(read, path)
    assert message.startswith(f"{path}:1: missing column(s) 'Latency [us]'")
    assert "'Latency [ms]'" in message


@pytest.mark.parametrize("cell, shown", [("abc", "'abc'"), ("nan", "'nan'"), ("inf", "'inf'"), ("", "empty cell")])
def test_a_latency_that_is_not_a_finite_number_is_named_with_its_line(read, tmp_path, cell, shown):
    path = write(tmp_path, HEADER + "1,16,2.0\n2,16,3.0\n" + f"3,16,{cell}\n")
    assert error_of(read, path) == (
        f"{path}:4: column 'Latency [us]': not a finite number: {shown}"
    )


def test_a_truncated_last_line_is_named(read, tmp_path):
    path = write(tmp_path, HEADER + "1,16,2.0\n2,16")
    assert error_of(read, path) == (
        f"{path}:3: column 'Latency [us]': not a finite number: empty cell"
    )


def test_a_line_with_too_many_fields_is_named(read, tmp_path):
    path = write(tmp_path, HEADER + "1,16,2.0\n2,16,3.0,4\n")
    assert error_of(read, path) == f"{path}:3: malformed CSV: expected 3 fields, saw 4"


def test_rows_that_all_have_a_field_more_than_the_header_are_refused_not_read_shifted(read, tmp_path):
    # pandas would take each row's first field as the frame's index and read the rest one column over.
    path = write(tmp_path, HEADER + "1,16,10,5.5\n2,16,10,6.25\n")
    assert error_of(read, path) == f"{path}:2: malformed CSV: the first row holds more fields than the header"


def test_a_comma_at_the_end_of_every_row_is_read_as_the_rows_without_it(read, tmp_path):
    with_commas = read(write(tmp_path, HEADER + "1,16,5.5,\n2,16,6.25,\n", "measurements_interprocess_reliable.csv"))
    plain = read(write(tmp_path, HEADER + "1,16,5.5\n2,16,6.25\n"))
    for column in formats.MEASUREMENT_COLUMNS:
        assert list(with_commas[column]) == list(plain[column])


def test_a_fractional_payload_is_rejected(read, tmp_path):
    path = write(tmp_path, HEADER + "1,16.5,2.0\n")
    assert "column 'Payload [Bytes]': not a whole number" in error_of(read, path)


def test_a_payload_that_is_not_positive_is_named_with_its_line(read, tmp_path):
    path = write(tmp_path, HEADER + "1,16,2.0\n2,0,3.0\n")
    assert error_of(read, path) == f"{path}:3: column 'Payload [Bytes]': must be positive"


def test_a_negative_latency_is_named_with_its_line_and_zero_is_the_clock_s_resolution(read, tmp_path):
    path = write(tmp_path, HEADER + "1,16,0.000\n2,16,-3.000\n")
    assert error_of(read, path) == f"{path}:3: column 'Latency [us]': negative value -3"


SUMMARY_ROW = dict(zip(formats.SUMMARY_COLUMNS, (16, 100, 9.0, 1.0, 2.0, 2.0, 0.5, 0.1, 3.0, 3.0, 5.0, 8.0)))


def read_summaries_in_a_batch(path):
    """read_batch of one summary, as the history's site and requirements read many."""
    return formats.read_batch([(0, "intraprocess_best_effort", path)], LATENCY.summary_columns, LATENCY.read_summary,
                              {}, rules=LATENCY.summary_rules)


@pytest.mark.parametrize("read", [formats.read_summary, formats.read_summary_columns, read_summaries_in_a_batch])
@pytest.mark.parametrize("change, why", [
    ({"Samples": 0}, "column 'Samples': must be positive"),
    ({"Min": -1.0}, "column 'Min': negative value -1"),
    ({"Min": 10.0}, "column 'Min': more than the row's Max"),
    ({"99%": -10.6}, "column '99%': outside the row's Min .. Max"),
    ({"Median": 9.5}, "column 'Median': outside the row's Min .. Max"),
    ({"Mean": 0.5}, "column 'Mean': outside the row's Min .. Max"),
    ({"Stdev": -0.5}, "column 'Stdev': negative value -0.5"),
    ({"Max jitter": -1.0}, "column 'Max jitter': negative value -1"),
])
def test_a_summary_of_no_samples_or_impossible_ones_is_named_with_its_line(read, tmp_path, change, why):
    path = tmp_path / "measurements_intraprocess_best_effort_summary.csv"

    def write_rows(*rows):
        path.write_text(",".join(formats.SUMMARY_COLUMNS) + "\n" + "".join(
            ",".join(str(row[column]) for column in formats.SUMMARY_COLUMNS) + "\n" for row in rows))

    write_rows(SUMMARY_ROW, SUMMARY_ROW | {"Bytes": 32, "Mean": 9.001, "99.99%": 0.999})  # a written decimal apart
    assert list(read(path)["Bytes"]) == [16, 32]  # as it is, read
    write_rows(SUMMARY_ROW, SUMMARY_ROW | {"Bytes": 32} | change)
    assert error_of(read, path) == f"{path}:3: {why}"


@pytest.mark.parametrize("read", [formats.read_requirements, formats.read_requirements_columns])
@pytest.mark.parametrize("column", formats.CHECKED_MAGNITUDES)
def test_a_requirement_of_zero_or_less_is_named_with_its_line(read, tmp_path, column):
    path = tmp_path / "requirements.csv"
    values = {"Median": "2.0", "99%": "3.0", "Max": "9.0"}
    path.write_text("Experiment type,Bytes,Median,99%,Max\n"
                    f"intraprocess_best_effort,16,{values['Median']},{values['99%']},{values['Max']}\n"
                    + "intraprocess_best_effort,32," + ",".join("0.000" if name == column else values[name]
                                                              for name in formats.CHECKED_MAGNITUDES) + "\n")
    assert error_of(read, path) == f"{path}:3: column '{column}': must be positive"


@pytest.mark.parametrize("read", [formats.read_requirements, formats.read_requirements_columns])
def test_a_requirement_of_more_decimals_than_the_summaries_have_is_named_with_its_line(read, tmp_path):
    """The spec: "The floating point precision must be 3 digits". A median of 10.500 against a
    hand-edited 10.4999 would read equal in the check report and fail."""
    path = tmp_path / "requirements.csv"
    path.write_text("Experiment type,Bytes,Median,99%,Max\n"
                    "intraprocess_best_effort,16,4.705,1200.657,123456.789\n"  # 3 decimals, as written: read
                    "intraprocess_best_effort,32,10.4999,11.0,12\n")
    assert error_of(read, path) == f"{path}:3: column 'Median': more than 3 decimals"
    path.write_text("Experiment type,Bytes,Median,99%,Max\nintraprocess_best_effort,16,4.705,1200.657,123456.789\n")
    assert list(read(path)["Max"]) == [123456.789]


def test_numpy_reads_every_number_as_pandas_read_csv_does_bit_for_bit(tmp_path):
    rng = np.random.default_rng(4)
    latencies = np.concatenate([rng.lognormal(3, 2, 3000), rng.uniform(0, 1e6, 1000)])
    cells = ([f"{value:.3f}" for value in latencies[:2000]] + [f"{value:.6f}" for value in latencies[2000:3000]]
             + [repr(float(value)) for value in latencies[3000:]] + ["1e3", "0.1", "007.50", "12"])
    path = write(tmp_path, HEADER + "".join(f"{index + 1},{16 * (1 + index % 3)},{cell}\n"
                                            for index, cell in enumerate(cells)))

    parsed_by_pandas = pd.read_csv(path)  # as the reference scripts read it
    for read in (formats.read_measurements, formats.read_measurement_columns):  # both parse with numpy
        columns = read(path)
        for column in formats.MEASUREMENT_COLUMNS:
            assert np.asarray(columns[column]).dtype == parsed_by_pandas[column].dtype, column
            assert np.asarray(columns[column]).tobytes() == parsed_by_pandas[column].to_numpy().tobytes(), column


def test_a_missing_file_is_named(read, tmp_path):
    assert error_of(read, tmp_path / "nope.csv") == f"{tmp_path / 'nope.csv'}: no such file"


def test_a_link_to_nothing_or_a_directory_in_a_files_place_is_named_as_such(read, tmp_path):
    (tmp_path / "gone.csv").symlink_to(tmp_path / "nothing")
    (tmp_path / "folder.csv").mkdir()
    assert error_of(read, tmp_path / "gone.csv") == f"{tmp_path / 'gone.csv'}: a link to nothing"
    assert error_of(read, tmp_path / "folder.csv") == f"{tmp_path / 'folder.csv'}: a directory, not a CSV file"


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


def test_writers_refuse_an_infinite_number_and_leave_no_file(tmp_path):
    target = tmp_path / "summary.csv"
    with pytest.raises(InputError, match="non-finite number inf"):
        formats.write_rows([(16, float("inf"))], ["Bytes", "Mean"], ("Bytes",), target)
    with pytest.raises(InputError, match="column 'Mean': refusing to write an infinite number"):
        formats.write_csv(pd.DataFrame({"Bytes": [16], "Mean": [-np.inf]}), target)
    assert list(tmp_path.iterdir()) == []


def test_requirements_read_with_numpy_as_pandas_reads_them_bit_for_bit():
    for path, read_frame, read_columns in (
            ("requirements/linux-x86_64-2cpu.csv", formats.read_requirements, formats.read_requirements_columns),
            ("requirements/linux-x86_64-2cpu-throughput.csv", throughput_formats.read_requirements,
             throughput_formats.read_requirements_columns)):
        frame, columns = read_frame(path), read_columns(path)
        assert list(columns) == list(frame.columns)
        for column in frame.columns:
            assert columns[column].tolist() == frame[column].tolist(), column
            if column != "Experiment type":
                assert columns[column].tobytes() == frame[column].to_numpy().tobytes(), column


@pytest.mark.parametrize("read", [formats.read_requirements, formats.read_requirements_columns])
def test_both_requirements_readers_name_an_unknown_sub_experiment_or_a_space_padded_one(read, tmp_path):
    path = write(tmp_path, "Experiment type,Bytes,Median,99%,Max\nintraprocess_best_effort,16,1,2,3\n"
                           "intraprocess_turbo,16,1,2,3\n", "requirements.csv")
    assert error_of(read, path).startswith(f"{path}:3: unknown sub-experiment 'intraprocess_turbo'")
    path.write_text("Experiment type,Bytes,Median,99%,Max\n intraprocess_reliable,16,1,2,3\n")
    assert read(path)["Experiment type"][0] == "intraprocess_reliable"  # pandas' reader skips the space


def test_an_output_that_cannot_be_written_is_named_not_the_temporary_file_beside_it(tmp_path):
    """`process -o adir` said '.adir.wz8dd14p.tmp: Is a directory'; an output under a file 'File exists'."""
    frame = pd.DataFrame({"Bytes": [16], "Median": [1.0]})
    (tmp_path / "adir").mkdir()
    (tmp_path / "afile").write_text("kept\n")

    with pytest.raises(InputError, match="is a directory, not a file to write") as refused:
        formats.write_csv(frame, tmp_path / "adir")
    assert refused.value.path == tmp_path / "adir"
    with pytest.raises(InputError, match=f"cannot write it: {tmp_path / 'afile'} is not a directory") as refused:
        formats.write_csv(frame, tmp_path / "afile" / "sub" / "out.csv")
    assert refused.value.path == tmp_path / "afile" / "sub" / "out.csv"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["adir", "afile"]  # no temporary file left
    assert (tmp_path / "afile").read_text() == "kept\n" and not any((tmp_path / "adir").iterdir())


@pytest.mark.parametrize("read", [formats.read_measurements, formats.read_measurement_columns])
def test_a_file_that_is_no_utf8_text_is_named_with_its_line_and_byte(read, tmp_path):
    """It said "'utf-8' codec can't decode byte 0xff in position 0", naming no line."""
    path = tmp_path / "measurements_intraprocess_best_effort.csv"
    path.write_bytes((HEADER + "1,16,2.0\n2,16,2.5\n").encode() + b"3,16,\xff2.0\n")

    assert error_of(read, path) == f"{path}:4: not UTF-8 text: byte 0xff at column 6"


@pytest.mark.parametrize("read", [formats.read_measurements, formats.read_measurement_columns])
def test_a_whole_number_beyond_what_a_64_bit_integer_holds_is_out_of_range(read, tmp_path, recwarn):
    """A 23-digit payload printed numpy's cast warnings, then 'must be positive' of the garbage."""
    path = write(tmp_path, HEADER + "1,16,2.0\n2,99999999999999999999999,2.5\n")

    assert error_of(read, path) == f"{path}:3: column 'Payload [Bytes]': out of range: 1e+23"
    assert not [warning for warning in recwarn if issubclass(warning.category, RuntimeWarning)]
