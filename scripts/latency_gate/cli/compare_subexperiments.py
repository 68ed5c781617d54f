"""Min, max, median and 99% latency plots across sub-experiments, from their summaries."""

from pathlib import Path

from latency_gate.contracts.formats import read_summary_columns, subexperiment_of_summary
from latency_gate.cli.options import check_can_make, option
from latency_gate.errors import EXIT_OK, InputError
from latency_gate.render import processing_plots


def add_arguments(parser):
    option(parser, "plots-directory", "p", type=Path, required=True)
    option(parser, "subexperiment-summaries", "e", type=Path, nargs="+", required=True)


def run(args):
    check_can_make(args.plots_directory)
    # numpy's columns, not frames: the spec's command line pays neither pandas' nor matplotlib's import.
    summaries = {}
    for path in args.subexperiment_summaries:
        name = subexperiment_of_summary(path)
        if name in summaries:  # one plot line a sub-experiment: which of two would it draw?
            raise InputError(f"a second summary of sub-experiment '{name}' among those given", path)
        summaries[name] = read_summary_columns(path)
    processing_plots.draw_subexperiment_comparison(summaries, args.plots_directory)
    return EXIT_OK
