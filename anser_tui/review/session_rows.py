"""Sessions written by the calibration verbs (an adjudication pass, imported labels, a
reviewer's rechecks) and the sessions table read back with its purpose and sampling design.

A review screen's own sessions are written by `ReviewSession.create`; these helpers write the
others the same way: one row in `sessions`, its queue in `session_items`, in one transaction.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from anser_tui.workspace.item import Item
from anser_tui.workspace.records import dumps, new_uid
from anser_tui.workspace.store import WorkspaceStore, utc_now

REVIEW = "review"
ADJUDICATION = "adjudication"


@dataclass(frozen=True)
class QueueEntry:
    """One queue item as written: its chance of being drawn (None: not a random draw) and
    whether it re-inserts an item the reviewer already decided (quality control)."""

    item: Item
    inclusion_probability: float | None = None
    recheck: bool = False


@dataclass(frozen=True)
class SessionInfo:
    """A session row: who, what for, how its queue was drawn, and when."""

    id: int
    uid: str
    name: str
    reviewer: str
    purpose: str
    blind: bool
    order_by: str
    filters: dict[str, Any]
    design: dict[str, Any]
    created_at: str
    items: tuple[QueueEntry, ...] = field(default=(), repr=False)

    @property
    def random_sample(self) -> bool:
        """Whether the queue is a random (or stratified random) draw: only when its design says
        `"random_sample": true` (a session without the key is not one)."""
        return self.design.get("random_sample") is True

    @property
    def stratified(self) -> bool:
        return bool(self.design.get("strata"))


def _json(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except (TypeError, json.JSONDecodeError):
        return {}
    return value if isinstance(value, dict) else {}


def load_sessions(store: WorkspaceStore) -> dict[int, SessionInfo]:
    """Every session with its queue, by local id."""
    items: dict[int, list[QueueEntry]] = {}
    for sid, run, task_id, probability, recheck in store.conn.execute(
            "SELECT session_id, run, task_id, inclusion_probability, recheck "
            "FROM session_items ORDER BY session_id, pos"):
        items.setdefault(sid, []).append(QueueEntry(Item(run, task_id), probability,
                                                    bool(recheck)))
    out: dict[int, SessionInfo] = {}
    for row in store.rows("SELECT * FROM sessions ORDER BY id"):
        out[row["id"]] = SessionInfo(
            id=row["id"], uid=row["uid"], name=row["name"], reviewer=row["reviewer"],
            purpose=row["purpose"], blind=bool(row["blind"]), order_by=row["order_by"],
            filters=_json(row["filters"]), design=_json(row["design"]),
            created_at=row["created_at"], items=tuple(items.get(row["id"], ())))
    return out


def free_session_name(store: WorkspaceStore, base: str) -> str:
    """`base`, or `base#2`, `base#3`, ... : the first name no session has."""
    taken = {r[0] for r in store.conn.execute(
        "SELECT name FROM sessions WHERE name=? OR name LIKE ?", (base, f"{base}#%"))}
    if base not in taken:
        return base
    k = 2
    while f"{base}#{k}" in taken:
        k += 1
    return f"{base}#{k}"


def insert_session(store: WorkspaceStore, *, reviewer: str, name: str, purpose: str,
                   blind: bool, order_by: str, design: dict[str, Any],
                   entries: Sequence[QueueEntry], filters: dict[str, Any] | None = None,
                   seed: int = 0) -> int:
    """Write a session and its queue (inside the caller's transaction, or its own); its id."""
    with store.transaction():
        cursor = store.conn.execute(
            "INSERT INTO sessions (uid, name, reviewer, blind, order_by, filters, seed, purpose, "
            "design, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (new_uid(), name, reviewer, int(blind), order_by, dumps(filters or {}), seed,
             purpose, dumps(design), utc_now()))
        session_id = int(cursor.lastrowid or 0)
        store.conn.executemany(
            "INSERT INTO session_items (session_id, pos, run, task_id, inclusion_probability, "
            "recheck) VALUES (?, ?, ?, ?, ?, ?)",
            [(session_id, pos, e.item.run, e.item.task_id, e.inclusion_probability,
              int(e.recheck)) for pos, e in enumerate(entries)])
    return session_id
