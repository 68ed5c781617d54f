"""Work split over forked processes: this process does one share of the jobs, forked children
the others.

Bare forks, not a multiprocessing pool: a pool's threads, queues and shut-down cost a spec
process call about 40 ms of CPU (of 0.4 s), a fork a few ms, and the calling process works
instead of waiting. Where there is no fork, the calling process does everything.
"""

import os
import traceback


def in_shares(work, jobs, workers):
    """work(share) for `workers` shares of jobs, every workers-th job each (interleaved, so
    each share mixes the kinds of job added one after the other): this process does the
    first share; RuntimeError when a child failed (its traceback is on stderr)."""
    workers = max(1, min(workers, len(jobs))) if hasattr(os, "fork") else 1
    children = [_fork(work, jobs[index::workers]) for index in range(1, workers)]
    try:
        work(jobs[::workers])
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
    except BaseException:
        traceback.print_exc()
    finally:
        os._exit(code)
