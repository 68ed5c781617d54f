"""metadata.json: one contract (run_metadata.py) that the runner writes and every reader reads.

Specification:
- what the runner records (run_metadata.RunMetadata) comes back from the file unchanged;
- a version-1 file as the runner of today writes it reads with every key and value kept; one
  from the first runner, before keys were added, reads with the defaults the contract documents;
- a file of a newer schema version, or one that is not JSON, not an object, or holds a key of
  the wrong type, is refused in one line naming the file and what is wrong;
- the run id is '<UTC start>-<revision>-<runner>', sorts chronologically and is a safe
  directory name; the earlier runners' '<start>_<random>' ids still parse, ids given by hand
  parse to nothing;
- the history site shows a sub-experiment that failed or timed out as such, with why.
"""

import json
import re
from datetime import datetime, UTC

import pytest

from latency_gate.contracts import run_metadata
from latency_gate.contracts.run_metadata import Attempt, RunMetadata, Settings, SubexperimentOutcome
from latency_gate.errors import InputError
from latency_gate.render.site import build_site
from latency_gate.runner import kinds, realtime
from latency_gate.ci import publish
from latency_gate.store import history, site_store
from latency_gate_testing.factories import outcome, write_history

pytestmark = pytest.mark.unit

# Written by the runner of 2026-11-23 (/tmp/r1/metadata.json): two of its ten sub-experiments
# and the start of the kernel command line kept, nothing else changed.
TODAYS_RUNNER = """{
  "schema_version": 1,
  "run_id": "2026-11-23_23-07-23_addeae",
  "source_revision": "debian fastdds 2.9.1+ds-1+deb12u2",
  "fastdds_version": "2.9.1",
  "fastdds_library": "/usr/lib/x86_64-linux-gnu/libfastrtps.so.2.9.1",
  "latency_test": "/work/main/build/colcon/install/latencytest/bin/LatencyTest",
  "host": "vm",
  "kernel": "Linux 6.18.44-fc-v595 #1 SMP PREEMPT_DYNAMIC @0",
  "machine": "x86_64",
  "cpu_model": "AMD EPYC",
  "cpu_count": 2,
  "realtime_kernel": false,
  "kernel_tuning": {
    "command_line": "mitigations=auto,no_guest_host,no_guest_guest console=ttyS0 quiet reboot=k panic=1",
    "clocksource": "tsc",
    "isolated_cpus": "",
    "nohz_full_cpus": null,
    "transparent_hugepages": "madvise",
    "cpufreq_governor": null
  },
  "settings": {
    "realtime_preset": true,
    "rt_prio": 50,
    "pub_cpus": "0",
    "sub_cpus": "1",
    "memory_locked": true,
    "cpu_idle": "hold",
    "cpuidle": {
      "driver": "haltpoll",
      "governor": "haltpoll",
      "states": [
        "POLL",
        "haltpoll idle"
      ]
    },
    "stress": null,
    "domain": 8,
    "tcp_port": 31008,
    "timeout_s": 82.0,
    "retries": 1,
    "profiles": "/work/main/scripts/latency_gate/profiles",
    "certs": "/work/main/build/security",
    "requested": {
      "realtime_preset": true,
      "rt_prio": null,
      "pub_cpus": null,
      "sub_cpus": null,
      "cpu_idle": null
    },
    "pm_qos_limit_us": 0
  },
  "samples": 1000,
  "payloads": [16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384],
  "started_at": "2026-11-23T23:07:23+00:00",
  "finished_at": "2026-11-23T23:07:47+00:00",
  "warnings": [],
  "platform_baseline": {
    "tool": "cyclictest",
    "command": [
      "cyclictest",
      "--quiet",
      "--mlockall",
      "--laptop",
      "--threads=1",
      "--duration=3",
      "--interval=200",
      "--histogram=10000",
      "--priority=50",
      "--affinity=0"
    ],
    "duration_s": 3,
    "interval_us": 200,
    "cycles": 14999,
    "min_us": 8,
    "avg_us": 14.91,
    "p99_us": 30.0,
    "p99_99_us": 172.0,
    "max_us": 300
  },
  "subexperiments": {
    "intraprocess_best_effort": {
      "status": "passed",
      "duration_s": 0.602,
      "exit_codes": {
        "both": 0
      },
      "samples_expected": 11000,
      "samples_recorded": 11000,
      "error": null,
      "commands": {
        "both": "taskset --cpu-list 0 chrt --fifo 50 /work/main/build/colcon/install/latencytest/bin/LatencyTest both --samples 1000 --export_raw_data /tmp/r1/.partial-measurements_intraprocess_best_effort.csv --xml /tmp/r1/logs/intraprocess_best_effort.xml --file /tmp/r1/logs/payloads.csv --domain 8"
      },
      "domain": 8,
      "tcp_port": 31008,
      "earlier_attempts": []
    },
    "interprocess_best_effort": {
      "status": "passed",
      "duration_s": 1.305,
      "exit_codes": {
        "subscriber": 0,
        "publisher": 0
      },
      "samples_expected": 11000,
      "samples_recorded": 11000,
      "error": null,
      "commands": {
        "subscriber": "taskset --cpu-list 1 chrt --fifo 50 /work/main/build/colcon/install/latencytest/bin/LatencyTest subscriber --xml /tmp/r1/logs/interprocess_best_effort.xml --file /tmp/r1/logs/payloads.csv --domain 8",
        "publisher": "taskset --cpu-list 0 chrt --fifo 50 /work/main/build/colcon/install/latencytest/bin/LatencyTest publisher --samples 1000 --export_raw_data /tmp/r1/.partial-measurements_interprocess_best_effort.csv --xml /tmp/r1/logs/interprocess_best_effort.xml --file /tmp/r1/logs/payloads.csv --domain 8"
      },
      "domain": 8,
      "tcp_port": 31008,
      "earlier_attempts": []
    }
  }
}
"""

