"""ANSER-Bench's evidence corpora: the descriptors of its ten corpus files (twelve key spaces),
the library that reads them, and the leaked ground-truth records a run retrieved."""

from anser_tui.benchmarks.anser.evidence.descriptors import (
    CORPORA,
    DEFAULTS,
    LABELS,
    descriptor_for,
    evidence_library,
)
from anser_tui.benchmarks.anser.evidence.leaks import Leak, add_leaks, find_leaks

__all__ = [
    "CORPORA",
    "DEFAULTS",
    "LABELS",
    "Leak",
    "add_leaks",
    "descriptor_for",
    "evidence_library",
    "find_leaks",
]
