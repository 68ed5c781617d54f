"""What the tests that execute the CI files share: the pinned tools and a repository copy.

The tools (act, actionlint, zizmor, gitlab-ci-local) come from
scripts/setup/install_ci_tools.sh, which is idempotent: the tests call it, so a fresh
machine provisions itself and a provisioned one pays a fraction of a second.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
GITHUB_REPOSITORY = "latency-gate/latency-gate"  # what act reads from the copy's origin
PLATFORM = "latency"
# The small matrix every CI test measures (as repository or CI/CD variables): seconds a run.
SMALL_MATRIX = {"LATENCY_SUBEXPERIMENTS": "intraprocess_best_effort", "LATENCY_PAYLOADS": "16,32",
                "LATENCY_SAMPLES": "100"}
GENEROUS, TIGHT = 100000.0, 0.001  # microseconds: no run is slower / faster than these
# The relative gate on that matrix: a look after 2 rounds (the least it takes) and a last one
# after 3, with 200 samples a run: a few seconds of measuring.
RELATIVE_GATE = {**SMALL_MATRIX, "LATENCY_SAMPLES": "200", "LATENCY_ROUNDS": "2", "LATENCY_MAX_ROUNDS": "3"}


def install_tools():
    """The bin directory of the pinned CI tools, installed when missing."""
    result = subprocess.run(["bash", str(REPO / "scripts/setup/install_ci_tools.sh")],
                            env=dict(os.environ, LATENCY_GATE_VENV=sys.prefix),  # zizmor goes here
                            capture_output=True, text=True)
    if result.returncode != 0:
        pytest.fail(f"scripts/setup/install_ci_tools.sh failed:\n{result.stderr}")
    return Path(result.stdout.strip().splitlines()[-1])


def copy_paste_workflows(action_ref):
    """The adoption guide's copy-paste workflows (docs/adopting.md, section 2), {file name: text},
    with their placeholder `OWNER/latency-gate/...@SHA # vX.Y.Z` filled in as an adopter does:
    `action_ref` is e.g. 'acme/latency-gate@<release commit>'; the release's tag stays the comment."""
    guide = (REPO / "docs/adopting.md").read_text()
    section = re.search(r"## 2\. Add the workflows(.*?)\n## ", guide, re.S)[1]
    repository, sha = action_ref.split("@")
    return {name: text.replace("OWNER/latency-gate/", f"{repository}/").replace("@SHA #", f"@{sha} #")
            for name, text in re.findall(r"`\.github/workflows/([\w.-]+)`:?\n\n```yaml\n(.*?)```", section, re.S)}


def project_build():
    """The project's LatencyTest build directory (scripts/setup.sh builds it; made here if missing)."""
    directory = REPO / "build"
    if not (directory / "colcon/install/latencytest/bin/LatencyTest").is_file():
        subprocess.run(["bash", str(REPO / "scripts/setup/build_latencytest.sh")], check=True,
                       capture_output=True)
    return directory


def git(*args, cwd):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def copy_repository(destination):
    """The working tree's files (tracked or not, unless ignored) as a fresh one-commit repository
    on branch main whose origin is github.com/latency-gate/latency-gate."""
    listed = git("ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=REPO)
    for name in filter(None, listed.split("\0")):
        source = REPO / name
        if source.is_file():  # listed but deleted in the working tree: skip
            target = destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())
            target.chmod(source.stat().st_mode)
    git("init", "-q", "-b", "main", cwd=destination)
    git("remote", "add", "origin", f"https://github.com/{GITHUB_REPOSITORY}.git", cwd=destination)
    commit(destination, "Copy of the working tree")
    return destination


def commit(repository, message, paths=(".",)):
    git("add", "--", *map(str, paths), cwd=repository)
    git("-c", "user.name=test", "-c", "user.email=test@localhost", "commit", "-q", "--allow-empty",
        "-m", message, cwd=repository)


