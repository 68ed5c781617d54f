"""Relative gate: the pull request's build against its base build in interleaved rounds.

Runs base and PR LatencyTest (--kind throughput: ThroughputTest) builds in interleaved rounds
and fails only on a confirmed regression (family-wise false-alarm control over all cells).
--signal instructions gates the instructions per round trip counted under valgrind instead of
the time (the code-path gate: any runner, no quiet machine needed); both runs both, the
code-path gate's files in <results>/instructions/.
Its verdict is passed, failed, or inconclusive: not failed, but some gated cell could not rule
out a slowdown of the minimum effect, or of --require-detectable's size when given.
Exit 0 passed or inconclusive, 1 confirmed regression or requirements ceiling breach, 3 bad input,
4 a run failed, 6 inconclusive with --require-detectable given (the slowdown required not ruled out).
"""

import sys
from dataclasses import replace
from pathlib import Path

from latency_gate.cli.experiment_options import (
    add_estimated_cycles_option, add_execution_options, add_kind_options, add_matrix_options, run_spec,
)
from latency_gate.contracts import gate_result
from latency_gate.analysis import relative
from latency_gate.analysis.relative import GateSettings
from latency_gate.campaigns import gate
from latency_gate.campaigns.gate import (
    DEFAULT_LOOK_EVERY, DEFAULT_MAX_ROUNDS, DEFAULT_ROUNDS, DEFAULT_RUN_TIMEOUT_S, DEFAULT_SAMPLES,
    INSTRUCTIONS_MAX_ROUNDS, INSTRUCTIONS_PAYLOADS, INSTRUCTIONS_ROUNDS, INSTRUCTIONS_RUN_TIMEOUT_S,
    INSTRUCTIONS_SAMPLES, THROUGHPUT_GATE_GRID, THROUGHPUT_GATE_PAYLOADS, GateSpec,
)
from latency_gate.contracts.formats import SPEC_FAMILY, choose_family, matrix_of
from latency_gate.errors import EXIT_CHECK_FAILED, EXIT_INCONCLUSIVE, EXIT_OK
from latency_gate.render import flame_graphs, gate_report
from latency_gate.runner.kinds import THROUGHPUT
from latency_gate.runner.run_spec import GATE_SIGNALS

_SEVERITY = (EXIT_OK, EXIT_INCONCLUSIVE, EXIT_CHECK_FAILED)  # both signals: the worse verdict's exit code


def add_arguments(parser):
    parser.add_argument("--base", type=Path, required=True,
                        help="base build: LatencyTest (ThroughputTest) binary or Fast DDS colcon workspace")
    parser.add_argument("--pr", type=Path, required=True, help="pull-request build, likewise")
    parser.add_argument("-r", "--results-dir", "--results_dir", dest="results_dir", type=Path, required=True,
                        help="new directory for the rounds, reports and runs")
    parser.add_argument("--signal", choices=GATE_SIGNALS, default=GATE_SIGNALS[0],
                        help="what decides: latency (time, on a quiet real-time runner), instructions (instructions "
                             "per round trip on the per-sample path, counted under valgrind: deterministic on any "
                             "runner, blind to system calls, the kernel and waiting), or both (default: %(default)s)")
    add_matrix_options(parser, None, f"{DEFAULT_SAMPLES}; instructions: {INSTRUCTIONS_SAMPLES}",
                       "16 .. 16384, powers of two; instructions: " + " ".join(map(str, INSTRUCTIONS_PAYLOADS)))
    add_kind_options(parser, THROUGHPUT_GATE_GRID)
    add_estimated_cycles_option(parser)
    parser.add_argument("--rounds", type=int,
                        help=f"rounds before the first look (default: {DEFAULT_ROUNDS}; instructions: "
                             f"{INSTRUCTIONS_ROUNDS})")
    parser.add_argument("--max-rounds", type=int,
                        help=f"rounds at most; only the verdict here can fail the gate (default: {DEFAULT_MAX_ROUNDS}; "
                             f"instructions: {INSTRUCTIONS_MAX_ROUNDS}, run only to confirm a cell that looks "
                             "like a regression)")
    parser.add_argument("--look-every", type=int, default=DEFAULT_LOOK_EVERY,
                        help="rounds between looks after the first (default: %(default)s)")
    parser.add_argument("--alpha", type=float, default=GateSettings.alpha,
                        help="family-wise false-alarm rate over all gated cells (default: %(default)s)")
    parser.add_argument("--min-effect", type=float,
                        help=f"smallest relative slowdown that counts, e.g. 0.05 = 5%% (default: {GateSettings.min_effect}; "
                             "instructions: the counted path's, chosen from its measured spread, as the program "
                             "turns out to be counted: docs/code-path-gate.md)")
    parser.add_argument("--require-detectable", type=float, metavar="FRACTION",
                        help="the slowdown every gated cell must rule out, e.g. 0.10 = 10%%: a gate that cannot is "
                             f"inconclusive and exits {EXIT_INCONCLUSIVE} (default: none required: a gate that cannot "
                             "rule out the minimum effect is inconclusive and exits 0)")
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
    parser.add_argument("--no-allocations", nargs="+", metavar="SUBEXPERIMENT",
                        help="the code-path gate fails, naming the allocating functions, when the pull request "
                             "allocates on the steady path (at least one heap allocation every other round trip) in "
                             "these sub-experiments ('all': every one); a real-time team's rule")
    parser.add_argument("--requirements", type=Path, help="requirements CSV applied as an absolute ceiling")
    parser.add_argument("--head-sha", type=gate_result.commit_id,
                        help="the pull request's head commit, recorded in gate_result.json (its comment matches it "
                             "to the pull request)")
    parser.add_argument("--seed", type=int, help="seed of the run order and the randomisation test "
                                                 "(default: random, printed)")
    add_execution_options(parser, timeout_default=f"{DEFAULT_RUN_TIMEOUT_S:g} s; instructions: "
                                                  f"{INSTRUCTIONS_RUN_TIMEOUT_S:g} s")  # gate_spec applies them


