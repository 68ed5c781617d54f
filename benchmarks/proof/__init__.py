"""Proof of the relative gate (issue 6), one module per subcommand; __main__.py has the
command lines. Importing the package puts the repository's scripts/ on sys.path, so its
modules import latency_gate."""

import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPOSITORY / "scripts"))
