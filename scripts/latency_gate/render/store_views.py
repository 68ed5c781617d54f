"""Everything derived from the history store (store/history.py): each line's change points,
its history plots (the spec's latency_plot_history.py / throughput_plot_history.py) and the
site. Regenerated whole after a run is added; never a source of truth. An instructions line
(counted runs) has change points and its charts on the site, and no PNG plots: the spec's
plots are of latency and throughput.
"""

import os
import shutil
import tempfile
from pathlib import Path

from latency_gate.analysis import changepoints
from latency_gate.analysis.requirements import collect_summaries, run_directories
from latency_gate.contracts import change_points, formats, instruction_counts, run_metadata
from latency_gate.render import plots, site
from latency_gate.runner import kinds, processes
from latency_gate.store.history import check_store, line_runs, platforms, runs_directory


def plot_history(experiments_results, requirements_path, plots_directory, kind=None):
    """The spec's latency_plot_history.py (throughput_plot_history.py): magnitude and payload
    history plots, the payload plots marking the history's change points, drawn whole into place
    (plots.draw_staged). kind: latency or throughput; None: what the runs' metadata says."""
    runs = run_directories(experiments_results)
    kind = kinds.of_runs(runs, kind and kind.name)
    run_metadata.of_one_middleware(runs, "a history comes")
    history = collect_summaries(runs, kind)
    found = _changepoints(history, runs, kind)
    return plots.draw_staged(plots_directory, lambda directory: _draw(
        history, requirements_path, directory, found.changepoints, runs, kind))


def _changepoints(history, runs, kind, platform=None):
    return changepoints.detect_history(history, [run.name for run in runs], platform, kind=kind)


def _draw(history, requirements_path, plots_directory, changes, runs, kind):
    requirements = kind.read_requirements(requirements_path) if requirements_path else None
    batch = plots.PlotBatch()
    batch.add_history(history, requirements, Path(plots_directory), changes, run_metadata.settings_changes(runs),
                      plots.HISTORY_VIEWS[kind.name])
    return batch.render()


def regenerate(store_root, swapped=None):
    """Detect every platform's change points (changepoints/<platform>.json), redraw its
    history plots and rebuild the site. In two phases: first every line is read and its change
    points, plots and the site are built, staged, then all are swapped in together. A failure or an
    interrupt before the swap (a stored run that cannot be read, no chart library) leaves the
    change points, plots and site as they were. SIGINT and SIGTERM are held over the swap, a series
    of renames, and delivered once it is done (KeyboardInterrupt): one cannot leave some lines' new
    plots beside the old site. swapped: called once all is swapped in, before such a signal is
    delivered (add-to-history then keeps the run the new site shows)."""
    store_root = Path(store_root)
    check_store(store_root)
    site.require_chart_library()  # before anything is drawn: the last step needs it
    made = []  # (platform, its Detection, its plots staged or None)
    staged_changepoints = None
    try:
        for platform in platforms(store_root):
            stored = line_runs(store_root, platform)
            if stored and kinds.of_line(run_metadata.read_if_present(stored[-1])) is kinds.INSTRUCTIONS:
                made.append((platform, _counted_changepoints(stored, platform), None))
                continue
            runs = run_directories(runs_directory(store_root, platform))
            kind = kinds.of_runs(runs)
            history = collect_summaries(runs, kind)
            detection = _changepoints(history, runs, kind, platform)
            latest_requirements = runs[-1] / formats.STORED_REQUIREMENTS
            plots_root = store_root / "plots"
            plots_root.mkdir(exist_ok=True)
            made.append((platform, detection, Path(tempfile.mkdtemp(dir=plots_root, prefix=f".{platform}."))))
            _draw(history, latest_requirements if latest_requirements.exists() else None, made[-1][2],
                  detection.changepoints, runs, kind)
        changepoints_root = store_root / change_points.DIRECTORY
        changepoints_root.mkdir(exist_ok=True)
        staged_changepoints = Path(tempfile.mkdtemp(dir=changepoints_root, prefix=".staged."))
        for platform, detection, _ in made:
            changepoints.write(detection, change_points.path(staged_changepoints, platform))
        with site.staged_site(store_root, {platform: detection.changepoints for platform, detection, _ in made},
                              {platform: staging for platform, _, staging in made if staging is not None}) as swap_site:
            with processes.held_stop_signals():
                for platform, _, staging in made:
                    os.replace(change_points.path(staged_changepoints, platform),
                               change_points.path(store_root, platform))
                    if staging is not None:
                        _swap_directory(staging, store_root / "plots" / platform)
                swap_site()
                if swapped is not None:
                    swapped()
    finally:
        for _, _, staging in made:
            if staging is not None:
                shutil.rmtree(staging, ignore_errors=True)  # gone once swapped in; else a failure's
        if staged_changepoints is not None:
            shutil.rmtree(staged_changepoints, ignore_errors=True)


def _counted_changepoints(runs, platform):
    """The change points of an instructions line's runs (oldest first): its instructions per round trip per cell."""
    files = [(index, instruction_counts.subexperiment_of_counts(path), path)
             for index, run in enumerate(runs) for path in sorted(run.glob(instruction_counts.COUNTS_GLOB))]
    cells = instruction_counts.read_cells(files, {})
    options = changepoints.options_for(kinds.INSTRUCTIONS)
    run_ids = [run.name for run in runs]
    return changepoints.Detection(platform, len(runs), changepoints.detect(cells, run_ids, options), options,
                                  kind=kinds.INSTRUCTIONS.name)


def _swap_directory(new, final):
    old = final.with_name(f".{final.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if final.exists():
        final.rename(old)
    new.rename(final)
    shutil.rmtree(old, ignore_errors=True)
