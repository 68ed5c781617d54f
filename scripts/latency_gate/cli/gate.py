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
from pathlib import Path

from latency_gate.cli.experiment_options import (
    add_estimated_cycles_option, add_execution_options, add_kind_options, add_matrix_options, run_spec,
)
from latency_gate.contracts import gate_result, run_metadata
from latency_gate.contracts.formats import SPEC_FAMILY, choose_family
from latency_gate.analysis import build_comparison, code_path, relative
from latency_gate.analysis.relative import GateSettings
from latency_gate.campaigns.gate import (
    DEFAULT_LOOK_EVERY, DEFAULT_MAX_ROUNDS, DEFAULT_ROUNDS, DEFAULT_SAMPLES,
    INSTRUCTIONS_PAYLOADS, INSTRUCTIONS_ROUNDS, INSTRUCTIONS_SAMPLES, THROUGHPUT_GATE_GRID,
    THROUGHPUT_GATE_PAYLOADS,
    run_gate,
)
from latency_gate.errors import EXIT_CHECK_FAILED, EXIT_INCONCLUSIVE, EXIT_OK
from latency_gate.render import flame_graphs, gate_report
from latency_gate.runner import counting, experiment
from latency_gate.runner.middleware import BACKENDS
from latency_gate.runner.middleware.common import build_configuration

SIGNALS = ("latency", "instructions", "both")
_SEVERITY = (EXIT_OK, EXIT_INCONCLUSIVE, EXIT_CHECK_FAILED)  # both signals: the worse verdict's exit code


def add_arguments(parser):
    parser.add_argument("--base", type=Path, required=True,
                        help="base build: LatencyTest (ThroughputTest) binary or Fast DDS colcon workspace")
    parser.add_argument("--pr", type=Path, required=True, help="pull-request build, likewise")
    parser.add_argument("-r", "--results-dir", "--results_dir", dest="results_dir", type=Path, required=True,
                        help="new directory for the rounds, reports and runs")
    parser.add_argument("--signal", choices=SIGNALS, default=SIGNALS[0],
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
                             f"instructions: {INSTRUCTIONS_ROUNDS})")
    parser.add_argument("--look-every", type=int, default=DEFAULT_LOOK_EVERY,
                        help="rounds between looks after the first (default: %(default)s)")
    parser.add_argument("--alpha", type=float, default=GateSettings.alpha,
                        help="family-wise false-alarm rate over all gated cells (default: %(default)s)")
    parser.add_argument("--min-effect", type=float,
                        help=f"smallest relative slowdown that counts, e.g. 0.05 = 5%% (default: {GateSettings.min_effect}; "
                             f"instructions: the middleware's, from its measured spread: {_min_effects()})")
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
    add_execution_options(parser)  # --timeout: run_gate's default (DEFAULT_RUN_TIMEOUT_S, counted INSTRUCTIONS_RUN_TIMEOUT_S)


def run(args):
    if args.signal != "both":
        return _gate(args, args.signal, args.results_dir)
    experiment.check_signal(run_spec(args, signal="instructions"))  # bad input before the latency gate runs
    latency = _gate(args, "latency", args.results_dir)
    return max(latency, _gate(args, "instructions", args.results_dir / "instructions"), key=_SEVERITY.index)


def _counted_min_effect(middleware):
    """The code-path gate's default minimum effect for a middleware: its counted path's."""
    path = BACKENDS[middleware].COUNTED_PATH
    return path.min_effect if path else counting.DEFAULT_MIN_EFFECT


def _min_effects():
    """Each counted middleware's default (a backend without a counted path is refused, not gated)."""
    return ", ".join(f"{name} {backend.COUNTED_PATH.min_effect:g}" for name, backend in BACKENDS.items()
                     if backend.COUNTED_PATH)


def _given(value, default):
    return default if value is None else value


