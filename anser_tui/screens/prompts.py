"""Small modal prompts of the review screen: one line of text, or a reason code."""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from anser_tui.workspace.records import ReasonCode

_MODAL_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 72; height: auto; padding: 1 2;
    border: round $accent; background: $panel;
}}
{name} Label {{ margin-bottom: 1; }}
"""


class TextPrompt(ModalScreen[str | None]):
    """Ask for one line of text; Enter returns it, Esc returns None."""

    DEFAULT_CSS = _MODAL_CSS.format(name="TextPrompt")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="prompt.cancel")]

    def __init__(self, question: str, placeholder: str = "", value: str = ""):
        super().__init__()
        self.question = question
        self.placeholder = placeholder
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question, markup=False)
            yield Input(value=self.value, placeholder=self.placeholder)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReasonPicker(ModalScreen[ReasonCode | None]):
    """Choose why the judge was overridden: one of the seven reason codes, by digit or arrow."""

    DEFAULT_CSS = _MODAL_CSS.format(name="ReasonPicker")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="reason.cancel")]

    def __init__(self, subject: str):
        super().__init__()
        self.subject = subject  # which item and decision the reason goes with

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Reason for {self.subject}", markup=False, id="reason-subject")
            yield Label("Why does your mark differ from the judge's?")
            yield OptionList(*(Option(f"{i}  {code.value}", id=code.name)
                               for i, code in enumerate(ReasonCode, start=1)))

    def on_key(self, event: events.Key) -> None:
        """A digit picks the code of that number."""
        codes = list(ReasonCode)
        if event.character and event.character.isdigit() and 1 <= int(event.character) <= len(
                codes):
            event.stop()
            self.dismiss(codes[int(event.character) - 1])

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(ReasonCode[event.option.id or "OTHER"])

    def action_cancel(self) -> None:
        self.dismiss(None)
