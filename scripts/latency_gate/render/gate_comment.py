"""The relative gate's verdict as a short pull-request comment (Markdown), from a checked
gate_result.json (contracts/gate_result.py).

The document comes from an artifact a pull request's own workflow made: every text in it
goes through markdown_text(), which makes it literal (no link, image, HTML, emphasis,
autolink, @mention or #issue reference can come of it). Numbers are formatted here; the only links are the
run's, which comes from GitHub's event or GitLab's pipeline, not from the artifact.

A reviewer reads it in ten seconds: the verdict (passed, failed, or inconclusive with how
many cells could not rule out the slowdown required and what the gate could detect) and the
commit it describes, in its title; how both
builds were measured, the cells that moved most (at most TOP of each kind), what the gate
could have detected, and for the instructions signal what was not counted and the functions
whose counts grew; the rest stays in the run's report. Values carry their magnitude's unit and
changes its decimals (contracts/magnitudes.py).
"""

import re

from latency_gate.contracts import gate_result, magnitudes, run_metadata
from latency_gate.render import bisect_report, markdown
from latency_gate.render.markdown import code_span, markdown_text

MARKER = "<!-- latency-gate: pull-request comment -->"
_HEAD_MARKER = re.compile(r"<!-- latency-gate head: ([0-9a-f]{40}|[0-9a-f]{64}) -->")
TOP = 10  # cells of each kind listed; the rest are counted
TOP_FUNCTIONS = 5  # functions listed under a regressed cell
NAME_LIMIT = 80  # characters of a function's name shown
MAX_CHARACTERS = 60_000  # GitHub refuses a comment over 65,536
RUN_URL = re.compile(r"https?://[^\s()<>\[\]]+")  # a run's address, safe inside a Markdown link


def described_head(body):
    """The head commit a comment of ours describes, or None."""
    match = _HEAD_MARKER.search(body)
    return match[1] if match else None


def _change(record, ratio):
    """A ratio PR / base as a change in percent, with the decimals of the record's magnitude (a
    count's changes are tenths of a percent); a magnitude this reader does not know gets two."""
    magnitude = magnitudes.BY_NAME.get(record["magnitude"])
    return f"{(ratio - 1) * 100:+.{magnitude.change_decimals if magnitude else 2}f}%"


def _value(record, key):
    """A record's value with its unit: '16.436 us', '52,310 instructions'."""
    magnitude = magnitudes.BY_NAME.get(record["magnitude"])
    value = magnitude.value_text(record[key]) if magnitude else f"{record[key]:,.3f}"
    return f"{value} {markdown_text(record['unit'])}"


def _cell(record):
    return markdown_text(f"{record['subexperiment']} {record['bytes']} B {record['magnitude']}")


def _table(title, records, columns, row):
    if not records:
        return []
    lines = [f"**{title}**", "", *markdown.table(columns, [row(record) for record in records[:TOP]])]
    if len(records) > TOP:
        lines.append(f"\n…and {len(records) - TOP} more in the run's report.")
    return lines + [""]


def _changes(record):
    low, high = record["interval"]
    return [_cell(record), _change(record, record["ratio"]), f"{_change(record, low)} .. {_change(record, high)}"]


def _functions(regressions):
    lines = []
    for record in regressions[:TOP]:
        # The document's order (analysis/code_path.py innermost_first): re-sorted by delta, the outermost
        # caller, which holds every callee's growth, would come first.
        grown = [f for f in record.get("functions", []) if f["delta"] > 0]
        if grown:
            lines.append(f"- {_cell(record)}: " + "; ".join(
                f"{markdown_text(f['function'], NAME_LIMIT)} {f['delta']:+,} ({f['share']:.0%})"
                for f in grown[:TOP_FUNCTIONS]))
    return ["**Functions whose instruction counts grew** (change per round trip, share of the cell's growth)", "",
            *lines, ""] if lines else []


