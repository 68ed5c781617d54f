"""Supervising LatencyTest processes: start in their own process group, wait with a
deadline, kill the whole group, turn SIGINT/SIGTERM into a clean stop, background stress.

Each process runs in its own session so that a time-out or an interruption kills it with
everything it started; the kernel kills it should the runner itself die.
"""

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


def _raise_interrupted(signum, _frame):
    # Only the first signal interrupts: the clean-up it triggers must run to the end.
    for stop in _STOP_SIGNALS:
        signal.signal(stop, signal.SIG_IGN)
    raise Interrupted(signal.Signals(signum).name)


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


def supervise(processes, deadline):
    """Wait for the processes; None when they ended (or one failed), 'timed_out' at the deadline.

    A failed process ends the wait at once: its partner would wait for it forever. A
    subscriber also waits for its publisher's commands forever, so once the publisher has
    ended the subscriber gets a short grace period rather than the whole time-out.
    """
    publisher = processes.get("publisher") or processes.get("both")
    while True:
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


def install_signal_handlers():
    if threading.current_thread() is not threading.main_thread():
        return None  # signals reach the main thread only
    return {sig: signal.signal(sig, _raise_interrupted) for sig in _STOP_SIGNALS}


def restore_signal_handlers(previous):
    for sig, handler in (previous or {}).items():
        signal.signal(sig, handler)
