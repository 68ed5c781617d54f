"""The relative gate: base and pull-request builds in interleaved rounds (issue: a merge
gate that does not cry wolf).

Each round runs every selected sub-experiment once with each build, back to back, in a
random order per pair, so drift and the machine's state hit both alike. At each look
(stop_rule.py) relative.decide() looks at all rounds so far; the gate stops early only to
pass, and only the verdict at `max_rounds` can fail it. run_gate returns the outcome;
render/gate_report.py writes the verdict (`latency-gate gate`: cli/gate.py does both).

Results directory:
  runs/round-NN/{base,pr}/   each run's measurements, metadata and logs
  rounds.csv                 one row per round, build and cell (written after every round)
  gate_cells.csv             per cell: base, PR, ratio with interval, adjusted p, verdict, reason
  gate_report.md / .xml / gate_result.json   the verdict for people, CI and machines
  plots/gate_<sub-experiment>.png   PR / base ratio per payload with intervals and verdicts
"""

import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate.analysis import (
    build_comparison, code_path, processing, relative, requirements as requirements_module, stop_rule,
)
from latency_gate.analysis.relative import BASE, PR, ROUND_COLUMNS, GateSettings
from latency_gate.contracts import (
    gate_result, instruction_counts, magnitudes, requirements_provenance, run_metadata, throughput_formats,
)
from latency_gate.contracts.formats import Matrix, measurements_path, write_csv
from latency_gate.errors import InputError
from latency_gate.runner import experiment, interleaving, kinds
from latency_gate.runner.kinds import Grid
from latency_gate.runner.middleware.common import build_configuration
from latency_gate.runner.run_spec import RunSpec

DEFAULT_SAMPLES = 500  # the noise is between runs: 500 keep a run's median within ~1 % and cut a round by a quarter
DEFAULT_ROUNDS = 6
DEFAULT_MAX_ROUNDS = 10
DEFAULT_LOOK_EVERY = 2
# A gate's run takes seconds; a hung one should not hold the runner for the runner's 15 min.
DEFAULT_RUN_TIMEOUT_S = 120.0
# A throughput gate's grid: the cases that carry the best throughput per payload on the full
# specification grid (benchmarks/results/throughput-grid-2026-11-25; README "Throughput").
THROUGHPUT_GATE_PAYLOADS = (64, 1024, 16384)
THROUGHPUT_GATE_GRID = Grid(demands=(1000,), recovery_times_ms=(0,), test_time_s=1)
# The code-path gate (--signal instructions): a count is exact up to a small spread, so 100 round
# trips per payload and 3 rounds (the least the rank guard confirms with) settle it; a run of the
# full matrix under valgrind takes ~2 min, both builds at once (benchmarks/results/code-path-2026-11-25/).
INSTRUCTIONS_SAMPLES = 100
INSTRUCTIONS_ROUNDS = 3
# A cell that looks like a regression after those is decided on 6 (stop_rule: a counted gate goes on
# only to confirm), so a gate that passes still takes 3 rounds.
INSTRUCTIONS_MAX_ROUNDS = 6
# Under valgrind a secured sub-experiment's run took 35-95 s beside other work (Cyclone DDS over TCP
# with DDS Security, both builds at once: over 120 s twice in one full-matrix gate).
INSTRUCTIONS_RUN_TIMEOUT_S = 360.0
# Instructions per round trip are nearly flat from 16 B to 4 KiB and jump at 8 KiB (full-matrix
# A/A, benchmarks/results/code-path-2026-11-25/): one payload of each regime and both large ones,
# while each payload costs a secured run 3-5 s under valgrind (its endpoints' handshakes).
INSTRUCTIONS_PAYLOADS = (16, 1024, 8192, 16384)


