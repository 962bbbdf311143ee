"""The review screen: one item at a time, decided with the keyboard.

It lays out the panels of the benchmark's review card (`benchmarks.card`) and never asks which
benchmark it shows; the card says how marks are typed (digits in order, or a criterion list)
and which keys it adds (unfold, flip, documents), and only those are bound, in the key bar and
in the help screen. Each decision is committed to the workspace by the marks bar before the
screen moves on; once committed, it is shown as the item's decision. What is typed and left
undecided is kept as that item's draft, shown again (and said so) when the reviewer comes back.

Rules the reviewer can rely on (the help screen repeats them):
- `a` with marks typed does nothing but say so: Enter commits the marks, Esc clears them.
- A reason (`r`) goes with the marks being typed; with none typed, with the item's standing
  decision; right after a commit that moved the screen on, with the item just decided.
- `f` and `s` toggle: on a flagged (skipped) item they take the flag (skip) back.
- `c` on an item with a comment edits the latest one; an empty edit removes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import Screen

from anser_tui.benchmarks.card import CardKey, FormKind
from anser_tui.judge_job import JudgeJob
from anser_tui.review.item_view import ItemView, load_item
from anser_tui.review.session import ReviewSession
from anser_tui.widgets.card_text import block_text
from anser_tui.widgets.criterion_list import CriterionList
from anser_tui.widgets.decision_bar import DecisionBar
from anser_tui.widgets.evidence_panel import EvidencePanel, library_of
from anser_tui.widgets.evidence_table import EvidenceTable
from anser_tui.widgets.key_bar import KeyBar
from anser_tui.widgets.queue_list import QueueList
from anser_tui.widgets.render import judge_body, metrics_body, unjudged_body, with_parsed
from anser_tui.widgets.review_header import ReviewHeader
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace.item import Item
from anser_tui.workspace.records import DecisionKind, ReasonCode

_MARKS = [Binding(str(d), f"mark({d})", "Marks", show=d == 0, key_display="0-4",
                  id=f"review.mark-{d}") for d in range(5)]
# the actions a benchmark's card adds, by the key it names
_CARD_ACTIONS = {"unfold": CardKey.UNFOLD, "flip": CardKey.FLIP}
_SEQUENCE_ACTIONS = {"mark", "unmark"}  # digits typed in order: not with a criterion list


@dataclass
class Draft:
    """Marks and a reason typed on an item and not committed (criteria: marks set one
    criterion at a time, by key)."""

    marks: list[int]
    reason: ReasonCode | None
    criteria: dict[str, int] = field(default_factory=dict)


class ReviewScreen(Screen[None]):
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
        Binding("e", "unfold", "Unfold", id="review.unfold"),
        Binding("x", "flip", "Flip verdict", id="review.flip"),
        Binding("f", "flag", "Flag", id="review.flag"),
        Binding("s", "skip", "Skip", id="review.skip"),
        Binding("u", "undo", "Undo", id="review.undo"),
        Binding("r", "reason", "Reason", id="review.reason"),
        Binding("c", "comment", "Comment", id="review.comment"),
        Binding("g", "go_to", "Go to", id="review.go-to"),
        Binding("l", "toggle_queue", "Queue", id="review.queue"),
        Binding("slash", "filter", "Filter", key_display="/", show=False, id="review.filter"),
        Binding("N", "jump('undecided')", "Next undecided", show=False,
                id="review.next-undecided"),
        Binding("F", "jump('flagged')", "Next flagged", show=False, id="review.next-flagged"),
        Binding("S", "jump('skipped')", "Next skipped", show=False, id="review.next-skipped"),
        Binding("D", "jump('disagreement')", "Next disagreement", show=False,
                id="review.next-disagreement"),
        Binding("K", "app.open_calibration", "Calibration", show=False,
                id="review.calibration"),
    ]

    position: var[int] = var(0, init=False)
    unfolded: var[bool] = var(False, init=False)  # folded sections of the card shown whole
    criteria_form: var[bool] = var(False, init=False)  # marks typed in a criterion list
    view: var[ItemView | None] = var(None, init=False)

    def __init__(self, session: ReviewSession):
        super().__init__()
        self.session = session
        self.drafts: dict[Item, Draft] = {}

    def compose(self) -> ComposeResult:
        yield ReviewHeader(self.session, id="header")
        with Horizontal(id="body"):
            yield QueueList(self.session, id="queue")
            with Vertical(id="main"):
                with Horizontal(id="top"):
                    with Vertical(id="left"):
                        yield TextPanel("Task", id="task")
                        yield TextPanel("Answer", id="answer")
                        yield TextPanel("Metrics", id="metrics")
                    with Vertical(id="right"):
                        yield TextPanel("Ground truth", id="ground-truth")
                        criteria = CriterionList(id="criteria")
                        yield criteria
                        yield TextPanel("Judge", id="judge")
                yield EvidencePanel(id="evidence")
                yield DecisionBar(self.session, criteria, id="decision-bar")
        yield KeyBar()

    def on_mount(self) -> None:
        first = self.session.first_undecided()
        self.set_reactive(ReviewScreen.position, 0 if first is None else first)
        self.show_item()
        if self.app.size.width >= 190:
            self.action_toggle_queue()

    # -- view state ----------------------------------------------------------------------
    @property
    def bar(self) -> DecisionBar:
        return self.query_one(DecisionBar)

    @property
    def pending(self) -> list[int]:
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
        item = self.session.items[new]
        draft = self.drafts.pop(item, None)
        self.show_item(draft)
        self.query_one(QueueList).highlight(new)

    def watch_criteria_form(self, criteria_form: bool) -> None:
        self.set_class(criteria_form, "-criteria")
        self.query_one(CriterionList).display = criteria_form
        self.refresh_bindings()

    def watch_unfolded(self) -> None:
        self._show_card()

    def watch_view(self) -> None:
        self.refresh_bindings()  # the card's keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys of the item's card and marks form are bound."""
        card = self.view.card if self.view is not None else None
        if action in _CARD_ACTIONS:
            return card is not None and card.offers(_CARD_ACTIONS[action])
        if action in _SEQUENCE_ACTIONS:
            return not self.criteria_form
        return True

    def key_areas(self) -> list[tuple[str, list[BindingType]]]:
        """The review keys this item binds, by area, for the help screen."""
        review = [b for b in self.BINDINGS if isinstance(b, Binding) and
                  self.check_action(b.action.split("(")[0], ())]
        areas: list[tuple[str, list[BindingType]]] = [("Review", list(review))]
        if self.criteria_form:
            areas.append(("Criteria", list(CriterionList.BINDINGS)))
        if self.view is not None and self.view.has_evidence:
            areas.append(("Evidence tables", list(EvidenceTable.BINDINGS)))
        return areas

    def _keep_draft(self, item: Item) -> None:
        """Keep what was typed on the item being left, and say so."""
        bar = self.bar
        criteria = dict(self.query_one(CriterionList).marks) if self.criteria_form else {}
        if bar.typed or bar.reason is not None or criteria:
            self.drafts[item] = Draft(list(bar.typed), bar.reason, criteria)
            typed = len(bar.typed) + len(criteria)
            what = f"{typed} mark{'s' * (typed != 1)}"
            if bar.reason is not None:
                what += " and a reason"
            self.notify(f"Draft kept for {item.task_id}: {what} (shown when you come back).",
                        timeout=3, markup=False)

    # -- showing -------------------------------------------------------------------------
    def _load(self) -> ItemView:
        library = library_of(self)
        return load_item(self.session, self.position, library.resolver if library else None)

    def show_item(self, draft: Draft | None = None) -> None:
        view = self._load()
        card = view.card
        assert card is not None
        self.criteria_form = card.form is FormKind.CRITERIA and view.rubric is not None
        self.view = view
        self.bar.load(view, draft.marks if draft else [], draft.reason if draft else None,
                      draft is not None)
        self._show_card()
        self.query_one("#metrics", TextPanel).display = bool(view.metric_names)
        self.query_one("#metrics", TextPanel).show(metrics_body(view))
        evidence = self.query_one("#evidence", EvidencePanel)
        evidence.display = view.has_evidence
        if view.diff is not None:
            evidence.show(view.diff, view.task.query)
        criteria = self.query_one(CriterionList)
        if self.criteria_form and view.rubric is not None:
            verdict = self.session.state(view.item).verdict
            judge = view.judgment.marks if view.judgment is not None and \
                self.session.judge_visible(view.item) else {}
            criteria.load(view.rubric, dict(judge), dict(verdict.marks) if verdict else {},
                          draft.criteria if draft else {})
            criteria.focus()
        elif card.reference is not None:
            self.query_one("#ground-truth", TextPanel).show(block_text(card.reference),
                                                            title=card.reference.title)
            if not view.has_evidence:
                self.query_one("#judge", TextPanel).focus()
        self.refresh_decision()

    def _show_card(self) -> None:
        """The task and answer panels, folded or not."""
        view = self.view
        if view is None or view.card is None:
            return
        card, key = view.card, self._key_of("unfold")
        self.query_one("#task", TextPanel).show(block_text(card.task, self.unfolded, key),
                                                title=card.task.title,
                                                subtitle=card.task.subtitle)
        self.query_one("#answer", TextPanel).show(
            with_parsed(block_text(card.answer, self.unfolded, key), view.metrics),
            title=card.answer.title)

    def _key_of(self, action: str) -> str:
        binding = next(b for b in self.BINDINGS if isinstance(b, Binding) and b.action == action)
        remapped = getattr(self.app, "settings", None)
        keymap = remapped.keymap if remapped is not None else {}
        return keymap.get(binding.id or "", binding.key)

    @on(CriterionList.Moved)
    def _criterion_moved(self, event: CriterionList.Moved) -> None:
        card = self.view.card if self.view is not None else None
        detail = card.criteria.get(event.criterion.key) if card is not None else None
        if detail is not None:
            self.query_one("#ground-truth", TextPanel).show(block_text(detail),
                                                            title=detail.title)

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
        state = self.session.state(view.item)
        judge = self.query_one("#judge", TextPanel)
        if view.rubric is None:
            judge.show(unjudged_body(view.task.form.value, state), title="Judge")
        else:
            card = view.card
            judge.show(judge_body(view.rubric, view.judgment, state, self.bar.marks_typed(),
                                  reveal=self.session.judge_visible(view.item),
                                  history=view.history,
                                  said=card.judge_said if card is not None else None,
                                  form=card.form if card is not None else FormKind.SEQUENCE),
                       title=f"Judge · {view.rubric.label}")
        self.bar.redraw()
        self.query_one(QueueList).update_item(self.position, view.item, state)
        self.query_one(ReviewHeader).show_item(view, self.position,
                                               self.query_one(QueueList).filter_text)

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
        queue = self.query_one(QueueList)
        queue.fill_once(self.position)
        queue.display = not queue.display
        if queue.display:
            queue.focus()

    def action_unfold(self) -> None:
        """Show (or fold again) the card's folded sections."""
        self.unfolded = not self.unfolded

    # -- moving --------------------------------------------------------------------------
    def action_next(self) -> None:
        queue = self.query_one(QueueList)
        following = queue.navigator.step(self.position, 1)
        if following is not None:
            self.position = following
        else:
            self.notify(f"Last {'matching ' if queue.navigator.filter.active else ''}item of "
                        "the queue.", timeout=2)

    def action_previous(self) -> None:
        preceding = self.query_one(QueueList).navigator.step(self.position, -1)
        if preceding is not None:
            self.position = preceding

    def _move_on(self, said: str) -> None:
        following = self.query_one(QueueList).navigator.step(self.position, 1)
        if following is not None:
            self.position = following
        else:
            self.refresh_decision()
            if said:
                self.notify(said, timeout=3)

    @on(DecisionBar.Committed)
    def _committed(self, event: DecisionBar.Committed) -> None:
        if event.visible:
            self._move_on("Decided the last item of the queue.")
            return
        # a blind verdict: stay, show the judge; the reviewer may revise, accept or move on
        self.show_item()
        self.notify("Judge revealed: a accepts its marks, digits revise yours, n moves on.",
                    timeout=4)

    # -- deciding (the marks bar decides; a refusal is said here) -------------------------
    def _judged(self) -> bool:
        """The LLM judge scores the current item; else a notice."""
        if self.view is not None and self.view.rubric is not None:
            return True
        self.notify("The LLM judge does not score this form: f flags it, c comments.",
                    severity="warning", timeout=3)
        return False

    def _refused(self, problem: str | None) -> None:
        if problem is not None:
            self.notify(problem, severity="warning", timeout=4)

    def action_accept(self) -> None:
        if self._judged():
            self._refused(self.bar.accept())

    def action_flip(self) -> None:
        if self._judged():
            self._refused(self.bar.flip())

    def action_mark(self, digit: int) -> None:
        if self._judged():
            self._refused(self.bar.type_mark(digit))

    def action_unmark(self) -> None:
        self.bar.unmark()

    def action_clear_marks(self) -> None:
        self.bar.clear()

    def action_commit(self) -> None:
        view = self.view
        assert view is not None
        if not self.bar.marks_typed() or view.rubric is None:
            self._open_sources(view)  # no marks typed: Enter opens the evidence or documents
            return
        self._refused(self.bar.commit())

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
            documents = self.session.benchmark.documents(self.session.store.data_dir,
                                                         view.task)
        except InputError as exc:
            self.notify(exc.message, severity="error", markup=False)
            return
        self.app.push_screen(DocumentSetScreen(view.card.task.title, documents))

    def action_reason(self) -> None:
        from anser_tui.screens.prompts import ReasonPicker  # its widgets load on first use

        if not self._judged():
            return
        item, decision = self.bar.reason_target()
        if decision is None:
            subject = f"{item.task_id} (the override you are typing)"
        else:
            what = "accept" if decision.kind is DecisionKind.ACCEPT else "override"
            subject = f"{item.task_id} (your {what}, already committed)"
        self.app.push_screen(ReasonPicker(subject), lambda code: self._reason_chosen(
            self.bar.reason_chosen(item, decision, code)))

    def _reason_chosen(self, said: str | None) -> None:
        if said is not None:
            self.notify(said, timeout=3, markup=False)

    def action_comment(self) -> None:
        from anser_tui.screens.prompts import TextPrompt

        view = self.view
        assert view is not None
        standing = self.session.state(view.item).comment_events
        latest = standing[-1] if standing else None
        prompt = TextPrompt(f"Edit the comment on {view.item.task_id} (empty removes it)",
                            value=latest.comment or "") if latest is not None else \
            TextPrompt(f"Comment on {view.item.task_id}")
        self.app.push_screen(prompt, lambda text: self._commented(
            view.item, text, latest.uid if latest is not None else None))

    def _commented(self, item: Item, text: str | None, replaces: str | None) -> None:
        if text is None and replaces is None:
            return
        self.session.mark(item, DecisionKind.COMMENT, comment=text or "", replaces=replaces)
        self.refresh_decision()

    # -- flags, skips, undo ----------------------------------------------------------------
    def action_flag(self) -> None:
        view = self.view
        assert view is not None
        flagged = self.session.toggle(view.item, DecisionKind.FLAG, self.bar.spent())
        self.notify("Flagged." if flagged else "Flag taken back.", timeout=2)
        self.refresh_decision()

    def action_skip(self) -> None:
        view = self.view
        assert view is not None
        if self.session.toggle(view.item, DecisionKind.SKIP, self.bar.spent()):
            self._move_on("")  # what was typed stays as the skipped item's draft
        else:
            self.notify("Skip taken back.", timeout=2)
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
            self.show_item()
        else:
            self.position = target

    # -- going to, filtering, jumping (the queue moves; the screen follows) ---------------
    @property
    def filter_text(self) -> str:
        """The filter in force, in one line ("" when none): for the header."""
        return self.query_one(QueueList).filter_text

    def action_go_to(self) -> None:
        from anser_tui.screens.prompts import IdSuggester, TextPrompt

        view, queue = self.view, self.query_one(QueueList)
        assert view is not None
        self.app.push_screen(TextPrompt("Go to task id (Tab completes)",
                                        placeholder="e.g. legal_zh_descriptive_1",
                                        suggester=IdSuggester(queue.navigator.task_ids())),
                             lambda task_id: queue.go_to(view.item.run, task_id))

    def action_filter(self) -> None:
        from anser_tui.screens.filter import FilterScreen

        queue, position = self.query_one(QueueList), self.position
        self.app.push_screen(FilterScreen(queue.navigator.filter, queue.vocabulary(),
                                          queue.navigator.count),
                             lambda chosen: queue.apply_filter(position, chosen))

    def action_jump(self, kind: str) -> None:
        self.query_one(QueueList).jump(self.position, kind)

    @on(QueueList.Jumped)
    def _jumped(self, event: QueueList.Jumped) -> None:
        self.position = event.position

    @on(QueueList.FilterChanged)
    def _filter_changed(self) -> None:
        self.refresh_decision()  # the header shows the filter
