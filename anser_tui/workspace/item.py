"""An item of review: one (run, task) pair."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Item:
    run: str
    task_id: str
