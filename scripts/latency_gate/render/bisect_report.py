"""bisect_report.md: a bisect's findings (bisect_result.json's document) for people: per regressed
cell, each culprit commit with its subject, what it added per round trip and in which function, and
each range whose change was gradual."""

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


def gradual_line(gradual, cell):
    """"a gradual change after `abc1234` through `def5678`: +8.00 instructions per round trip at 16 B
    (100.00 -> 108.00), no commit's own step over the margin"; `cell` says where ("16 B")."""
    return (f"a gradual change after `{_short(gradual['after_sha'])}` through `{_short(gradual['through_sha'])}`: "
            f"{gradual['after'] - gradual['before']:+,.2f} instructions per round trip at {cell} "
            f"({_count(gradual['before'])} -> {_count(gradual['after'])}), no commit's own step over the margin")


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
    lines += ["A range of commits moved a cell when its ends' counts differ, the way base and head do, by more than "
              "the cell's margin (three times its spread over the gate's runs, at least one instruction per round "
              "trip); a moved range is halved until single commits: a culprit is a commit whose own step, its count "
              "against its parent's, moved the cell. A moved range none of whose halves moved is a gradual change, "
              "named as a range.", ""]
    for cell in document["cells"]:
        lines += [f"## {cell['subexperiment']} {cell['bytes']} B", "",
                  f"Instructions per round trip: base {_count(cell['base'])}, head {_count(cell['head'])} (the gate: "
                  f"{cell['gate_base']:,.2f} -> {cell['gate_pr']:,.2f}); margin {cell['margin']:g} "
                  f"(spread {cell['spread']:g}).", ""]
        lines += [f"- {culprit_line(culprit, cell['bytes'])}" for culprit in cell["culprits"]]
        lines += [f"- {gradual_line(gradual, str(cell['bytes']) + ' B')}" for gradual in cell.get("gradual", [])]
        lines += [f"- not searched to the end: a change after `{_short(gap['after_sha'])}` through "
                  f"`{_short(gap['through_sha'])}` ({_count(gap['before'])} -> {_count(gap['after'])})"
                  for gap in cell["unresolved"]]
        if not cell["culprits"] and not cell.get("gradual") and not cell["unresolved"]:
            lines.append("- no commit moved it: the bisect's own builds of base and head count within the margin "
                         "of each other (the gate's builds differed otherwise)")
        lines.append("")
    return "\n".join(lines)


def write(directory, document):
    write_text_atomic(directory / FILE, markdown_report(document))