# As the first runner wrote it (commit 80f5644): no real-time preset, CPU-idle setting,
# retries or kernel tuning yet, and no samples expected or attempts per sub-experiment.
FIRST_RUNNER = """{
  "schema_version": 1,
  "run_id": "2026-11-20_09-30-00_5f0c1e",
  "source_revision": "git 3d3c42e5aac5ba80e2b4c4c0c7d7a9f8e1b2c3d4",
  "fastdds_version": "2.9.1",
  "fastdds_library": "/usr/lib/x86_64-linux-gnu/libfastrtps.so.2.9.1",
  "latency_test": "/opt/fastdds/install/latencytest/bin/LatencyTest",
  "host": "lab1",
  "kernel": "Linux 6.1.0-27-rt-amd64 #1 SMP PREEMPT_RT Debian 6.1.115-1",
  "machine": "x86_64",
  "cpu_model": "Intel(R) Xeon(R) E-2278G CPU @ 3.40GHz",
  "cpu_count": 8,
  "realtime_kernel": true,
  "settings": {"rt_prio": null, "pub_cpus": null, "sub_cpus": null, "memory_locked": false, "stress": null,
               "domain": 12, "tcp_port": 31012, "timeout_s": 280.0, "profiles": "/opt/profiles",
               "certs": "/opt/security", "requested": {"rt_prio": null, "pub_cpus": null, "sub_cpus": null}},
  "samples": 10000,
  "payloads": [16, 1024],
  "started_at": "2026-11-20T09:30:00+00:00",
  "finished_at": "2026-11-20T09:31:02+00:00",
  "warnings": [],
  "platform_baseline": null,
  "subexperiments": {
    "intraprocess_best_effort": {"status": "passed", "duration_s": 2.9, "exit_codes": {"both": 0},
                                 "samples_recorded": 20000, "error": null, "commands": {"both": "LatencyTest both"}},
    "interprocess_reliable_tcp": {"status": "interrupted"}
  }
}
"""


