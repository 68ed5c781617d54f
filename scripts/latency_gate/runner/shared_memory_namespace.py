"""Run a command (the run's shared-memory service, e.g. iceoryx's RouDi, or a plain holder) as the first
process of a mount namespace of a run's own, made by its caller with

    unshare --mount --propagation private -- python3 -m latency_gate.runner.shared_memory_namespace COMMAND...

(runner/shared_memory.py). Inside, /dev/shm and /tmp are fresh tmpfs: what the run's programs put
there (iceoryx's fixed names /tmp/roudi, /tmp/iox-unique-roudi.lock, its /dev/shm segments; Fast DDS's
segments) is seen by no other run, and the kernel frees it when the namespace's last process ends,
however it ends. Every directory, file and symbolic link of the host's /tmp (results directories,
builds) is bound back at its own path, except iceoryx's lock file; sockets are not. Mounts are made
with mount(2) directly: a `mount` process per entry took 1-2 s on a loaded 2-core machine.

Standard library only: it runs before anything else of the run, in the new namespace.
"""

import ctypes
import os
import stat
import sys

READY = "shared_memory_namespace: ready"  # printed once the namespace is made, before the command
ICEORYX_LOCK = "iox-unique-roudi.lock"
_MS_BIND = 4096
_LIBC = ctypes.CDLL(None, use_errno=True)


def _mount(source, target, filesystem=None, flags=0, options=None):
    if _LIBC.mount(source.encode(), target.encode(), filesystem and filesystem.encode(), flags,
                   options and options.encode()) != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"mount {source} on {target}: {os.strerror(error)}")


def _bind_back(host_tmp, name):
    """Bind the host's /tmp/<name> at /tmp/<name>; False when it is gone meanwhile (another user's)."""
    source, target = f"/proc/self/fd/{host_tmp}/{name}", f"/tmp/{name}"
    try:
        kind = os.lstat(source).st_mode
        if stat.S_ISLNK(kind):
            os.symlink(os.readlink(source), target)
        elif stat.S_ISDIR(kind):
            os.mkdir(target)
            _mount(source, target, flags=_MS_BIND)
        elif stat.S_ISREG(kind) and name != ICEORYX_LOCK:
            os.close(os.open(target, os.O_CREAT | os.O_WRONLY, 0o600))
            _mount(source, target, flags=_MS_BIND)
    except FileNotFoundError:
        return False
    return True


def make_namespace():
    """Fresh tmpfs on /dev/shm and /tmp, the host's /tmp entries bound back. The caller has unshared
    the mount namespace with private propagation."""
    host_tmp = os.open("/tmp", os.O_RDONLY | os.O_DIRECTORY)  # still reachable once /tmp is covered
    _mount("latency-gate-shm", "/dev/shm", "tmpfs", 0, "mode=1777")
    _mount("latency-gate-tmp", "/tmp", "tmpfs", 0, "mode=1777")
    for name in os.listdir(f"/proc/self/fd/{host_tmp}"):
        _bind_back(host_tmp, name)
    os.close(host_tmp)


def main(command):
    if not command:
        print("usage: python3 -m latency_gate.runner.shared_memory_namespace COMMAND...", file=sys.stderr)
        return 2
    make_namespace()
    print(READY, flush=True)
    os.execvp(command[0], command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
