"""The review screen's header: where you are (workspace, session, reviewer, filter) and how far
(a bar of decided, skipped and flagged items, what is left, and the pace)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from anser_tui.review.item_view import ItemView
from anser_tui.review.session import ReviewSession

if TYPE_CHECKING:
    from anser_tui.review.verdicts import VerdictBook

BAR_CELLS = 24


@dataclass(frozen=True)
class HeaderState:
    workspace: str
    session: str
    reviewer: str
    blind: bool
    position: int  # 1-based
    total: int
    decided: int
    skipped: int
    flagged: int
    left: int
    pace_s: float | None
    filter_text: str = ""
    adjudication: str = ""  # an adjudication session: the reviewers' verdicts on the item


def _bar(decided: int, skipped: int, total: int) -> Text:
    """Decided cells full, skipped cells shaded, the rest empty."""
    if total <= 0:
        return Text("▕" + " " * BAR_CELLS + "▏")
    full = round(BAR_CELLS * decided / total)
    shaded = min(BAR_CELLS - full, round(BAR_CELLS * skipped / total))
    bar = Text("▕")
    bar.append("█" * full, style="anser.success")
    bar.append("▒" * shaded, style="anser.muted")
    bar.append(" " * (BAR_CELLS - full - shaded))
    bar.append("▏")
    return bar


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class ReviewHeader(Static):
    DEFAULT_CSS = """
    ReviewHeader { height: 2; background: $panel; color: $text; padding: 0 1; }
    ReviewHeader.-adjudication { height: 3; }
    """

    def __init__(self, session: ReviewSession | None = None, *, show_pace: bool = True,
                 id: str | None = None):
        """`show_pace`: the pace and time to go (off: no timing on screen)."""
        super().__init__(id=id, markup=False)
        self.session = session
        self.show_pace = show_pace
        self._book: VerdictBook | None = None  # an adjudication session's reviewer verdicts

    def show_item(self, view: ItemView, position: int, filter_text: str) -> None:
        """The session's progress at the item at `position` (0-based)."""
        session = self.session
        assert session is not None
        progress = session.progress()
        self.show(HeaderState(
            workspace=session.store.path.name, session=session.name,
            reviewer=session.reviewer, blind=session.blind,
            position=position + 1, total=progress.total, decided=progress.decided,
            skipped=progress.skipped, flagged=progress.flagged, left=progress.left,
            pace_s=progress.pace_s if self.show_pace else None, filter_text=filter_text,
            adjudication=self._adjudication_line(session, view)))

    def _adjudication_line(self, session: ReviewSession, view: ItemView) -> str:
        """An adjudication session: each reviewer's standing verdict on the item, marks in
        rubric order and the score ("" in a review session)."""
        from anser_tui.workspace.sessions import ADJUDICATION

        if session.purpose != ADJUDICATION:
            return ""
        from anser_tui.calibration.adjudication import reviewer_verdicts
        from anser_tui.review.verdicts import VerdictBook

        if self._book is None:  # the reviewers' verdicts do not change while adjudicating
            self._book = VerdictBook.load(session.store)
        keys = [c.key for c in view.rubric.criteria] if view.rubric else []
        parts = []
        for name, decision in reviewer_verdicts(self._book, view.item).items():
            marks = " ".join(str(decision.marks.get(k, "·")) for k in keys)
            score = "—" if decision.score is None else f"{decision.score:.0f}"
            parts.append(f"{name} {marks} ({score})")
        return "adjudication: " + (" · ".join(parts) if parts else "no reviewer verdict")

    def show(self, state: HeaderState) -> None:
        first = Text(no_wrap=True, overflow="ellipsis")
        first.append(f" {state.position}/{state.total} ", style="bold reverse")
        first.append(f"  {state.workspace}  ·  session {state.session}")
        if state.blind:
            first.append(" (blind)", style="bold")
        first.append(f"  ·  reviewer {state.reviewer}  ·  ")
        first.append(f"filter {state.filter_text}" if state.filter_text else "no filter",
                     style="anser.accent" if state.filter_text else "anser.muted")
        second = Text(no_wrap=True, overflow="ellipsis")
        second.append_text(_bar(state.decided, state.skipped, state.total))
        second.append(f" {state.decided} decided", style="bold")
        second.append(f" · {state.skipped} skipped · {state.flagged} flagged · "
                      f"{state.left} left")
        if state.pace_s is not None:
            second.append(f"  ·  pace {state.pace_s:.0f} s/item", style="anser.muted")
            if state.left:
                second.append(f" (about {_duration(state.pace_s * state.left)} to go)",
                              style="anser.muted")
        lines = [first, second]
        if state.adjudication:
            lines.append(Text(state.adjudication, style="anser.warning", no_wrap=True,
                              overflow="ellipsis"))
        self.set_class(bool(state.adjudication), "-adjudication")
        self.update(Text("\n").join(lines))
