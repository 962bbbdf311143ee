"""Which decision a reason code picked now goes with (`r` on the review screen): the marks
being typed; with none typed, the item's standing decision; right after a commit that moved
the screen on, the item just decided (while that decision still stands)."""

from __future__ import annotations

from anser_tui.review.session import ReviewSession
from anser_tui.workspace.item import Item
from anser_tui.workspace.records import Decision, DecisionKind


def reason_target(session: ReviewSession, item: Item, typing: bool,
                  last_commit: tuple[Item, Decision] | None) -> tuple[Item, Decision | None]:
    """(item, the decision the reason is added to), or (item, None): it goes with the marks
    Enter (or a) commits next."""
    if typing:
        return item, None
    verdict = session.state(item).verdict
    if verdict is not None:
        return item, verdict
    if last_commit is not None and last_commit[0] != item and \
            session.state(last_commit[0]).verdict == last_commit[1]:
        return last_commit
    return item, None


def reason_subject(item: Item, decision: Decision | None) -> str:
    """What the reason picker says the reason goes with."""
    if decision is None:
        return f"{item.task_id} (the override you are typing)"
    what = "accept" if decision.kind is DecisionKind.ACCEPT else "override"
    return f"{item.task_id} (your {what}, already committed)"
