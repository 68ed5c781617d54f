"""Middleware backends, for real: Cyclone DDS (CycloneLatency on Debian's libddsc) and the
socket floor (SocketLatency) run through the same runner as LatencyTest and write the
spec's measurements CSV, so everything after the run works unchanged.
"""

import io
import os
import re
import shutil
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

import drawn
from latency_gate import cli
from latency_gate.campaigns.gate import GateSpec, check_gate
from latency_gate.analysis.processing import process_experiment
from latency_gate.contracts import formats, middleware_table, run_metadata
from latency_gate.contracts.formats import (
    PAYLOAD, SAMPLE, SUBEXPERIMENTS, choose_matrix, measurements_path, read_measurements, read_summary, summary_path,
)
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_OK, EXIT_RUN_FAILED
from latency_gate.cli.gate import gate_and_report
from latency_gate.render import comparison_report
from latency_gate.runner import experiment, security
from latency_gate.runner.run_spec import RunSpec
from latency_gate.runner.middleware import BACKENDS, cyclonedds, socket_floor
from latency_gate.store.site_store import Run
from runner_helpers import metadata_of

PAYLOADS = (16, 1024, 16384)  # small, one fragment, and Cyclone DDS's default fragmenting size
SAMPLES = 200
SECURITY = [name for name in SUBEXPERIMENTS if name.endswith("_security")]


@pytest.fixture(scope="module")
def programs():
    for backend in (cyclonedds, socket_floor):
        assert backend.PROGRAMS["latency"].default().is_file(), "run scripts/setup/build_latencytest.sh first"


def run(directory, middleware, out=sys.stdout, **options):
    return experiment.run_experiment(directory, RunSpec(middleware=middleware, payloads=PAYLOADS, samples=SAMPLES,
                                                        baseline_s=0, **options), out=out)


def assert_complete_measurements(directory, name, reliable):
    measurements = read_measurements(measurements_path(directory, name))
    per_payload = measurements.groupby(PAYLOAD).size()
    assert tuple(per_payload.index) == PAYLOADS
    # Reliable loses nothing, best effort on loopback next to nothing; but LatencyTest's rule (a
    # round trip over 100 ms is not recorded) drops the rare round trip a loaded machine stalls.
    assert (per_payload >= (0.99 if reliable else 0.98) * SAMPLES).all()
    assert list(measurements[SAMPLE]) == list(range(1, len(measurements) + 1))  # LatencyTest's numbering


@pytest.mark.programs
def test_cyclone_dds_runs_every_sub_experiment_of_the_spec_into_its_measurements_csv(programs, tmp_path):
    code = run(tmp_path, "cyclonedds", retries=0)

    metadata = metadata_of(tmp_path)
    assert code == EXIT_OK, {name: entry["error"] for name, entry in metadata["subexperiments"].items()}
    assert metadata["middleware"] == "cyclonedds"
    assert metadata["middleware_library"].endswith(f"libddsc.so.{metadata['middleware_version']}")
    assert metadata["source_revision"].startswith("debian cyclonedds ")
    assert metadata["fastdds_version"] is None
    for name in SUBEXPERIMENTS:
        assert metadata["subexperiments"][name]["status"] == "passed"
        assert_complete_measurements(tmp_path, name, reliable="_reliable" in name)
    # Each side loads its own rendered configuration: the subscriber dials the publisher's port.
    subscriber = (tmp_path / "logs" / "interprocess_reliable_tcp_security_subscriber.xml").read_text()
    assert f"tcp/127.0.0.1:{metadata['settings']['tcp_port']}" in subscriber
    assert "<Port>-1</Port>" in subscriber and "mainsubcert.pem" in subscriber


