"""The socket floor built twice, the PR with its calibrated echo copy (pingpong.h): a real
regression on a counted path that runs in seconds, for the code-path gate's tests."""

import os
import subprocess

from latency_gate import cli
from latency_gate.analysis import relative

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def socket_programs(directory, change="-DLATENCY_GATE_ECHO_COPY", both=()):
    """The socket floor's program (the base), and the same built with a calibrated change of its echo
    (pingpong.h, the PR; by default its copy, LATENCY_GATE_ECHO_ALLOCATES a heap allocation; None: no
    change), each built with `both` too: {build: program}."""
    programs = {}
    for build, defines in ((relative.BASE, [*both]), (relative.PR, [*both, *([change] if change else [])])):
        programs[build] = directory / f"SocketLatency-{build}"
        sources = [os.path.join(REPO, "pingpong/src", name) for name in
                   ("socket_latency.c", "shared_memory_ring.c", "pingpong.c", "command_line.c", "counted_path.c")]
        subprocess.run(["cc", "-O2", "-std=c11", "-D_GNU_SOURCE", *defines, "-I", os.path.join(REPO, "pingpong/src"),
                        "-o", str(programs[build]), *sources, "-lrt", "-lpthread"], check=True)
    return programs


def socket_gate(base, pr, results, *options):
    """`gate --signal instructions` of two socket floor programs: its exit code."""
    return cli.main(["gate", "--middleware", "socket", "--base", str(base), "--pr", str(pr), "-r", str(results),
                     "--signal", "instructions", "--subexperiments", "interprocess_best_effort",
                     "--payloads", "16", "1024", "--samples", "50", "--seed", "3", *options])


def failed_socket_gate(programs, results):
    """The gate of the base against the PR with its echo copy: its exit code."""
    return socket_gate(programs[relative.BASE], programs[relative.PR], results)
