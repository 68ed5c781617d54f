#!/usr/bin/env bash
# A GitHub Actions runner on one persistent machine that starts every job clean: each job gets
# a just-in-time runner registration (one job, then it is gone) and runs in namespaces of its
# own, as an unprivileged user, over a copy-on-write view of the runner's directory that is
# thrown away when the job ends. What a job leaves (the runner's files and .env, $HOME, /tmp,
# /var/tmp, /dev/shm, processes, System V IPC) never reaches the next job, while the job keeps
# the machine itself: its CPUs, /dev/cpu_dma_latency and real-time limits, which a VM or a
# container image per job would change (docs/security.md, "A clean runner per job").
#
# Usage (as root, usually from a systemd service; docs/adopting.md, section 1):
#   ephemeral_runner.sh --user USER --runner-dir DIR --scope repos/OWNER/REPO|orgs/ORG
#                       --token-file FILE --labels LABEL[,LABEL...]
#                       [--runner-group ID] [--github-api URL] [--jobs N] [--rtprio N] [--memlock BYTES]
#
#   --user          the unprivileged user jobs run as (never root)
#   --runner-dir    the actions runner, unpacked (run.sh), owned by USER, not configured
#                   (no config.sh: each job registers just in time); not under /tmp, /var/tmp or
#                   /dev/shm, which each job gets empty
#   --scope         where runners register: repos/OWNER/REPO, or orgs/ORG (a runner group
#                   restricted to selected workflows needs an organisation)
#   --token-file    a file only root can read, holding a token that may register runners
#                   (a fine-grained token or GitHub App with Administration: write on the
#                   repository, or Self-hosted runners: write on the organisation); it is read by
#                   this script for each registration and never given to a job
#   --labels        the runner's labels (self-hosted, linux and the OS are GitHub's own)
#   --runner-group  the organisation's runner group id (default 1, the default group)
#   --github-api    default https://api.github.com (GitHub Enterprise Server: https://HOST/api/v3)
#   --jobs          stop after N jobs (default: run until stopped)
#   --rtprio, --memlock  the job's RLIMIT_RTPRIO (default 99) and RLIMIT_MEMLOCK (default
#                   unlimited), which the real-time preset needs (docs/realtime.md); a user
#                   switched to here gets no PAM limits.conf
# Exit codes: 0 after --jobs jobs; 2 usage; 3 a bad set-up (named); 4 a registration refused.
set -euo pipefail

say() { echo "ephemeral_runner: $*" >&2; }
fail() { echo "ephemeral_runner: $1" >&2; exit "${2:-3}"; }

