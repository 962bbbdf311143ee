"""The review screen: one item at a time, decided with the keyboard.

Each decision is committed to the workspace (a synchronous SQLite commit) before the screen
moves on. What is typed is never lost: marks or a reason typed on an item and left undecided
are kept as that item's draft, shown again (and said so) when the reviewer comes back.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import var

from anser_tui.judge_job import JudgeJob
from anser_tui.screens.review_actions import ReviewActions
from anser_tui.sessions.item_view import ItemView, load_item
from anser_tui.sessions.review import ReviewSession
from anser_tui.text import value_text
from anser_tui.widgets.decision_bar import DecisionBar
from anser_tui.widgets.evidence_panel import EvidencePanel, library_of
from anser_tui.widgets.key_bar import KeyBar
from anser_tui.widgets.queue_list import QueueList
from anser_tui.widgets.render import (
    answer_body,
    judge_body,
    labelled,
    metrics_body,
    safe,
    unjudged_body,
)
from anser_tui.widgets.review_header import HeaderState, ReviewHeader
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace.item import Item
from anser_tui.workspace.records import ReasonCode

_MARKS = [Binding(str(d), f"mark({d})", "Marks", show=d == 0, key_display="0-4",
                  id=f"review.mark-{d}") for d in range(5)]


@dataclass
class Draft:
    """Marks and a reason typed on an item and not committed."""

    marks: list[int]
    reason: ReasonCode | None


class ReviewScreen(ReviewActions):
    # Enter (with no marks typed) opens the highlighted evidence row of the focused table;
    # Tab moves on to the gold table, then to the text panels, which the arrows then scroll.
    AUTO_FOCUS = "#retrieved"
    # Textual declares these as plain (instance) attributes: a ClassVar annotation clashes
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (140, "-medium"), (190, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (42, "-tall"), (56, "-roomy")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next", "Next", id="review.next"),
        Binding("p", "previous", "Prev", id="review.previous"),
        Binding("a", "accept", "Accept", id="review.accept"),
        *_MARKS,
        Binding("y", "mark(1)", "Met", show=False, id="review.mark-yes"),
        Binding("enter", "commit", "Commit", priority=True, id="review.commit"),
        Binding("backspace", "unmark", "Del mark", show=False, id="review.unmark"),
        Binding("escape", "clear_marks", "Clear", show=False, id="review.clear"),
        Binding("f", "flag", "Flag", id="review.flag"),
        Binding("s", "skip", "Skip", id="review.skip"),
        Binding("u", "undo", "Undo", id="review.undo"),
        Binding("r", "reason", "Reason", id="review.reason"),
        Binding("c", "comment", "Comment", id="review.comment"),
        Binding("g", "go_to", "Go to", id="review.go-to"),
        Binding("l", "toggle_queue", "Queue", id="review.queue"),
    ]

    position: var[int] = var(0, init=False)

    def __init__(self, session: ReviewSession):
        super().__init__()
        self.session = session
        self.pending: list[int] = []
        self.pending_reason: ReasonCode | None = None
        self.restored = False  # the pending marks are a draft brought back
        self.drafts: dict[Item, Draft] = {}
        self.view: ItemView | None = None
        self.filter_text = ""
        self._shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        yield ReviewHeader(id="header")
        with Horizontal(id="body"):
            yield QueueList(id="queue")
            with Vertical(id="main"):
                with Horizontal(id="top"):
                    with Vertical(id="left"):
                        yield TextPanel("Task", id="task")
                        yield TextPanel("Answer", id="answer")
                        yield TextPanel("Metrics", id="metrics")
                    with Vertical(id="right"):
                        yield TextPanel("Ground truth", id="ground-truth")
                        yield TextPanel("Judge", id="judge")
                yield EvidencePanel(id="evidence")
                yield DecisionBar(id="decision-bar")
        yield KeyBar()

    def on_mount(self) -> None:
        first = self.session.first_undecided()
        self.position = 0 if first is None else first
        if self.app.size.width >= 190:
            self.action_toggle_queue()
        self.show_item()

    def watch_position(self, old: int, new: int) -> None:
        if self.view is not None:
            self._keep_draft(self.view.item)
        item = self.session.items[new]
        draft = self.drafts.pop(item, None)
        self.pending = draft.marks if draft else []
        self.pending_reason = draft.reason if draft else None
        self.restored = draft is not None
        self.show_item()
        queue = self.query_one(QueueList)
        if queue.filled:
            queue.highlighted = new

    def _keep_draft(self, item: Item) -> None:
        """Keep what was typed on the item being left, and say so."""
        if self.pending or self.pending_reason is not None:
            self.drafts[item] = Draft(list(self.pending), self.pending_reason)
            what = f"{len(self.pending)} mark{'s' * (len(self.pending) != 1)}"
            if self.pending_reason is not None:
                what += " and a reason"
            self.notify(f"Draft kept for {item.task_id}: {what} (shown when you come back).",
                        timeout=3, markup=False)

    @on(EvidencePanel.OpenRequested)
    def _open_document(self, event: EvidencePanel.OpenRequested) -> None:
        from anser_tui.screens.document import DocumentScreen

        DocumentScreen.open(self.app, event.library, event.space, event.entries, event.index,
                            event.query)

    @on(QueueList.Chosen)
    def _queue_chosen(self, event: QueueList.Chosen) -> None:
        self.position = event.position
        self.query_one("#retrieved").focus()

    def action_toggle_queue(self) -> None:
        queue = self.query_one(QueueList)
        if not queue.filled:
            items = self.session.items
            queue.fill(items, [self.session.state(i) for i in items], self.position)
        queue.display = not queue.display
        if queue.display:
            queue.focus()

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
        self.query_one("#metrics", TextPanel).show(metrics_body(view))
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
        self.query_one(DecisionBar).show(view.rubric, self.pending, self.pending_reason,
                                         state.verdict, self.restored)
        self.query_one(QueueList).update_item(self.position, view.item, state)
        progress = self.session.progress()
        self.query_one(ReviewHeader).show(HeaderState(
            workspace=self.session.store.path.name, session=self.session.name,
            reviewer=self.session.reviewer, blind=self.session.blind,
            position=self.position + 1, total=progress.total, decided=progress.decided,
            skipped=progress.skipped, flagged=progress.flagged, left=progress.left,
            pace_s=progress.pace_s, filter_text=self.filter_text))

    @on(JudgeJob.JudgmentStored)
    def _judgment_stored(self, message: JudgeJob.JudgmentStored) -> None:
        """The judge wrote a judgment: show it if it is the current item's."""
        if self.view is not None and self.view.item == Item(message.run, message.task_id):
            self.view = self._load()
            self.refresh_decision()
