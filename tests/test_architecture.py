"""The package's layers follow the data, and each imports only downward (docs/architecture.md).

Every import of a latency_gate module is read from the source (function-level imports
included) and held against the order below; an upward import fails with the line that
makes it.
"""

import ast
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

PACKAGE = Path(__file__).resolve().parents[1] / "scripts" / "latency_gate"
ARCHITECTURE = PACKAGE.parents[1] / "docs" / "architecture.md"

# Lowest first. A module may import its own layer and any layer before it.
LAYERS = ("errors", "contracts", "runner", "analysis", "campaigns", "store", "render", "ci", "cli")
# The package's own face: the version, and `python -m latency_gate`.
ENTRY_POINTS = {"__init__": -1, "__main__": len(LAYERS)}


def layer_of(module):
    """The layer index of a dotted module name inside latency_gate."""
    first = module.split(".")[1] if "." in module else module
    if first in ENTRY_POINTS:
        return ENTRY_POINTS[first]
    return LAYERS.index(first)


def imports_of(path):
    """(line, imported module) for every latency_gate import in a file."""
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("latency_gate"):
            if node.module == "latency_gate":  # a layer, or a name of the package's face (__version__)
                yield from ((node.lineno, f"latency_gate.{alias.name}" if alias.name in LAYERS else
                             "latency_gate.__init__") for alias in node.names)
            else:
                yield node.lineno, node.module
        elif isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names if alias.name.startswith("latency_gate."))


def modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path, ".".join(("latency_gate", *path.relative_to(PACKAGE).with_suffix("").parts))


def test_every_module_belongs_to_a_layer():
    assert len(list(modules())) > 50  # the package was found
    for path, module in modules():
        first = module.split(".")[1]
        assert first in LAYERS or first in ENTRY_POINTS, f"{path}: not in a layer of {LAYERS}"


def test_every_import_points_down_the_layers():
    upward = [f"{path.relative_to(PACKAGE.parent)}:{line}: {LAYERS[layer_of(module)]} imports {target}"
              for path, module in modules() for line, target in imports_of(path)
              if layer_of(target) > layer_of(module)]
    assert not upward, "upward imports:\n" + "\n".join(upward)