def _differences(result):
    """The builds' differences besides their code, one line (analysis/build_comparison.py)."""
    differences = result.get("build_differences", [])
    if not differences:
        return []
    shown = "; ".join(f"{markdown_text(item['what'])}: base {code_span(item['base'], NAME_LIMIT)}, "
                      f"PR {code_span(item['pr'], NAME_LIMIT)}" for item in differences[:TOP])
    return [f"> **The builds differ besides their code:** {shown}" + ("; ..." if len(differences) > TOP else "")
            + ".", ""]


def _bisect(result):
    """The commits a bisect of the regressed cells found (contracts/bisect_result.py), one line each."""
    bisected = result.get("bisect")
    if not bisected:
        return []
    lines = []
    for cell in bisected["cells"]:
        for culprit in cell["culprits"]:
            where = f", in {markdown_text(culprit['function'], NAME_LIMIT)}" if culprit["function"] else ""
            lines.append(f"- `{culprit['sha'][:7]}` *{markdown_text(culprit['subject'], NAME_LIMIT)}*: "
                         f"{culprit['delta']:+,.2f} instructions per round trip at {cell['bytes']} B "
                         f"({markdown_text(cell['subexperiment'])}){where}")
        where = f"{cell['bytes']} B ({markdown_text(cell['subexperiment'])})"
        lines += [f"- {bisect_report.gradual_line(gradual, where)}" for gradual in cell.get("gradual", [])]
    status = "" if bisected["complete"] else f" (stopped early: {markdown_text(bisected['stopped'] or 'time', 200)})"
    return [f"**Commits that moved the regressed cells** (bisect of {bisected['commits']} commits{status})", "",
            *(lines[:TOP] or ["- none located"]), ""]


def _allocations(result):
    """A counted gate's cells whose heap allocations per round trip moved, and those that allocate where
    the team allows none, each with its allocating functions."""
    moved, steady = result.get("allocation_changes", []), result.get("steady_allocations", [])
    lines = [f"- {markdown_text(cell['subexperiment'])} {cell['bytes']} B: {cell['base']:.2f} -> {cell['pr']:.2f} "
             f"per round trip" + ("; " + "; ".join(f"{markdown_text(f['function'], NAME_LIMIT)} {f['delta']:+.2f}"
                                                   for f in cell["functions"][:TOP_FUNCTIONS]) if cell["functions"] else "")
             for cell in moved[:TOP]]
    lines += [f"- {markdown_text(cell['subexperiment'])} {cell['bytes']} B allocates where none is allowed: "
              + "; ".join(f"{markdown_text(f['function'], NAME_LIMIT)} {f['per_round_trip']:.2f} per round trip"
                          for f in cell["functions"][:TOP_FUNCTIONS]) for cell in steady[:TOP]]
    return ["**Heap allocations per round trip** (base -> PR; the allocating functions that grew)", "", *lines, ""] \
        if lines else []


def allocation_failure_texts(result):
    """What failed a counted gate on its heap allocations (gate_result.json's or the gate's details):
    ['2 cell(s) with more heap allocations per round trip', '1 cell(s) allocating where none is
    allowed'], [] when nothing did."""
    grew, steady = gate_result.allocation_failures(result)
    return ([f"{len(grew)} cell(s) with more heap allocations per round trip"] if grew else []) + (
        [f"{len(steady)} cell(s) allocating where none is allowed"] if steady else [])


def _detectable_text(result):
    """Per gated magnitude, the least sensitive sub-experiment's median detectable slowdown."""
    worst = gate_result.least_sensitive(result.get("detectable", {}), result.get("settings", {}).get("gated", []))
    shown = [f"{markdown_text(magnitude)}: +{magnitudes.percent_text(effect)} ({markdown_text(name)})"
             for magnitude, (name, effect) in list(worst.items())[:TOP]]
    return ", ".join(shown) + (", ..." if len(worst) > TOP else "")


def _flame_graphs(result):
    """Where the changed cells' flame graphs are: files of the run's artifact (a comment cannot
    link a file inside an artifact, only the run); and why some were not drawn (inferno missing)."""
    drawn, not_drawn = result.get("flamegraphs", []), result.get("flamegraphs_not_drawn", [])
    lines = [f"Flame graphs of {len(drawn)} changed cell(s), red grew and blue shrank, are in the run's artifact: "
             + ", ".join(markdown_text(entry["svg"]) for entry in drawn[:TOP]) + ("; ..." if len(drawn) > TOP else "")
             + "."] if drawn else []
    lines += [markdown_text(line) for line in not_drawn[:TOP]]
    return [" ".join(lines), ""] if lines else []


