"""The panels of one item's review card: task, answer and metrics on the left; the reference
(or, for a criterion list, the focused criterion's details), the criterion list and the judge
on the right. They lay out what the benchmark's card hands them and never ask which benchmark
it is; the judge panel counts a criterion list's marks and follows the marks being typed.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from anser_tui.benchmarks.card import FormKind
from anser_tui.review.item_view import ItemView
from anser_tui.review.session import ReviewSession
from anser_tui.widgets.card_text import block_text
from anser_tui.widgets.criterion_list import CriterionList
from anser_tui.widgets.render import judge_body, metrics_body, unjudged_body, with_parsed
from anser_tui.widgets.text_panel import TextPanel


class ItemPanels(Horizontal):
    def __init__(self, session: ReviewSession, *, id: str | None = None):
        super().__init__(id=id)
        self.session = session
        self.view: ItemView | None = None
        self.criteria = CriterionList(id="criteria")

    def compose(self) -> ComposeResult:
        with Vertical(id="left"):
            yield TextPanel("Task", id="task")
            yield TextPanel("Answer", id="answer")
            yield TextPanel("Metrics", id="metrics")
        with Vertical(id="right"):
            yield TextPanel("Ground truth", id="ground-truth")
            yield self.criteria
            yield TextPanel("Judge", id="judge")

    def show(self, view: ItemView, criteria_form: bool, typed: Mapping[str, int],
             unfolded: bool, unfold_key: str) -> None:
        """A new item: every panel; `typed` the criterion marks of a draft brought back."""
        self.view = view
        card = view.card
        assert card is not None
        self.show_card(unfolded, unfold_key)
        metrics = self.query_one("#metrics", TextPanel)
        metrics.display = bool(view.metric_names)
        metrics.show(metrics_body(view))
        self.criteria.display = criteria_form
        if criteria_form and view.rubric is not None:
            verdict = self.session.state(view.item).verdict
            judge = view.judgment.marks if view.judgment is not None and \
                self.session.judge_visible(view.item) else {}
            self.criteria.load(view.rubric, dict(judge),
                               dict(verdict.marks) if verdict else {}, dict(typed))
            self.criteria.focus()
        elif card.reference is not None:
            self.query_one("#ground-truth", TextPanel).show(block_text(card.reference),
                                                            title=card.reference.title)
            if not view.has_evidence:
                self.query_one("#judge", TextPanel).focus()

    def show_card(self, unfolded: bool, unfold_key: str) -> None:
        """The task and answer panels, folded or not."""
        view = self.view
        if view is None or view.card is None:
            return
        card = view.card
        self.query_one("#task", TextPanel).show(block_text(card.task, unfolded, unfold_key),
                                                title=card.task.title,
                                                subtitle=card.task.subtitle)
        self.query_one("#answer", TextPanel).show(
            with_parsed(block_text(card.answer, unfolded, unfold_key), view.metrics),
            title=card.answer.title)

    def show_judge(self, typed: Mapping[str, int]) -> None:
        """The judge's panel beside the marks typed (or the decision standing)."""
        view = self.view
        assert view is not None
        state = self.session.state(view.item)
        judge = self.query_one("#judge", TextPanel)
        card = view.card
        if view.rubric is None:
            judge.show(unjudged_body(view.task.form.value, state), title="Judge")
            return
        judge.show(judge_body(view.rubric, view.judgment, state, typed,
                              reveal=self.session.judge_visible(view.item),
                              history=view.history,
                              said=card.judge_said if card is not None else None,
                              form=card.form if card is not None else FormKind.SEQUENCE),
                   title=f"Judge · {view.rubric.label}")

    @on(CriterionList.Moved)
    def _criterion_moved(self, event: CriterionList.Moved) -> None:
        """The focused criterion's details beside the list."""
        card = self.view.card if self.view is not None else None
        detail = card.criteria.get(event.criterion.key) if card is not None else None
        if detail is not None:
            self.query_one("#ground-truth", TextPanel).show(block_text(detail),
                                                            title=detail.title)