def without_container(repository, workflow):
    """The workflow with its jobs' `container:` blocks removed, committed. act needs docker for a
    job's container, which this machine has not; the job then runs on this machine, which is what
    the container is (Debian bookworm, as root): a stand-in for GitHub's container runtime."""
    path = repository / workflow
    text = path.read_text()
    stripped = re.sub(r"^    container:\n(?:      .*\n)+", "", text, flags=re.M)
    assert stripped != text
    path.write_text(stripped)
    commit(repository, "Run the container jobs on the host (no container runtime here)", [path])


def set_requirements(repository, median_32_bytes=GENEROUS):
    """Commit requirements/latency.csv for the small matrix: all generous but one cell."""
    path = repository / "requirements" / f"{PLATFORM}.csv"
    path.parent.mkdir(exist_ok=True)
    path.write_text(
        "Experiment type,Bytes,Median,99%,Max\n"
        f"intraprocess_best_effort,16,{GENEROUS:.3f},{GENEROUS:.3f},{GENEROUS:.3f}\n"
        f"intraprocess_best_effort,32,{median_32_bytes:.3f},{GENEROUS:.3f},{GENEROUS:.3f}\n")
    commit(repository, "Requirements for the test", [path])


def pull_request_history(repository, remote):
    """Turn the repository into a pull request's checkout with a real remote: the bare repository
    `remote` gets main at the fork point plus one commit the checkout lacks (the target branch
    moved on), and the checkout gets one pull-request commit on top of the fork point (a change
    that leaves the LatencyTest alone). Returns (fork point, target's tip)."""
    git("init", "-q", "--bare", str(remote), cwd=remote.parent)
    fork_point = git("rev-parse", "HEAD", cwd=repository).strip()
    git("push", "-q", str(remote), "HEAD:refs/heads/main", cwd=repository)
    target = git("-c", "user.name=test", "-c", "user.email=test@localhost", "commit-tree", "-m",
                 "Meanwhile on main", "-p", fork_point, f"{fork_point}^{{tree}}", cwd=remote).strip()
    git("update-ref", "refs/heads/main", target, cwd=remote)
    change = repository / "docs" / "pull-request-change.md"
    change.write_text("A pull request's change that leaves the LatencyTest alone.\n")
    commit(repository, "The pull request's change", [change])
    return fork_point, target


def origin_routed_to(remote):
    """Environment under which git reaches the repository's origin (GitHub) at `remote` instead:
    the network route a runner has, as git configuration of the job alone (act still reads the
    origin's GitHub URL from the repository)."""
    return {"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": f"url.{remote}.insteadOf",
            "GIT_CONFIG_VALUE_0": f"https://github.com/{GITHUB_REPOSITORY}.git"}


STANDINS = {  # GitHub-hosted actions this machine cannot reach -> tests/ci/<stand-in>
    "actions/cache": "cache",
    "actions/upload-artifact": "upload-artifact",
    "actions/download-artifact": "download-artifact",
    "actions/setup-python": "setup-python",
    "peter-evans/create-pull-request": "create-pull-request",
    "actions/create-github-app-token": "create-github-app-token",
    "actions/upload-pages-artifact": "upload-pages-artifact",
    "actions/deploy-pages": "deploy-pages",
}
HANDLED_BY_ACT = {"actions/checkout"}  # act checks out the local repository itself
RUNNER_LABELS = ("self-hosted", "linux", "latency", "latency-main", "ubuntu-latest")  # latency-main: main's pool


def pinned_actions():
    """{owner/name: sha} of every remote action the workflows and composite actions use."""
    pinned = {}
    for path in [*REPO.glob(".github/workflows/*.yml"), *REPO.glob("actions/*/action.yml")]:
        for name, ref in re.findall(r"uses:\s*([\w.-]+/[\w.-]+)@(\S+)", path.read_text()):
            assert re.fullmatch(r"[0-9a-f]{40}", ref), f"{path}: {name}@{ref} is not pinned to a commit SHA"
            assert pinned.setdefault(name, ref) == ref, f"{name} is pinned to two different SHAs"
    return pinned


