"""Run N experiments (resumable, shardable) and derive requirements from them.

Runs go to RUNS_DIR/run-NNNN; complete runs are kept, so re-running the command resumes.
With --shard k/n only every n-th run from k is done; --merge-only builds the CSV from all
shards' runs gathered in RUNS_DIR.
"""

from pathlib import Path

from latency_gate.campaigns.extrapolation import DEFAULT_RUNS, extrapolate, merge_shards, parse_shard
from latency_gate.cli.experiment_options import add_experiment_options, run_spec
from latency_gate.cli.options import check_can_make
from latency_gate.errors import EXIT_OK, InputError


def add_arguments(parser):
    add_experiment_options(parser)
    parser.add_argument("-r", "--runs-directory", dest="runs_directory", type=Path, required=True)
    parser.add_argument("-o", "--output", type=Path, help="requirements CSV to write")
    parser.add_argument("--runs", type=int, default=DEFAULT_RUNS, help="number of runs (default: %(default)s)")
    parser.add_argument("--percentile", type=float, help="percentile across runs (default: 99)")
    parser.add_argument("--shard", default="1/1", help="k/n: do this part of the runs (default: %(default)s)")
    parser.add_argument("--merge-only", action="store_true", help="only build the CSV from the runs present")


def run(args):
    if args.merge_only:
        if args.output is None:
            raise InputError("--merge-only needs --output")
        merge_shards(args.runs_directory, args.output, args.runs, args.percentile)
        return EXIT_OK
    check_can_make(args.runs_directory)
    return extrapolate(args.runs_directory, run_spec(args), args.output, args.runs, args.percentile,
                       parse_shard(args.shard))