def runner_record():
    """A run as the runner records it: a retried sub-experiment, one that timed out, one interrupted."""
    crashed = Attempt(status="failed", duration_s=0.4, exit_codes={"both": -11}, samples_expected=550,
                      samples_recorded=0, error="both exit -11 (see logs/intraprocess_reliable_*.log)",
                      commands={"both": "LatencyTest both"}, logs="logs/intraprocess_reliable_*.attempt-1.log")
    return RunMetadata(
        run_id=run_metadata.make_run_id(datetime(2026, 11, 24, 8, 0, tzinfo=UTC), runner="vm"),
        source_revision="debian fastdds 2.9.1+ds-1+deb12u2", fastdds_version="2.9.1", host="vm", cpu_count=2,
        kernel_tuning={"clocksource": "tsc"},
        settings=Settings(**realtime.RealTime(True, 50, "0", "1", lock_memory=True, cpu_idle="hold").regime(),
                          domain=8, tcp_port=31008, timeout_s=61.1, retries=1, pm_qos_limit_us=0),
        samples=50, payloads=[16, 1024], started_at="2026-11-24T08:00:00+00:00", finished_at=None,
        warnings=["cyclictest (Debian rt-tests) is not installed: no platform baseline"],
        subexperiments={
            "intraprocess_reliable": SubexperimentOutcome(
                status="passed", duration_s=0.6, exit_codes={"both": 0}, samples_expected=100,
                samples_recorded=100, commands={"both": "LatencyTest both"}, domain=8, tcp_port=31008,
                earlier_attempts=[crashed]),
            "interprocess_reliable_tcp": outcome("interprocess_reliable_tcp", "timed_out",
                                                 "no result within 61.1 s: killed"),
            "interprocess_best_effort": SubexperimentOutcome(status="interrupted"),
        },
        interrupted="SIGINT",
    )


# ---------------------------------------------------------------------------------------
# Round trip and migration


def test_what_the_runner_records_comes_back_from_the_file_unchanged(tmp_path):
    recorded = runner_record()
    run_metadata.write(tmp_path, recorded)
    assert run_metadata.read(tmp_path) == recorded
    written = json.loads((tmp_path / run_metadata.METADATA_FILE).read_text())
    assert written["schema_version"] == run_metadata.SCHEMA_VERSION
    assert written == recorded.to_dict()


def test_a_file_of_todays_runner_reads_with_every_key_and_value_kept(tmp_path):
    path = tmp_path / run_metadata.METADATA_FILE
    path.write_text(TODAYS_RUNNER)
    metadata = run_metadata.read(path)

    assert metadata.settings.cpu_idle == "hold" and metadata.settings.pm_qos_limit_us == 0
    assert metadata.platform_baseline["p99_us"] == 30.0
    assert metadata.subexperiments["interprocess_best_effort"].exit_codes == {"subscriber": 0, "publisher": 0}
    assert run_metadata.regime_text(run_metadata.regime(metadata)) == (
        "CPU idle held, pub CPU 0, sub CPU 1, SCHED_FIFO 50, memory locked")
    assert_kept(json.loads(TODAYS_RUNNER), metadata.to_dict())
    # Keys it had no occasion to write read as not recorded.
    assert (metadata.platform, metadata.interrupted) == (None, None)


def assert_kept(original, written, where=""):
    """Every key and value of `original` is in `written` (which may hold more keys)."""
    for key, value in original.items():
        assert key in written, f"{where}{key} lost"
        if isinstance(value, dict):
            assert_kept(value, written[key], f"{where}{key}.")
        else:
            assert written[key] == value, f"{where}{key}"