# act's host mode returns from a failed step before it has copied the step's terminal output
# (nektos/act pkg/container/host_environment.go, exec(): `if err != nil { return err }` comes
# before `<-logctx.Done()`), so a failed step can lose the end of what it printed: its summary,
# its ::error annotation. Such a run is repeated, up to ACT_ATTEMPTS runs: the product's output
# is the same every time, act's loss is not, and a text that is never printed fails every run.
# Three runs lost the same step's annotation in a row once, beside heavy load (load 5-6).
ACT_ATTEMPTS = 5
ACT_TIMEOUT_S = 600
ACT_TIMED_OUT_RUNS = 2  # runs killed at ACT_TIMEOUT_S before a test fails
# A failed step with no output at all: its start line, then at once its failure line.
_SILENT_FAILURE = re.compile(r"^(\[[^\]]+\]) ⭐ Run Main (.+)\n\1\s+❌\s+Failure - Main \2 \[", re.M)


def _output_lost(log, expect):
    """Whether act may have lost a failed step's output: a failed step shows none, or an
    expected text is missing from a run in which a step failed."""
    failed = "❌  Failure" in log
    return bool(_SILENT_FAILURE.search(log)) or (failed and any(text not in log for text in expect))


def act_failure(result, lines=40):
    """What a reader needs of an act run that did not do what a test expected, short enough for a CI
    report that cuts long messages: its exit code, the steps that failed, and the last lines of act's
    own output (stderr: an error of act's before any job ran) and of the jobs' (stdout)."""
    failed = [line for line in result.stdout.splitlines() if "❌" in line or "::error" in line]
    return "\n".join([f"act exit {result.returncode}; failed steps:", *failed,
                      "stderr (last lines):", *result.stderr.splitlines()[-lines:],
                      "stdout (last lines):", *result.stdout.splitlines()[-lines:]])


