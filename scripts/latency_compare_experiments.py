#!/usr/bin/env python3
"""Spec entry point: compare an experiment against a reference (same as `latency-gate compare-experiments`)."""

import spec_entry

spec_entry.run("compare-experiments")
