"""Factories of the data the tests and the benchmarks both need (not part of the product).

- LatencyTest-like raw measurements (measurements, write_experiment): round-trip latencies
  log-normal around a base that grows with the payload and the transport, with rare large
  spikes, as real runs show; ThroughputTest-like cases (throughput_measurements).
- A history store of realistic runs, as publish-history leaves it on gh-pages (write_history,
  write_throughput_history): latencies grow with the payload and differ by transport the way
  Fast DDS's do (intra-process a few us, UDP tens of us, security and TCP more); each run
  jitters around that, and the requirements sit comfortably above it, so a run fails only
  where a caller makes it fail (Violation).

Seeded, so reproducible.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta, UTC
from pathlib import Path

import numpy as np
import pandas as pd
from PIL import Image

from latency_gate.analysis import checks as checks_module
from latency_gate.contracts import formats, instruction_counts, run_metadata, throughput_formats as tf
from latency_gate.runner import kinds, realtime

# Raw measurements

# Typical median round trip on a 2-core VM, in microseconds, before the payload term.
BASE_LATENCY_US = {
    "intraprocess": 8.0,
    "interprocess": 40.0,
    "tcp": 55.0,
    "security": 70.0,
}


def base_latency(subexperiment):
    base = BASE_LATENCY_US["intraprocess" if subexperiment.startswith("intra") else "interprocess"]
    base += (BASE_LATENCY_US["tcp"] - BASE_LATENCY_US["interprocess"]) * ("_tcp" in subexperiment)
    base += (BASE_LATENCY_US["security"] - BASE_LATENCY_US["interprocess"]) * subexperiment.endswith("security")
    return base


def measurements(subexperiment, payloads=formats.PAYLOADS, samples=10_000, seed=0, scale=1.0):
    """A measurements frame as LatencyTest exports it: samples of each payload in turn."""
    rng = np.random.default_rng(seed)
    payload = np.repeat(np.asarray(payloads, dtype=np.int64), samples)
    median = (base_latency(subexperiment) + 0.004 * payload) * scale
    latency = median * rng.lognormal(0.0, 0.15, payload.size)
    spikes = rng.random(payload.size) < 0.001
    latency[spikes] *= rng.uniform(5, 20, spikes.sum())
    return pd.DataFrame({
        formats.SAMPLE: np.tile(np.arange(1, samples + 1), len(payloads)),
        formats.PAYLOAD: payload,
        formats.LATENCY: latency,
    })


def write_experiment(directory, subexperiments=formats.SUBEXPERIMENTS, payloads=formats.PAYLOADS, samples=10_000,
                     seed=0, scale=1.0):
    """A run directory with one measurements_<subexperiment>.csv per sub-experiment."""
    directory = Path(directory)
    for index, name in enumerate(subexperiments):
        formats.write_csv(measurements(name, payloads, samples, seed * 1000 + index, scale),
                          formats.measurements_path(directory, name))
    return directory


def throughput_measurements(seed, payloads=tf.PAYLOADS, demands=tf.DEMANDS, recovery_times_ms=tf.RECOVERY_TIMES_MS):
    """A throughput sub-experiment's cases (the specification's full grid by default): sent
    per case what the demand and the rest allow, a few lost; 1 s each."""
    rng = np.random.default_rng(seed)
    grid = pd.MultiIndex.from_product([payloads, demands, recovery_times_ms], names=list(tf.CASE))
    cases = grid.to_frame(index=False)
    payload, demand, rest = (cases[column].to_numpy(float) for column in tf.CASE)
    rate = np.minimum(250_000.0, demand / np.maximum(rest, 0.05) * 1000) * rng.uniform(0.95, 1.05, len(cases))
    sent = np.round(rate).astype(np.int64)
    lost = rng.integers(0, 50, len(cases))
    time_us = rng.uniform(1.0e6, 1.01e6, len(cases))
    values = {tf.SENT: sent, tf.PUBLICATION_TIME: time_us, tf.PUBLICATION_RATE: sent / time_us * 1e6,
              tf.PUBLICATION_THROUGHPUT: sent * payload * 8 / time_us, tf.RECEIVED: sent - lost, tf.LOST: lost,
              tf.SUBSCRIPTION_TIME: time_us, tf.SUBSCRIPTION_RATE: (sent - lost) / time_us * 1e6,
              tf.THROUGHPUT: (sent - lost) * payload * 8 / time_us}
    return cases.assign(**values)[list(tf.MEASUREMENT_COLUMNS)]


# A history store

RUNNER = "rt-runner-1"
FIRST_RUN_AT = datetime(2026, 11, 1, 8, 0, tzinfo=UTC)
RUN_INTERVAL = timedelta(hours=6)


@dataclass(frozen=True)
class Violation:
    """Push one run's magnitude above its requirement by `percent` in one cell."""

    run: int
    subexperiment: str
    payload: int
    magnitude: str  # one of formats.CHECKED_MAGNITUDES
    percent: float = 25.0


