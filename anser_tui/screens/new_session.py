"""The home screen's form for a new session: name, reviewer, order, seed, limit, blind."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Label, Select

from anser_tui.core.errors import InputError
from anser_tui.review.queue import QueueOrder
from anser_tui.review.sampling import Order
from anser_tui.screens.form import form_css, form_row

_ORDER_HELP = {
    Order.TASK: "benchmark order",
    Order.RANDOM: "seeded shuffle; with a limit, a simple random sample",
    Order.STRATIFIED: "by group, the limit shared in proportion",
    Order.DISAGREEMENT: "judge and metrics disagree most, first (not a sample)",
    Order.ACTIVE: "seeded, likely disagreements likelier first (weighted sample)",
}


@dataclass(frozen=True)
class SessionRequest:
    name: str | None  # None: the reviewer's next "{reviewer}-{k}"
    reviewer: str
    order: QueueOrder
    blind: bool


class NewSessionForm(ModalScreen[SessionRequest | None]):
    """Enter in a text field starts the session; Esc cancels."""

    DEFAULT_CSS = form_css("NewSessionForm", "form", 12)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="new-session.cancel")]

    def __init__(self, defaults: SessionRequest):
        super().__init__()
        self.defaults = defaults

    def compose(self) -> ComposeResult:
        d = self.defaults
        with Vertical():
            yield Label("Start a review session (its queue is fixed once started)")
            yield from self._row("Name", Input(d.name or "", id="form-name",
                                               placeholder=f"default: {d.reviewer}-N"))
            yield from self._row("Reviewer", Input(d.reviewer, id="form-reviewer"))
            yield from self._row("Order", Select(
                [(f"{o.value}: {_ORDER_HELP[o]}", o.value) for o in Order],
                value=d.order.order.value, allow_blank=False, id="form-order"))
            yield from self._row("Seed", Input(str(d.order.seed), id="form-seed",
                                               type="integer"))
            yield from self._row("Limit", Input(
                "" if d.order.limit is None else str(d.order.limit), id="form-limit",
                type="integer", placeholder="every item"))
            yield Checkbox("blind: hide the judge until my own marks are in", d.blind,
                           id="form-blind")
            yield Label("", id="form-error", markup=False)
            yield Label("Enter starts · Tab next field · Esc cancels", id="form-help")

    @staticmethod
    def _row(label: str, field: Input | Select[str]) -> ComposeResult:
        return form_row(label, field, "form-label")

    def _request(self) -> SessionRequest:
        reviewer = self.query_one("#form-reviewer", Input).value.strip()
        if not reviewer:
            raise InputError("give a reviewer name")
        seed = self.query_one("#form-seed", Input).value.strip()
        limit = self.query_one("#form-limit", Input).value.strip()
        order = QueueOrder(Order(str(self.query_one("#form-order", Select).value)),
                           int(seed) if seed else 0, int(limit) if limit else None)
        name = self.query_one("#form-name", Input).value.strip() or None
        return SessionRequest(name, reviewer, order,
                              self.query_one("#form-blind", Checkbox).value)

    @on(Input.Submitted)
    def submit(self) -> None:
        try:
            request = self._request()
        except (InputError, ValueError) as exc:
            reason = exc.reason if isinstance(exc, InputError) else str(exc)
            self.query_one("#form-error", Label).update(reason)
            return
        self.dismiss(request)

    def action_cancel(self) -> None:
        self.dismiss(None)
