"""Magnitude and payload history plots from many runs (spec step 4), latency or throughput."""

from pathlib import Path

from latency_gate.cli.options import check_can_make, kind_option, option
from latency_gate.errors import EXIT_OK
from latency_gate.render import store_views


def add_arguments(parser):
    option(parser, "requirements", "r", type=Path, help="requirements CSV drawn into the payload history plots")
    option(parser, "experiments-results", "e", type=Path, required=True, help="directory of run directories")
    option(parser, "plots-directory", "p", type=Path, required=True)
    kind_option(parser)


def run(args):
    check_can_make(args.plots_directory)
    store_views.plot_history(args.experiments_results, args.requirements, args.plots_directory, args.kind)
    return EXIT_OK