def test_a_file_of_the_first_runner_reads_with_the_documented_defaults(tmp_path):
    path = tmp_path / run_metadata.METADATA_FILE
    path.write_text(FIRST_RUNNER)
    metadata = run_metadata.read(path)

    assert metadata.settings == Settings(
        realtime_preset=False, cpu_idle="os", retries=0, memory_locked=False, domain=12, tcp_port=31012,
        timeout_s=280.0, profiles="/opt/profiles", certs="/opt/security",
        requested={"rt_prio": None, "pub_cpus": None, "sub_cpus": None})
    assert metadata.kernel_tuning is None
    passed = metadata.subexperiments["intraprocess_best_effort"]
    assert (passed.samples_expected, passed.samples_recorded, passed.earlier_attempts) == (None, 20000, [])
    assert metadata.subexperiments["interprocess_reliable_tcp"] == SubexperimentOutcome(status="interrupted")
    assert metadata.source_commit == "3d3c42e5aac5ba80e2b4c4c0c7d7a9f8e1b2c3d4"
    assert run_metadata.regime_text(run_metadata.regime(metadata)) == (
        "CPU idle: OS, pub unpinned, sub unpinned, SCHED_OTHER")



# ---------------------------------------------------------------------------------------
# Refusals


def test_a_file_of_a_newer_schema_is_refused(tmp_path):
    path = tmp_path / run_metadata.METADATA_FILE
    path.write_text(json.dumps(runner_record().to_dict() | {"schema_version": run_metadata.SCHEMA_VERSION + 1}))
    with pytest.raises(InputError, match=rf"^{re.escape(str(path))}: metadata schema_version 2 is newer than "
                                         r"this latency-gate reads \(1\): update latency-gate$"):
        run_metadata.read(path)


def broken(change):
    """The runner's record as a JSON document, with `change` applied to it."""
    document = runner_record().to_dict()
    change(document)
    return json.dumps(document)


@pytest.mark.parametrize("text, problem", [
    ("{\"run_id\": ", "unreadable metadata: Expecting value"),
    ("[1, 2]", "metadata must be a JSON object"),
    (broken(lambda d: d.pop("schema_version")), "metadata needs a schema_version of 1 or more, got null"),
    (broken(lambda d: d.pop("run_id")), "metadata has no 'run_id'"),
    (broken(lambda d: d["settings"].update(rt_prio="50")),
     "metadata 'settings.rt_prio' must be int | None, got \"50\""),
    (broken(lambda d: d.update(cpu_count=True)), "metadata 'cpu_count' must be int | None, got true"),
    (broken(lambda d: d.update(payloads=[16, "1 KiB"])), "metadata 'payloads' must be list[int], got [16, \"1 KiB\"]"),
    (broken(lambda d: d.update(settings=None)), "metadata 'settings' must be an object, got null"),
    (broken(lambda d: d["subexperiments"]["interprocess_reliable_tcp"].update(status="crashed")),
     "metadata 'subexperiments.interprocess_reliable_tcp.status' must be one of passed, failed, timed_out, "
     "interrupted, unsupported, got \"crashed\""),
    (broken(lambda d: d["subexperiments"]["intraprocess_reliable"]["earlier_attempts"][0].pop("status")),
     "metadata has no 'subexperiments.intraprocess_reliable.earlier_attempts[0].status'"),
    (broken(lambda d: d.update(started_at="yesterday")), "metadata 'started_at' must be an ISO 8601 time, got \"yesterday\""),
    (broken(lambda d: d.update(platform_baseline={"max_us": 18})),
     "metadata 'platform_baseline.avg_us' must be a number, got null"),
    # JSON has no NaN or infinity, though Python's json reads them: a number that is none is refused.
    (broken(lambda d: d.update(platform_baseline={"avg_us": 2.0, "p99_us": float("nan")})),
     "metadata 'platform_baseline.p99_us' must be a number, got NaN"),
    (broken(lambda d: d["subexperiments"]["intraprocess_reliable"].update(duration_s=float("inf"))),
     "metadata 'subexperiments.intraprocess_reliable.duration_s' must be float | None, got Infinity"),
    (broken(lambda d: d["subexperiments"]["intraprocess_reliable"].update(duration_s=123456.5)).replace(
        "123456.5", "1e999"), "metadata 'subexperiments.intraprocess_reliable.duration_s' must be float | None, got Infinity"),
    (broken(lambda d: d.update(samples=-5)), "metadata 'samples' and 'payloads' must be 1 or more, got -5 and [16, 1024]"),
    (broken(lambda d: d.update(payloads=[-1])), "metadata 'samples' and 'payloads' must be 1 or more, got 50 and [-1]"),
    (broken(lambda d: d.update(kind="bogus")), "metadata 'kind' must be one of latency, throughput, got \"bogus\""),
    (broken(lambda d: d.update(grid={"demands": [1000], "test_time_s": 1})),
     "metadata 'grid.recovery_times_ms' must be list[float], got null"),
])
def test_an_unusable_file_is_refused_in_one_line_naming_it_and_what_is_wrong(tmp_path, text, problem):
    path = tmp_path / run_metadata.METADATA_FILE
    path.write_text(text)
    with pytest.raises(InputError, match=f"^{re.escape(f'{path}: {problem}')}") as refused:
        run_metadata.read(tmp_path)
    assert "\n" not in str(refused.value)