@pytest.mark.programs
def test_the_socket_floor_runs_what_a_socket_can_and_reports_the_rest_as_unsupported(programs, tmp_path):
    terminal = io.StringIO()
    code = run(tmp_path, "socket", out=terminal)

    assert code == EXIT_OK  # what a middleware cannot do is no failure of the run
    out = terminal.getvalue()
    assert "6/6 sub-experiments passed (4 unsupported)" in out
    outcomes = metadata_of(tmp_path)["subexperiments"]
    for name in SUBEXPERIMENTS:
        if name in SECURITY:
            assert outcomes[name]["status"] == "unsupported"
            assert "no DDS Security" in outcomes[name]["error"]
            assert not measurements_path(tmp_path, name).exists()
        else:
            assert outcomes[name]["status"] == "passed"
            assert_complete_measurements(tmp_path, name, reliable=True)
    # Processing takes the run as it is; the history site shows no crash for what never ran.
    process_experiment(tmp_path)
    assert len(read_summary(summary_path(tmp_path, "interprocess_reliable_tcp"))) == len(PAYLOADS)
    history_run = Run(platform="vm", run_id=tmp_path.name, directory=tmp_path, files=[],
                      metadata=run_metadata.read(tmp_path))
    assert not history_run.crashed("interprocess_reliable_security")
    assert history_run.failure("interprocess_reliable_security").startswith("unsupported: ")


@pytest.mark.programs
def test_the_floors_udp_carries_a_message_above_a_datagrams_limit_in_several(programs, tmp_path):
    name = "interprocess_best_effort"
    payloads = (65000, 65001, 500000)  # one datagram, two, eight

    code = experiment.run_experiment(tmp_path, RunSpec(middleware="socket", subexperiments=(name,), payloads=payloads,
                                                       samples=SAMPLES, baseline_s=0, retries=0))

    assert code == EXIT_OK
    per_payload = read_measurements(measurements_path(tmp_path, name)).groupby(PAYLOAD).size()
    assert tuple(per_payload.index) == payloads and (per_payload >= 0.95 * SAMPLES).all()


