"""bisect_report.md: a bisect's findings (bisect_result.json's document) for people: per regressed
cell, each culprit commit with its subject, what it added per round trip and in which function."""

from latency_gate.contracts.formats import write_text_atomic
from latency_gate.render import markdown

FILE = "bisect_report.md"


def _short(sha):
    return sha[:7]


def _count(value):
    return "not counted" if value is None else f"{value:,.2f}"


def culprit_line(culprit, payload):
    """"`abc1234` *Copy the payload*: +312 instructions per round trip at 16 B, in `f`"."""
    where = f", in {markdown.code_span(culprit['function'])}" if culprit["function"] else ""
    return (f"`{_short(culprit['sha'])}` *{markdown.markdown_text(culprit['subject'])}*: "
            f"{culprit['delta']:+,.2f} instructions per round trip "
            f"at {payload} B{where} ({_count(culprit['before'])} -> {_count(culprit['after'])})")


def markdown_report(document):
    built = document["built"]
    lines = [
        "# Bisect of a failed code-path gate", "",
        f"`{_short(document['base']['sha'])}` (base) .. `{_short(document['head']['sha'])}` (head, "
        f"*{markdown.markdown_text(document['head']['subject'])}*): {document['commits']} commit(s) on the first-parent line; "
        f"{len(built)} built and counted in {document['duration_s']:.0f} s "
        f"(builds {sum(entry['build_s'] for entry in built):.0f} s, counting "
        f"{sum(entry['counting_s'] for entry in built):.0f} s; {document['middleware']}, "
        f"{document['samples']} round trips per payload).", "",
    ]
    if not document["complete"]:
        lines += [f"**Stopped before the end**: {document['stopped']}. What was found is below; the ranges "
                  "marked *not searched to the end* may hold more.", ""]
    lines += ["A commit moved a cell when its count is closer to the head's than to the base's by more than the "
              "cell's margin (three times its spread over the gate's runs, at least one instruction per round "
              "trip); after each culprit, the ranges before and after it are searched again for what is left.", ""]
    for cell in document["cells"]:
        lines += [f"## {cell['subexperiment']} {cell['bytes']} B", "",
                  f"Instructions per round trip: base {_count(cell['base'])}, head {_count(cell['head'])} (the gate: "
                  f"{cell['gate_base']:,.2f} -> {cell['gate_pr']:,.2f}); margin {cell['margin']:g} "
                  f"(spread {cell['spread']:g}).", ""]
        lines += [f"- {culprit_line(culprit, cell['bytes'])}" for culprit in cell["culprits"]]
        lines += [f"- not searched to the end: a change after `{_short(gap['after_sha'])}` through "
                  f"`{_short(gap['through_sha'])}` ({_count(gap['before'])} -> {_count(gap['after'])})"
                  for gap in cell["unresolved"]]
        if not cell["culprits"] and not cell["unresolved"]:
            lines.append("- no commit moved it: the bisect's own builds of base and head count within the margin "
                         "of each other (the gate's builds differed otherwise)")
        lines.append("")
    return "\n".join(lines)


def write(directory, document):
    write_text_atomic(directory / FILE, markdown_report(document))
