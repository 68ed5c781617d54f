"""Recorded gates (gate_result.json and rounds.csv of `latency-gate gate`): loading them,
grouping those measuring the same cells, and pooling their rounds."""

import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate.contracts import gate_result
from latency_gate.analysis import relative
from latency_gate.campaigns import gate
from latency_gate.analysis.relative import GateSettings


@dataclass(eq=False)
class RecordedGate:
    directory: Path
    result: dict  # gate_result.json
    rounds: pd.DataFrame  # rounds.csv

    @property
    def rounds_used(self):
        # Older gate_result.json files held the first look in "rounds"; the last look is exact.
        looks = self.result.get("looks") or []
        return int(looks[-1]["rounds"]) if looks else int(self.rounds[relative.ROUND].max())

    @property
    def first_look(self):
        # Older gate_result.json files lack "first_look" and held it in "rounds".
        return int(self.result.get("first_look", self.result.get("rounds", gate.DEFAULT_ROUNDS)))

    @property
    def settings(self):
        s = self.result.get("settings", {})
        return GateSettings(alpha=s.get("alpha", 0.01), min_effect=s.get("min_effect", 0.05),
                            clear_confidence=s.get("clear_confidence", 0.9),
                            gated=tuple(s.get("gated", relative.GATED_MAGNITUDES)),
                            variance=s.get("variance", "cell"))  # gates recorded before the choice used "cell"

    @property
    def cell_set(self):
        """What makes gates comparable: sub-experiments, payloads, samples."""
        return (tuple(sorted(self.rounds[relative.SUBEXPERIMENT].unique())),
                tuple(sorted(self.rounds[relative.BYTES].unique())), int(self.result.get("samples", 0)))


def gate_directories(inputs):
    """The inputs, a directory holding gate-* directories standing for those."""
    found = []
    for path in map(Path, inputs):
        if (path / "rounds.csv").exists() or (path / "gate_result.json").exists():
            found.append(path)
        else:
            found += sorted(p for p in path.glob("gate-*") if p.is_dir())
    return found


def load_gates(inputs):
    """Complete recorded gates (gate_result.json and rounds.csv); unfinished ones are named and skipped."""
    gates, skipped = [], []
    for directory in gate_directories(inputs):
        result_path, rounds_path = directory / gate_result.FILE, directory / "rounds.csv"
        if not (result_path.is_file() and rounds_path.is_file()):
            skipped.append(directory)
            continue
        gates.append(RecordedGate(directory, gate_result.read(directory), pd.read_csv(rounds_path)))
    if skipped:
        print(f"proof: skipped {len(skipped)} unfinished gate(s): {', '.join(p.name for p in skipped)}",
              file=sys.stderr)
    if not gates:
        sys.exit("proof: no finished gate (gate_result.json and rounds.csv) in the given directories")
    return gates


def group_gates(gates):
    groups = {}
    for recorded in gates:
        groups.setdefault(recorded.cell_set, []).append(recorded)
    return sorted(groups.items(), key=lambda item: -len(item[1]))


def group_label(cell_set, gates):
    names, payloads, samples = cell_set
    sources = sorted({gate.directory.parent.name for gate in gates})  # a combined table names each source
    return f"{len(names)} sub-experiment(s) x {len(payloads)} payloads, {samples} samples ({' + '.join(sources)})"


@dataclass
class Pool:
    """Recorded rounds of gates measuring the same cells."""
    label: str
    cells: pd.DataFrame  # Sub-experiment, Bytes, Magnitude per column
    base: np.ndarray  # rounds x cells, the base run's value
    pr: np.ndarray
    source: list  # (gate directory, round) per row

    @property
    def log_ratios(self):
        return np.log(self.pr) - np.log(self.base)

    def mask(self, magnitudes):
        return self.cells[relative.MAGNITUDE].isin(magnitudes).to_numpy()


def gate_noise(recorded, magnitude="Median"):
    """A recorded gate's noise: the median over its `magnitude` cells of the s.d. of the round log ratio."""
    cells, _, _, ratios = relative.paired_log_ratios(recorded.rounds)
    mask = (cells[relative.MAGNITUDE] == magnitude).to_numpy()
    return float(np.median(ratios[:, mask].std(axis=0, ddof=1)))


def pool_of(gates, label):
    cells, bases, prs, source = None, [], [], []
    for recorded in gates:
        these, base, pr, _ = relative.paired_log_ratios(recorded.rounds, recorded.directory / "rounds.csv")
        if cells is None:
            cells = these
        elif not these.equals(cells):
            raise SystemExit(f"proof: {recorded.directory} measured other cells than the rest of its pool")
        bases.append(base)
        prs.append(pr)
        source += [(recorded.directory, r) for r in sorted(recorded.rounds[relative.ROUND].unique())]
    return Pool(label, cells, np.vstack(bases), np.vstack(prs), source)
