"""A real counted run of the socket floor (SocketLatency under valgrind's callgrind, the
cheapest counted path) added to a history store with the command line: its counts are on
the site's instructions line, its valgrind-timed latencies nowhere."""

import json

import pytest

from latency_gate import cli
from latency_gate.contracts import instruction_counts as counts
from latency_gate.errors import EXIT_OK
from latency_gate.runner.middleware import socket_floor

pytestmark = pytest.mark.programs


def test_a_counted_socket_floor_run_lands_on_the_sites_instructions_line(tmp_path):
    assert socket_floor.PROGRAMS["latency"].default().is_file(), "run scripts/setup/build_latencytest.sh first"
    run, store = tmp_path / "run", tmp_path / "store"
    assert cli.main(["run", "-r", str(run), "--middleware", "socket", "--signal", "instructions",
                     "--subexperiments", "interprocess_best_effort", "--payloads", "16", "1024",
                     "--samples", "100", "--baseline-seconds", "0"]) == EXIT_OK
    assert cli.main(["process", "--experiment-directory", str(run), "--no-plots"]) == EXIT_OK  # as ci run does
    assert cli.main(["add-to-history", "--store", str(store), "--experiment-directory", str(run),
                     "--platform", "lab"]) == EXIT_OK

    (stored,) = (store / "runs" / "lab-socket-instructions").iterdir()
    assert sorted(p.name for p in stored.iterdir()) == ["instructions_interprocess_best_effort.csv", "metadata.json"]
    measured = counts.per_round_trip(counts.read_counts(counts.counts_path(run, "interprocess_best_effort")))
    series = (store / "site/data/series/lab-socket-instructions/interprocess_best_effort.js").read_text()
    charted = json.loads(series.split("=", 1)[1].rsplit(";", 1)[0])
    assert charted["payloads"] == [16, 1024]
    assert [row[0] for row in charted["values"][counts.PER_ROUND_TRIP]] == pytest.approx(measured.tolist(), abs=0.01)
    assert not (store / "runs" / "lab-socket").exists() and not (store / "plots").exists()  # no latency line
