"""Fast DDS: eProsima's LatencyTest, the spec's own program.

The runner renders the project's XML profile of a sub-experiment
(profiles/fastdds/<sub-experiment>.xml: transport, reliability, security) with its security
artifacts and TCP port; a colcon workspace's own Fast DDS libraries come before the
system's. Every sub-experiment of the spec is supported.
"""

import functools
import subprocess
from pathlib import Path

from latency_gate.contracts.formats import write_text_atomic
from latency_gate.errors import InputError
from latency_gate.runner.middleware.common import (
    PROFILES_ROOT, check_program, debian_source_version, installed_program, linked_library, render_configuration,
    workspace_of,
)

TITLE = "Fast DDS"
PROFILES_DIRECTORY = PROFILES_ROOT / "fastdds"
_BUILD_HINT = "run scripts/setup/build_latencytest.sh"


def default_program():
    return installed_program("latencytest", "LatencyTest")


def locate(path):
    """LatencyTest itself, or the one inside a Fast DDS colcon workspace built with tests."""
    path = Path(path)
    if path.is_dir():
        # colcon installs nothing for tests: LatencyTest stays in the package's build tree.
        candidates = sorted(path.glob("install/*/bin/LatencyTest")) + sorted(
            path.glob("build/*/test/performance/latency/LatencyTest")
        )
        if not candidates:
            raise InputError(
                "no LatencyTest in this workspace (expected build/<pkg>/test/performance/latency/"
                "LatencyTest: build Fast DDS with -DPERFORMANCE_TESTS=ON)", path,
            )
        path = candidates[0]
    return check_program(path, "LatencyTest", _BUILD_HINT)


@functools.lru_cache(maxsize=8)  # the relative gate asks for the same two builds hundreds of times
def source_revision(binary, library):
    """Git revision of the workspace's Fast DDS sources, else the Debian package version."""
    workspace = workspace_of(binary)
    if workspace is not None:
        for name in ("Fast-DDS", "fastrtps", "Fast-RTPS", "fastdds"):  # names the repository is cloned as
            source = workspace / "src" / name
            if not source.is_dir():
                continue
            result = subprocess.run(["git", "-C", str(source), "rev-parse", "HEAD"], capture_output=True, text=True)
            if result.returncode == 0:
                return f"git {result.stdout.strip()}"
    return debian_source_version(library)


def unsupported(subexperiment):
    """Why this backend cannot run a sub-experiment; None: it can (LatencyTest runs them all)."""
    return None


def describe(binary, environment):
    """What metadata.json records of the middleware a run measured."""
    version, library = linked_library(binary, environment, "libfastrtps")
    return {"middleware_version": version, "middleware_library": library,
            "source_revision": source_revision(binary, library)}


def _profile(profiles_directory, subexperiment, certs_directory, tcp_port, sides):
    return render_configuration(profiles_directory, f"{subexperiment.name}.xml", certs_dir=certs_directory,
                                tcp_port=tcp_port, publisher_address=sides.publisher_address,
                                subscriber_address=sides.subscriber_address)


def check_configuration(profiles_directory, subexperiment, certs_directory, tcp_port, sides):
    _profile(profiles_directory, subexperiment, certs_directory, tcp_port, sides)


def commands(subexperiment, config, logs, raw):
    """{role: LatencyTest's command line} for one sub-experiment; writes its rendered profile."""
    profile = logs / f"{subexperiment.name}.xml"
    write_text_atomic(profile, _profile(config.profiles, subexperiment, config.certs, config.lease.tcp_port,
                                        config.topology))
    common = ["--xml", str(profile), "--file", str(config.payloads_file), "--domain", str(config.lease.domain)]
    sampled = ["--samples", str(config.samples), "--export_raw_data", str(raw)]
    binary = str(config.binary)
    if subexperiment.interprocess:
        return {"subscriber": [binary, "subscriber", *common], "publisher": [binary, "publisher", *sampled, *common]}
    return {"both": [binary, "both", *sampled, *common]}
