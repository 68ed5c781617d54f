"""Synthetic LatencyTest-like measurements, for the tests and the benchmarks (not part of the product).

Round-trip latencies are log-normal around a base that grows with the payload and the
transport, with rare large spikes, as real runs show. Seeded, so reproducible.
"""

from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate.contracts.formats import (
    LATENCY, PAYLOAD, PAYLOADS, SAMPLE, SUBEXPERIMENTS, measurements_path, write_csv,
)

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


def measurements(subexperiment, payloads=PAYLOADS, samples=10_000, seed=0, scale=1.0):
    """A measurements frame as LatencyTest exports it: samples of each payload in turn."""
    rng = np.random.default_rng(seed)
    payload = np.repeat(np.asarray(payloads, dtype=np.int64), samples)
    median = (base_latency(subexperiment) + 0.004 * payload) * scale
    latency = median * rng.lognormal(0.0, 0.15, payload.size)
    spikes = rng.random(payload.size) < 0.001
    latency[spikes] *= rng.uniform(5, 20, spikes.sum())
    return pd.DataFrame({
        SAMPLE: np.tile(np.arange(1, samples + 1), len(payloads)),
        PAYLOAD: payload,
        LATENCY: latency,
    })


def write_experiment(directory, subexperiments=SUBEXPERIMENTS, payloads=PAYLOADS, samples=10_000, seed=0,
                     scale=1.0):
    """A run directory with one measurements_<subexperiment>.csv per sub-experiment."""
    directory = Path(directory)
    for index, name in enumerate(subexperiments):
        write_csv(measurements(name, payloads, samples, seed * 1000 + index, scale), measurements_path(directory, name))
    return directory
