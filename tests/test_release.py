"""A release is one version everywhere (docs/releasing.md):

- the root LICENSE is the Apache License 2.0, the licence pyproject.toml declares;
- CHANGELOG.md keeps Keep a Changelog's shape: an Unreleased section, then releases newest
  first, each dated and with notes; its newest release is pyproject.toml's version;
- docs/adopting.md's copy-paste workflows and GitLab include pin that release's tag;
- scripts/release_notes.py prints a release's section, and refuses a release the changelog lacks;
- every release tag in the repository names a release of the changelog.
"""

import importlib.util
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

REPO = Path(__file__).resolve().parents[1]
RELEASE_NOTES = REPO / "scripts" / "release_notes.py"
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]

SPEC = importlib.util.spec_from_file_location("release_notes", RELEASE_NOTES)  # a script, not a module
release_notes = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(release_notes)


@pytest.fixture(scope="module")
def releases():
    return release_notes.releases((REPO / "CHANGELOG.md").read_text())


def version_key(version):
    return tuple(map(int, version.split(".")))


def test_the_licence_at_the_root_is_the_apache_license_2_0_that_pyproject_declares():
    licence = (REPO / "LICENSE").read_text()
    terms = re.findall(r"^ {3}(\d)\. ([A-Z][\w ]+)\.", licence, re.M)

    assert PYPROJECT["license"] == "Apache-2.0"
    assert licence.split("\n")[:2] == [" " * 33 + "Apache License", " " * 27 + "Version 2.0, January 2004"]
    assert [title for _, title in terms] == [
        "Definitions", "Grant of Copyright License", "Grant of Patent License", "Redistribution",
        "Submission of Contributions", "Trademarks", "Disclaimer of Warranty", "Limitation of Liability",
        "Accepting Warranty or Additional Liability"]
    assert "END OF TERMS AND CONDITIONS" in licence


def test_the_changelog_lists_releases_newest_first_each_dated_with_notes(releases):
    changelog = (REPO / "CHANGELOG.md").read_text()
    dates = re.findall(r"^## \[\d+\.\d+\.\d+\] - (\d{4}-\d{2}-\d{2})$", changelog, re.M)
    headings = re.findall(r"^## (.*)$", changelog, re.M)

    assert headings[0] == "[Unreleased]"
    assert len(headings) == 1 + len(releases)  # no heading the release pattern misses
    assert list(releases) == sorted(releases, key=version_key, reverse=True)
    assert dates == sorted(dates, reverse=True)
    assert all(releases.values())


def test_the_newest_release_in_the_changelog_is_the_packages_version(releases):
    assert next(iter(releases)) == PYPROJECT["version"]


def test_the_adoption_guide_pins_the_newest_release_in_every_workflow_and_the_gitlab_include(releases):
    guide = (REPO / "docs/adopting.md").read_text()
    pins = re.findall(r"OWNER/latency-gate/actions/[\w-]+@(\S+)(.*)", guide)
    include_ref = re.search(r"^ +ref: \$LATENCY_GATE_REF #.*? (v\S+)$", guide, re.M)

    assert len(pins) == 6  # the actions the four workflows use
    assert set(pins) == {("SHA", f" # v{next(iter(releases))}")}
    assert include_ref[1] == f"v{next(iter(releases))}"


def test_the_release_notes_are_the_releases_section_of_the_changelog(releases):
    newest = next(iter(releases))

    notes = subprocess.run([sys.executable, RELEASE_NOTES, newest], capture_output=True, text=True)
    named = subprocess.run([sys.executable, RELEASE_NOTES, "--newest"], capture_output=True, text=True)

    assert notes.returncode == 0 and named.returncode == 0
    assert notes.stdout == releases[newest] + "\n"
    assert "### Added" in notes.stdout and "## [" not in notes.stdout
    assert named.stdout == f"{newest}\n"


def test_notes_of_a_release_the_changelog_lacks_are_refused_in_one_line():
    missing = subprocess.run([sys.executable, RELEASE_NOTES, "99.0.0"], capture_output=True, text=True)

    assert missing.returncode == 3 and missing.stdout == ""
    assert missing.stderr == "CHANGELOG.md: no notes for release 99.0.0\n"


def test_a_section_ends_at_the_next_release_heading():
    text = "## [Unreleased]\n\n## [1.1.0] - 2027-01-02\n\n- b\n\n## [1.0.0] - 2027-01-01\n\n- a\n"

    assert release_notes.releases(text) == {"1.1.0": "- b", "1.0.0": "- a"}


def test_every_release_tag_in_the_repository_is_a_release_of_the_changelog(releases):
    tags = subprocess.run(["git", "tag", "--list", "v*.*.*"], cwd=REPO, capture_output=True, text=True,
                          check=True).stdout.split()

    assert {tag.removeprefix("v") for tag in tags} <= set(releases)
