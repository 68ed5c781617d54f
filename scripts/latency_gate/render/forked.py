"""Work split over forked processes: this process does one share of the jobs, forked children
the others.

Bare forks, not a multiprocessing pool: a pool's threads, queues and shut-down cost a spec
process call about 40 ms of CPU (of 0.4 s), a fork a few ms, and the calling process works
instead of waiting. Where there is no fork, the calling process does everything.
"""

import os
import signal
import traceback

from latency_gate.errors import InputError


def free_workers(wanted):
    """How many of `wanted` processes this machine has CPUs for: one, and one more per CPU
    that the load average leaves idle. On a busy machine a forked worker only competes with
    its parent for the same CPUs: a spec process call drawing its 22 plots with one took 40 ms
    more CPU and longer (1.24 s against 0.90 s, load average 5 on 2 CPUs, 2026-11-26)."""
    idle = (os.cpu_count() or 1) - os.getloadavg()[0]
    return max(1, min(wanted, 1 + int(idle)))


def in_shares(work, jobs, workers):
    """work(share) for `workers` shares of jobs, every workers-th job each (interleaved, so
    each share mixes the kinds of job added one after the other): this process does the
    first share. A child's InputError (a plot that cannot be written) is raised here as it
    would be had this process done the job; RuntimeError when a child failed otherwise (its
    traceback is on stderr). When this process's share fails or is interrupted (Ctrl-C,
    SIGTERM), the children are stopped, not waited for to the end of theirs."""
    workers = max(1, min(workers, len(jobs))) if hasattr(os, "fork") else 1
    children = [_fork(work, jobs[index::workers]) for index in range(1, workers)]
    try:
        work(jobs[::workers])
    except BaseException:
        for child, _ in children:
            os.kill(child, signal.SIGTERM)
        raise
    finally:
        outcomes = [_outcome(child, told) for child, told in children]
    refused = next((message for failed, message in outcomes if message), None)
    if refused:
        raise InputError(refused)
    failed = sum(failed for failed, _ in outcomes)
    if failed:
        raise RuntimeError(f"{failed} forked worker(s) failed (traceback above)")


def _fork(work, share):
    """A child process doing work(share), then leaving at once, without the parent's clean-up
    (exit 1 on an error: an InputError's message told to the parent through a pipe, another's
    traceback on stderr); its process id and the pipe's end to read."""
    read_end, write_end = os.pipe()
    child = os.fork()
    if child:
        os.close(write_end)
        return child, read_end
    os.close(read_end)
    code = 1
    try:
        work(share)
        code = 0
    except KeyboardInterrupt:  # stopped (the command's SIGTERM handler): its parent says so
        pass
    except InputError as error:
        os.write(write_end, str(error).encode()[:4096])  # within a pipe's atomic write, never blocking
    except BaseException:
        traceback.print_exc()
    finally:
        os._exit(code)


def _outcome(child, told):
    """(whether the child failed, the InputError message it told), once it has ended."""
    with os.fdopen(told, "rb") as pipe:
        message = pipe.read().decode(errors="replace")
    return os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]) != 0, message
