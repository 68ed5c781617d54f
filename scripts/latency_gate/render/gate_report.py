"""The relative gate's verdict for people, CI and machines: gate_report.md (job summary),
gate_report.xml (JUnit), gate_result.json, gate_cells.csv and the ratio plots.

The verdict has three states (analysis/relative.py gate_verdict): passed, failed, and
inconclusive when some gated cell could not rule out the slowdown required; each report says
which on its first line. Values are shown in their magnitude's unit (contracts/magnitudes.py).
"""

from xml.etree import ElementTree

import numpy as np

from latency_gate.contracts import gate_result, magnitudes, run_metadata
from latency_gate.contracts.formats import write_csv, write_text_atomic
from latency_gate.analysis import code_path, relative
from latency_gate.campaigns.gate import minutes_text
from latency_gate.errors import EXIT_INCONCLUSIVE
from latency_gate.render import flame_graphs, gate_comment, markdown, plots


def _allocations_text(details):
    """', 2 cell(s) with more heap allocations per round trip, ...' of a failed counted gate, or ''."""
    return "".join(f", {text}" for text in gate_comment.allocation_failure_texts(details))


def verdict_line(decision, ceiling, settings, elapsed, details, verdict):
    """The gate's last line on the console: its verdict (gate_result.VERDICTS_OF_THE_GATE) and why."""
    regressions, over = relative.failures(decision, ceiling)
    rounds = int(decision["Rounds"].iloc[0])
    if verdict == relative.FAILED:
        return (f"Relative gate FAILED after {rounds} rounds ({minutes_text(elapsed)}): {len(regressions)} confirmed "
                f"regression(s)" + (f", {len(over)} cell(s) over the requirements ceiling" if over is not None else "")
                + _allocations_text(details))
    return (f"Relative gate {verdict.upper()} after {rounds} rounds ({minutes_text(elapsed)}): no confirmed regression"
            + (f"; {_not_ruled_out_text(decision, settings)}" if verdict == relative.INCONCLUSIVE else ""))


def _not_ruled_out_text(decision, settings):
    """'19 of 22 gated cells could not rule out a slowdown of 5%; detectable: Median: +33% (...), ...'."""
    unsure = int(relative.not_ruled_out(decision, settings.required_effect).sum())
    change = "increase" if _counted(settings) else "slowdown"
    article = "the required" if settings.require_detectable is not None else "an" if _counted(settings) else "a"
    return (f"{unsure} of {int(decision['Gated'].sum())} gated cells could not rule out {article} {change} of "
            f"{magnitudes.percent_text(settings.required_effect)}; detectable: "
            f"{detectable_text(detectable_effects(decision), settings.gated)}")


def _counted(settings):
    """Whether the gated magnitudes are counts: a change of theirs is an increase, not a slowdown."""
    return all(magnitudes.of(name).counted for name in settings.gated)


def detectable_text(detectable, gated):
    """Per gated magnitude, the least sensitive sub-experiment's median detectable slowdown:
    'Median: +33% (interprocess_reliable), 99%: +40% (...)'."""
    worst = gate_result.least_sensitive(detectable, gated)
    return ", ".join(f"{magnitude}: +{magnitudes.percent_text(effect)} ({name})"
                     for magnitude, (name, effect) in worst.items())


def cell_table(decision, ceiling):
    """gate_cells.csv: the decision per cell, with the ceiling columns where requirements were given."""
    table = decision.copy()
    if ceiling is not None:
        table = table.merge(
            ceiling[[*relative.CELL, "Requirement", "Ceiling"]], on=relative.CELL, how="left"
        )
    return table


# Ratios and bounds near 1 need more than a value's 3 decimals (+0.23 % and +0.16 % both read 1.002,
# a bound of 1.002 reads as a 0.2 % minimum) and adjusted p-values significant digits (4e-07 read
# 0.000): gate_cells.csv's and gate_result.json's.
RATIO_DECIMALS = 6
P_DIGITS = 3
_RATIO_COLUMNS = ("Ratio", "Low", "High", "Detectable", "Ruled out above")