def typical_median(subexperiment, payloads):
    base = 3.0 if subexperiment.startswith("intraprocess") else 35.0
    if "security" in subexperiment:
        base *= 1.8
    if "tcp" in subexperiment:
        base *= 1.3
    if "reliable" in subexperiment:
        base *= 1.1
    return base * (1.0 + np.asarray(payloads) / 4096.0)


def requirements(subexperiments=formats.SUBEXPERIMENTS, payloads=formats.PAYLOADS):
    """A requirements frame (spec columns) well above the typical run."""
    rows = []
    for name in subexperiments:
        median = typical_median(name, payloads)
        rows.append(pd.DataFrame({
            "Experiment type": name, "Bytes": payloads,
            "Median": median * 1.3, "99%": median * 2.6, "Max": median * 12.0,
        }))
    return pd.concat(rows, ignore_index=True)


def summary(subexperiment, payloads, rng, samples=10_000):
    """A summary frame (spec columns) with ordered, jittered magnitudes."""
    median = typical_median(subexperiment, payloads) * rng.normal(1.0, 0.04, len(payloads))
    return pd.DataFrame({
        "Bytes": payloads,
        "Samples": samples,
        "Max": median * rng.uniform(4.0, 8.0, len(payloads)),
        "Min": median * 0.7,
        "Mean": median * 1.08,
        "Median": median,
        "Stdev": median * 0.2,
        "Mean jitter": median * 0.05,
        "Max jitter": median * 3.0,
        "90%": median * 1.4,
        "99%": median * rng.uniform(1.8, 2.1, len(payloads)),
        "99.99%": median * 3.5,
    })


def checks(summary_frame, requirement_frame):
    """The spec check report of one sub-experiment's summary against its requirements."""
    rows = []
    for magnitude in formats.CHECKED_MAGNITUDES:
        requirement = requirement_frame[magnitude].to_numpy()
        experiment = summary_frame[magnitude].to_numpy()
        rows.append(pd.DataFrame({
            "Check": magnitude,
            "Bytes": summary_frame["Bytes"].to_numpy(),
            "Requirement": requirement,
            "Experiment": experiment,
            "Difference": np.abs(requirement - experiment),
            "Percentage over requirement": (experiment - requirement) / requirement * 100.0,
            "Status": np.where(experiment > requirement, "failed", "passed"),
        }))
    return pd.concat(rows, ignore_index=True)


def run_id(index, commit):
    return run_metadata.make_run_id(FIRST_RUN_AT + index * RUN_INTERVAL, commit, RUNNER)


