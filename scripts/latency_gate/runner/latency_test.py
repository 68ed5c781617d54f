"""LatencyTest and its inputs: where the binary is, which Fast DDS it loads, the profiles.

The runner renders the project's XML profile of a sub-experiment
(profiles/<sub-experiment>.xml: transport, reliability, security) with its security
artifacts and TCP port; a colcon workspace's own Fast DDS libraries come before the
system's. Everything here is checked before anything runs (bad input: InputError).
"""

import functools
import os
import re
import string
import subprocess
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

from latency_gate.errors import InputError

REPOSITORY = Path(__file__).resolve().parents[3]
PROFILES_DIRECTORY = Path(__file__).resolve().parent / "profiles"


def build_directory():
    return Path(os.environ.get("LATENCY_GATE_BUILD_DIR", REPOSITORY / "build"))


def default_latency_test():
    return build_directory() / "colcon" / "install" / "latencytest" / "bin" / "LatencyTest"


def default_certs_directory():
    return Path(os.environ.get("LATENCY_GATE_CERTS_DIR", build_directory() / "security"))



@dataclass(frozen=True)
class Subexperiment:
    """What a sub-experiment's name says (spec table); the XML profile says how."""

    name: str

    @property
    def interprocess(self):
        return self.name.startswith("interprocess")

    @property
    def security(self):
        return self.name.endswith("_security")



def locate_latency_test(path):
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
    if not path.is_file():
        raise InputError("LatencyTest binary not found (run scripts/setup/build_latencytest.sh)", path)
    if not os.access(path, os.X_OK):
        raise InputError("LatencyTest binary is not executable", path)
    return path.resolve()


def _workspace_of(binary):
    """The colcon workspace holding a LatencyTest, if it is in one."""
    for parent in binary.parents:
        if (parent / "install").is_dir() and (parent / "build").is_dir():
            return parent
    return None


def library_environment(binary):
    """Environment for LatencyTest: a workspace's own Fast DDS libraries come first."""
    environment = dict(os.environ)
    workspace = _workspace_of(binary)
    if workspace is not None:
        libraries = [str(p) for p in sorted(workspace.glob("install/*/lib")) if p.is_dir()]
        if environment.get("LD_LIBRARY_PATH"):
            libraries.append(environment["LD_LIBRARY_PATH"])
        environment["LD_LIBRARY_PATH"] = ":".join(libraries)
    return environment


def fastdds_library(binary, environment):
    """(version, resolved library path) of the libfastrtps LatencyTest loads."""
    result = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, env=environment)
    match = re.search(r"libfastrtps\.so[^\s]*\s+=>\s+(\S+)", result.stdout)
    if not match or not Path(match[1]).exists():
        return None, None
    library = Path(match[1]).resolve()
    version = re.search(r"\.so\.(\d+(?:\.\d+)*)$", library.name)
    return (version[1] if version else None), str(library)


@functools.lru_cache(maxsize=8)  # the relative gate asks for the same two builds hundreds of times
def source_revision(binary, library):
    """Git revision of the workspace's Fast DDS sources, else the Debian package version."""
    workspace = _workspace_of(binary)
    if workspace is not None:
        for name in ("Fast-DDS", "fastrtps", "Fast-RTPS", "fastdds"):  # names the repository is cloned as
            source = workspace / "src" / name
            if not source.is_dir():
                continue
            result = subprocess.run(["git", "-C", str(source), "rev-parse", "HEAD"], capture_output=True, text=True)
            if result.returncode == 0:
                return f"git {result.stdout.strip()}"
    if library:
        owner = subprocess.run(["dpkg-query", "-S", library], capture_output=True, text=True)
        if owner.returncode == 0:
            package = owner.stdout.split(":", 1)[0]
            version = subprocess.run(
                ["dpkg-query", "-W", "-f=${source:Package} ${source:Version}", package],
                capture_output=True, text=True,
            )
            if version.returncode == 0:
                return f"debian {version.stdout.strip()}"
    return None


def _profile_text(profiles_directory, subexperiment):
    path = Path(profiles_directory) / f"{subexperiment}.xml"
    try:
        return path, path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"no XML profile for sub-experiment '{subexperiment}'", path) from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read XML profile: {error}", path) from None


def render_profile(profiles_directory, subexperiment, certs_directory, tcp_port):
    """The profile with ${certs_dir} and ${tcp_port} filled in, checked to be well-formed XML."""
    path, text = _profile_text(profiles_directory, subexperiment)
    try:
        rendered = string.Template(text).substitute(certs_dir=certs_directory, tcp_port=tcp_port)
    except (KeyError, ValueError) as error:
        raise InputError(f"unknown or malformed placeholder {error} (known: ${{certs_dir}}, ${{tcp_port}})", path) from None
    try:
        ElementTree.fromstring(rendered)
    except ElementTree.ParseError as error:
        line = error.position[0] if error.position else None
        raise InputError(f"not well-formed XML: {error}", path, line) from None
    return rendered
