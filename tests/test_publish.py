"""publish-history lands a run on the history branch of a real (bare, local) git remote.

Specification:
- the first publish creates the branch as an orphan; later ones add on top of it;
- earlier runs are never lost or rewritten, also when two publishers push at once;
- a rejected push is re-applied on the remote's fresh tip after a jittered pause, at most
  PUSH_ATTEMPTS times, and the error quotes that bound;
- a push that fails for another reason fails at once;
- the branch holds the run store only (runs/): a branch that held a site loses it at the
  next publish; the site is built in the work directory before the push, and the
  platform's change points (as that build found them) go to the job summary, newest
  first, at most CHANGE_POINT_ROWS rows, then how many more;
- with --redact-host (a public site) the stored metadata has no host name and only the
  kernel's series, and the run id names the platform instead of the runner;
- a run is untrusted data until read: a malformed summary, a file named for no known
  sub-experiment, an oversized file or a link is refused (exit 3) with one line naming the
  file, and so is a history whose site cannot be built; the branch's tip is then unchanged.
"""

import base64
import dataclasses
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from latency_gate.analysis import changepoints
from latency_gate.analysis.processing import process_experiment
from latency_gate.contracts import formats, run_metadata
from latency_gate.contracts.formats import MEASUREMENT_COLUMNS
from latency_gate.ci import publish
from latency_gate.render import changepoint_summary
from latency_gate.store import history

pytestmark = pytest.mark.unit

LATENCY_GATE = str(Path(sys.executable).parent / "latency-gate")
PLATFORM = "latency"
BRANCH = "gh-pages"


def git(*args, cwd=None):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def make_run(results, run_id, latency_us=50.0):
    """A processed run directory: raw samples of two payloads, their summary, metadata."""
    directory = results / run_id
    directory.mkdir(parents=True)
    rng = np.random.default_rng(len(run_id))
    rows = [f"{i},{payload},{latency_us + rng.exponential(2.0):.3f}"
            for payload in (16, 32) for i in range(100)]
    (directory / "measurements_intraprocess_best_effort.csv").write_text(
        ",".join(MEASUREMENT_COLUMNS) + "\n" + "\n".join(rows) + "\n")
    run_metadata.write(directory, run_metadata.RunMetadata(run_id=run_id))
    process_experiment(directory)
    return directory


@pytest.fixture(autouse=True)
def no_job_summary(monkeypatch):
    """Publishing writes a job summary on GitHub Actions: not to a real job's summary from here."""
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)


def github_summary(path):
    """The environment of a GitHub Actions step whose job summary is `path`."""
    return {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(path)}


@pytest.fixture
def remote(tmp_path):
    path = tmp_path / "remote.git"
    git("init", "-q", "--bare", str(path))
    return path


def published_runs(remote):
    files = git("ls-tree", "-r", "--name-only", BRANCH, cwd=remote).split()
    return sorted({f.split("/")[2] for f in files if f.startswith(f"runs/{PLATFORM}/")})


def run_files(remote, run_id):
    return git("ls-tree", "-r", "--name-only", BRANCH, f"runs/{PLATFORM}/{run_id}/", cwd=remote).split()


def branch_log(remote):
    return git("log", "--format=%H %P", BRANCH, cwd=remote).splitlines()


def land(remote, run, work, git=None, sleep=time.sleep, **settings):
    return publish.publish(publish.Publication(run_directory=run, remote=str(remote), platform=PLATFORM, **settings),
                           work, git=git, sleep=sleep)


def test_first_publish_creates_the_history_branch_as_an_orphan(tmp_path, remote):
    run = make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")

    run_id, commit = land(remote, run, tmp_path / "work")

    assert run_id == "20261122T070000Z-aaaa-lab1"
    assert git("rev-parse", BRANCH, cwd=remote).strip() == commit
    assert branch_log(remote) == [f"{commit} "]  # no parent: an orphan branch
    assert sorted(Path(f).name for f in run_files(remote, run_id)) == [
        "measurements_intraprocess_best_effort_summary.csv", "metadata.json"]


