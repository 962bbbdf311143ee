"""A bordered, scrollable panel of untrusted text."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from textual.binding import Binding, BindingType
from textual.widgets import Static

from anser_tui.widgets.render import safe


class TextPanel(Static, can_focus=True):
    """A titled panel whose body is replaced whole for each item; it scrolls itself.

    One widget, not a container around a Static: every item repaints every panel, and a
    container's own lines cost as much to paint as its content's. Tab focuses it; the arrow
    and page keys then scroll it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", "Scroll up", show=False, id="panel.up"),
        Binding("down", "scroll_down", "Scroll down", show=False, id="panel.down"),
        Binding("pageup", "page_up", "Page up", show=False, id="panel.page-up"),
        Binding("pagedown", "page_down", "Page down", show=False, id="panel.page-down"),
        Binding("home", "scroll_home", "Top", show=False, id="panel.top"),
        Binding("end", "scroll_end", "Bottom", show=False, id="panel.bottom"),
    ]

    DEFAULT_CSS = """
    TextPanel {
        border: round $panel-lighten-2;
        border-title-color: $text-accent;
        padding: 0 1;
        height: 1fr;
        overflow-y: auto;
        scrollbar-size-vertical: 1;
    }
    TextPanel:focus { border: round $accent; }
    """

    def __init__(self, title: str = "", *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes, markup=False)
        self.border_title = title

    def show(self, body: RenderableType, title: str | None = None,
             subtitle: str | None = None) -> None:
        if title is not None:
            self.border_title = safe(title)  # a Text: a task type or run name is not markup
        self.border_subtitle = safe(subtitle or "")
        self.update(body)
        self.scroll_home(animate=False)
