#!/usr/bin/env python3
"""Spec entry point: summaries, histograms and time series of one sub-experiment (same as `latency-gate process`)."""

import spec_entry

spec_entry.run("process")
