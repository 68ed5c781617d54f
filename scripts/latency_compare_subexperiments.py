#!/usr/bin/env python3
"""Spec entry point: comparison plots across sub-experiments (same as `latency-gate compare-subexperiments`)."""

import spec_entry

spec_entry.run("compare-subexperiments")
