"""Markdown tables: one way every report, job summary and comment writes them (render/markdown.py)."""

import pytest

from latency_gate.render import markdown

pytestmark = pytest.mark.unit


def test_a_table_has_a_header_a_rule_with_each_columns_alignment_and_a_line_per_row():
    assert markdown.table(["Cell", "Base", "Why"], [["a 16 B", "1.0", "x"], ["b 32 B", "2.0", "y"]], "lrl") == [
        "| Cell | Base | Why |", "|---|---:|---|", "| a 16 B | 1.0 | x |", "| b 32 B | 2.0 | y |"]


def test_by_default_the_first_column_is_left_aligned_and_the_numbers_after_it_right():
    assert markdown.table(["Cell", "Base", "PR"], [])[1] == "|---|---:|---:|"


def test_an_alignment_per_column_is_required():
    with pytest.raises(ValueError, match="3 columns, 2 alignments"):
        markdown.table(["Cell", "Base", "PR"], [], "lr")
