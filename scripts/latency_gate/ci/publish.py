"""Publish one run to the history branch of a git remote (gh-pages), safe under concurrency.

The branch holds the run store only: one immutable directory per run under
runs/<platform>/<run id>/ (summaries, checks, metadata, the requirements it was checked
against). The history plots, change points and site are derived from it before the push
and deployed from the work directory as a Pages artifact (GitHub) or
public/ (GitLab), so the branch grows by each run's own few kilobytes, not by a rewritten
site per run.

Every attempt starts from the remote's tip: fetch the branch (or start it as an orphan
when the remote has none), add the run's own directory (history.add_run reads every file it
brings with its format's owner first: a run is untrusted data until then), prune, build the
history plots and site from the store as it would be pushed, commit the store and push; a bad
file or a site that cannot be built is an InputError and the branch is left as it was. A
rejected push means another publisher landed first; the next attempt starts again from the
new tip after a jittered pause that grows with each attempt. Runs are separate
directories, so re-applying ours on top of theirs is always clean, and nothing the remote
already holds is ever rewritten.
"""

import base64
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import datetime, UTC
from pathlib import Path

from latency_gate.analysis import changepoints
from latency_gate.ci import outputs
from latency_gate.contracts import change_points, run_metadata
from latency_gate.errors import EXIT_SERVICE_FAILED, InputError, one_line
from latency_gate.render import changepoint_summary, store_views
from latency_gate.store import history

PUSH_ATTEMPTS = 5  # the one bound on retries; the error message quotes it
BACKOFF_SECONDS = 0.5  # the pause before attempt n+1 is uniform in [0, BACKOFF_SECONDS * 2**n]
COMMITTER = ("latency-gate", "latency-gate@users.noreply.github.com")  # GIT_* env overrides
TOKEN_VARIABLE = "LATENCY_GATE_GIT_TOKEN"  # an https token, sent as a header, never in argv
# What the publisher (not the run's own files) records of a run measured where pull requests' jobs run.
SHARED_RUNNERS_WARNING = ("measured on the runners that pull (merge) requests' jobs also use (the pipeline's opt-in "
                          "LATENCY_HISTORY_ON_PULL_REQUEST_RUNNERS): only as sound as every pull request that ran there")


class PublishError(Exception):
    """The run could not be published: the message says which git step failed and why (the remote,
    a service the command talks to, refused or failed)."""

    exit_code = EXIT_SERVICE_FAILED


def _one_line(text):
    """git's message of several lines as one (an error is one line on stderr)."""
    return "; ".join(line.strip() for line in text.splitlines() if line.strip())


class Git:
    """Runs git commands in one work tree; the only place that starts a git process."""

    def __init__(self, work_tree, token=None, remote=None):
        """`token` goes to `remote` only (an https URL), as git's http.<url>.extraheader: a
        remote that names another host, or a redirect to one, never sees it.

        Git here reads no configuration file but the clone's own: not the user's (~/.gitconfig,
        ~/.config/git/config) nor the system's, and HOME is the clone's .git directory. On a
        runner another job could have written the user's home (core.hooksPath,
        init.templateDir, core.fsmonitor would run its programs with the token). The job's
        environment is configuration: its GIT_CONFIG_COUNT entries (a network route) are kept."""
        self.work_tree = Path(work_tree)
        self.env = dict(os.environ, GIT_TERMINAL_PROMPT="0", GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1",
                        HOME=str(self.work_tree / ".git"))
        if token and remote and str(remote).startswith("https://"):
            basic = base64.b64encode(f"x-access-token:{token}".encode()).decode()
            index = int(self.env.get("GIT_CONFIG_COUNT") or 0)
            self.env.update({
                "GIT_CONFIG_COUNT": str(index + 1),
                f"GIT_CONFIG_KEY_{index}": f"http.{remote}.extraheader",
                f"GIT_CONFIG_VALUE_{index}": f"AUTHORIZATION: basic {basic}",
            })

    def __call__(self, *args, check=True):
        command = ["git", "-c", f"user.name={COMMITTER[0]}", "-c", f"user.email={COMMITTER[1]}", *args]
        result = subprocess.run(
            command, cwd=self.work_tree, env=self.env, capture_output=True, text=True
        )
        if check and result.returncode != 0:
            raise PublishError(f"git {' '.join(args)} failed: {_one_line(result.stderr)}")
        return result


def history_run_id(run_directory, revision, runner, now=None):
    """The run id (run_metadata.make_run_id) of the run's start, as its metadata records it,
    with the revision and runner given; InputError when the metadata has no start time, or one
    later than `now` (default: this moment) by more than history.MAX_CLOCK_SKEW: run ids sort by it, and
    a start in the future would pin the run as the line's latest and keep it out of `keep`'s reach."""
    metadata = run_metadata.read(run_directory)
    path = Path(run_directory) / run_metadata.METADATA_FILE
    if metadata.started_at is None:
        raise InputError("metadata has no started_at to make the run id from", path)
    started = datetime.fromisoformat(metadata.started_at)
    started = started if started.tzinfo else started.replace(tzinfo=UTC)
    now = now or datetime.now(UTC)
    if started > now + history.MAX_CLOCK_SKEW:
        raise InputError(f"started_at {metadata.started_at} is later than the publish ({now.isoformat(timespec='seconds')}) "
                         f"by more than MAX_CLOCK_SKEW ({history.MAX_CLOCK_SKEW})", path)
    return run_metadata.make_run_id(started, revision, runner)


