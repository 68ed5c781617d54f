"""Work split over forked processes: this process does one share of the jobs, forked children
the others.

Bare forks, not a multiprocessing pool: a pool's threads, queues and shut-down cost a spec
process call about 40 ms of CPU (of 0.4 s), a fork a few ms, and the calling process works
instead of waiting. Where there is no fork, the calling process does everything.
"""

import os
import signal
import traceback


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
    first share; RuntimeError when a child failed (its traceback is on stderr). When this
    process's share fails or is interrupted (Ctrl-C, SIGTERM), the children are stopped, not
    waited for to the end of theirs."""
    workers = max(1, min(workers, len(jobs))) if hasattr(os, "fork") else 1
    children = [_fork(work, jobs[index::workers]) for index in range(1, workers)]
    try:
        work(jobs[::workers])
    except BaseException:
        for child in children:
            os.kill(child, signal.SIGTERM)
        raise
    finally:
        failed = sum(os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]) != 0 for child in children)
    if failed:
        raise RuntimeError(f"{failed} forked worker(s) failed (traceback above)")


def _fork(work, share):
    """A child process doing work(share), then leaving at once, without the parent's clean-up
    (exit 1 and its traceback on an error); its process id."""
    child = os.fork()
    if child:
        return child
    code = 1
    try:
        work(share)
        code = 0
    except KeyboardInterrupt:  # stopped (the command's SIGTERM handler): its parent says so
        pass
    except BaseException:
        traceback.print_exc()
    finally:
        os._exit(code)
