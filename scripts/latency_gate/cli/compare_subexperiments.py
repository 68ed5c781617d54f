"""Min, max, median and 99% latency plots across sub-experiments, from their summaries."""

from pathlib import Path

from latency_gate.contracts.formats import read_summary_columns, subexperiment_of_summary
from latency_gate.cli.options import option
from latency_gate.errors import EXIT_OK
from latency_gate.render import processing_plots


def add_arguments(parser):
    option(parser, "plots-directory", "p", type=Path, required=True)
    option(parser, "subexperiment-summaries", "e", type=Path, nargs="+", required=True)


def run(args):
    # numpy's columns, not frames: the spec's command line pays neither pandas' nor matplotlib's import.
    summaries = {subexperiment_of_summary(path): read_summary_columns(path) for path in args.subexperiment_summaries}
    processing_plots.draw_subexperiment_comparison(summaries, args.plots_directory)
    return EXIT_OK
