#!/usr/bin/env python3
"""Spec entry point: derive a throughput requirements CSV from many runs
(same as `latency-gate requirements --kind throughput`)."""

import spec_entry

spec_entry.run("requirements", "--kind", "throughput")
