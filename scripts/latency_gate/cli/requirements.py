"""Derive a requirements CSV (and its provenance) from many runs."""

from pathlib import Path

from latency_gate.analysis import requirements
from latency_gate.cli.options import kind_option, option
from latency_gate.errors import EXIT_OK


def add_arguments(parser):
    option(parser, "experiments-results", "e", type=Path, required=True, help="directory of run directories")
    option(parser, "output", "o", type=Path, required=True, help="requirements CSV to write")
    option(parser, "percentile", type=float, default=requirements.DEFAULT_PERCENTILE,
           help="percentile of each magnitude across runs; a floor (throughput) is taken at 100 minus it "
                "(default: %(default)s)")
    kind_option(parser)


def run(args):
    requirements.write_requirements(requirements.run_directories(args.experiments_results), args.output,
                                    args.percentile, kind=args.kind)
    return EXIT_OK
