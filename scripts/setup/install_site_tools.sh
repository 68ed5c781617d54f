#!/usr/bin/env bash
# Install what building and browser-testing the history site needs.
#
# 1. The charting library, pinned by scripts/latency_gate/render/site_assets/package-lock.json,
#    with `npm ci` (skipped when node_modules already matches the lock file).
# 2. Debian's `chromium` (run as root) for the real-browser tests.
# 3. pip `playwright` (pinned below) into the project's venv. Never `playwright install`:
#    the tests drive Debian's /usr/bin/chromium, and the browser download fails here.
# Idempotent: a re-run with everything in place touches neither apt, npm nor pip.
#
#   install_site_tools.sh                       all three (what the site tests need)
#   install_site_tools.sh --chart-library-only  step 1: all that building the site needs
#
# Environment:
#   LATENCY_GATE_VENV  the venv to install playwright into (default: <repo>/.venv)
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
ASSETS=$REPO/scripts/latency_gate/render/site_assets
VENV=${LATENCY_GATE_VENV:-$REPO/.venv}
PLAYWRIGHT_VERSION=1.65.2

# Node.js with npm: this machine kind ships them; a plain Debian gets its own packages.
if ! command -v npm >/dev/null; then
    bash "$REPO/scripts/setup/install_system_packages.sh" nodejs npm
fi

# npm ci records what it installed in node_modules/.package-lock.json: when its packages
# equal the lock file's (less the root entry), node_modules is current.
installed_matches_lock() {
    node -e '
        const [lock, installed] = process.argv.slice(1).map((file) => {
            try { const packages = { ...require(file).packages }; delete packages[""]; return JSON.stringify(packages); }
            catch { return null; }
        });
        process.exit(lock !== null && lock === installed ? 0 : 1);
    ' "$ASSETS/package-lock.json" "$ASSETS/node_modules/.package-lock.json"
}
if ! installed_matches_lock; then
    echo "install_site_tools: npm ci in $ASSETS"
    (cd "$ASSETS" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
fi

if [[ ${1:-} == --chart-library-only ]]; then
    echo "install_site_tools: chart library in place"
    exit 0
fi

bash "$REPO/scripts/setup/install_system_packages.sh" chromium

if [[ ! -x $VENV/bin/python ]]; then
    echo "install_site_tools: no venv at $VENV (create it and install the project first)" >&2
    exit 3
fi
installed=$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("playwright"))' 2>/dev/null || true)
if [[ $installed != "$PLAYWRIGHT_VERSION" ]]; then
    echo "install_site_tools: pip install playwright==$PLAYWRIGHT_VERSION"
    "$VENV/bin/python" -m pip install --quiet "playwright==$PLAYWRIGHT_VERSION"
fi
echo "install_site_tools: chart library, chromium and playwright in place"
