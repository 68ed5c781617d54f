"""The look the plots share, whichever library draws them (plots.py's jobs; figures.py with
matplotlib, line_plots.py with Pillow): axis labels, colours, and one line of a plot."""

from dataclasses import dataclass

import numpy as np

from latency_gate.contracts.formats import LATENCY, PAYLOAD

PAYLOAD_AXIS, LATENCY_AXIS = PAYLOAD, LATENCY
REQUIREMENT_COLOR, EXPERIMENT_COLOR = "#d62728", "#1f77b4"
CHANGE_POINT_COLOR = "#7b3fa0"
RUN_COLORMAP = "viridis"
MAX_RUN_TICKS = 6  # run-id tick labels of payload history plots: each costs ~3 ms to draw


@dataclass(frozen=True)
class Series:
    """One line of a plot: y values at x positions, drawn with the given style."""

    label: str
    x: np.ndarray
    y: np.ndarray
    color: str
    linestyle: str = "-"
    marker: str = "o"
    markersize: float = 4
