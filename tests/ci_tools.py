"""What the tests that execute the CI files share: the pinned tools and a repository copy.

The tools (act, actionlint, zizmor, gitlab-ci-local) come from
scripts/setup/install_ci_tools.sh, which is idempotent: the tests call it, so a fresh
machine provisions itself and a provisioned one pays a fraction of a second.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
GITHUB_REPOSITORY = "latency-gate/latency-gate"  # what act reads from the copy's origin
PLATFORM = "latency"
# The small matrix every CI test measures (as repository or CI/CD variables): seconds a run.
SMALL_MATRIX = {"LATENCY_SUBEXPERIMENTS": "intraprocess_best_effort", "LATENCY_PAYLOADS": "16,32",
                "LATENCY_SAMPLES": "100"}
GENEROUS, TIGHT = 100000.0, 0.001  # microseconds: no run is slower / faster than these


def install_tools():
    """The bin directory of the pinned CI tools, installed when missing."""
    result = subprocess.run(["bash", str(REPO / "scripts/setup/install_ci_tools.sh")],
                            env=dict(os.environ, LATENCY_GATE_VENV=sys.prefix),  # zizmor goes here
                            capture_output=True, text=True)
    if result.returncode != 0:
        pytest.fail(f"scripts/setup/install_ci_tools.sh failed:\n{result.stderr}")
    return Path(result.stdout.strip().splitlines()[-1])


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


def set_requirements(repository, median_32_bytes=GENEROUS):
    """Commit requirements/latency.csv for the small matrix: all generous but one cell."""
    path = repository / "requirements" / f"{PLATFORM}.csv"
    path.parent.mkdir(exist_ok=True)
    path.write_text(
        "Experiment type,Bytes,Median,99%,Max\n"
        f"intraprocess_best_effort,16,{GENEROUS:.3f},{GENEROUS:.3f},{GENEROUS:.3f}\n"
        f"intraprocess_best_effort,32,{median_32_bytes:.3f},{GENEROUS:.3f},{GENEROUS:.3f}\n")
    commit(repository, "Requirements for the test", [path])