def _gate(args, signal, results_dir):
    counted = signal == "instructions"
    settings = GateSettings(
        alpha=args.alpha, clear_confidence=args.clear_confidence, variance=args.variance,
        min_effect=_given(args.min_effect, _counted_min_effect(args.middleware) if counted else GateSettings.min_effect),
        gated=tuple(args.gate_magnitudes or ((relative.INSTRUCTIONS,) if counted else relative.GATED_BY_KIND[args.kind])),
        guard="rank" if counted else GateSettings.guard, require_detectable=args.require_detectable,
    )
    rounds = _given(args.rounds, INSTRUCTIONS_ROUNDS if counted else DEFAULT_ROUNDS)
    max_rounds = _given(args.max_rounds, max(rounds, INSTRUCTIONS_ROUNDS) if counted else DEFAULT_MAX_ROUNDS)
    samples = _given(args.samples, INSTRUCTIONS_SAMPLES if counted else DEFAULT_SAMPLES)
    # The code-path gate's own payloads stand for the spec's; another family's are its own.
    spec_family = choose_family(args.family, args.subexperiments).name == SPEC_FAMILY
    payloads, grid = args.payloads or (INSTRUCTIONS_PAYLOADS if counted and spec_family else None), {}
    if args.kind == "throughput":  # the gate's own, smaller grid unless given
        payloads = payloads or THROUGHPUT_GATE_PAYLOADS
        grid = {"demands": tuple(args.demands or THROUGHPUT_GATE_GRID.demands),
                "recovery_times_ms": tuple(args.recovery_times_ms or THROUGHPUT_GATE_GRID.recovery_times_ms),
                "test_time_s": args.test_time_s or THROUGHPUT_GATE_GRID.test_time_s}
    spec = run_spec(args, samples=samples, payloads=payloads and tuple(payloads), signal=signal,
                    estimated_cycles=counted and args.estimated_cycles, **grid)
    status = gate_and_report(results_dir, args.base, args.pr, spec, rounds, max_rounds, args.look_every, settings,
                             args.requirements if not counted else None, args.seed,
                             no_allocations=tuple(args.no_allocations or ()) if counted else ())
    if args.head_sha:
        gate_result.record_head_sha(results_dir, args.head_sha)
    return status


def gate_and_report(results_directory, *args, out=None, no_allocations=(), **kwargs):
    """campaigns.gate.run_gate, then its reports and verdict line (on `out`, default: sys.stdout
    when called); EXIT_OK (passed, or inconclusive without a requirement), EXIT_CHECK_FAILED
    (failed) or EXIT_INCONCLUSIVE (inconclusive with --require-detectable)."""
    out = out or sys.stdout  # looked up per call: a default bound at import would keep a replaced stream
    outcome = run_gate(results_directory, *args, out=out, **kwargs)
    _compare_builds(outcome)
    _draw_flame_graphs(outcome, out)
    _decide_allocations(outcome, no_allocations)
    verdict = gate_report.write_reports(outcome)
    print(gate_report.verdict_line(outcome.decision, outcome.ceiling, outcome.settings, outcome.elapsed_s,
                                   outcome.details), file=out, flush=True)
    if verdict == relative.FAILED:
        return EXIT_CHECK_FAILED
    required = outcome.settings.require_detectable is not None
    return EXIT_INCONCLUSIVE if verdict == relative.INCONCLUSIVE and required else EXIT_OK


def _compare_builds(outcome):
    """What differed between the two builds besides their code (analysis/build_comparison.py), from
    their first round's runs: named in the reports; InputError when the runs ran unlike."""
    first = {build: gate_result.run_directories(outcome.results, build)[:1] for build in (relative.BASE, relative.PR)}
    if not all(first.values()):
        return
    base, pr = (run_metadata.read(first[build][0]).to_dict() for build in (relative.BASE, relative.PR))
    outcome.details["build_differences"] = build_comparison.compare(
        base, pr, build_configuration(base.get("latency_test")), build_configuration(pr.get("latency_test")))


def _decide_allocations(outcome, no_allocations):
    """A counted gate's heap allocations per round trip: the cells whose allocations moved between the
    builds, and, for the sub-experiments in `no_allocations` ("all": every one), the PR's cells that
    allocate on their steady path; either fails the gate (render/gate_report.py)."""
    if outcome.details.get("signal") != "instructions":
        return
    subexperiments = outcome.details["subexperiments"]
    outcome.details["allocation_changes"] = [
        cell for cell in code_path.allocation_changes(outcome.results, subexperiments) if cell["verdict"] != "no change"]
    if no_allocations:
        required = list(subexperiments) if "all" in no_allocations else [
            name for name in subexperiments if name in no_allocations]
        outcome.details["no_allocations"] = required
        runs = gate_result.run_directories(outcome.results, relative.PR)
        outcome.details["steady_allocations"] = code_path.steady_allocations(runs[-1], required) if runs else []


def _draw_flame_graphs(outcome, out):
    """The code-path gate's differential flame graphs of its regressed and improved cells, listed
    in gate_result.json (`flamegraphs`) and the report when any were drawn."""
    if outcome.details.get("signal") == "instructions":
        if drawn := flame_graphs.draw_gate(outcome.results, outcome.decision, outcome.details["payloads"], out):
            outcome.details["flamegraphs"] = drawn
