"""Min, max, median and 99% latency plots across sub-experiments, from their summaries."""

from pathlib import Path

from latency_gate.analysis import processing
from latency_gate.cli.options import option
from latency_gate.errors import EXIT_OK


def add_arguments(parser):
    option(parser, "plots-directory", "p", type=Path, required=True)
    option(parser, "subexperiment-summaries", "e", type=Path, nargs="+", required=True)


def run(args):
    processing.compare_subexperiments(args.subexperiment_summaries, args.plots_directory)
    return EXIT_OK
