"""The `latency-gate` command line: one subcommand per step of the specification.

Each subcommand is a module here with `add_arguments(parser)` and `run(args)` (returning
the exit code), and only the chosen one is imported: a spec entry script's start-up does
not pay for the gate's statistics or the site (plain `latency-gate --help` imports none).

The options the specifications name also take their underscore spelling (--plots_directory as
well as --plots-directory; the others only the hyphenated one), and the subcommands behind the spec's
entry scripts also take the short options of eProsima's scripts for the same step
(`-p D -R A -r B` for compare-experiments), so the spec's and teams' existing command lines
work through the entry scripts in scripts/ unchanged.

Exit codes: 0 success, 1 a check or comparison failed, 2 usage error, 3 bad input,
4 a sub-experiment run failed, 5 GitHub's or GitLab's API failed or refused, 6 the relative gate could
not rule out the slowdown required (--require-detectable), 130 interrupted (SIGINT or SIGTERM).
"""

import argparse
import importlib
import signal
import sys

from latency_gate import __version__
from latency_gate.errors import EXIT_BAD_INPUT, EXIT_INTERRUPTED, InputError, RunFailed, ServiceError, one_line

# Subcommand -> its one-line help; the module is latency_gate.cli.<name with underscores>.
COMMANDS = {
    "run": "run the latency experiment with Fast DDS LatencyTest, or another middleware (spec step 1)",
    "extrapolate-requirements": "run N experiments (resumable, shardable) and derive requirements",
    "process": "summarise measurements and draw histograms, time series and comparison plots",
    "compare-subexperiments": "min, max, median and 99% plots across sub-experiments",
    "check": "check summaries against a requirements CSV (exit 1 when any check fails)",
    "gate": "relative gate: the PR build against its base build in interleaved rounds",
    "history": "magnitude and payload history plots from many runs",
    "bisect": "which commits moved a failed code-path gate's cells: build and count the commits between base and "
              "head",
    "compare-experiments": "compare a result against a reference (exit 1 on regression)",
    "compare-middleware": "Fast DDS, Cyclone DDS, MADARA and the socket floor on this machine, interleaved, in one "
                          "table",
    "requirements": "derive a requirements CSV from many runs",
    "add-to-history": "add a processed run to a local history store and regenerate its plots and site",
    "publish-history": "append a run to the history branch (gh-pages) and push it",
    "fetch-gitlab-run": "fetch a GitLab pipeline's run through the jobs API, every archive member checked first",
    "build-site": "regenerate the history site (index.html and site/) from a history store",
    "backends": "list the registered middleware backends, or the directories their programs are built from",
    "run-id": "print a new run id (<UTC now>-<revision>-<runner>) for scripts that name run directories",
    "ci": "a CI job's run or relative gate from its LATENCY_* variables, checked once",
    "ci-output": "write step outputs, the job summary and annotations for the CI platform running the job",
    "ci-env": "print what a CI job's shell scripts need of the platform running it (name, checkout, temp)",
    "pr-comment": "put a gate's verdict on its pull or merge request as one message, edited in place",
}
EPILOG = ("Exit codes: 0 success, 1 check/comparison failed, 2 usage error, 3 bad input, 4 a sub-experiment run failed, "
          "5 GitHub's or GitLab's API failed or refused, 6 the relative gate could not rule out the slowdown required "
          "(--require-detectable), 130 interrupted (SIGINT or SIGTERM).")


def command_module(name):
    return importlib.import_module(f"latency_gate.cli.{name.replace('-', '_')}")


def build_parser(argv=None):
    """The parser, with the arguments of the subcommand named in argv (of all of them when argv is None)."""
    parser = argparse.ArgumentParser(prog="latency-gate", description=__doc__.split("\n\n")[0], epilog=EPILOG)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    chosen = next((word for word in argv if not word.startswith("-")), None) if argv is not None else None
    for name, help_text in COMMANDS.items():
        subparser = subparsers.add_parser(name, help=help_text.replace("%", "%%"))
        if argv is None or name == chosen:
            module = command_module(name)
            subparser.description = module.__doc__.strip()
            subparser.formatter_class = argparse.RawDescriptionHelpFormatter
            module.add_arguments(subparser)
            subparser.set_defaults(func=module.run, usage_error=subparser.error)
    return parser


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    # SIGTERM (a CI job cancelled, a time-out) stops a command as Ctrl-C does, through its clean-up:
    # no temporary directory or worker left, exit 130. A run installs its own handler (runner/processes.py).
    stop_on_sigterm = signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    if stop_on_sigterm:
        signal.signal(signal.SIGTERM, _interrupt)
    command = "latency-gate"  # until the subcommand is known: a Ctrl-C can come while its modules load
    try:
        args = build_parser(argv).parse_args(argv)
        command = f"latency-gate {args.command}"
        return args.func(args)
    except (InputError, RunFailed, ServiceError) as error:
        # One line, whatever the input quoted in it holds (a run's files are untrusted data).
        print(f"{command}: error: {one_line(error)}", file=sys.stderr)
        return error.exit_code
    except OSError as error:  # a path given that cannot be read or written: not a directory, no permission, ...
        where = f"{error.filename}: " if error.filename else ""
        print(f"{command}: error: {one_line(where + str(error.strerror or error))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(f"{command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        if stop_on_sigterm:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _interrupt(signum, frame):
    raise KeyboardInterrupt
