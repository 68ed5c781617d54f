"""Check summaries against a requirements CSV (exit 1 when any check fails; spec step 3).
Latency requirements are ceilings; throughput ones a floor (subscription throughput) and a
ceiling (lost samples).

Writes checks_<sub-experiment>.csv into the experiment directory, check plots, and
check_report.md (job summary), check_report.xml (JUnit) and check_result.json.
"""

from pathlib import Path

from latency_gate.analysis import checks
from latency_gate.cli.options import check_can_make, kind_option, option
from latency_gate.contracts import results as results_contract
from latency_gate.contracts.formats import check_writable, checks_path
from latency_gate.errors import EXIT_CHECK_FAILED, EXIT_OK
from latency_gate.render import check_report, plots


def add_arguments(parser):
    option(parser, "requirements", "r", type=Path, required=True)
    option(parser, "experiment-directory", "e", type=Path, required=True)
    option(parser, "plots-directory", "p", type=Path, required=True)
    option(parser, "report-directory", type=Path, help="where the reports go (default: the experiment directory)")
    option(parser, "print-summaries", "P", action="store_true", help="print every check report")
    kind_option(parser)


def run(args):
    results = check_experiment(args.requirements, args.experiment_directory, args.plots_directory,
                               args.report_directory, args.print_summaries, args.kind)
    total = sum(r.total for r in results)
    passed = sum(r.passed for r in results)
    failed_subexperiments = sum(1 for r in results if r.failed)
    print(f"{passed * 100 / total:.3f}% checks passed: ({passed}/{total})")
    if failed_subexperiments:
        print(f"Experiment check failed: {failed_subexperiments} sub-experiment(s) don't meet the requirements")
        report_directory = args.report_directory or args.experiment_directory
        if results_contract.read(report_directory, results_contract.CHECK_RESULT).get("comparability"):
            print("Not like with like: this run differs from the runs the requirements came from (the report's "
                  "top says how), so the failure may be this machine's, not the code's; derive requirements "
                  "from runs made here (latency-gate requirements) to gate on it.")
        else:
            print("The run is like the requirements' runs: a regression, or requirements too tight for this "
                  "machine's noise; the relative gate (latency-gate gate) tells a regression from noise.")
        return EXIT_CHECK_FAILED
    print("Experiment check passed")
    return EXIT_OK


def check_experiment(requirements_path, experiment_directory, plots_directory, report_directory=None,
                     print_summaries=False, kind=None):
    """analysis.checks.check_experiment, then its reports, its check CSVs and a check plot per
    sub-experiment; its results."""
    # First: a directory it cannot make leaves no report behind, and the run's stored check CSVs
    # as they were (they are rewritten after the reports, which they must match).
    check_can_make(plots_directory)
    check_can_make(report_directory or experiment_directory)
    checked = checks.check_experiment(requirements_path, experiment_directory, print_summaries, kind)
    report_directory = Path(report_directory or experiment_directory)
    check_writable(*(report_directory / name for name in (results_contract.CHECK_REPORT, results_contract.CHECK_JUNIT,
                                                          results_contract.CHECK_RESULT)),
                   *(checks_path(experiment_directory, result.subexperiment) for result in checked.results))
    check_report.write_reports(checked, report_directory)
    for result in checked.results:
        checks.write_checks(result, experiment_directory)
    batch = plots.PlotBatch()
    for result in checked.results:
        batch.add_checks(result.subexperiment, result.checks, Path(plots_directory), result.kind.payload)
    batch.render()
    return checked.results
