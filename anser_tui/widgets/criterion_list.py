"""A rubric of binary criteria reviewed one criterion at a time (a card whose form is a
criterion list).

j/k or the arrows move between criteria, y (or 1) sets met, 0 not met, space flips the focused
mark: the digits mean what they mean in every marks form, and n/p stay next/prev item. Each
row shows the criterion's signed weight, its category, the judge's mark (once visible) and
yours. The list draws the window of rows that fits under its column names, moved the least
that keeps the focused row in view, and the bottom border says how many rows are above and
below it when the list is cut ("↑ 2 · ↓ 1 more"), as a text panel does. The marks bar
commits the marks (Enter) or accepts the judge's (a); this widget only holds what is being
typed and says so (`Marked`, `Moved`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static

from anser_tui.core.value import Value
from anser_tui.workspace.rubric import Criterion, Mark, Rubric


def binary_marks(marks: Mapping[str, Mark]) -> dict[str, int]:
    """A criterion list's marks (met 1, not met 0) of any marks."""
    return {key: int(value) for key, value in marks.items() if isinstance(value, int)}


def _mark(value: int | None) -> str:
    return "—" if value is None else ("✓" if value else "✗")


class CriterionList(Static, can_focus=True):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j,down", "move(1)", "Next criterion", show=False, id="criteria.down"),
        Binding("k,up", "move(-1)", "Prev criterion", show=False, id="criteria.up"),
        Binding("y,1", "set(1)", "Met", id="criteria.met"),
        Binding("0", "set(0)", "Not met", id="criteria.not-met"),
        Binding("space", "flip", "Flip", id="criteria.flip"),
    ]
    DEFAULT_CSS = """
    CriterionList {
        height: 2fr; min-height: 5; border: round $panel-lighten-2; padding: 0 1;
        display: none; text-wrap: nowrap; text-overflow: ellipsis;
    }
    CriterionList:focus { border: heavy $accent; }
    """
    HEADER = 1  # the column names' line above the rows

    class Moved(Value, Message, frozen=False):
        """The focused criterion changed (the screen shows its details)."""

        criterion: Criterion

    class Marked(Value, Message, frozen=False):
        """A mark was typed."""

    def __init__(self, *, id: str | None = None):
        super().__init__(id=id, markup=False)
        self.border_title = "Criteria"
        self.rubric: Rubric | None = None
        self.cursor = 0
        self.marks: dict[str, int] = {}
        self.judge: dict[str, int] = {}
        self.standing: dict[str, int] = {}
        self._first = 0  # the first row shown (the list shows a window of its rows)
        self._expected: int | None = None  # the rows of text it is about to have (`expect`)
        self._said = ""  # what the bottom border says is out of view

    def load(self, rubric: Rubric, judge: dict[str, int], standing: dict[str, int],
             marks: dict[str, int] | None = None) -> None:
        """A new item: its rubric, the judge's marks (empty while hidden), the standing
        decision's marks, and a draft to bring back."""
        self.rubric, self.judge, self.standing = rubric, judge, standing
        self.marks = dict(marks or {})
        self.cursor = self._first = 0
        self.redraw()
        self.post_message(self.Moved(rubric.criteria[0]))

    @property
    def focused_criterion(self) -> Criterion | None:
        return self.rubric.criteria[self.cursor] if self.rubric else None

    def redraw(self) -> None:
        if self.rubric is None:
            self.update("")
            return
        out = Text(no_wrap=True, overflow="ellipsis")
        criteria = self.rubric.criteria
        set_count = len(self.marks)
        self.border_title = (f"Criteria · {set_count}/{len(criteria)} marked · "
                             "j/k move · y met · 0 not met · space flips")
        out.append(f"{'':2}{'weight':>7}  judge  you  criterion\n", style="bold")
        first, shown = self._window(len(criteria))
        for i in range(first, first + shown):
            c = criteria[i]
            mine = self.marks.get(c.key, self.standing.get(c.key))
            row = Text(no_wrap=True, overflow="ellipsis",
                       style="reverse" if i == self.cursor else "")
            row.append("› " if i == self.cursor else "  ")
            row.append(f"{c.weight:>+7g}", style="tui.error" if c.weight < 0 else "")
            row.append(f"  {_mark(self.judge.get(c.key)):^5}")
            row.append(f"  {_mark(mine):^3}",
                       style="bold" if c.key in self.marks else "tui.muted")
            row.append(f"  {c.category + ': ' if c.category else ''}{c.label}")
            out.append_text(row)
            out.append("\n")
        self.update(out)
        below = len(criteria) - first - shown
        said = " · ".join([*([f"↑ {first}"] if first else []),
                           *([f"↓ {below} more"] if below else [])])
        if said != self._said:
            self._said = said
            self.border_subtitle = said

    def _window(self, total: int) -> tuple[int, int]:
        """The first row shown and how many fit under the column names (all of them before
        the list has a size), moved the least that keeps the focused row in view."""
        rows = self.content_region.height if self._expected is None else self._expected
        height = rows - self.HEADER
        if height <= 0 or height >= total:
            self._first = 0
            return 0, total
        first = min(self._first, total - height)
        if self.cursor < first:
            first = self.cursor
        elif self.cursor >= first + height:
            first = self.cursor - height + 1
        self._first = first
        return first, height

    def expect(self, rows: int) -> None:
        """The list is about to show `rows` lines of text: its window drawn for them now, in
        the frame that gives them, not one frame after its resize."""
        if rows != self._expected:
            self._expected = rows
            self.redraw()

    def on_resize(self) -> None:
        self._expected = None  # the rows it has now
        self.redraw()

    def action_move(self, step: int) -> None:
        if self.rubric is None:
            return
        self.cursor = max(0, min(len(self.rubric.criteria) - 1, self.cursor + step))
        self.redraw()
        self.post_message(self.Moved(self.rubric.criteria[self.cursor]))

    def action_set(self, value: int) -> None:
        criterion = self.focused_criterion
        if criterion is None:
            return
        self.marks[criterion.key] = value
        self.post_message(self.Marked())
        self.action_move(1)

    def action_flip(self) -> None:
        criterion = self.focused_criterion
        if criterion is None:
            return
        current = self.marks.get(criterion.key, self.standing.get(
            criterion.key, self.judge.get(criterion.key, 0)))
        self.marks[criterion.key] = 1 - current
        self.post_message(self.Marked())
        self.redraw()

    def clear(self) -> None:
        """Drop the marks typed (they were committed, or cleared)."""
        self.marks = {}
        self.redraw()

    def complete_marks(self) -> dict[str, int] | None:
        """Every criterion's mark, or None while some criterion has none."""
        if self.rubric is None or any(c.key not in self.marks for c in self.rubric.criteria):
            return None
        return dict(self.marks)
