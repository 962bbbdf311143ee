"""Small modal prompts of the review screen: one line of text (with completion), or a reason
code."""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from anser_tui.review.navigation import complete_id
from anser_tui.workspace.records import ReasonCode

_MODAL_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 72; height: auto; padding: 1 2;
    border: round $accent; background: $panel;
}}
{name} Label {{ margin-bottom: 1; }}
"""


class IdSuggester(Suggester):
    """Completes an id among `ids` (`sessions.navigation.complete_id`): the part every
    matching id shares, or the first matching id. With a `separator`, the value is a list
    and its last entry is completed."""

    def __init__(self, ids: list[str], separator: str | None = None):
        super().__init__(use_cache=True, case_sensitive=True)
        self.ids = ids
        self.separator = separator

    async def get_suggestion(self, value: str) -> str | None:
        head, sep, tail = value.rpartition(self.separator) if self.separator else ("", "", value)
        completed = complete_id(self.ids, tail.lstrip())
        if completed is None:
            return None
        return f"{head}{sep}{tail[:len(tail) - len(tail.lstrip())]}{completed}"


class TextPrompt(ModalScreen[str | None]):
    """Ask for one line of text; Enter returns it, Esc returns None. With a suggester, the
    completion shows dimmed after the cursor; Tab (or the right arrow) takes it, and so does
    Enter: what is returned is the line as shown, completion included."""

    DEFAULT_CSS = _MODAL_CSS.format(name="TextPrompt")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="prompt.cancel"),
        Binding("tab", "complete", "Complete", show=False, id="prompt.complete")]

    def __init__(self, question: str, placeholder: str = "", value: str = "",
                 suggester: Suggester | None = None):
        super().__init__()
        self.question = question
        self.placeholder = placeholder
        self.value = value
        self.suggester = suggester

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question, markup=False)
            yield Input(value=self.value, placeholder=self.placeholder, suggester=self.suggester)

    def action_complete(self) -> None:
        """Take the completion shown, if any."""
        field = self.query_one(Input)
        field.cursor_position = len(field.value)
        field.action_cursor_right()

    @on(Input.Submitted)
    async def _submitted(self, event: Input.Submitted) -> None:
        value = event.value
        if self.suggester is not None:
            shown = await self.suggester.get_suggestion(value)
            if shown is not None and len(shown) > len(value) and shown.startswith(value):
                value = shown
        self.dismiss(value.strip() or None)

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
