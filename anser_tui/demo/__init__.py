"""The embedded demo: a small ANSER-Bench with all ten corpora, one run and its judge outputs.

`build_demo(root)` writes it deterministically (no network, no clock, no unseeded randomness).
"""

from anser_tui.demo.builder import DemoPaths, build_demo

__all__ = ["DemoPaths", "build_demo"]
