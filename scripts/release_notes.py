#!/usr/bin/env python3
"""Print a release's notes: its section of CHANGELOG.md, without the heading (docs/releasing.md).

    python3 scripts/release_notes.py 0.1.0     the notes of release 0.1.0 (tag v0.1.0)
    python3 scripts/release_notes.py --newest  the newest release's version

Exit 2 on a bad command line, 3 when CHANGELOG.md has no such release or an empty one.
Standard library only: a release is made from a plain checkout.
"""

import argparse
import re
import sys
from pathlib import Path

CHANGELOG = Path(__file__).resolve().parents[1] / "CHANGELOG.md"
# Keep a Changelog's release heading: "## [0.1.0] - 2026-11-27"
RELEASE_HEADING = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", re.M)
EXIT_BAD_INPUT = 3


def releases(text):
    """{version: notes} in the changelog's order, newest first."""
    headings = list(RELEASE_HEADING.finditer(text))
    ends = [heading.start() for heading in headings[1:]] + [len(text)]
    return {heading[1]: text[heading.end():end].strip() for heading, end in zip(headings, ends)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("version", nargs="?", help="a release's version, e.g. 0.1.0")
    which.add_argument("--newest", action="store_true", help="print the newest release's version")
    arguments = parser.parse_args(argv)
    notes = releases(CHANGELOG.read_text())
    if not notes:
        print(f"{CHANGELOG.name}: no release heading like '## [0.1.0] - 2026-11-27'", file=sys.stderr)
        return EXIT_BAD_INPUT
    if arguments.newest:
        print(next(iter(notes)))
        return 0
    if not notes.get(arguments.version):
        print(f"{CHANGELOG.name}: no notes for release {arguments.version}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(notes[arguments.version])
    return 0


if __name__ == "__main__":
    sys.exit(main())
