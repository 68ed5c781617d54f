"""The code-path gate's differential flame graphs: for each counted cell that regressed or improved,
an SVG of the pull request's call stacks whose frames are coloured by how their own instructions
changed from the base (red grew, blue shrank, the deeper the more), drawn by inferno (inferno-diff-folded, then
inferno-flamegraph; scripts/setup/install_flamegraph_tools.sh installs it).

Each build's stacks are the mean over its rounds of one run's (analysis/flame_graphs.py: every
process and thread of the cell summed), in instructions per run of that payload, the stacks
narrower than inferno draws cut back to their callers (flame_graphs.trimmed); a frame's tooltip
says the PR's inclusive instructions, its share of the PR's total and the change of its own
instructions in points of that total.
The folded stacks stay beside the SVG (contracts/folded_stacks.py) for other renderers.
"""

import shutil
import subprocess

from latency_gate.analysis import flame_graphs, relative
from latency_gate.contracts import folded_stacks
from latency_gate.contracts.formats import write_atomic
from latency_gate.errors import InputError
from latency_gate.render.gate_comment import markdown_text

DIFF, DRAW = "inferno-diff-folded", "inferno-flamegraph"
DRAWN_VERDICTS = (relative.REGRESSION, relative.IMPROVEMENT)
NOT_DRAWN_LIMIT = 400  # characters of a reason shown: a tool's error is cut to 300 (_draw_subexperiment)


def missing_tools():
    return [tool for tool in (DIFF, DRAW) if shutil.which(tool) is None]


def draw_gate(runs, decision, payloads, out):
    """Draw the flame graph of every gated instructions cell that regressed or improved, from a gate's
    runs (analysis/code_path.CountedRuns); returns ([{subexperiment, bytes, verdict, svg}] (svg relative
    to the results directory), [why a picture is missing]) for gate_result.json (`flamegraphs`,
    `flamegraphs_not_drawn`). Without inferno, or without a sub-experiment's profiles, nothing (of it)
    is drawn and a line, also on `out`, says why: a picture explains a verdict, it is not one, but its
    absence is said, not left to be noticed."""
    cells = decision[decision["Gated"] & decision["Verdict"].isin(DRAWN_VERDICTS)
                     & (decision[relative.MAGNITUDE] == relative.INSTRUCTIONS)]
    if cells.empty:
        return [], []
    if missing := missing_tools():
        return [], _said([f"Flame graphs not drawn: {' and '.join(missing)} not found "
                          "(scripts/setup/install_flamegraph_tools.sh installs inferno)"], out)
    drawn, not_drawn = [], []
    for subexperiment, group in cells.groupby(relative.SUBEXPERIMENT, sort=False):
        try:
            drawn += _draw_subexperiment(runs, subexperiment, group, payloads)
        except InputError as error:
            not_drawn.append(f"Flame graphs of {subexperiment} not drawn: {error}")
    return drawn, _said(not_drawn, out)


def _said(lines, out):
    for line in lines:
        print(line, file=out, flush=True)
    return lines


def _draw_subexperiment(runs, subexperiment, cells, payloads):
    """Each changed cell's folded stacks and differential SVG (draw_gate's entries)."""
    figures = flame_graphs.cell_stacks(runs, subexperiment, payloads, [int(payload) for payload in cells[relative.BYTES]])
    drawn = []
    for _, cell in cells.iterrows():
        payload = int(cell[relative.BYTES])
        figure = figures[payload]
        folded = {build: folded_stacks.folded_path(runs.results, subexperiment, payload, build) for build in figure.means}
        svg_path = folded_stacks.svg_path(runs.results, subexperiment, payload)
        for build, path in folded.items():
            folded_stacks.write(figure.means[build], path)
        # inferno's two steps, each fed the one before's output: the differential folded stacks, then the SVG
        piped = b""
        for command in ([DIFF, str(folded[relative.BASE]), str(folded[relative.PR])],
                        [DRAW, "--title", f"{subexperiment} {payload} B: instructions {(cell['Ratio'] - 1) * 100:+.2f}% "
                                          "(PR / base)",
                         "--subtitle", f"the pull request's call stacks, mean of {figure.runs} run(s); red grew, blue "
                                       "shrank",
                         "--countname", f"instructions in {figure.round_trips} round trips"]):
            done = subprocess.run(command, input=piped, capture_output=True)
            if done.returncode:
                raise InputError(f"{command[0]} failed (exit {done.returncode}): "
                                 f"{done.stderr.decode(errors='replace').strip()[:300]}")
            piped = done.stdout
        write_atomic(svg_path, lambda handle, svg=piped: handle.write(svg))
        drawn.append({"subexperiment": subexperiment, "bytes": payload, "verdict": cell["Verdict"],
                      "svg": svg_path.relative_to(runs.results).as_posix()})
    return drawn


def report_section(details):
    """gate_report.md's links to the flame graphs drawn (gate_result.json's `flamegraphs`) and why any
    changed cell's is missing (`flamegraphs_not_drawn`)."""
    drawn, not_drawn = details.get("flamegraphs") or [], details.get("flamegraphs_not_drawn") or []
    if not drawn and not not_drawn:
        return []
    lines = ["### Flame graphs", ""]
    if drawn:
        lines += ["The pull request's call stacks of each changed cell, every process and thread summed, each frame "
                  "coloured by how its own instructions changed from the base: red grew, blue shrank. A frame's "
                  "tooltip holds its inclusive instructions in the pull request, its share of the cell's total and the "
                  "change, in points of that total (files beside this report, in the gate's artifact):", ""] + [
            f"- [{entry['subexperiment']} {entry['bytes']} B ({entry['verdict']})]({entry['svg']})"
            for entry in drawn] + [""]
    return lines + [f"**{markdown_text(line, NOT_DRAWN_LIMIT)}**" for line in not_drawn] + ([""] if not_drawn else [])
