"""The relative gate's stop rule: when it looks, and when it stops. The gate
(campaigns/gate.py) and its proof harness (benchmarks/proof/) both run their looks through
stopping_look, so the procedure that was proven is the one that gates.

The gate looks at all rounds so far after `rounds` rounds, then every `look_every` rounds,
and at `max_rounds`. It stops early only to pass: at the first look where no cell is
unsettled (every gated cell cleared, nothing over or unsure against the requirements
ceiling). Otherwise it goes on to `max_rounds`, and only the verdict there can fail it; so
whatever the looks in between, a false alarm needs the Holm-adjusted tests at max_rounds
to reject, which happens in at most alpha of unchanged pull requests.

A counted gate (instruction counts, minutes a round under valgrind) goes on only to confirm: its
unsettled cells are the gated cells that look like regressions (and the cells whose heap
allocations look grown, which campaigns/gate.py adds), so it stops at its first look with
inconclusive cells (unless --require-detectable makes an inconclusive gate fail), and a cell that
looks like a regression there is decided on max_rounds rounds. A deterministic path
can still take one of a few states per run (an intra-process cell's GUID-keyed map one level
deeper: +24 instructions a look-up), and three runs of one build drawing the rarer state looked
like a regression (benchmarks/results/code-path-2026-11-27/identity-states/).
"""

from latency_gate.analysis import relative


def look_rounds(rounds, max_rounds, look_every):
    """After which rounds the gate looks: the first look, every look_every after it, and the last."""
    return sorted({*range(rounds, max_rounds + 1, look_every), max_rounds})


def unsettled_cells(verdict, gated, ceiling=None, confirm_only=False):
    """Gated cells not yet cleared (confirm_only: gated cells that look like regressions), plus
    cells over or unsure against the ceiling (a table of relative.ceiling, when requirements are
    given): the gate may stop only when there are none."""
    count = relative.regressions(verdict, gated) if confirm_only else relative.unsettled(verdict, gated)
    if ceiling is not None:
        count += int(ceiling["Ceiling"].isin((relative.CEILING_OVER, relative.CEILING_UNSURE)).sum())
    return count


def stopping_look(rounds, max_rounds, look_every, unsettled_after):
    """The look at which the gate stops. `unsettled_after(look)` returns the unsettled cells
    once `look` rounds are in (the gate runs the rounds up to `look` inside it; the proof
    harness decides recorded or synthetic rounds)."""
    for look in look_rounds(rounds, max_rounds, look_every):
        if unsettled_after(look) == 0 or look == max_rounds:
            return look
    raise AssertionError("look_rounds always ends at max_rounds")
