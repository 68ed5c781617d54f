"""Test tiers: every test carries exactly one of the markers below (conftest.py loads this
plugin), so `pytest -m unit` is the quick loop and a test nobody placed cannot hide in it.

A module declares its tier with `pytestmark = pytest.mark.<tier>`; a module that mixes tiers
marks each test instead. A test with no tier or with two is a collection error naming it.
The markers are registered (with what each may run) in pyproject.toml."""

import pytest

TIERS = ("unit", "programs", "ci", "browser")


def tiers_of(item):
    return sorted({mark.name for mark in item.iter_markers() if mark.name in TIERS})


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector):
    report = yield
    if report.passed:
        problems = [f"{item.nodeid}: {'no test tier' if not tiers else 'tiers ' + ' and '.join(tiers)}"
                    for item in report.result if isinstance(item, pytest.Function)
                    for tiers in [tiers_of(item)] if len(tiers) != 1]
        if problems:
            report.outcome = "failed"
            report.longrepr = "\n".join(problems) + (
                f"\nevery test needs exactly one tier of {', '.join(TIERS)}: a module-level"
                " `pytestmark = pytest.mark.<tier>`, or a mark per test where a module mixes tiers")
    return report
