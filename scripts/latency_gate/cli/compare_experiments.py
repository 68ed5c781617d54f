"""Compare a result against a reference run (exit 1 on regression)."""

from pathlib import Path

from latency_gate.analysis import compare
from latency_gate.cli.options import option
from latency_gate.errors import EXIT_CHECK_FAILED, EXIT_OK
from latency_gate.render import plots


def add_arguments(parser):
    option(parser, "reference", "R", type=Path, required=True, help="reference run directory")
    option(parser, "results", "r", type=Path, required=True, help="target run directory")
    option(parser, "plots-directory", "p", type=Path, required=True)
    option(parser, "fail-threshold", "t", type=float, default=compare.DEFAULT_FAIL_THRESHOLD,
           help="allowed excess over the reference, as a fraction (default: %(default)s)")


def run(args):
    comparisons = compare_experiments(args.reference, args.results, args.plots_directory, args.fail_threshold)
    for comparison in comparisons:
        print(f"Comparison for {comparison.subexperiment} {'PASSED' if comparison.passed else 'FAILED'}")
        for cell in comparison.regressions.itertuples(index=False):
            print(f"    {cell.Magnitude} at {cell.Bytes} B: {cell.Result:.3f} us vs reference "
                  f"{cell.Reference:.3f} us (x{cell.Ratio:.2f})")
    failed = [c.subexperiment for c in comparisons if not c.passed]
    print(f"{len(comparisons) - len(failed)}/{len(comparisons)} comparisons passed")
    return EXIT_CHECK_FAILED if failed else EXIT_OK


def compare_experiments(reference_directory, results_directory, plots_directory,
                        fail_threshold=compare.DEFAULT_FAIL_THRESHOLD):
    """analysis.compare.compare_experiments, then a comparison plot per sub-experiment; its comparisons."""
    comparisons = compare.compare_experiments(reference_directory, results_directory, plots_directory, fail_threshold)
    batch = plots.PlotBatch()
    for comparison in comparisons:
        table = comparison.table
        reference_label, result_label = table["Label"].unique()  # the reference's rows first
        batch.add_experiment_comparison(comparison.subexperiment, table[table["Label"] == reference_label],
                                        table[table["Label"] == result_label], reference_label, result_label,
                                        Path(plots_directory))
    batch.render()
    return comparisons
