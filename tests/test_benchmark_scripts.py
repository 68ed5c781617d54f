"""The benchmark scripts use the package as it is: every name they import from latency_gate, and
every attribute they take of an imported latency_gate module, exists (a script that names a moved
function fails when a measurement is wanted, not when the function moves). No script is run here."""

import ast
import importlib
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def missing_names(path):
    """'line: module.name' of every latency_gate name a script imports or takes that does not exist."""
    tree = ast.parse(path.read_text(), filename=str(path))
    modules, missing = {}, []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("latency_gate"):
            module = importlib.import_module(node.module)
            for alias in node.names:
                if hasattr(module, alias.name):
                    found = getattr(module, alias.name)
                else:
                    try:
                        found = importlib.import_module(f"{node.module}.{alias.name}")
                    except ModuleNotFoundError:
                        missing.append(f"{node.lineno}: {node.module}.{alias.name}")
                        continue
                if isinstance(found, type(importlib)):
                    modules[alias.asname or alias.name] = found
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                and not hasattr(modules[node.value.id], node.attr)):
            missing.append(f"{node.lineno}: {modules[node.value.id].__name__}.{node.attr}")
    return missing


@pytest.mark.parametrize("script", sorted(path.name for path in BENCHMARKS.glob("*.py")))
def test_a_benchmark_script_names_only_what_the_package_has(script):
    assert missing_names(BENCHMARKS / script) == []


def test_the_check_finds_a_moved_function(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("from latency_gate.runner import experiment\n"
                       "from latency_gate.runner.middleware.interface import gone\n\n"
                       "experiment.configuration\n")
    assert missing_names(planted) == ["2: latency_gate.runner.middleware.interface.gone",
                                      "4: latency_gate.runner.experiment.configuration"]
