"""The adjudication policy: which human value an item's adjudicated score takes.

Per (run, task), from the verdict book (each reviewer's standing verdict across their review
sessions; rechecks left out):

1. An adjudication session's standing verdict exists: it is final ("adjudicated"), whatever the
   reviewers said.
2. Else one reviewer has a verdict ("reviewed"), or several whose marks and scores are all equal
   ("agreed"): that value.
3. Else two or more reviewers differ in a mark or in the score ("disputed"): the item has no
   human value until an adjudicator decides it. The report shows the judge's value for it,
   counts it in `n_in_dispute` and not in `n_reviewed`.

Items in dispute and not yet adjudicated form the adjudication queue (`adjudication_queue`);
`start_adjudication` opens a session of purpose "adjudication" over it for the review screen.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum

from anser_tui.core.errors import InputError
from anser_tui.review.session import ReviewSession
from anser_tui.review.verdicts import ReviewerVerdict, VerdictBook
from anser_tui.workspace.item import Item
from anser_tui.workspace.records import Decision
from anser_tui.workspace.sessions import (
    ADJUDICATION,
    QueueEntry,
    insert_session,
    load_sessions,
)
from anser_tui.workspace.store import WorkspaceStore

_SCORE_TOLERANCE = 1e-9


class Standing(StrEnum):
    REVIEWED = "reviewed"  # one reviewer
    AGREED = "agreed"  # several reviewers, the same marks and score
    DISPUTED = "disputed"  # several reviewers who differ, no adjudication yet
    ADJUDICATED = "adjudicated"  # an adjudicator's verdict: final


@dataclass(frozen=True)
class Settlement:
    """An item's standing under the policy and the verdict that settles it (None: disputed)."""

    item: Item
    standing: Standing
    decision: Decision | None
    reviewers: tuple[str, ...]

    @property
    def score(self) -> float | None:
        return self.decision.score if self.decision is not None else None


def differ(a: Decision, b: Decision) -> bool:
    """Whether two verdicts disagree: a mark differs, or the score does."""
    if a.marks != b.marks:
        return True
    if a.score is None or b.score is None:
        return (a.score is None) != (b.score is None)
    return abs(a.score - b.score) > _SCORE_TOLERANCE


def settle_item(item: Item, verdicts: Mapping[str, ReviewerVerdict],
                adjudication: Decision | None) -> Settlement:
    names = tuple(sorted(verdicts))
    if adjudication is not None:
        return Settlement(item, Standing.ADJUDICATED, adjudication, names)
    decisions = [verdicts[n].verdict for n in names]
    if len(decisions) == 1:
        return Settlement(item, Standing.REVIEWED, decisions[0], names)
    if any(differ(decisions[0], d) for d in decisions[1:]):
        return Settlement(item, Standing.DISPUTED, None, names)
    return Settlement(item, Standing.AGREED, decisions[0], names)


def settle(book: VerdictBook) -> dict[Item, Settlement]:
    """Every item with a reviewer's or an adjudicator's verdict, settled by the policy."""
    items = dict.fromkeys([*book.reviews, *book.adjudications])
    return {item: settle_item(item, book.reviews.get(item, {}), book.adjudications.get(item))
            for item in items}


def reviewer_verdicts(book: VerdictBook, item: Item) -> dict[str, Decision]:
    """Each reviewer's standing verdict on the item, by name (what an adjudicator weighs)."""
    return {name: v.verdict for name, v in book.reviews.get(item, {}).items()}


def _task_order(store: WorkspaceStore, items: Collection[Item]) -> list[Item]:
    seq = {t.id: t.seq for t in store.tasks()}
    runs = {name: i for i, name in enumerate(store.run_names())}
    return sorted(items, key=lambda it: (runs.get(it.run, len(runs)), seq.get(it.task_id, 0),
                                         it.run, it.task_id))


def adjudication_queue(store: WorkspaceStore, runs: Collection[str] | None = None
                       ) -> list[Item]:
    """The items in dispute with no adjudication yet, runs in import order, tasks in benchmark
    order."""
    settled = settle(VerdictBook.load(store, runs))
    return _task_order(store, [it for it, s in settled.items()
                               if s.standing is Standing.DISPUTED])


def start_adjudication(store: WorkspaceStore, adjudicator: str, name: str | None = None,
                       runs: Collection[str] | None = None) -> ReviewSession:
    """A new adjudication session over the current queue, for the review screen to walk
    (not blind: the adjudicator sees the judge; the reviewers' verdicts are in the verdict
    book). InputError when nothing is in dispute."""
    items = adjudication_queue(store, runs)
    if not items:
        raise InputError("nothing to adjudicate: no item is in dispute", store.path)
    session_id, session_name = insert_session(
        store, reviewer=adjudicator, name=name or None, name_base=f"adjudication:{adjudicator}",
        purpose=ADJUDICATION, blind=False, order_by="disputed",
        design={"order": "disputed", "n_queued": len(items), "random_sample": False},
        entries=[QueueEntry(it) for it in items])
    return ReviewSession(store, session_id, session_name, adjudicator, False, items)


def adjudication_session_name(store: WorkspaceStore, adjudicator: str,
                              runs: Collection[str] | None = None) -> str | None:
    """The adjudication session to open for `adjudicator`: their latest one whose queue holds
    every item now in dispute (resumed), else a new one over the queue; None when no item is
    in dispute."""
    queue = adjudication_queue(store, runs)
    if not queue:
        return None
    wanted = set(queue)
    mine = [s for s in load_sessions(store).values()
            if s.purpose == ADJUDICATION and s.reviewer == adjudicator]
    for found in sorted(mine, key=lambda s: (s.created_at, s.id), reverse=True):
        if wanted <= {e.item for e in found.items}:
            return found.name
    return start_adjudication(store, adjudicator, None, runs).name
