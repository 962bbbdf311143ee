"""Performance benchmarks and the full-scale synthetic data generator (they print figures)."""