def _ratio(value):
    return round(float(value), RATIO_DECIMALS)


def _p_value(value):
    return float(f"{float(value):.{P_DIGITS}g}")


def write_cells(decision, ceiling, results):
    """gate_cells.csv (cell_table) in `results`: its ratios and bounds with RATIO_DECIMALS, its adjusted
    p-values with P_DIGITS significant digits, every other number with the CSV's 3 decimals."""
    table = cell_table(decision, ceiling)
    columns = [column for column in _RATIO_COLUMNS if column in table]
    table[columns] = table[columns].astype(object).map(
        lambda value: value if np.isnan(value) else f"{value:.{RATIO_DECIMALS}f}")
    table["p"] = table["p"].astype(object).map(lambda value: value if np.isnan(value) else f"{value:.{P_DIGITS}g}")
    write_csv(table, results / gate_result.CELLS_FILE, infinite_allowed=True)


REPORT_FILE, JUNIT_FILE = "gate_report.md", "gate_report.xml"


def write_reports(outcome, flamegraphs=(), not_drawn=()):
    """Write a gate's reports (campaigns/gate.GateOutcome), with the flame graphs drawn and why any is
    not (render/flame_graphs.draw_gate); returns its verdict line."""
    results, decision, ceiling, settings, verdict = (outcome.results, outcome.decision, outcome.ceiling,
                                                     outcome.settings, outcome.verdict)
    # gate_result.json's keys in their order: the run's, the flame graphs', the code path's, the head commit.
    details = (outcome.details | ({"flamegraphs": list(flamegraphs)} if flamegraphs else {})
               | ({"flamegraphs_not_drawn": list(not_drawn)} if not_drawn else {}) | outcome.findings
               | ({"head_sha": outcome.head_sha} if outcome.head_sha else {}))
    line = verdict_line(decision, ceiling, settings, outcome.elapsed_s, details, verdict)
    write_cells(decision, ceiling, results)  # the numbers before the slower plots
    batch = plots.PlotBatch()
    gated = decision[decision["Gated"]]
    for name, cells in gated.groupby(relative.SUBEXPERIMENT, sort=False):
        batch.add_gate_ratios(name, cells, settings.min_effect, results / "plots")
    batch.render()
    write_text_atomic(results / REPORT_FILE, markdown_report(decision, ceiling, settings, details, verdict))
    write_text_atomic(results / JUNIT_FILE, junit_report(decision, ceiling))
    gate_result.write(results, result_document(decision, ceiling, outcome.looks, settings, details, verdict))
    return line


def _cell_name(row):
    return f"{row[relative.SUBEXPERIMENT]} {row[relative.BYTES]} B {row[relative.MAGNITUDE]}"


def _change(row, column="Ratio"):
    """A row's ratio as a change in percent, with its magnitude's decimals."""
    return magnitudes.of(row[relative.MAGNITUDE]).change_text(row[column])


def _is_count(details):
    return details.get("signal") == "instructions"


def _valued(frame, *columns):
    """(headers, row -> texts) of `columns` of the cells in `frame`: the unit in the header when
    they share one ("Base [us]"), else beside each value ("Base": "12,345 instructions")."""
    unit = magnitudes.unit_of(frame[relative.MAGNITUDE])

    def texts(row):
        magnitude = magnitudes.of(row[relative.MAGNITUDE])
        return [magnitude.value_text(row[column]) + ("" if unit else f" {magnitude.unit}") for column in columns]
    return [f"{column} [{unit}]" if unit else column for column in columns], texts


_VARIANCE_TEXT = {"cell": "each cell's variance from its own rounds",
                  "moderated": "variances moderated across the payloads of a sub-experiment"}


