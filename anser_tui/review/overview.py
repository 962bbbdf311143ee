"""What the home screen lists: the workspace's runs and its sessions, with their progress."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from anser_tui.workspace.decisions import ItemState, all_decisions
from anser_tui.workspace.item import Item
from anser_tui.workspace.store import WorkspaceStore


@dataclass(frozen=True)
class RunSummary:
    name: str
    outputs: int
    judged: int  # tasks whose current judgment has a usable score
    scored: int  # tasks with metric values


@dataclass(frozen=True)
class SessionSummary:
    name: str
    reviewer: str
    order: str
    blind: bool
    items: int
    decided: int
    skipped: int
    flagged: int
    last_activity: str  # the latest decision's time, else the session's start (UTC, ISO)

    @property
    def left(self) -> int:
        """Queue items neither decided nor skipped."""
        return self.items - self.decided - self.skipped


def run_summaries(store: WorkspaceStore) -> list[RunSummary]:
    judged = dict(store.conn.execute(
        "SELECT run, COUNT(*) FROM judgments WHERE id IN (SELECT MAX(id) FROM judgments "
        "GROUP BY run, task_id) AND status='ok' AND score IS NOT NULL GROUP BY run"))
    scored = dict(store.conn.execute(
        "SELECT run, COUNT(DISTINCT task_id) FROM metrics GROUP BY run"))
    return [RunSummary(name, n, judged.get(name, 0), scored.get(name, 0))
            for name, n in store.conn.execute(
                "SELECT name, n_outputs FROM runs ORDER BY imported_at")]


def session_summaries(store: WorkspaceStore) -> list[SessionSummary]:
    """Every session, the latest active first."""
    states: dict[int, dict[Item, ItemState]] = defaultdict(lambda: defaultdict(ItemState))
    last: dict[int, str] = {}
    for event in all_decisions(store):
        states[event.session_id][Item(event.run, event.task_id)].events.append(event)
        last[event.session_id] = max(last.get(event.session_id, ""), event.created_at or "")
    queued: dict[int, set[Item]] = defaultdict(set)
    for session_id, run, task_id in store.conn.execute(
            "SELECT session_id, run, task_id FROM session_items"):
        queued[session_id].add(Item(run, task_id))
    found = []
    for session_id, name, reviewer, order, blind, created in store.conn.execute(
            "SELECT id, name, reviewer, order_by, blind, created_at FROM sessions"):
        item_states = [s for item, s in states[session_id].items() if item in queued[session_id]]
        found.append(SessionSummary(
            name=name, reviewer=reviewer, order=order, blind=bool(blind),
            items=len(queued[session_id]), decided=sum(s.decided for s in item_states),
            skipped=sum(s.skipped for s in item_states),
            flagged=sum(s.flagged for s in item_states),
            last_activity=last.get(session_id) or created))
    return sorted(found, key=lambda s: s.last_activity, reverse=True)
