"""The reviewer's marks being typed, what Enter will do with them, and the decision standing.

Any rubric: a 0-4 criterion takes a digit 0-4, a binary one 1 (or y) for met and 0 for not
met. With nothing typed, the bar shows the item's standing decision (typing starts a new one).
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from anser_tui.workspace.records import Decision, DecisionKind, ReasonCode
from anser_tui.workspace.rubric import CriterionKind, Rubric


def mark_keys(rubric: Rubric) -> str:
    """The keys the rubric's marks take, for the hint."""
    kinds = {c.kind for c in rubric.criteria}
    if kinds == {CriterionKind.BINARY}:
        return "1/y met, 0 not met"
    if CriterionKind.BINARY in kinds:
        return "digits 0-4 (binary: 1/y, 0)"
    return "digits 0-4"


class DecisionBar(Static):
    """One line: each criterion with the mark typed (or standing) for it."""

    DEFAULT_CSS = """
    DecisionBar {
        height: auto;
        max-height: 5;
        border: round $panel-lighten-2;
        border-title-color: $text-accent;
        padding: 0 1;
    }
    DecisionBar.-complete { border: round $success; }
    DecisionBar.-draft { border: round $warning; }
    """

    def __init__(self, *, id: str | None = None):
        super().__init__(id=id, markup=False)
        self.border_title = "Your marks"

    def show_criteria(self, rubric: Rubric, marks: dict[str, int], reason: ReasonCode | None,
                      verdict: Decision | None, restored: bool = False) -> None:
        """A rubric marked one criterion at a time: how many are marked, what Enter does."""
        line = Text()
        self.set_class(restored and bool(marks), "-draft")
        self.border_title = "Your marks (draft kept from before)" if restored and marks \
            else "Your marks"
        total = len(rubric.criteria)
        line.append(f"{len(marks)}/{total} criteria marked", style="bold")
        met = sum(1 for v in marks.values() if v)
        if marks:
            line.append(f" ({met} met, {len(marks) - met} not met)")
        if reason is not None:
            line.append(f"   reason: {reason.value}", style="italic")
        complete = len(marks) == total
        if complete:
            line.append("   Enter commits these marks", style="bold")
        elif verdict is not None and not marks:
            what = "accepted" if verdict.kind is DecisionKind.ACCEPT else "overridden"
            line.append(f"   decided: {what} · y/n/space change it · a accepts the judge",
                        style="anser.success")
        else:
            line.append("   y met · n not met · space flips · a accepts all the judge's marks",
                        style="anser.muted")
        self.set_class(complete, "-complete")
        self.update(line)

    def show(self, rubric: Rubric | None, pending: list[int], reason: ReasonCode | None = None,
             verdict: Decision | None = None, restored: bool = False) -> None:
        line = Text()
        self.set_class(restored and bool(pending or reason), "-draft")
        self.border_title = "Your marks (draft kept from before)" if restored and (
            pending or reason) else "Your marks"
        if rubric is None:
            line.append("The LLM judge does not score this form: nothing to accept or override",
                        style="anser.muted")
            line.append("   f flag · c comment · s skip", style="anser.muted")
            self.set_class(False, "-complete")
            self.update(line)
            return
        shown = pending if pending or verdict is None else [
            verdict.marks.get(c.key, -1) for c in rubric.criteria]
        for i, criterion in enumerate(rubric.criteria):
            if i:
                line.append("  ")
            line.append(f"{criterion.label} ", style="bold")
            if i < len(shown) and shown[i] >= 0:
                line.append(f"[{shown[i]}]", style="reverse" if pending else "anser.success")
            else:
                line.append("[_]", style="anser.muted")
        if reason is not None:
            line.append(f"   reason: {reason.value}", style="italic")
        complete = len(pending) == len(rubric.criteria)
        keys = mark_keys(rubric)
        if complete:
            line.append("   Enter commits this override", style="bold")
        elif pending:
            line.append(f"   {keys} for the rest · Backspace · Esc clears", style="anser.muted")
        elif verdict is not None:
            what = "accepted" if verdict.kind is DecisionKind.ACCEPT else "overridden"
            line.append(f"   decided: {what}", style="anser.success")
            if verdict.reason_code is not None:
                line.append(f" ({verdict.reason_code.value})", style="anser.success")
            line.append(f" · {keys} change it · a accepts the judge", style="anser.muted")
        else:
            line.append(f"   {keys} override · a accepts · r reason", style="anser.muted")
        self.set_class(complete, "-complete")
        self.update(line)
