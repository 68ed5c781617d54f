"""The `latency-gate` command line: one subcommand per step of the specification.

Every subcommand also accepts the spec scripts' underscore spellings of its options
(--plots_directory as well as --plots-directory), and the subcommands behind the spec's
entry scripts also take the short options of eProsima's scripts for the same step
(`-p D -R A -r B` for compare-experiments), so the spec's and teams' existing command lines
work through the entry scripts in scripts/ unchanged.

Exit codes: 0 success, 1 a check or comparison failed, 2 usage error, 3 bad input,
4 a sub-experiment run failed.
"""

import argparse
import sys
import tempfile
from pathlib import Path

from . import (
    __version__, checks, compare, experiment, extrapolation, gate, history, processing, publish, requirements, site,
)
from .errors import EXIT_CHECK_FAILED, EXIT_OK, InputError, RunFailed


def _option(parser, name, short=None, **kwargs):
    """Add --name-with-dashes with its spec alias --name_with_underscores, and the short
    option eProsima's script of the same step gives it (a letter means different things in
    different steps, so each subcommand names its own)."""
    spellings = ([f"-{short}"] if short else []) + [f"--{name}"]
    spellings += [f"--{name.replace('-', '_')}"] if "-" in name else []
    parser.add_argument(*spellings, dest=name.replace("-", "_"), **kwargs)


def _add_process(subparsers):
    parser = subparsers.add_parser(
        "process", help="summarise measurements and draw histograms, time series and comparison plots",
        description="Either one raw CSV (--raw-csv, --output-csv, --plots-directory), as the spec's "
                    "latency_process_results.py, or a whole run directory (--experiment-directory).",
    )
    _option(parser, "raw-csv", "c", type=Path, help="one measurements_<sub-experiment>.csv")
    _option(parser, "output-csv", "o", type=Path, help="summary CSV to write for --raw-csv")
    _option(parser, "experiment-directory", type=Path, help="run directory with measurements_*.csv")
    _option(parser, "plots-directory", "p", type=Path, help="where to draw (default: <experiment-directory>/plots)")
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
    _option(parser, "plots-directory", "p", type=Path, required=True)
    _option(parser, "subexperiment-summaries", "e", type=Path, nargs="+", required=True)
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
    _option(parser, "requirements", "r", type=Path, required=True)
    _option(parser, "experiment-directory", "e", type=Path, required=True)
    _option(parser, "plots-directory", "p", type=Path, required=True)
    _option(parser, "report-directory", type=Path, help="where the reports go (default: the experiment directory)")
    _option(parser, "print-summaries", "P", action="store_true", help="print every check report")
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
    _option(parser, "requirements", "r", type=Path, help="requirements CSV drawn into the payload history plots")
    _option(parser, "experiments-results", "e", type=Path, required=True, help="directory of run directories")
    _option(parser, "plots-directory", "p", type=Path, required=True)
    parser.set_defaults(func=_history)


def _history(args):
    history.plot_history(args.experiments_results, args.requirements, args.plots_directory)
    return EXIT_OK