def markdown_report(decision, ceiling, settings, details, verdict):
    """Job summary: the verdict (gate_result.VERDICTS_OF_THE_GATE) on its first line, then regressions, ceiling
    breaches, improvements, inconclusive cells."""
    regressions, over = relative.failures(decision, ceiling)
    gated = decision[decision["Gated"]]
    rounds = int(decision["Rounds"].iloc[0])
    counted = _is_count(details)
    worse = " / ".join(dict.fromkeys(magnitudes.of(m).worse for m in settings.gated))
    guard = ("an exact rank test finds every PR run above the base's runs" if settings.guard == "rank"
             else "an exact sign-flip test finds the slowdown consistent across rounds")
    title = (gate_comment.gate_name(details.get("signal"), settings.gated)
             + (" (instructions per round trip: pull request vs base)" if counted else " (relative: pull request vs base)"))
    lines = [
        f"## {title}: {verdict.upper()}", "",
        f"**{verdict.upper()}**: {len(regressions)} confirmed regression(s) among {len(gated)} gated cells after "
        f"{gate_comment.measured_text(rounds, details.get('signal'), settings.gated, details)} "
        f"({details['duration_s']:.0f} s)" + _allocations_text(details)
        + (f"; {_not_ruled_out_text(decision, settings)}" if verdict == relative.INCONCLUSIVE else "") + ".",
        "",
        f"A cell (sub-experiment x payload x {' / '.join(settings.gated)}) is a regression when the pull request "
        f"{'needs' if counted else 'is'} at least {magnitudes.percent_text(settings.min_effect)} {worse} than its base, "
        "a paired t-test over "
        f"the rounds' log ratios PR / base ({_VARIANCE_TEXT[settings.variance]}) says so at a family-wise false-alarm "
        f"rate of {magnitudes.percent_text(settings.alpha)} over all gated cells (Holm), "
        f"and {guard}. Ratios are PR / base geometric "
        f"means over rounds; each side of an interval is a {1 - settings.alpha:.0%} bound simultaneous over the gated "
        "cells (Bonferroni, the test's first Holm step). The gate passes when "
        f"every gated cell rules out {'an increase' if counted else 'a slowdown'} of "
        f"{magnitudes.percent_text(settings.required_effect)} "
        + (f"(required: a gate that cannot exits {EXIT_INCONCLUSIVE})" if settings.require_detectable is not None
           else "(the minimum effect)")
        + f" at {settings.clear_confidence:.0%} confidence, and is inconclusive when one cannot.",
        "",
    ]
    if counted:
        lines += [gate_comment.not_counted_text(details.get("counted_path")), ""]
    else:
        lines += [f"Both builds ran under: {run_metadata.regime_text(details['regime'])}.", ""]
    lines += _differences_section(details)
    if details.get("below_resolution"):
        lines += [f"Not gated, at or below the clock's resolution (0 us in some round): "
                  f"{', '.join(details['below_resolution'])}.", ""]
    if details["requirements_comparability"]:
        lines += ["> **The requirements ceiling is not like with like:** "
                  + "; ".join(details["requirements_comparability"]), ""]

    def table(frame, title):
        if frame.empty:
            return []
        headers, values = _valued(frame, "Base", "PR")
        rows = [[_cell_name(row), *values(row), _change(row), f"{_change(row, 'Low')}..{_change(row, 'High')}",
                 str(row["Reason"])] for _, row in frame.iterrows()]
        return [f"### {title}", "", *markdown.table(["Cell", *headers, "Change", "Interval", "Why"], rows, "lrrrll"),
                ""]

    lines += table(regressions, "Confirmed regressions")
    lines += _functions_section(regressions, details.get("functions") or {})
    lines += flame_graphs.report_section(details)
    if counted:
        lines += _allocations_section(details)
        lines += _spread_section(details, settings)
        lines += _estimated_cycles_section(decision, settings)
    if over is not None and len(over):
        headers, values = _valued(over, "Requirement", "Base", "PR")
        lines += ["### Over the requirements ceiling (the base is under)", ""]
        lines += markdown.table(["Cell", *headers, "PR over by"],
                                [[_cell_name(row), *values(row), _change(row)] for _, row in over.iterrows()])
        lines.append("")
    stale = 0 if ceiling is None else int((ceiling["Ceiling"] == relative.CEILING_STALE).sum())
    if stale:
        lines += [f"{stale} cell(s) are over their requirement in the base build as well: the requirements are "
                  "stale for this machine (regenerate them); not counted against the pull request.", ""]
    improvements = gated[gated["Verdict"] == relative.IMPROVEMENT].sort_values("Ratio")
    lines += table(improvements, "Improvements")
    inconclusive = gated[gated["Verdict"] == relative.INCONCLUSIVE].sort_values("Ratio", ascending=False)
    if len(inconclusive):
        lines += [f"{len(inconclusive)} cell(s) stayed inconclusive (neither confirmed nor ruled out at the minimum "
                  "effect). The slowest ten:", ""]
        lines += table(inconclusive.head(10), "Inconclusive")
    advisory = decision[~decision["Gated"] & (decision["Verdict"] == relative.REGRESSION)]
    if len(advisory):
        lines += table(advisory.sort_values("Ratio", ascending=False).head(10),
                       "Advisory (not gated): regressions in " + ", ".join(sorted(set(advisory[relative.MAGNITUDE]))))
    detectable = detectable_effects(decision)
    gated_magnitudes = [m for m in settings.gated if m in set(gated[relative.MAGNITUDE])]
    lines += ["### Sub-experiments", "",
              f"Detectable: {gate_comment.detectable_meaning(counted)}, per magnitude: median over the payloads "
              "(largest).", ""]
    rows = []
    for name, cells in gated.groupby(relative.SUBEXPERIMENT, sort=False):
        counts = cells["Verdict"].value_counts()
        worst = cells.loc[cells["Ratio"].idxmax()]
        rows.append([name, *(str(counts.get(verdict, 0)) for verdict in (
                         relative.REGRESSION, relative.INCONCLUSIVE, relative.NO_REGRESSION, relative.IMPROVEMENT)),
                     f"{_change(worst)} ({worst[relative.BYTES]} B {worst[relative.MAGNITUDE]})",
                     *(f"+{magnitudes.percent_text(detectable[name][m]['median'])} "
                       f"(+{magnitudes.percent_text(detectable[name][m]['max'])})" for m in gated_magnitudes)])
    lines += markdown.table(["Sub-experiment", "Regression", "Inconclusive", "No regression", "Improvement",
                             "Largest change", *(f"Detectable ({m})" for m in gated_magnitudes)], rows)
    return "\n".join(lines) + "\n"


