"""The relative gate: base and pull-request builds in interleaved rounds (issue: a merge
gate that does not cry wolf).

Each round runs every selected sub-experiment once with each build, back to back, in a
random order per pair, so drift and the machine's state hit both alike. After the first
`rounds` rounds, and then every `look_every` rounds, relative.decide() looks at all
rounds so far. The gate stops early only to pass: when every gated cell is cleared (no
regression, or improvement) and nothing is near the requirements ceiling. Otherwise it
goes on to `max_rounds`, and only the verdict there can fail it; so whatever the looks
in between, a false alarm needs the Holm-adjusted tests at max_rounds to reject, which happens in
at most alpha of unchanged pull requests.

Results directory:
  runs/round-NN/{base,pr}/   each run's measurements, metadata and logs
  rounds.csv                 one row per round, build and cell (written after every round)
  gate_cells.csv             per cell: base, PR, ratio with interval, adjusted p, verdict, reason
  gate_report.md / .xml / gate_result.json   the verdict for people, CI and machines
  plots/gate_<sub-experiment>.png   PR / base ratio per payload with intervals and verdicts
"""

import io
import json
import sys
import time
from pathlib import Path
from xml.etree import ElementTree

import numpy as np
import pandas as pd

from . import experiment, plots, relative, run_metadata
from . import requirements as requirements_module
from .errors import EXIT_CHECK_FAILED, EXIT_OK, InputError, RunFailed
from .formats import measurements_path, read_measurements, read_requirements, write_csv, write_text_atomic
from .relative import BASE, PR, ROUND_COLUMNS, GateSettings
from .statistics import summarise

DEFAULT_SAMPLES = 500  # the noise is between runs: 500 keep a run's median within ~1 % and cut a round by a quarter
DEFAULT_ROUNDS = 6
DEFAULT_MAX_ROUNDS = 10
DEFAULT_LOOK_EVERY = 2
# A gate's run takes seconds; a hung one should not hold the runner for the runner's 15 min.
DEFAULT_RUN_TIMEOUT_S = 120.0
POSITION = "Position"  # 1 when the build ran first in its pair, 2 when second


