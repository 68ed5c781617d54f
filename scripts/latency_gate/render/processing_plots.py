"""The plots of processing (spec step 2): per sub-experiment, the latency histograms and time
series or the throughput and lost-samples scatter plots (Pillow, render/sample_plots.py); across
sub-experiments, the min, max, median and 99% comparison.

matplotlib (render/plots.py) is imported only where it draws: the spec's
latency_process_results.py and throughput_process_results.py, run once per sub-experiment,
draw with Pillow alone and should not pay matplotlib's import on every call.
"""

from latency_gate.runner.kinds import LATENCY
from latency_gate.render import sample_plots


def draw_measurements(kind, plots_directory, measurements):
    """measurements: {sub-experiment: its measurements (a frame, or numpy columns)}."""
    if kind is LATENCY:
        sample_plots.draw_measurements(plots_directory, measurements)
    else:
        sample_plots.draw_scatter_plots(plots_directory, measurements)


def draw_subexperiment_comparison(summaries, plots_directory):
    """summaries: {sub-experiment: its latency summary}; the plots' paths."""
    from latency_gate.render import plots  # matplotlib: see the module's docstring

    batch = plots.PlotBatch()
    batch.add_subexperiment_comparison(summaries, plots_directory)
    return batch.render()
