#!/usr/bin/env python3
"""Spec entry point: check a throughput experiment against requirements
(same as `latency-gate check --kind throughput`)."""

import spec_entry

spec_entry.run("check", "--kind", "throughput")
