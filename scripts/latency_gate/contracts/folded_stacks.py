"""Folded stacks and the code-path gate's flame graphs: the one module that knows their names and
the folded format.

Folded stacks are FlameGraph's (and inferno's) input: one line per call stack, its frames from
the outermost to the innermost joined by ";", a space, and the instructions counted with that
stack innermost (a whole number):

    publisher;start_thread;main;per_sample;memcpy 1212

A gate with the instructions signal writes, for each regressed and improved cell,
flamegraphs/<sub-experiment>_<bytes>_base.folded and ..._pr.folded (the mean over the rounds of
one run's stacks: instructions in one run of that payload, all processes and threads summed) and
flamegraphs/<sub-experiment>_<bytes>.svg, the pull request's flame graph coloured by the difference.
"""

import re
from pathlib import Path

from latency_gate.contracts.formats import write_text_atomic
from latency_gate.errors import UNPRINTABLE, InputError

DIRECTORY = "flamegraphs"
_LINE = re.compile(r"^(?P<stack>\S.*) (?P<count>\d+)$")


def folded_path(results, subexperiment, payload, build):
    return Path(results) / DIRECTORY / f"{subexperiment}_{int(payload)}_{build}.folded"


def svg_path(results, subexperiment, payload):
    return Path(results) / DIRECTORY / f"{subexperiment}_{int(payload)}.svg"


def frame(name):
    """A function's name as a frame: ";" separates frames, so a name's own becomes ":"; an
    unprintable character (which a symbol may hold, and the renderer would copy into its SVG,
    where a control is no XML; a newline ends a stack) becomes "?"."""
    return UNPRINTABLE.sub("?", name.replace(";", ":"))


def write(stacks, path):
    """{(frame, ...): count} as a folded file, atomically; the largest stacks first."""
    lines = [f"{';'.join(stack)} {count}" for stack, count in sorted(stacks.items(), key=lambda item: (-item[1], item[0]))
             if count > 0]
    write_text_atomic(path, "\n".join(lines) + "\n" if lines else "")


def read(path):
    """{(frame, ...): count} of a folded file; InputError naming the file and the line that is not
    `frame;frame count`."""
    stacks = {}
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            match = _LINE.match(line.rstrip("\n"))
            if match is None:
                raise InputError(f"line {number} is not a folded stack (`frame;frame count`): {line[:80]!r}", path)
            stack = tuple(match["stack"].split(";"))
            stacks[stack] = stacks.get(stack, 0) + int(match["count"])
    return stacks
