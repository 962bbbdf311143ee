"""The marks bar's one line: each criterion with the mark typed (or standing) for it, what Enter
will do, and the decision standing.

Any rubric: a 0-4 criterion takes a digit 0-4, a binary one 1 (or y) for met and 0 for not
met, a grade its level's place (the level is shown: "C", never the digit), a number its text
until Enter ends it (`review.mark_entry`). With nothing typed, the line shows the item's
standing decision (typing starts a new one).
Each line is its parts ranked (`line_fit`): what stands first, the key hints after, dropped
first on a narrow screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum

from rich.text import Text

from anser_tui.core.text import mark_text
from anser_tui.review.mark_entry import levels_hint
from anser_tui.workspace.records import Decision, DecisionKind, ReasonCode
from anser_tui.workspace.rubric import CriterionKind, Mark, Rubric

Parts = list[tuple[Text, int]]  # (text, rank): 0 what stands, 1 a hint (dropped first)


class Commit(Enum):
    """What complete marks commit, as the line says it (`commits`)."""

    ACCEPT = "accept"
    OVERRIDE = "override"
    BLIND = "blind"


def mark_keys(rubric: Rubric) -> str:
    """The keys the rubric's marks take, for the hint."""
    kinds = {c.kind for c in rubric.criteria}
    if kinds == {CriterionKind.BINARY}:
        return "1/y met, 0 not met"
    parts = []
    if CriterionKind.SCALE_0_4 in kinds:
        parts.append("digits 0-4")
    if CriterionKind.BINARY in kinds:
        parts.append("binary: 1/y, 0")
    grade = next((c for c in rubric.criteria if c.kind is CriterionKind.GRADE), None)
    if grade is not None:
        parts.append(levels_hint(grade))
    number = next((c for c in rubric.criteria if c.kind is CriterionKind.NUMBER), None)
    if number is not None:
        parts.append(f"a number {number.range_text()}, Enter ends it")
    if CriterionKind.SCALE_0_4 in kinds and len(parts) > 1:
        return f"{parts[0]} ({'; '.join(parts[1:])})"
    return "; ".join(parts)


def _decided(verdict: Decision) -> str:
    what = "accepted" if verdict.kind is DecisionKind.ACCEPT else "overridden"
    reason = f" ({verdict.reason_code.value})" if verdict.reason_code is not None else ""
    return f"decided: {what}{reason}"


def unjudged_line() -> Parts:
    return [(Text("The LLM judge does not score this form: nothing to accept or override",
                  style="tui.muted"), 0),
            (Text("   f flag · c comment · s skip", style="tui.muted"), 1)]


def commits(complete: Commit) -> str:
    """What Enter does with complete marks: an accept when they are the judge's own (the
    judge shown), an override when they differ, and neither said while the judge is hidden."""
    return {Commit.ACCEPT: "   Enter accepts: the judge's own marks",
            Commit.OVERRIDE: "   Enter commits this override",
            Commit.BLIND: "   Enter commits these marks"}[complete]


def criteria_line(rubric: Rubric, marks: Mapping[str, Mark], reason: ReasonCode | None,
                  verdict: Decision | None, complete: Commit = Commit.OVERRIDE) -> Parts:
    """A rubric marked one criterion at a time: how many are marked, what Enter does."""
    total = len(rubric.criteria)
    if verdict is not None and not marks:
        met = sum(1 for v in verdict.marks.values() if v)
        return [(Text(f"{_decided(verdict)}: {met} met, {len(verdict.marks) - met} not met",
                      style="tui.success"), 0),
                (Text("   y/0/space change it · a accepts the judge · n next",
                      style="tui.muted"), 1)]
    line = Text(f"{len(marks)}/{total} criteria marked", style="bold")
    met = sum(1 for v in marks.values() if v)
    if marks:
        line.append(f" ({met} met, {len(marks) - met} not met)")
    if reason is not None:
        line.append(f"   reason: {reason.value}", style="italic")
    if len(marks) == total:
        line.append(commits(complete), style="bold")
        return [(line, 0)]
    if complete is Commit.BLIND:  # nothing of the judge's to accept until it is revealed
        return [(line, 0), (Text("   y met · 0 not met · space flips · n next (blind: the "
                                 "judge is shown once you commit)", style="tui.muted"), 1)]
    return [(line, 0), (Text("   y met · 0 not met · space flips · a accepts all the judge's "
                             "marks · n next", style="tui.muted"), 1)]


def sequence_line(rubric: Rubric, typed: Sequence[Mark], reason: ReasonCode | None,
                  verdict: Decision | None, number: str = "",
                  complete: Commit = Commit.OVERRIDE) -> Parts:
    """Marks typed in the rubric's order, one per criterion (`number`: the text of the one
    being typed); each mark as it is stored ("C", 0.75), never a code."""
    line = Text()
    shown: list[Mark | None] = list(typed) if typed or number or verdict is None else [
        verdict.marks.get(c.key) for c in rubric.criteria]
    for i, criterion in enumerate(rubric.criteria):
        if i:
            line.append("  ")
        line.append(f"{criterion.label} ", style="bold")
        mark = shown[i] if i < len(shown) else None
        if mark is not None:
            line.append(f"[{mark_text(mark)}]",
                        style="reverse" if typed or number else "tui.success")
        elif i == len(shown) and number:
            line.append(f"[{number}▏]", style="reverse")
        else:
            line.append("[_]", style="tui.muted")
    if reason is not None:
        line.append(f"   reason: {reason.value}", style="italic")
    keys = mark_keys(rubric)
    if number:
        return [(line, 0), (Text("   Enter ends the number · Backspace · Esc clears",
                                 style="tui.muted"), 1)]
    if len(typed) == len(rubric.criteria):
        line.append(commits(complete), style="bold")
        return [(line, 0)]
    if typed:
        return [(line, 0), (Text(f"   {keys} for the rest · Backspace · Esc clears",
                                 style="tui.muted"), 1)]
    if verdict is not None:
        line.append(f"   {_decided(verdict)}", style="tui.success")
        return [(line, 0), (Text(f" · {keys} change it · a accepts the judge",
                                 style="tui.muted"), 1)]
    if complete is Commit.BLIND:
        return [(line, 0), (Text(f"   {keys} your marks (blind: the judge is shown once you "
                                 "commit)", style="tui.muted"), 1)]
    return [(line, 0), (Text(f"   {keys} override · a accepts · r reason", style="tui.muted"),
                        1)]