def run_gate(results_directory, base, pr, subexperiments=None, payloads=None, samples=DEFAULT_SAMPLES,
             rounds=DEFAULT_ROUNDS, max_rounds=DEFAULT_MAX_ROUNDS, look_every=DEFAULT_LOOK_EVERY,
             settings=GateSettings(), requirements=None, seed=None, out=sys.stdout, **execution):
    """Run the relative gate; returns EXIT_OK (pass) or EXIT_CHECK_FAILED (confirmed regression).

    Raises InputError (nothing runs) on bad input, RunFailed when a run fails.
    """
    if not 2 <= rounds <= max_rounds:  # a look needs 2 rounds for a spread
        raise InputError(f"need 2 <= rounds ({rounds}) <= max rounds ({max_rounds})")
    if look_every < 1:
        raise InputError(f"look-every must be at least 1, got {look_every}")
    execution = {"timeout_s": DEFAULT_RUN_TIMEOUT_S} | execution
    builds = {}
    for build, latency_test in ((BASE, base), (PR, pr)):
        binary, chosen, payloads_checked, _, _ = experiment.validate_run(
            latency_test, subexperiments, payloads, samples, execution["timeout_s"],
            execution.get("profiles"), execution.get("certs"), execution.get("stress"),
            execution.get("retries", experiment.DEFAULT_RETRIES),
        )
        builds[build] = binary
    required = _load_requirements(requirements, chosen, payloads_checked)
    # Read with the requirements, before anything runs: a broken provenance is bad input.
    origin = requirements_module.read_provenance(requirements) if requirements else None
    results = Path(results_directory)
    if (results / "rounds.csv").exists():
        raise InputError("already holds a gate run (rounds.csv); use a new results directory", results)
    seed = int(np.random.SeedSequence().entropy % 2**32) if seed is None else seed
    rng = np.random.default_rng(seed)
    started = time.monotonic()
    print(f"Relative gate: {len(chosen)} sub-experiment(s) x {len(payloads_checked)} payload(s), {samples} samples, "
          f"{rounds}..{max_rounds} rounds, alpha {settings.alpha:g}, minimum effect {settings.min_effect:.0%}, "
          f"seed {seed}", file=out, flush=True)
    frames, looks, decision, ceiling = [], [], None, None
    for round_number in range(1, max_rounds + 1):
        round_started = time.monotonic()
        frames.append(_run_round(results, round_number, max_rounds, builds, chosen, payloads_checked, samples, rng,
                                 execution, out))
        table = pd.concat(frames, ignore_index=True)
        write_csv(table, results / "rounds.csv")
        if round_number == 1:
            first_run = run_metadata.read(results / "runs" / "round-01" / BASE)
            regime = run_metadata.regime(first_run)
            notes = requirements_module.comparability_notes(origin, first_run)
            print(f"Settings in force: {run_metadata.regime_text(regime)}", file=out, flush=True)
        print(f"round {round_number}/{max_rounds} done in {time.monotonic() - round_started:.1f} s "
              f"(elapsed {_minutes(time.monotonic() - started)})", file=out, flush=True)
        if round_number not in look_rounds(rounds, max_rounds, look_every):
            continue
        decision = relative.decide(table, settings, seed)
        ceiling = relative.ceiling(table, required, settings, seed) if required is not None else None
        look = _look(decision, ceiling, round_number)
        looks.append(look)
        if look["unsettled"] == 0 or round_number == max_rounds:
            print(f"look after {round_number} rounds: {_counts_text(look)}", file=out, flush=True)
            break
        more = min(look_every, max_rounds - round_number)
        print(f"look after {round_number} rounds: {_counts_text(look)}; {look['unsettled']} cell(s) unsettled, "
              f"{more} more round(s)", file=out, flush=True)
    elapsed = time.monotonic() - started
    failed = _write_reports(results, decision, ceiling, looks, settings, {
        "seed": seed, "samples": samples, "first_look": rounds, "max_rounds": max_rounds, "look_every": look_every,
        "base": str(builds[BASE]), "pr": str(builds[PR]), "subexperiments": list(chosen),
        "payloads": list(payloads_checked), "requirements": str(requirements) if requirements else None,
        "duration_s": round(elapsed, 1), "regime": regime, "requirements_comparability": notes,
    })
    print(_verdict_line(decision, ceiling, failed, elapsed), file=out, flush=True)
    return EXIT_CHECK_FAILED if failed else EXIT_OK


def look_rounds(rounds, max_rounds, look_every):
    """After which rounds the gate looks: the first look, every look_every after it, and the last."""
    return sorted({*range(rounds, max_rounds + 1, look_every), max_rounds})


def unsettled_cells(decision, ceiling=None):
    """Gated cells not yet cleared, plus cells over or unsure against the ceiling: the gate
    may stop (and pass) only when there are none."""
    count = relative.unsettled(decision["Verdict"].to_numpy(), decision["Gated"].to_numpy())
    if ceiling is not None:
        count += int(ceiling["Ceiling"].isin((relative.CEILING_OVER, relative.CEILING_UNSURE)).sum())
    return count


def _load_requirements(path, chosen, payloads):
    if path is None:
        return None
    required = read_requirements(path)
    for name in chosen:
        rows = required[required["Experiment type"] == name]
        if rows.empty:
            raise InputError(f"no requirements for sub-experiment '{name}'", path)
        missing = sorted(set(payloads) - set(rows["Bytes"]))
        if missing:
            raise InputError(f"no requirement for payload(s) {missing} of '{name}'", path)
    return required


