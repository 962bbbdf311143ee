"""The review screen: one item at a time, decided with the keyboard.

It lays out the panels of the benchmark's review card (`benchmarks.card`) and never asks which
benchmark it shows; the card says how marks are typed (digits in order, or a criterion list)
and which keys it adds (unfold, flip, documents), and only those are bound, in the key bar and
in the help screen. Each decision is committed to the workspace by the marks bar before the
screen moves on; once committed, it is shown as the item's decision. What is typed and left
undecided is kept as that item's draft, shown again (and said so) when the reviewer comes back.

The rules of deciding (reasons, toggles, drafts, blind review) are the help screen's.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.reactive import var
from textual.screen import Screen

from anser_tui.benchmarks.card import CardKey, FormKind
from anser_tui.corpora.library import CorpusLibrary
from anser_tui.judge_job import JudgeJob
from anser_tui.review.drafts import Draft, DraftBook
from anser_tui.review.item_view import ItemView, load_item
from anser_tui.review.reasons import reason_subject
from anser_tui.review.session import ReviewSession
from anser_tui.screens.review_keys import (
    MARKS,
    NUMBER_ACTION,
    REVIEW_BINDINGS,
    bound,
    key_areas,
    marks_shown,
)
from anser_tui.widgets.criterion_list import CriterionList
from anser_tui.widgets.decision_bar import DecisionBar
from anser_tui.widgets.evidence_panel import EvidencePanel
from anser_tui.widgets.evidence_table import EvidenceTable
from anser_tui.widgets.item_panels import ZOOMABLE, ItemPanels
from anser_tui.widgets.key_bar import KeyBar
from anser_tui.widgets.queue_list import QueueList
from anser_tui.widgets.review_header import ReviewHeader
from anser_tui.workspace.item import Item
from anser_tui.workspace.records import ReasonCode
from anser_tui.workspace.rubric import CriterionKind, Mark


class ReviewScreen(Screen[None]):
    # Enter (with no marks typed) opens the highlighted evidence row of the focused table;
    # Tab moves on to the gold table, then to the text panels, which the arrows then scroll.
    AUTO_FOCUS = "#retrieved"
    # Textual declares these as plain (instance) attributes: a ClassVar annotation clashes
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (140, "-medium"), (190, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (42, "-tall"), (56, "-roomy")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = list(REVIEW_BINDINGS)

    position: var[int] = var(0, init=False)
    unfolded: var[bool] = var(False, init=False)  # folded sections of the card shown whole
    criteria_form: var[bool] = var(False, init=False)  # marks typed in a criterion list
    view: var[ItemView | None] = var(None, init=False)
    zoomed: var[str | None] = var(None, init=False)  # the panel given the screen, if any

    def __init__(self, session: ReviewSession, data_dir: Path | None = None,
                 library: CorpusLibrary | None = None, show_timings: bool = True):
        """`data_dir`: where the item's documents are (default: the workspace's folder);
        `library`: the evidence corpora (None: evidence ids without their documents);
        `show_timings`: the header shows the reviewer's pace."""
        super().__init__(classes=" ".join(self._breakpoints(self.app.size)))
        self.session = session
        self.data_dir = data_dir or session.store.data_dir
        self.library = library
        self.show_timings = show_timings
        self.drafts = DraftBook()
        # The queue list moves along the queue from the start, but is mounted only when first
        # shown or when it speaks (a jump, a go-to, a filter): most reviews never open it, and
        # the first paint neither styles nor lays it out (~15 ms CPU of start-up).
        self.queue_list = QueueList(session, id="queue")

    def _breakpoints(self, size: Size) -> list[str]:
        """The breakpoint classes of `size`, as Textual sets them on the first resize: given
        before the first layout, it is the right one, not restyled and laid out again."""
        found = []
        for dimension, breakpoints in ((size.width, self.HORIZONTAL_BREAKPOINTS),
                                       (size.height, self.VERTICAL_BREAKPOINTS)):
            found += [name for least, name in sorted(breakpoints, reverse=True)
                      if dimension >= least][:1]
        return found

    def compose(self) -> ComposeResult:
        yield ReviewHeader(self.session, show_pace=self.show_timings, id="header")
        # the queue list joins the body, first, when first needed (`_mounted_queue`)
        with Horizontal(id="body"), Vertical(id="main"):
            panels = ItemPanels(self.session, id="top")
            yield panels
            yield EvidencePanel(self.library, id="evidence")
            yield DecisionBar(self.session, panels.criteria, id="decision-bar")
        yield KeyBar()

    def on_mount(self) -> None:
        first = self.session.first_undecided()
        self.set_reactive(ReviewScreen.position, 0 if first is None else first)
        self.show_item()
        if self.app.size.width >= 190:
            self.action_toggle_queue()

    def _mounted_queue(self) -> QueueList:
        """The queue list, mounted in the body before the main column if not yet: what shows
        it, or has it post a message (a jump, a go-to, a filter), asks for this one."""
        if not self.queue_list.is_attached:
            self.query_one("#body").mount(self.queue_list, before="#main")
        return self.queue_list

    # -- view state ----------------------------------------------------------------------
    @property
    def bar(self) -> DecisionBar:
        return self.query_one(DecisionBar)

    @property
    def pending(self) -> list[Mark]:
        """The digit marks typed on the item, in rubric order."""
        return self.bar.typed

    @property
    def pending_reason(self) -> ReasonCode | None:
        return self.bar.reason

    @property
    def restored(self) -> bool:
        return self.bar.restored

    @property
    def criterion_mode(self) -> bool:
        """The item's card has its criteria marked one at a time."""
        return self.criteria_form

    def watch_position(self, new: int) -> None:
        if self.view is not None:
            self._keep_draft(self.view.item)
        self.zoomed = None  # each item opens whole, fitted
        self.show_item(self.drafts.take(self.session.items[new]))
        self.queue_list.highlight(new)

    def watch_criteria_form(self, criteria_form: bool) -> None:
        self.set_class(criteria_form, "-criteria")
        self.refresh_bindings()

    def watch_unfolded(self, unfolded: bool) -> None:
        self.set_class(unfolded, "-unfolded")
        self.query_one(ItemPanels).show_card(unfolded, self._key_of("unfold"))

    def watch_view(self, view: ItemView | None) -> None:
        """The item (or its judgment) changed: the widgets that show it follow."""
        self.query_one(ItemPanels).view = view
        self.bar.view = view
        self.refresh_bindings()  # the card's keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys of the item's card and marks form are bound."""
        card = self.view.card if self.view is not None else None
        # the rubric is scanned for a number criterion only for the number keys' action: the
        # key bar and the screen ask this of every binding, twice an item
        return bound(action, card, self.criteria_form,
                     action == NUMBER_ACTION and self._numbers())

    def _numbers(self) -> bool:
        """The item's rubric has a number criterion (its keys 5-9, '.', '-' are bound)."""
        rubric = self.view.rubric if self.view is not None else None
        return rubric is not None and any(c.kind is CriterionKind.NUMBER
                                          for c in rubric.criteria)

    def key_areas(self) -> list[tuple[str, list[BindingType]]]:
        """The review keys this item binds, by area, for the help screen."""
        view = self.view
        return key_areas(view.card if view is not None else None, self.criteria_form,
                         view is not None and view.has_evidence, self._numbers())

    def _keep_draft(self, item: Item) -> None:
        """Keep what was typed on the item being left, and say so."""
        bar = self.bar
        draft = Draft(list(bar.typed), bar.reason,
                      dict(self.query_one(CriterionList).marks) if self.criteria_form else {},
                      bar.number)
        if self.drafts.keep(item, draft):
            self.notify(f"Draft kept for {item.task_id}: {draft.describe()} (shown when you "
                        "come back).", timeout=3, markup=False)

    # -- showing -------------------------------------------------------------------------
    def _load(self) -> ItemView:
        return load_item(self.session, self.position, self.library)

    def show_item(self, draft: Draft | None = None) -> None:
        with self.query_one(KeyBar).held():  # the keys drawn once, as the item binds them
            self._show_item(draft)

    def _show_item(self, draft: Draft | None) -> None:
        view = self._load()
        assert view.card is not None
        self.criteria_form = view.card.form is FormKind.CRITERIA and view.rubric is not None
        self.view = view
        self.query_one(KeyBar).show_as({MARKS[0].id or "": marks_shown(view.rubric)})
        self.bar.load(view, draft.marks if draft else [], draft.reason if draft else None,
                      draft is not None, draft.number if draft else "")
        panels = self.query_one(ItemPanels)
        with panels.fitted_once():
            panels.show(view, self.criteria_form, draft.criteria if draft else {},
                        self.unfolded, self._key_of("unfold"))
            evidence = self.query_one("#evidence", EvidencePanel)
            evidence.display = view.has_evidence and self.zoomed in (None, "evidence")
            if view.diff is not None:
                evidence.show(view.diff, view.task.query)
            self.refresh_decision()

    def _key_of(self, action: str) -> str:
        """The key bound to `action` as the key bar shows it (remapped keys as remapped)."""
        bound = next((b for _node, b, _on, _tip in self.active_bindings.values()
                      if b.action == action), None)
        return self.app.get_key_display(bound) if bound is not None else action

    @on(CriterionList.Marked)
    def _criterion_marked(self) -> None:
        self.bar.restored = False
        self.refresh_decision()

    @on(DecisionBar.Typed)
    def _typed(self) -> None:
        self.refresh_decision()

    def refresh_decision(self) -> None:
        view = self.view
        assert view is not None
        self.query_one(ItemPanels).show_judge(self.bar.marks_typed())
        self.bar.redraw()
        self.queue_list.update_item(self.position, view.item, self.session.state(view.item))
        self.query_one(ReviewHeader).show_item(view, self.position, self.filter_text)

    @on(JudgeJob.JudgmentStored)
    def _judgment_stored(self, message: JudgeJob.JudgmentStored) -> None:
        """The judge wrote a judgment: show it if it is the current item's."""
        if self.view is not None and self.view.item == Item(message.run, message.task_id):
            self.view = self._load()
            self.refresh_decision()

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
        shown = self.queue_list.is_attached and self.queue_list.display  # unmounted: hidden
        queue = self._mounted_queue()
        queue.fill_once(self.position)
        queue.display = not shown
        if queue.display:
            queue.focus()

    def watch_zoomed(self, zoomed: str | None) -> None:
        """One panel (a card panel, or the evidence tables) takes the body; None: all again."""
        self.set_class(zoomed is not None, "-zoomed")
        panels, evidence = self.query_one(ItemPanels), self.query_one("#evidence", EvidencePanel)
        panels.display = zoomed != "evidence"
        panels.zoom(None if zoomed == "evidence" else zoomed)
        evidence.set_class(zoomed == "evidence", "-zoomed")
        evidence.display = zoomed == "evidence" or (
            zoomed is None and self.view is not None and self.view.has_evidence)

    def action_zoom(self) -> None:
        """Give the focused panel the screen (the task's when none is focused), or take it
        back."""
        if self.zoomed is not None:
            self.zoomed = None
            return
        focused = self.focused
        if isinstance(focused, EvidenceTable):
            self.zoomed = "evidence"
        elif focused is not None and focused.id in ZOOMABLE:
            self.zoomed = focused.id
        else:
            self.zoomed = "task"

    def action_unfold(self) -> None:
        """Show (or fold again) the card's folded sections."""
        self.unfolded = not self.unfolded

    # -- moving --------------------------------------------------------------------------
    def _step(self, step: int, at_end: str = "") -> None:
        """To the next (previous) item the filter lets through; at the end, say `at_end`."""
        target = self.queue_list.navigator.step(self.position, step)
        if target is not None:
            self.position = target
        elif at_end:
            self.refresh_decision()
            self.notify(at_end, timeout=3)

    def action_next(self) -> None:
        matching = "matching " if self.queue_list.navigator.filter.active else ""
        self._step(1, f"Last {matching}item of the queue.")

    def action_previous(self) -> None:
        self._step(-1)

    @on(DecisionBar.Committed)
    def _committed(self, event: DecisionBar.Committed) -> None:
        if event.visible:
            self._step(1, "Decided the last item of the queue.")
            return
        # a blind verdict: stay, show the judge; the reviewer may revise, accept or move on
        self.show_item()
        self.notify("Judge revealed: a accepts its marks, digits revise yours, n moves on.",
                    timeout=4)

    # -- deciding (the marks bar decides, and says why it does not) -----------------------
    def action_accept(self) -> None:
        self.bar.accept()

    def action_flip(self) -> None:
        self.bar.flip()

    def action_mark(self, digit: int) -> None:
        self.bar.type_mark(digit)

    def action_number_key(self, key: str) -> None:
        self.bar.type_number_key(key)

    def action_unmark(self) -> None:
        self.bar.unmark()

    def action_clear_marks(self) -> None:
        self.bar.clear()

    def action_commit(self) -> None:
        view = self.view
        assert view is not None
        if not self.bar.typing or view.rubric is None:
            # no marks typed: Enter acts on what has focus: a queue row is gone to; otherwise
            # the evidence row or the item's documents are opened
            if isinstance(self.focused, QueueList):
                self.focused.chosen_highlighted()
            else:
                self._open_sources(view)
            return
        self.bar.commit()

    def _open_sources(self, view: ItemView) -> None:
        """Enter with nothing typed: the highlighted evidence row's document, or the item's
        documents where its card offers them."""
        if view.has_evidence:
            self.query_one("#evidence", EvidencePanel).open_highlighted()
            return
        if view.card is None or not view.card.offers(CardKey.DOCUMENTS):
            return
        from anser_tui.core.errors import InputError
        from anser_tui.screens.document_set import DocumentSetScreen

        try:
            documents = self.session.benchmark.documents(self.data_dir, view.task)
        except InputError as exc:
            self.notify(exc.message, severity="error", markup=False)
            return
        self.app.push_screen(DocumentSetScreen(view.card.task.title, documents))

    def action_reason(self) -> None:
        from anser_tui.screens.prompts import ReasonPicker  # its widgets load on first use

        if not self.bar.judged():
            return
        item, decision = self.bar.reason_target()
        self.app.push_screen(ReasonPicker(reason_subject(item, decision)),
                             lambda code: self.bar.reason_chosen(item, decision, code))

    def action_comment(self) -> None:
        from anser_tui.screens.prompts import TextPrompt

        view = self.view
        assert view is not None
        standing = self.session.state(view.item).comment_events
        latest = standing[-1] if standing else None
        prompt = TextPrompt(f"Edit the comment on {view.item.task_id} (empty removes it)",
                            value=latest.comment or "") if latest is not None else \
            TextPrompt(f"Comment on {view.item.task_id}")
        self.app.push_screen(prompt, lambda text: self.bar.comment(
            view.item, text, latest.uid if latest is not None else None))

    # -- flags, skips, undo (the marks bar records them) -------------------------------
    def action_flag(self) -> None:
        self.bar.flag()

    def action_skip(self) -> None:
        self.bar.skip()

    def action_undo(self) -> None:
        self.bar.undo()

    @on(DecisionBar.Skipped)
    def _skipped(self) -> None:
        self._step(1)  # what was typed stays as the skipped item's draft

    @on(DecisionBar.Undone)
    def _undone(self, event: DecisionBar.Undone) -> None:
        target = self.session.items.index(event.item)
        if target == self.position:
            self.show_item()
        else:
            self.position = target

    # -- going to, filtering, jumping (the queue moves; the screen follows) ---------------
    @property
    def filter_text(self) -> str:
        """The filter in force, in one line ("" when none): for the header."""
        return self.queue_list.filter_text

    def action_go_to(self) -> None:
        from anser_tui.screens.prompts import IdSuggester, TextPrompt

        view, queue = self.view, self._mounted_queue()
        assert view is not None
        self.app.push_screen(TextPrompt("Go to task id (Tab completes)",
                                        placeholder="e.g. legal_zh_descriptive_1",
                                        suggester=IdSuggester(queue.navigator.task_ids())),
                             lambda task_id: queue.go_to(view.item.run, task_id))

    def action_filter(self) -> None:
        from anser_tui.screens.filter import FilterScreen

        queue, position = self._mounted_queue(), self.position
        self.app.push_screen(FilterScreen(queue.navigator.filter, queue.vocabulary(),
                                          queue.navigator.count),
                             lambda chosen: queue.apply_filter(position, chosen))

    def action_jump(self, kind: str) -> None:
        self._mounted_queue().jump(self.position, kind)

    @on(QueueList.Jumped)
    def _jumped(self, event: QueueList.Jumped) -> None:
        self.position = event.position

    @on(QueueList.FilterChanged)
    def _filter_changed(self) -> None:
        self.refresh_decision()  # the header shows the filter
