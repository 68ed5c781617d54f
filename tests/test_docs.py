"""The documentation says what the code does and every link in it leads somewhere.

- docs/cli.md is generated from the argparse parsers (scripts/gen_cli_reference.py, with
  latency_gate/cli/reference.py); it fails here when a parser changed and the file was not
  regenerated, and it names every command and every spelling of every option.
- docs/adopting.md documents every input and output of every composite action in actions/.
"""

import re
from pathlib import Path

import pytest
import yaml

from latency_gate.cli import COMMANDS, reference

pytestmark = pytest.mark.unit

REPO = Path(__file__).resolve().parents[1]
CLI_REFERENCE = REPO / "docs" / "cli.md"
ADOPTING = REPO / "docs" / "adopting.md"

HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")


@pytest.fixture(scope="module")
def parser():
    """The CLI's parser with every subcommand, as the reference is made from it."""
    return reference.build_parser()


@pytest.fixture(scope="module")
def generated(parser):
    return reference.reference(parser)


def test_the_committed_cli_reference_is_what_the_parsers_say(generated):
    difference = reference.drift(CLI_REFERENCE, generated)
    assert difference == [], ("docs/cli.md drifted from the parsers; regenerate it with "
                              ".venv/bin/python scripts/gen_cli_reference.py\n" + "".join(difference))


def test_a_reference_that_lacks_an_option_is_reported_as_drift(tmp_path, generated):
    drifted = tmp_path / "cli.md"
    drifted.write_text(CLI_REFERENCE.read_text(encoding="utf-8").replace("`--print-summaries`, ", ""),
                       encoding="utf-8")
    difference = reference.drift(drifted, generated)
    assert [line for line in difference if line.startswith(("-|", "+|"))] == [
        "-| `-P`, `--print_summaries` |  | print every check report |\n",
        "+| `-P`, `--print-summaries`, `--print_summaries` |  | print every check report |\n",
    ]


def parsers_by_command(parser, command="latency-gate"):
    """{'latency-gate check': parser, 'latency-gate ci-output set': parser, ...}."""
    found = {}
    for action in parser._actions:
        if action.choices and hasattr(action, "_name_parser_map"):
            for name, sub in action.choices.items():
                found[f"{command} {name}"] = sub
                found.update(parsers_by_command(sub, f"{command} {name}"))
    return found


def reference_sections():
    """{heading text: its text up to the next heading} of docs/cli.md."""
    sections, current = {}, None
    for line in CLI_REFERENCE.read_text(encoding="utf-8").splitlines():
        heading = HEADING.match(line)
        if heading and not line.startswith("# "):
            current = heading.group(2)
            sections[current] = ""
        elif current:
            sections[current] += line + "\n"
    return sections


def test_the_cli_reference_has_a_section_per_command_naming_every_spelling_of_every_option(parser):
    parsers = parsers_by_command(parser)
    assert {f"latency-gate {name}" for name in COMMANDS} <= set(parsers)
    sections = reference_sections()
    assert set(parsers) == set(sections)
    for command, parser in parsers.items():
        for action in parser._actions:
            for spelling in action.option_strings:
                if spelling not in ("-h", "--help"):
                    assert f"`{spelling}`" in sections[command], f"{command}: {spelling} is not in docs/cli.md"


def action_rows():
    """{action path: (inputs cell, outputs cell)} from the actions table of docs/adopting.md."""
    rows = {}
    for line in ADOPTING.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and re.fullmatch(r"`actions/[\w-]+`", cells[0]):
            rows[cells[0].strip("`")] = (cells[1], cells[2])
    return rows


@pytest.mark.parametrize("action_file", sorted((REPO / "actions").glob("*/action.yml")),
                         ids=lambda path: path.parent.name)
def test_adopting_documents_every_input_and_output_of_every_composite_action(action_file):
    action = yaml.safe_load(action_file.read_text(encoding="utf-8"))
    rows = action_rows()
    name = f"actions/{action_file.parent.name}"
    assert name in rows, f"docs/adopting.md has no row for {name}"
    inputs_cell, outputs_cell = rows[name]
    missing = [f"input {key}" for key in action.get("inputs") or {} if f"`{key}`" not in inputs_cell]
    missing += [f"output {key}" for key in action.get("outputs") or {} if f"`{key}`" not in outputs_cell]
    assert missing == [], f"docs/adopting.md, {name}: {missing} not documented"
