"""What every middleware backend shares: where the project's builds are, a sub-experiment's
name read as its settings, finding a latency program, its libraries, and rendering a
configuration template with the run's values (bad input: InputError)."""

import functools
import os
import re
import string
import subprocess
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from latency_gate.errors import InputError

REPOSITORY = Path(__file__).resolve().parents[4]
PROFILES_ROOT = Path(__file__).resolve().parents[1] / "profiles"


def build_directory():
    return Path(os.environ.get("LATENCY_GATE_BUILD_DIR", REPOSITORY / "build"))


def installed_program(package, program):
    """A program of the project's colcon workspace (scripts/setup/build_latencytest.sh)."""
    return build_directory() / "colcon" / "install" / package / "bin" / program


def default_certs_directory():
    return Path(os.environ.get("LATENCY_GATE_CERTS_DIR", build_directory() / "security"))


@dataclass(frozen=True)
class Subexperiment:
    """What a sub-experiment's name says (spec table); a backend's configuration says how."""

    name: str

    @property
    def interprocess(self):
        return self.name.startswith("interprocess")

    @property
    def security(self):
        return self.name.endswith("_security")

    @property
    def tcp(self):
        return "_tcp" in self.name

    @property
    def reliable(self):
        return "_reliable" in self.name

    @property
    def shared_memory(self):
        """Over shared memory (the shared-memory family): the sample copied (_shm) or loaned (_zero_copy)."""
        return self.name.endswith(("_shm", "_zero_copy"))

    @property
    def zero_copy(self):
        """The sample loaned from the middleware and never copied by it."""
        return self.name.endswith("_zero_copy")


def roles(subexperiment, program, publisher_arguments, common, role_options=lambda role: []):
    """{role: command line}: the program (its command line's first words) with the role, then
    role_options(role), then the publisher's own arguments for the publisher and `both`, then the
    arguments every role shares; `both` intra-process, else the subscriber and then the publisher."""
    names = ("subscriber", "publisher") if subexperiment.interprocess else ("both",)
    return {role: [*program, role, *role_options(role),
                   *(publisher_arguments if role != "subscriber" else ()), *common] for role in names}


def check_program(path, what, build_hint):
    """An existing executable file, resolved; InputError otherwise."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"{what} binary not found ({build_hint})", path)
    if not os.access(path, os.X_OK):
        raise InputError(f"{what} binary is not executable", path)
    return path.resolve()


def locate_program(name, build_hint, *, path):
    """A program at a user-given path, or the one a colcon workspace holds (install/<package>/bin/);
    InputError otherwise."""
    path = Path(path)
    if path.is_dir():
        candidates = sorted(path.glob(f"install/*/bin/{name}"))
        if not candidates:
            raise InputError(f"no {name} in this colcon workspace (expected install/<package>/bin/{name})", path)
        path = candidates[0]
    return check_program(path, name, build_hint)


def workspace_of(binary):
    """The colcon workspace holding a program, if it is in one."""
    for parent in Path(binary).parents:
        if (parent / "install").is_dir() and (parent / "build").is_dir():
            return parent
    return None


def library_environment(binary):
    """Environment for a program: its colcon workspace's own libraries come first."""
    environment = dict(os.environ)
    workspace = workspace_of(binary)
    if workspace is not None:
        libraries = [str(p) for p in sorted(workspace.glob("install/*/lib")) if p.is_dir()]
        if environment.get("LD_LIBRARY_PATH"):
            libraries.append(environment["LD_LIBRARY_PATH"])
        environment["LD_LIBRARY_PATH"] = ":".join(libraries)
    return environment


def linked_library(binary, environment, name):
    """(version, resolved path) of the shared library `name` (e.g. libddsc) a program loads."""
    result = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, env=environment)
    match = re.search(rf"{re.escape(name)}\.so[^\s]*\s+=>\s+(\S+)", result.stdout)
    if not match or not Path(match[1]).exists():
        return None, None
    library = Path(match[1]).resolve()
    version = re.search(r"\.so\.(\d+(?:\.\d+)*)$", library.name)
    return (version[1] if version else None), str(library)


@functools.lru_cache(maxsize=8)  # the gate and compare-middleware describe the same programs per run
def debian_source_version(library):
    """'debian <source package> <version>' of the package that installed a library, else None."""
    if not library:
        return None
    owner = subprocess.run(["dpkg-query", "-S", library], capture_output=True, text=True)
    if owner.returncode != 0:
        return None
    package = owner.stdout.split(":", 1)[0]
    version = subprocess.run(["dpkg-query", "-W", "-f=${source:Package} ${source:Version}", package],
                             capture_output=True, text=True)
    return f"debian {version.stdout.strip()}" if version.returncode == 0 else None


def render_configuration(directory, file_name, roots, fragments=None, **values):
    """A configuration template with ${name} placeholders filled in, checked to be well-formed
    XML whose root element is one of `roots` (the middleware's own: another document, well-formed
    or not, crashes its program without a word); InputError naming the template. `values` are text,
    escaped for XML (a certificates directory named a&b); `fragments` ({name: XML}) the backend's own
    elements, put in as they are."""
    path = Path(directory) / file_name
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"no configuration for sub-experiment '{path.stem}'", path) from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read configuration: {error}", path) from None
    try:
        rendered = string.Template(text).substitute(
            **{name: escape(str(value), {'"': "&quot;", "'": "&apos;"}) for name, value in values.items()},
            **(fragments or {}))
    except (KeyError, ValueError) as error:
        known = ", ".join(f"${{{name}}}" for name in {**values, **(fragments or {})})
        raise InputError(f"unknown or malformed placeholder {error} (known: {known})", path) from None
    try:
        root = ElementTree.fromstring(rendered).tag.rpartition("}")[2]  # without its namespace
    except ElementTree.ParseError as error:
        line = error.position[0] if error.position else None
        raise InputError(f"not well-formed XML: {error}", path, line) from None
    if root not in roots:
        raise InputError(f"its root element is <{root}>, not the middleware's <{'> or <'.join(roots)}>", path)
    return rendered


# What a build's CMake caches say of how it was compiled, the entries a comparison of two builds names
# (analysis/build_comparison.py); the compiler cache's launcher is not one (it does not change code).
BUILD_ENTRIES = ("CMAKE_BUILD_TYPE", "CMAKE_CXX_COMPILER", "CMAKE_C_COMPILER", "CMAKE_CXX_FLAGS", "CMAKE_C_FLAGS",
                 "CMAKE_CXX_FLAGS_RELEASE", "CMAKE_CXX_FLAGS_RELWITHDEBINFO", "CMAKE_CXX_STANDARD", "SECURITY",
                 "FASTDDS_STATISTICS", "SHM_TRANSPORT_DEFAULT")
_CACHE_LINE = re.compile(r"^(\w+):\w+=(.*)$")


def build_configuration(binary):
    """{"<package> <entry>": value} of BUILD_ENTRIES in every package's CMake cache of the colcon
    workspace holding `binary` (build/<package>/CMakeCache.txt); {} for a program outside one."""
    workspace = workspace_of(binary) if binary else None  # a run's record may name no program
    found = {}
    for cache in sorted(workspace.glob("build/*/CMakeCache.txt")) if workspace else ():
        for line in cache.read_text(errors="replace").splitlines():
            match = _CACHE_LINE.match(line)
            if match and match[1] in BUILD_ENTRIES:
                found[f"{cache.parent.name} {match[1]}"] = match[2]
    return found
