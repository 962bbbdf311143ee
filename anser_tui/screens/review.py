"""The review screen: one item at a time, decided with the keyboard.

Each decision is committed to the workspace (a synchronous SQLite commit) before the screen
moves on to the next item.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Static

from anser_tui.judge_job import JudgeJob
from anser_tui.sessions.item_view import ItemView, load_item
from anser_tui.sessions.review import ReviewSession
from anser_tui.text import value_text
from anser_tui.widgets.decision_bar import DecisionBar
from anser_tui.widgets.evidence_panel import EvidencePanel, library_of
from anser_tui.widgets.key_bar import KeyBar
from anser_tui.widgets.render import (
    answer_body,
    judge_body,
    labelled,
    safe,
    unjudged_body,
)
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace.item import Item
from anser_tui.workspace.records import DecisionKind, ReasonCode

if TYPE_CHECKING:
    from anser_tui.sessions.item_filter import ItemFilter
    from anser_tui.sessions.navigation import QueueNavigator

_DIGITS = [Binding(str(d), f"mark({d})", "Marks", show=d == 0, key_display="0-4",
                   id=f"review.mark-{d}") for d in range(5)]


class ReviewScreen(Screen[None]):
    # Enter (with no marks typed) opens the highlighted evidence row of the focused table;
    # Tab moves on to the gold table, then to the text panels, which the arrows then scroll.
    AUTO_FOCUS = "#retrieved"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next", "Next", id="review.next"),
        Binding("p", "previous", "Prev", id="review.previous"),
        Binding("a", "accept", "Accept", id="review.accept"),
        *_DIGITS,
        Binding("enter", "commit", "Commit", priority=True, id="review.commit"),
        Binding("backspace", "unmark", "Del mark", show=False, id="review.unmark"),
        Binding("escape", "clear_marks", "Clear", show=False, id="review.clear"),
        Binding("f", "flag", "Flag", id="review.flag"),
        Binding("s", "skip", "Skip", id="review.skip"),
        Binding("u", "undo", "Undo", id="review.undo"),
        Binding("r", "reason", "Reason", id="review.reason"),
        Binding("c", "comment", "Comment", id="review.comment"),
        Binding("g", "go_to", "Go to", id="review.go-to"),
        Binding("slash", "filter", "Filter", key_display="/", show=False, id="review.filter"),
        Binding("N", "jump('undecided')", "Next undecided", show=False,
                id="review.next-undecided"),
        Binding("F", "jump('flagged')", "Next flagged", show=False, id="review.next-flagged"),
        Binding("S", "jump('skipped')", "Next skipped", show=False, id="review.next-skipped"),
        Binding("D", "jump('disagreement')", "Next disagreement", show=False,
                id="review.next-disagreement"),
    ]

    position: var[int] = var(0, init=False)

    def __init__(self, session: ReviewSession):
        super().__init__()
        self.session = session
        self.pending: list[int] = []
        self.pending_reason: ReasonCode | None = None
        self.view: ItemView | None = None
        self._shown_at = time.monotonic()
        self._navigator: QueueNavigator | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="status-line", markup=False)
        with Horizontal(id="top"):
            with Vertical(id="left"):
                yield TextPanel("Task", id="task")
                yield TextPanel("Answer", id="answer")
            with Vertical(id="right"):
                yield TextPanel("Ground truth", id="ground-truth")
                yield TextPanel("Judge", id="judge")
        yield EvidencePanel(id="evidence")
        yield DecisionBar(id="decision-bar")
        yield KeyBar()

    @on(EvidencePanel.OpenRequested)
    def _open_document(self, event: EvidencePanel.OpenRequested) -> None:
        from anser_tui.screens.document import DocumentScreen

        DocumentScreen.open(self.app, event.library, event.space, event.entries, event.index,
                            event.query)

    def on_mount(self) -> None:
        self.position = self.session.first_unsettled()
        self.show_item()

    def watch_position(self) -> None:
        self.pending = []
        self.pending_reason = None
        self.show_item()

    # -- showing -------------------------------------------------------------------------
    def _load(self) -> ItemView:
        library = library_of(self)
        return load_item(self.session, self.position, library.resolver if library else None)

    def show_item(self) -> None:
        view = self.view = self._load()
        self._shown_at = time.monotonic()
        task = view.task
        self.query_one("#task", TextPanel).show(
            labelled(("Query", task.query), ("Instruction", task.instruction)),
            title=f"Task {task.id}",
            subtitle=f"{task.group} · {task.form.value}" + (f" · {task.prompt.type}"
                                                              if task.prompt.type else ""))
        self.query_one("#answer", TextPanel).show(answer_body(view),
                                                  title=f"Answer · {view.item.run}")
        self.query_one("#ground-truth", TextPanel).show(safe(value_text(task.ground_truth)))
        self.query_one("#evidence", EvidencePanel).show(view.diff, task.query)
        self.refresh_decision()

    def refresh_decision(self) -> None:
        view = self.view
        assert view is not None
        state = self.session.state(view.item)
        judge = self.query_one("#judge", TextPanel)
        if view.rubric is None:
            judge.show(unjudged_body(view.task.form.value, state), title="Judge")
        else:
            judge.show(judge_body(view.rubric, view.judgment, state, self.pending,
                                  reveal=self.session.judge_visible(view.item)),
                       title=f"Judge · {view.rubric.label}")
        self.query_one(DecisionBar).show(view.rubric, self.pending, self.pending_reason)
        done = self.session.n_decided
        total = len(self.session.items)
        status = Text(no_wrap=True, overflow="ellipsis")
        status.append(f" {self.position + 1}/{total} ", style="bold reverse")
        status.append(f"  {done} decided  ·  session {self.session.name}"
                      f"{' (blind)' if self.session.blind else ''}  ·  "
                      f"reviewer {self.session.reviewer}")
        self.query_one("#status-line", Static).update(status)

    @on(JudgeJob.JudgmentStored)
    def _judgment_stored(self, message: JudgeJob.JudgmentStored) -> None:
        """The judge wrote a judgment: show it if it is the current item's."""
        if self.view is not None and self.view.item == Item(message.run, message.task_id):
            self.view = self._load()
            self.refresh_decision()

    # -- moving --------------------------------------------------------------------------
    def action_next(self) -> None:
        following = self.navigator.step(self.position, 1)
        if following is not None:
            self.position = following
        else:
            self.notify(f"Last {'matching ' if self.item_filter.active else ''}item of the "
                        "queue.", timeout=2)

    def action_previous(self) -> None:
        preceding = self.navigator.step(self.position, -1)
        if preceding is not None:
            self.position = preceding

    def _advance(self) -> None:
        following = self.navigator.step(self.position, 1)
        if following is not None:
            self.position = following
        else:
            self.pending = []
            self.refresh_decision()
            self.notify("Decided the last item of the queue.", timeout=3)

    def _spent(self) -> float:
        return round(time.monotonic() - self._shown_at, 3)

    # -- deciding ------------------------------------------------------------------------
    def _judged_view(self) -> ItemView | None:
        """The current item if the LLM judge scores its form; else a notice and None."""
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
        if not self.session.judge_visible(view.item):
            self.notify("Blind review: commit your own marks first; the judge's are then shown.",
                        severity="warning", timeout=3)
            return
        if view.judgment is None or not view.judgment.marks or view.judgment.score is None:
            self.notify("No valid judge marks to accept: type your own marks.",
                        severity="warning")
            return
        self.session.accept(view.item, view.judgment, time_spent_s=self._spent())
        self._advance()

    def action_mark(self, digit: int) -> None:
        view = self._judged_view()
        if view is None or view.rubric is None:
            return
        if len(self.pending) >= len(view.rubric.criteria):
            self.app.bell()
            return
        self.pending.append(digit)
        self.refresh_decision()

    def action_unmark(self) -> None:
        if self.pending:
            self.pending.pop()
            self.refresh_decision()

    def action_clear_marks(self) -> None:
        self.pending = []
        self.refresh_decision()

    def action_commit(self) -> None:
        view = self.view
        assert view is not None
        if not self.pending or view.rubric is None:
            # no marks typed: Enter opens the highlighted evidence row
            self.query_one("#evidence", EvidencePanel).open_highlighted()
            return
        criteria = view.rubric.criteria
        if len(self.pending) < len(criteria):
            self.notify(f"Give all {len(criteria)} marks before Enter "
                        f"({len(self.pending)} so far).", severity="warning")
            return
        marks = {c.key: d for c, d in zip(criteria, self.pending, strict=True)}
        visible = self.session.judge_visible(view.item)
        self.session.override(view.item, marks, view.judgment, judge_visible=visible,
                              reason_code=self.pending_reason, time_spent_s=self._spent())
        if visible:
            self._advance()
            return
        # a blind verdict: stay, show the judge; the reviewer may revise, accept or move on
        self.pending, self.pending_reason = [], None
        self.refresh_decision()
        self.notify("Judge revealed: a accepts its marks, digits revise yours, n moves on.",
                    timeout=4)

    def action_reason(self) -> None:
        """Choose a reason code for the override being typed, or for the standing one."""
        from anser_tui.screens.prompts import ReasonPicker  # its widgets load on first use

        if self._judged_view() is None:
            return
        self.app.push_screen(ReasonPicker(), self._reason_chosen)

    def _reason_chosen(self, code: ReasonCode | None) -> None:
        view = self.view
        if code is None or view is None:
            return
        verdict = self.session.state(view.item).verdict
        if self.pending or verdict is None or verdict.kind is not DecisionKind.OVERRIDE:
            self.pending_reason = code  # goes with the override Enter commits
            self.refresh_decision()
            return
        # the item is already overridden: the same marks again, now with the reason
        self.session.override(view.item, verdict.marks, view.judgment,
                              judge_visible=verdict.judge_visible, reason_code=code,
                              comment=verdict.comment, time_spent_s=self._spent())
        self.refresh_decision()

    def action_comment(self) -> None:
        from anser_tui.screens.prompts import TextPrompt

        self.app.push_screen(TextPrompt("Comment on this item"), self._commented)

    def _commented(self, text: str | None) -> None:
        view = self.view
        if text and view is not None:
            self.session.mark(view.item, DecisionKind.COMMENT, comment=text)
            self.refresh_decision()

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

    def action_flag(self) -> None:
        view = self.view
        assert view is not None
        self.session.mark(view.item, DecisionKind.FLAG, time_spent_s=self._spent())
        self.refresh_decision()

    def action_skip(self) -> None:
        view = self.view
        assert view is not None
        self.session.mark(view.item, DecisionKind.SKIP, time_spent_s=self._spent())
        self._advance()

    def action_undo(self) -> None:
        """Undo the session's latest standing event and go back to its item."""
        last = self.session.last_undoable()
        if last is None:
            self.notify("Nothing to undo.", timeout=2)
            return
        item, event = last
        self.session.undo(item)
        self.notify(f"Undid {event.kind.value} on {item.task_id}.", timeout=2)
        target = self.session.items.index(item)
        if target == self.position:
            self.pending = []
            self.refresh_decision()
        else:
            self.position = target

    # -- filtering and jumping -----------------------------------------------------------
    @property
    def navigator(self) -> QueueNavigator:
        """Moves along the queue through the `/` filter (made on first use)."""
        if self._navigator is None:
            from anser_tui.sessions.navigation import QueueNavigator

            self._navigator = QueueNavigator(self.session)
        return self._navigator

    @property
    def item_filter(self) -> ItemFilter:
        return self.navigator.filter

    @property
    def filter_text(self) -> str:
        """The filter in force, in one line ("" when none): for the header."""
        return self.item_filter.describe()

    def action_filter(self) -> None:
        from anser_tui.screens.filter import FilterScreen
        from anser_tui.sessions.item_filter import Vocabulary

        facts = self.navigator.facts
        tasks = self.session.store.tasks()
        known = Vocabulary(groups=tuple(dict.fromkeys(t.group for t in tasks)),
                           forms=tuple(dict.fromkeys(t.form.value for t in tasks)),
                           metrics=tuple(facts.metric_names))
        self.app.push_screen(FilterScreen(self.item_filter, known, self.navigator.count),
                             self._filter_chosen)

    def _filter_chosen(self, chosen: ItemFilter | None) -> None:
        if chosen is None or chosen == self.item_filter:
            return
        self.navigator.filter = chosen
        if not chosen.active:
            self.notify("Filter cleared: every item of the queue.", timeout=2)
            return
        target = self.navigator.settle(self.position)
        self.notify(f"Filter: {chosen.describe()} ({self.navigator.count()} of "
                    f"{len(self.session.items)} items).", timeout=3, markup=False)
        if target is not None and target != self.position:
            self.position = target

    def action_jump(self, kind: str) -> None:
        """To the next item (wrapping around) that is undecided, flagged, skipped or where
        judge and metrics disagree, among those the filter lets through."""
        from anser_tui.sessions.navigation import Jump

        jump = Jump(kind)
        target = self.navigator.jump(self.position, jump)
        if target is None:
            where = " matching the filter" if self.item_filter.active else ""
            self.notify(f"No {jump.value} item{where}.", timeout=2)
            return
        if target == self.position:
            self.notify(f"This is the only {jump.value} item.", timeout=2)
        elif target < self.position:
            self.notify("Wrapped around to the start of the queue.", timeout=2)
        if jump is Jump.DISAGREEMENT:
            found = self.navigator.facts.of(self.session.items[target]).disagreement
            self.notify(f"Disagreement {found.score:.2f}: {found.reason}.", timeout=4,
                        markup=False)
        if target != self.position:
            self.position = target