def estimated_cycles(decision):
    """The code-path gate's estimated cycles per round trip, per cell: [{subexperiment, bytes,
    base, pr, ratio, verdict}] (gate_result.json's estimated_cycles)."""
    cells = decision[decision[relative.MAGNITUDE] == relative.ESTIMATED_CYCLES]
    return [{"subexperiment": row[relative.SUBEXPERIMENT], "bytes": int(row[relative.BYTES]),
             "base": round(float(row["Base"]), 1), "pr": round(float(row["PR"]), 1),
             "ratio": _ratio(row["Ratio"]), "verdict": row["Verdict"]} for _, row in cells.iterrows()]


def _estimated_cycles_section(decision, settings):
    """Beside the instructions, per sub-experiment: what the cache simulation's estimated cycles
    per round trip did (gated only when --gate-magnitudes names them)."""
    cells = decision[decision[relative.MAGNITUDE] == relative.ESTIMATED_CYCLES]
    if cells.empty:
        return []
    gated = relative.ESTIMATED_CYCLES in settings.gated
    lines = ["### Estimated cycles per round trip" + ("" if gated else " (reported, not gated)"), "",
             "callgrind's cache simulation weighted as iai-callgrind's EstimatedCycles (L1 hits + 5 x last-level "
             "hits + 35 x memory accesses): what the instructions cost on a simulated cache, not a clock.", ""]
    rows = []
    for name, group in cells.groupby(relative.SUBEXPERIMENT, sort=False):
        first, worst = group.iloc[0], group.loc[group["Ratio"].idxmax()]
        base, pr = _valued(group, "Base", "PR")[1](first)
        rows.append([name, f"{base} ({first[relative.BYTES]} B)", pr, f"{_change(worst)} ({worst[relative.BYTES]} B)",
                     str(int((group["Verdict"] == relative.REGRESSION).sum()))])
    lines += markdown.table(["Sub-experiment", "Base [cycles] (smallest payload)", "PR [cycles]", "Largest change",
                             "Regressions"], rows)
    return lines + [""]


