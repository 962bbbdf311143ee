"""Judgments in the workspace: stored as they arrive, the newest per (run, task) is current."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from anser_tui.workspace.records import Judgment, JudgmentStatus, dumps
from anser_tui.workspace.store import WorkspaceStore, utc_now

_COLUMNS = ("id", "run", "task_id", "rubric_id", "status", "raw", "marks", "score",
            "recomputed_score", "reason", "error", "arithmetic_mismatch", "model", "source",
            "latency_s", "input_tokens", "output_tokens", "created_at")


def add_judgments(store: WorkspaceStore, judgments: Iterable[Judgment]) -> None:
    """Append judgments in one transaction."""
    now = utc_now()
    rows = [{**j.model_dump(exclude={"id"}), "status": j.status.value,
             "marks": dumps(j.marks), "arithmetic_mismatch": int(j.arithmetic_mismatch),
             "created_at": j.created_at or now} for j in judgments]
    with store.transaction():
        store.db.table("judgments").insert_all(rows)


def _from_row(row: tuple[Any, ...]) -> Judgment:
    values = dict(zip(_COLUMNS, row, strict=True))
    values["marks"] = json.loads(values["marks"])
    values["status"] = JudgmentStatus(values["status"])
    values["arithmetic_mismatch"] = bool(values["arithmetic_mismatch"])
    return Judgment(**values)


def latest_judgment(store: WorkspaceStore, run: str, task_id: str) -> Judgment | None:
    row = store.conn.execute(
        f"SELECT {', '.join(_COLUMNS)} FROM judgments WHERE run=? AND task_id=? "
        "ORDER BY id DESC LIMIT 1", (run, task_id)).fetchone()
    return _from_row(row) if row else None


def latest_judgments(store: WorkspaceStore, run: str) -> dict[str, Judgment]:
    """The current judgment of each task of `run` that has one."""
    rows = store.conn.execute(
        f"SELECT {', '.join('j.' + c for c in _COLUMNS)} FROM judgments j "
        "JOIN (SELECT MAX(id) AS id FROM judgments WHERE run=? GROUP BY task_id) m "
        "ON j.id = m.id", (run,))
    return {j.task_id: j for j in map(_from_row, rows)}
