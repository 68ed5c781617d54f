"""Option helpers shared by the subcommands."""

import os
from pathlib import Path

from latency_gate.errors import InputError


def option(parser, name, short=None, **kwargs):
    """Add --name-with-dashes with its spec alias --name_with_underscores, and the short
    option eProsima's script of the same step gives it (a letter means different things in
    different steps, so each subcommand names its own)."""
    spellings = ([f"-{short}"] if short else []) + [f"--{name}"]
    spellings += [f"--{name.replace('-', '_')}"] if "-" in name else []
    parser.add_argument(*spellings, dest=name.replace("-", "_"), **kwargs)


def kind_option(parser):
    """--kind latency|throughput; None (not given): what the run's metadata.json says, else latency."""
    from latency_gate.runner.kinds import KINDS, kind

    parser.add_argument("--kind", type=kind, metavar="{" + ",".join(KINDS) + "}",
                        help="latency or throughput results (default: what metadata.json says, else latency)")


def check_can_make(directory):
    """InputError, before a command writes anything, when `directory` (an output directory it
    makes if missing) cannot be made or written: a file in its place or on its path, or no
    permission where it would go. Nothing is made here."""
    directory = Path(directory).absolute()
    existing = next(path for path in (directory, *directory.parents) if path.exists())
    if not existing.is_dir():
        raise InputError(f"cannot make {directory}: {existing} is not a directory", existing)
    if not os.access(existing, os.W_OK | os.X_OK):
        raise InputError(f"cannot write to {existing}: permission denied", directory)