def detectable_meaning(counted):
    """What a detectable effect is. Not what a pass rules out: a pass rules out the minimum effect
    (or the required one) in every gated cell, whatever its detectable effect."""
    return (f"the smallest {'increase' if counted else 'slowdown'} this gate would have confirmed (failed on) "
            f"in {gate_result.DETECTION_POWER:.0%} of such gates at the noise it measured")


def _detectable(result):
    """One line: what the gate could have confirmed."""
    text = _detectable_text(result)
    if not text:
        return []
    return [f"Detectable: {text}, the least sensitive sub-experiment's median over its payloads of "
            f"{detectable_meaning(result.get('signal') == 'instructions')}.", ""]


def not_counted_text(counted_path):
    """What a counted gate did not see; `counted_path`: the backend's counted path
    (runner/counting.py CountedPath.description) as the gate recorded it, or None."""
    inside = f" ({counted_path})" if counted_path else ""
    return (f"Counted under valgrind (callgrind): the instructions executed per round trip on the backend's counted "
            f"path{inside}, whatever the runner's load. Not counted: whatever runs outside that path, and system "
            "calls, the kernel's network path, scheduling, lock waits and wake-ups (the latency gate on a real-time "
            "runner times those).")


def gate_name(signal, gated):
    """What a gate is called: the code-path gate (the instructions signal), else a timed gate of its
    kind (a throughput gate gates 1/throughput alone); `gated` its gated magnitudes."""
    if signal == "instructions":
        return "Code-path gate"
    return "Throughput gate" if list(gated) == ["1/throughput"] else "Latency gate"


def measured_text(rounds, signal, gated, record):
    """'8 interleaved rounds of 500 samples' ('3 rounds' counted): what each build ran; a throughput
    gate's run is its cases, each for a time ('of 3 cases of 1 s'). `record`: gate_result.json or the
    gate's details (an older document without its cases says no more than its rounds)."""
    measured = f"{rounds} {'rounds' if signal == 'instructions' else 'interleaved rounds'}"
    if gate_name(signal, gated) == "Throughput gate":
        cases = record.get("cases")
        return measured + (f" of {cases} case{'' if cases == 1 else 's'} of {record['test_time_s']} s" if cases else "")
    return measured + (f" of {record['samples']} samples" if "samples" in record else "")


def _title(result):
    name = gate_name(result.get("signal"), result.get("settings", {}).get("gated", []))
    return f"{name} (instructions)" if result.get("signal") == "instructions" else name


_VERDICT_MARK = {"passed": "✅ passed", "failed": "❌ failed", "inconclusive": "⚠️ inconclusive"}


def _required(result):
    """The slowdown every gated cell had to rule out, in percent, and whether the team required it."""
    settings = result.get("settings", {})
    if "require_detectable" in settings:
        return magnitudes.percent_text(settings["require_detectable"]), True
    return (magnitudes.percent_text(settings["min_effect"]) if "min_effect" in settings else None), False


def _unsure(result):
    """The title's tail of an inconclusive gate: how many cells could not rule out what, and what it could detect."""
    required, team = _required(result)
    change = "increase" if result.get("signal") == "instructions" else "slowdown"
    article = "the required" if team else "an" if change == "increase" else "a"
    size = f"{article} {change} of {required}" if required else "the minimum effect"
    detectable = _detectable_text(result)
    return (f": {result.get('not_ruled_out', 'some')} of {result['cells']} cells could not rule out {size}"
            + (f"; detectable {detectable}" if detectable else ""))


