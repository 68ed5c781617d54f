"""The relative gate's magnitudes and what each holds: its unit, which way is worse, how its
values and changes are shown.

A gate's cell is a sub-experiment x payload x magnitude. The analysis (analysis/relative.py:
the reasons' changes), the reports and gate_cells.csv's Unit column (render/gate_report.py), the
ratio plots (render/plots.py), the pull-request comment (render/gate_comment.py), gate_result.json's
`unit` and the counted values a run's files hold (campaigns/gate.py) all read a magnitude's
facts here: adding one (a counted magnitude, say) is one entry of MAGNITUDES.

Every magnitude is one of which more is worse: a throughput is gated as its inverse, the time a
megabit takes (1/throughput), so that "slower" and every test of the gate mean the same for each.
`worse` says in words what more of it is.
"""

import math
from dataclasses import dataclass

from latency_gate.contracts import instruction_counts
from latency_gate.errors import look_up

LATENCY, INSTRUCTIONS = "latency", "instructions"  # the gate's signals: timed, counted


@dataclass(frozen=True)
class Magnitude:
    name: str  # as gate_cells.csv's Magnitude column and gate_result.json write it
    unit: str  # of its values
    what: str  # for people, in a sentence
    signal: str  # the signal that measures it: LATENCY (timed) or INSTRUCTIONS (counted)
    decimals: int  # of a value shown (a count: 0, with thousands separators)
    change_decimals: int  # of a change shown in percent: a counted one's minimum effect is 0.2 %
    worse: str  # what more of it is, in words
    column: str | None = None  # a counted magnitude's column of instructions_<sub-experiment>.csv

    @property
    def counted(self):
        return self.signal == INSTRUCTIONS

    def value_text(self, value):
        """A value with its decimals, without the unit (a table's header names it)."""
        return f"{value:,.{self.decimals}f}" if self.counted else f"{value:.{self.decimals}f}"

    def change_text(self, ratio):
        """A ratio PR / base as a signed change in percent."""
        return f"{(ratio - 1) * 100:+.{self.change_decimals}f}%"


_TIME = dict(unit="us", signal=LATENCY, decimals=3, change_decimals=1, worse="slower")
_COUNT = dict(signal=INSTRUCTIONS, decimals=0, change_decimals=2)
MAGNITUDES = (
    Magnitude("Median", what="median latency", **_TIME),
    Magnitude("99%", what="99th-percentile latency", **_TIME),
    Magnitude("Max", what="maximum latency", **_TIME),
    Magnitude("1/throughput", what="time per megabit at the best throughput", **_TIME | {"unit": "us/Mb"}),
    Magnitude("Instructions", unit="instructions", what="instructions per round trip",
              worse="more instructions per round trip", column=instruction_counts.PER_ROUND_TRIP, **_COUNT),
    Magnitude("EstimatedCycles", unit="cycles", what="estimated cycles per round trip (cache simulation)",
              worse="more estimated cycles per round trip", column=instruction_counts.CYCLES_PER_ROUND_TRIP,
              **_COUNT),
)
BY_NAME = {magnitude.name: magnitude for magnitude in MAGNITUDES}
NAMES = tuple(BY_NAME)
COUNTED = tuple(magnitude for magnitude in MAGNITUDES if magnitude.counted)


def of(name):
    """The magnitude called `name`; KeyError naming the known ones otherwise."""
    return look_up(BY_NAME, name, "magnitude", KeyError)


def unit_of(names):
    """The one unit of these magnitudes, or None when they differ (a column holding several)."""
    units = {of(name).unit for name in names}
    return units.pop() if len(units) == 1 else None


def percent_text(fraction, significant=2):
    """A relative size in percent with `significant` digits and no exponent, so a counted
    gate's 0.2 % minimum is not rounded to 0 % nor 150 % written 1.5e+02 %: 0.05 -> "5%",
    0.002 -> "0.2%", 0.0123 -> "1.2%", 0.333 -> "33%"; an unbounded one "unbounded"."""
    if not math.isfinite(fraction):
        return "unbounded"
    value = fraction * 100
    decimals = max(0, significant - 1 - math.floor(math.log10(abs(value)))) if value else 0
    text = f"{value:.{decimals}f}"
    return (text.rstrip("0").rstrip(".") if "." in text else text) + "%"
