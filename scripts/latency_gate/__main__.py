import sys

from latency_gate.cli import main

sys.exit(main())
