"""Where each reviewer stands on each item: the decision log read per reviewer, across sessions.

Events are grouped by (reviewer, item) over all of a reviewer's sessions of one kind and put in
order by (created_at, local id), so a merged workspace gives the same answer whatever order its
copies were merged in. Three kinds:

- review: sessions of purpose "review" (the review screen's, and imported labels). A
  reviewer's *standing verdict* on an item is their latest accept or override not undone, in
  any of their review sessions; their *blind verdict* is the latest standing one made with the
  judge hidden (`judge_visible` false). The human value calibration uses is the blind verdict
  where there is one, else the standing verdict.
- adjudication: sessions of purpose "adjudication". The latest standing verdict of any
  adjudicator is the item's final one.
- recheck: queue items marked `recheck` (an item a reviewer already decided, re-inserted blind
  for quality control). Decisions on them are kept apart: they measure the reviewer's
  self-consistency and change neither the standing verdict nor calibration.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field

from anser_tui.workspace.decisions import ItemState, all_decisions
from anser_tui.workspace.item import Item
from anser_tui.workspace.records import Decision, DecisionKind
from anser_tui.workspace.sessions import ADJUDICATION, SessionInfo, load_sessions
from anser_tui.workspace.store import WorkspaceStore

_VERDICTS = (DecisionKind.ACCEPT, DecisionKind.OVERRIDE)


@dataclass(frozen=True)
class ReviewerVerdict:
    """One reviewer's standing verdict on one item, and their blind verdict if any."""

    reviewer: str
    item: Item
    verdict: Decision
    blind: Decision | None
    blind_revealed: bool  # the blind verdict was made in a blind session: the judge was then shown
    comment: str | None = None  # the verdict's comment, else the reviewer's latest standing one

    @property
    def human(self) -> Decision:
        """The value calibration pairs with the judge: the blind verdict first."""
        return self.blind or self.verdict


def _standing_blind(state: ItemState) -> Decision | None:
    return next((e for e in reversed(state.active)
                 if e.kind in _VERDICTS and not e.judge_visible), None)


@dataclass
class VerdictBook:
    sessions: dict[int, SessionInfo]
    reviews: dict[Item, dict[str, ReviewerVerdict]] = field(default_factory=dict)
    adjudications: dict[Item, Decision] = field(default_factory=dict)
    rechecks: dict[Item, dict[str, ReviewerVerdict]] = field(default_factory=dict)

    @classmethod
    def load(cls, store: WorkspaceStore, runs: Collection[str] | None = None) -> VerdictBook:
        """The verdicts of `runs` (None: every run)."""
        sessions = load_sessions(store)
        recheck = {(sid, e.item) for sid, s in sessions.items() for e in s.items if e.recheck}
        buckets: dict[tuple[str, str, Item], ItemState] = defaultdict(ItemState)
        events = sorted(all_decisions(store), key=lambda d: (d.created_at or "", d.id or 0))
        for event in events:
            if runs is not None and event.run not in runs:
                continue
            item = Item(event.run, event.task_id)
            session = sessions.get(event.session_id)
            if (event.session_id, item) in recheck:
                kind = "recheck"
            elif session is not None and session.purpose == ADJUDICATION:
                kind = "adjudication"
            else:
                kind = "review"
            who = "" if kind == "adjudication" else event.reviewer
            buckets[(kind, who, item)].events.append(event)
        book = cls(sessions)
        for (kind, reviewer, item), state in buckets.items():
            verdict = state.verdict
            if verdict is None:
                continue
            if kind == "adjudication":
                book.adjudications[item] = verdict
                continue
            blind = _standing_blind(state)
            blind_session = sessions.get(blind.session_id) if blind else None
            comments = state.comments
            entry = ReviewerVerdict(
                reviewer, item, verdict, blind,
                blind_revealed=blind_session is not None and blind_session.blind,
                comment=verdict.comment or (comments[-1] if comments else None))
            target = book.rechecks if kind == "recheck" else book.reviews
            target.setdefault(item, {})[reviewer] = entry
        for table in (book.reviews, book.rechecks):
            for item, by_reviewer in table.items():
                table[item] = dict(sorted(by_reviewer.items()))
        return book

    def reviewers(self) -> list[str]:
        """Every reviewer with a standing verdict, sorted."""
        return sorted({r for by in self.reviews.values() for r in by})