# ---------------------------------------------------------------------------------------
# The run id


def test_run_ids_sort_chronologically_and_are_safe_directory_names():
    second = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    early = run_metadata.make_run_id(second, "3d3c42e5aac5ba80", "lab 1/x")
    late = run_metadata.make_run_id(second.replace(second=6), "000000", "a")
    assert early == "20260102T030405Z-3d3c42e5aac5-lab_1_x"
    assert early < late
    assert run_metadata.make_run_id(second) == "20260102T030405Z-local-local"


def test_a_run_id_tells_when_which_revision_and_where_and_the_earlier_runners_ids_still_parse():
    started = datetime(2026, 11, 23, 23, 7, 23, tzinfo=UTC)
    assert run_metadata.parse_run_id("20261123T230723Z-3d3c42e5aac5-rt-runner-1") == run_metadata.RunId(
        started, "3d3c42e5aac5", "rt-runner-1")
    assert run_metadata.parse_run_id(run_metadata.make_run_id(started, runner="vm")) == run_metadata.RunId(
        started, None, "vm")
    assert run_metadata.parse_run_id("2026-11-23_23-07-23_addeae") == run_metadata.RunId(started, None, None)
    for given_by_hand in ("r1", "run-0001", "20261399T230723Z-abc-lab"):
        assert run_metadata.parse_run_id(given_by_hand) is None


def test_publishing_names_a_run_by_its_recorded_start_with_the_revision_and_runner_given(tmp_path):
    run_metadata.write(tmp_path, runner_record())
    assert publish.history_run_id(tmp_path, "0123456789abcdef", "lab2") == "20261124T080000Z-0123456789ab-lab2"


# ---------------------------------------------------------------------------------------
# The history site


def test_the_site_shows_a_failed_and_a_timed_out_subexperiment_as_such(tmp_path):
    run_ids = write_history(tmp_path, runs=2, subexperiments=["intraprocess_best_effort", "interprocess_reliable"])
    latest = tmp_path / "runs" / "linux-x86_64-rt" / run_ids[-1]
    recorded = run_metadata.read(latest)
    recorded = recorded.with_outcome("intraprocess_best_effort", outcome(
        "intraprocess_best_effort", "failed", "both exit -11 (see logs/intraprocess_best_effort_*.log)"))
    recorded = recorded.with_outcome("interprocess_reliable", outcome(
        "interprocess_reliable", "timed_out", "no result within 60 s: killed"))
    run_metadata.write(latest, recorded)

    run = site_store.read_history(tmp_path).runs[-1]
    assert run.failure("intraprocess_best_effort") == "failed: both exit -11 (see logs/intraprocess_best_effort_*.log)"
    assert run.failure("interprocess_reliable") == "timed_out: no result within 60 s: killed"

    build_site(tmp_path)
    index = site_data(tmp_path / "site" / "data" / "index.js")["index"]
    (platform,) = index["platforms"]
    assert platform["runs"][-1]["status"] == "failed" and platform["runs"][0]["status"] == "passed"
    assert [(v["name"], v["status"], v["failure"]) for v in platform["latest"]["subexperiments"]] == [
        ("intraprocess_best_effort", "failed", "failed: both exit -11 (see logs/intraprocess_best_effort_*.log)"),
        ("interprocess_reliable", "failed", "timed_out: no result within 60 s: killed")]


