#!/usr/bin/env python3
"""Spec entry point: throughput magnitude and payload history plots
(same as `latency-gate history --kind throughput`)."""

import spec_entry

spec_entry.run("history", "--kind", "throughput")
