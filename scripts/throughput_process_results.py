#!/usr/bin/env python3
"""Spec entry point: summary (best case per payload) and scatter plots of one throughput
sub-experiment (same as `latency-gate process --kind throughput`)."""

import spec_entry

spec_entry.run("process", "--kind", "throughput")
