"""A task's metric value as the workbench keeps and shows it, whatever the benchmark.

A `Cell` is (value, detail). Details start with "parsed: " or "unparsed: " where an answer was
read, "not computed: " where a value cannot be had, "n/a: " for a metric of the form that this
task's ground truth does not ask for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

PARSED, UNPARSED = "parsed: ", "unparsed: "


class Cell(NamedTuple):
    """One metric value of one task, and what the reviewer should know about it."""

    value: float | None
    detail: str | None = None


def parsed_detail(cells: Mapping[str, tuple[float | None, str | None]]) -> str | None:
    """What the scorer read from the answer: the distinct "parsed:"/"unparsed:" details of a
    task's metric rows joined by " · " ("parsed: option A · unparsed: odds ratio missing")."""
    found = dict.fromkeys(d for _, d in cells.values()
                          if d and (d.startswith(PARSED) or d.startswith(UNPARSED)))
    return " · ".join(found) or None


def number(value: float | None) -> str:
    """A metric value as reports print it: three decimals at most, "—" for none."""
    if value is None:
        return "—"
    return f"{value:.3f}".rstrip("0").rstrip(".") or "0"
