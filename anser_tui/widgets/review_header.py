"""The review screen's header: where you are (workspace, session, reviewer, filter) and how far
(a bar of decided, skipped and flagged items, what is left, and the pace). On a narrow screen
each line drops its least needed parts first (the time to go, the pace, the workspace's name,
the bar) and ends in "…" where it did: the position, what is decided and what is left stay."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from anser_tui.core.value import Value
from anser_tui.review.item_view import ItemView
from anser_tui.review.session import ReviewSession
from anser_tui.widgets.line_fit import fit_parts

if TYPE_CHECKING:
    from anser_tui.review.verdicts import VerdictBook

BAR_CELLS = 24


class HeaderState(Value):
    """What the review header shows (kept to draw it again when its width changes)."""

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
    bar.append("█" * full, style="tui.success")
    bar.append("▒" * shaded, style="tui.muted")
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
        self._state: HeaderState | None = None
        self._text: Text | None = None  # the lines as last shown

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

    def on_resize(self) -> None:
        if self._state is not None:
            self.show(self._state)

    def show(self, state: HeaderState) -> None:
        self._state = state
        where: list[tuple[Text, int]] = [
            (Text(f" {state.position}/{state.total} ", style="bold reverse"), 0),
            (Text(f"  {state.workspace}"), 3),
            (Text(f"  ·  session {state.session}"), 1)]
        if state.blind:
            where.append((Text(" (blind)", style="bold"), 0))
        where += [(Text(f"  ·  reviewer {state.reviewer}"), 2),
                  (Text("  ·  ") + (Text(f"filter {state.filter_text}", style="tui.accent")
                                   if state.filter_text else
                                   Text("no filter", style="tui.muted")), 1)]
        counts = Text(" ")
        counts.append(f"{state.decided} decided", style="bold")
        how_far: list[tuple[Text, int]] = [
            (_bar(state.decided, state.skipped, state.total), 2), (counts, 0),
            (Text(f" · {state.skipped} skipped · {state.flagged} flagged"), 1),
            (Text(f" · {state.left} left"), 0)]
        if state.pace_s is not None:
            how_far.append((Text(f"  ·  pace {state.pace_s:.0f} s/item", style="tui.muted"), 3))
            if state.left:
                how_far.append((Text(f" (about {_duration(state.pace_s * state.left)} to go)",
                                     style="tui.muted"), 4))
        width = self.content_region.width or 10_000
        lines = [fit_parts(where, width), fit_parts(how_far, width)]
        if state.adjudication:
            lines.append(fit_parts([(Text(state.adjudication, style="tui.warning"), 0)],
                                   width))
        self.set_class(bool(state.adjudication), "-adjudication")  # its height, if it changes
        text = Text("\n").join(lines)
        if text != self._text:  # shown again on every resize and decision: a change repaints
            self._text = text
            self.update(text, layout=False)
