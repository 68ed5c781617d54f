"""Held-out check: raw CSVs eProsima published, and ours, are processable by both scripts.

eProsima measured intra-process latency of Fast DDS and Cyclone DDS in 2019 and processed
the raw CSVs with their latency_process_results.py (vendored, unmodified, in
benchmarks/reference/eprosima). An excerpt of those files is in
tests/data/eprosima-2019-intraprocess (see its README for source, licence and cuts).

The vendored script runs with this venv's python in a temporary directory; ours runs as
`latency-gate process --raw-csv --output-csv --plots-directory`, the spec's
latency_process_results.py command line. Both must print the same summary, to the last
digit, for their Fast DDS file, their Cyclone files and a fresh run of our CycloneLatency.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from latency_gate.contracts import formats
from latency_gate.runner.middleware import cyclonedds

ROOT = Path(__file__).resolve().parent.parent
EPROSIMA_SCRIPT = ROOT / "benchmarks" / "reference" / "eprosima" / "latency_process_results.py"
DATA = Path(__file__).resolve().parent / "data" / "eprosima-2019-intraprocess"
PAYLOADS = [2 ** n for n in range(4, 15)]
EXCERPT_ROWS = 200
HEADER = "Sample,Payload [Bytes],Latency [us]"
SUMMARY_HEADER = "Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%"
# Their published set-up (intraprocess/README.md): intra-process transport, RELIABLE.
SUBEXPERIMENT = "intraprocess_reliable"


def cyclone_file(payload):
    return DATA / "cyclonedds" / f"measurements_{payload}.csv"


def start(command, cwd):
    return subprocess.Popen([str(part) for part in command], cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)


def finish(*processes):
    """Wait for every process (killing any still running after 120 s), then check each exited 0."""
    failures = []
    for process in processes:
        try:
            _, stderr = process.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            process.kill()
            _, stderr = process.communicate()
        if process.returncode != 0:
            failures.append(f"{process.args[:4]} exited {process.returncode}:\n{stderr[-2000:]}")
    assert not failures, "\n".join(failures)


def start_eprosima(raw_csv, directory):
    """eProsima's latency_process_results.py, as their job calls it; returns (process, summary path)."""
    directory.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, EPROSIMA_SCRIPT, "--plots_directory", directory / "plots",
               "--raw_csv", raw_csv, "--output_csv", directory / "summary.csv"]
    return start(command, directory), directory / "summary.csv"


def start_ours(raw_csv, directory):
    """`latency-gate process`; returns (process, summary path). The raw file gets the spec's
    file name measurements_<sub-experiment>.csv, which our CLI requires and eProsima's ignores."""
    directory.mkdir(parents=True, exist_ok=True)
    named = formats.measurements_path(directory, SUBEXPERIMENT)
    shutil.copyfile(raw_csv, named)
    command = [sys.executable, "-m", "latency_gate", "process", "--raw-csv", named,
               "--output-csv", directory / "summary.csv", "--plots-directory", directory / "plots"]
    return start(command, directory), directory / "summary.csv"


def join_under_one_header(files, target):
    """The only mapping their Cyclone files need: one file per payload joined, in payload
    order, under the shared header (eProsima's own cyclonedds/.../measurements.csv is
    exactly this join of the full files). Rows are kept as they are."""
    lines = [HEADER]
    for path in files:
        header, *rows = path.read_text().splitlines()
        assert header == HEADER, path
        lines += rows
    target.write_text("\n".join(lines) + "\n")
    return target


def rows(summary_text):
    header, *lines = summary_text.splitlines()
    assert header == SUMMARY_HEADER
    return [dict(zip(header.split(","), line.split(","))) for line in lines]


def process_with_both(raw_files, work):
    """{raw file: (eProsima's summary text, our summary text)}. Every script runs in its own
    process in a temporary directory, all at once: matplotlib plotting makes eProsima's
    script take seconds per file."""
    started = {name: (start_eprosima(path, work / name / "eprosima"), start_ours(path, work / name / "ours"))
               for name, path in raw_files.items()}
    finish(*(process for processes in started.values() for process, _ in processes))
    return {name: tuple(path.read_text() for _, path in processes) for name, processes in started.items()}


@pytest.fixture(scope="module")
def summaries(tmp_path_factory):
    """Both scripts' summaries of their excerpts: the Fast DDS file, the Cyclone files joined,
    and one Cyclone file as it is."""
    work = tmp_path_factory.mktemp("processed")
    return process_with_both({
        "fastrtps": DATA / "fastrtps" / "measurements.csv",
        "cyclonedds": join_under_one_header(map(cyclone_file, PAYLOADS), work / "cyclonedds_2019.csv"),
        "cyclonedds_16384": cyclone_file(16384),
    }, work)