def _run_round(results, round_number, max_rounds, builds, chosen, payloads, samples, rng, execution, out):
    """Run every sub-experiment with both builds (random order per pair); the round's rows."""
    rows = []
    for name in chosen:
        order = (BASE, PR) if rng.random() < 0.5 else (PR, BASE)
        timings = []
        for position, build in enumerate(order, start=1):
            directory = results / "runs" / f"round-{round_number:02d}" / build
            began = time.monotonic()
            warnings = io.StringIO()  # the runner retries a failed or hung run (LatencyTest hangs now and then)
            code = experiment.run_experiment(directory, latency_test=builds[build], subexperiments=[name],
                                             payloads=payloads, samples=samples, baseline_s=0, out=io.StringIO(),
                                             err=warnings, **execution)
            _warn_once(warnings.getvalue())
            if code != EXIT_OK:
                raise RunFailed(f"{directory}: {name} with the {build} build failed in every attempt in round "
                                f"{round_number} (see metadata.json and logs/ there)")
            summary = summarise(read_measurements(measurements_path(directory, name)), directory)
            long = summary.melt(id_vars=["Bytes"], value_vars=list(relative.MAGNITUDES),
                                var_name=relative.MAGNITUDE, value_name=relative.VALUE)
            rows.append(long.assign(**{relative.ROUND: round_number, relative.BUILD: build,
                                       relative.SUBEXPERIMENT: name, POSITION: position}))
            timings.append(f"{build} {time.monotonic() - began:4.1f} s")
        print(f"round {round_number}/{max_rounds}  {name:<40} {'  '.join(timings)}", file=out, flush=True)
    return pd.concat(rows, ignore_index=True)[[*ROUND_COLUMNS, POSITION]]


_WARNED = set()


def _warn_once(text):
    """The runner warns per run; the gate's hundreds of runs say each warning once."""
    for line in text.splitlines():
        if line not in _WARNED:
            _WARNED.add(line)
            print(line, file=sys.stderr)


def _minutes(seconds):
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"


def _look(decision, ceiling, round_number):
    counts = decision.loc[decision["Gated"], "Verdict"].value_counts().to_dict()
    ceiling_counts = ceiling["Ceiling"].value_counts().to_dict() if ceiling is not None else {}
    return {"rounds": round_number, "verdicts": {k: int(v) for k, v in counts.items()},
            "ceiling": {k: int(v) for k, v in ceiling_counts.items()},
            "unsettled": unsettled_cells(decision, ceiling)}


def _counts_text(look):
    order = (relative.REGRESSION, relative.INCONCLUSIVE, relative.NO_REGRESSION, relative.IMPROVEMENT)
    text = ", ".join(f"{look['verdicts'].get(v, 0)} {v}" for v in order)
    if look["ceiling"]:
        text += "; ceiling: " + ", ".join(f"{count} {status}" for status, count in sorted(look["ceiling"].items()))
    return text


def _failures(decision, ceiling):
    regressions = decision[decision["Gated"] & (decision["Verdict"] == relative.REGRESSION)]
    over = ceiling[ceiling["Ceiling"] == relative.CEILING_OVER] if ceiling is not None else ceiling
    return regressions.sort_values("Ratio", ascending=False), over


def _verdict_line(decision, ceiling, failed, elapsed):
    regressions, over = _failures(decision, ceiling)
    rounds = int(decision["Rounds"].iloc[0])
    if failed:
        return (f"Relative gate FAILED after {rounds} rounds ({_minutes(elapsed)}): {len(regressions)} confirmed "
                f"regression(s)" + (f", {len(over)} cell(s) over the requirements ceiling" if over is not None else ""))
    inconclusive = int((decision["Gated"] & (decision["Verdict"] == relative.INCONCLUSIVE)).sum())
    return (f"Relative gate PASSED after {rounds} rounds ({_minutes(elapsed)}): no confirmed regression"
            + (f" ({inconclusive} cell(s) inconclusive)" if inconclusive else ""))


def cell_table(decision, ceiling):
    """gate_cells.csv: the decision per cell, with the ceiling columns where requirements were given."""
    table = decision.copy()
    if ceiling is not None:
        table = table.merge(
            ceiling[[*relative.CELL, "Requirement [us]", "Ceiling"]], on=relative.CELL, how="left"
        )
    return table


def _write_reports(results, decision, ceiling, looks, settings, details):
    regressions, over = _failures(decision, ceiling)
    failed = len(regressions) > 0 or (over is not None and len(over) > 0)
    batch = plots.PlotBatch()
    gated = decision[decision["Gated"]]
    for name, cells in gated.groupby(relative.SUBEXPERIMENT, sort=False):
        batch.add_gate_ratios(name, cells, settings.min_effect, results / "plots")
    batch.render()
    write_csv(cell_table(decision, ceiling), results / "gate_cells.csv")
    write_text_atomic(results / "gate_report.md", markdown_report(decision, ceiling, settings, details))
    write_text_atomic(results / "gate_report.xml", junit_report(decision, ceiling))
    write_text_atomic(results / "gate_result.json", result_json(decision, ceiling, looks, settings, details, failed))
    return failed


