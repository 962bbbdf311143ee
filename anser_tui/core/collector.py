"""The cycle collector held back while the review screen starts.

Start-up imports a few hundred modules and builds the first screen: millions of allocations,
almost none of them garbage, each batch of 700 of which sets off a collection that walks the
young objects (and, every so often, all of them). `hold` raises the threshold that sets off a
collection for that stretch; `release` (after the first paint, and after `gc.freeze` has put
what start-up made out of the collector's way) puts back the thresholds found. The collector
stays on throughout: an app made and never run (a test's) leaves a high threshold behind, not
a collector that never runs.
"""

from __future__ import annotations

import gc

STARTUP_THRESHOLD = 200_000  # allocations between collections while held (Python's: 700)

_held: tuple[int, int, int] | None = None  # the thresholds found by `hold`


def hold() -> None:
    """Collect rarely from now until `release` (a second `hold` keeps the first's)."""
    global _held
    if _held is None:
        _held = gc.get_threshold()
        gc.set_threshold(STARTUP_THRESHOLD, *_held[1:])


def release() -> None:
    """Put back the thresholds `hold` found (nothing when not held)."""
    global _held
    if _held is not None:
        gc.set_threshold(*_held)
        _held = None
