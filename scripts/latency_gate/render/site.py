"""The latency history site: a static app generated from the history store.

build_site(store) writes <store>/index.html and <store>/site/: the app (hash-routed, so
one page serves home, history and run views), the charting library, and the data as
small .js files that register themselves on a global. Scripts load under file:// where
fetch() of JSON does not, so the same files work from GitHub Pages and a local folder.

  site/data/index.js                         platforms, their runs, each one's latest run
                                             and the history's change points (a platform
                                             is a line: latency, throughput, or a counted
                                             run's instructions per round trip)
  site/data/series/<platform>/<subexp>.js    one sub-experiment's history (the charts)
  site/data/runs/<platform>/<run-id>.js      one run: metadata and its CSVs as text

The output is a pure function of the store (no clock), so regenerating an unchanged
store changes no file on gh-pages. Everything is built in a temporary directory inside
the store and swapped in by renames, so a failed build leaves the previous site intact; SIGINT
and SIGTERM are held over the renames (runner/processes.py held_stop_signals).
"""

import contextlib
import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

from latency_gate.analysis import changepoints as changepoint_detection
from latency_gate.contracts import formats, instruction_counts, run_metadata
from latency_gate.errors import InputError
from latency_gate.runner import kinds, processes
from latency_gate.runner.middleware import BACKENDS
from latency_gate.store.site_store import MARGIN, History, line_platform, read_history

ASSETS = Path(__file__).parent / "site_assets"
CHART_LIBRARY = ASSETS / "node_modules" / "uplot"
SITE_DIR = "site"  # generated, beside runs/ and plots/ in the store
MAGNITUDES = ("Min", "Median", "99%", "Max")  # latency's charted; the checked ones have requirements
CHARTED = {"latency": MAGNITUDES, "throughput": kinds.THROUGHPUT.magnitudes[::-1],  # throughput first
           "instructions": instruction_counts.CELL_COLUMNS[1:]}  # all processes', then each side's


def build_site(store_root: Path, changepoints=None) -> None:
    """changepoints: {platform: [changepoints.ChangePoint]} as store_views.regenerate found
    them; without, they are detected here from the same runs."""
    with staged_site(store_root, changepoints) as swap_in, processes.held_stop_signals():
        swap_in()  # a series of renames: SIGINT and SIGTERM delivered once all are done


@contextlib.contextmanager
def staged_site(store_root, changepoints=None, plots=None):
    """Build the site in a staging directory inside the store and yield a function that swaps it
    in; the staging directory is removed when the block ends, swapped in or not. plots: {platform:
    the directory its history plots are staged in}; a platform not in it: the store's."""
    store = Path(store_root)
    require_chart_library()
    history = read_history(store)
    staging = Path(tempfile.mkdtemp(prefix=".site-build-", dir=store))
    try:
        build = _write_data(store, history, staging / SITE_DIR / "data", changepoints, plots)
        _copy_assets(staging / SITE_DIR)
        page = (ASSETS / "index.html").read_text(encoding="utf-8").replace("{{BUILD}}", build)
        (staging / "index.html").write_text(page, encoding="utf-8")
        yield lambda: _swap_in(staging, store)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def require_chart_library():
    """InputError unless the chart library the site ships is installed."""
    if not (CHART_LIBRARY / "dist").is_dir():
        raise InputError("chart library not installed: run scripts/setup/install_site_tools.sh", CHART_LIBRARY / "dist")


def _write_data(store, history: History, data_dir, changepoints=None, plots=None) -> str:
    """Write every data file; return the build id (a hash of the index)."""
    platforms = []
    for platform, positions in _runs_by_platform(history).items():
        kind = kinds.of_line(history.runs[positions[-1]].metadata)
        series = _write_series(history, platform, positions, data_dir / "series" / platform, kind)
        found = (changepoints or {}).get(platform)
        platforms.append({
            "name": platform,
            **_middleware_line(history, platform, positions, kind),
            "kind": kind.name, "magnitudes": CHARTED[kind.name], "floors": sorted(kind.floors),
            # (latency's Min, charted but not checked, is in microseconds too)
            "units": {magnitude: kind.units.get(magnitude, "us") for magnitude in CHARTED[kind.name]},
            "runs": _run_rows(history, positions),
            "subexperiments": series,
            "plots": _history_plots((plots or {}).get(platform, store / "plots" / platform)),
            "latest": _latest(history, positions[-1], kind),
            "changepoints": _changepoints(history, positions, found, kind),
        })
    for run in history.runs:
        _write_run(run, history.texts, data_dir / "runs" / run.platform / f"{run.run_id}.js")
    index = {"subexperiments": formats.KNOWN_SUBEXPERIMENTS, "magnitudes": MAGNITUDES, "platforms": platforms}
    text = _dumps(index)
    build = hashlib.sha256(text.encode()).hexdigest()[:12]
    _write_script(data_dir / "index.js", f'window.LATENCY_SITE={{"build":"{build}","index":{text},"data":{{}}}};\n')
    return build