def write_history(
    store: Path,
    *,
    platform="linux-x86_64-rt",
    runs=5,
    subexperiments=formats.SUBEXPERIMENTS,
    payloads=formats.PAYLOADS,
    violations=(),
    seed=1,
    preset_from=None,
    middleware="fastdds",
) -> list[str]:
    """Write `runs` run directories under store/runs/<platform>/; return their run ids.

    preset_from: the index of the first run measured under the real-time preset (the runs
    before it under the OS's defaults), settings as realtime.RealTime records them."""
    rng = np.random.default_rng(seed)
    payloads = np.asarray(payloads)
    required = requirements(subexperiments, payloads)
    run_ids = []
    for index in range(runs):
        commit = f"{rng.integers(0, 16**7):07x}"
        identifier = run_id(index, commit)
        directory = Path(store) / "runs" / platform / identifier
        started = FIRST_RUN_AT + index * RUN_INTERVAL
        for name in subexperiments:
            measured = summary(name, payloads, rng)
            for violation in violations:
                if (violation.run, violation.subexperiment) == (index, name):
                    cell = (required["Experiment type"] == name) & (required["Bytes"] == violation.payload)
                    limit = required.loc[cell, violation.magnitude].iat[0]
                    measured.loc[measured["Bytes"] == violation.payload, violation.magnitude] = (
                        limit * (1 + violation.percent / 100.0)
                    )
            formats.write_csv(measured, formats.summary_path(directory, name))
            own = required[required["Experiment type"] == name].reset_index(drop=True)
            formats.write_csv(checks(measured, own), formats.checks_path(directory, name))
        formats.write_csv(required, directory / "requirements.csv")
        settings = (run_metadata.Settings(**regime(index >= preset_from)) if preset_from is not None
                    else run_metadata.Settings(rt_prio=80, pub_cpus="2", sub_cpus="3"))
        metadata = run_metadata.RunMetadata(
            run_id=identifier,
            platform=platform,
            middleware=middleware,
            source_revision=f"git {commit}{rng.bytes(17).hex()[:33]}",  # LatencyTest built from that commit
            fastdds_version="2.9.1",
            host=RUNNER,
            kernel="Linux 6.1.0-27-rt-amd64 #1 SMP PREEMPT_RT Debian 6.1.115-1",
            cpu_model="Intel(R) Xeon(R) E-2278G CPU @ 3.40GHz",
            cpu_count=8,
            settings=settings,
            samples=10_000,
            payloads=[int(p) for p in payloads],
            started_at=started.isoformat(),
            finished_at=(started + timedelta(minutes=9)).isoformat(),
            platform_baseline={"tool": "cyclictest", "avg_us": 2.1, "p99_us": 9.0, "max_us": 18},
            subexperiments={name: outcome(name) for name in subexperiments},
        )
        run_metadata.write(directory, metadata)
        run_ids.append(identifier)
    return run_ids


def outcome(name, status="passed", error=None):
    """A sub-experiment's outcome as the runner records it."""
    roles = ("subscriber", "publisher") if name.startswith("interprocess") else ("both",)
    return run_metadata.SubexperimentOutcome(
        status=status, duration_s=31.5, exit_codes={role: 0 if status == "passed" else -9 for role in roles},
        samples_expected=110_000, samples_recorded=110_000 if status == "passed" else 0, error=error,
        commands={role: f"LatencyTest {role}" for role in roles}, domain=7, tcp_port=31007)


def regime(preset):
    """The regime part of metadata.json's settings, as the runner records it."""
    if not preset:
        return realtime.RealTime().regime()
    return realtime.RealTime(True, realtime.PRESET_RT_PRIO, *realtime.PRESET_CPUS, lock_memory=True,
                             cpu_idle=realtime.CPU_IDLE_HOLD).regime()


def write_history_plots(store: Path, platform, subexperiment, payloads=(16, 1024)):
    """Stand-ins for the spec's history PNGs (the site links them; it never reads them)."""
    directory = Path(store) / "plots" / platform / subexperiment
    directory.mkdir(parents=True, exist_ok=True)
    names = [f"history_{magnitude}.png" for magnitude in ("Min", "Median", "Max", "99")]
    names += [f"{bytes_}_bytes_{magnitude}.png" for bytes_ in payloads for magnitude in ("Median", "99", "Max")]
    for name in names:
        Image.new("RGB", (8, 8), "white").save(directory / name)
    return names


