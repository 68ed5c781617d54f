"""Bisect a failed code-path gate: which commits moved its regressed cells.

For the cells a `gate --signal instructions` found regressed (its gate_result.json, with its runs
beside it), builds commits of the first-parent line from BASE to HEAD, each in a git worktree under
the output directory with the build command, counts only those cells, and names per cell the
commits whose own step moved it by more than its margin, with their subject, the instructions per
round trip before and after, and the function whose inclusive count grew most, and the ranges that
moved it gradually, no commit's step over the margin (docs/code-path-gate.md, Bisect).
The build command runs in the worktree (bash -c) and prints the program's path (relative to the
worktree, or absolute) on its last line; CCACHE_BASEDIR, unless given, is set to the worktrees' directory, so a
compiler cache the command uses (CMake's -DCMAKE_C_COMPILER_LAUNCHER=ccache) recompiles only what
each commit changed.
Writes bisect_result.json and bisect_report.md. Exit 0 every cell searched to the end, 1 stopped
early (the time limit, a commit that did not build or count: what is known is written), 3 bad input.
"""

from pathlib import Path

from latency_gate.campaigns import bisect
from latency_gate.cli.experiment_options import add_middleware_option
from latency_gate.contracts import bisect_result
from latency_gate.errors import EXIT_CHECK_FAILED, EXIT_OK
from latency_gate.render import bisect_report


def add_arguments(parser):
    parser.add_argument("--repository", type=Path, required=True, help="the git repository (its directory)")
    parser.add_argument("--base", required=True, help="the gate's base commit (a ref or commit id)")
    parser.add_argument("--head", required=True, help="the gate's pull-request head commit (a ref or commit id)")
    parser.add_argument("--build", dest="build_command", required=True, metavar="COMMAND",
                        help="builds the checked-out commit (run in its worktree); prints the program's path on its "
                             "last line")
    parser.add_argument("--gate-result", type=Path, required=True,
                        help="the failed code-path gate's gate_result.json (its rounds.csv beside it: the cells' spread)")
    parser.add_argument("-r", "--results-dir", "--results_dir", dest="results_dir", type=Path, required=True,
                        help="new directory for the worktrees, runs, logs and the result")
    add_middleware_option(parser)
    parser.add_argument("--samples", type=int, help="round trips per payload (default: the gate's)")
    parser.add_argument("--time-limit-s", type=float,
                        help="seconds the bisect may take; no commit is started that is not expected to finish in "
                             "time (default: none)")


def run(args):
    document = bisect.bisect(bisect.BisectSpec(args.repository, args.base, args.head, args.build_command,
                                               args.gate_result, args.results_dir, args.middleware, args.time_limit_s,
                                               args.samples))
    bisect_result.write(args.results_dir, document)
    bisect_report.write(args.results_dir, document)
    for cell in document["cells"]:
        named = "; ".join(bisect_report.culprit_line(culprit, cell["bytes"]) for culprit in cell["culprits"])
        print(f"{cell['subexperiment']} {cell['bytes']} B: {named or 'no culprit found'}"
              + (f" ({len(cell['unresolved'])} range(s) not searched to the end)" if cell["unresolved"] else ""))
    if not document["complete"]:
        print(f"bisect stopped early: {document['stopped']}")
    return EXIT_OK if document["complete"] else EXIT_CHECK_FAILED
