"""Moving along a session's queue: `n`/`p` among the items the `/` filter lets through, jumps
to the next undecided, flagged, skipped or disagreeing item, and task-id completion for `g`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum

from anser_tui.review.item_facts import ItemFacts, WorkspaceFacts
from anser_tui.review.item_filter import ItemFilter
from anser_tui.review.session import ReviewSession
from anser_tui.workspace.decisions import ItemState

Test = Callable[[ItemState, ItemFacts | None], bool]


class Jump(StrEnum):
    UNDECIDED = "undecided"  # neither decided nor skipped
    FLAGGED = "flagged"
    SKIPPED = "skipped"
    DISAGREEMENT = "disagreement"  # judge and metrics disagree (review.disagreement)

    @property
    def uses_facts(self) -> bool:
        """Whether the jump needs the workspace's item facts (the decisions alone do not
        tell)."""
        return self is Jump.DISAGREEMENT

    def holds(self, state: ItemState, facts: ItemFacts | None) -> bool:
        if self is Jump.UNDECIDED:
            return not state.settled
        if self is Jump.FLAGGED:
            return state.flagged
        if self is Jump.SKIPPED:
            return state.skipped
        return facts is not None and facts.disagreement.flagged


class QueueNavigator:
    """Positions in one session's queue, seen through an item filter (none at first)."""

    def __init__(self, session: ReviewSession):
        self.session = session
        self.filter = ItemFilter()
        self._facts: WorkspaceFacts | None = None

    @property
    def facts(self) -> WorkspaceFacts:
        """The workspace's item facts, read again when judgments or metrics changed."""
        if self._facts is None or self._facts.stale:
            self._facts = WorkspaceFacts(self.session.store, self.session.benchmark)
        return self._facts

    def _test(self, extra: Test | None = None, extra_uses_facts: bool = False
              ) -> Callable[[int], bool]:
        """Whether the item at a position passes the filter (and `extra`). The workspace's
        item facts are read only when the filter or `extra` needs them."""
        item_filter = self.filter
        if not item_filter.active and extra is None:
            return lambda _position: True
        facts = self.facts if item_filter.active or extra_uses_facts else None
        items, session = self.session.items, self.session

        def test(position: int) -> bool:
            item = items[position]
            state = session.state(item)
            item_facts = facts.of(item) if facts is not None else None
            return ((item_facts is None or item_filter.matches(item_facts, state))
                    and (extra is None or extra(state, item_facts)))
        return test

    def matches(self, position: int) -> bool:
        return self._test()(position)

    def count(self, item_filter: ItemFilter | None = None) -> int:
        """How many queue items `item_filter` (default: the current filter) lets through."""
        kept, self.filter = self.filter, item_filter or self.filter
        try:
            test = self._test()
            return sum(1 for position in range(len(self.session.items)) if test(position))
        finally:
            self.filter = kept

    def step(self, position: int, direction: int) -> int | None:
        """The nearest passing position after (1) or before (-1) `position`; None past the end."""
        test = self._test()
        end = len(self.session.items) if direction > 0 else -1
        return next((p for p in range(position + direction, end, direction) if test(p)), None)

    def find(self, position: int, extra: Test | None = None, extra_uses_facts: bool = False
             ) -> int | None:
        """The next passing position after `position` (that `extra` also accepts), wrapping
        around to the start and reaching `position` itself last; None when there is none."""
        test = self._test(extra, extra_uses_facts)
        n = len(self.session.items)
        return next((p % n for p in range(position + 1, position + n + 1) if test(p % n)), None)

    def jump(self, position: int, kind: Jump) -> int | None:
        return self.find(position, kind.holds, kind.uses_facts)

    def settle(self, position: int) -> int | None:
        """Where to stand once a filter is applied: `position` if it passes, else the next
        passing one (wrapping); None when none does."""
        return position if self.matches(position) else self.find(position)

    def task_ids(self) -> list[str]:
        """Every task id of the workspace, in benchmark order (for `g`'s completion)."""
        return self.session.store.task_ids()


def complete_id(ids: Sequence[str], typed: str) -> str | None:
    """What `typed` completes to among `ids`: the longest prefix all the ids starting with it
    share, or, where that adds nothing, the first of them (in the given order); None when no
    id starts with it or `typed` is one already."""
    if not typed:
        return None
    matches = [i for i in ids if i.startswith(typed)]
    if not matches or typed in matches:
        return None
    shortest, longest = min(matches), max(matches)
    common = next((shortest[:k] for k in range(len(shortest))
                   if shortest[k] != longest[k]), shortest)
    return common if len(common) > len(typed) else matches[0]