def test_the_site_tells_commit_runner_and_start_of_runs_under_either_run_id(tmp_path):
    write_history(tmp_path, runs=1)
    earlier = tmp_path / "runs" / "linux-x86_64-rt" / "2026-11-20_09-30-00_5f0c1e"
    earlier.mkdir()
    (earlier / run_metadata.METADATA_FILE).write_text(FIRST_RUNNER)

    old, new = site_store.find_runs(tmp_path)
    assert (old.commit, old.runner, old.started_at) == ("3d3c42e5aac5", "lab1", "2026-11-20T09:30:00Z")
    assert new.runner == "rt_runner_1" and new.started_at == "2026-11-01T08:00:00Z"
    assert new.commit == new.run_id.split("-")[1]


def test_a_run_added_to_the_history_is_stored_under_the_contract_with_its_platform(tmp_path):
    run = tmp_path / "run"
    write_history(tmp_path / "source", runs=1)
    (source,) = (tmp_path / "source" / "runs" / "linux-x86_64-rt").iterdir()
    source.rename(run)
    (run / run_metadata.METADATA_FILE).write_text(FIRST_RUNNER)

    stored = history.add_run(tmp_path / "store", run, "lab-x86")
    assert stored.name == "2026-11-20_09-30-00_5f0c1e"  # the recorded id: nothing already named is renamed
    metadata = run_metadata.read(stored)
    assert (metadata.platform, metadata.settings.cpu_idle) == ("lab-x86", "os")
    assert json.loads((stored / run_metadata.METADATA_FILE).read_text())["settings"]["retries"] == 0


def site_data(path):
    """The object a site data script assigns (window.LATENCY_SITE=...;)."""
    return json.loads(path.read_text().split("=", 1)[1].rstrip().rstrip(";"))


def test_runs_recorded_under_other_settings_are_named_unlike_and_a_run_without_metadata_is_no_change(tmp_path):
    preset, first, bare = (tmp_path / name for name in ("preset", "first", "bare"))
    run_metadata.write(preset, runner_record())
    first.mkdir()
    (first / run_metadata.METADATA_FILE).write_text(FIRST_RUNNER)
    bare.mkdir()

    assert run_metadata.unlike_runs(preset, first) == [
        "SCHED_FIFO priority: 50 vs none", "publisher CPUs: 0 vs none", "subscriber CPUs: 1 vs none",
        "memory locked: True vs False", "CPU idle: hold vs os"]
    assert run_metadata.unlike_runs(preset, bare) == []
    assert run_metadata.settings_changes([first, bare, preset, preset]) == ["preset"]


@pytest.mark.parametrize("planted", ["directory", "loop", "dangling"])
def test_a_metadata_file_that_is_no_regular_file_is_refused_not_taken_for_none(tmp_path, planted):
    """A run without metadata.json is the spec's own flow (None); a directory or a link to nothing
    in its place hid the run's settings (check ran as if there were none)."""
    path = tmp_path / run_metadata.METADATA_FILE
    if planted == "directory":
        path.mkdir()
    elif planted == "loop":
        path.symlink_to(path)
    else:
        path.symlink_to(tmp_path / "gone.json")

    with pytest.raises(InputError, match="not a regular file") as refused:
        run_metadata.read_if_present(tmp_path)
    assert refused.value.path == path
    assert run_metadata.read_if_present(tmp_path / "elsewhere") is None  # none there: the spec's own flow


def test_the_kinds_a_record_may_name_are_the_kinds_of_experiment_the_runner_runs():
    assert run_metadata.KINDS == tuple(kinds.KINDS)