def test_the_check_catches_an_upward_import(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("def f():\n    from latency_gate.cli import main\n")
    (line, target), = imports_of(planted)
    assert (line, target) == (2, "latency_gate.cli")
    assert layer_of(target) > layer_of("latency_gate.contracts.formats")


# Reports for people and CI (Markdown tables, JUnit XML) are render's: a Markdown table's rule
# ("|---|", "---:") or a JUnit element in any other layer is a report written in the wrong room.
# docs/cli.md's tables are the command line describing itself (cli/reference.py), not a report.
# Within render/, a table's rule is render/markdown.py's alone: every table is markdown.table's.
TABLE_MARKS = ("|---", "---|", "---:")
REPORT_MARKS = (*TABLE_MARKS, "testsuite", "testcase")
REPORTS_ELSEWHERE = {"latency_gate.cli.reference"}


def report_marks(path, marks=REPORT_MARKS):
    """(line, text) of every string in a file that builds a Markdown table or JUnit XML (`marks`)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and (node.value == "---" or any(mark in node.value for mark in marks))]


def test_reports_are_written_by_render_only():
    elsewhere = [f"{path.relative_to(PACKAGE.parent)}:{line}: {text!r}" for path, module in modules()
                 if not module.startswith("latency_gate.render.") and module not in REPORTS_ELSEWHERE
                 for line, text in report_marks(path)]
    assert not elsewhere, "reports outside render/:\n" + "\n".join(elsewhere)


def test_render_writes_every_markdown_table_through_one_function():
    by_hand = [f"{path.relative_to(PACKAGE.parent)}:{line}: {text!r}" for path, module in modules()
               if module.startswith("latency_gate.render.") and module != "latency_gate.render.markdown"
               for line, text in report_marks(path, TABLE_MARKS)]
    assert not by_hand, "Markdown tables built by hand (use render/markdown.table):\n" + "\n".join(by_hand)


def test_the_check_catches_a_markdown_table_and_junit_outside_render(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text('def table(n):\n    return f"| a |\\n|---|\\n| {n} |"\n\n\n'
                       'def junit(tree):\n    return tree.SubElement(tree, "testcase")\n')
    assert [line for line, _ in report_marks(planted)] == [2, 6]


# A data file's name is spelled by its owner in contracts/ alone (CONTRIBUTING.md, "Add a file
# format"), except files one module both writes and reads for a program it runs: the programs'
# input files (the runner writes them for LatencyTest and ThroughputTest) and cyclictest's report.
DATA_FILE_NAME = re.compile(r"[\w.<>*{}/-]+\.(csv|json)")
DATA_FILE_END = re.compile(r"[\w.-]*\.(csv|json)")  # the end of a name an f-string or a + builds
NAMED_WHERE_USED = {"latency_gate.runner.experiment": {"payloads.csv", "demands.csv", "recoveries.csv"},
                    "latency_gate.runner.platform_info": {"cyclictest.json"}}


def data_file_names(path):
    """(line, text) of every string in a file that is a CSV or JSON file's name, whole, or ends one
    built by an f-string or a +."""
    tree = ast.parse(path.read_text(), filename=str(path))
    built = [part for node in ast.walk(tree) for part in (
        node.values[-1:] if isinstance(node, ast.JoinedStr) else [node.right] if isinstance(node, ast.BinOp) else [])]
    return sorted({(node.lineno, node.value) for node in ast.walk(tree)
                   if isinstance(node, ast.Constant) and isinstance(node.value, str)
                   and (DATA_FILE_NAME.fullmatch(node.value) or node in built and DATA_FILE_END.fullmatch(node.value))})


def test_data_files_are_named_by_their_owner_in_contracts_only():
    elsewhere = [f"{path.relative_to(PACKAGE.parent)}:{line}: {text!r}" for path, module in modules()
                 if not module.startswith("latency_gate.contracts.")
                 for line, text in data_file_names(path) if text not in NAMED_WHERE_USED.get(module, ())]
    assert not elsewhere, "data files named outside contracts/:\n" + "\n".join(elsewhere)


def test_the_check_catches_a_data_file_named_outside_contracts(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text('"""Writes rounds.csv."""\n\n\ndef path(results, name):\n    return results / "rounds.csv"\n\n\n'
                       'def built(results, name):\n    return (results / f"{name}_comparison.csv", name + ".json",\n'
                       '            "plots/latest.csv", f"{name} is not a .csv file")\n')
    assert data_file_names(planted) == [(5, "rounds.csv"), (9, ".json"), (9, "_comparison.csv"), (10, "plots/latest.csv")]


def test_the_architecture_page_lists_the_layers_in_this_order():
    # The page's layer table: one row per layer, lowest last (as the picture stacks them).
    rows = re.findall(r"^\| `([a-z_]+)/?` \|", ARCHITECTURE.read_text(), flags=re.MULTILINE)
    assert tuple(reversed(rows)) == LAYERS


def layer_edges():
    """{(importing layer, imported layer)} between different layers, as the code has them;
    errors, which every layer uses, is the ground and not drawn."""
    drawn = range(1, len(LAYERS))
    return {(LAYERS[layer_of(module)], LAYERS[layer_of(target)])
            for path, module in modules() for _, target in imports_of(path)
            if layer_of(module) in drawn and layer_of(target) in drawn and layer_of(target) != layer_of(module)}


def test_the_architecture_picture_draws_the_imports_there_are():
    # The mermaid picture's arrows ("a --> b": a imports b) are exactly the layers' imports.
    drawn = set(re.findall(r"^\s*([a-z]+) --> ([a-z]+)\s*$", ARCHITECTURE.read_text(), flags=re.MULTILINE))
    assert drawn == layer_edges()


# A function that takes more than this many parameters takes settings that belong together as
# one typed object (CONTRIBUTING.md: settings are one frozen object, validated once, passed down).
MAX_PARAMETERS = 8


def parameter_counts(path):
    """(line, function name, parameters) of every function in a file: each parameter counted,
    *args and **kwargs included, self and cls not."""
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            given = node.args
            names = [argument.arg for argument in (*given.posonlyargs, *given.args, *given.kwonlyargs,
                                                   *filter(None, (given.vararg, given.kwarg)))]
            yield node.lineno, node.name, len([name for name in names if name not in ("self", "cls")])


def test_no_function_takes_more_than_eight_parameters():
    many = [f"{path.relative_to(PACKAGE.parent)}:{line}: {name} takes {count} parameters"
            for path, _ in modules() for line, name, count in parameter_counts(path) if count > MAX_PARAMETERS]
    assert not many, f"more than {MAX_PARAMETERS} parameters (pass one typed object):\n" + "\n".join(many)


def test_the_parameter_count_includes_star_arguments_and_leaves_out_self(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("class A:\n    def f(self, a, /, b, *c, d, **e):\n        pass\n")
    assert list(parameter_counts(planted)) == [(2, "f", 5)]