def _cell_name(row):
    return f"{row[relative.SUBEXPERIMENT]} {row[relative.BYTES]} B {row[relative.MAGNITUDE]}"


def _percent(ratio):
    return f"{(ratio - 1) * 100:+.1f}%"


_VARIANCE_TEXT = {"cell": "each cell's variance from its own rounds",
                  "moderated": "variances moderated across the payloads of a sub-experiment"}


def markdown_report(decision, ceiling, settings, details):
    """Job summary: the verdict, then regressions, ceiling breaches, improvements, inconclusive cells."""
    regressions, over = _failures(decision, ceiling)
    gated = decision[decision["Gated"]]
    rounds = int(decision["Rounds"].iloc[0])
    failed = len(regressions) or (over is not None and len(over))
    verdict = "**FAILED**" if failed else "**PASSED**"
    lines = [
        "## Latency gate (relative: pull request vs base)", "",
        f"{verdict}: {len(regressions)} confirmed regression(s) among {len(gated)} gated cells after {rounds} "
        f"interleaved rounds of {details['samples']} samples ({details['duration_s']:.0f} s).",
        "",
        f"A cell (sub-experiment x payload x {' / '.join(settings.gated)}) is a regression when the pull request is "
        f"at least {settings.min_effect:.0%} slower than its base, a paired t-test over the rounds' log ratios "
        f"PR / base ({_VARIANCE_TEXT[settings.variance]}) says so at a family-wise false-alarm rate of "
        f"{settings.alpha:.0%} over all gated cells (Holm), "
        f"and an exact sign-flip test finds the slowdown consistent across rounds. Ratios are PR / base geometric "
        f"means over rounds; intervals are simultaneous {1 - settings.alpha:.0%} intervals.",
        "",
        f"Both builds ran under: {run_metadata.regime_text(details['regime'])}.",
        "",
    ]
    if details["requirements_comparability"]:
        lines += ["> **The requirements ceiling is not like with like:** "
                  + "; ".join(details["requirements_comparability"]), ""]
    columns = ["Cell", "Base [us]", "PR [us]", "Change", "Interval", "Why"]

    def table(frame, title):
        if frame.empty:
            return []
        rows = [f"### {title}", "", "| " + " | ".join(columns) + " |", "|---|---:|---:|---:|---|---|"]
        rows += [
            f"| {_cell_name(row)} | {row['Base [us]']:.3f} | {row['PR [us]']:.3f} | {_percent(row['Ratio'])} | "
            f"{_percent(row['Low'])}..{_percent(row['High'])} | {row['Reason']} |"
            for _, row in frame.iterrows()
        ]
        return rows + [""]

    lines += table(regressions, "Confirmed regressions")
    if over is not None and len(over):
        lines += ["### Over the requirements ceiling (the base is under)", "",
                  "| Cell | Requirement [us] | Base [us] | PR [us] | PR over by |", "|---|---:|---:|---:|---:|"]
        lines += [f"| {_cell_name(row)} | {row['Requirement [us]']:.3f} | {row['Base [us]']:.3f} | "
                  f"{row['PR [us]']:.3f} | {_percent(row['Ratio'])} |" for _, row in over.iterrows()]
        lines.append("")
    stale = 0 if ceiling is None else int((ceiling["Ceiling"] == relative.CEILING_STALE).sum())
    if stale:
        lines += [f"{stale} cell(s) are over their requirement in the base build as well: the requirements are "
                  "stale for this machine (regenerate them); not counted against the pull request.", ""]
    improvements = gated[gated["Verdict"] == relative.IMPROVEMENT].sort_values("Ratio")
    lines += table(improvements, "Improvements")
    inconclusive = gated[gated["Verdict"] == relative.INCONCLUSIVE].sort_values("Ratio", ascending=False)
    if len(inconclusive):
        lines += [f"{len(inconclusive)} cell(s) stayed inconclusive (neither confirmed nor ruled out; they do not "
                  "fail the gate). The slowest ten:", ""]
        lines += table(inconclusive.head(10), "Inconclusive")
    advisory = decision[~decision["Gated"] & (decision["Verdict"] == relative.REGRESSION)]
    if len(advisory):
        lines += table(advisory.sort_values("Ratio", ascending=False).head(10),
                       "Advisory (not gated): regressions in " + ", ".join(sorted(set(advisory[relative.MAGNITUDE]))))
    detectable = detectable_effects(decision)
    magnitudes = [m for m in settings.gated if m in set(gated[relative.MAGNITUDE])]
    lines += ["### Sub-experiments", "",
              "Detectable: the smallest slowdown this gate would have confirmed (in 80% of gates) at the noise it "
              "measured, per magnitude: median over the payloads (largest). A pass rules out slowdowns of that size, "
              "not smaller ones.", "",
              "| Sub-experiment | Regression | Inconclusive | No regression | Improvement | Largest change | "
              + " | ".join(f"Detectable ({m})" for m in magnitudes) + " |",
              "|---|---:|---:|---:|---:|---:|" + "---:|" * len(magnitudes)]
    for name, cells in gated.groupby(relative.SUBEXPERIMENT, sort=False):
        counts = cells["Verdict"].value_counts()
        worst = cells.loc[cells["Ratio"].idxmax()]
        lines.append(
            f"| {name} | {counts.get(relative.REGRESSION, 0)} | {counts.get(relative.INCONCLUSIVE, 0)} | "
            f"{counts.get(relative.NO_REGRESSION, 0)} | {counts.get(relative.IMPROVEMENT, 0)} | "
            f"{_percent(worst['Ratio'])} ({worst[relative.BYTES]} B {worst[relative.MAGNITUDE]}) | "
            + " | ".join(f"+{detectable[name][m]['median']:.0%} (+{detectable[name][m]['max']:.0%})"
                         for m in magnitudes) + " |"
        )
    return "\n".join(lines) + "\n"


