"""scripts/setup/ephemeral_runner.sh: one persistent machine, a clean runner for every job.

Run for real, as root: namespaces, overlay and tmpfs mounts, the switch to an unprivileged
user. Two things are stand-ins: GitHub's REST API, unreachable here (tests/github_standin.py
answers the just-in-time registration as GitHub documents it), and GitHub's actions runner,
replaced by a run.sh that does what a pull request's job could do: it writes down what it
finds of the job before it, then plants something in every place the next job could reuse
(the runner's .env and files, a git configuration in $HOME, /tmp, /var/tmp, /dev/shm, /run/lock) and
leaves a process running.

Specification:
- each job is registered just in time with the token of the root-only file, and the token
  never reaches the job (its environment, its files);
- each job runs as the unprivileged user, with the resource limits the script is given (the
  real-time preset's by default);
- the second job finds nothing the first left; when the script ends, no process a job
  started is left, and the runner's directory on the machine is as it was;
- a bad set-up is refused with one line naming what is wrong (exit 3): a token file others
  can read, root as the jobs' user, a configured runner, a runner under /tmp; a refused
  registration exits 4.
"""

import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from github_standin import TOKEN, GitHubStandIn

pytestmark = pytest.mark.programs

SCRIPT = Path(__file__).resolve().parents[1] / "scripts/setup/ephemeral_runner.sh"
REPOSITORY = "acme/middleware"
USER = "nobody"
# Limits of the tests' own choosing: this sandbox's root may not raise them to the preset's (no
# CAP_SYS_RESOURCE); a memlock below the machine's shows that the jobs get the script's.
LIMITS = ("--rtprio", "0", "--memlock", str(4 << 20))
PLACES = ("$HOME/.env", "$HOME/planted", "$HOME/.gitconfig", "/tmp/planted", "/var/tmp/planted", "/dev/shm/planted",
          "/run/lock/planted")

# What a pull request's job could do, as the actions runner's run.sh (its arguments: --jitconfig CONFIG).
RUN_SH = """#!/bin/bash
report=REPORTS/$2.txt
token="{token_head}""{token_tail}"  # in two halves: this file itself must not hold the token
{{
  echo "args: $*"
  echo "user: $(id -un)"
  echo "limits: rtprio $(ulimit -r) memlock $(ulimit -l)"
  for place in {places}; do [ -e "$place" ] && echo "found: $place"; done
  env | grep -qF "$token" && echo "found: the token in the environment"
  grep -rqsF "$token" "$HOME" /tmp /var/tmp /dev/shm && echo "found: the token in a file"
}} > "$report"
echo "$token" > /tmp/copy && grep -rqsF "$token" /tmp && echo "control: the token's search finds it" >> "$report"
echo "LATENCY_GATE_CLI=/planted" >> "$HOME/.env"
echo planted > "$HOME/planted"
printf '[core]\\n\\thooksPath = /planted\\n' > "$HOME/.gitconfig"
for directory in /tmp /var/tmp /dev/shm /run/lock; do echo planted > "$directory/planted"; done
for place in {places}; do [ -e "$place" ] && echo "planted: $place" >> "$report"; done
(exec -a latency-gate-leftover bash -c 'while :; do date +%s%N >> REPORTS/leftover; sleep 0.1; done' &)
sleep 0.3
"""


@pytest.fixture
def machine():
    """A runner directory, a reports directory and a root-only token file, outside /tmp (each job
    gets an empty /tmp), readable by the jobs' user."""
    if os.geteuid() != 0:
        pytest.skip("needs root: the script makes namespaces and mounts")  # CI and the set-up run as root
    root = Path(tempfile.mkdtemp(prefix="latency-gate-tests-", dir="/var/lib"))
    root.chmod(0o755)
    nobody = pwd.getpwnam(USER)
    runner, reports = root / "runner", root / "reports"
    for directory in (runner, reports):
        directory.mkdir()
        os.chown(directory, nobody.pw_uid, nobody.pw_gid)
    run_sh = runner / "run.sh"
    half = len(TOKEN) // 2
    run_sh.write_text(RUN_SH.format(places=" ".join(PLACES), token_head=TOKEN[:half], token_tail=TOKEN[half:])
                      .replace("REPORTS", str(reports)))
    run_sh.chmod(0o755)
    token = root / "token"
    token.write_text(TOKEN + "\n")
    token.chmod(0o600)
    try:
        yield runner, reports, token
    finally:
        subprocess.run(["pkill", "-f", "latency-gate-leftover"], check=False)
        shutil.rmtree(root)


