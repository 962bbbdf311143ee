"""The sessions table and the queues of its sessions (`session_items`).

`insert_session` is the one writer of a session row: a review screen's sessions, an
adjudication pass, imported labels and a reviewer's rechecks are all written through it, the
session and its queue in one transaction. A session without a given name gets one from the one
allocator (`_free_name`), chosen inside that transaction, which holds the write lock: two
processes starting sessions at once never pick the same name.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import field
from itertools import count
from typing import Any, NamedTuple

from anser_tui.core.errors import InputError
from anser_tui.core.value import Value
from anser_tui.workspace.item import Item
from anser_tui.workspace.records import dumps, new_uid
from anser_tui.workspace.store import WorkspaceStore, utc_now

REVIEW = "review"
ADJUDICATION = "adjudication"

_INSERT_ITEM = ("INSERT INTO session_items (session_id, pos, run, task_id, inclusion_probability, "
                "recheck) VALUES (?, ?, ?, ?, ?, ?)")
_HEAD = "SELECT id, name, reviewer, blind, order_by, filters, seed, design FROM sessions"


class SessionNameTaken(InputError):
    """A session of the name given exists already."""

    def __init__(self, store: WorkspaceStore, name: str):
        super().__init__(f"a session named {name} exists already", store.path)
        self.name = name


class QueueEntry(NamedTuple):
    """One queue item as written: its chance of being drawn (None: not a random draw) and
    whether it re-inserts an item the reviewer already decided (quality control)."""

    item: Item
    inclusion_probability: float | None = None
    recheck: bool = False


class SessionInfo(Value):
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


class SessionHead(NamedTuple):
    """What resuming a session reads of its row (filters and design as stored JSON text)."""

    id: int
    name: str
    reviewer: str
    blind: int
    order_by: str
    filters: str
    seed: int
    design: str


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


def _free_name(store: WorkspaceStore, reviewer: str, base: str | None) -> str:
    """The first session name not taken. With a `base`: `base`, `base#2`, `base#3`, ...;
    without: the reviewer's `{reviewer}-{k}`, k one past their session count, or the next
    number not taken."""
    candidates: Iterator[str]
    if base is None:
        prefix = f"{reviewer}-"
        taken = {name for (name,) in store.conn.execute(
            "SELECT name FROM sessions WHERE substr(name, 1, ?) = ?", (len(prefix), prefix))}
        start = 1 + store.conn.execute("SELECT COUNT(*) FROM sessions WHERE reviewer=?",
                                       (reviewer,)).fetchone()[0]
        candidates = (f"{prefix}{k}" for k in count(start))
    else:
        taken = {name for (name,) in store.conn.execute(
            "SELECT name FROM sessions WHERE name=? OR name LIKE ?", (base, f"{base}#%"))}
        candidates = (base if k == 1 else f"{base}#{k}" for k in count(1))
    return next(name for name in candidates if name not in taken)


def insert_session(store: WorkspaceStore, *, reviewer: str, purpose: str, blind: bool,
                   order_by: str, design: dict[str, Any], entries: Sequence[QueueEntry],
                   name: str | None = None, name_base: str | None = None,
                   filters: dict[str, Any] | None = None, seed: int = 0) -> tuple[int, str]:
    """Write a session and its queue (inside the caller's transaction, or its own); its id and
    name. A `name` given must be free (else `SessionNameTaken`); without one, the first free
    name (see `_free_name`)."""
    with store.transaction():
        if name is None:
            name = _free_name(store, reviewer, name_base)
        elif store.conn.execute("SELECT 1 FROM sessions WHERE name=?", (name,)).fetchone():
            raise SessionNameTaken(store, name)
        cursor = store.conn.execute(
            "INSERT INTO sessions (uid, name, reviewer, blind, order_by, filters, seed, purpose, "
            "design, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (new_uid(), name, reviewer, int(blind), order_by, dumps(filters or {}), seed,
             purpose, dumps(design), utc_now()))
        session_id = int(cursor.lastrowid or 0)
        store.conn.executemany(_INSERT_ITEM, [
            (session_id, pos, e.item.run, e.item.task_id, e.inclusion_probability,
             int(e.recheck)) for pos, e in enumerate(entries)])
    return session_id, name


def set_design(store: WorkspaceStore, session_id: int, design: dict[str, Any]) -> None:
    """Replace a session's recorded sampling design."""
    with store.transaction():
        store.conn.execute("UPDATE sessions SET design=? WHERE id=?",
                           (json.dumps(design), session_id))


# -- one session ---------------------------------------------------------------------------
def session_named(store: WorkspaceStore, name: str) -> SessionHead | None:
    row = store.conn.execute(f"{_HEAD} WHERE name=?", (name,)).fetchone()
    return None if row is None else SessionHead(*row)


def latest_session(store: WorkspaceStore, reviewer: str, filters: dict[str, Any], blind: bool,
                   order_by: str, seed: int, limit: int | None) -> SessionHead | None:
    """The reviewer's latest session over the same queue (filters, order, blind mode)."""
    row = store.conn.execute(
        f"{_HEAD} WHERE reviewer=? AND filters=? AND blind=? AND order_by=? AND seed=? "
        "AND json_extract(design, '$.limit') IS ? ORDER BY id DESC LIMIT 1",
        (reviewer, dumps(filters), int(blind), order_by, seed, limit)).fetchone()
    return None if row is None else SessionHead(*row)


def session_reviewer(store: WorkspaceStore, session_id: int) -> str | None:
    row = store.conn.execute("SELECT reviewer FROM sessions WHERE id=?",
                             (session_id,)).fetchone()
    return None if row is None else str(row[0])


def session_purpose(store: WorkspaceStore, session_id: int) -> str | None:
    row = store.conn.execute("SELECT purpose FROM sessions WHERE id=?",
                             (session_id,)).fetchone()
    return None if row is None else str(row[0])


# -- its queue -----------------------------------------------------------------------------
def queue_items(store: WorkspaceStore, session_id: int) -> list[Item]:
    """The session's queue in order."""
    return [Item(r, t) for r, t in store.conn.execute(
        "SELECT run, task_id FROM session_items WHERE session_id=? ORDER BY pos",
        (session_id,))]


def queue_entries(store: WorkspaceStore, session_id: int) -> list[QueueEntry]:
    """The session's queue in order, with each item's probability and recheck mark."""
    return [QueueEntry(Item(run, task_id), probability, bool(recheck))
            for run, task_id, probability, recheck in store.conn.execute(
                "SELECT run, task_id, inclusion_probability, recheck FROM session_items "
                "WHERE session_id=? ORDER BY pos", (session_id,))]


def recheck_items(store: WorkspaceStore, session_id: int) -> list[Item]:
    """The queue items re-inserted for quality control."""
    return [Item(r, t) for r, t in store.conn.execute(
        "SELECT run, task_id FROM session_items WHERE session_id=? AND recheck=1",
        (session_id,))]


def append_queue_item(store: WorkspaceStore, session_id: int, pos: int, item: Item) -> None:
    """Put an item at the end of a queue (`pos`: the queue's length), drawn by no design."""
    with store.transaction():
        store.conn.execute(_INSERT_ITEM, (session_id, pos, item.run, item.task_id, None, 0))


def replace_queue(store: WorkspaceStore, session_id: int, entries: Sequence[QueueEntry]
                  ) -> None:
    """Write the session's queue anew, in this order."""
    with store.transaction():
        store.conn.execute("DELETE FROM session_items WHERE session_id=?", (session_id,))
        store.conn.executemany(_INSERT_ITEM, [
            (session_id, pos, e.item.run, e.item.task_id, e.inclusion_probability,
             int(e.recheck)) for pos, e in enumerate(entries)])