user='' runner_dir='' scope='' token_file='' labels='' group=1 api=https://api.github.com jobs=0
rtprio=99 memlock=unlimited
while (( $# )); do
    case $1 in
        --user) user=$2 ;;
        --runner-dir) runner_dir=$2 ;;
        --scope) scope=$2 ;;
        --token-file) token_file=$2 ;;
        --labels) labels=$2 ;;
        --runner-group) group=$2 ;;
        --github-api) api=${2%/} ;;
        --jobs) jobs=$2 ;;
        --rtprio) rtprio=$2 ;;
        --memlock) memlock=$2 ;;
        *) fail "unknown option '$1' (see the usage at the top of $0)" 2 ;;
    esac
    (( $# >= 2 )) || fail "$1 needs a value" 2
    shift 2
done
for required in user runner_dir scope token_file labels; do
    [[ -n ${!required} ]] || fail "--${required//_/-} is required" 2
done
[[ $scope =~ ^(repos/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+|orgs/[A-Za-z0-9_.-]+)$ ]] ||
    fail "--scope must be repos/OWNER/REPO or orgs/ORG, not '$scope'" 2
[[ $jobs =~ ^[0-9]+$ && $group =~ ^[0-9]+$ ]] || fail "--jobs and --runner-group take a number" 2

(( EUID == 0 )) || fail "must run as root: it makes namespaces and mounts for each job, then drops to --user"
uid=$(id -u "$user" 2>/dev/null) || fail "--user '$user' is not a user of this machine"
(( uid != 0 )) || fail "--user must not be root: a job running as root would own the machine"
runner_dir=$(realpath "$runner_dir")
[[ -x $runner_dir/run.sh ]] || fail "$runner_dir/run.sh is missing: --runner-dir must be an unpacked actions runner"
[[ $runner_dir != /tmp/* && $runner_dir != /var/tmp/* && $runner_dir != /dev/shm/* ]] ||
    fail "--runner-dir $runner_dir is under a directory each job gets empty (/tmp, /var/tmp, /dev/shm)"
[[ ! -e $runner_dir/.runner ]] ||
    fail "$runner_dir/.runner exists: the directory was configured (config.sh); each job registers just in time instead"
[[ -f $token_file && ! -L $token_file ]] || fail "--token-file $token_file is not a file"
[[ $(stat -c '%u %a' "$token_file") =~ ^0\ [46]00$ ]] ||
    fail "--token-file $token_file must be owned by root and readable by root alone (chmod 600)"
home=$(getent passwd "$user" | cut -d: -f6)
prlimit --rtprio="$rtprio" --memlock="$memlock" -- true 2>/dev/null ||
    fail "cannot give jobs RLIMIT_RTPRIO $rtprio and RLIMIT_MEMLOCK $memlock (root without CAP_SYS_RESOURCE?): lower --rtprio / --memlock"

# The registration: a just-in-time configuration for one runner that takes one job.
register() {
    local name=$1 body answer
    body=$(python3 -c 'import json, sys; print(json.dumps({"name": sys.argv[1], "runner_group_id": int(sys.argv[2]),
                        "labels": sys.argv[3].split(","), "work_folder": "_work"}))' "$name" "$group" "$labels")
    # The token goes to curl on its standard input, never on a command line another process could read.
    answer=$(printf 'Authorization: Bearer %s\n' "$(cat "$token_file")" |
        curl --silent --show-error --fail-with-body --max-time 60 -X POST -H @- \
            -H 'Accept: application/vnd.github+json' -H 'X-GitHub-Api-Version: 2022-11-28' \
            --data "$body" "$api/$scope/actions/runners/generate-jitconfig") ||
        fail "GitHub refused to register runner $name at $api/$scope: ${answer:-no answer}" 4
    python3 -c 'import json, sys; print(json.load(sys.stdin)["encoded_jit_config"])' <<< "$answer" ||
        fail "GitHub's answer to the registration of $name holds no encoded_jit_config" 4
}

# One job, in new mount, PID, IPC and UTS namespaces: the runner's directory (and the user's
# home, when elsewhere) seen through an overlay whose writable layer is a tmpfs, /tmp, /var/tmp,
# /dev/shm and /run/lock empty tmpfs, /dev/mqueue the namespace's own; when run.sh returns, its PID namespace's init ends and the kernel
# kills every process left in it, and the mounts go with the namespace.
run_job() {
    local config=$1
    unshare --mount --propagation private --pid --fork --kill-child --mount-proc --ipc --uts \
        bash -euo pipefail -s -- "$runner_dir" "$home" "$user" "$rtprio" "$memlock" "$config" "$SCRATCH" <<'JOB'
runner_dir=$1 home=$2 user=$3 rtprio=$4 memlock=$5 config=$6 scratch=$7
mount -t tmpfs -o mode=0700 latency-gate-job "$scratch"  # this namespace's own: concurrent jobs do not meet
layer() {  # a throw-away writable view of a directory
    local directory=$1 name=$2
    mkdir -p "$scratch/$name/upper" "$scratch/$name/work"
    # The view's top directory takes the upper layer's owner and mode: the directory's own.
    chown --reference="$directory" "$scratch/$name/upper" && chmod --reference="$directory" "$scratch/$name/upper"
    mount -t overlay "latency-gate-$name" \
        -o "lowerdir=$directory,upperdir=$scratch/$name/upper,workdir=$scratch/$name/work" "$directory"
}
layer "$runner_dir" runner
if [[ -d $home && $home != "$runner_dir" && $home != / ]]; then layer "$home" home; fi
for directory in /tmp /var/tmp /dev/shm /run/lock; do  # every directory any user may write
    [[ -d $directory ]] || continue
    mount -t tmpfs -o mode=1777,nosuid,nodev latency-gate-job "$directory"
done
# POSIX message queues: this IPC namespace's own, not the machine's, where the machine shows them.
if [[ -d /dev/mqueue ]]; then mount -t mqueue latency-gate-job /dev/mqueue; fi
cd "$runner_dir"
exec prlimit --rtprio="$rtprio" --memlock="$memlock" -- \
    setpriv --reuid="$user" --regid="$(id -g "$user")" --init-groups --inh-caps=-all --no-new-privs \
    env -i HOME="$runner_dir" USER="$user" LOGNAME="$user" LANG=C.UTF-8 \
        PATH=/usr/local/bin:/usr/bin:/bin ./run.sh --jitconfig "$config"
JOB
}

SCRATCH=/run/latency-gate-job  # each job mounts its own tmpfs here, seen by that job alone
mkdir -p "$SCRATCH"
done_jobs=0
while (( jobs == 0 || done_jobs < jobs )); do
    name="$(hostname -s)-$(date -u +%Y%m%dT%H%M%SZ)-$((done_jobs + 1))"
    config=$(register "$name")
    say "job $((done_jobs + 1)): runner $name registered just in time; a clean view of $runner_dir"
    status=0
    run_job "$config" || status=$?
    say "job $((done_jobs + 1)): the runner ended (exit $status); everything it left is gone"
    done_jobs=$((done_jobs + 1))
done
