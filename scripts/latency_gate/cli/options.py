"""Option helpers shared by the subcommands."""


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
