"""What the tests (tests/) and the benchmarks (benchmarks/) share: factories.py. Installed with
the package so both import it as `latency_gate_testing` (as numpy ships numpy.testing);
the command line never imports it."""
