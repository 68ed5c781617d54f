#!/usr/bin/env bash
# Install the Debian packages the experiment runner needs (run as root): with --main-job only
# what the main job builds and runs (Fast DDS, Cyclone DDS for pingpong/, colcon, rt-tests,
# ...), with no argument every backend's too; or the packages named as arguments (the other
# set-up scripts install theirs through this one).
# Idempotent: when every package is already installed, apt is not touched at all,
# so a re-run costs a fraction of a second.
set -euo pipefail

MAIN_JOB_PACKAGES=(
    libfastrtps-dev libasio-dev fastdds-tools
    colcon python3-colcon-cmake python3-colcon-test-result python3-colcon-library-path
    python3-colcon-bash python3-colcon-output
    python3-colcon-package-selection  # colcon's --packages-select, used by the spec's command
    python3-colcon-parallel-executor  # colcon builds the packages side by side (sequential: 28 s, this: 24 s on 2 cores)
    g++ cmake openssl stress-ng rt-tests dpkg-dev python3-venv
    cyclonedds-dev cyclonedds-tools  # pingpong/ (the socket floor, Cyclone DDS); the tools hold idlc and ddsperf
)
OTHER_BACKEND_PACKAGES=(
    libboost-dev libboost-system-dev libzmq3-dev libssl-dev  # the madara backend (third_party/madara)
    valgrind  # the code-path signal counts instructions under callgrind (runner/counting.py)
    ccache  # bisect's builds of each commit reuse the one before's objects (docs/code-path-gate.md)
    strace  # the tests read what a program sends on the wire (a sample's serialized size)
    iceoryx  # iox-roudi: Cyclone DDS's shared memory (the shared-memory family, runner/shared_memory.py)
    # the perftest backends' performance_test build (build_perftest.sh): ament's CMake, its
    # command line and JSON libraries, and the Fast DDS message generator with a Java runtime
    ament-cmake libtclap-dev rapidjson-dev fastddsgen default-jre-headless
)
case ${1:-} in
    --main-job) PACKAGES=("${MAIN_JOB_PACKAGES[@]}") ;;
    "") PACKAGES=("${MAIN_JOB_PACKAGES[@]}" "${OTHER_BACKEND_PACKAGES[@]}") ;;
    *) PACKAGES=("$@") ;;
esac

missing=()
for package in "${PACKAGES[@]}"; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
    [[ "$status" == installed ]] || missing+=("$package")
done

if (( ${#missing[@]} == 0 )); then
    echo "install_system_packages: all ${#PACKAGES[@]} packages already installed"
    exit 0
fi

if (( EUID != 0 )); then
    echo "install_system_packages: must run as root to install: ${missing[*]}" >&2
    exit 3
fi

echo "install_system_packages: installing ${missing[*]}"
# Other users of the machine may hold the dpkg lock: wait for it instead of failing.
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 update -qq
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}"