def render(result, run_url, current_head=None):
    """The comment's Markdown: `result` a checked gate_result.json with its `head_sha`,
    `run_url` the gate's run, `current_head` the pull request's head now (when it moved on)."""
    if not RUN_URL.fullmatch(run_url):
        raise ValueError(f"not a run address: {run_url!r}")
    head = result["head_sha"]
    title = _title(result)
    regressions, over = result.get("regressions", []), result.get("ceiling_over", [])
    verdict = result["verdict"]
    lines = [MARKER, f"<!-- latency-gate head: {head} -->",
             f"### {title} {_VERDICT_MARK[verdict]} for `{head[:12]}`"
             + (_unsure(result) if verdict == "inconclusive" else ""), ""]
    if current_head and current_head != head:
        lines += [f"> The pull request has moved on to `{current_head[:12]}`: this describes `{head[:12]}`, "
                  "the newer commit's gate has not reported yet.", ""]
    counts = result["counts"]
    settings = result.get("settings", {})
    gated = ", ".join(markdown_text(m) for m in settings.get("gated", []))
    counted = ", ".join(f"{counts.get(verdict, 0)} {verdict}" for verdict in gate_result.VERDICTS)
    if "require_detectable" in settings and "min_effect" in settings:
        # the title counts the cells against the required slowdown, the verdicts are at the minimum effect
        counted += f" (at the {magnitudes.percent_text(settings['min_effect'])} minimum effect)"
    measured = measured_text(result["rounds"], result.get("signal"), settings.get("gated", []), result)
    # what failed the gate besides its cells' verdicts: the ceiling, a counted gate's heap allocations
    failing = ([f"{len(over)} over the requirements ceiling"] if over else []) + allocation_failure_texts(result)
    lines += [f"{result['cells']} cells gated ({gated}) after {measured}: {counted}"
              + "".join(f"; {text}" for text in failing) + ".", ""]
    if "min_effect" in settings and "alpha" in settings:
        increase = ("slowdown" if result.get("signal") != "instructions" else "increase in " + " and ".join(
            magnitudes.BY_NAME[m].what if m in magnitudes.BY_NAME else markdown_text(m) for m in settings["gated"]))
        lines += [f"A regression is a confirmed {increase} of at least {magnitudes.percent_text(settings['min_effect'])} "
                  f"at a family-wise false-alarm rate of {magnitudes.percent_text(settings['alpha'])}.", ""]
    if result.get("signal") == "instructions":
        counted_path = result.get("counted_path")
        lines += [not_counted_text(markdown_text(counted_path, 300) if counted_path else None), ""]
    if "regime" in result:
        lines += [f"Both builds ran under: {markdown_text(run_metadata.regime_text(result['regime']), 400)}.", ""]
    lines += _differences(result)
    interval = f"Interval ({1 - settings['alpha']:.0%})" if "alpha" in settings else "Interval"
    lines += _table("Regressed", regressions, ["Cell", "PR / base", interval], _changes)
    lines += _table("Over the requirements ceiling (the base is under)", over, ["Cell", "Requirement", "PR"],
                    lambda r: [_cell(r), _value(r, "requirement"), _value(r, "pr")])
    lines += _table("Improved", sorted(result.get("improvements", []), key=lambda r: r["ratio"]),
                    ["Cell", "PR / base", interval], _changes)
    lines += _functions(regressions)
    lines += _bisect(result)
    lines += _allocations(result)
    lines += _flame_graphs(result)
    lines += _detectable(result)
    footer = (f"[The run]({run_url}): the full report is its summary; gate_report.md, the JUnit report, "
              "gate_cells.csv and the rounds are in its artifacts.")
    return _within_limit(lines, footer)


def _within_limit(lines, footer):
    """The comment's lines and footer, whole lines cut from the end to stay within MAX_CHARACTERS
    (TOP rows of capped texts stay well within it; a document at every cap does not), saying so."""
    body = "\n".join([*lines, footer]) + "\n"
    if len(body) <= MAX_CHARACTERS:
        return body
    budget, kept = MAX_CHARACTERS - len(footer) - 200, []
    for line in lines:
        budget -= len(line) + 1
        if budget < 0:
            break
        kept.append(line)
    cut = f"*The rest ({len(body) - sum(len(line) + 1 for line in kept)} characters) is cut: GitHub takes comments of " \
          f"{MAX_CHARACTERS} characters or fewer; the run's summary has it all.*"
    return "\n".join([*kept, "", cut, "", footer]) + "\n"
