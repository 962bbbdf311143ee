"""What the home screen lists: the workspace's runs and its sessions, with their progress."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from anser_tui.benchmarks.registry import benchmark_named
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
    left: int  # what the queue can still decide, as the review header counts it (a task the
    # judge does not score, gone to with `g`, is in `items` but not here)


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
    sessions = load_sessions(store)
    judged = _judged_tasks(store, {e.item.task_id for info in sessions.values()
                                   for e in info.items})
    for session_id, info in sessions.items():
        queued = {e.item for e in info.items}
        item_states = {item: s for item, s in states[session_id].items() if item in queued}
        settled = {item for item, s in item_states.items() if s.decided or s.skipped}
        found.append(SessionSummary(
            name=info.name, reviewer=info.reviewer, order=info.order_by, blind=info.blind,
            items=len(queued), decided=sum(s.decided for s in item_states.values()),
            skipped=sum(s.skipped and not s.decided for s in item_states.values()),
            flagged=sum(s.flagged for s in item_states.values()),
            last_activity=last.get(session_id) or info.created_at,
            left=sum(item.task_id in judged and item not in settled for item in queued)))
    return sorted(found, key=lambda s: s.last_activity, reverse=True)


def _judged_tasks(store: WorkspaceStore, task_ids: set[str]) -> set[str]:
    """The tasks among `task_ids` the benchmark's judge scores (a verdict can settle them):
    told by their heads where the benchmark can, by the whole task otherwise."""
    benchmark = benchmark_named(store.benchmark)
    judged, unknown = set(), []
    for head in store.task_heads(task_ids):
        verdict = benchmark.judged(head)
        if verdict is None:
            unknown.append(head.id)
        elif verdict:
            judged.add(head.id)
    judged.update(t for t in unknown if benchmark.rubric(store.task(t)) is not None)
    return judged
