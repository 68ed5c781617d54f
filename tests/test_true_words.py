"""The package's docstrings and comments name only what exists.

A file name in a docstring or comment of scripts/ (`stop_rule.py`, `render/gate_report.py`,
`scripts/setup.sh`, ...) is a file of this repository (its path, or its path's end at a folder
boundary), or a file the package itself reads or writes (a string of its code spells it:
`check_report.md`, not in a docstring), or one of the few files outside this repository named in EXTERNAL. A
dotted name `latency_gate.x.y` is a module of the package, a name a module defines, or an
entry-point group of pyproject.toml.
A module removed or renamed leaves no comment pointing at it.
"""

import ast
import importlib.util
import io
import re
import subprocess
import tokenize
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "scripts" / "latency_gate"
# A file name: optional folders, a stem, one of the extensions of this repository's own files.
FILE_NAME = re.compile(r"(?<![\w./-])((?:[\w.-]+/)*[\w-]+\.(?:py|md|sh|bash|c|h|cpp|hpp|patch|yml|yaml|toml|idl))\b")
DOTTED_NAME = re.compile(r"\blatency_gate(?:_testing)?(?:\.\w+)+")
# Entry-point groups (pyproject.toml) are dotted names too: `latency_gate.backends`.
ENTRY_POINT_GROUPS = set(tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["entry-points"])
# Files of other projects that the package's words name on purpose.
EXTERNAL = {
    "throughput-test-specification.md": "eProsima's throughput test specification",
    "throughput_tests.py": "Fast DDS's throughput test driver (test/performance/throughput)",
    "venv/__main__.py": "a file an attacker would plant (ci/gitlab_run_archive.py says why none can run)",
}


def repository_files():
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                            capture_output=True, text=True, check=True).stdout
    return [name for name in listed.split("\0") if name]


def words(path):
    """(line, text) of every docstring and comment of a Python file."""
    text = path.read_text()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            docstring = ast.get_docstring(node, clean=False)
            if docstring:
                yield node.body[0].lineno, docstring
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string


def spelled_file_names(paths):
    """The file names the code's strings spell (not its docstrings): what it reads and writes."""
    names = set()
    for path in paths:
        tree = ast.parse(path.read_text())
        docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        names |= {match[1] for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                  for match in FILE_NAME.finditer(node.value)}
    return names


def top_level_names(source):
    """The names a module's top level defines, assigns or imports."""
    names = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            names |= {target.id for target in ast.walk(node) if isinstance(target, ast.Name)}
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {alias.asname or alias.name.split(".")[0] for alias in node.names}
    return names


def names_a_module(dotted):
    """A module of that name, a module defining the last part, or an entry-point group."""
    if dotted in ENTRY_POINT_GROUPS:
        return True
    module, _, name = dotted.rpartition(".")
    for candidate in (dotted, module):
        try:
            spec = importlib.util.find_spec(candidate)
        except ModuleNotFoundError:
            spec = None
        if spec is not None:
            return candidate == dotted or (spec.origin or "").endswith(".py") and name in top_level_names(
                Path(spec.origin).read_text())
    return False


def untrue_names(paths, files, spelled):
    """'<file>:<line>: <name>' for each name in the paths' words that names nothing."""
    def exists(name):
        return (name in EXTERNAL or name in spelled
                or any(file == name or file.endswith("/" + name) for file in [*files, *spelled]))

    problems = []
    for path in paths:
        where = path.relative_to(REPO) if path.is_relative_to(REPO) else path
        for line, text in words(path):
            problems += [f"{where}:{line}: {match[1]}" for match in FILE_NAME.finditer(text) if not exists(match[1])]
            problems += [f"{where}:{line}: {match[0]}" for match in DOTTED_NAME.finditer(text)
                         if not names_a_module(match[0].rstrip("."))]
    return problems


def test_the_packages_and_scripts_words_name_only_files_and_modules_that_exist():
    package = sorted(PACKAGE.rglob("*.py"))
    scripts = sorted((REPO / "scripts").rglob("*.py"))

    assert untrue_names(scripts, repository_files(), spelled_file_names(package)) == []


def test_a_removed_module_a_renamed_file_and_a_missing_module_are_named(tmp_path):
    stale = tmp_path / "stale.py"
    stale.write_text('"""The gate (rounds.py) writes its verdict with gate/report.py."""\n\n'
                     "# through latency_gate.analysis.gone and latency_gate.analysis.relative.no_such_name\n"
                     "# but stop_rule.py, analysis/relative.py, latency_gate.analysis.relative.decide and\n"
                     "# check_report.md are true\n")

    problems = untrue_names([stale], repository_files(), spelled_file_names(sorted(PACKAGE.rglob("*.py"))))

    assert problems == [f"{stale}:1: rounds.py", f"{stale}:1: gate/report.py",
                        f"{stale}:3: latency_gate.analysis.gone", f"{stale}:3: latency_gate.analysis.relative.no_such_name"]
