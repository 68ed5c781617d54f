"""The shared-memory family's pieces that need no program: choosing a family, what a backend declares,
RouDi's configuration for a run's payloads, compare-middleware's table of paths."""

import types

import pandas as pd
import pytest

from latency_gate.campaigns import middleware_comparison
from latency_gate.contracts import formats
from latency_gate.errors import InputError
from latency_gate.runner.middleware import cyclonedds, interface

pytestmark = pytest.mark.unit


def test_a_family_is_named_or_follows_from_the_sub_experiments_and_the_spec_stays_the_default():
    assert formats.choose_family().name == "spec"
    assert formats.choose_family(None, ["interprocess_reliable_zero_copy"]).name == "shm"
    assert formats.choose_family("shm", ["interprocess_best_effort"]).payloads == formats.SHARED_MEMORY_PAYLOADS
    assert formats.FAMILIES["spec"].subexperiments == formats.SUBEXPERIMENTS
    with pytest.raises(InputError, match="unknown sub-experiment family 'robots' \\(known: spec, shm\\)"):
        formats.choose_family("robots")
    with pytest.raises(InputError, match="name the one whose payloads to use"):
        formats.choose_family(None, ["interprocess_best_effort", "interprocess_best_effort_shm"])
    # Every file of the family reads like the spec's: its names are known sub-experiments.
    assert formats.subexperiment_of_summary("measurements_interprocess_reliable_shm_summary.csv") == \
        "interprocess_reliable_shm"


def test_a_backend_runs_the_spec_unless_it_declares_more_and_a_bad_declaration_is_reported():
    backend = types.SimpleNamespace(EXTENSION_POINT_VERSION="2.0", TITLE="x", PROGRAMS=cyclonedds.PROGRAMS,
                                    COUNTED_PATH=None, unsupported=lambda *, subexperiment: None,
                                    check_configuration=lambda *, configuration: None,
                                    describe=lambda *, binary, environment: {})
    assert interface.check(backend) is None and interface.families(backend) == ("spec",)
    assert interface.shared_memory_service(backend) is None
    backend.FAMILIES = ("spec", "robots")
    assert interface.check(backend).startswith("FAMILIES is not a tuple of known family names")
    backend.FAMILIES, backend.SHARED_MEMORY_SERVICE = ("spec", "shm"), "iox-roudi"
    assert "SHARED_MEMORY_SERVICE" in interface.check(backend)


def test_roudi_gets_a_memory_pool_per_payload_each_chunk_holding_the_sample_and_the_headers():
    configuration = cyclonedds.roudi_configuration((16, 4194304, 1048576, 16))
    sizes = [int(line.split("=")[1]) for line in configuration.splitlines() if line.startswith("size")]
    assert sizes == [16 + 256, 1048576 + 256, 4194304 + 256]
    assert configuration.count(f"count = {cyclonedds.CHUNKS_PER_PAYLOAD}") == 3
    assert configuration.startswith("[general]\nversion = 1\n\n[[segment]]\n")


def test_the_paths_table_sets_udp_shared_memory_and_zero_copy_side_by_side_at_robot_sizes():
    rows = [(middleware, name, size, median)
            for middleware, base in (("fastdds", 100.0), ("socket", 10.0))
            for name in ("interprocess_reliable", "interprocess_best_effort_shm", "interprocess_best_effort_zero_copy")
            for size, median in ((16, base), (1048576, base * 2), (4194304, base * 3))
            if not (middleware == "socket" and name == "interprocess_reliable")]
    table = pd.DataFrame(rows, columns=[middleware_comparison.MIDDLEWARE, middleware_comparison.EXPERIMENT, "Bytes",
                                        "Median"])
    paths = middleware_comparison.paths_table(table, ("fastdds", "socket"))
    assert list(paths.columns) == ["path", "payload", "Fast DDS", "socket floor"]
    assert list(paths["path"]) == ["UDP, reliable"] * 2 + ["shared memory, best effort"] * 2 + \
        ["zero copy, best effort"] * 2
    assert list(paths["payload"]) == ["1 MiB", "4 MiB"] * 3  # 16 B is not a robot's size
    assert paths["socket floor"].isna().tolist()[:2] == [True, True]  # the floor runs no UDP at 4 MiB
    assert middleware_comparison.paths_table(table[table["Bytes"] == 16], ("fastdds",)) is None
    udp_alone = table[table[middleware_comparison.EXPERIMENT] == "interprocess_reliable"]
    assert middleware_comparison.paths_table(udp_alone, ("fastdds",)) is None  # the spec's comparison at 16 KiB
