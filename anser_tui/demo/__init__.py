"""The embedded demo: a small ANSER-Bench with all ten corpora, one run and its judge outputs.

`build_demo(root)` writes it deterministically (no network, no clock, no unseeded randomness).
"""

from anser_tui.demo.builder import DEMO_RUN, DemoPaths, build_demo

__all__ = ["DEMO_RUN", "DemoPaths", "build_demo"]