def _middleware_line(history, platform, positions, kind):
    """Which middleware a platform's runs measured and the platform they measured it on: the
    store keeps a middleware other than Fast DDS, and throughput, as lines of their own
    (<platform>[-<middleware>][-throughput], history.store_platform); the site switches
    between the lines of one platform."""
    latest = history.runs[positions[-1]].metadata
    middleware = latest.middleware if latest else run_metadata.DEFAULT_MIDDLEWARE
    return {"platform": line_platform(platform, middleware, kind.name), "middleware": middleware,
            "middlewareTitle": (latest and latest.middleware_title) or _title_of(middleware)}


def _title_of(middleware):
    """A middleware's title for a run from before runs recorded it (metadata.json's middleware_title):
    its backend's, loaded only then; a backend that no longer loads or is not installed here (a
    team's own, published from another machine): its name."""
    try:
        return BACKENDS[middleware].TITLE
    except (InputError, KeyError):
        return middleware


def _runs_by_platform(history):
    by_platform = {}
    for position, run in enumerate(history.runs):
        by_platform.setdefault(run.platform, []).append(position)
    return by_platform


def _changepoints(history, positions, found, kind):
    """The platform's change points, oldest first, each with its run as an index into
    the platform's runs; `found` (from the store's regenerate) or detected here."""
    run_ids = [history.runs[position].run_id for position in positions]
    if found is None:
        local = pd.Series(np.arange(len(positions)), index=positions)
        summaries = history.summaries[history.summaries["run"].isin(positions)]
        summaries = summaries.assign(run=local.reindex(summaries["run"]).to_numpy())
        found = changepoint_detection.detect(summaries, run_ids, changepoint_detection.options_for(kind))
    index_of = {run_id: index for index, run_id in enumerate(run_ids)}
    return [{"subexperiment": point.subexperiment, "payload": point.payload, "magnitude": point.magnitude,
             "run": index_of[point.run_id], "before": round(point.mean_before, 3),
             "after": round(point.mean_after, 3), "change": round(point.change, 4),
             "pvalue": float(f"{point.pvalue:.3g}")}
            for point in found if point.run_id in index_of]  # a run pruned since: not shown


def _run_rows(history, positions):
    """One compact row per run for lists and chart tooltips; `worst` is the largest margin."""
    checks = history.checks[history.checks["run"].isin(positions)]
    failed = (checks["Status"] == "failed").groupby(checks["run"]).sum()
    worst = checks.groupby("run")[MARGIN].max()
    rows = []
    for position in positions:
        run = history.runs[position]
        checked = position in worst.index
        failed_checks = int(failed.get(position, 0))
        crashed = any(run.crashed(name) for name in run.outcomes)
        rows.append({
            "id": run.run_id, "commit": run.commit, "runner": run.runner, "time": run.started_at,
            "fastdds": run.metadata.fastdds_version if run.metadata else None,
            "settings": run_metadata.regime_text(run_metadata.regime(run.metadata)),
            "status": _status(failed_checks > 0 or crashed, checked),
            "failed": failed_checks, "worst": float(worst[position]) if checked else None,
        })
    return rows


def _status(failed, checked):
    return "failed" if failed else "passed" if checked else "unchecked"


def _latest(history, position, kind):
    """Home-page detail of a platform's latest run: per sub-experiment verdict and matrix."""
    run = history.runs[position]
    checks = history.checks[history.checks["run"] == position]
    names = set(run.outcomes) | set(checks["subexperiment"]) | set(
        history.summaries.loc[history.summaries["run"] == position, "subexperiment"])
    worst_rows = checks.loc[checks.groupby("subexperiment")[MARGIN].idxmax()].set_index("subexperiment")
    failed = (checks["Status"] == "failed").groupby(checks["subexperiment"]).sum()
    verdicts = []
    for name in [n for n in formats.KNOWN_SUBEXPERIMENTS if n in names]:
        worst = worst_rows.loc[name] if name in worst_rows.index else None
        verdicts.append({
            "name": name, "failure": run.failure(name),
            "status": _status(failed.get(name, 0) > 0 or run.crashed(name), worst is not None),
            "worst": None if worst is None else {
                "check": worst["Check"], "bytes": int(worst["Bytes"]), "requirement": worst["Requirement"],
                "experiment": worst["Experiment"], "margin": worst[MARGIN], "unit": kind.unit(worst["Check"])},
        })
    latest = {"subexperiments": verdicts, "matrix": _matrix(checks)}
    if kind is kinds.INSTRUCTIONS:
        latest["counts"] = _counts(history.summaries[history.summaries["run"] == position])
    return latest


def _counts(cells):
    """An instructions line's latest run: sub-experiment x payload, its instructions per round trip."""
    per_round_trip = cells.pivot(index="subexperiment", columns="Bytes", values=instruction_counts.PER_ROUND_TRIP)
    payloads = sorted(int(b) for b in per_round_trip.columns)
    return {"payloads": payloads, "rows": [
        {"subexperiment": name, "cells": _nullable(per_round_trip.loc[name, payloads].to_numpy(dtype=float))}
        for name in formats.KNOWN_SUBEXPERIMENTS if name in per_round_trip.index]}