@dataclass(frozen=True)
class GateSpec:
    """A relative gate's settings: one frozen object, built once (from the command line:
    cli/gate.gate_spec; `latency-gate ci gate` runs that command; from a campaign: dataclasses.replace
    of its own), its settings checked here and its builds' runs once by check_gate, and passed
    down whole."""

    base: Path  # the base build: its program, or a workspace holding it
    pr: Path  # the pull request's build, likewise
    results: Path  # a new directory for the rounds, reports and runs
    run: RunSpec  # every run's settings, its program aside; its signal decides
    matrix: Matrix  # the family, sub-experiments and payloads chosen once from `run` (formats.choose_matrix)
    rounds: int = DEFAULT_ROUNDS  # before the first look
    max_rounds: int = DEFAULT_MAX_ROUNDS  # only the verdict at the last can fail the gate
    look_every: int = DEFAULT_LOOK_EVERY
    settings: GateSettings = GateSettings()
    requirements: Path | None = None  # requirements CSV applied as an absolute ceiling
    seed: int | None = None  # of the run order and the randomisation test; None: random
    no_allocations: tuple = ()  # counted: sub-experiments whose steady path must not allocate ("all": every one)
    head_sha: str | None = None  # the pull request's head commit, recorded in gate_result.json

    def __post_init__(self):
        if not 2 <= self.rounds <= self.max_rounds:  # a look needs 2 rounds for a spread
            raise InputError(f"need 2 <= rounds ({self.rounds}) <= max rounds ({self.max_rounds})")
        if self.look_every < 1:
            raise InputError(f"look-every must be at least 1, got {self.look_every}")

    @property
    def counted(self):
        """The code-path gate: instructions counted under valgrind decide, not time."""
        return self.run.signal == "instructions"


@dataclass(frozen=True)
class CheckedGate:
    """A GateSpec whose two builds' runs are checked (experiment.validate_run_of its matrix): what run_gate runs."""

    spec: GateSpec
    arms: dict  # {BASE, PR: experiment.CheckedInputs}


def check_gate(spec):
    """The CheckedGate of a GateSpec; InputError (nothing runs) on bad input. A code-path gate given
    no minimum effect takes its counted path's, known once the programs are: a program is counted
    on one path or another by what it is (a backend's counted_path_of: Fast DDS's and Cyclone DDS's
    libraries marked or not). Two builds counted on different paths are refused: their counts are
    of different regions (their runs' settings differ, which the comparison after the rounds refuses
    too); of two on one path, the larger minimum holds."""
    arms = {build: experiment.validate_run_of(replace(spec.run, program=program), spec.matrix)
            for build, program in ((BASE, spec.base), (PR, spec.pr))}
    described = {build: arm.counting and arm.counting.description for build, arm in arms.items()}
    if described[BASE] != described[PR]:
        raise InputError(f"the base and pull-request builds are counted on different paths, so their counts are "
                         f"not comparable (base: {described[BASE]}; PR: {described[PR]})")
    if spec.settings.min_effect is None:
        effect = max(arm.counting.min_effect for arm in arms.values())
        spec = replace(spec, settings=replace(spec.settings, min_effect=effect))
    return CheckedGate(spec, arms)


