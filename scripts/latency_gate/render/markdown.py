"""Markdown tables, the one way reports, job summaries and comments write them."""


def table(header, rows, align=None):
    """The lines of a table: header cells, then a row of cell texts each; `align`: one letter per
    column, "l" left or "r" right (numbers), default: the first column left, the others right."""
    align = align or "l" + "r" * (len(header) - 1)
    if len(align) != len(header):
        raise ValueError(f"{len(header)} columns, {len(align)} alignments")
    rule = "|" + "".join("---:|" if side == "r" else "---|" for side in align)
    return [_row(header), rule, *map(_row, rows)]


def _row(cells):
    return "| " + " | ".join(cells) + " |"
