"""The review screen: one item at a time, decided with the keyboard.

Each decision is committed to the workspace (a synchronous SQLite commit) before the screen
moves on. What is typed is never lost: marks or a reason typed on an item and left undecided
are kept as that item's draft, shown again (and said so) when the reviewer comes back.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import var

from anser_tui.judge_job import JudgeJob
from anser_tui.review.item_view import ItemView, load_item
from anser_tui.review.session import ReviewSession
from anser_tui.screens.review_actions import ReviewActions
from anser_tui.widgets.cards import reference_card, response_card, task_card
from anser_tui.widgets.criterion_list import CriterionList
from anser_tui.widgets.decision_bar import DecisionBar
from anser_tui.widgets.evidence_panel import EvidencePanel, library_of
from anser_tui.widgets.key_bar import KeyBar
from anser_tui.widgets.queue_list import QueueList
from anser_tui.widgets.render import answer_body, judge_body, metrics_body, unjudged_body
from anser_tui.widgets.review_header import HeaderState, ReviewHeader
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace.item import Item
from anser_tui.workspace.records import ReasonCode
from anser_tui.workspace.rubric import CriterionKind

if TYPE_CHECKING:
    from anser_tui.review.item_filter import ItemFilter
    from anser_tui.review.navigation import QueueNavigator
    from anser_tui.review.verdicts import VerdictBook

_MARKS = [Binding(str(d), f"mark({d})", "Marks", show=d == 0, key_display="0-4",
                  id=f"review.mark-{d}") for d in range(5)]


@dataclass
class Draft:
    """Marks and a reason typed on an item and not committed (criteria: marks set one
    criterion at a time, by key)."""

    marks: list[int]
    reason: ReasonCode | None
    criteria: dict[str, int] = field(default_factory=dict)


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
        Binding("e", "unfold", "Unfold", show=False, id="review.unfold"),
        Binding("x", "flip", "Flip verdict", show=False, id="review.flip"),
        Binding("slash", "filter", "Filter", key_display="/", show=False, id="review.filter"),
        Binding("N", "jump('undecided')", "Next undecided", show=False,
                id="review.next-undecided"),
        Binding("F", "jump('flagged')", "Next flagged", show=False, id="review.next-flagged"),
        Binding("S", "jump('skipped')", "Next skipped", show=False, id="review.next-skipped"),
        Binding("D", "jump('disagreement')", "Next disagreement", show=False,
                id="review.next-disagreement"),
        Binding("K", "calibration", "Calibration", show=False, id="review.calibration"),
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
        self.unfolded = False  # PRBench: reference texts and reasoning blocks shown whole
        self._shown_at = time.monotonic()
        self._navigator: QueueNavigator | None = None
        self._book: VerdictBook | None = None  # an adjudication session's reviewer verdicts

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
                        yield CriterionList(id="criteria")
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
        self._criteria_draft = draft.criteria if draft else {}
        self.show_item()
        queue = self.query_one(QueueList)
        if queue.filled:
            queue.highlighted = new

    def _keep_draft(self, item: Item) -> None:
        """Keep what was typed on the item being left, and say so."""
        criteria = dict(self.query_one(CriterionList).marks) if self.criterion_mode else {}
        if self.pending or self.pending_reason is not None or criteria:
            self.drafts[item] = Draft(list(self.pending), self.pending_reason, criteria)
            typed = len(self.pending) + len(criteria)
            what = f"{typed} mark{'s' * (typed != 1)}"
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

    @property
    def criterion_mode(self) -> bool:
        """The item's rubric is reviewed one criterion at a time (several binary criteria)."""
        rubric = self.view.rubric if self.view is not None else None
        return rubric is not None and len(rubric.criteria) > 1 and all(
            c.kind is CriterionKind.BINARY for c in rubric.criteria)

    def show_item(self) -> None:
        view = self.view = self._load()
        self._shown_at = time.monotonic()
        title, body, subtitle = task_card(view, self.unfolded)
        self.query_one("#task", TextPanel).show(body, title=title, subtitle=subtitle)
        response = response_card(view, self.unfolded)
        self.query_one("#answer", TextPanel).show(
            answer_body(view) if response is None else response,
            title=f"{'Response' if response is not None else 'Answer'} · {view.item.run}")
        self.query_one("#metrics", TextPanel).display = bool(view.metric_names)
        self.query_one("#metrics", TextPanel).show(metrics_body(view))
        evidence = self.query_one("#evidence", EvidencePanel)
        evidence.display = view.has_evidence
        if view.diff is not None:
            evidence.show(view.diff, view.task.query)
        criteria = self.query_one(CriterionList)
        criteria.display = self.criterion_mode
        self.set_class(self.criterion_mode, "-criteria")
        if self.criterion_mode and view.rubric is not None:
            state = self.session.state(view.item)
            judge = view.judgment.marks if view.judgment is not None and \
                self.session.judge_visible(view.item) else {}
            criteria.load(view.rubric, dict(judge),
                          dict(state.verdict.marks) if state.verdict else {},
                          getattr(self, "_criteria_draft", {}))
            criteria.focus()
        else:
            ground_title, ground = reference_card(view)
            self.query_one("#ground-truth", TextPanel).show(ground, title=ground_title)
            if not view.has_evidence:
                self.query_one("#judge", TextPanel).focus()
        self.refresh_decision()

    @on(CriterionList.Moved)
    def _criterion_moved(self, event: CriterionList.Moved) -> None:
        if self.view is not None:
            title, body = reference_card(self.view, event.criterion)
            self.query_one("#ground-truth", TextPanel).show(body, title=title)

    @on(CriterionList.Changed)
    def _criterion_marked(self) -> None:
        self.restored = False
        self.refresh_decision()

    def action_unfold(self) -> None:
        """Show (or fold again) PRBench's reference texts and reasoning blocks."""
        self.unfolded = not self.unfolded
        self.show_item()

    def refresh_decision(self) -> None:
        view = self.view
        assert view is not None
        state = self.session.state(view.item)
        judge = self.query_one("#judge", TextPanel)
        if view.rubric is None:
            judge.show(unjudged_body(view.task.form.value, state), title="Judge")
        else:
            judge.show(judge_body(view.rubric, view.judgment, state, self.pending,
                                  reveal=self.session.judge_visible(view.item),
                                  history=view.history),
                       title=f"Judge · {view.rubric.label}")
        bar = self.query_one(DecisionBar)
        if self.criterion_mode and view.rubric is not None:
            bar.show_criteria(view.rubric, self.query_one(CriterionList).marks,
                              self.pending_reason, state.verdict, self.restored)
        else:
            bar.show(view.rubric, self.pending, self.pending_reason, state.verdict,
                     self.restored)
        self.query_one(QueueList).update_item(self.position, view.item, state)
        progress = self.session.progress()
        self.query_one(ReviewHeader).show(HeaderState(
            workspace=self.session.store.path.name, session=self.session.name,
            reviewer=self.session.reviewer, blind=self.session.blind,
            position=self.position + 1, total=progress.total, decided=progress.decided,
            skipped=progress.skipped, flagged=progress.flagged, left=progress.left,
            pace_s=progress.pace_s, filter_text=self.filter_text,
            adjudication=self._adjudication_line(view)))

    def _adjudication_line(self, view: ItemView) -> str:
        """An adjudication session: each reviewer's standing verdict on the item, marks in
        rubric order and the score ("" in a review session)."""
        from anser_tui.workspace.sessions import ADJUDICATION

        if self.session.purpose != ADJUDICATION:
            return ""
        from anser_tui.calibration.adjudication import reviewer_verdicts
        from anser_tui.review.verdicts import VerdictBook

        if self._book is None:  # the reviewers' verdicts do not change while adjudicating
            self._book = VerdictBook.load(self.session.store)
        keys = [c.key for c in view.rubric.criteria] if view.rubric else []
        parts = []
        for name, decision in reviewer_verdicts(self._book, view.item).items():
            marks = " ".join(str(decision.marks.get(k, "·")) for k in keys)
            score = "—" if decision.score is None else f"{decision.score:.0f}"
            parts.append(f"{name} {marks} ({score})")
        return "adjudication: " + (" · ".join(parts) if parts else "no reviewer verdict")

    @on(JudgeJob.JudgmentStored)
    def _judgment_stored(self, message: JudgeJob.JudgmentStored) -> None:
        """The judge wrote a judgment: show it if it is the current item's."""
        if self.view is not None and self.view.item == Item(message.run, message.task_id):
            self.view = self._load()
            self.refresh_decision()

    def action_calibration(self) -> None:
        """Open the calibration screen (Esc comes back here; it recomputes on return)."""
        open_calibration = getattr(self.app, "open_calibration", None)
        if open_calibration is not None:
            open_calibration()

    # -- filtering and jumping -----------------------------------------------------------
    @property
    def navigator(self) -> QueueNavigator:
        """Moves along the queue through the `/` filter (made on first use)."""
        if self._navigator is None:
            from anser_tui.review.navigation import QueueNavigator

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
        from anser_tui.review.item_filter import Vocabulary
        from anser_tui.screens.filter import FilterScreen

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
        else:
            self.refresh_decision()  # the header shows the filter

    def action_jump(self, kind: str) -> None:
        """To the next item (wrapping around) that is undecided, flagged, skipped or where
        judge and metrics disagree, among those the filter lets through."""
        from anser_tui.review.navigation import Jump

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
