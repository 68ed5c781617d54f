"""Supervising LatencyTest processes: start in their own process group, wait with a
deadline, kill the whole group, turn SIGINT/SIGTERM into a clean stop or hold them over a step
that must not stop half-way, background stress.

Each process runs in its own session so that a time-out or an interruption kills it with
everything it started; the kernel kills it should the runner itself die.
"""

import contextlib
import os
import shlex
import shutil
import signal
import subprocess
import threading
import time

from latency_gate.errors import InputError

_SUBSCRIBER_GRACE_S = 15.0  # how long a subscriber may outlive a finished publisher
_TERMINATE_GRACE_S = 3.0
# After SIGKILL: a killed process is gone within milliseconds unless it is in uninterruptible I/O. A
# loaded CI machine once still showed a run's process as the runner returned after 3 s of this wait
# (tests/test_experiment.py, a crashed subscriber's run); waiting longer costs nothing once it is gone.
_REAP_GRACE_S = 10.0


class Interrupted(Exception):
    """SIGTERM or SIGINT: stop the run, clean up, report."""


_STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class StopSignals:
    """SIGINT and SIGTERM over a run, from before its set-up to the end of its clean-up (a `with` block).

    While the run measures (interrupting()), the first one raises Interrupted where the run is, so
    that it stops at once. The rest of the time they are held: blocked, and only recorded (take()):
    a set-up or clean-up cut short would leave network namespaces and processes behind, and the
    commands they run (`ip netns add`, `ip netns delete`) inherit the block, so a Ctrl-C to the
    terminal's process group does not kill those half-way either. Only the first signal counts: the
    clean-up it triggers must run to the end. Signals reach the main thread only: elsewhere this does
    nothing.
    """

    def __init__(self):
        self._received = None  # the first one's name
        self._raising = False
        self._handlers = None  # the handlers before, while installed
        self._mask = None  # the signal mask before

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            self._handlers = {sig: signal.signal(sig, self._on_signal) for sig in _STOP_SIGNALS}
            self._mask = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
        return self

    def __exit__(self, *_):
        # One still held goes to the handlers before, once they are back (Ctrl-C's KeyboardInterrupt).
        if self._handlers is not None:
            for sig, handler in self._handlers.items():
                signal.signal(sig, handler)
            signal.pthread_sigmask(signal.SIG_SETMASK, self._mask)

    def _on_signal(self, signum, _frame):
        if self._received is None:
            self._received = signal.Signals(signum).name
            if self._raising:
                raise Interrupted(self._received)

    def take(self):
        """The name of the first stop signal so far (those held taken), or None."""
        if self._handlers is not None:
            while (held := signal.sigtimedwait(_STOP_SIGNALS, 0)) is not None:
                self._on_signal(held.si_signo, None)
        return self._received

    @contextlib.contextmanager
    def interrupting(self):
        """Where a stop signal raises Interrupted: at once on entry for one held before. On the way
        out they are held again, before anything else runs (a clean-up, say)."""
        try:
            if self.take():
                raise Interrupted(self._received)
            self._raising = True
            if self._handlers is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, self._mask)
            yield
        finally:
            if self._handlers is not None:
                signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
            self._raising = False  # one that came before the block has raised by now


@contextlib.contextmanager
def held_stop_signals():
    """SIGINT and SIGTERM held over a block that must not stop half-way (outputs swapped into place
    by a series of renames), then the first that came delivered to the handlers before, as if it came
    just after: Ctrl-C's KeyboardInterrupt, the command line's exit 130 (cli/__init__.py). One that
    a thread other than the main one received is recorded by StopSignals and so delivered too."""
    with StopSignals() as signals:
        yield
        received = signals.take()
    if received:
        signal.raise_signal(signal.Signals[received])


def start(command, log_path, environment):
    """Start a command in its own process group (session), output to a log file.

    The kernel kills it should the runner itself die without cleaning up (SIGKILL, a
    cancelled CI job): setpriv sets the parent-death signal, which survives the execs of
    taskset, chrt and LatencyTest.
    """
    with open(log_path, "wb") as log:
        return subprocess.Popen(
            ["setpriv", "--pdeathsig", "KILL", *command], stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, env=environment, start_new_session=True,
        )


def _exit_state(process):
    """How the process ended (os.waitid result) or None while it runs, without reaping it:
    while it is unreaped, its pid and process group id cannot be reused, so signalling
    the group stays safe."""
    return os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)


def has_exited(process):
    return _exit_state(process) is not None


def failed(process):
    state = _exit_state(process)
    return state is not None and not (state.si_code == os.CLD_EXITED and state.si_status == 0)


def kill_group(process):
    """Stop a process and everything in its process group, then reap it."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)  # finish even on Ctrl-C
    try:
        if not has_exited(process):
            os.killpg(process.pid, signal.SIGTERM)
            os.killpg(process.pid, signal.SIGCONT)  # a stopped process acts on SIGTERM only once continued
            deadline = time.monotonic() + _TERMINATE_GRACE_S
            while not has_exited(process) and time.monotonic() < deadline:
                time.sleep(0.02)
        # The leader, if it ignored SIGTERM, and whatever it left in its group.
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()
        # The others die asynchronously (on a loaded machine, tens of ms later; a process killed in
        # the middle of I/O only when it completes): wait up to _REAP_GRACE_S for the group to be
        # gone, so a run's end leaves none of its processes behind.
        deadline = time.monotonic() + _REAP_GRACE_S
        while _group_alive(process.pid) and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def _group_alive(group):
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # a member changed its credentials: still there
        return True
    return True


def supervise(processes, deadline, waiting=None):
    """Wait for the processes; None when they ended (or one failed), 'timed_out' at the deadline;
    `waiting(now)`, if given, is called as they run (a terminal's progress).

    A failed process ends the wait at once: its partner would wait for it forever. A
    subscriber also waits for its publisher's commands forever, so once the publisher has
    ended the subscriber gets a short grace period rather than the whole time-out.
    """
    publisher = processes.get("publisher") or processes.get("both")
    while True:
        if waiting:
            waiting(time.monotonic())
        if all(has_exited(p) for p in processes.values()) or any(failed(p) for p in processes.values()):
            return None
        now = time.monotonic()
        if now >= deadline:
            return "timed_out"
        if has_exited(publisher):
            deadline = min(deadline, now + _SUBSCRIBER_GRACE_S)
        time.sleep(0.05)


def start_stress(arguments, logs, environment):
    if not arguments:
        return None
    return start(["stress-ng", *shlex.split(arguments)], logs / "stress-ng.log", environment)


def check_stress(arguments):
    if not arguments:
        return
    if shutil.which("stress-ng") is None:
        raise InputError("--stress given but stress-ng is not installed (scripts/setup/install_system_packages.sh)")
    try:
        words = shlex.split(arguments)
    except ValueError as error:
        raise InputError(f"--stress '{arguments}': {error}") from None
    # stress-ng checks its own options without running anything.
    check = subprocess.run(["stress-ng", *words, "--dry-run"], capture_output=True, text=True)
    if check.returncode != 0:
        reason = (check.stderr or check.stdout).strip().splitlines()
        raise InputError(f"--stress '{arguments}' rejected by stress-ng: {reason[-1] if reason else check.returncode}")
