"""The proof harness's own parts (benchmarks/proof/): the regression variant patch
and the replay of the gate's sequential procedure on synthetic rounds."""

import subprocess

import numpy as np
import pytest

from latency_gate.analysis import relative
from latency_gate.runner.middleware.common import build_directory
import proof.ab
import proof.replay
import proof.tables

# Matrices without cell names: each cell's own variance (moderated needs the cells' groups).
CELL_VARIANCE = relative.GateSettings(variance="cell")


@pytest.mark.programs
def test_the_delay_patch_applies_to_the_built_latencytest_sources(tmp_path):
    (source,) = sorted((build_directory() / "latency-sources").glob("*/LatencyTestSubscriber.cpp"),
                       key=lambda p: p.stat().st_mtime)[-1:]
    (tmp_path / "LatencyTestSubscriber.cpp").write_text(source.read_text())
    patch = tmp_path / "delay.patch"
    patch.write_text(proof.ab.delay_patch(source.read_text(), 1024, 8000))

    subprocess.run(["patch", "-p1", "-d", str(tmp_path), "-i", str(patch)], check=True, capture_output=True)

    patched = (tmp_path / "LatencyTestSubscriber.cpp").read_text()
    assert "std::chrono::nanoseconds(8000)" in patched and "payload == 1024u" in patched
    assert patched.count("latency_gate_injected_delay();") == 1  # the echo, once
    assert "latency_gate_payload = datasize;" in patched


@pytest.mark.unit
def test_the_replayed_gate_rarely_alarms_on_symmetric_noise_and_finds_a_quarter_slower_cell():
    rng = np.random.default_rng(3)
    gated = np.ones(40, dtype=bool)
    alarms = sum(proof.replay.gate_verdict(gated, rng.normal(0, 0.02, (10, 40)), 6, 10, 2,
                                           CELL_VARIANCE, rng)[0].any() for _ in range(200))
    assert alarms <= 6  # expected <= 2 at alpha 1%
    shifted = rng.normal(0, 0.02, (10, 40))
    shifted[:, 4] += np.log(1.25)
    regression, rounds = proof.replay.gate_verdict(gated, shifted, 6, 10, 2, CELL_VARIANCE, rng)
    assert regression[4] and regression.sum() == 1 and rounds == 10


@pytest.mark.unit
def test_clopper_pearson_bounds_the_rate_of_zero_events():
    low, high = proof.tables.clopper_pearson(0, 20)
    assert low == 0 and round(high, 3) == 0.168  # the exact 95% upper bound for 0 of 20
