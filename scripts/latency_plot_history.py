#!/usr/bin/env python3
"""Spec entry point: history plots from many experiments (same as `latency-gate history`)."""

import spec_entry

spec_entry.run("history")