@pytest.fixture
def github():
    with GitHubStandIn(REPOSITORY).serving() as standin:
        yield standin


def serve_jobs(runner, token, github, *options):
    return subprocess.run(["bash", str(SCRIPT), "--user", USER, "--runner-dir", str(runner), "--scope",
                           f"repos/{REPOSITORY}", "--token-file", str(token), "--labels", "latency-main",
                           "--github-api", github.url, *LIMITS, *options], capture_output=True, text=True, timeout=120)


def test_no_job_finds_what_the_job_before_it_left(machine, github):
    runner, reports, token = machine

    result = serve_jobs(runner, token, github, "--jobs", "2")

    assert result.returncode == 0, result.stderr
    assert [r["labels"] for r in github.runners] == [[{"name": "latency-main"}]] * 2
    assert len({r["name"] for r in github.runners}) == 2
    assert all(r.authorization == f"Bearer {TOKEN}" for r in github.requests)
    first, second = (reports / f"jit-config-{r['id']}.txt" for r in github.runners)
    for report, runner_record in ((first, github.runners[0]), (second, github.runners[1])):
        lines = report.read_text().splitlines()
        assert lines[:3] == [f"args: --jitconfig jit-config-{runner_record['id']}", f"user: {USER}",
                             "limits: rtprio 0 memlock 4096"]
        planted = [p.replace("$HOME", str(runner)) for p in PLACES]
        assert [line for line in lines if line.startswith("planted: ")] == [f"planted: {p}" for p in planted]  # control
        assert not [line for line in lines if line.startswith("found: ")], lines  # nothing of the job before
        assert "control: the token's search finds it" in lines
    # Nothing a job started outlives it, and the machine's runner directory and /tmp are as they were.
    beats = (reports / "leftover").read_text()
    time.sleep(0.5)
    assert (reports / "leftover").read_text() == beats
    assert subprocess.run(["pgrep", "-f", "latency-gate-leftover"], capture_output=True).returncode == 1
    assert sorted(p.name for p in runner.iterdir()) == ["run.sh"]
    assert not Path("/tmp/planted").exists() and not Path("/dev/shm/planted").exists()
    assert not Path("/run/lock/planted").exists()


def test_a_set_up_that_would_leak_is_refused_before_any_registration(machine, github, tmp_path):
    runner, reports, token = machine

    token.chmod(0o644)
    result = serve_jobs(runner, token, github, "--jobs", "1")
    assert result.returncode == 3
    assert result.stderr == f"ephemeral_runner: --token-file {token} must be owned by root and readable by root alone " \
                            "(chmod 600)\n"
    token.chmod(0o600)

    (runner / ".runner").write_text("{}")
    result = serve_jobs(runner, token, github, "--jobs", "1")
    assert result.returncode == 3 and "was configured (config.sh)" in result.stderr
    (runner / ".runner").unlink()

    under_tmp = tmp_path / "runner"
    shutil.copytree(runner, under_tmp)
    result = serve_jobs(under_tmp, token, github, "--jobs", "1")
    assert result.returncode == 3 and "each job gets empty (/tmp, /var/tmp, /dev/shm)" in result.stderr

    result = subprocess.run(["bash", str(SCRIPT), "--user", "root", "--runner-dir", str(runner), "--scope",
                             f"repos/{REPOSITORY}", "--token-file", str(token), "--labels", "latency"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 3 and "--user must not be root" in result.stderr
    assert github.requests == []


def test_a_refused_registration_stops_with_exit_4(machine, github):
    runner, reports, token = machine
    token.write_text("a-token-github-does-not-know\n")

    result = serve_jobs(runner, token, github, "--jobs", "1")

    assert result.returncode == 4
    assert "GitHub refused to register runner" in result.stderr and "Bad credentials" in result.stderr
    assert list(reports.iterdir()) == []  # no job ran
