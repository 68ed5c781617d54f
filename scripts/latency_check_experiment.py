#!/usr/bin/env python3
"""Spec entry point: check an experiment against requirements (same as `latency-gate check`)."""

import spec_entry

spec_entry.run("check")
