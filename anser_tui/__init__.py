"""anser-tui: audit LLM-judge scores on analytical-search benchmarks."""

import os

# Textual paints at most TEXTUAL_FPS frames a second and lines each repaint up with the next
# frame: at its default of 60 that adds up to 17 ms to every keypress. Textual reads the value
# when it is first imported, so it is set here, before any screen module imports it; a user's
# own TEXTUAL_FPS wins.
os.environ.setdefault("TEXTUAL_FPS", "120")

__version__ = "0.1.0"
