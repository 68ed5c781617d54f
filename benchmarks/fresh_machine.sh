#!/usr/bin/env bash
# Time one of the README's commands on a fresh Debian bookworm machine of this project's kind:
# a new debootstrap root with the packages this VM's image ships before any set-up of ours
# (build tools, Python, git, valgrind, Node.js: IMAGE_PACKAGES), the machine's certificates,
# and a clean clone of the repository's HEAD; then the command inside it, each set-up step's
# time printed by scripts/setup.sh. Needs root, debootstrap and the Debian mirror.
#
#   benchmarks/fresh_machine.sh WORK [COMMAND]   COMMAND: scripts/main_job.sh (default) or
#                                                 scripts/run_tests.sh
# WORK keeps the image (reused by later calls) and the run's root and log; the last line is
# the command's wall time and exit code.
set -euo pipefail

WORK=${1:?usage: benchmarks/fresh_machine.sh WORK [COMMAND]}
COMMAND=${2:-scripts/main_job.sh}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MIRROR=http://deb.debian.org/debian
IMAGE_PACKAGES=(build-essential ca-certificates curl git iproute2 libssl-dev python3-venv python3-dev
                python3-pip procps jq valgrind time gdb strace file zstd unzip zip pkg-config make gnupg
                lsof net-tools nodejs npm xz-utils)
IMAGE=$WORK/image
ROOT=$WORK/root

say() { echo "fresh_machine: $*" >&2; }

unmount() {
    local mount
    for mount in dev/shm dev/pts dev sys proc; do
        ! mountpoint -q "$1/$mount" || umount "$1/$mount"
    done
}

in_root() {  # in_root DIR COMMAND...: as root in DIR, with this machine's /proc, /sys and /dev
    local mount
    for mount in proc sys dev dev/pts dev/shm; do
        mountpoint -q "$1/$mount" || mount --bind "/$mount" "$1/$mount"
    done
    cp /etc/resolv.conf "$1/etc/resolv.conf"
    chroot "$1" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        LANG=C.UTF-8 "${@:2}"
}

mkdir -p "$WORK"
if [[ ! -f $IMAGE/.complete ]]; then
    say "debootstrap bookworm into $IMAGE"
    rm -rf "$IMAGE"
    debootstrap --variant=minbase bookworm "$IMAGE" "$MIRROR" >"$WORK/debootstrap.log"
    rm -f "$IMAGE/etc/apt/sources.list"
    cp /etc/apt/sources.list.d/debian.sources "$IMAGE/etc/apt/sources.list.d/"
    # The machine's own certificate authorities (an egress proxy's, if any) and pip's settings.
    cp /usr/local/share/ca-certificates/*.crt "$IMAGE/usr/local/share/ca-certificates/" 2>/dev/null || true
    [[ ! -f /etc/pip.conf ]] || cp /etc/pip.conf "$IMAGE/etc/pip.conf"
    in_root "$IMAGE" bash -c "update-ca-certificates >/dev/null && apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${IMAGE_PACKAGES[*]} >/dev/null"
    unmount "$IMAGE"
    touch "$IMAGE/.complete"
fi

unmount "$ROOT" 2>/dev/null || true
rm -rf "$ROOT"
cp -a "$IMAGE" "$ROOT"
git clone -q "$REPO" "$ROOT/root/latency-gate"
say "$COMMAND in a fresh root, clone of $(git -C "$REPO" rev-parse --short HEAD)"
started=$SECONDS
status=0
in_root "$ROOT" bash -c "cd /root/latency-gate && $COMMAND" 2>&1 | tee "$WORK/run.log" || status=$?
unmount "$ROOT"
echo "fresh_machine: $COMMAND: $((SECONDS - started)) s wall, exit $status, load $(cut -d' ' -f1-3 /proc/loadavg)"
