"""The review screen's verbs: moving, marking, committing, reasons, comments, flags, skips,
undo. The base class of `ReviewScreen`, which holds the layout and the state these act on.

Rules the reviewer can rely on (the help screen repeats them):
- `a` with marks typed does nothing but say so: Enter commits the marks, Esc clears them.
- A reason (`r`) goes with the marks being typed; with none typed, with the item's standing
  decision; right after a commit that moved the screen on, with the item just decided. The
  picker names the item and the decision it goes with.
- `f` and `s` toggle: on a flagged (skipped) item they take the flag (skip) back.
- `c` on an item with a comment edits the latest one; an empty edit removes it.
- A decided item shows its decision; digits start a new one, `a` accepts the judge again.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from textual.screen import Screen

from anser_tui.workspace.item import Item
from anser_tui.workspace.records import Decision, DecisionKind, ReasonCode
from anser_tui.workspace.rubric import CriterionKind

if TYPE_CHECKING:
    from anser_tui.review.item_view import ItemView
    from anser_tui.review.navigation import QueueNavigator
    from anser_tui.review.session import ReviewSession


class ReviewActions(Screen[None]):
    """The verbs; `ReviewScreen` adds the layout and the state they act on."""

    _last_commit: tuple[Item, Decision] | None = None  # the latest accept or override here
    session: ReviewSession
    view: ItemView | None
    pending: list[int]
    pending_reason: ReasonCode | None
    restored: bool
    position: int
    _shown_at: float

    def refresh_decision(self) -> None:
        raise NotImplementedError

    @property
    def criterion_mode(self) -> bool:
        raise NotImplementedError

    @property
    def navigator(self) -> QueueNavigator:
        """Moves along the queue through the `/` filter (the screen makes it)."""
        raise NotImplementedError

    def _criteria_typed(self) -> dict[str, int]:
        from anser_tui.widgets.criterion_list import CriterionList

        return self.query_one(CriterionList).marks if self.criterion_mode else {}

    # -- moving --------------------------------------------------------------------------
    def action_next(self) -> None:
        following = self.navigator.step(self.position, 1)
        if following is not None:
            self.position = following
        else:
            self.notify(f"Last {'matching ' if self.navigator.filter.active else ''}item of "
                        "the queue.", timeout=2)

    def action_previous(self) -> None:
        preceding = self.navigator.step(self.position, -1)
        if preceding is not None:
            self.position = preceding

    def _advance(self) -> None:
        self.pending, self.pending_reason, self.restored = [], None, False
        following = self.navigator.step(self.position, 1)
        if following is not None:
            self.position = following
        else:
            self.refresh_decision()
            self.notify("Decided the last item of the queue.", timeout=3)

    def _spent(self) -> float:
        return round(time.monotonic() - self._shown_at, 3)

    # -- deciding ------------------------------------------------------------------------
    def _judged_view(self) -> ItemView | None:
        """The current item if the LLM judge scores it; else a notice and None."""
        view = self.view
        assert view is not None
        if view.rubric is None:
            self.notify("The LLM judge does not score this form: f flags it, c comments.",
                        severity="warning", timeout=3)
            return None
        return view

    def action_accept(self) -> None:
        view = self._judged_view()
        if view is None:
            return
        if self.pending or self._criteria_typed():
            self.notify("You have typed marks: Enter commits them, Esc clears them; "
                        "then a accepts the judge.", severity="warning", timeout=4)
            return
        if not self.session.judge_visible(view.item):
            self.notify("Blind review: commit your own marks first; the judge's are then shown.",
                        severity="warning", timeout=3)
            return
        if view.judgment is None or not view.judgment.marks or view.judgment.score is None:
            self.notify("No valid judge marks to accept: type your own marks.",
                        severity="warning")
            return
        decision = self.session.accept(view.item, view.judgment, time_spent_s=self._spent(),
                                       reason_code=self.pending_reason)
        self._last_commit = (view.item, decision)
        self._advance()

    def action_mark(self, digit: int) -> None:
        view = self._judged_view()
        if view is None or view.rubric is None:
            return
        criteria = view.rubric.criteria
        if len(self.pending) >= len(criteria):
            self.app.bell()
            return
        if criteria[len(self.pending)].kind is CriterionKind.BINARY and digit > 1:
            self.notify(f"{criteria[len(self.pending)].label} is met (1, y) or not met (0).",
                        severity="warning", timeout=3)
            return
        self.pending.append(digit)
        self.refresh_decision()

    def action_unmark(self) -> None:
        if self.pending:
            self.pending.pop()
            self.refresh_decision()

    def action_clear_marks(self) -> None:
        self.pending, self.pending_reason, self.restored = [], None, False
        if self.criterion_mode:
            from anser_tui.widgets.criterion_list import CriterionList

            criteria = self.query_one(CriterionList)
            criteria.marks = {}
            criteria.redraw()
        self.refresh_decision()

    def action_commit(self) -> None:
        view = self.view
        assert view is not None
        typed = self._criteria_typed()
        if (not self.pending and not typed) or view.rubric is None:
            self._open_sources(view)  # no marks typed: Enter opens the evidence
            return
        criteria = view.rubric.criteria
        if typed:
            if len(typed) < len(criteria):
                self.notify(f"Mark all {len(criteria)} criteria before Enter "
                            f"({len(typed)} so far).", severity="warning")
                return
            marks = dict(typed)
        elif len(self.pending) < len(criteria):
            self.notify(f"Give all {len(criteria)} marks before Enter "
                        f"({len(self.pending)} so far).", severity="warning")
            return
        else:
            marks = {c.key: d for c, d in zip(criteria, self.pending, strict=True)}
        visible = self.session.judge_visible(view.item)
        decision = self.session.override(view.item, marks, view.judgment, judge_visible=visible,
                                         reason_code=self.pending_reason,
                                         time_spent_s=self._spent())
        self._last_commit = (view.item, decision)
        if visible:
            self._advance()
            return
        # a blind verdict: stay, show the judge; the reviewer may revise, accept or move on
        self.pending, self.pending_reason, self.restored = [], None, False
        self.refresh_decision()
        self.notify("Judge revealed: a accepts its marks, digits revise yours, n moves on.",
                    timeout=4)

    def _open_sources(self, view: ItemView) -> None:
        """Enter with nothing typed: the highlighted evidence row's document (ANSER), or the
        question's document set (AA-LCR)."""
        if view.has_evidence:
            from anser_tui.widgets.evidence_panel import EvidencePanel

            self.query_one("#evidence", EvidencePanel).open_highlighted()
            return
        if view.task.benchmark != "aalcr":
            return
        from anser_tui.benchmarks.aalcr.documents import read_document_set
        from anser_tui.core.errors import InputError
        from anser_tui.screens.document_set import DocumentSetScreen

        data_dir: Path = getattr(self.app, "data_dir", self.session.store.data_dir)
        try:
            documents = read_document_set(data_dir, view.task)
        except InputError as exc:
            self.notify(exc.message, severity="error", markup=False)
            return
        self.app.push_screen(DocumentSetScreen(f"Question {view.task.id}",
                                               [(d.filename, d.text) for d in documents]))

    def action_flip(self) -> None:
        """One binary verdict (AA-LCR): commit the judge's verdict turned over."""
        view = self._judged_view()
        if view is None or view.rubric is None:
            return
        criteria = view.rubric.criteria
        if len(criteria) != 1 or criteria[0].kind is not CriterionKind.BINARY:
            self.notify("x flips a single verdict; mark criteria with digits here.",
                        severity="warning", timeout=3)
            return
        if not self.session.judge_visible(view.item):
            self.notify("Blind review: commit your own verdict first.", severity="warning")
            return
        judge = view.judgment.marks.get(criteria[0].key) if view.judgment else None
        if judge is None:
            self.notify("No judge verdict to flip: type yours (1 or y, 0).", severity="warning")
            return
        decision = self.session.override(view.item, {criteria[0].key: 1 - judge},
                                         view.judgment, reason_code=self.pending_reason,
                                         time_spent_s=self._spent())
        self._last_commit = (view.item, decision)
        self._advance()

    # -- reasons and comments ------------------------------------------------------------
    def _reason_target(self) -> tuple[Item, Decision | None]:
        """Which item (and standing decision) a reason chosen now goes with."""
        view = self.view
        assert view is not None
        if self.pending or self._criteria_typed():
            return view.item, None
        verdict = self.session.state(view.item).verdict
        if verdict is not None:
            return view.item, verdict
        last = self._last_commit
        if last is not None and last[0] != view.item and \
                self.session.state(last[0]).verdict == last[1]:
            return last
        return view.item, None

    def action_reason(self) -> None:
        from anser_tui.screens.prompts import ReasonPicker  # its widgets load on first use

        if self._judged_view() is None:
            return
        item, decision = self._reason_target()
        if decision is None:
            subject = f"{item.task_id} (the override you are typing)"
        else:
            what = "accept" if decision.kind is DecisionKind.ACCEPT else "override"
            subject = f"{item.task_id} (your {what}, already committed)"
        self.app.push_screen(ReasonPicker(subject),
                             lambda code: self._reason_chosen(item, decision, code))

    def _reason_chosen(self, item: Item, decision: Decision | None,
                       code: ReasonCode | None) -> None:
        if code is None:
            return
        if decision is None:
            self.pending_reason = code  # goes with the marks Enter (or a) commits
        else:  # the same decision again, now with its reason: a new event
            self._last_commit = (item, self.session.with_reason(item, decision, code))
            if self.view is None or item != self.view.item:
                self.notify(f"Reason '{code.value}' recorded for {item.task_id}.", timeout=3,
                            markup=False)
        self.refresh_decision()

    def action_comment(self) -> None:
        from anser_tui.screens.prompts import TextPrompt

        view = self.view
        assert view is not None
        standing = self.session.state(view.item).comment_events
        if standing:
            latest = standing[-1]
            prompt = TextPrompt(f"Edit the comment on {view.item.task_id} (empty removes it)",
                                value=latest.comment or "")
            self.app.push_screen(prompt, lambda text: self._commented(view.item, text,
                                                                      latest.uid))
        else:
            self.app.push_screen(TextPrompt(f"Comment on {view.item.task_id}"),
                                 lambda text: self._commented(view.item, text, None))

    def _commented(self, item: Item, text: str | None, replaces: str | None) -> None:
        if text is None and replaces is None:
            return
        self.session.mark(item, DecisionKind.COMMENT, comment=text or "", replaces=replaces)
        self.refresh_decision()

    # -- flags, skips, undo, go to ---------------------------------------------------------
    def action_flag(self) -> None:
        view = self.view
        assert view is not None
        flagged = self.session.toggle(view.item, DecisionKind.FLAG, self._spent())
        self.notify("Flagged." if flagged else "Flag taken back.", timeout=2)
        self.refresh_decision()

    def action_skip(self) -> None:
        view = self.view
        assert view is not None
        if self.session.toggle(view.item, DecisionKind.SKIP, self._spent()):
            self._advance_keeping_draft()
        else:
            self.notify("Skip taken back.", timeout=2)
            self.refresh_decision()

    def _advance_keeping_draft(self) -> None:
        """Move on after a skip: what was typed stays as the skipped item's draft."""
        following = self.navigator.step(self.position, 1)
        if following is not None:
            self.position = following
        else:
            self.refresh_decision()

    def action_undo(self) -> None:
        """Undo the session's latest standing event and go back to its item."""
        last = self.session.last_undoable()
        if last is None:
            self.notify("Nothing to undo.", timeout=2)
            return
        item, event = last
        self.session.undo(item)
        self.notify(f"Undid {event.kind.value} on {item.task_id}.", timeout=2, markup=False)
        target = self.session.items.index(item)
        if target == self.position:
            self.pending, self.restored = [], False
            self.refresh_decision()
        else:
            self.position = target

    def action_go_to(self) -> None:
        from anser_tui.screens.prompts import IdSuggester, TextPrompt

        self.app.push_screen(TextPrompt("Go to task id (Tab completes)",
                                        placeholder="e.g. legal_zh_descriptive_1",
                                        suggester=IdSuggester(self.navigator.task_ids())),
                             self._go_to)

    def _go_to(self, task_id: str | None) -> None:
        """Jump to a task of the current run; a task outside the queue joins its end."""
        view = self.view
        if not task_id or view is None:
            return
        if not self.session.store.has_task(task_id):
            self.notify(f"No task {task_id!r} in this workspace.", severity="error",
                        markup=False)
            return
        self.position = self.session.add_item(Item(view.item.run, task_id))