@pytest.mark.unit
def test_their_cyclone_files_have_the_spec_header_one_payload_each_and_samples_from_1():
    for payload in PAYLOADS:
        header, *lines = cyclone_file(payload).read_text().splitlines()
        assert header == HEADER
        assert len(lines) == EXCERPT_ROWS
        samples, payloads, latencies = zip(*(line.split(",") for line in lines))
        assert samples == tuple(str(n) for n in range(1, EXCERPT_ROWS + 1))
        assert set(payloads) == {str(payload)}
        assert all(len(latency.split(".")[1]) == 6 for latency in latencies)  # printf %f, not the spec's 3


@pytest.mark.unit
def test_their_fast_dds_file_has_the_spec_header_all_payloads_and_samples_running_on():
    frame = formats.read_measurements(DATA / "fastrtps" / "measurements.csv")
    assert list(dict.fromkeys(frame[formats.PAYLOAD])) == PAYLOADS
    assert (frame.groupby(formats.PAYLOAD, sort=False).size() == EXCERPT_ROWS).all()
    # The excerpt keeps the original numbering: payload k's first sample was 10000 k + 1.
    firsts = frame.groupby(formats.PAYLOAD, sort=False)[formats.SAMPLE].first().tolist()
    assert firsts == [10000 * k + 1 for k in range(len(PAYLOADS))]


@pytest.mark.unit
@pytest.mark.parametrize("vendor", ["fastrtps", "cyclonedds"])
def test_their_excerpt_gets_the_same_summary_from_eprosimas_script_and_ours(summaries, vendor):
    theirs, ours = summaries[vendor]
    assert ours == theirs
    assert [int(row["Bytes"]) for row in rows(ours)] == PAYLOADS
    assert {row["Samples"] for row in rows(ours)} == {str(EXCERPT_ROWS)}


@pytest.mark.unit
@pytest.mark.parametrize("vendor", ["fastrtps", "cyclonedds"])
def test_the_excerpt_summary_is_bounded_by_their_published_full_file_summary(summaries, vendor):
    """summary.csv is of the full 10000-sample files, which the excerpt's first 200 rows
    per payload are part of: same payloads, in order, and no wider range or jump."""
    published = rows((DATA / vendor / "summary.csv").read_text())
    excerpt = rows(summaries[vendor][1])
    assert [row["Bytes"] for row in excerpt] == [row["Bytes"] for row in published]
    assert {row["Samples"] for row in published} == {"10000"}
    for part, whole in zip(excerpt, published):
        assert float(part["Min"]) >= float(whole["Min"]), part["Bytes"]
        assert float(part["Max"]) <= float(whole["Max"]), part["Bytes"]
        assert float(part["Max jitter"]) <= float(whole["Max jitter"]), part["Bytes"]


@pytest.mark.unit
def test_their_cyclone_file_of_one_payload_is_processed_unjoined_by_both(summaries):
    """As eProsima wrote it (one payload, its own Sample numbering), a file gives both
    scripts the same row as the joined file does."""
    theirs, ours = summaries["cyclonedds_16384"]
    assert ours == theirs
    assert rows(ours) == [row for row in rows(summaries["cyclonedds"][1]) if row["Bytes"] == "16384"]


@pytest.mark.programs
def test_a_fresh_cyclone_latency_run_gets_the_same_summary_from_eprosimas_script_and_ours(tmp_path):
    program = cyclonedds.PROGRAMS["latency"].default()
    assert program.is_file(), f"{program} missing: run scripts/setup/build_latencytest.sh first"
    finish(start([sys.executable, "-m", "latency_gate", "run", "--middleware", "cyclonedds", "-r", tmp_path / "fresh",
                  "--subexperiments", SUBEXPERIMENT, "--samples", 1000, "--baseline-seconds", 0, "--no-realtime"],
                 tmp_path))
    fresh = formats.measurements_path(tmp_path / "fresh", SUBEXPERIMENT)
    header, *lines = fresh.read_text().splitlines()
    assert header == HEADER
    assert all(len(line.rpartition(".")[2]) == 3 for line in lines)  # the spec's 3 decimals
    theirs, ours = process_with_both({"fresh": fresh}, tmp_path)["fresh"]
    assert ours == theirs
    assert [(int(row["Bytes"]), row["Samples"]) for row in rows(ours)] == [(p, "1000") for p in PAYLOADS]