def run_gate(checked_gate, out=None):
    """Run a CheckedGate (check_gate) to its last look; returns its GateOutcome, with what differed
    between the builds.

    Raises InputError (nothing runs) on bad input, RunFailed when a run fails.
    """
    out = out or sys.stdout  # looked up per call: a default bound at import would keep a replaced stream
    spec, checked = checked_gate.spec, checked_gate.arms[PR]
    run = spec.run
    builds = {build: arm.binary for build, arm in checked_gate.arms.items()}
    kind, samples = checked.kind, run.samples
    # What the middleware cannot do is said once here, not run in every round.
    chosen = tuple(name for name in checked.subexperiments if name not in checked.unsupported)
    payloads_checked = checked.payloads
    for name, why in checked.unsupported.items():
        print(f"{name}: not gated: {why}", file=out, flush=True)
    if not chosen:
        raise InputError(f"{checked.backend.TITLE} supports none of the chosen sub-experiments")
    required, origin = load_requirements(spec.requirements, chosen, payloads_checked, kind)
    results = Path(spec.results)
    if gate_result.rounds_path(results).exists():
        raise InputError("already holds a gate run (rounds.csv); use a new results directory", results)
    seed = int(np.random.SeedSequence().entropy % 2**32) if spec.seed is None else spec.seed
    started = time.monotonic()
    measured = f"{samples} samples" if kind is kinds.LATENCY else f"{checked.grid.cases(payloads_checked)} cases"
    if checked.counting:
        measured += f", instructions counted under valgrind ({checked.counting.description})"
    settings = spec.settings
    print(f"Relative gate: {kind.name} ({run.signal}), {len(chosen)} sub-experiment(s) x {len(payloads_checked)} "
          f"payload(s), {measured}, {spec.rounds}..{spec.max_rounds} rounds, alpha {settings.alpha:g}, "
          f"minimum effect {settings.min_effect * 100:.2g}%, seed {seed}", file=out, flush=True)
    arms = {build: replace(run, program=binary, payloads=payloads_checked) for build, binary in builds.items()}
    plan = interleaving.RoundPlan(results, arms, chosen, spec.max_rounds, concurrent=spec.counted)
    gate = _Rounds(plan=plan, settings=settings, seed=seed, required=required, origin=origin, out=out,
                   confirm_only=spec.counted and settings.require_detectable is None, counted=spec.counted)
    stop_rule.stopping_look(spec.rounds, spec.max_rounds, spec.look_every, gate.unsettled_after)
    elapsed = time.monotonic() - started
    runs = gate.runs  # a counted gate's, as its last look read them; None for a timed gate
    functions, findings, allocations_failed = {}, {}, False
    if runs:
        functions = code_path.changed_functions(runs, gate.decision)
        # the cells that cannot detect the increase required: their runs' spread and where it is
        findings = code_path.allocation_findings(runs, chosen, spec.no_allocations) | {
            "spread_causes": code_path.spread_causes(runs, gate.decision, settings.required_effect)}
        allocations_failed = any(gate_result.allocation_failures(findings))
    regressions, over = relative.failures(gate.decision, gate.ceiling)
    failed = len(regressions) > 0 or (over is not None and len(over) > 0) or allocations_failed
    outcome = GateOutcome(results, gate.decision, gate.ceiling, gate.looks, settings, elapsed, {
        "signal": run.signal, "functions": functions,
        **({"counted_path": checked.counting.description} if checked.counting else {}),
        "seed": seed, "samples": samples,
        # ThroughputTest runs its cases for a time each, whatever the samples
        **({"cases": checked.grid.cases(payloads_checked), "test_time_s": checked.grid.test_time_s}
           if kind is kinds.THROUGHPUT else {}),
        "first_look": spec.rounds, "max_rounds": spec.max_rounds,
        "look_every": spec.look_every, "base": str(builds[BASE]), "pr": str(builds[PR]), "subexperiments": list(chosen),
        "payloads": list(payloads_checked), "requirements": str(spec.requirements) if spec.requirements else None,
        "duration_s": round(elapsed, 1), "regime": gate.regime, "requirements_comparability": gate.notes,
        "below_resolution": gate.unresolved,
    }, relative.gate_verdict(gate.decision, failed, settings), runs, findings, spec.head_sha)
    _compare_builds(outcome)
    return outcome


def _compare_builds(outcome):
    """What differed between the two builds besides their code (analysis/build_comparison.py), from
    their first round's runs: named in the reports; InputError when the runs ran unlike."""
    first = {build: gate_result.run_directories(outcome.results, build)[:1] for build in (BASE, PR)}
    if not all(first.values()):
        return
    base, pr = (run_metadata.read(first[build][0]).to_dict() for build in (BASE, PR))
    outcome.details["build_differences"] = build_comparison.compare(
        base, pr, build_configuration(base.get("latency_test")), build_configuration(pr.get("latency_test")))


@dataclass(frozen=True)
class GateOutcome:
    """What a gate decided, for its reports (render/gate_report.py)."""

    results: Path  # the results directory: rounds.csv and the runs
    decision: pd.DataFrame  # relative.decide() at the last look
    ceiling: pd.DataFrame | None  # relative.ceiling() when requirements were given
    looks: list
    settings: GateSettings
    elapsed_s: float
    details: dict  # what gate_result.json records of the run
    verdict: str  # gate_result.VERDICTS_OF_THE_GATE, decided here once
    runs: code_path.CountedRuns | None = None  # a counted gate's runs, as its last look read them (its flame graphs are drawn from them)
    # A counted gate's allocations and spread (code_path.allocation_findings, spread_causes), recorded after its
    # flame graphs in gate_result.json.
    findings: dict = field(default_factory=dict)
    head_sha: str | None = None  # the pull request's head commit, gate_result.json's last key


