"""Proof of the relative gate (issue 6): false alarms, detection and wall time, as tables.

Every subcommand prints markdown tables and writes them as proof_<command>.md, .csv (one
row per table row, raw numbers, a "table" column) and .json next to its inputs (their
common parent directory), or into --out. `<subcommand> --help` describes each in full.

    .venv/bin/python benchmarks/proof aa GATE_DIR... [--out DIR]
        Real A/A gates: false alarms, rounds used, wall time, the other methods on the
        same runs, and a replay check (aa.py).

    .venv/bin/python benchmarks/proof ab --shift 0.25 --cell interprocess_best_effort:1024 \\
            --gates 3 --out /work/proof-ab [--base BINARY] [--other intraprocess_best_effort] \\
            [--median-us US | --calibrate-from GATE_DIR...] [-- more latency-gate gate options]
        Builds a regression variant of the project's LatencyTest and runs N gates of it
        against BASE (ab.py).

    .venv/bin/python benchmarks/proof ab-table DIR... [--out DIR]
        Detection per shift of `ab` outputs (ab.py).

    .venv/bin/python benchmarks/proof resample GATE_DIR... [--trials 2000] [--out DIR]
            [--max-rounds 6 8 10 12] [--noise 0.5 1 2] [--samples 250 500 1000] [--seed 1]
            [--jobs 1] [--max-gate-noise S] [--variance cell moderated]
        Synthetic gates from recorded A/A gates (resample.py).

The shared parts: tables.py (bounds, formats, the report files), recorded.py (recorded
gates and their pooled rounds), replay.py (the gate's sequential procedure replayed
through stop_rule.stopping_look), methods.py (the spec's method and
github-action-benchmark's ratio threshold on the same runs).
"""

import argparse
import sys
from pathlib import Path

if not __package__:  # run as `python benchmarks/proof`: import the folder as the package
    sys.path[0] = str(Path(__file__).resolve().parents[1])

import proof.aa
import proof.ab
import proof.resample
from latency_gate.analysis import relative
from proof.tables import default_out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    def command(name, module, summary):
        return commands.add_parser(name, help=summary, description=module.__doc__,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)

    aa = command("aa", proof.aa, "summarise real A/A gates")
    aa.add_argument("inputs", nargs="+")
    aa.add_argument("--out", help="where to write proof_aa.* (default: next to the inputs)")
    ab = command("ab", proof.ab, "build a regression variant and run gates of it")
    ab.add_argument("--shift", type=float, required=True, help="e.g. 0.25 for +25%% of the target median")
    ab.add_argument("--cell", type=proof.ab.parse_cell, default=("interprocess_best_effort", 1024),
                    help="SUB-EXPERIMENT:PAYLOAD of the target Median cell (default: interprocess_best_effort:1024)")
    ab.add_argument("--gates", type=int, default=3)
    ab.add_argument("--out", required=True, help="build-<shift>/ and shift-<shift>/ go here")
    ab.add_argument("--out-tables", help="where proof_ab.* go (default: --out)")
    ab.add_argument("--base", help="base LatencyTest (default: the project-built one)")
    ab.add_argument("--other", nargs="*", default=[proof.ab.DEFAULT_OTHER],
                    help="sub-experiments the gates run besides the target's (default: %(default)s)")
    ab.add_argument("--side", choices=list(proof.ab.SIDES), default="subscriber",
                    help="subscriber: a delay in the echo of the target payload; publisher: a delay on the send "
                         "path that grows with the payload, the full shift at the target payload "
                         "(default: %(default)s)")
    ab.add_argument("--median-us", type=float, help="the target cell's base median (reported latency, us)")
    ab.add_argument("--calibrate-from", nargs="+", help="A/A gate directories to take that median from")
    ab.add_argument("gate_options", nargs="*", help="more latency-gate gate options, after --")
    ab_table = command("ab-table", proof.ab, "detection per shift of ab outputs")
    ab_table.add_argument("inputs", nargs="+")
    ab_table.add_argument("--out", help="where to write proof_ab.* (default: next to the inputs)")
    sampling = command("resample", proof.resample, "synthetic gates from recorded A/A rounds")
    sampling.add_argument("inputs", nargs="+")
    sampling.add_argument("--trials", type=int, default=2000, help="gates per false-alarm row (default: %(default)s)")
    sampling.add_argument("--detection-trials", type=int, help="gates per detection row (default: trials / 4)")
    sampling.add_argument("--max-rounds", type=int, nargs="+", default=[6, 8, 10, 12])
    sampling.add_argument("--variance", nargs="+", choices=relative.VARIANCES, default=["cell"],
                          help="the gate's variance estimate(s) to resample; several: the tables for each")
    sampling.add_argument("--noise", type=float, nargs="+", default=[0.5, 1.0, 2.0])
    sampling.add_argument("--samples", type=int, nargs="*", default=[250, 500, 1000],
                          help="recompute each run from its first N raw samples (none: skip)")
    sampling.add_argument("--seed", type=int, default=1)
    sampling.add_argument("--jobs", type=int, default=1,
                          help="processes for the synthetic gates (default: 1; the results do not depend on it)")
    sampling.add_argument("--max-gate-noise", type=float,
                          help="pool only gates whose median Median-cell s.d. of d is at most this (a quiet machine)")
    sampling.add_argument("--out", help="where to write proof_resample.* (default: next to the inputs)")
    args = parser.parse_args(argv)
    if args.command == "aa":
        proof.aa.run_aa(args)
    elif args.command == "ab":
        proof.ab.run_ab(args)
    elif args.command == "ab-table":
        proof.ab.ab_report(args.inputs, args.out or default_out(args.inputs))
    else:
        proof.resample.run_resample(args)


if __name__ == "__main__":
    main()
