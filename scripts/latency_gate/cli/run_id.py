"""Print a new run id, <UTC now>-<revision>-<runner> (run_metadata's one format), for scripts
that name a run's directory before it runs (scripts/main_job.sh); `run --run-id` records it."""

import socket

from latency_gate.cli.options import option
from latency_gate.contracts import run_metadata
from latency_gate.errors import EXIT_OK


def add_arguments(parser):
    option(parser, "revision", help=f"the commit measured (default: {run_metadata.UNKNOWN})")
    option(parser, "runner", default=socket.gethostname().split(".")[0],
           help="the machine or CI runner (default: this host's name, %(default)s)")


def run(args):
    print(run_metadata.make_run_id(revision=args.revision, runner=args.runner))
    return EXIT_OK
