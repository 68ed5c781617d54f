#!/usr/bin/env bash
# Install the tools that execute and lint the CI files locally (tests/test_workflows.py,
# tests/test_gitlab_pipeline.py): act, actionlint, zizmor and gitlab-ci-local.
# Idempotent: a tool already present at its pinned version is skipped.
#
# Everything goes under one prefix (default <repo>/build/ci-tools):
#   <prefix>/bin/act, <prefix>/bin/actionlint   (go install)
#   <prefix>/bin/gitlab-ci-local                 (npm; 4.73.0 is the newest that runs on Node 20)
#   zizmor                                       (pip, into the project's venv)
# gitlab-ci-local needs Debian's rsync, and actionlint checks run: scripts with the
# Debian package shellcheck; both are installed with apt when missing (as root).
#
# Environment:
#   LATENCY_GATE_CI_TOOLS  the prefix (default: <repo>/build/ci-tools)
#   LATENCY_GATE_VENV      the Python venv for zizmor (default: <repo>/.venv)
# Prints the bin directory on the last line (put it on PATH).
set -euo pipefail

ACT_VERSION=v0.2.89
ACTIONLINT_VERSION=v1.7.12
ZIZMOR_VERSION=1.32.0
GITLAB_CI_LOCAL_VERSION=4.73.0

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PREFIX=${LATENCY_GATE_CI_TOOLS:-$REPO/build/ci-tools}
VENV=${LATENCY_GATE_VENV:-$REPO/.venv}
BIN=$PREFIX/bin
mkdir -p "$BIN"

say() { echo "install_ci_tools: $*" >&2; }

go_tool() {  # name, module path, version, version-printing command
    local name=$1 module=$2 version=$3
    if [[ -x $BIN/$name ]] && "$BIN/$name" --version 2>&1 | grep -q "${version#v}"; then
        say "$name $version already installed"
        return
    fi
    command -v go >/dev/null || { say "go is required to install $name"; exit 3; }
    say "go install $module@$version"
    GOBIN=$BIN go install "$module@$version"
}

go_tool act github.com/nektos/act "$ACT_VERSION"
go_tool actionlint github.com/rhysd/actionlint/cmd/actionlint "$ACTIONLINT_VERSION"

if "$VENV/bin/zizmor" --version 2>/dev/null | grep -q "$ZIZMOR_VERSION"; then
    say "zizmor $ZIZMOR_VERSION already installed"
else
    say "pip install zizmor==$ZIZMOR_VERSION"
    "$VENV/bin/pip" install --quiet "zizmor==$ZIZMOR_VERSION"
fi

missing=()
for command in rsync shellcheck; do
    command -v "$command" >/dev/null || missing+=("$command")
done
if (( ${#missing[@]} )); then
    (( EUID == 0 )) || { say "installing ${missing[*]} needs root"; exit 3; }
    say "apt-get install ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get -o DPkg::Lock::Timeout=600 update -qq
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}"
fi

if [[ -x $BIN/gitlab-ci-local ]] && "$BIN/gitlab-ci-local" --version 2>/dev/null | grep -q "$GITLAB_CI_LOCAL_VERSION"; then
    say "gitlab-ci-local $GITLAB_CI_LOCAL_VERSION already installed"
else
    command -v npm >/dev/null || { say "npm is required to install gitlab-ci-local"; exit 3; }
    say "npm install gitlab-ci-local@$GITLAB_CI_LOCAL_VERSION"
    npm install --silent --no-audit --no-fund --prefix "$PREFIX/npm" "gitlab-ci-local@$GITLAB_CI_LOCAL_VERSION"
    ln -sf "$PREFIX/npm/node_modules/.bin/gitlab-ci-local" "$BIN/gitlab-ci-local"
fi

echo "$BIN"