def write_throughput_history(store: Path, *, platform="linux-x86_64-rt-throughput", runs=4,
                             subexperiments=("interprocess_reliable",), payloads=(64, 1024), floor_mbps=None,
                             drop=None, shift=None, seed=7) -> list[str]:
    """Write `runs` throughput runs (metadata kind throughput) with their checks against a
    throughput floor (default 80 % of the typical run) and no lost samples allowed; drop:
    (run index, payload) whose best case falls to half the typical throughput; shift: (run
    index, payload, factor) multiplying that payload's level from that run on."""
    rng = np.random.default_rng(seed)
    payloads = np.asarray(payloads)
    typical = payloads * 0.25  # Mb/s: ~30k samples/s
    required = pd.concat([pd.DataFrame({tf.EXPERIMENT_TYPE: name, tf.PAYLOAD: payloads, tf.LOST: 0.0,
                                        tf.THROUGHPUT: typical * 0.8 if floor_mbps is None else floor_mbps})
                          for name in subexperiments], ignore_index=True)
    run_ids = []
    for index in range(runs):
        identifier = run_id(index, f"{rng.integers(0, 16**7):07x}")
        directory = Path(store) / "runs" / platform / identifier
        for name in subexperiments:
            measured = pd.DataFrame({column: 1 for column in tf.SUMMARY_COLUMNS}, index=range(len(payloads)))
            measured[tf.PAYLOAD], measured[tf.LOST] = payloads, 0
            measured[tf.THROUGHPUT] = typical * rng.normal(1.0, 0.03, len(payloads))
            if shift is not None and index >= shift[0]:
                measured.loc[measured[tf.PAYLOAD] == shift[1], tf.THROUGHPUT] *= shift[2]
            if drop is not None and drop[0] == index:
                measured.loc[measured[tf.PAYLOAD] == drop[1], tf.THROUGHPUT] = typical[payloads == drop[1]] / 2
            formats.write_csv(measured, formats.summary_path(directory, name))
            checks_module.write_checks(checks_module.check_subexperiment(name, measured, required, kind=kinds.THROUGHPUT),
                                       directory)
        formats.write_csv(required, directory / "requirements.csv")
        run_metadata.write(directory, run_metadata.RunMetadata(
            run_id=identifier, kind="throughput", platform=platform, fastdds_version="2.9.1", host=RUNNER,
            payloads=[int(p) for p in payloads], started_at=(FIRST_RUN_AT + index * RUN_INTERVAL).isoformat(),
            grid={"demands": [1000], "recovery_times_ms": [0], "test_time_s": 1},
            subexperiments={name: outcome(name) for name in subexperiments}))
        run_ids.append(identifier)
    return run_ids


def typical_instructions(subexperiment, payloads):
    """Instructions per round trip of each side, as a counted run's cells look: a few thousand
    per side, growing slowly with the payload (a copy per byte past a few KiB)."""
    base = 4200.0 if subexperiment.startswith("intraprocess") else 2600.0
    return base + np.asarray(payloads) * 0.25


def write_instruction_history(store: Path, *, platform="lab-socket-instructions", runs=4,
                              subexperiments=("interprocess_best_effort", "intraprocess_best_effort"),
                              payloads=(16, 1024), shift=None, middleware="socket", seed=11) -> list[str]:
    """Write `runs` counted runs (metadata settings.counted, instructions_<sub-experiment>.csv
    only, as history.add_run keeps them); shift: (run index, sub-experiment, payload, factor)
    multiplying that cell's counts from that run on. Counts scatter by 0.05 % (relative s.d.)."""
    rng = np.random.default_rng(seed)
    payloads = np.asarray(payloads)
    run_ids = []
    for index in range(runs):
        commit = f"{rng.integers(0, 16**7):07x}"
        identifier = run_id(index, commit)
        directory = Path(store) / "runs" / platform / identifier
        directory.mkdir(parents=True)
        for name in subexperiments:
            roles = ("both",) if name.startswith("intraprocess") else ("publisher", "subscriber")
            per_round_trip = typical_instructions(name, payloads) * rng.normal(1.0, 0.0005, len(payloads))
            if shift is not None and index >= shift[0] and name == shift[1]:
                per_round_trip = np.where(payloads == shift[2], per_round_trip * shift[3], per_round_trip)
            rows = [(int(bytes_), role, 101, round(value * 101), value * (1.0 if role == "both" else share))
                    for role, share in zip(roles, (0.55, 0.45)) for bytes_, value in zip(payloads, per_round_trip)]
            frame = pd.DataFrame(rows, columns=list(instruction_counts.COUNTS_COLUMNS))
            formats.write_csv(frame, instruction_counts.counts_path(directory, name))
        started = FIRST_RUN_AT + index * RUN_INTERVAL
        run_metadata.write(directory, run_metadata.RunMetadata(
            run_id=identifier, platform=platform, middleware=middleware, host=RUNNER, samples=100,
            payloads=[int(p) for p in payloads], started_at=started.isoformat(),
            finished_at=(started + timedelta(minutes=2)).isoformat(),
            settings=run_metadata.Settings(counted="valgrind-3.19.0 callgrind"),
            subexperiments={name: outcome(name) for name in subexperiments}))
        run_ids.append(identifier)
    return run_ids
