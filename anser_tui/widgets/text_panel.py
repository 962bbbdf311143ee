"""A bordered, scrollable panel of untrusted text that says when part of it is out of view.

The body is rendered to lines once per item (and again when the panel is resized), wrapped by
`wrap.Wrapped` so that CJK text breaks between characters and numbers stay whole; the panel
draws only the lines in view (Textual's line API), so a long body costs no more to scroll than
a short one. When the body is taller than the panel, the bottom border says how many lines are
above and below; Tab focuses the panel and the arrow and page keys scroll it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from anser_tui.widgets.render import safe
from anser_tui.widgets.wrap import Wrapped


class TextPanel(ScrollView, can_focus=True):
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
        border-subtitle-color: $text-muted;
        padding: 0 1;
        height: 1fr;
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;
        overflow-x: hidden;
    }
    TextPanel:focus { border: heavy $accent; border-title-style: bold reverse; }
    TextPanel.-cut { border-subtitle-color: $warning; }
    """

    def __init__(self, title: str = "", *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.border_title = title
        self.content: RenderableType = Text()
        self._subtitle = ""
        self._lines: list[list[Segment]] = []
        self._width = -1
        self._counts: dict[int, int] = {}  # lines the body takes at a width (cells)
        self._style = Style()

    def show(self, body: RenderableType, title: str | None = None,
             subtitle: str | None = None) -> None:
        if title is not None:
            self.border_title = safe(title)  # a Text: a task type or run name is not markup
        self._subtitle = subtitle or ""
        self.content = body
        self._width = -1
        self._counts = {}
        self._layout_lines()
        self.scroll_home(animate=False)
        self.refresh()

    def redraw(self) -> None:
        """Render the body again (the theme changed)."""
        self._width = -1
        self._counts = {}
        self._layout_lines()
        self.refresh()

    # -- fitting ---------------------------------------------------------------------------
    def lines_at(self, width: int) -> int:
        """How many lines the body takes in `width` cells of text (counted once a width)."""
        count = self._counts.get(width)
        if count is None:
            if isinstance(self.content, Text):
                count = len(Wrapped(self.content).lines(max(width, 1)))
            else:
                options = self.app.console.options.update(width=max(width, 1), highlight=False,
                                                          markup=False)
                count = len(self.app.console.render_lines(self.content, options, pad=False))
            self._counts[width] = count
        return count

    @property
    def hidden_lines(self) -> int:
        """Lines of the body out of view (0: the panel shows it whole)."""
        return max(0, len(self._lines) - self.scrollable_content_region.height)

    # -- rendering -------------------------------------------------------------------------
    def _layout_lines(self) -> None:
        width = self.scrollable_content_region.width
        if width <= 0 or width == self._width:
            return
        self._width = width
        body = Wrapped(self.content) if isinstance(self.content, Text) else self.content
        console = self.app.console
        options = console.options.update(width=width, highlight=False, markup=False)
        self._lines = console.render_lines(body, options, pad=False)
        self.virtual_size = Size(width, len(self._lines))
        self._mark_cut()

    def on_resize(self) -> None:
        self._layout_lines()
        self._mark_cut()  # the height may have changed without the width

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._mark_cut()

    def _mark_cut(self) -> None:
        """Say in the bottom border how much is out of view, or nothing when all is shown."""
        height = self.scrollable_content_region.height
        total = len(self._lines)
        above = int(self.scroll_y)
        below = max(0, total - height - above)
        parts = []  # what is out of view first: a narrow panel cuts its subtitle's end
        if above:
            parts.append(f"↑ {above}")
        if below:
            parts.append(f"↓ {below} more")
        if self._subtitle:
            parts.append(self._subtitle)
        self.set_class(bool(above or below), "-cut")
        self.border_subtitle = safe(" · ".join(parts))  # a Text: a task type is not markup

    def render_lines(self, crop: Region) -> list[Strip]:
        self._style = self.rich_style  # worked out once a paint rather than once a line
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        index = y + int(self.scroll_y)
        width = self.scrollable_content_region.width
        style = self._style
        if index >= len(self._lines):
            return Strip.blank(width, style)
        return Strip(self._lines[index]).apply_style(style).extend_cell_length(width, style)