def _run_in_own_group(command, timeout_s):
    """subprocess.run(command) with its output captured as text, in a process group of its own that
    is killed whole at the time-out (act's job steps with it: a repeat must not meet them)."""
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          start_new_session=True) as process:
        try:
            stdout, stderr = process.communicate(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            stdout, stderr = process.communicate()
            raise subprocess.TimeoutExpired(command, timeout_s, stdout, stderr) from None
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


class Act:
    """act in host mode on a repository, with the stand-ins and a stand-in store; `actions`
    maps more remote actions ('owner/name@ref') to local folders."""

    def __init__(self, tools, repository, store, build_cache, actions=None):
        self.tools, self.repository, self.store, self.build_cache = tools, repository, store, build_cache
        self.actions = actions or {}
        self.pull_request_remote = store / "pull-requests.git"
        git("init", "-q", "--bare", str(self.pull_request_remote), cwd=store)

    def __call__(self, event, workflow, payload, variables=None, inputs=None, environment=None, secrets=None,
                 expect=()):
        """Run act; `expect`: texts a failed step prints, which act may lose (see _output_lost)."""
        payload_file = self.store / f"{event}.json"
        payload_file.write_text(json.dumps(payload))
        command = [str(self.tools / "act"), event, "-C", str(self.repository), "-W", str(workflow),
                   "-e", str(payload_file), "--no-cache-server", "--action-offline-mode",
                   # act's host mode makes a job's workspace there, named by workflow and job: two
                   # tests running the same job at once (pytest -n 2) would share the default one.
                   "--action-cache-path", str(self.store / "act-cache")]
        for label in RUNNER_LABELS:
            command += ["-P", f"{label}=-self-hosted"]
        for name, sha in pinned_actions().items():
            if name not in HANDLED_BY_ACT:
                command += ["--local-repository", f"{name}@{sha}={REPO / 'tests/ci' / STANDINS[name]}"]
        for name, folder in self.actions.items():
            command += ["--local-repository", f"{name}={folder}"]
        for name, value in (variables or {}).items():
            command += ["--var", f"{name}={value}"]
        for name, value in (inputs or {}).items():
            command += ["--input", f"{name}={value}"]
        for name, value in (secrets or {}).items():
            command += ["--secret", f"{name}={value}"]
        environment = {
            "LATENCY_GATE_VENV": sys.prefix,  # the actions use this venv instead of pip-installing
            "STANDIN_STORE": self.store,
            "STANDIN_CACHE": self.build_cache,
            "STANDIN_PR_REMOTE": self.pull_request_remote,
            # the session's compiler cache (conftest.py), which act's jobs do not inherit
            **{name: os.environ[name] for name in ("CCACHE_DIR", "CCACHE_BASEDIR") if name in os.environ},
            **(environment or {}),
        }
        for name, value in environment.items():
            command += ["--env", f"{name}={value}"]
        before = self._keep_run_state()
        timed_out_runs, attempt = 0, 0
        while True:
            # A run takes 1-2 min on a quiet 2-core machine and took over 300 s beside other work
            # (load 13-15). A main-workflow run stopped once for 14 min after its first job while
            # it ran alone in 76 s and beside stress-ng in 168 s, so a run over its time is run
            # again, once: a hung product hangs both and still fails.
            try:
                result = _run_in_own_group(command, ACT_TIMEOUT_S)
            except subprocess.TimeoutExpired as timed_out:
                timed_out_runs += 1
                message = self._ran_over(event, timed_out, timed_out_runs)
                if timed_out_runs == ACT_TIMED_OUT_RUNS:
                    raise AssertionError(message) from None
                self._restore_run_state(before)
                continue
            attempt += 1
            if attempt == ACT_ATTEMPTS or not _output_lost(result.stdout, expect):
                break
            (self.store / f"act-{event}.lost-output-{attempt}.log").write_text(result.stdout + result.stderr)
            self._restore_run_state(before)  # the repeat starts where this run did
        shutil.rmtree(before)
        (self.store / f"act-{event}.log").write_text(result.stdout + result.stderr)
        return result

    def _ran_over(self, event, timed_out, count):
        """What act printed before it was killed at its time-out (kept in the store, its end in the
        failure): where a run stopped, which the time-out's own message does not say (a main workflow
        run stopped once for 14 min after its first job, beside another act run)."""
        printed = "".join(part.decode(errors="replace") if isinstance(part, bytes) else part
                          for part in (timed_out.stdout or "", timed_out.stderr or ""))
        (self.store / f"act-{event}.timed-out-{count}.log").write_text(printed)
        return "\n".join([f"act ran over its {timed_out.timeout:g} s {count} time(s) and was killed; "
                          "the last run's last lines:", *printed.splitlines()[-40:]])

    def _run_state(self):
        """What a run leaves that a repeat of it must not find: the stand-in store's artifacts and
        each job's RUNNER_TEMP in act's host workspaces (GitHub empties it at every job's start; act
        keeps it between runs, which the tests of a persistent runner rely on)."""
        return [self.store / "artifacts", *sorted((self.store / "act-cache").glob("*/tmp"))]

    def _keep_run_state(self):
        """A copy of _run_state() (under the store), for _restore_run_state."""
        kept = Path(tempfile.mkdtemp(prefix=".run-state-", dir=self.store))
        for number, path in enumerate(self._run_state()):
            if path.is_dir():
                shutil.copytree(path, kept / str(number), symlinks=True)
                (kept / f"{number}.path").write_text(str(path))
        return kept

    def _restore_run_state(self, kept):
        for path in self._run_state():
            shutil.rmtree(path, ignore_errors=True)
        for saved in kept.glob("*.path"):
            shutil.copytree(kept / saved.stem, Path(saved.read_text()), symlinks=True)

    def artifact(self, name):
        return self.store / "artifacts" / name


class _GitLabLoader(yaml.SafeLoader):
    """GitLab's YAML: `!reference [job, key]` names another job's lines, kept as ("!reference", [job, key])."""


_GitLabLoader.add_constructor("!reference", lambda loader, node: ("!reference", loader.construct_sequence(node)))


def gitlab_document(path):
    """A GitLab pipeline file as GitLab reads it (its !reference tags kept, not resolved)."""
    return yaml.load(Path(path).read_text(), Loader=_GitLabLoader)
