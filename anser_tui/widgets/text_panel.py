"""A bordered, scrollable panel of untrusted text."""

from __future__ import annotations

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static


class TextPanel(VerticalScroll, can_focus=False):
    """A titled panel whose body is replaced whole for each item."""

    DEFAULT_CSS = """
    TextPanel {
        border: round $panel-lighten-2;
        border-title-color: $text-accent;
        padding: 0 1;
        height: 1fr;
        scrollbar-size-vertical: 1;
    }
    TextPanel > Static { width: 1fr; }
    """

    def __init__(self, title: str = "", *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.border_title = title

    def compose(self) -> ComposeResult:
        yield Static(id="body", markup=False)

    def show(self, body: RenderableType, title: str | None = None,
             subtitle: str | None = None) -> None:
        if title is not None:
            self.border_title = title
        self.border_subtitle = subtitle or ""
        self.query_one("#body", Static).update(body)
        self.scroll_home(animate=False)