def run(args):
    signals = ("latency", "instructions") if args.signal == "both" else (args.signal,)
    # Both gates' specs, and so their bad input, before the first runs.
    specs = [gate_spec(args, signal) for signal in signals]
    if len(specs) == 2:  # the code-path gate's files in <results>/instructions/
        specs[1] = replace(specs[1], results=specs[1].results / "instructions")
    # Both gates' runs checked, and so their bad input, before the first runs: the code-path gate's
    # first, since what the middleware cannot count is said before what this machine lacks.
    checked = {}
    for spec in specs[::-1]:
        checked[spec.run.signal] = gate.check_gate(spec)
    worst = EXIT_OK
    for signal in signals:
        worst = max(worst, gate_and_report(checked[signal]), key=_SEVERITY.index)
    return worst


def gate_spec(options, signal):
    """The GateSpec of the gate command's parsed options for one of its signals: every option left
    None takes that signal's default here, and nowhere else."""
    counted = signal == "instructions"
    settings = GateSettings(
        alpha=options.alpha, clear_confidence=options.clear_confidence, variance=options.variance,
        min_effect=options.min_effect if counted else _given(options.min_effect, GateSettings.min_effect),
        gated=tuple(options.gate_magnitudes
                    or ((relative.INSTRUCTIONS,) if counted else relative.GATED_BY_KIND[options.kind])),
        guard="rank" if counted else GateSettings.guard, require_detectable=options.require_detectable,
    )
    rounds = _given(options.rounds, INSTRUCTIONS_ROUNDS if counted else DEFAULT_ROUNDS)
    max_rounds = _given(options.max_rounds, max(rounds, INSTRUCTIONS_MAX_ROUNDS) if counted else DEFAULT_MAX_ROUNDS)
    samples = _given(options.samples, INSTRUCTIONS_SAMPLES if counted else DEFAULT_SAMPLES)
    run = run_spec(options, signal=signal)
    # The family is chosen once, here: the code-path gate's own payloads stand for the spec's, another
    # family's are its own, and the matrix of both goes into the spec (check_gate does not choose again).
    family = choose_family(run.family, run.subexperiments)
    payloads, grid = run.payloads or (INSTRUCTIONS_PAYLOADS if counted and family.name == SPEC_FAMILY else None), {}
    if run.kind == THROUGHPUT.name:  # the gate's own, smaller grid unless given
        payloads = payloads or THROUGHPUT_GATE_PAYLOADS
        grid = {"demands": run.demands or THROUGHPUT_GATE_GRID.demands,
                "recovery_times_ms": run.recovery_times_ms or THROUGHPUT_GATE_GRID.recovery_times_ms,
                "test_time_s": run.test_time_s or THROUGHPUT_GATE_GRID.test_time_s}
    run = replace(run, samples=samples, payloads=payloads and tuple(payloads),
                  estimated_cycles=counted and run.estimated_cycles,
                  timeout_s=_given(run.timeout_s, INSTRUCTIONS_RUN_TIMEOUT_S if counted else DEFAULT_RUN_TIMEOUT_S),
                  **grid)
    return GateSpec(options.base, options.pr, options.results_dir, run,
                    matrix_of(family, run.subexperiments, run.payloads), rounds, max_rounds, options.look_every,
                    settings, None if counted else options.requirements, options.seed,
                    tuple(options.no_allocations or ()) if counted else (), options.head_sha)


def _given(value, default):
    return default if value is None else value


def gate_and_report(checked_gate, out=None):
    """campaigns.gate.run_gate of a CheckedGate, then its reports and verdict line (on `out`, default:
    sys.stdout when called); EXIT_OK (passed, or inconclusive without a requirement),
    EXIT_CHECK_FAILED (failed) or EXIT_INCONCLUSIVE (inconclusive with --require-detectable)."""
    out = out or sys.stdout  # looked up per call: a default bound at import would keep a replaced stream
    outcome = gate.run_gate(checked_gate, out)
    drawn, not_drawn = ([], []) if outcome.runs is None else flame_graphs.draw_gate(
        outcome.runs, outcome.decision, outcome.details["payloads"], out)
    print(gate_report.write_reports(outcome, drawn, not_drawn), file=out, flush=True)
    if outcome.verdict == relative.FAILED:
        return EXIT_CHECK_FAILED
    required = outcome.settings.require_detectable is not None
    return EXIT_INCONCLUSIVE if outcome.verdict == relative.INCONCLUSIVE and required else EXIT_OK
