#!/usr/bin/env bash
# Make this repository's `latency-gate` command available to a CI job (the composite
# actions under actions/ and .gitlab-ci.yml call it first). Prints the bin directory to
# put on PATH on the last line, and keeps it on PATH for the job's later steps where the CI
# platform has steps (`latency-gate ci-output keep`: GitHub's GITHUB_PATH).
#
# Nothing is reused from an earlier job (docs/security.md): on a persistent self-hosted runner
# whatever a pull request's job leaves in the tool cache, $HOME or /tmp is there for the next
# job, main's included, to run. So each job installs the CLI afresh into a directory it creates
# with a name no earlier job can predict (mktemp): its dependencies from cli-requirements.lock
# with pip --require-hashes (an archive from pip's cache or a wheel directory is installed only
# when its hash is the lock's), the package itself without build isolation (setuptools is in
# the lock), and the history site's chart library with npm ci (which deletes node_modules first
# and checks package-lock.json's integrity hashes). Later steps of the same GitHub job reuse it:
# the first call keeps its path for them as LATENCY_GATE_CLI (GITHUB_ENV), which only this job's
# own steps can set. Everything else this script tells the platform goes through the CLI it just
# installed; only where to install it is read here, before any CLI exists. The directory is
# under $RUNNER_TEMP (GitHub empties it at each job's start and end), else $CI_PROJECT_DIR
# (GitLab's checkout of the next job cleans it), else $TMPDIR;
# LATENCY_GATE_CLI_PARENT names another parent (GitLab's history job: a mktemp directory
# outside the checkout).
#
# With LATENCY_GATE_VENV set, that venv (with latency-gate installed) is used as is: a venv the
# job's own configuration names, never one found on the machine. The runner's environment is
# trusted configuration: on a persistent runner that also runs pull requests' code, a job can
# change it (docs/security.md says what that leaves open).
# python3 (with venv) and npm must be on the runner.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
kept=()  # variables for the job's later steps
say() { echo "install_cli: $*" >&2; }

if [[ -n ${LATENCY_GATE_VENV:-} ]]; then
    venv=$LATENCY_GATE_VENV
elif [[ -n ${LATENCY_GATE_CLI:-} ]]; then
    # Made by an earlier step of this job, so under this job's $RUNNER_TEMP; anything else (a
    # value planted in the runner's .env, say) is refused rather than run.
    # Resolved first: a glob's * matches "/", so ".latency-gate-cli.x/../../elsewhere" would pass.
    resolved=$(realpath -e -- "$LATENCY_GATE_CLI" 2>/dev/null || true)
    temp=$(realpath -e -- "${RUNNER_TEMP:-/nonexistent}" 2>/dev/null || true)
    if [[ -z $temp || -z $resolved || $(dirname -- "$resolved") != "$temp" \
            || $(basename -- "$resolved") != .latency-gate-cli.* ]]; then
        say "LATENCY_GATE_CLI=$LATENCY_GATE_CLI is not a CLI this job installed (directly under \$RUNNER_TEMP): refused"
        exit 3
    fi
    venv=$resolved
    say "latency-gate of this job from $venv"
else
    assets=$REPO/scripts/latency_gate/render/site_assets
    (cd "$assets" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error) >&2
    venv=$(mktemp -d "${LATENCY_GATE_CLI_PARENT:-${RUNNER_TEMP:-${CI_PROJECT_DIR:-${TMPDIR:-/tmp}}}}/.latency-gate-cli.XXXXXXXX")
    say "a fresh latency-gate for this job in $venv (nothing reused from earlier jobs)"
    # -I: isolated, so no module of the working directory (a planted venv/__main__.py) is imported.
    python3 -I -m venv "$venv"
    touch "$venv/COLCON_IGNORE"  # in a GitLab checkout: not a package of a team's colcon build
    "$venv/bin/pip" install --quiet --no-input --require-hashes --no-deps -r "$REPO/scripts/setup/cli-requirements.lock"
    "$venv/bin/pip" install --quiet --no-input --no-deps --no-build-isolation "$REPO"
    kept=("LATENCY_GATE_CLI=$venv")
fi
if [[ ! -x $venv/bin/latency-gate ]]; then
    say "$venv/bin/latency-gate is missing (LATENCY_GATE_VENV must be a venv with latency-gate installed)"
    exit 3
fi
"$venv/bin/latency-gate" ci-output keep --path "$venv/bin" "${kept[@]}" >&2
echo "$venv/bin"
