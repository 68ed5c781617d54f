"""Relative gate: the pull request's build against its base build in interleaved rounds.

Runs base and PR LatencyTest (--kind throughput: ThroughputTest) builds in interleaved rounds
and fails only on a confirmed regression (family-wise false-alarm control over all cells).
Exit 0 pass, 1 confirmed regression or requirements ceiling breach, 3 bad input, 4 a run failed.
"""

from pathlib import Path

from latency_gate.cli.experiment_options import (
    EXECUTION_OPTIONS, add_execution_options, add_kind_options, add_matrix_options,
)
from latency_gate.contracts import gate_result
from latency_gate.gate import relative
from latency_gate.gate.relative import GateSettings
from latency_gate.gate.rounds import (
    DEFAULT_LOOK_EVERY, DEFAULT_MAX_ROUNDS, DEFAULT_ROUNDS, DEFAULT_RUN_TIMEOUT_S, DEFAULT_SAMPLES,
    THROUGHPUT_GATE_GRID, THROUGHPUT_GATE_PAYLOADS, run_gate,
)


def add_arguments(parser):
    parser.add_argument("--base", type=Path, required=True,
                        help="base build: LatencyTest (ThroughputTest) binary or Fast DDS colcon workspace")
    parser.add_argument("--pr", type=Path, required=True, help="pull-request build, likewise")
    parser.add_argument("-r", "--results-dir", "--results_dir", dest="results_dir", type=Path, required=True,
                        help="new directory for the rounds, reports and runs")
    add_matrix_options(parser, DEFAULT_SAMPLES)
    add_kind_options(parser, THROUGHPUT_GATE_GRID)
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS,
                        help="rounds before the first look (default: %(default)s)")
    parser.add_argument("--max-rounds", type=int, default=DEFAULT_MAX_ROUNDS,
                        help="rounds at most; only the verdict here can fail the gate (default: %(default)s)")
    parser.add_argument("--look-every", type=int, default=DEFAULT_LOOK_EVERY,
                        help="rounds between looks after the first (default: %(default)s)")
    parser.add_argument("--alpha", type=float, default=GateSettings.alpha,
                        help="family-wise false-alarm rate over all gated cells (default: %(default)s)")
    parser.add_argument("--min-effect", type=float, default=GateSettings.min_effect,
                        help="smallest relative slowdown that counts, e.g. 0.05 = 5%% (default: %(default)s)")
    parser.add_argument("--clear-confidence", type=float, default=GateSettings.clear_confidence,
                        help="confidence with which a cell's 'no regression' rules out the minimum effect "
                             "(default: %(default)s)")
    parser.add_argument("--variance", choices=relative.VARIANCES, default=GateSettings.variance,
                        help="each cell's spread from its own rounds ('cell'), or moderated across the payloads of "
                             "a sub-experiment and magnitude (empirical Bayes, as limma; 'moderated') "
                             "(default: %(default)s)")
    parser.add_argument("--gate-magnitudes", nargs="+", choices=relative.MAGNITUDES,
                        help="magnitudes that decide the gate; the others are advisory (default: "
                             + "; ".join(f"{kind}: {' '.join(gated)}" for kind, gated in relative.GATED_BY_KIND.items())
                             .replace("%", "%%") + ")")
    parser.add_argument("--requirements", type=Path, help="requirements CSV applied as an absolute ceiling")
    parser.add_argument("--head-sha", type=gate_result.commit_id,
                        help="the pull request's head commit, recorded in gate_result.json (its comment matches it "
                             "to the pull request)")
    parser.add_argument("--seed", type=int, help="seed of the run order and the randomisation test "
                                                 "(default: random, printed)")
    add_execution_options(parser)
    parser.set_defaults(timeout_s=DEFAULT_RUN_TIMEOUT_S)


def run(args):
    settings = GateSettings(alpha=args.alpha, min_effect=args.min_effect, clear_confidence=args.clear_confidence,
                            gated=tuple(args.gate_magnitudes or relative.GATED_BY_KIND[args.kind]),
                            variance=args.variance)
    payloads, grid = args.payloads, {}
    if args.kind == "throughput":  # the gate's own, smaller grid unless given
        payloads = payloads or THROUGHPUT_GATE_PAYLOADS
        grid = {"demands": args.demands or THROUGHPUT_GATE_GRID.demands,
                "recovery_times_ms": args.recovery_times_ms or THROUGHPUT_GATE_GRID.recovery_times_ms,
                "test_time_s": args.test_time_s or THROUGHPUT_GATE_GRID.test_time_s}
    status = run_gate(
        args.results_dir, args.base, args.pr, args.subexperiments, payloads, args.samples, args.rounds,
        args.max_rounds, args.look_every, settings, args.requirements, args.seed, kind=args.kind, **grid,
        **{key: getattr(args, key) for key in EXECUTION_OPTIONS},
    )
    if args.head_sha:
        gate_result.record_head_sha(args.results_dir, args.head_sha)
    return status