def test_a_later_publish_adds_on_top_and_keeps_earlier_runs(tmp_path, remote):
    results = tmp_path / "results"
    first = make_run(results, "20261122T070000Z-aaaa-lab1")
    second = make_run(results, "20261122T080000Z-bbbb-lab1")
    land(remote, first, tmp_path / "work1")
    files_before = run_files(remote, first.name)
    old_tip = git("rev-parse", BRANCH, cwd=remote).strip()

    land(remote, second, tmp_path / "work2")

    assert published_runs(remote) == [first.name, second.name]
    assert run_files(remote, first.name) == files_before
    assert branch_log(remote)[0].split()[1] == old_tip  # a fast-forward, never a rewrite


def test_the_branch_holds_the_run_store_only_and_the_site_is_made_beside_it(tmp_path, remote):
    """A branch from before (a site committed with the runs) loses the site at the next
    publish; the work directory then holds the regenerated site, never pushed."""
    legacy = tmp_path / "legacy"
    (legacy / "site").mkdir(parents=True)
    (legacy / "index.html").write_text("<html>an old site</html>\n")
    (legacy / "site" / "series.json").write_text("{}\n")
    git("init", "-q", str(legacy))
    git("add", "-A", cwd=legacy)
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "old site", cwd=legacy)
    git("push", "-q", str(remote), f"HEAD:refs/heads/{BRANCH}", cwd=legacy)

    run_id, _ = land(remote, make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1"), tmp_path / "work")

    files = git("ls-tree", "-r", "--name-only", BRANCH, cwd=remote).split()
    assert files and all(name.startswith(f"runs/{PLATFORM}/{run_id}/") for name in files), files
    assert (tmp_path / "work" / "index.html").is_file() and (tmp_path / "work" / "plots" / PLATFORM).is_dir()
    assert "an old site" not in (tmp_path / "work" / "index.html").read_text()


def test_retention_keeps_the_newest_runs(tmp_path, remote):
    results = tmp_path / "results"
    for hour in ("07", "08", "09"):
        land(remote, make_run(results, f"20261122T{hour}0000Z-cccc-lab1"), tmp_path / hour, keep=2)

    assert published_runs(remote) == ["20261122T080000Z-cccc-lab1", "20261122T090000Z-cccc-lab1"]


BARRIER_HOOK = """#!/bin/sh
# Test barrier: hold each of the first two pushes until both have arrived (10 s at most),
# so both are computed from the same tip and really race for the branch.
touch "$GIT_DIR/arrived-$$"
i=0
while [ "$(ls "$GIT_DIR" | grep -c '^arrived-')" -lt 2 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
"""


def test_two_publishers_started_at_once_both_land(tmp_path, remote):
    results = tmp_path / "results"
    earlier = make_run(results, "20261122T060000Z-0000-lab0")
    land(remote, earlier, tmp_path / "work0")
    earlier_files = run_files(remote, earlier.name)
    runs = [make_run(results, f"20261122T0700{i}0Z-{i}{i}{i}{i}-lab{i}") for i in (1, 2)]
    hook = remote / "hooks" / "pre-receive"
    hook.write_text(BARRIER_HOOK)
    hook.chmod(0o755)

    publishers = [
        subprocess.Popen(
            [LATENCY_GATE, "publish-history", "--results-directory", str(run),
             "--remote", str(remote), "--platform", PLATFORM, "--work-directory", str(tmp_path / run.name)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=dict(os.environ))
        for run in runs
    ]
    outputs = [p.communicate(timeout=120)[0] for p in publishers]

    assert [p.returncode for p in publishers] == [0, 0], outputs
    assert sum("rejected (another publisher landed first)" in o for o in outputs) == 1, outputs
    assert published_runs(remote) == sorted([earlier.name, *(r.name for r in runs)])
    assert run_files(remote, earlier.name) == earlier_files
    assert len(branch_log(remote)) == 3  # linear: every publish added exactly one commit


class CompetitorLandsFirst(publish.Git):
    """Real git, except that just before our first push another publisher lands a run."""

    def __init__(self, work_tree, competitor):
        super().__init__(work_tree)
        self.competitor = competitor
        self.commands = []

    def __call__(self, *args, check=True):
        self.commands.append(args[0])
        if args[0] == "push" and self.competitor:
            land_theirs, self.competitor = self.competitor, None
            land_theirs()
        return super().__call__(*args, check=check)


def test_a_rejected_push_is_reapplied_on_the_fresh_tip(tmp_path, remote):
    results = tmp_path / "results"
    ours = make_run(results, "20261122T070000Z-aaaa-lab1")
    theirs = make_run(results, "20261122T070001Z-bbbb-lab2")
    land(remote, make_run(results, "20261122T060000Z-0000-lab0"), tmp_path / "work0")
    work = tmp_path / "ours"
    recording = CompetitorLandsFirst(work, lambda: land(remote, theirs, tmp_path / "theirs"))
    pauses = []

    land(remote, ours, work, git=recording, sleep=pauses.append)

    assert published_runs(remote) == ["20261122T060000Z-0000-lab0", ours.name, theirs.name]
    assert recording.commands.count("push") == 2
    assert recording.commands.count("fetch") == 2  # the second attempt started from the new tip
    assert len(pauses) == 1 and 0 <= pauses[0] <= publish.BACKOFF_SECONDS


class RejectEveryPush(publish.Git):
    def __call__(self, *args, check=True):
        if args[0] == "push":
            return subprocess.CompletedProcess(args, 1, "", " ! [rejected] (fetch first)")
        return super().__call__(*args, check=check)


def test_gives_up_after_push_attempts_rejections_and_says_so(tmp_path, remote):
    land(remote, make_run(tmp_path / "results", "20261122T060000Z-0000-lab0"), tmp_path / "work0")
    tip = git("rev-parse", BRANCH, cwd=remote)
    run = make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")
    pauses = []

    with pytest.raises(publish.PublishError, match=f"rejected {publish.PUSH_ATTEMPTS} times"):
        land(remote, run, tmp_path / "work", git=RejectEveryPush(tmp_path / "work"), sleep=pauses.append)

    assert len(pauses) == publish.PUSH_ATTEMPTS - 1
    assert all(0 <= p <= publish.BACKOFF_SECONDS * 2**n for n, p in enumerate(pauses))
    assert git("rev-parse", BRANCH, cwd=remote) == tip


def test_a_push_failing_for_another_reason_fails_at_once(tmp_path, remote):
    class DenyPush(publish.Git):
        def __call__(self, *args, check=True):
            if args[0] == "push":
                return subprocess.CompletedProcess(args, 128, "", "fatal: Authentication failed")
            return super().__call__(*args, check=check)

    run = make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")
    pauses = []

    with pytest.raises(publish.PublishError, match="Authentication failed"):
        land(remote, run, tmp_path / "work", git=DenyPush(tmp_path / "work"), sleep=pauses.append)
    assert pauses == []


def test_the_token_reaches_git_as_a_header_for_the_remote_only_from_the_environment_not_argv(tmp_path):
    remote = "https://git.example.org/team/history.git"
    git_with_token = publish.Git(tmp_path, token="s3cret", remote=remote)
    git_with_token("init", "-q")

    def header_for(url):
        return git_with_token("config", "--get-urlmatch", "http.extraheader", url, check=False).stdout.strip()

    header = header_for(remote)
    assert header.startswith("AUTHORIZATION: basic ")
    assert base64.b64decode(header.split()[-1]) == b"x-access-token:s3cret"
    assert header_for("https://elsewhere.example.com/team/history.git") == ""  # another host: nothing
    persisted = subprocess.run(["git", "config", "--local", "--get-regexp", "extraheader"], cwd=tmp_path)
    assert persisted.returncode == 1  # nothing written to the clone's config


def test_a_token_is_never_sent_to_a_remote_that_is_not_https(tmp_path):
    # The token as given, and as the header carries it (base64 of "x-access-token:<token>").
    forms = ("s3cret", base64.b64encode(b"x-access-token:s3cret").decode())

    def leaked(remote):
        environment = publish.Git(tmp_path, token="s3cret", remote=remote).env
        return [form for form in forms if any(form in value for value in environment.values())]

    assert leaked("https://git.example.org/history.git") == [forms[1]]  # an https remote gets it, encoded
    for remote in ("http://git.example.org/history.git", "/srv/history.git", "git@git.example.org:history.git"):
        assert leaked(remote) == [], remote


def seed_history(remote, store, runs=12, step_at=6):
    """Push a history of `runs` runs to the branch: intraprocess_best_effort at 16 and 32 B,
    its median (and the 99%, 1.2 times it) at 16 B 30 % higher from run `step_at` on.
    Returns the run ids."""
    rng = np.random.default_rng(5)
    run_ids = [f"20261101T{hour:02d}0000Z-{hour:04d}-lab0" for hour in range(runs)]
    for index, run_id in enumerate(run_ids):
        median = 40.0 * rng.lognormal(0, 0.03, 2) * np.array([1.3 if index >= step_at else 1.0, 1.0])
        summary = pd.DataFrame({column: median for column in formats.SUMMARY_COLUMNS})
        summary["Bytes"], summary["Samples"], summary["99%"], summary["Max"] = [16, 32], 100, median * 1.2, median * 1.5
        formats.write_csv(summary, formats.summary_path(store / "runs" / PLATFORM / run_id, "intraprocess_best_effort"))
    git("init", "-q", str(store))
    git("add", "-A", cwd=store)
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "history", cwd=store)
    git("push", "-q", str(remote), f"HEAD:refs/heads/{BRANCH}", cwd=store)
    return run_ids


def test_a_publish_lists_the_platforms_change_points_in_the_job_summary(tmp_path, remote):
    run_ids = seed_history(remote, tmp_path / "seed")
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n")

    land(remote, make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1"), tmp_path / "work")
    publish.summarise_changepoints(tmp_path / "work", PLATFORM, environ=github_summary(summary))

    text = summary.read_text()
    assert text.startswith(f"earlier step\n## Latency change points on {PLATFORM}\n")
    assert "2 in the 13 runs of the history" in text
    rows = [line for line in text.splitlines() if line.startswith(f"| `{run_ids[6]}` | `intraprocess_best_effort` | 16 B")]
    assert [row.split(" | ")[3] for row in rows] == ["Median", "99%"]  # the seeded 99% follows the median
    assert all(float(row.split(" | ")[5].removesuffix(" %")) == pytest.approx(30, abs=5) for row in rows)
    site = json.loads((tmp_path / "work" / "changepoints" / f"{PLATFORM}.json").read_text())  # in the site
    assert site["changepoints"][0]["run_id"] == run_ids[6]


def test_a_summary_that_cannot_be_written_is_a_warning_not_a_failed_publish(tmp_path, remote, capsys):
    run = make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")

    run_id, commit = land(remote, run, tmp_path / "work")
    publish.summarise_changepoints(tmp_path / "work", PLATFORM, environ=github_summary(tmp_path))  # a directory

    assert git("rev-parse", BRANCH, cwd=remote).strip() == commit
    assert "warning: no change points in the job summary" in capsys.readouterr().err


def change_point(index):
    return changepoints.ChangePoint("interprocess_reliable", 1024, "99%", f"run-{index:03d}", index,
                                    100.0, 130.0, 0.3, 1e-9)


def test_the_job_summary_lists_the_newest_change_points_then_how_many_more():
    detection = changepoints.Detection("lab", 40, [change_point(index) for index in range(25)])

    lines = changepoint_summary.markdown_summary(detection).splitlines()

    rows = [line for line in lines if line.startswith("| `run-")]
    assert len(rows) == changepoint_summary.CHANGE_POINT_ROWS == 20
    assert [row.split("`")[1] for row in rows] == [f"run-{index:03d}" for index in range(24, 4, -1)]
    assert rows[0] == ("| `run-024` | `interprocess_reliable` | 1024 B | 99% | 100.000 → 130.000 µs | +30.0 % "
                       "| 1e-09 |")
    assert lines[-1] == "and 5 more (`changepoints/lab.json` in the history site)"


def test_the_job_summary_says_when_there_are_no_change_points():
    text = changepoint_summary.markdown_summary(changepoints.Detection("lab", 5, []))

    assert text == ("## Latency change points on lab\n\nNone in the 5 runs of the history: no cell's Median or 99% "
                    "latency level shifted by more than 5% (p < 1e-05; at least 8 runs needed).\n")


def publish_with_cli(remote, run, work):
    return subprocess.run([LATENCY_GATE, "publish-history", "--results-directory", str(run), "--remote", str(remote),
                           "--platform", PLATFORM, "--branch", BRANCH, "--work-directory", str(work)],
                          capture_output=True, text=True)


def test_a_remote_that_fails_is_a_service_failure_exit_5_and_a_missing_run_bad_input_exit_3(tmp_path, remote):
    run = make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")

    unreachable = publish_with_cli(tmp_path / "no-such-remote.git", run, tmp_path / "work")
    missing = publish_with_cli(remote, tmp_path / "no-such-run", tmp_path / "work2")

    assert unreachable.returncode == 5, unreachable.stdout + unreachable.stderr
    (line,) = unreachable.stderr.strip().splitlines()
    assert line.startswith("latency-gate publish-history: error: git ") and "no-such-remote.git" in line, line
    assert missing.returncode == 3, missing.stdout + missing.stderr
    (line,) = missing.stderr.strip().splitlines()
    assert f"{tmp_path / 'no-such-run'}: no such run directory" in line, line
    assert git("branch", "--list", BRANCH, cwd=remote) == ""  # nothing was pushed


@pytest.mark.parametrize("branch", ["a..b", "", "-x"])
def test_a_branch_name_git_does_not_take_is_bad_input_before_the_site_is_built(tmp_path, remote, branch):
    """It built the whole site, then exited 5 on git's 'invalid refspec', a service failure."""
    run = make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")

    done = subprocess.run([LATENCY_GATE, "publish-history", "--results-directory", str(run), "--remote", str(remote),
                           "--platform", PLATFORM, f"--branch={branch}", "--work-directory", str(tmp_path / "work")],
                          capture_output=True, text=True)

    assert done.returncode == 3, done.stdout + done.stderr
    assert done.stderr == (f"latency-gate publish-history: error: '{branch}' is not a branch name git takes "
                           "(git check-ref-format --branch)\n")
    assert not (tmp_path / "work").exists()


def assert_refused(result, remote, tip, path, reason):
    """Exit 3, one line on stderr naming `path` and saying `reason`, the branch's tip unchanged."""
    assert result.returncode == 3, result.stdout + result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert str(path) in line and reason in line, line
    assert git("rev-parse", BRANCH, cwd=remote) == tip


@pytest.fixture
def history_tip(tmp_path, remote):
    """A history holding one run; its tip."""
    land(remote, make_run(tmp_path / "results", "20261122T060000Z-0000-lab0"), tmp_path / "work0")
    return git("rev-parse", BRANCH, cwd=remote)


def test_a_malformed_summary_is_refused_naming_the_file_and_the_branch_is_unchanged(tmp_path, remote, history_tip):
    run = make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")
    summary = formats.summary_path(run, "intraprocess_best_effort")
    summary.write_text(summary.read_text().replace(",", ";", 3))

    result = publish_with_cli(remote, run, tmp_path / "work")

    assert_refused(result, remote, history_tip, summary, "Bytes")


def test_a_file_named_for_no_known_subexperiment_is_refused(tmp_path, remote, history_tip):
    run = make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")
    for name in ("checks_planted.csv", "measurements_planted_summary.csv"):
        stranger = run / name
        shutil.copy(formats.summary_path(run, "intraprocess_best_effort"), stranger)

        result = publish_with_cli(remote, run, tmp_path / name)

        assert_refused(result, remote, history_tip, stranger, "unknown sub-experiment 'planted'")
        stranger.unlink()


def test_an_oversized_file_or_run_and_a_link_are_refused(tmp_path, remote, history_tip):
    run = make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")
    checks = formats.checks_path(run, "intraprocess_best_effort")
    checks.write_text(",".join(formats.CHECK_COLUMNS) + "\n" + "Median,16,1.0,1.0,0.0,0.0,passed\n" * 10000)

    assert_refused(publish_with_cli(remote, run, tmp_path / "w1"), remote, history_tip, checks,
                   f"more than a run's file may hold (MAX_FILE_BYTES, {history.MAX_FILE_BYTES})")

    checks.unlink()
    checks.symlink_to(formats.summary_path(run, "intraprocess_best_effort"))
    assert_refused(publish_with_cli(remote, run, tmp_path / "w2"), remote, history_tip, checks,
                   "not a regular file")

    checks.unlink()
    for index, name in enumerate(formats.SUBEXPERIMENTS):  # each file under the bound, the run over
        rows = "".join(f"Median,{payload},1.0,1.0,0.0,0.0,passed\n" for payload in range(16, 16 + 6000 + index))
        formats.checks_path(run, name).write_text(",".join(formats.CHECK_COLUMNS) + "\n" + rows)
    assert_refused(publish_with_cli(remote, run, tmp_path / "w3"), remote, history_tip, run,
                   f"more than a run may (MAX_RUN_BYTES, {history.MAX_RUN_BYTES})")


def test_a_history_whose_site_cannot_be_built_is_not_pushed_to(tmp_path, remote, history_tip):
    """A file that came onto the branch some other way (by hand, by an earlier version) and
    breaks the site: the next publish stops before its push, naming the file."""
    planted = tmp_path / "planted"
    git("clone", "-q", "--branch", BRANCH, str(remote), str(planted))
    (bad,) = planted.glob(f"runs/{PLATFORM}/*/measurements_intraprocess_best_effort_summary.csv")
    bad.write_text("Bytes,Samples\n16,not a number\n")
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-am", "by hand", cwd=planted)
    git("push", "-q", "origin", BRANCH, cwd=planted)
    tip = git("rev-parse", BRANCH, cwd=remote)

    result = publish_with_cli(remote, make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1"), tmp_path / "work")

    assert_refused(result, remote, tip, bad.relative_to(planted), "column")


@pytest.mark.parametrize("planted", ["plots", ".nojekyll", f"runs/{PLATFORM}-x"])
def test_a_branch_holding_a_symbolic_link_is_refused_and_nothing_outside_the_store_is_touched(
        tmp_path, remote, history_tip, planted):
    """Whoever can push the history's branch can plant a link where the publish writes (its plots,
    the site's marker, a line's runs, which pruning deletes): the publishing runner holds the push
    token, so its writes and deletes must not follow it out of the work directory."""
    outside = tmp_path / "outside"
    (outside / PLATFORM).mkdir(parents=True)
    (outside / PLATFORM / "precious.txt").write_text("keep me\n")
    branch = tmp_path / "planted"
    git("clone", "-q", "--branch", BRANCH, str(remote), str(branch))
    (branch / planted).parent.mkdir(parents=True, exist_ok=True)
    (branch / planted).symlink_to(outside if planted != ".nojekyll" else outside / "created-by-publish")
    git("add", "-A", cwd=branch)
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "a link", cwd=branch)
    git("push", "-q", "origin", BRANCH, cwd=branch)
    tip = git("rev-parse", BRANCH, cwd=remote)

    result = subprocess.run([LATENCY_GATE, "publish-history", "--results-directory",
                             str(make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")), "--remote", str(remote),
                             "--platform", PLATFORM, "--branch", BRANCH, "--work-directory", str(tmp_path / "work"),
                             "--keep", "1"], capture_output=True, text=True)

    assert_refused(result, remote, tip, Path(planted), "a symbolic link in the history store")
    assert sorted(path.name for path in outside.rglob("*")) == [PLATFORM, "precious.txt"]


def test_a_public_history_can_keep_the_hosts_name_and_kernel_build_out(tmp_path, remote):
    run = make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")
    metadata = run_metadata.read(run)
    # As runner/platform_info.describe_host() records them on a Debian real-time kernel.
    kernel = "Linux 6.1.0-27-rt-amd64 #1 SMP PREEMPT_RT Debian 6.1.115-1 (2024-11-01)"
    command_line = ("BOOT_IMAGE=/boot/vmlinuz-6.1.0-27-rt-amd64 root=UUID=0d1f6a2e-7c55-4d0b-9a51-3f0e2b9c8d11 ro quiet "
                    "isolcpus=2,3 nohz_full=2,3 idle=poll")
    run_metadata.write(run, dataclasses.replace(metadata, host="lab-7.internal.example.org", kernel=kernel,
                                                kernel_tuning={**(metadata.kernel_tuning or {}),
                                                               "command_line": command_line},
                                                started_at="2026-11-22T07:00:00+00:00"))

    def publish_as(runner, *options):
        """The id and stored metadata of the run this publish added."""
        before = set(published_runs(remote)) if git("branch", "--list", BRANCH, cwd=remote).strip() else set()
        subprocess.run([LATENCY_GATE, "publish-history", "--results-directory", str(run), "--remote", str(remote),
                        "--platform", PLATFORM, "--revision", "0123456789abcdef", "--runner", runner,
                        "--work-directory", str(tmp_path / f"work-{runner}"), *options], check=True, capture_output=True)
        (run_id,) = set(published_runs(remote)) - before
        return run_id, json.loads(git("show", f"{BRANCH}:runs/{PLATFORM}/{run_id}/metadata.json", cwd=remote))

    kept_id, kept = publish_as("lab-7")  # control: as recorded
    redacted_id, redacted = publish_as("lab-8", "--redact-host")

    assert kept_id.endswith("-lab_7") and (kept["host"], kept["kernel"]) == ("lab-7.internal.example.org", kernel)
    assert kept["kernel_tuning"]["command_line"] == command_line
    assert redacted_id == f"20261122T070000Z-0123456789ab-{PLATFORM}"
    assert (redacted["host"], redacted["kernel"]) == (None, "Linux 6.1")
    # The tuning that makes runs comparable stays; the boot image (the kernel's build) and the disk's UUID go.
    assert redacted["kernel_tuning"]["command_line"] == "isolcpus=2,3 nohz_full=2,3 idle=poll"
    assert "6.1.0-27" not in json.dumps(redacted) and "lab-7" not in json.dumps(redacted)


def publish_as_ci(remote, run, work, *options):
    """publish-history as the CI jobs call it: the run id from the metadata's start, revision and runner."""
    return subprocess.run([LATENCY_GATE, "publish-history", "--results-directory", str(run), "--remote", str(remote),
                           "--platform", PLATFORM, "--branch", BRANCH, "--revision", "0123456789abcdef",
                           "--runner", "lab1", "--work-directory", str(work), *options], capture_output=True, text=True)


def test_a_start_in_the_future_is_refused_so_no_run_pins_itself_as_the_latest(tmp_path, remote, history_tip):
    run = make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")
    run_metadata.write(run, dataclasses.replace(run_metadata.read(run), started_at="2999-01-01T00:00:00+00:00"))

    assert_refused(publish_as_ci(remote, run, tmp_path / "work"), remote, history_tip, run / "metadata.json",
                   "started_at 2999-01-01T00:00:00+00:00 is later than the publish")


def test_an_oversized_metadata_file_is_refused_before_it_is_parsed(tmp_path, remote, history_tip):
    run = make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")
    metadata = run / "metadata.json"
    metadata.write_text("[" * (run_metadata.MAX_BYTES + 1))  # parsed, it would exhaust the recursion limit

    assert_refused(publish_as_ci(remote, run, tmp_path / "work"), remote, history_tip, metadata,
                   f"more than a run's metadata may hold (MAX_BYTES, {run_metadata.MAX_BYTES})")


def test_a_run_measured_on_the_pull_requests_runners_says_so_in_its_stored_metadata(tmp_path, remote):
    run = make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")
    run_metadata.write(run, dataclasses.replace(run_metadata.read(run), started_at="2026-11-22T07:00:00+00:00"))

    for work, options in (("own", ()), ("shared", ("--shared-runners",))):
        result = publish_as_ci(remote, run, tmp_path / work, "--run-id", f"20261122T07000{len(options)}Z-0123-lab1",
                               *options)
        assert result.returncode == 0, result.stderr

    stored = {run_id: json.loads(git("show", f"{BRANCH}:runs/{PLATFORM}/{run_id}/metadata.json", cwd=remote))
              for run_id in published_runs(remote)}
    assert [publish.SHARED_RUNNERS_WARNING in each["warnings"] for each in stored.values()] == [False, True]


PLANTED_HOOK = '#!/bin/sh\necho "$(basename "$0") ran" >> "{marks}"\n'


def test_git_in_the_publish_reads_nothing_another_job_planted_in_the_users_home(tmp_path, remote):
    """On a runner another job may have written the user's home: a ~/.gitconfig naming hooks
    (core.hooksPath), a template whose hooks every new clone gets (init.templateDir) and an
    fsmonitor program. The publish's git, holding the token, runs none of them; plain git with
    that home (the control) does."""
    home, marks = tmp_path / "home", tmp_path / "planted-ran"
    hooks = home / "hooks"
    (home / "template").mkdir(parents=True)
    hooks.mkdir()
    for name in ("post-checkout", "pre-push", "pre-commit", "reference-transaction", "fsmonitor"):
        (hooks / name).write_text(PLANTED_HOOK.format(marks=marks))
        (hooks / name).chmod(0o755)
    shutil.copytree(hooks, home / "template" / "hooks")
    (home / ".gitconfig").write_text(f"[core]\n\thooksPath = {hooks}\n\tfsmonitor = {hooks}/fsmonitor\n"
                                     f"[init]\n\ttemplateDir = {home / 'template'}\n")
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("GIT_", "XDG_CONFIG"))}
    environment["HOME"] = str(home)

    control = tmp_path / "control"
    for command in (["init", "-q", str(control)], ["-C", str(control), "commit", "-q", "--allow-empty", "-m", "c"]):
        subprocess.run(["git", "-c", "user.name=c", "-c", "user.email=c@c", *command], env=environment, check=True)
    assert "pre-commit ran" in marks.read_text()
    marks.unlink()

    run = make_run(tmp_path / "results", "20261122T080000Z-aaaa-lab1")
    result = subprocess.run([LATENCY_GATE, "publish-history", "--results-directory", str(run), "--remote", str(remote),
                             "--platform", PLATFORM, "--branch", BRANCH, "--work-directory", str(tmp_path / "work")],
                            capture_output=True, text=True, env=environment)

    assert result.returncode == 0, result.stderr
    assert published_runs(remote) == ["20261122T080000Z-aaaa-lab1"]
    assert not marks.exists(), marks.read_text()


@pytest.mark.parametrize("work", ["the run", "a directory with a file", "a file"])
def test_a_work_directory_that_holds_anything_is_refused_and_left_as_it_was(tmp_path, remote, work):
    """The branch is checked out in the work directory, replacing what it holds: the run given as
    the work directory lost its measurements so. Refused, exit 3, nothing touched or pushed."""
    run = make_run(tmp_path / "results", "20261122T070000Z-aaaa-lab1")
    directory = {"the run": run, "a directory with a file": tmp_path / "work", "a file": tmp_path / "work.txt"}[work]
    if work == "a directory with a file":
        directory.mkdir()
        (directory / "notes.md").write_text("mine\n")
    elif work == "a file":
        directory.write_text("mine\n")
    before = sorted((path.relative_to(tmp_path), path.read_bytes() if path.is_file() else None)
                    for path in tmp_path.rglob("*") if "remote.git" not in path.parts)

    done = publish_with_cli(remote, run, directory)

    assert done.returncode == 3, done.stdout + done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert f"{directory}: the work directory must be new or empty" in line, line
    assert sorted((path.relative_to(tmp_path), path.read_bytes() if path.is_file() else None)
                  for path in tmp_path.rglob("*") if "remote.git" not in path.parts) == before
    assert git("branch", "--list", BRANCH, cwd=remote) == ""
