"""Shared start-up of the spec-compatible entry scripts (latency_*.py and throughput_*.py in
this folder).

They are run as `python3 latency_<step>.py ...` exactly as the specifications write them.
When the interpreter running them lacks the project's dependencies, they re-run
themselves with the project's virtual environment (made by the README's set-up).
"""

import importlib.util
import os
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent
PROJECT_PYTHON = SCRIPTS.parent / ".venv" / "bin" / "python"


def run(command, *options):
    """Run `latency-gate <command> <options> <the script's arguments>`."""
    missing = [name for name in ("matplotlib", "numpy", "pandas") if importlib.util.find_spec(name) is None]
    if missing:
        if PROJECT_PYTHON.exists() and Path(sys.executable) != PROJECT_PYTHON:
            os.execv(PROJECT_PYTHON, [str(PROJECT_PYTHON), sys.argv[0], *sys.argv[1:]])
        sys.exit(f"{Path(sys.argv[0]).name}: no module named {', '.join(missing)}; run the README's set-up "
                 "(scripts/setup.sh) first")
    sys.path.insert(0, str(SCRIPTS))
    from latency_gate.cli import main

    sys.exit(main([command, *options, *sys.argv[1:]]))
