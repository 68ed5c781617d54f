"""Test tiers (tests/tiers.py): a test without exactly one tier is a collection error naming
it, so `pytest -m unit` cannot silently miss a test nobody placed; a module's tier or each
test's own selects it."""

import re
from pathlib import Path

import pytest

import tiers

pytestmark = pytest.mark.unit

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = (REPO / "pyproject.toml").read_text()


@pytest.fixture
def project(pytester):
    """An empty test project with this project's pytest settings: its markers, strict."""
    pytester.makepyprojecttoml(PYPROJECT[PYPROJECT.index("[tool.pytest.ini_options]"):].replace(
        'testpaths = ["tests"]\n', ""))
    return pytester


def test_the_tiers_are_the_markers_registered_in_pyproject():
    registered = re.findall(r'^\s+"(\w+): ', PYPROJECT[PYPROJECT.index("markers = ["):], re.M)
    assert registered == list(tiers.TIERS)


def test_a_test_without_a_tier_is_a_collection_error_naming_it_and_nothing_runs(project):
    project.makepyfile(test_placed="""
        import pytest

        pytestmark = pytest.mark.unit

        def test_placed():
            pass
        """, test_forgotten="""
        def test_forgotten():
            pass
        """)

    result = project.runpytest("-p", "tiers", "-m", "unit")

    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*ERROR collecting test_forgotten.py*",
                                 "*test_forgotten.py::test_forgotten: no test tier*",
                                 "*Interrupted: 1 error during collection*"])
    result.assert_outcomes(errors=1)


def test_a_test_with_two_tiers_is_a_collection_error(project):
    project.makepyfile(test_both="""
        import pytest

        pytestmark = pytest.mark.unit

        @pytest.mark.programs
        def test_both():
            pass
        """)

    result = project.runpytest("-p", "tiers")

    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*test_both.py::test_both: tiers programs and unit*"])


def test_a_misspelled_tier_is_an_error(project):
    project.makepyfile(test_typo="""
        import pytest

        pytestmark = pytest.mark.unti

        def test_typo():
            pass
        """)

    result = project.runpytest("-p", "tiers")

    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*'unti' not found in `markers` configuration option*"])


def test_a_tier_selects_the_modules_and_the_tests_marked_with_it(project):
    project.makepyfile(test_quick="""
        import pytest

        pytestmark = pytest.mark.unit

        def test_quick():
            pass
        """, test_mixed="""
        import pytest

        @pytest.mark.unit
        @pytest.mark.parametrize("n", [1, 2])
        def test_pure(n):
            pass

        @pytest.mark.programs
        def test_runs_a_program():
            pass

        class TestGrouped:
            pytestmark = pytest.mark.browser

            def test_in_a_class(self):
                pass
        """)

    unit = project.runpytest("-p", "tiers", "-m", "unit", "-v")
    programs = project.runpytest("-p", "tiers", "-m", "programs or browser", "-v")

    unit.assert_outcomes(passed=3, deselected=2)
    unit.stdout.fnmatch_lines(["*test_pure?1? PASSED*", "*test_pure?2? PASSED*", "*test_quick.py::test_quick PASSED*"])
    programs.assert_outcomes(passed=2, deselected=3)
    programs.stdout.fnmatch_lines(["*test_runs_a_program PASSED*", "*test_in_a_class PASSED*"])
