"""The documentation says what the code does and every link in it leads somewhere.

- docs/cli.md is generated from the argparse parsers (scripts/gen_cli_reference.py, with
  latency_gate/cli/reference.py); it fails here when a parser changed and the file was not
  regenerated, and it names every command and every spelling of every option.
- Every relative link in the root's *.md (README.md, ...) and docs/**/*.md resolves to a file in this repository, and
  a link's #anchor to a heading of the file it points to; nothing points outside the checkout
  (../shared/... exists only beside the author's checkout).
- docs/adopting.md documents every input and output of every composite action in actions/.
"""

import re
from pathlib import Path

import pytest
import yaml

from latency_gate import errors
from latency_gate.cli import COMMANDS, EPILOG, reference

pytestmark = pytest.mark.unit

REPO = Path(__file__).resolve().parents[1]
CLI_REFERENCE = REPO / "docs" / "cli.md"
ADOPTING = REPO / "docs" / "adopting.md"

FENCE = re.compile(r"^ {0,3}(```|~~~)")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
INLINE_CODE = re.compile(r"(`+).*?\1")
# [text](target) and ![alt](target); the target ends at whitespace (a title may follow) or ")".
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_SOURCE = re.compile(r"<(?:img|a)\s[^>]*?(?:src|href)=\"([^\"]+)\"")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


def prose_lines(text, blank_code=True):
    """(line number, line) outside fenced code blocks, inline code spans blanked if asked."""
    fenced = None
    for number, line in enumerate(text.splitlines(), 1):
        fence = FENCE.match(line)
        if fence:
            fenced = None if fenced == fence.group(1) else fenced or fence.group(1)
            continue
        if fenced is None:
            yield number, INLINE_CODE.sub(lambda code: " " * len(code.group(0)), line) if blank_code else line


def github_anchor(heading):
    """The id GitHub gives a heading: link markup and code ticks dropped, lower case,
    punctuation other than - and _ removed, spaces made hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(markdown_file):
    """Every heading anchor of a Markdown file, with GitHub's -1, -2 ... for repeats."""
    seen = {}
    for _, line in prose_lines(markdown_file.read_text(encoding="utf-8"), blank_code=False):
        heading = HEADING.match(line)
        if heading:
            anchor = github_anchor(heading.group(2))
            count = seen.get(anchor, 0)
            seen[anchor] = count + 1
            if count:
                seen[f"{anchor}-{count}"] = 1
    return set(seen)


def broken_links(markdown_file, root=REPO):
    """'file:line: target: why' for every relative link of the file that does not resolve."""
    problems = []
    for number, line in prose_lines(markdown_file.read_text(encoding="utf-8")):
        for target in LINK.findall(line) + HTML_SOURCE.findall(line):
            if EXTERNAL.match(target):
                continue
            where = f"{markdown_file.relative_to(root)}:{number}: {target}"
            path_part, _, anchor = target.partition("#")
            resolved = (markdown_file.parent / path_part).resolve() if path_part else markdown_file
            if not resolved.is_relative_to(root):
                problems.append(f"{where}: leaves the repository")
            elif not resolved.exists():
                problems.append(f"{where}: no such file")
            elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
                problems.append(f"{where}: no heading #{anchor} in {resolved.relative_to(root)}")
    return problems


def documentation_files():
    return [*sorted(REPO.glob("*.md")), *sorted((REPO / "docs").rglob("*.md"))]  # README, CHANGELOG, ...


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


def test_every_relative_link_and_anchor_in_the_readme_and_docs_resolves():
    problems = [problem for markdown in documentation_files() for problem in broken_links(markdown)]
    assert problems == []


def test_the_link_check_reports_a_missing_file_a_missing_anchor_and_a_link_out_of_the_checkout(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "other.md").write_text("# Other page\n\n## Its `first` part\n", encoding="utf-8")
    page = tmp_path / "docs" / "page.md"
    page.write_text("# Page\n\n"
                    "[fine](other.md#its-first-part) [self](#page) [web](https://example.org/x.md)\n"
                    "```\n[in code](nowhere.md)\n```\n"
                    "[gone](missing.md) [anchor](other.md#second-part) [out](../../shared/spec/x.txt)\n",
                    encoding="utf-8")
    assert broken_links(page, root=tmp_path) == [
        "docs/page.md:7: missing.md: no such file",
        "docs/page.md:7: other.md#second-part: no heading #second-part in docs/other.md",
        "docs/page.md:7: ../../shared/spec/x.txt: leaves the repository",
    ]


def test_github_anchors_drop_punctuation_and_number_repeated_headings(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Relative gate and gate modes\n## What's new: `--kind` (2026)\n## Notes\n## Notes\n",
                    encoding="utf-8")
    assert anchors(page) == {"relative-gate-and-gate-modes", "whats-new---kind-2026", "notes", "notes-1"}


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


def test_the_help_and_running_md_name_every_exit_code_the_package_defines():
    codes = {value for name, value in vars(errors).items() if name.startswith("EXIT_")}
    epilog_codes = {int(code) for code in re.findall(r"(?:: |, )(\d+) ", EPILOG)}
    table = (REPO / "docs" / "running.md").read_text(encoding="utf-8").partition("## Exit codes")[2]
    table_codes = {int(code) for code in re.findall(r"^\| (\d+) \|", table, re.MULTILINE)}
    assert epilog_codes == codes
    assert table_codes == codes