def _functions_section(regressions, functions):
    """Per regressed cell, the functions whose inclusive instructions per round trip grew most."""
    lines = []
    for _, row in regressions.iterrows():
        listed = functions.get(code_path.cell_key(row[relative.SUBEXPERIMENT], row[relative.BYTES]))
        if not listed:
            continue
        lines += [f"#### Where: {row[relative.SUBEXPERIMENT]} {row[relative.BYTES]} B", "",
                  "Inclusive instructions per round trip (a caller includes its callees); the innermost function "
                  "with most of the change is where to look.", ""]
        lines += markdown.table(["Function", "Base", "PR", "Delta", "Share of the change"],
                                [[markdown.code_span(entry["function"], 160, in_table=True), f"{entry['base']:,}",
                                  f"{entry['pr']:,}",
                                  f"{entry['delta']:+,}", f"{entry['share']:.0%}"] for entry in listed])
        lines.append("")
    return lines


def detectable_effects(decision):
    """{sub-experiment: {magnitude: {"median", "max"}}}: the gated cells' detectable slowdowns
    (ratio - 1) over the payloads."""
    gated = decision[decision["Gated"]]
    effects = {}
    for (name, magnitude), cells in gated.groupby([relative.SUBEXPERIMENT, relative.MAGNITUDE], sort=False):
        slowdown = cells["Detectable"].to_numpy(float) - 1
        effects.setdefault(name, {})[magnitude] = {"median": _ratio(np.median(slowdown)), "max": _ratio(slowdown.max())}
    return effects


def junit_report(decision, ceiling):
    """JUnit XML: one test case per gated cell; a failure for a confirmed regression or ceiling breach."""
    gated = decision[decision["Gated"]]
    over = set()
    if ceiling is not None:
        over = {tuple(row) for row in
                ceiling.loc[ceiling["Ceiling"] == relative.CEILING_OVER, relative.CELL].itertuples(index=False)}
    suites = ElementTree.Element("testsuites", name="latency relative gate", tests=str(len(gated)))
    total_failures = 0
    for name, cells in gated.groupby(relative.SUBEXPERIMENT, sort=False):
        suite = ElementTree.SubElement(suites, "testsuite", name=name, tests=str(len(cells)))
        failures = 0
        for _, row in cells.iterrows():
            case = ElementTree.SubElement(suite, "testcase", classname=f"latency.relative.{name}",
                                          name=f"{row[relative.MAGNITUDE]} {row[relative.BYTES]} B")
            messages = []
            if row["Verdict"] == relative.REGRESSION:
                messages.append(f"regression: {row['Reason']}")
            if (name, row[relative.BYTES], row[relative.MAGNITUDE]) in over:
                messages.append("over the requirements ceiling")
            if messages:
                failures += 1
                ElementTree.SubElement(case, "failure", message="; ".join(messages), type="LatencyRegression").text = \
                    "; ".join(messages)
            else:
                ElementTree.SubElement(case, "system-out").text = f"{row['Verdict']}: {row['Reason']}"
        suite.set("failures", str(failures))
        total_failures += failures
    suites.set("failures", str(total_failures))
    ElementTree.indent(suites)
    return ElementTree.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"


