"""Append a run to the history branch (gh-pages) and push it; regenerate the site.

Fetches the history branch (created as an orphan when missing), adds the run under
runs/<platform>/<run id>/ once every file it brings has been read as its format says (names,
formats, sizes), builds the history plots, change points and site in the work directory,
commits the run store and pushes; a rejected push is re-applied on the new tip, at most
{attempts} times. A bad file or a site that cannot be built stops it before the push (exit 3); a git step
that fails, or a push rejected every time, exits 5.
An https token is read from ${token}. The work directory is the site to deploy (GitHub Pages
artifact, GitLab public/): the branch holds the runs only.
"""

import sys
import tempfile
from pathlib import Path

from latency_gate.ci import outputs
from latency_gate.cli.options import option
from latency_gate.errors import EXIT_OK, one_line
from latency_gate.ci import publish
from latency_gate.store import history


def add_arguments(parser):
    parser.description = __doc__.format(attempts=publish.PUSH_ATTEMPTS, token=publish.TOKEN_VARIABLE).strip()
    option(parser, "results-directory", type=Path, required=True, help="the run directory to publish")
    option(parser, "remote", required=True, help="git remote (URL or path) holding the history")
    option(parser, "platform", required=True, help="platform name (the runner label); history is per platform")
    option(parser, "branch", default="gh-pages", help="history branch (default: %(default)s)")
    option(parser, "requirements", type=Path, help="requirements CSV the run was checked against")
    option(parser, "keep", type=int, help="retention: newest runs kept per platform (default: all)")
    option(parser, "run-id", help="run id (default: <start time>-<revision>-<runner> with those options, "
                                  "else the run's metadata run_id)")
    option(parser, "revision", help="commit that was measured, for the run id")
    option(parser, "runner", help="runner that measured, for the run id")
    option(parser, "redact-host", action="store_true",
           help="for a public site: store no host name, only the kernel's series (Linux 6.1) and its "
                "command line's tuning parameters, and name the platform instead of --runner in the run id")
    option(parser, "shared-runners", action="store_true",
           help="the run was measured on runners that pull requests' jobs also use (an opt-in): the stored "
                "metadata says so in a warning, which the site shows")
    option(parser, "work-directory", type=Path, help="a new or empty directory for the local clone, kept "
                                                     "afterwards: the regenerated site to deploy (default: a "
                                                     "temporary one)")


def run(args):
    try:
        run_id = args.run_id
        runner = args.platform if args.redact_host and args.runner else args.runner  # a runner's name is often its host's
        if run_id is None and (args.revision or runner):
            run_id = publish.history_run_id(args.results_directory, args.revision, runner)
        platform = history.store_platform(args.platform, args.results_directory)
        with tempfile.TemporaryDirectory(prefix="latency-history-") as temporary:
            work_directory = args.work_directory or Path(temporary)
            run_id, commit = publish.publish(publish.Publication(
                run_directory=args.results_directory, remote=args.remote, platform=platform, branch=args.branch,
                run_id=run_id, requirements=args.requirements, keep=args.keep, redact_host=args.redact_host,
                shared_runners=args.shared_runners), work_directory)
            print(f"Published run {platform}/{run_id} as {commit} on {args.branch} of {args.remote}", flush=True)
            publish.summarise_changepoints(work_directory, platform)
    except publish.PublishError as error:
        print(f"latency-gate publish-history: error: {one_line(error)}", file=sys.stderr)
        return error.exit_code
    site = {}
    if args.work_directory:  # kept: the site to deploy
        print(f"History site: {args.work_directory.resolve() / 'index.html'}")
        site = {"site-directory": args.work_directory.resolve()}
    outputs.set_outputs({"run-id": run_id, "commit": commit, **site})
    return EXIT_OK
