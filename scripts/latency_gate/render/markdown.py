"""Markdown tables, the one way reports, job summaries and comments write them, and text of a
run's files (untrusted: a pull request's function names, commit subjects, settings) written into
Markdown as the literal text it is."""

import re

from latency_gate.errors import UNPRINTABLE

_PUNCTUATION = re.compile(r"""([!"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~])""")
_UNPRINTABLE_RUN = re.compile(f"(?:{UNPRINTABLE.pattern})+")  # a run of them becomes one space


def _plain(text, limit):
    text = _UNPRINTABLE_RUN.sub(" ", str(text))
    return text[:limit - 1] + "…" if len(text) > limit else text


def markdown_text(text, limit=200):
    """`text` as literal Markdown text on one line: every ASCII punctuation character
    backslash-escaped (CommonMark renders it as itself), so no link, image, HTML tag, entity,
    emphasis, table cell or autolink (`www.`, `https://`) can be formed, and a word joiner after
    '@' and '#' so that no @mention notifies anyone and no #123 links (and so leaves a reference
    on) an issue; cut to `limit` characters first."""
    return _PUNCTUATION.sub(r"\\\1", _plain(text, limit)).replace("@", "@\u2060").replace("#", "#\u2060")


def code_span(text, limit=200, in_table=False):
    """`text` as an inline code span on one line, shown as it is (a code span renders no escapes):
    a backtick in it becomes ' (it would end the span), and in a table cell '|' is escaped (GitHub
    splits cells on it even inside a span and shows the escaped one as it is); cut to `limit`."""
    text = _plain(text, limit).replace("`", "'")
    return f"`{text.replace('|', chr(92) + '|') if in_table else text}`"


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