def _cell_record(row):
    return {
        "subexperiment": row[relative.SUBEXPERIMENT], "bytes": int(row[relative.BYTES]),
        "magnitude": row[relative.MAGNITUDE], "base": round(float(row["Base"]), 3),
        "pr": round(float(row["PR"]), 3), "unit": row["Unit"], "ratio": _ratio(row["Ratio"]),
        "interval": [_ratio(row["Low"]), _ratio(row["High"])],
        "p_adjusted": _p_value(row["p"]), "verdict": row["Verdict"], "reason": row["Reason"],
    }


def _differences_section(details):
    """What differed between the builds besides their code (analysis/build_comparison.py)."""
    if "build_differences" not in details:
        return []
    differences = details["build_differences"]
    if not differences:
        return ["Besides their code, nothing differed between the builds that the gate compares: the middleware's "
                "version, the CMake configurations of the workspaces holding them (build type, compilers, flags; a "
                "program outside a workspace has none), and the runs' settings, machine and kernel.", ""]
    return ["> **The builds differ besides their code:** " + "; ".join(
        f"{markdown.markdown_text(item['what'])}: base {markdown.code_span(item['base'])}, "
        f"PR {markdown.code_span(item['pr'])}" for item in differences)
        + ". A change in the verdict may be theirs rather than the code's.", ""]


def _allocations_section(details):
    """A counted gate's heap allocations per round trip: the cells that moved, with the allocating
    functions that grew, and the cells that allocate where none is allowed."""
    changed = details.get("allocation_changes", [])
    lines = ["### Heap allocations per round trip", "",
             f"Calls into the heap (malloc, operator new, ...) on the counted path, every process summed; a cell moved "
             f"when every PR run allocates more (or less) than every base run, by at least "
             f"{code_path.ALLOCATION_STEP:g} per round trip and {code_path.ALLOCATION_SPREADS:g} standard deviations of "
             f"its sub-experiment's runs. {'Cells that moved:' if changed else 'No cell moved.'}", ""]
    if changed:
        lines += markdown.table(
            ["Cell", "Base", "PR", "Verdict", "Allocating functions that grew (per round trip)"],
            [[f"{cell['subexperiment']} {cell['bytes']} B", f"{cell['base']:.2f}", f"{cell['pr']:.2f}", cell["verdict"],
              "; ".join(f"{markdown.code_span(f['function'], 160, in_table=True)} {f['delta']:+.2f}"
                        for f in cell["functions"][:TOP_FUNCTIONS])] for cell in changed],
            "lrrll")
        lines.append("")
    if details.get("no_allocations"):
        steady = details.get("steady_allocations", [])
        lines += [f"No allocation per round trip is allowed in {', '.join(details['no_allocations'])}: "
                  + ("none found." if not steady else f"{len(steady)} cell(s) allocate:"), ""]
        lines += [f"- {cell['subexperiment']} {cell['bytes']} B: "
                  + "; ".join(f"{markdown.code_span(f['function'], 160)} {f['per_round_trip']:.2f} per round trip"
                              for f in cell["functions"][:TOP_FUNCTIONS])
                  for cell in steady]
        lines += [""] if steady else []
    return lines


SPREAD_CELLS_SHOWN = 10  # the least sensitive; gate_result.json's spread_causes holds every one
TOP_FUNCTIONS = 10  # allocating functions listed per cell; gate_result.json holds every one


