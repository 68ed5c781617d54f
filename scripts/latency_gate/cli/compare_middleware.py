"""Compare middleware on this machine: Fast DDS, Cyclone DDS, MADARA and the socket floor, one
run per middleware in interleaved rounds, pooled into the vendor comparison's table (min, mean,
median, 99% per payload and sub-experiment) with each middleware's overhead over the floor,
as CSV, markdown and plots. Exit 3 on bad input (nothing runs), 4 when a run failed in every
attempt.
"""

import argparse
from pathlib import Path

from latency_gate.campaigns import middleware_comparison
from latency_gate.cli.experiment_options import add_execution_options, add_matrix_options, run_spec
from latency_gate.errors import EXIT_OK
from latency_gate.render import comparison_report, plots
from latency_gate.runner.run_spec import DEFAULT_SAMPLES
from latency_gate.runner.middleware import BACKENDS


def _middleware_path(text):
    middleware, separator, path = text.partition("=")
    if not separator or middleware not in BACKENDS or not path:
        raise argparse.ArgumentTypeError(f"expected MIDDLEWARE=PATH with MIDDLEWARE one of {', '.join(BACKENDS)}, "
                                         f"got '{text}'")
    return middleware, Path(path)


def add_arguments(parser):
    parser.add_argument("-r", "--results-dir", "--results_dir", dest="results_dir", type=Path, required=True,
                        help="new directory for the runs, the table, the report and the plots")
    parser.add_argument("--middlewares", nargs="+", choices=tuple(BACKENDS),
                        help="middleware to compare, in report order (default: every registered one that loads: "
                             + " ".join(BACKENDS) + ")")
    parser.add_argument("--program", dest="programs", action="append", type=_middleware_path, default=[],
                        metavar="MIDDLEWARE=PATH", help="a middleware's latency program where not the project-built "
                                                        "one, e.g. fastdds=/opt/ws (repeatable)")
    parser.add_argument("--profiles", dest="profiles", action="append", type=_middleware_path, default=[],
                        metavar="MIDDLEWARE=DIR", help="a middleware's <sub-experiment>.xml configurations where not "
                                                       "its backend's own, e.g. madara=deep-buffers/ (repeatable)")
    add_matrix_options(parser, DEFAULT_SAMPLES)
    parser.add_argument("--rounds", type=int, default=middleware_comparison.DEFAULT_ROUNDS,
                        help="interleaved rounds, pooled (default: %(default)s)")
    parser.add_argument("--seed", type=int, help="seed of the run order (default: random, printed)")
    add_execution_options(parser, per_middleware=False)


def run(args):
    comparison = middleware_comparison.compare_middleware(
        args.results_dir, args.middlewares, dict(args.programs), run_spec(args, profiles=None), args.rounds,
        args.seed, profiles=dict(args.profiles))
    print(f"Report: {comparison_report.write(comparison, args.results_dir)}")
    table = comparison.table
    batch = plots.PlotBatch()
    titles = {middleware: BACKENDS[middleware].TITLE for middleware in comparison.middlewares}
    for name, rows in table.groupby(middleware_comparison.EXPERIMENT, sort=False):
        batch.add_middleware_comparison(name, rows, titles, args.results_dir / "plots")
    batch.render()
    return EXIT_OK
