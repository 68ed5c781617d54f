#!/usr/bin/env bash
# Create the DDS Security artifacts for the security sub-experiments (CA, publisher and
# subscriber identities, CA-signed governance and permissions) unless a complete set
# exists. Default directory: <build dir>/security; LATENCY_GATE_CERTS_DIR overrides it.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD_DIR=${LATENCY_GATE_BUILD_DIR:-$REPO/build}
python=${LATENCY_GATE_PYTHON:-$REPO/.venv/bin/python}
[[ -x $python ]] || python=$(command -v python3)

PYTHONPATH=$REPO/scripts${PYTHONPATH:+:$PYTHONPATH} \
    "$python" -m latency_gate.runner.security "${LATENCY_GATE_CERTS_DIR:-$BUILD_DIR/security}"