def detectable_effects(decision):
    """{sub-experiment: {magnitude: {"median", "max"}}}: the gated cells' detectable slowdowns
    (ratio - 1) over the payloads."""
    gated = decision[decision["Gated"]]
    effects = {}
    for (name, magnitude), cells in gated.groupby([relative.SUBEXPERIMENT, relative.MAGNITUDE], sort=False):
        slowdown = cells["Detectable"].to_numpy(float) - 1
        effects.setdefault(name, {})[magnitude] = {"median": round(float(np.median(slowdown)), 4),
                                                   "max": round(float(slowdown.max()), 4)}
    return effects


def junit_report(decision, ceiling):
    """JUnit XML: one test case per gated cell; a failure for a confirmed regression or ceiling breach."""
    gated = decision[decision["Gated"]]
    over = set()
    if ceiling is not None:
        over = {tuple(row) for row in
                ceiling.loc[ceiling["Ceiling"] == relative.CEILING_OVER, relative.CELL].itertuples(index=False)}
    suites = ElementTree.Element("testsuites", name="latency relative gate", tests=str(len(gated)))
    total_failures = 0
    for name, cells in gated.groupby(relative.SUBEXPERIMENT, sort=False):
        suite = ElementTree.SubElement(suites, "testsuite", name=name, tests=str(len(cells)))
        failures = 0
        for _, row in cells.iterrows():
            case = ElementTree.SubElement(suite, "testcase", classname=f"latency.relative.{name}",
                                          name=f"{row[relative.MAGNITUDE]} {row[relative.BYTES]} B")
            messages = []
            if row["Verdict"] == relative.REGRESSION:
                messages.append(f"regression: {row['Reason']}")
            if (name, row[relative.BYTES], row[relative.MAGNITUDE]) in over:
                messages.append("over the requirements ceiling")
            if messages:
                failures += 1
                ElementTree.SubElement(case, "failure", message="; ".join(messages), type="LatencyRegression").text = \
                    "; ".join(messages)
            else:
                ElementTree.SubElement(case, "system-out").text = f"{row['Verdict']}: {row['Reason']}"
        suite.set("failures", str(failures))
        total_failures += failures
    suites.set("failures", str(total_failures))
    ElementTree.indent(suites)
    return ElementTree.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"


