"""Add a processed run to a local history store and regenerate its plots and site.

The store keeps one immutable directory per run under runs/<platform>/ (a middleware other
than Fast DDS: runs/<platform>-<middleware>/); the history plots (plots/<platform>/) and the
site are regenerated from all runs.
"""

from pathlib import Path

from latency_gate.cli.options import option
from latency_gate.errors import EXIT_OK
from latency_gate.render import store_views
from latency_gate.store import history


def add_arguments(parser):
    option(parser, "store", type=Path, required=True, help="history store directory")
    option(parser, "experiment-directory", type=Path, required=True, help="processed (and checked) run directory")
    option(parser, "platform", required=True, help="platform (runner label) the run belongs to")
    option(parser, "run-id", help="default: the run's metadata run_id, else <UTC time>-local-local")
    option(parser, "requirements", type=Path, help="requirements the run was checked against, kept with it")
    option(parser, "keep", type=int, help="keep only the newest KEEP runs of the platform")


def run(args):
    platform = history.store_platform(args.platform, args.experiment_directory)
    history.check_retention(args.keep)
    with history.writing(args.store):  # another add to this store waits: each sees the other's run
        added = history.add_run(args.store, args.experiment_directory, platform, args.run_id, args.requirements,
                                keep=args.keep)
        print(f"Added {added}; regenerating history plots and site ...", flush=True)
        swapped = []
        try:
            # Reads every stored run before it replaces anything derived.
            store_views.regenerate(args.store, swapped=lambda: swapped.append(True))
        except BaseException:
            if not swapped:  # a failed add stores nothing; one interrupted once the site shows the run keeps it
                history.remove_run(added)
            raise
        # Pruned only once the store with the new run made a site: a failed add loses no run.
        if args.keep is not None and history.prune(args.store, platform, args.keep):
            store_views.regenerate(args.store)
    print(f"History site: {Path(args.store).resolve() / 'index.html'}")
    return EXIT_OK
