"""The `latency-gate` command line: one subcommand per step of the specification.

Every subcommand also accepts the spec scripts' underscore spellings of its options
(--plots_directory as well as --plots-directory), so the spec's command lines work
through the entry scripts in scripts/ unchanged.

Exit codes: 0 success, 1 a check or comparison failed, 2 usage error, 3 bad input,
4 a sub-experiment run failed.
"""

import argparse
import sys
from pathlib import Path

from . import __version__, checks, compare, history, processing, requirements
from .errors import EXIT_CHECK_FAILED, EXIT_OK, InputError
from .formats import write_csv


def _option(parser, name, **kwargs):
    """Add --name-with-dashes with its spec alias --name_with_underscores."""
    spellings = [f"--{name}"] + ([f"--{name.replace('-', '_')}"] if "-" in name else [])
    parser.add_argument(*spellings, dest=name.replace("-", "_"), **kwargs)


def _add_process(subparsers):
    parser = subparsers.add_parser(
        "process", help="summarise measurements and draw histograms, time series and comparison plots",
        description="Either one raw CSV (--raw-csv, --output-csv, --plots-directory), as the spec's "
                    "latency_process_results.py, or a whole run directory (--experiment-directory).",
    )
    _option(parser, "raw-csv", type=Path, help="one measurements_<sub-experiment>.csv")
    _option(parser, "output-csv", type=Path, help="summary CSV to write for --raw-csv")
    _option(parser, "experiment-directory", type=Path, help="run directory with measurements_*.csv")
    _option(parser, "plots-directory", type=Path, help="where to draw (default: <experiment-directory>/plots)")
    _option(parser, "no-plots", action="store_true", help="summaries only")
    parser.set_defaults(func=_process, usage_error=parser.error)


def _process(args):
    if args.experiment_directory and not args.raw_csv and not args.output_csv:
        processing.process_experiment(args.experiment_directory, args.plots_directory, not args.no_plots)
    elif args.raw_csv and args.output_csv and args.plots_directory and not args.experiment_directory:
        processing.process_raw_csv(args.raw_csv, args.output_csv, args.plots_directory)
    else:
        args.usage_error("give either --experiment-directory, or --raw-csv, --output-csv and --plots-directory")
    return EXIT_OK


def _add_compare_subexperiments(subparsers):
    parser = subparsers.add_parser("compare-subexperiments", help="min, max, median and 99%% plots across sub-experiments")
    _option(parser, "plots-directory", type=Path, required=True)
    _option(parser, "subexperiment-summaries", type=Path, nargs="+", required=True)
    parser.set_defaults(func=_compare_subexperiments)


def _compare_subexperiments(args):
    processing.compare_subexperiments(args.subexperiment_summaries, args.plots_directory)
    return EXIT_OK


def _add_check(subparsers):
    parser = subparsers.add_parser(
        "check", help="check summaries against a requirements CSV (exit 1 when any check fails)",
        description="Writes checks_<sub-experiment>.csv into the experiment directory, check plots, and "
                    "check_report.md (job summary), check_report.xml (JUnit) and check_result.json.",
    )
    _option(parser, "requirements", type=Path, required=True)
    _option(parser, "experiment-directory", type=Path, required=True)
    _option(parser, "plots-directory", type=Path, required=True)
    _option(parser, "report-directory", type=Path, help="where the reports go (default: the experiment directory)")
    _option(parser, "print-summaries", action="store_true", help="print every check report")
    parser.set_defaults(func=_check)


def _check(args):
    results = checks.check_experiment(args.requirements, args.experiment_directory, args.plots_directory,
                                      args.report_directory, args.print_summaries)
    total = sum(len(r.checks) for r in results)
    passed = sum(r.passed for r in results)
    failed_subexperiments = sum(1 for r in results if r.failed)
    print(f"{passed * 100 / total:.3f}% checks passed: ({passed}/{total})")
    if failed_subexperiments:
        print(f"Experiment check failed: {failed_subexperiments} sub-experiment(s) don't meet the requirements")
        return EXIT_CHECK_FAILED
    print("Experiment check passed")
    return EXIT_OK


def _add_history(subparsers):
    parser = subparsers.add_parser("history", help="magnitude and payload history plots from many runs")
    _option(parser, "requirements", type=Path, help="requirements CSV drawn into the payload history plots")
    _option(parser, "experiments-results", type=Path, required=True, help="directory of run directories")
    _option(parser, "plots-directory", type=Path, required=True)
    parser.set_defaults(func=_history)


def _history(args):
    history.plot_history(args.experiments_results, args.requirements, args.plots_directory)
    return EXIT_OK


def _add_compare_experiments(subparsers):
    parser = subparsers.add_parser("compare-experiments", help="compare a result against a reference (exit 1 on regression)")
    _option(parser, "reference", type=Path, required=True, help="reference run directory")
    _option(parser, "results", type=Path, required=True, help="target run directory")
    _option(parser, "plots-directory", type=Path, required=True)
    _option(parser, "fail-threshold", type=float, default=compare.DEFAULT_FAIL_THRESHOLD,
            help="allowed excess over the reference, as a fraction (default: %(default)s)")
    parser.set_defaults(func=_compare_experiments)


def _compare_experiments(args):
    comparisons = compare.compare_experiments(args.reference, args.results, args.plots_directory, args.fail_threshold)
    for comparison in comparisons:
        print(f"Comparison for {comparison.subexperiment} {'PASSED' if comparison.passed else 'FAILED'}")
        for cell in comparison.regressions.itertuples(index=False):
            print(f"    {cell.Magnitude} at {cell.Bytes} B: {cell.Result:.3f} us vs reference "
                  f"{cell.Reference:.3f} us (x{cell.Ratio:.2f})")
    failed = [c.subexperiment for c in comparisons if not c.passed]
    print(f"{len(comparisons) - len(failed)}/{len(comparisons)} comparisons passed")
    return EXIT_CHECK_FAILED if failed else EXIT_OK


def _add_requirements(subparsers):
    parser = subparsers.add_parser("requirements", help="derive a requirements CSV from many runs")
    _option(parser, "experiments-results", type=Path, required=True, help="directory of run directories")
    _option(parser, "output", type=Path, required=True, help="requirements CSV to write")
    _option(parser, "percentile", type=float, default=requirements.DEFAULT_PERCENTILE,
            help="percentile of each magnitude across runs (default: %(default)s)")
    parser.set_defaults(func=_requirements)


def _requirements(args):
    runs = requirements.run_directories(args.experiments_results)
    derived = requirements.derive_requirements(runs, args.percentile)
    write_csv(derived, args.output)
    print(f"Wrote {args.output}: {len(derived)} requirements from {len(runs)} runs at percentile {args.percentile:g}")
    if len(runs) < 100 / (100 - min(args.percentile, 99.9)):
        print(f"Note: {len(runs)} runs are too few for a meaningful {args.percentile:g}th percentile; "
              f"the spec uses 200.")
    return EXIT_OK


SUBCOMMANDS = (
    _add_process,
    _add_compare_subexperiments,
    _add_check,
    _add_history,
    _add_compare_experiments,
    _add_requirements,
)


def build_parser():
    parser = argparse.ArgumentParser(prog="latency-gate", description=__doc__.split("\n\n")[0],
                                     epilog="Exit codes: 0 success, 1 check/comparison failed, 2 usage error, "
                                            "3 bad input, 4 a sub-experiment run failed.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in SUBCOMMANDS:
        add(subparsers)
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except InputError as error:
        print(f"latency-gate {args.command}: error: {error}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        print(f"latency-gate {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
