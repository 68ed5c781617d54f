"""The harness that runs the workflows under act (ci_tools.Act) on a shared, noisy CI machine: a run
that hangs is killed whole and run once more, and one that hangs again fails the test with what it
printed. A stand-in `act` (a shell script counting its runs) plays the hanging run."""

import time
from pathlib import Path

import pytest

import ci_tools
from ci_tools import Act

pytestmark = pytest.mark.unit

HANGING_ACT = """#!/bin/sh
# Counts its runs in $ACT_RUNS; the runs listed in $HANG_ON print a line, start a child that
# outlives nothing but the group, and hang.
echo run >> "$ACT_RUNS"
runs=$(wc -l < "$ACT_RUNS")
case " $HANG_ON " in
  *" $runs "*) echo "[main/job] started run $runs"; sleep 300 & echo $! > "$ACT_RUNS.child.$runs"; sleep 300 ;;
esac
echo "[main/job] Job succeeded (run $runs)"
"""


@pytest.fixture
def hanging_act(tmp_path, monkeypatch):
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "act").write_text(HANGING_ACT)
    (tools / "act").chmod(0o755)
    runs = tmp_path / "runs"
    monkeypatch.setenv("ACT_RUNS", str(runs))
    monkeypatch.setattr(ci_tools, "ACT_TIMEOUT_S", 1)  # the stand-in answers in milliseconds
    store = tmp_path / "store"
    store.mkdir()
    return Act(tools, tmp_path, store, tmp_path / "cache"), runs


def _alive(pid):
    """Whether a process runs (a killed one may stay a zombie until it is reaped: not running)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_run_that_hangs_once_is_killed_with_its_children_and_run_again(hanging_act, monkeypatch):
    act, runs = hanging_act
    monkeypatch.setenv("HANG_ON", "1")

    result = act("push", "workflow.yml", {})

    assert result.returncode == 0 and "Job succeeded (run 2)" in result.stdout
    assert "started run 1" in (act.store / "act-push.timed-out-1.log").read_text()
    child = int(runs.with_name("runs.child.1").read_text())
    deadline = time.monotonic() + 10
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(child)  # the hung run's process group went with it


def test_a_run_that_hangs_twice_fails_with_its_last_lines(hanging_act, monkeypatch):
    act, runs = hanging_act
    monkeypatch.setenv("HANG_ON", "1 2")

    with pytest.raises(AssertionError, match=r"(?s)ran over its 1 s 2 time\(s\).*started run 2"):
        act("push", "workflow.yml", {})
    assert len(runs.read_text().splitlines()) == 2
