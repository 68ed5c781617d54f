"""Read the whole history store for the site: every run's metadata, summaries and checks.

A store of 1,000 runs holds 20,000 small CSVs, so each kind of file is parsed in one batch
(formats.read_batch); a bad file still gets the InputError that names its file and line.
Latency and throughput runs (runner/kinds.py) are read with their own formats into one
frame of summaries and one of checks: the payload column is "Bytes" for both, and a
check's "Percentage over requirement" is how far it is on the failing side (a floor's
percentage with its sign turned), so that the site ranks margins alike. A counted run's
instruction counts join the summaries as its cells (instruction_counts.read_cells: the
instructions per round trip in columns of their own); it has no checks.
"""

import functools
import os
import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from latency_gate.contracts import formats, instruction_counts, run_metadata
from latency_gate.errors import InputError
from latency_gate.runner import kinds

MARGIN = "Percentage over requirement"


def line_name(platform, middleware, kind="latency"):
    """The store's directory for a platform's runs of one middleware and kind: the platform
    itself for the default middleware's (Fast DDS) latency, <platform>-<middleware> for another middleware, and
    -throughput after it for throughput runs, so histories never mix middleware or kinds."""
    line = platform if middleware == run_metadata.DEFAULT_MIDDLEWARE else f"{platform}-{middleware}"
    return line if kind == "latency" else f"{line}-{kind}"


def line_platform(line, middleware, kind="latency"):
    """The platform a line of `middleware` and `kind` runs was measured on (line_name, inverted)."""
    line = line if kind == "latency" else line.removesuffix(f"-{kind}")
    return line if middleware == run_metadata.DEFAULT_MIDDLEWARE else line.removesuffix(f"-{middleware}")


@dataclass
class Run:
    platform: str
    run_id: str
    directory: Path
    files: list[str]
    metadata: run_metadata.RunMetadata | None = None  # None: the run came without (the spec's own flows)

    @functools.cached_property
    def named(self):
        """What the run id says (run_metadata.parse_run_id), or None for an id given by hand."""
        return run_metadata.parse_run_id(self.run_id)

    @property
    def commit(self):
        """The revision measured: the run id's, else the git commit of the Fast DDS sources the runner recorded."""
        if self.named and self.named.revision:
            return self.named.revision
        commit = self.metadata.source_commit if self.metadata else None
        return commit[:12] if commit else None  # as short as in a run id

    @property
    def runner(self):
        if self.named and self.named.runner:
            return self.named.runner
        return self.metadata.host if self.metadata else None

    @property
    def outcomes(self):
        """{sub-experiment: run_metadata.SubexperimentOutcome} as the runner recorded them."""
        return run_metadata.subexperiment_outcomes(self.metadata)

    def failure(self, name):
        """How the sub-experiment failed (status: error), or None when it passed or is not recorded."""
        return run_metadata.failure_text(self.outcomes.get(name))

    def crashed(self, name):
        """Whether the sub-experiment ran and did not pass (one its middleware cannot do did not run)."""
        outcome = self.outcomes.get(name)
        return outcome is not None and outcome.status not in ("passed", "unsupported")

    @property
    def started_at(self):
        """ISO UTC time: the run id's timestamp, else metadata's started_at."""
        if self.named:
            return f"{self.named.started_at:%Y-%m-%dT%H:%M:%SZ}"
        return self.metadata.started_at if self.metadata else None


@dataclass
class History:
    runs: list[Run]  # grouped by platform (sorted), chronological within a platform
    summaries: pd.DataFrame  # spec summary columns + run (index into runs), subexperiment
    checks: pd.DataFrame  # spec check columns + run, subexperiment
    texts: dict[Path, str]  # every summary and check CSV as read, for the run pages


def read_history(store: Path) -> History:
    runs = find_runs(store)
    files = {name: ([], []) for name in kinds.KINDS}  # kind name -> (summary files, check files)
    count_files = []
    for index, run in enumerate(runs):
        if kinds.of_line(run.metadata) is kinds.INSTRUCTIONS:
            paths = [run.directory / name for name in run.files if instruction_counts.is_counts(name)]
            count_files += [(index, instruction_counts.subexperiment_of_counts(path), path) for path in paths]
            continue
        summary_files, check_files = files[kinds.of_run(run.metadata).name]
        for name in run.files:
            path = run.directory / name
            if formats.is_summary(name):
                summary_files.append((index, formats.subexperiment_of_summary(path), path))
            elif formats.CHECKS.matches(name):
                check_files.append((index, formats.subexperiment_of_checks(path), path))
    texts, summaries, checks = {}, [], []
    for name, (summary_files, check_files) in files.items():
        kind = kinds.kind(name)
        summary = formats.read_batch(summary_files, kind.summary_columns, kind.read_summary, texts,
                                     unique=(kind.payload,), integers=kind.integers, rules=kind.summary_rules)
        check = formats.read_batch(check_files, kind.check_columns, kind.read_checks, texts, integers=(kind.payload,),
                                   rules=formats.check_rules(kind.magnitudes))
        floors = check["Check"].isin(kind.floors).to_numpy()
        check[MARGIN] = check[MARGIN].where(~floors, -check[MARGIN])
        summaries.append(summary.rename(columns={kind.payload: "Bytes"}))
        checks.append(check.rename(columns={kind.payload: "Bytes"}))
    summaries.append(instruction_counts.read_cells(count_files, texts))
    return History(runs, _concat(summaries), _concat(checks), texts)


def _concat(frames):
    """One frame of the kinds' frames; an empty one only when all are (its columns kept)."""
    filled = [frame for frame in frames if not frame.empty]
    return pd.concat(filled, ignore_index=True) if filled else frames[0]


def find_runs(store: Path) -> list[Run]:
    runs = []
    root = Path(store) / "runs"
    if not root.is_dir():
        raise InputError("not a history store (no runs/ directory)", store)
    for platform in _directories(root):
        for run_id in _directories(root / platform):
            directory = root / platform / run_id
            files = sorted(entry.name for entry in os.scandir(directory) if entry.is_file())
            # What an add writes, and nothing else, is shown as a run (a pushed branch can hold more).
            for name, what in ((platform, "platform"), (run_id, "run id")):
                if not SAFE_NAME.fullmatch(name):
                    raise InputError(f"{what} '{name}' may only hold letters, digits, '_', '.' and '-'", directory)
            if not files:
                raise InputError("a run directory that holds no files", directory)
            metadata = run_metadata.read(directory) if run_metadata.METADATA_FILE in files else None
            runs.append(Run(platform, run_id, directory, files, metadata))
    return runs


# A name of a directory in the store: a platform, a run id, a middleware's line.
SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def _directories(parent):
    """Names of the sub-directories, sorted; hidden ones are a publish's staging area."""
    return sorted(entry.name for entry in os.scandir(parent) if entry.is_dir() and not entry.name.startswith("."))

