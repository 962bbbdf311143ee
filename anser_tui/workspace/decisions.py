"""The decision log: append-only events, and the state of an item derived from them."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from anser_tui.workspace.records import Decision, DecisionKind, ReasonCode, dumps
from anser_tui.workspace.store import WorkspaceStore, utc_now

_COLUMNS = ("id", "session_id", "run", "task_id", "reviewer", "kind", "marks", "score",
            "reason_code", "comment", "judge_visible", "judgment_id", "target", "time_spent_s",
            "created_at")
VERDICTS = (DecisionKind.ACCEPT, DecisionKind.OVERRIDE)


def append_decision(store: WorkspaceStore, decision: Decision) -> Decision:
    """Write one event and commit it before returning: the screen moves on only after this."""
    row = {**decision.model_dump(exclude={"id"}), "kind": decision.kind.value,
           "marks": dumps(decision.marks), "judge_visible": int(decision.judge_visible),
           "reason_code": decision.reason_code.value if decision.reason_code else None,
           "created_at": decision.created_at or utc_now()}
    with store.transaction():
        cursor = store.conn.execute(
            f"INSERT INTO decisions ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
            tuple(row.values()))
    return decision.model_copy(update={"id": cursor.lastrowid, "created_at": row["created_at"]})


def _from_row(row: tuple[Any, ...]) -> Decision:
    values = dict(zip(_COLUMNS, row, strict=True))
    values["marks"] = json.loads(values["marks"])
    values["kind"] = DecisionKind(values["kind"])
    values["judge_visible"] = bool(values["judge_visible"])
    if values["reason_code"] is not None:
        values["reason_code"] = ReasonCode(values["reason_code"])
    return Decision(**values)


def session_decisions(store: WorkspaceStore, session_id: int) -> list[Decision]:
    rows = store.conn.execute(
        f"SELECT {', '.join(_COLUMNS)} FROM decisions WHERE session_id=? ORDER BY id",
        (session_id,))
    return [_from_row(r) for r in rows]


def all_decisions(store: WorkspaceStore) -> list[Decision]:
    rows = store.conn.execute(f"SELECT {', '.join(_COLUMNS)} FROM decisions ORDER BY id")
    return [_from_row(r) for r in rows]


@dataclass
class ItemState:
    """What the events of one item add up to."""

    events: list[Decision] = field(default_factory=list)

    @property
    def active(self) -> list[Decision]:
        """Events not undone (undo events themselves excluded)."""
        undone = {e.target for e in self.events if e.kind is DecisionKind.UNDO}
        return [e for e in self.events if e.kind is not DecisionKind.UNDO and e.id not in undone]

    @property
    def verdict(self) -> Decision | None:
        """The latest accept or override still standing."""
        return next((e for e in reversed(self.active) if e.kind in VERDICTS), None)

    @property
    def skipped(self) -> bool:
        last = next((e for e in reversed(self.active)
                     if e.kind in (*VERDICTS, DecisionKind.SKIP)), None)
        return last is not None and last.kind is DecisionKind.SKIP

    @property
    def flagged(self) -> bool:
        return any(e.kind is DecisionKind.FLAG for e in self.active)

    @property
    def comments(self) -> list[str]:
        return [e.comment for e in self.active
                if e.kind is DecisionKind.COMMENT and e.comment]

    @property
    def decided(self) -> bool:
        return self.verdict is not None

    @property
    def settled(self) -> bool:
        """Decided or deliberately skipped: a resumed session starts past it."""
        return self.decided or self.skipped

    @property
    def last_undoable(self) -> Decision | None:
        active = self.active
        return active[-1] if active else None
