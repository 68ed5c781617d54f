#!/bin/sh
# Run a command (the run's shared-memory service, e.g. iceoryx's RouDi, or a plain holder) as the
# first process of a mount namespace of a run's own, made by its caller with
#   unshare --mount --propagation private -- sh shared_memory_namespace.sh COMMAND...
# (runner/shared_memory.py). Inside, /dev/shm and /tmp are fresh tmpfs: what the run's programs put
# there (iceoryx's fixed names /tmp/roudi, /tmp/iox-unique-roudi.lock, its /dev/shm segments; Fast
# DDS's segments) is seen by no other run, and the kernel frees it when the namespace's last process
# ends, however it ends. Every directory, file and symbolic link of the host's /tmp (results
# directories, builds) is bound back at its own path, except iceoryx's lock file; sockets are not.
set -eu

exec 3</tmp  # the host's /tmp, still reachable through this descriptor once covered
mount -t tmpfs -o mode=1777 latency-gate-shm /dev/shm
mount -t tmpfs -o mode=1777 latency-gate-tmp /tmp
# An entry that other users' programs remove meanwhile is skipped; any other failure ends the script.
for entry in /proc/self/fd/3/* /proc/self/fd/3/.[!.]* /proc/self/fd/3/..?*; do
    name=${entry#/proc/self/fd/3/}
    target=/tmp/$name
    if [ -L "$entry" ]; then
        ln -s "$(readlink "$entry")" "$target" || [ ! -L "$entry" ]
    elif [ -d "$entry" ]; then
        mkdir "$target"
        mount --no-canonicalize --bind "$entry" "$target" 2>/dev/null || [ ! -e "$entry" ]
    elif [ -f "$entry" ] && [ "$name" != iox-unique-roudi.lock ]; then
        : > "$target"
        mount --no-canonicalize --bind "$entry" "$target" 2>/dev/null || [ ! -e "$entry" ]
    fi
done
exec 3<&-
echo "shared_memory_namespace: ready"  # runner/shared_memory.py waits for this line
exec "$@"
