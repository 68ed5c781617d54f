"""Proof of the relative gate (issue 6), one module per subcommand; __main__.py has the
command lines. Runs with the project's venv, where latency_gate is installed."""

from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
