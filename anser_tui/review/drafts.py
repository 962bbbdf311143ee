"""Drafts: marks and a reason typed on an item and left undecided, kept while the app runs so
that nothing typed is lost, and brought back when the reviewer returns to the item. A draft is
not a decision and is never written to the workspace."""

from __future__ import annotations

from dataclasses import field

from anser_tui.core.value import Value
from anser_tui.workspace.item import Item
from anser_tui.workspace.records import ReasonCode
from anser_tui.workspace.rubric import Mark


class Draft(Value, frozen=False):
    """Marks and a reason typed on an item and not committed: marks typed in rubric order
    (`marks`, with the `number` still being typed for the next), or marks set one criterion
    at a time, by key (`criteria`)."""

    marks: list[Mark]
    reason: ReasonCode | None
    criteria: dict[str, int] = field(default_factory=dict)
    number: str = ""  # a number being typed for the next criterion

    @property
    def empty(self) -> bool:
        return not self.marks and self.reason is None and not self.criteria and not self.number

    def describe(self) -> str:
        """"3 marks and a reason"."""
        typed = len(self.marks) + len(self.criteria) + bool(self.number)
        what = f"{typed} mark{'s' * (typed != 1)}"
        return what + (" and a reason" if self.reason is not None else "")


class DraftBook:
    """The drafts of one review screen, by item."""

    def __init__(self) -> None:
        self._drafts: dict[Item, Draft] = {}

    def keep(self, item: Item, draft: Draft) -> bool:
        """Keep `draft` for `item` unless it is empty; whether it was kept."""
        if draft.empty:
            return False
        self._drafts[item] = draft
        return True

    def take(self, item: Item) -> Draft | None:
        """The item's draft, taken out of the book (it is being typed on again)."""
        return self._drafts.pop(item, None)
