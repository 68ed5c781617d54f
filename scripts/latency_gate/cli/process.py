"""Summarise measurements and draw histograms, time series and comparison plots (spec step 2);
for throughput results, summaries (the best case per payload) and scatter plots.

Either one raw CSV (--raw-csv, --output-csv, and --plots-directory or --no-plots), as the
spec's latency_process_results.py and throughput_process_results.py, or a whole run
directory (--experiment-directory).
"""

from pathlib import Path

from latency_gate.analysis import processing
from latency_gate.runner.kinds import LATENCY
from latency_gate.cli.options import check_can_make, kind_option, option
from latency_gate.errors import EXIT_OK
from latency_gate.render import processing_plots


def add_arguments(parser):
    option(parser, "raw-csv", "c", type=Path, help="one measurements_<sub-experiment>.csv")
    option(parser, "output-csv", "o", type=Path, help="summary CSV to write for --raw-csv")
    option(parser, "experiment-directory", type=Path, help="run directory with measurements_*.csv")
    option(parser, "plots-directory", "p", type=Path, help="where to draw (default: <experiment-directory>/plots)")
    option(parser, "no-plots", action="store_true", help="summaries only")
    kind_option(parser)


def run(args):
    if args.experiment_directory and not args.raw_csv and not args.output_csv:
        process_experiment(args.experiment_directory, args.plots_directory, not args.no_plots, args.kind)
    elif args.raw_csv and args.output_csv and (args.plots_directory is None) == args.no_plots \
            and not args.experiment_directory:
        kind = args.kind or LATENCY
        if args.plots_directory:
            check_can_make(args.plots_directory)  # first, as process_experiment
        measurements = processing.process_raw_csv(args.raw_csv, args.output_csv, kind)
        if not args.no_plots:
            processing_plots.draw_processed(kind, args.plots_directory, measurements)
    else:
        args.usage_error("give either --experiment-directory, or --raw-csv, --output-csv and one of "
                         "--plots-directory and --no-plots")
    return EXIT_OK


def process_experiment(experiment_directory, plots_directory=None, with_plots=True, kind=None):
    """analysis.processing.process_experiment, then, unless with_plots is false, the histograms,
    time series and sub-experiment comparison plots (default: <experiment_directory>/plots)."""
    plots_directory = Path(plots_directory) if plots_directory else Path(experiment_directory) / "plots"
    if with_plots:
        check_can_make(plots_directory)  # first: one it cannot make leaves no summary behind
    processed = processing.process_experiment(experiment_directory, kind)
    if with_plots:
        print(f"Drawing plots to {plots_directory} ...", flush=True)
        processing_plots.draw_processed(processed.kind, plots_directory, processed.measurements,
                                        processed.summaries if processed.kind is LATENCY else None)
    return processed.summaries
