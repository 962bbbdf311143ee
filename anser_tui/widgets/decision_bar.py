"""The reviewer's marks being typed, and what Enter will do with them."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from anser_tui.workspace.records import ReasonCode
from anser_tui.workspace.rubric import Rubric


class DecisionBar(Static):
    """One line: each criterion with the digit typed for it so far."""

    DEFAULT_CSS = """
    DecisionBar {
        height: 3;
        border: round $panel-lighten-2;
        border-title-color: $text-accent;
        padding: 0 1;
    }
    DecisionBar.-complete { border: round $success; }
    """

    def __init__(self, *, id: str | None = None):
        super().__init__(id=id, markup=False)
        self.border_title = "Your marks"

    def show(self, rubric: Rubric | None, pending: list[int],
             reason: ReasonCode | None = None) -> None:
        line = Text(no_wrap=True, overflow="ellipsis")
        if rubric is None:
            line.append("The LLM judge does not score this form: nothing to accept or override",
                        style="dim")
            line.append("   f flag · c comment · s skip", style="dim")
            self.set_class(False, "-complete")
            self.update(line)
            return
        for i, criterion in enumerate(rubric.criteria):
            if i:
                line.append("  ")
            line.append(f"{criterion.label} ", style="bold")
            if i < len(pending):
                line.append(f"[{pending[i]}]", style="reverse")
            else:
                line.append("[_]", style="dim")
        if reason is not None:
            line.append(f"   reason: {reason.value}", style="italic")
        complete = len(pending) == len(rubric.criteria)
        if complete:
            line.append("   Enter commits this override", style="bold")
        elif pending:
            line.append("   digits 0-4 for the rest · Backspace · Esc clears", style="dim")
        else:
            line.append("   digits 0-4 override · a accepts · r reason", style="dim")
        self.set_class(complete, "-complete")
        self.update(line)