def _add_compare_experiments(subparsers):
    parser = subparsers.add_parser("compare-experiments", help="compare a result against a reference (exit 1 on regression)")
    _option(parser, "reference", "R", type=Path, required=True, help="reference run directory")
    _option(parser, "results", "r", type=Path, required=True, help="target run directory")
    _option(parser, "plots-directory", "p", type=Path, required=True)
    _option(parser, "fail-threshold", "t", type=float, default=compare.DEFAULT_FAIL_THRESHOLD,
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
    _option(parser, "experiments-results", "e", type=Path, required=True, help="directory of run directories")
    _option(parser, "output", "o", type=Path, required=True, help="requirements CSV to write")
    _option(parser, "percentile", type=float, default=requirements.DEFAULT_PERCENTILE,
            help="percentile of each magnitude across runs (default: %(default)s)")
    parser.set_defaults(func=_requirements)


def _requirements(args):
    requirements.write_requirements(requirements.run_directories(args.experiments_results), args.output,
                                    args.percentile)
    return EXIT_OK


def _add_add_to_history(subparsers):
    parser = subparsers.add_parser(
        "add-to-history", help="add a processed run to a local history store and regenerate its plots and site",
        description="The store keeps one immutable directory per run under runs/<platform>/; the history "
                    "plots (plots/<platform>/) and the site are regenerated from all runs.",
    )
    _option(parser, "store", type=Path, required=True, help="history store directory")
    _option(parser, "experiment-directory", type=Path, required=True, help="processed (and checked) run directory")
    _option(parser, "platform", required=True, help="platform (runner label) the run belongs to")
    _option(parser, "run-id", help="default: the run's metadata run_id, else <UTC time>-local-local")
    _option(parser, "requirements", type=Path, help="requirements the run was checked against, kept with it")
    _option(parser, "keep", type=int, help="keep only the newest KEEP runs of the platform")
    parser.set_defaults(func=_add_to_history)


def _add_to_history(args):
    added = history.add_run(args.store, args.experiment_directory, args.platform, args.run_id, args.requirements)
    if args.keep:
        history.prune(args.store, args.platform, args.keep)
    print(f"Added {added}; regenerating history plots and site ...", flush=True)
    history.regenerate(args.store)
    print(f"History site: {Path(args.store).resolve() / 'index.html'}")
    return EXIT_OK


def _add_publish_history(subparsers):
    parser = subparsers.add_parser(
        "publish-history", help="append a run to the history branch (gh-pages) and push it",
        description="Fetches the history branch (created as an orphan when missing), adds the run under "
                    "runs/<platform>/<run id>/, regenerates history plots and site, commits and pushes; a "
                    f"rejected push is re-applied on the new tip, at most {publish.PUSH_ATTEMPTS} times. An https "
                    f"token is read from ${publish.TOKEN_VARIABLE}.",
    )
    _option(parser, "results-directory", type=Path, required=True, help="the run directory to publish")
    _option(parser, "remote", required=True, help="git remote (URL or path) holding the history")
    _option(parser, "platform", required=True, help="platform name (the runner label); history is per platform")
    _option(parser, "branch", default="gh-pages", help="history branch (default: %(default)s)")
    _option(parser, "requirements", type=Path, help="requirements CSV the run was checked against")
    _option(parser, "keep", type=int, help="retention: newest runs kept per platform (default: all)")
    _option(parser, "run-id", help="run id (default: <start time>-<revision>-<runner> with those options, "
                                   "else the run's metadata run_id)")
    _option(parser, "revision", help="commit that was measured, for the run id")
    _option(parser, "runner", help="runner that measured, for the run id")
    _option(parser, "work-directory", type=Path, help="local clone, kept afterwards (default: a temporary one)")
    _option(parser, "outputs", type=Path, help="append run-id=<id> and commit=<sha> lines to this file "
                                               "(e.g. $GITHUB_OUTPUT)")
    parser.set_defaults(func=_publish_history)


def _publish_history(args):
    try:
        run_id = args.run_id
        if run_id is None and (args.revision or args.runner):
            run_id = publish.history_run_id(args.results_directory, args.revision, args.runner)
        with tempfile.TemporaryDirectory(prefix="latency-history-") as temporary:
            run_id, commit = publish.publish(
                run_directory=args.results_directory, remote=args.remote, platform=args.platform,
                work_directory=args.work_directory or temporary, branch=args.branch, run_id=run_id,
                requirements=args.requirements, keep=args.keep)
    except publish.PublishError as error:
        print(f"latency-gate publish-history: error: {error}", file=sys.stderr)
        return error.exit_code
    print(f"Published run {args.platform}/{run_id} as {commit} on {args.branch} of {args.remote}")
    if args.outputs:
        with open(args.outputs, "a", encoding="utf-8") as outputs:
            outputs.write(f"run-id={run_id}\ncommit={commit}\n")
    return EXIT_OK


def _add_build_site(subparsers):
    parser = subparsers.add_parser(
        "build-site", help="regenerate the history site (index.html and site/) from a history store",
        description="Reads every run under <store>/runs/ and writes <store>/index.html and <store>/site/, "
                    "swapped in whole, so a failed build leaves the previous site. Open index.html from the "
                    "folder or serve the store (GitHub Pages).",
    )
    _option(parser, "store", type=Path, required=True, help="history store directory (the gh-pages work tree)")
    parser.set_defaults(func=_build_site)


def _build_site(args):
    site.build_site(args.store)
    print(f"History site: {Path(args.store).resolve() / 'index.html'}")
    return EXIT_OK


SUBCOMMANDS = (
    experiment.add_run_command,
    extrapolation.add_extrapolate_command,
    _add_process,
    _add_compare_subexperiments,
    _add_check,
    gate.add_gate_command,
    _add_history,
    _add_compare_experiments,
    _add_requirements,
    _add_add_to_history,
    _add_publish_history,
    _add_build_site,
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
    except (InputError, RunFailed) as error:
        print(f"latency-gate {args.command}: error: {error}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        print(f"latency-gate {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
