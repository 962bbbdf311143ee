"""The queue beside the review: every item with its state, the current one highlighted; and
moving along it: the `/` filter, jumps to the next undecided, flagged, skipped or disagreeing
item, and going to a task id (a task outside the queue joins its end).

Filled the first time it is shown (a session can hold thousands of items, and most reviews
never open the list). Enter on a row posts `Chosen` and the screen moves there; a jump or a
go-to posts `Jumped`, a new filter `FilterChanged`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.message import Message
from textual.widgets import OptionList

from anser_tui.core.value import Value
from anser_tui.review.session import ReviewSession
from anser_tui.workspace.decisions import ItemState
from anser_tui.workspace.item import Item

if TYPE_CHECKING:
    from anser_tui.review.item_filter import ItemFilter, Vocabulary
    from anser_tui.review.navigation import QueueNavigator


def state_mark(state: ItemState) -> Text:
    """One glyph for an item's state: ✓ decided, ↷ skipped, · left; ⚑ when flagged."""
    if state.decided:
        mark = Text("✓", style="tui.success")
    elif state.skipped:
        mark = Text("↷", style="tui.muted")
    else:
        mark = Text("·", style="tui.muted")
    mark.append("⚑" if state.flagged else " ", style="tui.warning")
    return mark


class QueueList(OptionList):
    DEFAULT_CSS = """
    QueueList {
        width: 44; height: 1fr; border: round $panel-lighten-2; display: none;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    QueueList:focus { border: heavy $accent; }
    """

    class Chosen(Value, Message, frozen=False):
        """The reviewer picked the item at `position` of the queue."""

        position: int

    class Jumped(Value, Message, frozen=False):
        """A jump, a go-to or a filter moved the queue's place to `position`."""

        position: int

    class FilterChanged(Value, Message, frozen=False):
        """The `/` filter changed (the header shows it)."""

    def __init__(self, session: ReviewSession, *, id: str | None = None):
        super().__init__(id=id, markup=False)
        self.border_title = "Queue"
        self.filled = False
        self.session = session
        self._navigator: QueueNavigator | None = None

    @property
    def navigator(self) -> QueueNavigator:
        """Moves along the queue through the `/` filter (made, and its module imported, on
        first use: not for the first paint)."""
        if self._navigator is None:
            from anser_tui.review.navigation import QueueNavigator

            self._navigator = QueueNavigator(self.session)
        return self._navigator

    @property
    def filter_text(self) -> str:
        """The filter in force, in one line ("" when none, as before any is chosen)."""
        return "" if self._navigator is None else self.navigator.filter.describe()

    def fill_once(self, position: int) -> None:
        if not self.filled:
            items = self.session.items
            self.fill(items, [self.session.state(i) for i in items], position)

    def highlight(self, position: int) -> None:
        if self.filled:
            self.highlighted = position

    def fill(self, items: Sequence[Item], states: Sequence[ItemState], position: int) -> None:
        self.clear_options()
        self.add_options([self._prompt(i, item, state)
                          for i, (item, state) in enumerate(zip(items, states, strict=True))])
        self.filled = True
        self.highlighted = position

    def _prompt(self, index: int, item: Item, state: ItemState) -> Text:
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(f"{index + 1:>4} ", style="tui.muted")
        line.append_text(state_mark(state))
        line.append(f" {item.task_id}")
        return line

    def chosen_highlighted(self) -> None:
        """Go to the highlighted row (Enter, which the review screen binds above the list)."""
        if self.highlighted is not None:
            self.post_message(self.Chosen(self.highlighted))

    def update_item(self, index: int, item: Item, state: ItemState) -> None:
        if self.filled:
            self.replace_option_prompt_at_index(index, self._prompt(index, item, state))

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Chosen(event.option_index))

    # -- filtering, jumping, going to ------------------------------------------------------
    def vocabulary(self) -> Vocabulary:
        """What a filter can name: the workspace's groups, forms and metrics."""
        from anser_tui.review.item_filter import Vocabulary

        tasks = self.session.store.tasks()
        return Vocabulary(groups=tuple(dict.fromkeys(t.group for t in tasks)),
                          forms=tuple(dict.fromkeys(t.form.value for t in tasks)),
                          metrics=tuple(self.navigator.facts.metric_names))

    def apply_filter(self, position: int, chosen: ItemFilter | None) -> None:
        """A filter chosen (None: the form was closed)."""
        if chosen is None or chosen == self.navigator.filter:
            return
        self.navigator.filter = chosen
        if not chosen.active:
            self.notify("Filter cleared: every item of the queue.", timeout=2)
            self.post_message(self.FilterChanged())
            return
        target = self.navigator.settle(position)
        self.notify(f"Filter: {chosen.describe()} ({self.navigator.count()} of "
                    f"{len(self.session.items)} items).", timeout=3, markup=False)
        self.post_message(self.FilterChanged())
        if target is not None and target != position:
            self.post_message(self.Jumped(target))

    def jump(self, position: int, kind: str) -> None:
        """To the next item (wrapping around) that is undecided, flagged, skipped or where
        judge and metrics disagree, among those the filter lets through."""
        from anser_tui.review.navigation import Jump

        jump = Jump(kind)
        target = self.navigator.jump(position, jump)
        if target is None:
            where = " matching the filter" if self.navigator.filter.active else ""
            self.notify(f"No {jump.value} item{where}.", timeout=2)
            return
        if target == position:
            self.notify(f"This is the only {jump.value} item.", timeout=2)
        elif target < position:
            self.notify("Wrapped around to the start of the queue.", timeout=2)
        if jump is Jump.DISAGREEMENT:
            found = self.navigator.facts.of(self.session.items[target]).disagreement
            self.notify(f"Disagreement {found.score:.2f}: {found.reason}.", timeout=4,
                        markup=False)
        if target != position:
            self.post_message(self.Jumped(target))

    def go_to(self, run: str, task_id: str | None) -> None:
        """Jump to a task of the current run; a task outside the queue joins its end."""
        if not task_id:
            return
        if not self.session.store.has_task(task_id):
            self.notify(f"No task {task_id!r} in this workspace.", severity="error",
                        markup=False)
            return
        item = Item(run, task_id)
        position = self.session.add_item(item)
        if self.filled and position >= self.option_count:  # it joined the queue's end
            self.add_option(self._prompt(position, item, self.session.state(item)))
        self.post_message(self.Jumped(position))
