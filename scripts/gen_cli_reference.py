#!/usr/bin/env python3
"""Write docs/cli.md from the argparse parsers (latency_gate/cli/reference.py says how).

    .venv/bin/python scripts/gen_cli_reference.py            rewrite docs/cli.md
    .venv/bin/python scripts/gen_cli_reference.py --check    exit 1 when docs/cli.md differs
"""

import sys

from latency_gate.cli.reference import main

sys.exit(main())
