"""A review session: one reviewer's pass over a queue of (run, task) items."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping

from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.core.errors import InputError
from anser_tui.core.exact import exactly
from anser_tui.core.value import Value
from anser_tui.review.queue import QueueOrder, QueueSpec, build_queue
from anser_tui.review.stored_session import StoredSession
from anser_tui.workspace.decisions import (
    VERDICTS,
    ItemState,
    append_decision,
    session_decisions,
    verdict_kind,
)
from anser_tui.workspace.item import Item
from anser_tui.workspace.records import Decision, DecisionKind, Judgment, ReasonCode
from anser_tui.workspace.rubric import Mark, Rubric
from anser_tui.workspace.sessions import (
    REVIEW,
    QueueEntry,
    SessionNameTaken,
    append_queue_item,
    insert_session,
    queue_items,
    recheck_items,
    session_purpose,
)
from anser_tui.workspace.store import WorkspaceStore


class Progress(Value):
    """A session's counts for the header: decided, skipped, flagged, left, and the pace."""

    total: int
    decided: int
    skipped: int
    flagged: int
    left: int
    pace_s: float | None  # mean seconds a verdict took


class ReviewSession:
    """The queue, the decisions so far, and the verbs that append new ones."""

    def __init__(self, store: WorkspaceStore, session_id: int, name: str, reviewer: str,
                 blind: bool, items: list[Item]):
        self.store = store
        self.benchmark = benchmark_named(store.benchmark)
        self.id = session_id
        self.name = name
        self.reviewer = reviewer
        self.blind = blind
        self.items = items
        self._queued = frozenset(items)
        purpose = session_purpose(store, session_id)
        self.purpose: str = REVIEW if purpose is None else purpose  # or ADJUDICATION
        # re-inserted for quality control: decided blind
        self.rechecks = frozenset(recheck_items(store, session_id))
        self._states: dict[Item, ItemState] = defaultdict(ItemState)
        self._decidable: dict[str, bool] = {}  # task id: the judge scores it (a verdict settles)
        self._n_decidable: int | None = None  # how many queue items are (counted once)
        for event in session_decisions(store, session_id):
            self._states[Item(event.run, event.task_id)].events.append(event)

    # -- opening -------------------------------------------------------------------------
    @classmethod
    def open(cls, store: WorkspaceStore, reviewer: str, name: str | None = None,
             blind: bool = False, runs: list[str] | None = None,
             spec: QueueSpec | None = None, order: QueueOrder | None = None) -> ReviewSession:
        """Resume the named session, else the reviewer's latest one over the same queue;
        else start a new one. Another reviewer's session is refused (InputError)."""
        spec = spec or QueueSpec(runs=tuple(runs or ()))
        order = order or QueueOrder()
        if name is not None:
            found = StoredSession.named(store, name)
        else:
            found = StoredSession.latest(store, reviewer, spec, blind, order)
        if found is not None:
            return cls.resume(store, found, reviewer)
        return cls.start(store, reviewer, name, blind, spec, order)

    @classmethod
    def resume(cls, store: WorkspaceStore, stored: StoredSession, reviewer: str
               ) -> ReviewSession:
        """The stored session, for its own reviewer only."""
        stored.check_reviewer(reviewer, store)
        items = queue_items(store, stored.id)
        return cls(store, stored.id, stored.name, stored.reviewer, stored.blind, items)

    @classmethod
    def start(cls, store: WorkspaceStore, reviewer: str, name: str | None, blind: bool,
              spec: QueueSpec, order: QueueOrder) -> ReviewSession:
        """A new session over the queue `spec` and `order` draw, its design recorded."""
        queue = build_queue(store, spec, order)
        if not queue.items:
            what = "task" if spec.all_tasks else "task the LLM judge scores"
            raise InputError(f"nothing to review: no {what} matches "
                             f"{json.dumps(spec.to_json())}", store.path)
        return cls.create(store, reviewer, name, blind, queue.items, order.order.value,
                          spec.to_json(), order.seed, queue.probabilities, queue.design)

    @classmethod
    def create(cls, store: WorkspaceStore, reviewer: str, name: str | None, blind: bool,
               items: list[Item], order_by: str = "task", filters: dict[str, object] | None = None,
               seed: int = 0, probabilities: list[float | None] | None = None,
               design: dict[str, object] | None = None) -> ReviewSession:
        """Write a new session and its queue in one transaction. Without a name it gets the
        reviewer's next free "{reviewer}-{k}", chosen inside the transaction (which holds the
        write lock), so two processes starting sessions at once never pick the same one."""
        if not items:
            raise InputError("nothing to review: the queue is empty", store.path)
        probabilities = probabilities or [None] * len(items)
        design = design or {"order": order_by, "seed": seed, "limit": None,
                            "n_eligible": len(items), "n_queued": len(items), "strata": None,
                            "random_sample": False}
        try:
            session_id, name = insert_session(
                store, reviewer=reviewer, name=name, purpose=REVIEW, blind=blind,
                order_by=order_by, filters=filters, seed=seed, design=design,
                entries=[QueueEntry(it, p) for it, p in zip(items, probabilities, strict=True)])
        except SessionNameTaken as taken:
            raise InputError(f"a session named {taken.name} was started meanwhile; run again "
                             "to resume it", store.path) from None
        return cls(store, session_id, name, reviewer, blind, items)

    # -- reading -------------------------------------------------------------------------
    def state(self, item: Item) -> ItemState:
        """The item's state (an empty one, not stored, for an item with no events)."""
        return self._states.get(item) or ItemState()

    def judge_visible(self, item: Item) -> bool:
        """Whether the judge's marks may be shown: always in an open session; in a blind one
        (and on a recheck in any session), once the reviewer's own verdict on the item
        stands."""
        hidden = self.blind or item in self.rechecks
        return not hidden or self.state(item).verdict is not None

    def rubric(self, item: Item) -> Rubric | None:
        """The judge's rubric for the item; None for a form the judge does not score."""
        return self.benchmark.rubric(self.store.task(item.task_id))

    def add_item(self, item: Item) -> int:
        """Append an item to the queue (going to a task outside it); its position."""
        if item in self._queued:
            return self.items.index(item)
        append_queue_item(self.store, self.id, len(self.items), item)
        self.items.append(item)
        self._queued = frozenset(self.items)
        if self._n_decidable is not None:
            self._n_decidable += self.decidable(item)
        return len(self.items) - 1

    def first_undecided(self, after: int = -1) -> int | None:
        """The first item after `after` with no standing verdict (skipped ones included:
        a skip defers an item, it does not settle it); None when every item is decided."""
        return next((i for i in range(after + 1, len(self.items))
                     if not self.state(self.items[i]).decided), None)

    def decidable(self, item: Item) -> bool:
        """Whether a verdict can settle the item: the judge scores its task (kept once known)."""
        known = self._decidable.get(item.task_id)
        if known is None:
            known = self._decidable[item.task_id] = self.rubric(item) is not None
        return known

    def progress(self) -> Progress:
        """Decided, skipped, flagged, and left: what the queue can still decide (neither
        decided nor skipped, and a task the judge scores; going to one it does not score
        adds nothing to it)."""
        decided = skipped = flagged = settled = 0
        seconds: list[float] = []
        for item, state in self._states.items():
            if item not in self._queued:
                continue
            verdict = state.verdict
            decided += verdict is not None
            skipped += verdict is None and state.skipped
            settled += (verdict is not None or state.skipped) and self.decidable(item)
            flagged += state.flagged
            seconds += [e.time_spent_s for e in state.active
                        if e.kind in VERDICTS and e.time_spent_s is not None]
        if self._n_decidable is None:
            self._n_decidable = self._count_decidable()
        pace = sum(seconds) / len(seconds) if seconds else None
        return Progress(len(self.items), decided, skipped, flagged,
                        self._n_decidable - settled, pace)

    def _count_decidable(self) -> int:
        """How many queue items a verdict can settle: each task told by its head where the
        benchmark can, the tasks of the others read at once."""
        unknown = [t for t in dict.fromkeys(item.task_id for item in self.items)
                   if t not in self._decidable]
        for head in self.store.task_heads(unknown):
            judged = self.benchmark.judged(head)
            if judged is not None:
                self._decidable[head.id] = judged
        self.store.read_tasks(t for t in unknown if t not in self._decidable)
        return sum(self.decidable(item) for item in self.items)

    def last_undoable(self) -> tuple[Item, Decision] | None:
        """The session's latest event still standing, and its item."""
        standing = [(item, state.last_undoable) for item, state in self._states.items()]
        found = [(item, ev) for item, ev in standing if ev is not None]
        return max(found, key=lambda pair: pair[1].id or 0, default=None)

    @property
    def n_decided(self) -> int:
        """Queue items with a standing verdict (only items with events are looked at)."""
        queued = self._queued
        return sum(1 for item, state in self._states.items() if state.decided and item in queued)

    # -- deciding ------------------------------------------------------------------------
    def _append(self, item: Item, kind: DecisionKind, **fields: object) -> Decision:
        """Write one event; whether the judge was visible is the item's state unless given
        (a flag, skip or comment in a blind session, before the reveal, records False)."""
        fields.setdefault("judge_visible", self.judge_visible(item))
        values = {"session_id": self.id, "run": item.run, "task_id": item.task_id,
                  "reviewer": self.reviewer, "kind": kind, **fields}
        # the values have their declared types: made without pydantic (`core.exact`)
        decision = append_decision(self.store, exactly(Decision, values)
                                   or Decision.model_validate(values))
        self._states[item].events.append(decision)
        return decision

    def accept(self, item: Item, judgment: Judgment, time_spent_s: float | None = None,
               reason_code: ReasonCode | None = None) -> Decision:
        """Take the judge's marks as they are. Only a judgment that parsed can be accepted."""
        if not judgment.marks or judgment.score is None:
            raise ValueError("this judgment has no valid marks to accept; override instead")
        return self._append(item, DecisionKind.ACCEPT, marks=judgment.marks,
                            score=judgment.score, judge_visible=True, judgment_uid=judgment.uid,
                            time_spent_s=time_spent_s, reason_code=reason_code)

    def with_reason(self, item: Item, decision: Decision, code: ReasonCode) -> Decision:
        """The standing `decision` on `item` again, now with a reason code: a new event."""
        return self._append(item, decision.kind, marks=decision.marks, score=decision.score,
                            judge_visible=decision.judge_visible, reason_code=code,
                            comment=decision.comment, judgment_uid=decision.judgment_uid)

    def override(self, item: Item, marks: Mapping[str, Mark], judgment: Judgment | None,
                 judge_visible: bool = True, reason_code: ReasonCode | None = None,
                 comment: str | None = None, time_spent_s: float | None = None) -> Decision:
        """The reviewer's own marks, scored as the judge is asked to score them; marks equal
        to the judge's are an accept (DESIGN 8)."""
        rubric = self.rubric(item)
        if rubric is None:
            raise ValueError(f"the LLM judge does not score {item.task_id}: nothing to override")
        score = rubric.human_score(marks)
        if score is None:
            raise ValueError(f"marks must give every criterion of {rubric.id} a valid value")
        return self._append(item, verdict_kind(marks, judgment), marks=marks, score=score,
                            judge_visible=judge_visible, reason_code=reason_code,
                            comment=comment, time_spent_s=time_spent_s,
                            judgment_uid=judgment.uid if judgment else None)

    def mark(self, item: Item, kind: DecisionKind, comment: str | None = None,
             time_spent_s: float | None = None, replaces: str | None = None) -> Decision:
        """A flag, skip or comment event (`replaces`: the uid of the comment it edits)."""
        return self._append(item, kind, comment=comment, time_spent_s=time_spent_s,
                            target_uid=replaces)

    def toggle(self, item: Item, kind: DecisionKind, time_spent_s: float | None = None
               ) -> bool:
        """Flag (or skip) the item, or take the standing flag (skip) back with an undo
        event; whether the item is flagged (skipped) now."""
        standing = self.state(item).standing(kind)
        if kind is DecisionKind.SKIP and self.state(item).verdict is not None:
            standing = []  # a decided item is not skipped: skipping it defers it again
        if not standing:
            self._append(item, kind, time_spent_s=time_spent_s)
            return True
        for event in standing:
            self._append(item, DecisionKind.UNDO, target_uid=event.uid)
        return False

    def undo(self, item: Item) -> Decision | None:
        """Undo the item's latest standing event; None when there is nothing to undo."""
        target = self.state(item).last_undoable
        if target is None:
            return None
        return self._append(item, DecisionKind.UNDO, target_uid=target.uid)

