"""metadata.json of a run: reading it, and the measurement regime it records.

The regime is the set of settings that change what a latency number means: the
real-time preset, SCHED_FIFO priority, the publisher's and subscriber's CPUs, locked
memory, the CPU-idle setting in force and background stress. Numbers measured under
different regimes are not comparable (on a VM, holding CPUs out of idle states halves
an inter-process median), so every comparison across runs (a check against requirements,
a comparison of experiments, the history) says when the regimes differ.
"""

from pathlib import Path

from .formats import read_json

METADATA_FILE = "metadata.json"
# Regime keys and the value a run recorded before the key existed (schema 1 runs never held
# CPU idle and had no preset).
REGIME_DEFAULTS = {"realtime_preset": False, "rt_prio": None, "pub_cpus": None, "sub_cpus": None,
                   "memory_locked": False, "cpu_idle": "os", "stress": None}
_REGIME_LABELS = {"realtime_preset": "real-time preset", "rt_prio": "SCHED_FIFO priority", "pub_cpus": "publisher CPUs",
                  "sub_cpus": "subscriber CPUs", "memory_locked": "memory locked", "cpu_idle": "CPU idle",
                  "stress": "background stress"}


def read(path):
    """The metadata of a run directory (or a metadata.json path) as a dict; InputError when unusable."""
    path = Path(path)
    if path.is_dir():
        path = path / METADATA_FILE
    return read_json(path, "metadata", "no metadata.json")


def regime(metadata):
    """The measurement regime recorded in a run's metadata (defaults for older runs)."""
    settings = metadata.get("settings") or {}
    return {key: settings.get(key, default) for key, default in REGIME_DEFAULTS.items()}


def regime_text(recorded):
    """One line: 'CPU idle held, pub CPU 0, sub CPU 1, SCHED_FIFO 50, memory locked' or the OS's defaults."""
    parts = [("CPU idle held" if recorded["cpu_idle"] == "hold" else "CPU idle: OS")]
    parts += [f"pub CPU {recorded['pub_cpus']}" if recorded["pub_cpus"] else "pub unpinned",
              f"sub CPU {recorded['sub_cpus']}" if recorded["sub_cpus"] else "sub unpinned"]
    parts.append(f"SCHED_FIFO {recorded['rt_prio']}" if recorded["rt_prio"] else "SCHED_OTHER")
    if recorded["memory_locked"]:
        parts.append("memory locked")
    if recorded["stress"]:
        parts.append(f"stress-ng {recorded['stress']}")
    return ", ".join(parts)


def regime_differences(first, second):
    """Human-readable differences between two regimes ('CPU idle: hold vs os'), [] when alike.

    The preset flag itself is not compared: what counts is the settings in force.
    """
    return [f"{_REGIME_LABELS[key]}: {_shown(first[key])} vs {_shown(second[key])}"
            for key in REGIME_DEFAULTS if key != "realtime_preset" and first[key] != second[key]]


def subexperiment_outcomes(metadata):
    """{sub-experiment: {"status", "error", "duration_s"}} as the runner recorded them; status is
    passed, failed, timed_out or interrupted (experiment.Outcome)."""
    recorded = metadata.get("subexperiments")
    if not isinstance(recorded, dict):
        return {}
    return {name: {key: entry.get(key) for key in ("status", "error", "duration_s")}
            for name, entry in recorded.items() if isinstance(entry, dict)}


def failure_text(outcome):
    """'timed_out: no result within 60 s: killed' for a sub-experiment that did not pass, else None."""
    if outcome.get("status") in ("passed", None):
        return None
    return f"{outcome['status']}: {outcome['error']}" if outcome.get("error") else outcome["status"]


def unlike_runs(first_directory, second_directory):
    """regime_differences of two run directories; [] when alike or when either has no metadata."""
    directories = [Path(first_directory), Path(second_directory)]
    if not all((d / METADATA_FILE).is_file() for d in directories):
        return []
    return regime_differences(*(regime(read(d)) for d in directories))


def settings_changes(run_directories):
    """Names of the runs (in the given order) whose measurement settings differ from the run
    before them; runs without metadata are skipped, not counted as a change."""
    changed, previous = [], None
    for directory in map(Path, run_directories):
        if not (directory / METADATA_FILE).is_file():
            continue
        current = regime(read(directory))
        if previous is not None and current != previous:
            changed.append(directory.name)
        previous = current
    return changed


def _shown(value):
    return "none" if value is None else str(value)
