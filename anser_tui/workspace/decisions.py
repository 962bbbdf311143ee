"""The decision log: append-only events, and the state of an item derived from them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from anser_tui.core.value import Value
from anser_tui.workspace.records import Decision, DecisionKind, Judgment
from anser_tui.workspace.rubric import Mark
from anser_tui.workspace.store import WorkspaceStore, utc_now

VERDICTS = (DecisionKind.ACCEPT, DecisionKind.OVERRIDE)
_INSERT = (f"INSERT INTO decisions ({', '.join(Decision.COLUMNS)}) "
           f"VALUES ({', '.join('?' * len(Decision.COLUMNS))})")
_SELECT = f"SELECT id, {', '.join(Decision.COLUMNS)} FROM decisions"


def verdict_kind(marks: Mapping[str, Mark], judgment: Judgment | None) -> DecisionKind:
    """A human's marks are an accept when they are the judge's own (a judgment with a score),
    else an override (DESIGN 8)."""
    same = judgment is not None and judgment.score is not None and judgment.marks == dict(marks)
    return DecisionKind.ACCEPT if same else DecisionKind.OVERRIDE


def append_decision(store: WorkspaceStore, decision: Decision) -> Decision:
    """Write one event and commit it before returning: the screen moves on only after this."""
    decision = decision.model_copy(update={"created_at": decision.created_at or utc_now()})
    with store.transaction():
        cursor = store.conn.execute(_INSERT, decision.to_row())
    return decision.model_copy(update={"id": cursor.lastrowid})


def session_decisions(store: WorkspaceStore, session_id: int) -> list[Decision]:
    rows = store.rows(f"{_SELECT} WHERE session_id=? ORDER BY id", (session_id,))
    return [Decision.from_row(r) for r in rows]


def all_decisions(store: WorkspaceStore) -> list[Decision]:
    return [Decision.from_row(r) for r in store.rows(f"{_SELECT} ORDER BY id")]


def item_decisions(store: WorkspaceStore, run: str, task_id: str) -> list[tuple[str, Decision]]:
    """Every session's events on (run, task), oldest first, each with its session's name."""
    rows = store.rows(
        f"SELECT s.name AS session_name, d.* FROM ({_SELECT} WHERE run=? AND task_id=?) d "
        "JOIN sessions s ON s.id = d.session_id ORDER BY d.id", (run, task_id))
    return [(r["session_name"], Decision.from_row(r)) for r in rows]


class ItemState(Value, frozen=False):
    """What the events of one item add up to."""

    events: list[Decision] = field(default_factory=list)

    @property
    def active(self) -> list[Decision]:
        """Events not undone (undo events themselves excluded)."""
        undone = {e.target_uid for e in self.events if e.kind is DecisionKind.UNDO}
        return [e for e in self.events
                if e.kind is not DecisionKind.UNDO and e.uid not in undone]

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
    def comment_events(self) -> list[Decision]:
        """Standing comments, in order: an edit (a COMMENT naming the one it replaces by
        `target_uid`) stands for the comment it edits; an edit to nothing removes it."""
        comments = [e for e in self.active if e.kind is DecisionKind.COMMENT]
        replaced = {e.target_uid for e in comments if e.target_uid}
        return [e for e in comments if e.comment and e.uid not in replaced]

    @property
    def comments(self) -> list[str]:
        return [e.comment or "" for e in self.comment_events]

    def standing(self, kind: DecisionKind) -> list[Decision]:
        """The events of `kind` still standing (to take back a flag or a skip)."""
        return [e for e in self.active if e.kind is kind]

    @property
    def decided(self) -> bool:
        return self.verdict is not None


    @property
    def settled(self) -> bool:
        """Decided, or deliberately skipped (the `N` jump passes both by)."""
        return self.decided or self.skipped

    @property
    def last_undoable(self) -> Decision | None:
        active = self.active
        return active[-1] if active else None
