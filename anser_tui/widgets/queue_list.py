"""The queue beside the review: every item with its state, the current one highlighted.

Filled the first time it is shown (a session can hold thousands of items, and most reviews
never open the list); Enter on a row posts `QueueList.Chosen` and the screen moves there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.message import Message
from textual.widgets import OptionList

from anser_tui.workspace.decisions import ItemState
from anser_tui.workspace.item import Item


def state_mark(state: ItemState) -> Text:
    """One glyph for an item's state: ✓ decided, ↷ skipped, · left; ⚑ when flagged."""
    if state.decided:
        mark = Text("✓", style="anser.success")
    elif state.skipped:
        mark = Text("↷", style="anser.muted")
    else:
        mark = Text("·", style="anser.muted")
    mark.append("⚑" if state.flagged else " ", style="anser.warning")
    return mark


class QueueList(OptionList):
    DEFAULT_CSS = """
    QueueList {
        width: 44; height: 1fr; border: round $panel-lighten-2; display: none;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    QueueList:focus { border: heavy $accent; }
    """

    @dataclass
    class Chosen(Message):
        """The reviewer picked the item at `position` of the queue."""

        position: int

    def __init__(self, *, id: str | None = None):
        super().__init__(id=id, markup=False)
        self.border_title = "Queue"
        self.filled = False

    def fill(self, items: Sequence[Item], states: Sequence[ItemState], position: int) -> None:
        self.clear_options()
        self.add_options([self._prompt(i, item, state)
                          for i, (item, state) in enumerate(zip(items, states, strict=True))])
        self.filled = True
        self.highlighted = position

    def _prompt(self, index: int, item: Item, state: ItemState) -> Text:
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(f"{index + 1:>4} ", style="anser.muted")
        line.append_text(state_mark(state))
        line.append(f" {item.task_id}")
        return line

    def update_item(self, index: int, item: Item, state: ItemState) -> None:
        if self.filled:
            self.replace_option_prompt_at_index(index, self._prompt(index, item, state))

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Chosen(event.option_index))
