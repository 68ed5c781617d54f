#!/usr/bin/env python3
"""Make the README's pictures (docs/images/*.png) from real data with the real tools.

    .venv/bin/python scripts/docs_screenshots.py [--output docs/images]

1. The history site: the ten real runs behind requirements/linux-x86_64-2cpu.csv
   (benchmarks/results/requirements-2026-11-23/) are each checked against that CSV with
   `latency-gate check`, added to a fresh store with `latency-gate add-to-history`, and the
   site is built with `latency-gate build-site`; Chromium shows its home page and one history
   chart (site-home.png, site-history.png).
2. A gate report: the gate_report.md of a real failing relative gate
   (benchmarks/results/throughput-2026-11-25/gate/ab/gate/, a 408 ns busy wait before every
   write of the pull request's build) rendered with GitHub's Markdown renderer (cmark-gfm), as
   a job summary shows it (gate-report.png).

Needs what the site tests need: scripts/setup/install_site_tools.sh (Debian's Chromium,
Playwright in the venv, the chart library). About 3 minutes of CPU (each add-to-history
regenerates the plots): 8 and 14 minutes on the shared 2-core machine at load 7-12. Nothing
outside --output and a temporary directory is written.
"""

import argparse
import html
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import cmarkgfm
from cmarkgfm.cmark import Options
from playwright.sync_api import sync_playwright

from latency_gate.errors import EXIT_CHECK_FAILED, EXIT_OK

REPO = Path(__file__).resolve().parents[1]
RUNS = REPO / "benchmarks" / "results" / "requirements-2026-11-23"
REQUIREMENTS = REPO / "requirements" / "linux-x86_64-2cpu.csv"
PLATFORM = "linux-x86_64-2cpu"
GATE_REPORT = REPO / "benchmarks" / "results" / "throughput-2026-11-25" / "gate" / "ab" / "gate" / "gate_report.md"
HISTORY_VIEW = f"#/history/{PLATFORM}/interprocess_reliable/1024/Median"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
VIEWPORT = {"width": 1280, "height": 800}
# Enough of GitHub's job-summary look for a picture: its font stack, table rules and code.
REPORT_STYLE = """
body { font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif;
       color: #1f2328; margin: 24px; max-width: 1180px; }
h2, h3 { border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; }
table { border-collapse: collapse; margin: 12px 0; font-size: 13px; }
th, td { border: 1px solid #d1d9e0; padding: 4px 10px; }
tr:nth-child(2n) { background: #f6f8fa; }
code { background: #eff1f3; padding: .1em .3em; border-radius: 4px; }
"""


def latency_gate(*arguments, exit_codes=(EXIT_OK,)):
    command = [str(Path(sys.executable).with_name("latency-gate")), *map(str, arguments)]
    done = subprocess.run(command, stdout=subprocess.DEVNULL)
    if done.returncode not in exit_codes:
        raise subprocess.CalledProcessError(done.returncode, command)


def build_store(work):
    """A history store of the ten real runs, each checked against the requirements they made."""
    store = work / "store"
    for run in sorted(RUNS.glob("run-*")):
        checked = shutil.copytree(run, work / "runs" / run.name)
        latency_gate("check", "--requirements", REQUIREMENTS, "--experiment-directory", checked,
                     "--plots-directory", work / "plots" / run.name,
                     exit_codes=(EXIT_OK, EXIT_CHECK_FAILED))  # a failed check is part of the picture
        latency_gate("add-to-history", "--store", store, "--experiment-directory", checked,
                     "--platform", PLATFORM, "--requirements", REQUIREMENTS)
    latency_gate("build-site", "--store", store)
    return store


def report_page(work):
    body = cmarkgfm.github_flavored_markdown_to_html(GATE_REPORT.read_text(encoding="utf-8"),
                                                     options=Options.CMARK_OPT_UNSAFE)
    page = work / "gate_report.html"
    page.write_text(f"<!doctype html><meta charset=utf-8><title>{html.escape(GATE_REPORT.name)}</title>"
                    f"<style>{REPORT_STYLE}</style><body>{body}</body>", encoding="utf-8")
    return page


def open_view(page, url):
    """Go to a page of the site and wait until the app has rendered that view."""
    page.goto(url)
    page.wait_for_function("document.querySelector('main').dataset.route === location.hash")


def screenshots(store, report, output):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport=VIEWPORT).new_page()
        site = (store / "index.html").as_uri()
        open_view(page, site + "#/")
        page.screenshot(path=output / "site-home.png")
        open_view(page, site + HISTORY_VIEW)
        page.wait_for_selector(".u-over")
        page.screenshot(path=output / "site-history.png")
        page.goto(report.as_uri())
        page.screenshot(path=output / "gate-report.png", full_page=True)
        browser.close()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=REPO / "docs" / "images", help="where the PNGs go")
    args = parser.parse_args(argv)
    args.output.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="docs-screenshots-") as work:
        store = build_store(Path(work))
        screenshots(store, report_page(Path(work)), args.output)
    for picture in sorted(args.output.glob("*.png")):
        print(picture.relative_to(REPO) if picture.is_relative_to(REPO) else picture)
    return 0


if __name__ == "__main__":
    sys.exit(main())