def _cell_record(row):
    return {
        "subexperiment": row[relative.SUBEXPERIMENT], "bytes": int(row[relative.BYTES]),
        "magnitude": row[relative.MAGNITUDE], "base_us": round(float(row["Base [us]"]), 3),
        "pr_us": round(float(row["PR [us]"]), 3), "ratio": round(float(row["Ratio"]), 4),
        "interval": [round(float(row["Low"]), 4), round(float(row["High"]), 4)],
        "p_adjusted": round(float(row["p"]), 5), "verdict": row["Verdict"], "reason": row["Reason"],
    }


def result_json(decision, ceiling, looks, settings, details, failed):
    regressions, over = _failures(decision, ceiling)
    gated = decision[decision["Gated"]]
    counts = gated["Verdict"].value_counts()
    return json.dumps({
        "mode": "relative",
        "passed": not failed,
        "rounds": int(decision["Rounds"].iloc[0]),
        "cells": len(gated),
        "counts": {v: int(counts.get(v, 0)) for v in
                   (relative.REGRESSION, relative.INCONCLUSIVE, relative.NO_REGRESSION, relative.IMPROVEMENT)},
        "settings": {"alpha": settings.alpha, "min_effect": settings.min_effect,
                     "clear_confidence": settings.clear_confidence, "gated": list(settings.gated),
                     "variance": settings.variance},
        "detectable": detectable_effects(decision),
        "regressions": [_cell_record(row) for _, row in regressions.iterrows()],
        "improvements": [_cell_record(row) for _, row in gated[gated["Verdict"] == relative.IMPROVEMENT].iterrows()],
        "ceiling_over": [] if over is None else [
            {"subexperiment": row[relative.SUBEXPERIMENT], "bytes": int(row[relative.BYTES]),
             "magnitude": row[relative.MAGNITUDE], "requirement_us": round(float(row["Requirement [us]"]), 3),
             "pr_us": round(float(row["PR [us]"]), 3)} for _, row in over.iterrows()
        ],
        "looks": looks,
        **details,
    }, indent=2) + "\n"


# ---------------------------------------------------------------------------------------
# Command line (cli.py adds it)


def add_gate_command(subparsers):
    parser = subparsers.add_parser(
        "gate", help="relative gate: the PR build against its base build in interleaved rounds",
        description="Runs base and PR LatencyTest builds in interleaved rounds and fails only on a confirmed "
                    "regression (family-wise false-alarm control over all cells). Exit 0 pass, 1 confirmed "
                    "regression or requirements ceiling breach, 3 bad input, 4 a run failed.",
    )
    parser.add_argument("--base", type=Path, required=True,
                        help="base build: LatencyTest binary or Fast DDS colcon workspace")
    parser.add_argument("--pr", type=Path, required=True, help="pull-request build, likewise")
    parser.add_argument("-r", "--results-dir", "--results_dir", dest="results_dir", type=Path, required=True,
                        help="new directory for the rounds, reports and runs")
    experiment.add_matrix_options(parser, DEFAULT_SAMPLES)
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
    parser.add_argument("--gate-magnitudes", nargs="+", default=list(relative.GATED_MAGNITUDES),
                        choices=relative.MAGNITUDES, help="magnitudes that decide the gate; the others are "
                                                          "advisory (default: %(default)s)")
    parser.add_argument("--requirements", type=Path, help="requirements CSV applied as an absolute ceiling")
    parser.add_argument("--seed", type=int, help="seed of the run order and the randomisation test "
                                                 "(default: random, printed)")
    experiment.add_execution_options(parser)
    parser.set_defaults(timeout_s=DEFAULT_RUN_TIMEOUT_S)
    parser.set_defaults(func=_gate)


def _gate(args):
    settings = GateSettings(alpha=args.alpha, min_effect=args.min_effect, clear_confidence=args.clear_confidence,
                            gated=tuple(args.gate_magnitudes), variance=args.variance)
    return run_gate(
        args.results_dir, args.base, args.pr, args.subexperiments, args.payloads, args.samples, args.rounds,
        args.max_rounds, args.look_every, settings, args.requirements, args.seed,
        **{key: getattr(args, key) for key in experiment.EXECUTION_OPTIONS},
    )
