"""What the home screen lists: the workspace's runs and its sessions, with their progress."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from anser_tui.workspace.decisions import ItemState, all_decisions
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import usable_judgment_counts
from anser_tui.workspace.metrics import scored_task_counts
from anser_tui.workspace.sessions import load_sessions
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
    judged = usable_judgment_counts(store)
    scored = scored_task_counts(store)
    return [RunSummary(name, n, judged.get(name, 0), scored.get(name, 0))
            for name, n in store.run_sizes()]


def session_summaries(store: WorkspaceStore) -> list[SessionSummary]:
    """Every session, the latest active first."""
    states: dict[int, dict[Item, ItemState]] = defaultdict(lambda: defaultdict(ItemState))
    last: dict[int, str] = {}
    for event in all_decisions(store):
        states[event.session_id][Item(event.run, event.task_id)].events.append(event)
        last[event.session_id] = max(last.get(event.session_id, ""), event.created_at or "")
    found = []
    for session_id, info in load_sessions(store).items():
        queued = {e.item for e in info.items}
        item_states = [s for item, s in states[session_id].items() if item in queued]
        found.append(SessionSummary(
            name=info.name, reviewer=info.reviewer, order=info.order_by, blind=info.blind,
            items=len(queued), decided=sum(s.decided for s in item_states),
            skipped=sum(s.skipped for s in item_states),
            flagged=sum(s.flagged for s in item_states),
            last_activity=last.get(session_id) or info.created_at))
    return sorted(found, key=lambda s: s.last_activity, reverse=True)
