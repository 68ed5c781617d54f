"""The plots of processing (spec step 2): per sub-experiment, the latency histograms and time
series or the throughput and lost-samples scatter plots (render/sample_plots.py); across
sub-experiments, the min, max, median and 99% comparison (render/plots.py). All are drawn with
Pillow: the spec's process scripts, run once per sub-experiment, and its compare script import
neither matplotlib nor pandas.
"""

from latency_gate.render import plots, sample_plots
from latency_gate.runner.kinds import LATENCY


def draw_processed(kind, plots_directory, measurements, summaries=None):
    """The plots of processing, drawn whole into place (plots.draw_staged): draw_measurements' and,
    given latency summaries, draw_subexperiment_comparison's; their paths."""
    def draw(directory):
        drawn = draw_measurements(kind, directory, measurements)
        if summaries is not None:
            drawn += draw_subexperiment_comparison(summaries, directory)
        return drawn

    return plots.draw_staged(plots_directory, draw)


def draw_measurements(kind, plots_directory, measurements):
    """measurements: {sub-experiment: its measurements (a frame, or numpy columns)}; the plots' paths."""
    if kind is LATENCY:
        return sample_plots.draw_measurements(plots_directory, measurements)
    return sample_plots.draw_scatter_plots(plots_directory, measurements)


def draw_subexperiment_comparison(summaries, plots_directory):
    """summaries: {sub-experiment: its latency summary (a frame, or numpy columns)}; the plots' paths."""
    batch = plots.PlotBatch()
    batch.add_subexperiment_comparison(summaries, plots_directory)
    return batch.render()