def minutes_text(seconds):
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"


def counts_text(look):
    order = (relative.REGRESSION, relative.INCONCLUSIVE, relative.NO_REGRESSION, relative.IMPROVEMENT)
    text = ", ".join(f"{look['verdicts'].get(v, 0)} {v}" for v in order)
    if look["ceiling"]:
        text += "; ceiling: " + ", ".join(f"{count} {status}" for status, count in sorted(look["ceiling"].items()))
    return text


@dataclass
class _Rounds:
    """A gate's rounds so far, run on demand up to each look, and its latest decision."""

    plan: interleaving.RoundPlan  # every round's runs: the two builds' RunSpecs, the sub-experiments
    settings: GateSettings
    seed: int  # of the run order and the randomisation test
    required: pd.DataFrame | None  # requirements as the ceiling
    origin: dict | None  # the requirements' provenance
    out: object
    # A counted gate goes on only to confirm a regression (stop_rule), unless every cell must be settled
    # (--require-detectable: an inconclusive gate then fails, so more rounds may help).
    confirm_only: bool = False
    # A counted gate's cells whose heap allocations look grown are confirmed on its last round too:
    # a cell can take one of a few allocation states per run (Cyclone DDS's publisher, 14.4 or 15.4
    # a round trip), and three runs of one build in the higher state failed an A/A gate
    # (benchmarks/results/code-path-cyclone-2026-11-27/heartbeats/).
    counted: bool = False
    runs: code_path.CountedRuns | None = None  # a counted gate's runs as its latest look read them
    frames: list = field(default_factory=list)
    looks: list = field(default_factory=list)
    decision: pd.DataFrame | None = None
    ceiling: pd.DataFrame | None = None
    regime: dict | None = None
    notes: list | None = None
    unresolved: list = field(default_factory=list)  # cells not gated: 0 us in a round (relative.below_resolution)
    # (sub-experiment, payload, round) where the pull request's build delivered no sample: regressions (_delivered_nothing)
    delivered_nothing: list = field(default_factory=list)
    started: float = field(default_factory=time.monotonic)

    def __post_init__(self):
        self.rng = np.random.default_rng(self.seed)

    def unsettled_after(self, look):
        """Run the rounds up to `look`, decide on all of them; the unsettled cells (stop_rule)."""
        while len(self.frames) < look:
            self._run_next_round()
        table, unresolved = relative.below_resolution(pd.concat(self.frames, ignore_index=True))
        for name in sorted(set(unresolved) - set(self.unresolved)):
            print(f"{name}: not gated: a round measured 0 us, at or below the clock's resolution",
                  file=self.out, flush=True)
        self.unresolved = unresolved
        in_failed = pd.MultiIndex.from_arrays([table[relative.SUBEXPERIMENT], table[relative.BYTES]]).isin(
            [(name, payload) for name, payload, _ in self.delivered_nothing])
        outright = _outright_regressions(self.delivered_nothing, table[in_failed], look, self.settings)
        table = table[~in_failed]
        if table.empty and outright.empty:
            raise InputError("every cell measured 0 us in some round, at or below the clock's resolution: "
                             "nothing to compare")
        decided = [relative.decide(table, self.settings, self.seed)] if not table.empty else []
        self.decision = pd.concat(decided + ([outright] if len(outright) else []), ignore_index=True)
        if self.counted:  # an inconclusive cell whose PR runs each took a base run's path says so
            self.runs = code_path.read_runs(self.plan.results, self.plan.chosen)
            self.decision = relative.explained_by_identical_paths(
                self.decision, code_path.identical_paths(self.runs, self.decision))
        self.ceiling = (relative.ceiling(table, self.required, self.settings, self.seed)
                        if self.required is not None and not table.empty else None)
        counts = self.decision.loc[self.decision["Gated"], "Verdict"].value_counts().to_dict()
        ceiling_counts = self.ceiling["Ceiling"].value_counts().to_dict() if self.ceiling is not None else {}
        unsettled = stop_rule.unsettled_cells(self.decision["Verdict"].to_numpy(), self.decision["Gated"].to_numpy(),
                                              self.ceiling, confirm_only=self.confirm_only)
        grown = 0
        if self.counted:
            grown = sum(cell["verdict"] == relative.REGRESSION
                        for cell in code_path.allocation_changes(self.runs, self.plan.chosen))
        unsettled += grown
        self.looks.append({"rounds": look, "verdicts": {k: int(v) for k, v in counts.items()},
                           "ceiling": {k: int(v) for k, v in ceiling_counts.items()}, "unsettled": unsettled})
        by_allocations = f" ({grown} by their heap allocations)" if grown else ""
        print(f"look after {look} rounds: {counts_text(self.looks[-1])}"
              + (f"; {unsettled} cell(s) unsettled{by_allocations}" if unsettled and look < self.plan.rounds else ""),
              file=self.out, flush=True)
        return unsettled

    def _run_next_round(self):
        round_number = len(self.frames) + 1
        round_started = time.monotonic()
        rows = _run_round(self.plan, round_number, self.rng, self.out)
        # A best case of 0 Mb/s has no time per megabit: no ratio and no test take it (rounds.csv neither).
        silent = ((rows[relative.MAGNITUDE] == relative.INVERSE_THROUGHPUT).to_numpy()
                  & ~np.isfinite(rows[relative.VALUE].to_numpy(dtype=float)))
        for name, payload, number in _delivered_nothing(rows[silent], self.plan.results):
            print(f"{name} {payload} B: the pull request's build delivered no samples in round {number} (a best "
                  "case of 0 Mb/s): a regression", file=self.out, flush=True)
            self.delivered_nothing.append((name, payload, number))
        self.frames.append(rows[~silent])
        write_csv(pd.concat(self.frames, ignore_index=True), gate_result.rounds_path(self.plan.results))
        if round_number == 1:
            first_run = run_metadata.read(gate_result.run_directory(self.plan.results, 1, BASE))
            self.regime = run_metadata.regime(first_run)
            self.notes = requirements_module.comparability_notes(self.origin, first_run)
            print(f"Settings in force: {run_metadata.regime_text(self.regime)}", file=self.out, flush=True)
        print(f"round {round_number}/{self.plan.rounds} done in {time.monotonic() - round_started:.1f} s "
              f"(elapsed {minutes_text(time.monotonic() - self.started)})", file=self.out, flush=True)