def _matrix(checks):
    """Sub-experiment x payload cells: the worst check's margin and whether any check failed."""
    if checks.empty:
        return {"payloads": [], "rows": []}
    worst = checks.loc[checks.groupby(["subexperiment", "Bytes"])[MARGIN].idxmax()]
    margin = worst.pivot(index="subexperiment", columns="Bytes", values=MARGIN)
    check = worst.pivot(index="subexperiment", columns="Bytes", values="Check")
    failed = (checks["Status"] == "failed").groupby([checks["subexperiment"], checks["Bytes"]]).any()
    failed = failed.unstack("Bytes").reindex(index=margin.index, columns=margin.columns)
    payloads = sorted(int(b) for b in margin.columns)
    rows = []
    for name in [n for n in formats.KNOWN_SUBEXPERIMENTS if n in margin.index]:
        rows.append({"subexperiment": name, "cells": [
            None if np.isnan(margin.at[name, bytes_]) else {
                "margin": margin.at[name, bytes_], "check": check.at[name, bytes_],
                "failed": bool(failed.at[name, bytes_])}
            for bytes_ in payloads]})
    return {"payloads": payloads, "rows": rows}


def _write_series(history, platform, positions, directory, kind):
    """One file per sub-experiment: magnitudes and requirements, payload x run matrices."""
    charted = CHARTED[kind.name]
    summaries = history.summaries[history.summaries["run"].isin(positions)]
    checks = history.checks[history.checks["run"].isin(positions)]
    order = {position: index for index, position in enumerate(positions)}
    names = []
    for name, group in summaries.groupby("subexperiment", sort=False):
        wide = group.pivot(index="run", columns="Bytes", values=list(charted)).sort_index()
        payloads = sorted(int(b) for b in wide.columns.get_level_values("Bytes").unique())
        own_checks = checks[checks["subexperiment"] == name]
        required = own_checks.pivot(index="run", columns=["Check", "Bytes"], values="Requirement")
        required = required.reindex(index=wide.index)
        series = {
            "platform": platform, "subexperiment": name, "payloads": payloads,
            "runs": [order[position] for position in wide.index],  # indices into the platform's runs
            "values": {m: _nullable(wide[m].reindex(columns=payloads).to_numpy().T) for m in charted},
            "requirements": {
                m: _nullable(required[m].reindex(columns=payloads).to_numpy().T)
                for m in kind.magnitudes if m in required.columns.get_level_values("Check")},
        }
        _write_script(directory / f"{name}.js", _register(f"series/{platform}/{name}", series))
        names.append(name)
    return [n for n in formats.KNOWN_SUBEXPERIMENTS if n in names]


def _nullable(matrix):
    """Rows of a float matrix as lists with None (JSON null, a gap in the chart) for NaN."""
    values = matrix.astype(object)
    values[np.isnan(matrix.astype(float))] = None
    return values.tolist()


def _history_plots(root):
    """{sub-experiment: [PNG names]} of the spec's history plots in `root` (one platform's)."""
    if not root.is_dir():
        return {}
    return {entry.name: sorted(p.name for p in os.scandir(entry.path) if p.name.endswith(".png"))
            for entry in sorted(os.scandir(root), key=lambda e: e.name)
            if entry.is_dir() and not entry.name.startswith(".")}  # hidden: plots being redrawn


def _write_run(run, texts, path):
    """The run page's data: metadata (an older record migrated) and the summary and check CSVs verbatim."""
    embedded = {name: texts[run.directory / name] for name in run.files if run.directory / name in texts}
    data = {"platform": run.platform, "id": run.run_id, "metadata": run.metadata.to_dict() if run.metadata else {},
            "files": run.files, "csv": embedded}
    _write_script(path, _register(f"run/{run.platform}/{run.run_id}", data))


def _register(key, data):
    return f"window.LATENCY_SITE.data[{json.dumps(key)}]={_dumps(data)};\n"


def _dumps(data):
    return json.dumps(data, separators=(",", ":"), allow_nan=False, default=_plain)


def _plain(value):
    """numpy scalars that pandas hands out, as JSON numbers."""
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    raise TypeError(f"not JSON serialisable: {value!r}")


def _write_script(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _copy_assets(site_dir):
    library = CHART_LIBRARY / "dist"
    site_dir.mkdir(parents=True, exist_ok=True)
    for name in ("app.js", "site.css"):
        shutil.copyfile(ASSETS / name, site_dir / name)
    shutil.copyfile(library / "uPlot.iife.min.js", site_dir / "uPlot.iife.min.js")
    shutil.copyfile(library / "uPlot.min.css", site_dir / "uPlot.min.css")
    shutil.copyfile(CHART_LIBRARY / "LICENSE", site_dir / "uPlot.LICENSE.txt")


def _swap_in(staging, store):
    """Replace the store's site by the staged one with renames (same file system)."""
    current = store / SITE_DIR
    if current.exists():
        current.rename(staging / "previous-site")  # deleted with the staging directory
    (staging / SITE_DIR).rename(current)
    os.replace(staging / "index.html", store / "index.html")
    (store / ".nojekyll").touch()  # GitHub Pages serves the files as they are