def _spread_section(details, settings):
    """Why the counted cells that cannot detect the increase required cannot: their runs' spread of
    instructions per round trip and the functions it is in (analysis/code_path.py spread_causes)."""
    cells = details.get("spread_causes") or []
    if not cells:
        return []
    lines = [f"### Why {len(cells)} cell(s) cannot detect +{magnitudes.percent_text(settings.required_effect)}", "",
             "The spread of instructions per round trip between runs of the same build (relative standard deviation, "
             "each build's runs about their own mean) and where it is: the share of the cell's variance that moves "
             "with a function's inclusive instructions, and that function's spread (instructions per round trip). "
             "Shares nest as inclusive counts do (a caller holds its callees'): per tenth of the spread the innermost "
             "function holding it. A detectable increase of many times the spread says the rounds are the limit, "
             "not the path: over many gated cells the adjusted test needs many standard errors when the rounds are "
             "few (`--rounds` raises them); one of a few times the spread says the path's spread is.", ""]
    for cell in cells[:SPREAD_CELLS_SHOWN]:
        where = ", ".join(f"{function['share']:.0%} in {markdown.code_span(_short_name(function['function']))} "
                          f"(±{function['spread']:,})" for function in cell["functions"])
        limit = (f"{cell['detectable'] / cell['spread']:.1f}× the runs' spread" if cell["spread"] > 0
                 else "no spread between runs: the rounds alone")
        lines.append(f"- {cell['subexperiment']} {cell['bytes']} B: detectable +{magnitudes.percent_text(cell['detectable'])} "
                     f"({limit}), runs' spread {magnitudes.percent_text(cell['spread'])} over {cell['runs']} runs"
                     + (f"; {where}." if where else "; no function holds a tenth of it."))
    if len(cells) > SPREAD_CELLS_SHOWN:
        lines.append(f"- {len(cells) - SPREAD_CELLS_SHOWN} more in gate_result.json (`spread_causes`).")
    return lines + [""]


def _short_name(function):
    """A C++ function's name without its parameter list (gate_result.json keeps the whole)."""
    cut = function.find("(", 1)
    return (function[:cut] if cut > 0 else function)[:160]


def result_document(decision, ceiling, looks, settings, details, verdict):
    """gate_result.json (contracts/gate_result.py, whose write() checks every key): the verdict
    (gate_result.VERDICTS_OF_THE_GATE), its cells, settings and looks; for the instructions signal each
    regression lists the functions that grew (code_path.py)."""
    regressions, over = relative.failures(decision, ceiling)
    details = dict(details)
    functions = details.pop("functions", None) or {}
    gated = decision[decision["Gated"]]
    counts = gated["Verdict"].value_counts()
    return {
        "mode": "relative",
        "verdict": verdict,
        "not_ruled_out": int(relative.not_ruled_out(decision, settings.required_effect).sum()),
        "passed": verdict != relative.FAILED,
        "rounds": int(decision["Rounds"].iloc[0]),
        "cells": len(gated),
        "counts": {v: int(counts.get(v, 0)) for v in
                   (relative.REGRESSION, relative.INCONCLUSIVE, relative.NO_REGRESSION, relative.IMPROVEMENT)},
        "settings": {"alpha": settings.alpha, "min_effect": settings.min_effect,
                     "clear_confidence": settings.clear_confidence, "gated": list(settings.gated),
                     "variance": settings.variance, "guard": settings.guard}
                    | ({} if settings.require_detectable is None
                       else {"require_detectable": settings.require_detectable}),
        "detectable": detectable_effects(decision),
        "regressions": [_cell_record(row) | ({"functions": functions.get(
            code_path.cell_key(row[relative.SUBEXPERIMENT], row[relative.BYTES]), [])} if functions else {})
            for _, row in regressions.iterrows()],
        "improvements": [_cell_record(row) for _, row in gated[gated["Verdict"] == relative.IMPROVEMENT].iterrows()],
        **({"estimated_cycles": cycles} if (cycles := estimated_cycles(decision)) else {}),
        "ceiling_over": [] if over is None else [
            {"subexperiment": row[relative.SUBEXPERIMENT], "bytes": int(row[relative.BYTES]),
             "magnitude": row[relative.MAGNITUDE], "requirement": round(float(row["Requirement"]), 3),
             "pr": round(float(row["PR"]), 3), "unit": row["Unit"]} for _, row in over.iterrows()
        ],
        "looks": looks,
        **details,
    }
