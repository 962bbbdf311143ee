"""The panels of one item's review card: task, answer and metrics on the left; the reference
(or, for a criterion list, the focused criterion's details), the criterion list and the judge
on the right. They lay out what the benchmark's card hands them and never ask which benchmark
it is; the judge panel counts a criterion list's marks and follows the marks being typed.

Their heights and the split between the columns follow what each panel holds
(`widgets.panel_fit`), fitted again whenever a panel's text or the space changes; `zoom` gives
one panel the whole of it, and back. A new item also changes the height of what is below them
(the evidence tables, as tall as their rows; the marks bar, as tall as its text), so they are
fitted to the rows the next layout will leave them, and each text panel is told its size
before it gets it: one layout and one frame show the item, not a frame with the panels of the
old height and a second one fitted again after the resize.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from anser_tui.benchmarks.card import FormKind
from anser_tui.review.item_view import ItemView
from anser_tui.review.session import ReviewSession
from anser_tui.widgets.card_text import block_text
from anser_tui.widgets.criterion_list import CriterionList, binary_marks
from anser_tui.widgets.layout_ahead import Unscrolled, first_layout_size, laid_out_height
from anser_tui.widgets.panel_fit import BORDER_ROWS, SIDE_CELLS, Slot, fit
from anser_tui.widgets.render import judge_body, metrics_body, unjudged_body, with_parsed
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace.rubric import Mark

LEAST = {"task": 4, "answer": 4, "metrics": 3, "ground-truth": 3, "criteria": 5, "judge": 6}
ZOOMABLE = ("task", "answer", "metrics", "ground-truth", "criteria", "judge")


class Column(Vertical, Unscrolled):
    """One column of panels. It draws blank lines in its background (`BLANK`: it has no
    border, padding or text of its own, and its panels cover it): every item resizes the
    columns, and Textual would otherwise draw their full height through its styles cache."""

    BLANK = True


class ItemPanels(Horizontal, Unscrolled):
    BLANK = True  # as a Column: its columns cover it
    DEFAULT_CSS = """
    ItemPanels .-zoomed-away { display: none !important; }
    """

    def __init__(self, session: ReviewSession, *, id: str | None = None):
        super().__init__(id=id)
        self.session = session
        self.view: ItemView | None = None
        self.criteria = CriterionList(id="criteria")
        self.zoomed: str | None = None  # the panel given the whole space, if any
        self._held = 0  # inside `fitted_once`: refits wait for its end
        self._detail: tuple[ItemView | None, str] | None = None  # the criterion detailed

    def compose(self) -> ComposeResult:
        with Column(id="left"):
            yield TextPanel("Task", id="task")
            yield TextPanel("Answer", id="answer")
            yield TextPanel("Metrics", id="metrics")
        with Column(id="right"):
            yield TextPanel("Ground truth", id="ground-truth")
            yield self.criteria
            yield TextPanel("Judge", id="judge")

    def show(self, view: ItemView, criteria_form: bool, typed: Mapping[str, Mark],
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
        self.query_one("#ground-truth", TextPanel).reserve(
            [block_text(d) for d in card.criteria.values()] if criteria_form else [])
        if criteria_form and view.rubric is not None:
            verdict = self.session.state(view.item).verdict
            judge = view.judgment.marks if view.judgment is not None and \
                self.session.judge_visible(view.item) else {}
            self.criteria.load(view.rubric, binary_marks(judge),
                               binary_marks(verdict.marks) if verdict else {},
                               binary_marks(typed))
            self._show_detail(view.rubric.criteria[0].key)  # in this frame, not after `Moved`
            self.criteria.focus()
        elif card.reference is not None:
            self._detail = None
            self.query_one("#ground-truth", TextPanel).show(block_text(card.reference),
                                                            title=card.reference.title)
            if not view.has_evidence:
                self.query_one("#judge", TextPanel).focus()
        self.refit()

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
        self.refit()

    def show_judge(self, typed: Mapping[str, Mark]) -> None:
        """The judge's panel beside the marks typed (or the decision standing)."""
        view = self.view
        assert view is not None
        state = self.session.state(view.item)
        judge = self.query_one("#judge", TextPanel)
        card = view.card
        if view.rubric is None:
            judge.show(unjudged_body(view.task.form.value, state), title="Judge")
            self.refit()
            return
        judge.show(judge_body(view.rubric, view.judgment, state, typed,
                              reveal=self.session.judge_visible(view.item),
                              history=view.history,
                              said=card.judge_said if card is not None else None,
                              form=card.form if card is not None else FormKind.SEQUENCE),
                   title=f"Judge · {view.rubric.label}")
        self.refit()

    @on(CriterionList.Moved)
    def _criterion_moved(self, event: CriterionList.Moved) -> None:
        """The focused criterion's details beside the list. The panel was fitted to the
        longest criterion's details (`TextPanel.reserve`), so moving along the list leaves
        the layout and the list's rows where they are; fitted again only if they are cut."""
        if not self._show_detail(event.criterion.key):
            return
        panel = self.query_one("#ground-truth", TextPanel)
        width, height = panel.size
        if not width or panel.lines_at(width - SIDE_CELLS) + BORDER_ROWS > height:
            self.refit()

    def _show_detail(self, key: str) -> bool:
        """The details of criterion `key` in the reference panel (once: a new item shows its
        first criterion's at once, and the list's `Moved` for it then changes nothing);
        whether they were shown now."""
        card = self.view.card if self.view is not None else None
        detail = card.criteria.get(key) if card is not None else None
        shown = self._detail
        if detail is None or (shown is not None and shown[0] is self.view and shown[1] == key):
            return False
        self._detail = (self.view, key)
        self.query_one("#ground-truth", TextPanel).show(block_text(detail), title=detail.title)
        return True

    # -- fitting -------------------------------------------------------------------------
    def on_resize(self) -> None:
        self.refit()

    def _slot(self, name: str, width: int, rank: int, counted: bool = True) -> Slot:
        """The panel `name` at `width` cells; the judge's is kept whole first."""
        panel = self.query_one(f"#{name}")
        if isinstance(panel, TextPanel):
            need = panel.lines_at(width - SIDE_CELLS) + BORDER_ROWS
        else:  # the criterion list: a header line and a line a criterion
            rubric = self.criteria.rubric
            need = (len(rubric.criteria) if rubric else 0) + 1 + BORDER_ROWS
        return Slot(name, need, LEAST[name], rank, counted, kept=name == "judge")

    def _left(self, width: int) -> list[Slot]:
        slots = [self._slot("task", width, 0), self._slot("answer", width, 1)]
        if self.query_one("#metrics").display:
            slots.append(self._slot("metrics", width, 2, counted=False))
        return slots

    def _right(self, width: int) -> list[Slot]:
        if self.criteria.display:  # the focused criterion's details, the list, the judge
            return [self._slot("ground-truth", width, 0), self._slot("criteria", width, 2, False),
                    self._slot("judge", width, 1)]
        return [self._slot("ground-truth", width, 1), self._slot("judge", width, 0)]

    @contextmanager
    def fitted_once(self) -> Iterator[None]:
        """Show several panels and fit them once, at the end (a new item fills every panel)."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held:
                self.refit()

    def _room(self) -> int:
        """The rows the next layout gives the panels: in a vertical parent where they are the
        one share (`fr`), its height less what its other children take, as the layout will
        work them out from their styles now (the evidence tables' rows, the marks bar's
        text); else the height they have."""
        parent = self.parent
        height = self.styles.height
        if not isinstance(parent, Widget) or height is None or not height.is_fraction or \
                parent.styles.layout is None or parent.styles.layout.name != "vertical" or \
                parent.size.height <= 0:
            return self.size.height
        taken = 0
        for child in parent.children:
            if child is self or not child.display:
                continue
            rows = laid_out_height(child)
            if rows is None:  # another share: the layout splits them
                return self.size.height
            taken += rows + child.styles.margin.height
        return max(0, parent.size.height - taken)

    def refit(self) -> None:
        """Heights and widths from what the panels hold now (or the zoomed panel alone)."""
        if self._held:
            return
        width, height = self.size.width, self._room()
        if width <= 0 or height <= 0:  # before the first layout: fitted to what it will give
            width, height = first_layout_size(self) or (width, height)
        if self.view is None or width <= 0 or height <= 0:
            return
        left, right = self.query_one("#left"), self.query_one("#right")
        for column in (left, right):
            for panel in column.children:
                panel.set_class(self.zoomed is not None and panel.id != self.zoomed,
                                "-zoomed-away")
        if self.zoomed is not None:
            zoomed = self.query_one(f"#{self.zoomed}")
            for column in (left, right):
                column.display = zoomed.parent is column
                column.styles.width = "1fr"
            zoomed.styles.height = "1fr"
            return
        left.display = right.display = True
        grow = ("answer", "criteria" if self.criteria.display else "ground-truth")
        left_width, rows = fit(width, height, self._left, self._right, grow)
        if left.styles.width is None or left.styles.width.value != left_width:
            left.styles.width = left_width
        for name, count in rows.items():
            panel = self.query_one(f"#{name}")
            if panel.styles.height is None or panel.styles.height.value != count or \
                    panel.styles.height.unit.name != "CELLS":
                panel.styles.height = count
            if isinstance(panel, TextPanel):
                panel.expect(left_width if panel.parent is left else width - left_width, count)
            elif isinstance(panel, CriterionList):
                panel.expect(count - BORDER_ROWS)

    def zoom(self, name: str | None) -> None:
        """Give the panel `name` the whole space (None: back to the fitted layout)."""
        self.zoomed = name
        self.refit()
