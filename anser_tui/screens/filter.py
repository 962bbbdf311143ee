"""The `/` filter of the review screen: a small form whose fields make an `ItemFilter`.

Enter in a text field applies the filter (a filter no queue item passes is refused, with the
reason shown); Esc clears it. The form opens filled with the filter in force.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Label, Select

from anser_tui.review.item_filter import ItemFilter, Status, Vocabulary
from anser_tui.screens.form import form_css, form_row
from anser_tui.screens.prompts import IdSuggester


class FilterScreen(ModalScreen[ItemFilter]):
    """Returns the filter to apply (an empty one: every item again)."""

    DEFAULT_CSS = form_css("FilterScreen", "filter", 14)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "clear", "Clear filter", id="filter.clear")]

    def __init__(self, current: ItemFilter, known: Vocabulary,
                 count: Callable[[ItemFilter], int]):
        super().__init__()
        self.current = current
        self.known = known
        self.count = count

    def compose(self) -> ComposeResult:
        fields = self.current.fields()
        with Vertical():
            yield Label("Filter the queue (n, p and the jumps stop only at matching items)")
            yield from self._row("Group", Input(
                fields["groups"], placeholder="any; several: a,b", id="filter-groups",
                suggester=IdSuggester(list(self.known.groups), separator=",")))
            yield from self._row("Form", Input(
                fields["forms"], placeholder="any: " + ", ".join(self.known.forms),
                id="filter-forms", suggester=IdSuggester(list(self.known.forms), separator=",")))
            yield from self._row("Status", Select(
                [(s.value, s.value) for s in Status], prompt="any",
                value=self.current.status.value if self.current.status else Select.NULL,
                id="filter-status"))
            yield from self._row("Judge score", Input(
                fields["judge"], placeholder="any; e.g. 40-80, 80-, -40", id="filter-judge"))
            yield from self._row("Metric", Input(
                fields["metric"], placeholder="e.g. BERTScore-F1 >= 0.8", id="filter-metric",
                suggester=IdSuggester(list(self.known.metrics))))
            with Horizontal():
                yield Checkbox("flagged", self.current.flagged, id="filter-flagged")
                yield Checkbox("judge and metrics disagree", self.current.disagreement,
                               id="filter-disagreement")
            yield Label("", id="filter-error", markup=False)
            yield Label("Enter applies · Tab next field · Space ticks · Esc clears the filter",
                        id="filter-help")

    @staticmethod
    def _row(label: str, field: Input | Select[str]) -> ComposeResult:
        return form_row(label, field, "filter-label")

    def _filter(self) -> ItemFilter:
        status = self.query_one("#filter-status", Select).value
        return ItemFilter.from_fields(
            groups=self.query_one("#filter-groups", Input).value,
            forms=self.query_one("#filter-forms", Input).value,
            status="" if status is Select.NULL else str(status),
            judge=self.query_one("#filter-judge", Input).value,
            metric=self.query_one("#filter-metric", Input).value,
            flagged=self.query_one("#filter-flagged", Checkbox).value,
            disagreement=self.query_one("#filter-disagreement", Checkbox).value,
            known=self.known)

    @on(Input.Submitted)
    def apply(self) -> None:
        error = self.query_one("#filter-error", Label)
        try:
            chosen = self._filter()
        except ValueError as exc:
            error.update(str(exc))
            return
        if chosen.active and self.count(chosen) == 0:
            error.update(f"No item of the queue matches {chosen.describe()}.")
            return
        self.dismiss(chosen)

    def action_clear(self) -> None:
        self.dismiss(ItemFilter())
