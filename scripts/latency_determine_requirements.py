#!/usr/bin/env python3
"""Spec entry point: derive a requirements CSV from many runs (same as `latency-gate requirements`)."""

import spec_entry

spec_entry.run("requirements")