def load_requirements(path, chosen, payloads, kind):
    """(the requirements as the gate's ceiling on its cells, their provenance or None), (None, None)
    without requirements: latency's as they are, a throughput floor as the ceiling on 1/throughput it
    implies (relative.INVERSE_THROUGHPUT); read before anything runs, so that a broken provenance is
    bad input too."""
    if path is None:
        return None, None
    required = kind.read_requirements(path)
    if kind is kinds.THROUGHPUT:
        required = pd.DataFrame({"Experiment type": required["Experiment type"],
                                 "Bytes": required[throughput_formats.PAYLOAD],
                                 relative.INVERSE_THROUGHPUT: 1e6 / required[throughput_formats.THROUGHPUT]})
    for name in chosen:
        rows = required[required["Experiment type"] == name]
        if rows.empty:
            raise InputError(f"no requirements for sub-experiment '{name}'", path)
        missing = sorted(set(payloads) - set(rows["Bytes"]))
        if missing:
            raise InputError(f"no requirement for payload(s) {missing} of '{name}'", path)
    return required, requirements_provenance.read(path)


def cell_values(directory, subexperiment, kind, signal="latency"):
    """A run's values of the gate's cells: the latency summary's magnitudes, 1/throughput
    (us per Mb) of the throughput summary's best case per payload, or each counted magnitude the
    run's counts hold per round trip (contracts/magnitudes.py COUNTED: instructions, and estimated
    cycles when the cache was simulated)."""
    if signal == "instructions":
        counts = instruction_counts.read_counts(instruction_counts.counts_path(directory, subexperiment))
        return pd.concat([
            pd.DataFrame({"Bytes": counted.index, relative.MAGNITUDE: magnitude.name, relative.VALUE: counted.to_numpy()})
            for magnitude, counted in ((magnitude, instruction_counts.per_round_trip(counts, magnitude.column))
                                       for magnitude in magnitudes.COUNTED if magnitude.column in counts)
        ], ignore_index=True)
    path = measurements_path(directory, subexperiment)
    summary = processing.summarise(kind, kind.read_measurements(path), path)
    if kind is kinds.THROUGHPUT:
        return pd.DataFrame({"Bytes": summary[throughput_formats.PAYLOAD],
                             relative.MAGNITUDE: relative.INVERSE_THROUGHPUT,
                             relative.VALUE: 1e6 / summary[throughput_formats.THROUGHPUT]})
    return summary.melt(id_vars=["Bytes"], value_vars=list(relative.LATENCY_MAGNITUDES), var_name=relative.MAGNITUDE,
                        value_name=relative.VALUE)


