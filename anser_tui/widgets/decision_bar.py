"""The marks bar: the reviewer's marks being typed, what Enter will do with them, the decision
standing; and the verbs that decide (accept, commit, flip), each committed to the workspace
before it says so (`Committed`).

Marks come from one of two forms, as the benchmark's card says: digits filling the criteria in
order (typed here, each key read by `review.mark_entry`: a grade's level by its place, a
number as text that Enter ends), or a criterion list (`CriterionList`, whose complete marks
Enter commits).
Once committed, nothing typed is left: the item shows its decision, and Enter commits nothing
again until new marks are typed.
"""

from __future__ import annotations

import time

from rich.text import Text
from textual.message import Message
from textual.reactive import var
from textual.widgets import Static

from anser_tui.benchmarks.card import FormKind
from anser_tui.core.value import Value
from anser_tui.review.item_view import ItemView
from anser_tui.review.mark_entry import digit_mark, grow_number, read_number
from anser_tui.review.reasons import reason_target
from anser_tui.review.session import ReviewSession
from anser_tui.widgets.criterion_list import CriterionList
from anser_tui.widgets.layout_ahead import first_layout_size
from anser_tui.widgets.line_fit import fit_parts
from anser_tui.widgets.marks_line import (
    Commit,
    Parts,
    criteria_line,
    sequence_line,
    unjudged_line,
)
from anser_tui.workspace.decisions import verdict_kind
from anser_tui.workspace.item import Item
from anser_tui.workspace.records import Decision, DecisionKind, ReasonCode
from anser_tui.workspace.rubric import Criterion, CriterionKind, Mark


