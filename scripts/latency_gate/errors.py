"""Exit codes and the error type every command turns into a one-line message, and the rule by
which an extension point (a middleware backend, a CI platform) refuses a plug-in of another version."""

import re

# Documented in docs/running.md (Exit codes) and docs/cli.md; the composite actions and workflows rely on them.
EXIT_OK = 0
EXIT_CHECK_FAILED = 1  # a requirement check, comparison or gate verdict failed
EXIT_USAGE = 2  # bad command line (argparse uses 2 as well)
EXIT_BAD_INPUT = 3  # malformed, missing or inconsistent input; missing prerequisite
EXIT_RUN_FAILED = 4  # a sub-experiment crashed, timed out or produced no data
EXIT_SERVICE_FAILED = 5  # a service the command talks to (a REST API, a git remote) failed or refused
EXIT_INCONCLUSIVE = 6  # the relative gate could not rule out the slowdown required (--require-detectable)
EXIT_INTERRUPTED = 130  # Ctrl-C or SIGTERM: stopped, cleaned up (128 + SIGINT, as a shell reports it)


# What no untrusted text may carry as it is into a terminal, a CI log, Markdown or an SVG: C0 and
# C1 controls and DEL (a newline starts a line of its own, which GitHub reads as a workflow command
# when it begins with "::"; an escape sequence rewrites the terminal), Unicode's line and paragraph
# separators, and the invisible characters that reorder or hide text (bidi controls, zero widths).
UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]")


def one_line(text):
    """`text` as one printable line: each UNPRINTABLE character shown as its escape (\\n, \\x1b)."""
    return UNPRINTABLE.sub(lambda match: match[0].encode("unicode_escape").decode("ascii"), str(text))


class InputError(Exception):
    """Bad input: the message names the file (and line) and what is wrong."""

    exit_code = EXIT_BAD_INPUT

    def __init__(self, message, path=None, line=None):
        where = ""
        if path is not None:
            where = f"{path}:{line}: " if line is not None else f"{path}: "
        super().__init__(f"{where}{message}")
        self.path = path
        self.line = line


def look_up(table, name, what, error=InputError):
    """table[name]; `error` naming the known names when it has none."""
    if name not in table:
        raise error(f"unknown {what} '{name}' (known: {', '.join(table)})")
    return table[name]


class RunFailed(Exception):
    """A LatencyTest run crashed, timed out or produced no data (one-line message)."""

    exit_code = EXIT_RUN_FAILED


class ServiceError(Exception):
    """A service the command talks to (GitHub's or GitLab's REST API) failed or refused (one-line message)."""

    exit_code = EXIT_SERVICE_FAILED


def version_problem(implemented, provided, interface):
    """Why a plug-in implementing version `implemented` of `interface` (e.g. "backend interface")
    cannot be loaded by this latency-gate, which provides version `provided`, or None: colcon-core's
    rule, the same major and a minor no newer (a newer minor may rely on what this one does not
    give; an older one lacks only what is optional)."""
    try:
        major, minor = (int(part) for part in str(implemented).split("."))
    except ValueError:
        return f"EXTENSION_POINT_VERSION '{implemented}' is not major.minor"
    own_major, own_minor = (int(part) for part in provided.split("."))
    if major != own_major or minor > own_minor:
        return (f"it implements {interface} {implemented}, this latency-gate provides "
                f"{provided} (loads {own_major}.0 to {provided})")
    return None
