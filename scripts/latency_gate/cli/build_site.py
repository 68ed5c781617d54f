"""Regenerate the history site (index.html and site/) from a history store.

Reads every run under <store>/runs/ and writes <store>/index.html and <store>/site/,
swapped in whole, so a failed build leaves the previous site. Open index.html from the
folder or serve the store (GitHub Pages).
"""

from pathlib import Path

from latency_gate.cli.options import option
from latency_gate.errors import EXIT_OK
from latency_gate.render import site
from latency_gate.store import history


def add_arguments(parser):
    option(parser, "store", type=Path, required=True, help="history store directory (the gh-pages work tree)")


def run(args):
    history.check_store(args.store)  # no link for the site's writes to follow out of the store
    site.build_site(args.store)
    print(f"History site: {Path(args.store).resolve() / 'index.html'}")
    return EXIT_OK