class DecisionBar(Static):
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

    class Committed(Value, Message, frozen=False):
        """A decision (accept or override) was written; `visible`: the judge was shown."""

        item: Item
        decision: Decision
        visible: bool

    class Typed(Value, Message, frozen=False):
        """The marks or the reason being typed changed, or an event was added to the item."""

    class Skipped(Value, Message, frozen=False):
        """The item was skipped (what was typed stays as its draft)."""

    class Undone(Value, Message, frozen=False):
        """The session's latest standing event, on `item`, was undone."""

        item: Item

    restored: var[bool] = var(False)  # what is typed is a draft brought back
    complete: var[bool] = var(False)

    def __init__(self, session: ReviewSession, criteria: CriterionList, *,
                 id: str | None = None):
        super().__init__(id=id, markup=False)
        self.border_title = "Your marks"
        self.session = session
        self.criteria = criteria
        self.view: ItemView | None = None
        self.typed: list[Mark] = []
        self.number = ""  # the number being typed for the next criterion, until Enter ends it
        self.reason: ReasonCode | None = None
        self.shown_at = time.monotonic()
        self.last_commit: tuple[Item, Decision] | None = None  # the latest accept or override
        self._said: tuple[object, ...] | None = None  # what the bar shows, all that draws it

    def watch_restored(self, restored: bool) -> None:
        self.set_class(restored, "-draft")
        self.border_title = "Your marks (draft kept from before)" if restored else "Your marks"

    def watch_complete(self, complete: bool) -> None:
        self.set_class(complete, "-complete")

    @property
    def criterion_form(self) -> bool:
        card = self.view.card if self.view is not None else None
        return card is not None and card.form is FormKind.CRITERIA

    def load(self, view: ItemView, typed: list[Mark], reason: ReasonCode | None,
             restored: bool, number: str = "") -> None:
        """A new item (or the same one again): its view and what was typed on it."""
        self.view, self.typed, self.reason, self.number = view, typed, reason, number
        self.restored = restored
        self.shown_at = time.monotonic()

    @property
    def typing(self) -> bool:
        """Marks (or a number) are being typed."""
        return bool(self.marks_typed() or self.number)

    def marks_typed(self) -> dict[str, Mark]:
        """The marks typed so far, by criterion key (either form)."""
        view = self.view
        if self.criterion_form:
            return dict(self.criteria.marks)
        if view is None or view.rubric is None:
            return {}
        return {c.key: d for c, d in zip(view.rubric.criteria, self.typed, strict=False)}

    def redraw(self) -> None:
        view = self.view
        if view is None:
            return
        verdict = self.session.state(view.item).verdict
        if view.rubric is None:
            self.complete = False
            self._show(unjudged_line())
        elif self.criterion_form:
            self.complete = len(self.criteria.marks) == len(view.rubric.criteria)
            self._show(criteria_line(view.rubric, self.criteria.marks, self.reason, verdict,
                                     self._commits()))
        else:
            self.complete = len(self.typed) == len(view.rubric.criteria)
            self._show(sequence_line(view.rubric, self.typed, self.reason, verdict,
                                     self.number, self._commits()))
        if self.restored and not (self.typing or self.reason):
            self.restored = False

    def _commits(self) -> Commit:
        """What the marks typed would commit (said only once they are complete)."""
        view = self.view
        assert view is not None
        if not self.session.judge_visible(view.item):
            return Commit.BLIND
        same = verdict_kind(self.marks_typed(), view.judgment) is DecisionKind.ACCEPT
        return Commit.ACCEPT if same else Commit.OVERRIDE

    def _show(self, parts: Parts) -> None:
        """One line where it fits: the hints go first (" …" says so); what stands wraps."""
        width = self.content_region.width
        if width <= 0:  # before the first layout: fitted to the width it will give the bar
            ahead = first_layout_size(self)
            width = ahead.width - self.styles.gutter.width if ahead is not None else 0
        whole = Text().join(text for text, _rank in parts)
        standing = Text().join(text for text, rank in parts if rank == 0)
        line = whole if width <= 0 or whole.cell_len <= width or standing.cell_len > width \
            else fit_parts(parts, width)
        said = (line.plain, tuple(line.spans), str(line.style), line.no_wrap, line.overflow)
        if said != self._said:  # the next item of a group often says the same: not redrawn
            self._said = said
            self.update(line)

    def on_resize(self) -> None:
        self.redraw()

    def restyle(self) -> None:
        """The theme changed: draw the line again in its colours, the same text or not."""
        self._said = None
        self.redraw()

    def _changed(self) -> None:
        self.post_message(self.Typed())

    def clear(self) -> None:
        """Drop what is typed (marks of either form, the reason)."""
        self.typed, self.reason, self.restored, self.number = [], None, False, ""
        self.criteria.clear()
        self._changed()

    def spent(self) -> float:
        return round(time.monotonic() - self.shown_at, 3)

    # -- typing --------------------------------------------------------------------------
    def judged(self) -> bool:
        """The LLM judge scores the current item; else say so."""
        if self.view is not None and self.view.rubric is not None:
            return True
        self.notify("The LLM judge does not score this form: f flags it, c comments.",
                    severity="warning", timeout=3)
        return False

    def _refuse(self, problem: str) -> None:
        self.notify(problem, severity="warning", timeout=4, markup=False)

    def _next(self) -> Criterion | None:
        """The criterion the next key fills; None (and a bell) when every one is typed."""
        view = self.view
        assert view is not None and view.rubric is not None
        criteria = view.rubric.criteria
        if len(self.typed) >= len(criteria):
            self.app.bell()
            return None
        return criteria[len(self.typed)]

    def type_mark(self, digit: int) -> None:
        """Fill the next criterion (a number criterion takes the digit into its text)."""
        if not self.judged():
            return
        criterion = self._next()
        if criterion is None:
            return
        if criterion.kind is CriterionKind.NUMBER:
            self.type_number_key(str(digit))
            return
        mark, problem = digit_mark(criterion, digit)
        if mark is None:
            self._refuse(problem or "")
        else:
            self.typed.append(mark)
            self._changed()

    def type_number_key(self, key: str) -> None:
        """A digit, decimal point or minus sign of the number the next criterion takes."""
        if not self.judged():
            return
        criterion = self._next()
        if criterion is None:
            return
        grown = grow_number(self.number, key) if criterion.kind is CriterionKind.NUMBER \
            else None
        if criterion.kind is not CriterionKind.NUMBER:
            self._refuse(f"{criterion.label} takes {criterion.allowed()}.")
        elif grown is None:
            self.app.bell()
        else:
            self.number = grown
            self._changed()

    def end_number(self) -> bool:
        """Enter on a number being typed: it becomes the criterion's mark; False (and why)
        when it is not a number in the criterion's range."""
        criterion = self._next()
        if criterion is None:
            return False
        mark, problem = read_number(criterion, self.number)
        if mark is None:
            self._refuse(problem or "")
            return False
        self.typed.append(mark)
        self.number = ""
        self._changed()
        return True

    def unmark(self) -> None:
        if self.number:
            self.number = self.number[:-1]
            self._changed()
        elif self.typed:
            self.typed.pop()
            self._changed()

    def set_reason(self, code: ReasonCode) -> None:
        self.reason = code
        self._changed()

    # -- deciding ------------------------------------------------------------------------
    def _decided(self, decision: Decision, visible: bool = True) -> None:
        assert self.view is not None
        self.typed, self.reason, self.restored, self.number = [], None, False, ""
        self.criteria.clear()
        self.last_commit = (self.view.item, decision)
        self.post_message(self.Committed(self.view.item, decision, visible))

    def accept(self) -> None:
        """Accept the judge's marks, or say what stands in the way."""
        if not self.judged():
            return
        view = self.view
        assert view is not None
        if self.typing:
            self._refuse("You have typed marks: Enter commits them, Esc clears them; then a "
                         "accepts the judge.")
        elif not self.session.judge_visible(view.item):
            self._refuse("Blind review: commit your own marks first; the judge's are then "
                         "shown.")
        elif view.judgment is None or not view.judgment.marks or view.judgment.score is None:
            self._refuse("No valid judge marks to accept: type your own marks.")
        else:
            self._decided(self.session.accept(view.item, view.judgment,
                                              time_spent_s=self.spent(),
                                              reason_code=self.reason))

    def commit(self) -> None:
        """Commit the marks typed as an override, or say what is missing. A number being
        typed is ended first; when marks remain to be typed, that is all Enter does."""
        view = self.view
        assert view is not None and view.rubric is not None
        if self.number and (not self.end_number()
                            or len(self.typed) < len(view.rubric.criteria)):
            return
        marks, total = self.marks_typed(), len(view.rubric.criteria)
        if len(marks) < total:
            what = "criteria" if self.criterion_form else "marks"
            self._refuse(f"{'Mark' if self.criterion_form else 'Give'} all {total} {what} "
                         f"before Enter ({len(marks)} so far).")
            return
        visible = self.session.judge_visible(view.item)
        decision = self.session.override(view.item, marks, view.judgment, judge_visible=visible,
                                         reason_code=self.reason, time_spent_s=self.spent())
        self._decided(decision, visible)

    def flip(self) -> None:
        """Commit the judge's single verdict turned over, or say what stands in the way."""
        if not self.judged():
            return
        view = self.view
        assert view is not None and view.rubric is not None
        criteria = view.rubric.criteria
        judge = view.judgment.marks.get(criteria[0].key) if view.judgment else None
        if len(criteria) != 1 or criteria[0].kind is not CriterionKind.BINARY:
            self._refuse("x flips a single verdict; mark criteria with digits here.")
        elif not self.session.judge_visible(view.item):
            self._refuse("Blind review: commit your own verdict first.")
        elif judge is None:
            self._refuse("No judge verdict to flip: type yours (1 or y, 0).")
        else:
            self._decided(self.session.override(view.item, {criteria[0].key: 1 - int(judge)},
                                                view.judgment, reason_code=self.reason,
                                                time_spent_s=self.spent()))

    # -- reasons -------------------------------------------------------------------------
    def reason_target(self) -> tuple[Item, Decision | None]:
        """Which item (and standing decision) a reason chosen now goes with."""
        assert self.view is not None
        return reason_target(self.session, self.view.item, self.typing, self.last_commit)

    def reason_chosen(self, item: Item, decision: Decision | None,
                      code: ReasonCode | None) -> None:
        """Record a reason picked for `reason_target()` (None: the picker was closed)."""
        if code is None:
            return
        if decision is None:
            self.set_reason(code)  # goes with the marks Enter (or a) commits
            return
        self.last_commit = (item, self.session.with_reason(item, decision, code))
        self._changed()
        if self.view is None or item != self.view.item:
            self.notify(f"Reason '{code.value}' recorded for {item.task_id}.", timeout=3,
                        markup=False)

    # -- flags, skips, comments, undo ----------------------------------------------------
    def flag(self) -> None:
        assert self.view is not None
        flagged = self.session.toggle(self.view.item, DecisionKind.FLAG, self.spent())
        self.notify("Flagged." if flagged else "Flag taken back.", timeout=2)
        self._changed()

    def skip(self) -> None:
        assert self.view is not None
        if self.session.toggle(self.view.item, DecisionKind.SKIP, self.spent()):
            self.post_message(self.Skipped())
        else:
            self.notify("Skip taken back.", timeout=2)
            self._changed()

    def comment(self, item: Item, text: str | None, replaces: str | None) -> None:
        """A comment typed (None: the prompt was closed); `replaces` the one it edits."""
        if text is None and replaces is None:
            return
        self.session.mark(item, DecisionKind.COMMENT, comment=text or "", replaces=replaces)
        self._changed()

    def undo(self) -> None:
        """Undo the session's latest standing event (the screen goes back to its item)."""
        last = self.session.last_undoable()
        if last is None:
            self.notify("Nothing to undo.", timeout=2)
            return
        item, event = last
        self.session.undo(item)
        self.notify(f"Undid {event.kind.value} on {item.task_id}.", timeout=2, markup=False)
        self.post_message(self.Undone(item))