def _delivered_nothing(rows, results):
    """(sub-experiment, payload, round) of each of a round's rows whose run's best case delivered no
    sample (0 Mb/s): the pull request's is an outright regression of its cell; the base's is bad
    input (InputError naming its run's measurements): with a base that delivers nothing there is
    no measure of what the pull request changed."""
    base = rows[rows[relative.BUILD] == BASE]
    if len(base):
        row = base.iloc[0]
        raise InputError(f"the base build delivered no samples in {row[relative.SUBEXPERIMENT]} at "
                         f"{int(row[relative.BYTES])} B in round {int(row[relative.ROUND])} (a best case of 0 Mb/s): "
                         "nothing to compare the pull request with",
                         measurements_path(gate_result.run_directory(results, int(row[relative.ROUND]), BASE),
                                           row[relative.SUBEXPERIMENT]))
    return [(row[relative.SUBEXPERIMENT], int(row[relative.BYTES]), int(row[relative.ROUND]))
            for _, row in rows.iterrows()]


def _outright_regressions(delivered_nothing, rounds, look, settings):
    """decide()'s rows of the cells the pull request's build delivered nothing in, from their base's
    `rounds`: regressions whatever their other rounds say, their time per megabit (PR, ratio, its
    interval, the slowdown detectable) unbounded."""
    rows = []
    for name, payload in dict.fromkeys((name, payload) for name, payload, _ in delivered_nothing):
        base = rounds.loc[(rounds[relative.SUBEXPERIMENT] == name) & (rounds[relative.BYTES] == payload)
                          & (rounds[relative.BUILD] == BASE), relative.VALUE].to_numpy(dtype=float)
        silent = [str(number) for cell_name, cell_payload, number in delivered_nothing
                  if (cell_name, cell_payload) == (name, payload)]
        rows.append({
            relative.SUBEXPERIMENT: name, relative.BYTES: payload, relative.MAGNITUDE: relative.INVERSE_THROUGHPUT,
            "Gated": relative.INVERSE_THROUGHPUT in settings.gated, "Rounds": look,
            "Base": float(np.exp(np.mean(np.log(base)))), "PR": np.inf,
            "Unit": magnitudes.of(relative.INVERSE_THROUGHPUT).unit, "Ratio": np.inf, "Low": np.inf, "High": np.inf,
            "p": 0.0, "Detectable": np.inf, "Ruled out above": np.inf, "Verdict": relative.REGRESSION,
            "Reason": f"the pull request's build delivered no samples in round{'s' * (len(silent) > 1)} "
                      f"{', '.join(silent)} (a best case of 0 Mb/s)",
        })
    return pd.DataFrame(rows)


def _run_round(plan, round_number, rng, out):
    """Run every sub-experiment with both builds (random order per pair); the round's rows."""
    rows = []
    spec = plan.arms[BASE]
    kind = kinds.kind(spec.kind)
    for run in interleaving.run_round(plan, round_number, rng, out):
        rows.append(cell_values(run.directory, run.subexperiment, kind, spec.signal).assign(**{
            relative.ROUND: round_number, relative.BUILD: run.arm, relative.SUBEXPERIMENT: run.subexperiment,
            gate_result.POSITION: run.position}))
    return pd.concat(rows, ignore_index=True)[[*ROUND_COLUMNS, gate_result.POSITION]]
