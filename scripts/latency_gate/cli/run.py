"""Run the latency experiment with Fast DDS LatencyTest (spec step 1).

Writes measurements_<sub-experiment>.csv and metadata.json into the results directory.
Exit 3 on bad input (nothing runs), 4 when a sub-experiment failed or timed out in every
attempt.
"""

import os
from pathlib import Path

from latency_gate.cli.experiment_options import add_experiment_options, run_spec
from latency_gate.contracts import run_metadata
from latency_gate.runner.experiment import run_experiment


def add_arguments(parser):
    add_experiment_options(parser)
    results = os.environ.get("LATENCY_GATE_RESULTS_DIR")
    parser.add_argument("-r", "--results-dir", "--results_dir", dest="results_dir", type=Path,
                        default=Path(results) if results else None, required=results is None,
                        help="results directory (default: $LATENCY_GATE_RESULTS_DIR)")
    parser.add_argument("--run-id", help=f"the run's id in metadata.json (default: <UTC start>-{run_metadata.UNKNOWN}-<host>; "
                                         "`latency-gate run-id` makes one with the revision)")


def run(args):
    return run_experiment(args.results_dir, run_spec(args))
