"""A rubric of binary criteria reviewed one criterion at a time (a card whose form is a
criterion list).

j/k or the arrows move between criteria, y (or 1) sets met, 0 not met, space flips the focused
mark: the digits mean what they mean in every marks form, and n/p stay next/prev item. Each
row shows the criterion's signed weight, its category, the judge's mark (once visible) and
yours. The marks bar commits the marks (Enter) or accepts the judge's (a); this widget only
holds what is being typed and says so (`Marked`, `Moved`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static

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
        overflow-y: auto; display: none; text-wrap: nowrap; text-overflow: ellipsis;
    }
    CriterionList:focus { border: heavy $accent; }
    """

    @dataclass
    class Moved(Message):
        """The focused criterion changed (the screen shows its details)."""

        criterion: Criterion

    @dataclass
    class Marked(Message):
        """A mark was typed."""

    def __init__(self, *, id: str | None = None):
        super().__init__(id=id, markup=False)
        self.border_title = "Criteria"
        self.rubric: Rubric | None = None
        self.cursor = 0
        self.marks: dict[str, int] = {}
        self.judge: dict[str, int] = {}
        self.standing: dict[str, int] = {}

    def load(self, rubric: Rubric, judge: dict[str, int], standing: dict[str, int],
             marks: dict[str, int] | None = None) -> None:
        """A new item: its rubric, the judge's marks (empty while hidden), the standing
        decision's marks, and a draft to bring back."""
        self.rubric, self.judge, self.standing = rubric, judge, standing
        self.marks = dict(marks or {})
        self.cursor = 0
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
        set_count = len(self.marks)
        self.border_title = (f"Criteria · {set_count}/{len(self.rubric.criteria)} marked · "
                             "j/k move · y met · 0 not met · space flips")
        out.append(f"{'':2}{'weight':>7}  judge  you  criterion\n", style="bold")
        for i, c in enumerate(self.rubric.criteria):
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

    def action_move(self, step: int) -> None:
        if self.rubric is None:
            return
        self.cursor = max(0, min(len(self.rubric.criteria) - 1, self.cursor + step))
        self.redraw()
        self.scroll_to(y=max(0, self.cursor - 3), animate=False)
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
