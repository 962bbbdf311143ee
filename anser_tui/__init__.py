"""anser-tui: audit LLM-judge scores on analytical-search benchmarks."""

__version__ = "0.1.0"
