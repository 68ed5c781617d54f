"""CI-native latency performance gate for DDS middleware (Fast DDS LatencyTest)."""

__version__ = "0.2.0"