# A stall of 5 ms after the 500th clock read: inside the programs' calibration of the clock's own
# cost (thousands of reads before the first sample), as an interrupt or a preemption on a loaded
# machine falls.
STALLED_CLOCK = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <time.h>
static long reads;
int clock_gettime(clockid_t clock, struct timespec *t)
{
    static int (*real)(clockid_t, struct timespec *);
    if (!real)
        real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
    int status = real(clock, t);
    if (clock == CLOCK_MONOTONIC && ++reads > 500 && (t->tv_nsec += 5000000) >= 1000000000) {
        t->tv_sec += 1;
        t->tv_nsec -= 1000000000;
    }
    return status;
}
"""


@pytest.mark.programs
def test_a_stall_while_the_clock_is_calibrated_leaves_the_floors_samples_above_zero(programs, tmp_path):
    """The floor's in-process copy takes about 0.04 us a round trip, near the clock's own cost
    (about 0.02 us) that each sample has subtracted: a calibration that one stall inflates records
    every sample as 0 (a CI run under load did, and the relative gate then had nothing to compare)."""
    (tmp_path / "stall.c").write_text(STALLED_CLOCK)
    subprocess.run(["cc", "-shared", "-fPIC", "-o", tmp_path / "stall.so", tmp_path / "stall.c", "-ldl"], check=True)
    (tmp_path / "payloads").write_text("16;1024")
    raw = tmp_path / "raw.csv"

    done = subprocess.run([socket_floor.PROGRAMS["latency"].default(), "both", "--samples", str(SAMPLES),
                           "--file", tmp_path / "payloads", "--transport", "memory", "--export_raw_data", raw],
                          env=dict(os.environ, LD_PRELOAD=str(tmp_path / "stall.so")),
                          capture_output=True, text=True, timeout=60, check=True)

    overhead_us = float(re.search(r"Overhead ([0-9.]+) us", done.stdout).group(1))
    assert overhead_us < 1, done.stdout  # 5 us were the stall spread over one mean of 1001 reads
    latencies = read_measurements(raw).groupby(PAYLOAD)["Latency [us]"]
    assert len(latencies) == 2 and (latencies.max() > 0).all(), latencies.describe()


@pytest.mark.programs
def test_the_floor_is_below_every_middleware_on_the_same_machine(programs, tmp_path):
    """The floor is only a floor if no middleware beats it: compare, per payload, the fastest tenth
    of the round trips (the 10th percentile), the ones other load on a shared machine delayed least;
    a median there measures the load as much as the middleware. The two alternate in rounds and
    each keeps its best round, until the floor is below in every cell or five rounds have passed:
    a floor above Cyclone DDS in five rounds still fails."""
    names = ["intraprocess_reliable", "interprocess_reliable", "interprocess_reliable_tcp"]
    fastest_tenth = {"socket": [], "cyclonedds": []}
    for round_number in range(5):
        for middleware in fastest_tenth:
            directory = tmp_path / f"{middleware}-{round_number}"
            assert run(directory, middleware, subexperiments=names) == EXIT_OK
            fastest_tenth[middleware].append(pd.concat(
                {name: read_measurements(measurements_path(directory, name)).groupby(PAYLOAD)["Latency [us]"]
                 .quantile(0.1) for name in names}))
        best = pd.DataFrame({middleware: pd.concat(rounds, axis=1).min(axis=1)
                             for middleware, rounds in fastest_tenth.items()})
        if (best["socket"] < best["cyclonedds"]).all():
            return
    pytest.fail(f"the floor is not below Cyclone DDS in five rounds:\n{best[best['socket'] >= best['cyclonedds']]}")


def mixed_certificates(directory, publisher, subscriber):
    """A certificates directory whose publisher side holds `publisher`'s artifacts and whose
    subscriber side holds `subscriber`'s (each side's CA, identity, governance, permissions)."""
    directory.mkdir()
    for name in security.REQUIRED_FILES:
        (directory / name).symlink_to(publisher / name)
    (directory / "pub").symlink_to(publisher)
    (directory / "sub").symlink_to(subscriber)
    return directory


def run_secure_with_sides(tmp_path, publisher, subscriber):
    profiles = tmp_path / "profiles"
    profiles.mkdir()
    name = "interprocess_reliable_security"
    text = (cyclonedds.PROGRAMS["latency"].profiles / f"{name}.xml").read_text()
    (profiles / f"{name}.xml").write_text(text.replace("${certs_dir}/", "${certs_dir}/${role}/"))
    certs = mixed_certificates(tmp_path / "certs", publisher, subscriber)
    code = run(tmp_path / "run", "cyclonedds", subexperiments=[name], profiles=profiles, certs=certs,
               timeout_s=20, retries=0)
    return code, metadata_of(tmp_path / "run")["subexperiments"][name], measurements_path(tmp_path / "run", name)


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory):
    return security.create_security_artifacts(tmp_path_factory.mktemp("security") / "certs")


@pytest.mark.programs
def test_cyclone_participants_with_identities_from_the_same_ca_communicate(programs, artifacts, tmp_path):
    code, entry, measurements = run_secure_with_sides(tmp_path, artifacts, artifacts)

    assert code == EXIT_OK, entry["error"]
    assert measurements.is_file()


@pytest.mark.programs
def test_a_cyclone_participant_with_a_certificate_from_another_ca_is_rejected(programs, artifacts, tmp_path):
    foreign = security.create_security_artifacts(tmp_path / "foreign", organization="intruders")

    code, entry, measurements = run_secure_with_sides(tmp_path, artifacts, foreign)

    assert code == EXIT_RUN_FAILED
    assert entry["status"] in ("failed", "timed_out")
    assert not measurements.exists()
    publisher_log = (tmp_path / "run" / "logs" / "interprocess_reliable_security_publisher.log").read_text()
    assert entry["status"] == "timed_out" or "no echo within" in publisher_log


@pytest.mark.unit
def test_an_unknown_middleware_is_a_usage_error_naming_the_known_ones(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["run", "-r", str(tmp_path / "r"), "--middleware", "opensplice"])

    error = capsys.readouterr().err
    assert exit_.value.code == 2
    assert "invalid choice: 'opensplice'" in error and all(f"'{name}'" in error for name in BACKENDS)
    assert not (tmp_path / "r").exists()


@pytest.mark.programs
def test_a_broken_cyclone_configuration_is_bad_input_before_anything_runs(programs, tmp_path, capsys):
    profiles = tmp_path / "profiles"
    shutil.copytree(cyclonedds.PROGRAMS["latency"].profiles, profiles)
    (profiles / "interprocess_reliable.xml").write_text("<CycloneDDS><Domain>")

    code = cli.main(["run", "--middleware", "cyclonedds", "-r", str(tmp_path / "r"), "--profiles", str(profiles)])

    error = capsys.readouterr().err.strip()
    assert code == EXIT_BAD_INPUT
    assert error.count("\n") == 0 and str(profiles / "interprocess_reliable.xml") in error and "XML" in error
    assert not (tmp_path / "r").exists()


@pytest.mark.programs
def test_the_relative_gate_runs_on_another_middleware_and_skips_what_it_cannot_do(programs, tmp_path):
    floor = socket_floor.PROGRAMS["latency"].default()
    terminal = io.StringIO()

    spec = RunSpec(middleware="socket", subexperiments=("interprocess_reliable", "interprocess_reliable_security"),
                   payloads=(16,), samples=200)
    matrix = choose_matrix(subexperiments=spec.subexperiments, payloads=spec.payloads)
    code = gate_and_report(check_gate(GateSpec(floor, floor, tmp_path / "gate", spec, matrix, rounds=2, max_rounds=2,
                                               look_every=1, seed=1)), out=terminal)

    out = terminal.getvalue()
    assert code == EXIT_OK
    assert "interprocess_reliable_security: not gated: a bare socket has no DDS Security" in out
    assert sorted(os.listdir(tmp_path / "gate" / "runs" / "round-01" / "base")) != []
    assert "interprocess_reliable_security" not in (tmp_path / "gate" / "rounds.csv").read_text()


def serialized_payloads(trace):
    """{size: count} of the CDR (little-endian) serialized payloads of the RTPS DATA submessages an
    `strace -xx -e trace=sendto,sendmsg` log shows sent (an iovec's parts joined): what a sample is
    on the wire, encapsulation header included."""
    sizes = {}
    for line in trace.read_text().splitlines():
        data = b"".join(bytes.fromhex(part.replace("\\x", "")) for part in re.findall(r'"((?:\\x[0-9a-f]{2})+)"', line))
        packet = data[data.find(b"RTPS"):] if b"RTPS" in data else b""
        at = 20  # the RTPS header
        while at + 4 <= len(packet):
            kind, flags = packet[at], packet[at + 1]
            order = "little" if flags & 1 else "big"
            length = int.from_bytes(packet[at + 2:at + 4], order)
            body = packet[at + 4:at + 4 + length] if length else packet[at + 4:]
            if kind == 0x15:  # DATA: extra flags, octets to inline QoS, reader, writer, sequence number
                offset = 4 + int.from_bytes(body[2:4], order)
                while flags & 0x02 and offset + 4 <= len(body):  # inline QoS up to PID_SENTINEL
                    pid, size = int.from_bytes(body[offset:offset + 2], order), int.from_bytes(body[offset + 2:offset + 4], order)
                    offset += 4 + size
                    if pid == 1:
                        break
                if body[offset:offset + 2] == b"\x00\x01":  # CDR_LE: a user sample, not discovery's parameter lists
                    sizes[len(body) - offset] = sizes.get(len(body) - offset, 0) + 1
            if not length:
                break
            at += 4 + length
    return sizes


@pytest.mark.programs
@pytest.mark.parametrize("middleware", ["fastdds", "cyclonedds"])
def test_a_payload_of_n_bytes_is_n_bytes_serialized_on_the_wire(programs, middleware, tmp_path):
    """LatencyTest's payload of N bytes is its serialized sample, encapsulation header included;
    CycloneLatency's carries as many (it carried 4 more until 2026-11-28)."""
    trace = tmp_path / "trace"
    done = subprocess.run(["strace", "-f", "-qq", "-e", "trace=sendto,sendmsg", "-xx", "-s", "70000", "-o", str(trace),
                           sys.executable, "-m", "latency_gate", "run", "--middleware", middleware, "--subexperiments",
                           "interprocess_best_effort", "--payloads", "1024", "--samples", "5", "-r", str(tmp_path / "r"),
                           "--baseline-seconds", "0", "--no-realtime"], capture_output=True, text=True, timeout=300)

    assert done.returncode == EXIT_OK, done.stdout + done.stderr
    sizes = serialized_payloads(trace)
    # every ping and its echo; the smaller ones are the middleware's own (Cyclone's 28-byte participant messages)
    assert {size for size in sizes if size > 100} == {1024} and sizes[1024] >= 2 * 5, sizes


@pytest.mark.programs
def test_compare_middleware_interleaves_the_middleware_and_pools_their_rounds_into_one_table(programs, tmp_path,
                                                                                          rendered_plots):
    results = tmp_path / "comparison"
    names = ["interprocess_reliable", "interprocess_reliable_security"]

    middlewares = ["fastdds", "cyclonedds", "socket"]

    assert cli.main(["compare-middleware", "-r", str(results), "--middlewares", *middlewares, "--subexperiments", *names,
                     "--payloads", "16", "1024", "--samples", "100", "--rounds", "2", "--seed", "7"]) == EXIT_OK

    written = pd.read_csv(middleware_table.path(results))
    assert tuple(written.columns) == middleware_table.COLUMNS
    assert len(written) == 2 * 3 + 2 * 2  # the floor has no security sub-experiment
    # Two rounds pooled; reliable loses nothing but a round trip a loaded machine stalls over 100 ms.
    assert (written["Samples"] <= 2 * 100).all() and (written["Samples"] >= 0.99 * 2 * 100).all()
    for round_number in (1, 2):
        assert sorted(p.name for p in (results / "runs" / f"round-0{round_number}").iterdir()) == sorted(middlewares)
    cells = written.set_index(["Middleware", "Experiment type", "Bytes"]).sort_index()
    floor = cells.loc[("socket", "interprocess_reliable"), "Median"]
    for middleware in ("fastdds", "cyclonedds"):
        for name in names:  # a security sub-experiment sits on its plain twin's floor
            rows = cells.loc[(middleware, name)]
            assert (rows["Floor median"] == floor).all()
            assert np.allclose(rows["Overhead"], rows["Median"] - floor, atol=0.002)
    report = (results / comparison_report.FILE).read_text()
    assert "Not run by socket floor: a bare socket has no DDS Security" in report
    assert "Settings in force: " in report and "| Fast DDS | 16 | 200 |" in report
    for name in names:  # each middleware's mean and minimum per payload, as the table writes them (3 decimals:
        # its format's rounding, which np.round's differs from at a value a hair under a half, 68.8175 read 68.818)
        drawn_series = {label: [float(formats.FLOAT_FORMAT % value) for value in values]
                        for label, values in rendered_plots.series(f"middleware_{name}.png").items()}
        assert drawn_series == {f"{BACKENDS[middleware].TITLE} {magnitude.lower()}": rows[magnitude].tolist()
                                for (middleware, rows) in written[written["Experiment type"] == name]
                                .groupby("Middleware", sort=False)
                                for magnitude in ("Mean", "Min")}
        assert (results / "plots" / f"middleware_{name}.png").read_bytes().startswith(drawn.PNG_MAGIC)


@pytest.mark.programs
def test_a_security_sub_experiment_compared_alone_has_its_floor_run_by_the_floor(programs, tmp_path):
    results = tmp_path / "comparison"

    assert cli.main(["compare-middleware", "-r", str(results), "--middlewares", "fastdds", "socket",
                     "--subexperiments", "interprocess_best_effort_security", "--payloads", "16", "--samples", "30",
                     "--rounds", "1", "--seed", "7"]) == EXIT_OK

    cells = pd.read_csv(middleware_table.path(results)).set_index(["Middleware", "Experiment type"])
    floor = cells.loc[("socket", "interprocess_best_effort"), "Median"]  # the plain twin, the floor's alone
    secured = cells.loc[("fastdds", "interprocess_best_effort_security")]
    assert secured["Floor median"] == floor and secured["Overhead"] == pytest.approx(secured["Median"] - floor, abs=0.002)
    assert ("fastdds", "interprocess_best_effort") not in cells.index
    report = (results / comparison_report.FILE).read_text()
    assert "Not run by Fast DDS: the plain twin of a security sub-experiment, run by the socket floor alone" in report


@pytest.mark.unit
@pytest.mark.parametrize("arguments, problem", [
    (["--middlewares", "socket", "socket"], "name each middleware once"),
    (["--middlewares", "socket", "--program", "fastdds=/opt/LatencyTest"], "a program for middleware not compared"),
    (["--middlewares", "socket", "--profiles", "madara=/opt/deep"], "configurations for middleware not compared"),
    (["--middlewares", "socket", "--program", "socket=/nowhere/SocketLatency"], "/nowhere/SocketLatency"),
    (["--middlewares", "socket", "--rounds", "0"], "rounds must be at least 1"),
    (["--middlewares", "socket", "--seed", "-1"], "seed must be a whole number from 0 to 4294967295, got -1"),
])
def test_compare_middleware_refuses_bad_input_before_anything_runs(tmp_path, capsys, arguments, problem):
    code = cli.main(["compare-middleware", "-r", str(tmp_path / "c"), *arguments])

    error = capsys.readouterr().err.strip()
    assert code == EXIT_BAD_INPUT and problem in error and error.count("\n") == 0
    assert not (tmp_path / "c").exists()


@pytest.mark.programs
@pytest.mark.parametrize("middleware", ["socket", "cyclonedds", "fastdds"])
def test_the_netns_topology_runs_the_two_sides_as_two_hosts_joined_by_a_veth_pair(programs, latency_test, tmp_path,
                                                                                 middleware):
    names = ["intraprocess_reliable", "interprocess_reliable", "interprocess_best_effort_tcp"]

    code = run(tmp_path, middleware, subexperiments=names, topology="netns", retries=0)

    metadata = metadata_of(tmp_path)
    outcomes = metadata["subexperiments"]
    assert code == EXIT_OK, {name: entry["error"] for name, entry in outcomes.items()}
    assert outcomes["intraprocess_reliable"]["status"] == "unsupported"
    assert "cannot span two hosts" in outcomes["intraprocess_reliable"]["error"]
    settings = metadata["settings"]
    assert settings["topology"] == "netns"
    assert settings["addresses"]["publisher"] != settings["addresses"]["subscriber"]
    for name in names[1:]:
        assert outcomes[name]["status"] == "passed"
        assert_complete_measurements(tmp_path, name, reliable=True)
        assert outcomes[name]["commands"]["subscriber"].startswith("ip netns exec latency-gate-")
    # Every round trip crossed the veth pair: at least one packet each way (16384 B: IP fragments).
    round_trips = 2 * SAMPLES * len(PAYLOADS)
    packets = settings["link_packets"]
    assert packets["publisher"]["tx_packets"] >= round_trips and packets["subscriber"]["tx_packets"] >= round_trips
    namespaces = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    assert f"latency-gate-{settings['domain']}-" not in namespaces  # removed at the end