@dataclass(frozen=True)
class Publication:
    """What one publish lands where (`latency-gate publish-history`'s options)."""

    run_directory: Path
    remote: str  # a URL, or a local repository's path
    platform: str  # the run's line in the store: runs/<platform>/
    branch: str = "gh-pages"
    run_id: str | None = None  # see history_run_id; None: the one history.add_run picks from the run's metadata
    requirements: Path | None = None  # the CSV the run was checked against, kept with it
    keep: int | None = None  # runs kept per platform (history.prune); None: all
    redact_host: bool = False  # keep the host's name and kernel build out (history.add_run)
    shared_runners: bool = False  # record SHARED_RUNNERS_WARNING in the stored metadata


def publish(publication, work_directory, git=None, sleep=time.sleep):
    """Land a Publication's run directory under runs/<platform>/<run id>/ on its branch of its remote.

    `work_directory`, new or empty, holds the local clone; after success its files are the
    published store and the site built from it (render/store_views.regenerate). Returns (run id,
    pushed commit). InputError, nothing touched, for a work directory that holds anything: its
    files would be replaced by the branch's (a run directory given as the work directory lost its
    measurements so).
    """
    run_directory, remote = Path(publication.run_directory), publication.remote
    platform, branch = publication.platform, publication.branch
    if not run_directory.is_dir():
        raise InputError("no such run directory", run_directory)
    # git's own rule for a branch name, before the site is built for a push it would refuse
    if subprocess.run(["git", "check-ref-format", "--branch", branch], capture_output=True).returncode != 0:
        raise InputError(f"'{one_line(branch)}' is not a branch name git takes (git check-ref-format --branch)")
    if Path(remote).exists():  # a local repository: git runs in the work tree, not here
        remote = str(Path(remote).resolve())
    history.check_retention(publication.keep)
    work_directory = Path(work_directory)
    if work_directory.exists() and (not work_directory.is_dir() or any(work_directory.iterdir())):
        raise InputError("the work directory must be new or empty: the history's branch is checked out there, "
                         "replacing what it holds", work_directory)
    work_directory.mkdir(parents=True, exist_ok=True)
    git = git or Git(work_directory, token=os.environ.get(TOKEN_VARIABLE), remote=remote)
    git("init", "-q")
    for attempt in range(PUSH_ATTEMPTS):
        parent = _checkout_tip(git, remote, branch)
        run_id = history.add_run(work_directory, run_directory, platform, publication.run_id,
                                 publication.requirements, publication.redact_host,
                                 [SHARED_RUNNERS_WARNING] if publication.shared_runners else [],
                                 publication.keep).name
        if publication.keep is not None:
            history.prune(work_directory, platform, publication.keep)
        store_views.regenerate(work_directory)  # the site is built before anything is pushed
        commit = _commit_store(git, parent, f"Add latency run {platform}/{run_id}")
        pushed = git("push", "--porcelain", remote, f"{commit}:refs/heads/{branch}", check=False)
        if pushed.returncode == 0:
            return run_id, commit
        if "rejected" not in pushed.stdout + pushed.stderr:
            raise PublishError(f"git push to {remote} failed: {_one_line(pushed.stderr)}")
        if attempt + 1 < PUSH_ATTEMPTS:
            pause = random.uniform(0, BACKOFF_SECONDS * 2**attempt)
            print(f"publish-history: push {attempt + 1}/{PUSH_ATTEMPTS} rejected (another publisher landed "
                  f"first); re-applying run {run_id} on the new tip in {pause:.1f} s", file=sys.stderr)
            sleep(pause)
    raise PublishError(
        f"push of run {platform}/{run_id} to {remote} branch {branch} was rejected "
        f"{PUSH_ATTEMPTS} times (PUSH_ATTEMPTS): other publishers kept landing first"
    )


def summarise_changepoints(store, platform, environ=None):
    """After a publish: the platform's change points as the site built from the pushed store
    holds them, in the CI job summary (ci.outputs; `environ` stands in for os.environ). The
    run is published by now: a summary that cannot be written is a warning, not a failure."""
    try:
        detection = changepoints.read(change_points.path(store, platform))
        outputs.add_summary(changepoint_summary.markdown_summary(detection), environ)
    except (InputError, OSError) as error:
        print(f"publish-history: warning: no change points in the job summary: {error}", file=sys.stderr)


def _checkout_tip(git, remote, branch):
    """Make the work tree exactly the remote branch's tip (or empty); return the tip or None."""
    tip = None
    if git("ls-remote", "--heads", remote, f"refs/heads/{branch}").stdout.strip():
        git("fetch", "-q", remote, f"refs/heads/{branch}")
        tip = git("rev-parse", "FETCH_HEAD").stdout.strip()  # what was fetched, however new
        git("checkout", "-q", "-f", "--detach", tip)
    else:
        git("read-tree", "--empty")
    git("clean", "-q", "-f", "-d", "-x")
    return tip


def _commit_store(git, parent, message):
    """Commit the run store (runs/) and nothing else: a branch that held a site (as the branch
    did before) loses it with this commit, and never gets it back."""
    git("read-tree", "--empty")
    git("add", "-A", "--", "runs")
    tree = git("write-tree").stdout.strip()
    parents = ["-p", parent] if parent else []
    return git("commit-tree", tree, *parents, "-m", message).stdout.strip()
