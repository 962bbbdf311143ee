"""Figures the reliability tests count (faults survived, decisions verified), added up over
every pytest-xdist worker and printed at the end of the run by conftest.py beside the bad-input
figures (which conftest counts from the tests' `bad_input` properties)."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

FIGURES_ENV = "ANSER_TEST_FIGURES"
LABELS = {"faults": "faults survived", "decisions": "decisions verified"}


def record(name: str, count: int = 1) -> None:
    """Add `count` to the figure `name` (one line appended: safe from several processes)."""
    path = os.environ.get(FIGURES_ENV)
    if path:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(f"{name}\t{count}\n")


def totals(path: Path) -> Counter[str]:
    found: Counter[str] = Counter()
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            name, _, count = line.partition("\t")
            found[name] += int(count)
    return found


def summary_line(path: Path) -> str:
    found = totals(path)
    return ", ".join(f"{LABELS[k]} {found[k]}" for k in LABELS)
