"""A bordered, scrollable panel of untrusted text that says when part of it is out of view.

The body is rendered to lines once per item (and again when the panel is resized), wrapped by
`wrap.Wrapped` so that CJK text breaks between characters and numbers stay whole; the panel
draws only the lines in view (Textual's line API), so a long body costs no more to scroll than
a short one. When the body is taller than the panel, the bottom border says how many lines are
above and below; Tab focuses the panel and the arrow and page keys scroll it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from anser_tui.widgets.framed import Frame, framed_lines
from anser_tui.widgets.layout_ahead import expect_vertical_scrollbar
from anser_tui.widgets.render import safe
from anser_tui.widgets.wrap import wrapped_lines


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
        self._said: str | None = None  # the bottom border's text as last set
        self._lines: list[list[Segment]] = []
        self._width = -1
        self._rendered: dict[int, list[list[Segment]]] = {}  # the body's lines at a width
        self._reserve: list[Text] = []  # bodies it will show in turn (see `reserve`)
        self._reserved: dict[int, int] = {}  # the longest of them, in lines, at a width
        self._strips: dict[int, Strip] = {}  # body lines drawn at the panel's style and width
        self._strip_key: tuple[Style, int] | None = None
        self._look: tuple[object, ...] | None = None
        self._style = Style()
        self._frame = Frame()  # its border rows and sides, drawn once a look and size

    def show(self, body: RenderableType, title: str | None = None,
             subtitle: str | None = None) -> None:
        if title is not None:
            self.border_title = safe(title)  # a Text: a task type or run name is not markup
        self._subtitle = subtitle or ""
        self.content = body
        self._width = -1
        self._rendered = {}
        self._strips = {}
        self._layout_lines()
        self.scroll_home(animate=False)
        self.refresh()

    def redraw(self) -> None:
        """Render the body again (the theme changed)."""
        self._width = -1
        self._rendered = {}
        self._strips = {}
        self._layout_lines()
        self.refresh()

    # -- fitting ---------------------------------------------------------------------------
    def reserve(self, bodies: Sequence[Text]) -> None:
        """Bodies the panel will show in turn (a criterion's details as the list moves):
        fitting counts the longest of them too, so the layout stays while they change."""
        self._reserve, self._reserved = list(bodies), {}

    def lines_at(self, width: int) -> int:
        """How many lines the body (or the longest body reserved) takes in `width` cells."""
        own = len(self._rendered_at(width))
        if not self._reserve:
            return own
        width = max(width, 1)
        most = self._reserved.get(width)
        if most is None:
            console = self.app.console
            most = self._reserved[width] = max(len(wrapped_lines(console, body, width))
                                               for body in self._reserve)
        return max(own, most)

    def _rendered_at(self, width: int) -> list[list[Segment]]:
        """The body's lines at `width` cells, rendered once a width and item: fitting the
        panels asks for a width or two, and the width chosen is then drawn from here."""
        width = max(width, 1)
        lines = self._rendered.get(width)
        if lines is None:
            console = self.app.console
            if isinstance(self.content, Text):
                lines = wrapped_lines(console, self.content, width)
            else:
                options = console.options.update(width=width, highlight=False, markup=False)
                lines = console.render_lines(self.content, options, pad=False)
            self._rendered[width] = lines
        return lines

    @property
    def hidden_lines(self) -> int:
        """Lines of the body out of view (0: the panel shows it whole)."""
        return max(0, len(self._lines) - self.scrollable_content_region.height)

    def expect(self, width: int, height: int) -> None:
        """The panel is about to be `width` x `height` cells (its border, padding and gutter
        included): its lines and its "↓ N more" drawn for that size now, in the frame that
        gives it, not one frame after its resize."""
        gutter = self.styles.gutter
        self._layout_lines(width - gutter.width - self.styles.scrollbar_size_vertical,
                           mark=False)  # marked here, for the height it is about to have
        self._mark_cut(height - gutter.height)
        expect_vertical_scrollbar(self, len(self._lines), height)

    # -- rendering -------------------------------------------------------------------------
    def _layout_lines(self, width: int | None = None, mark: bool = True) -> None:
        """The body's lines at `width` cells (default: the panel's); `mark`: say what is cut
        at the height it has now."""
        if width is None:
            width = self.scrollable_content_region.width
        if width <= 0 or width == self._width:
            return
        self._width = width
        self._lines = self._rendered_at(width)
        self._strips = {}
        self.virtual_size = Size(width, len(self._lines))
        if mark:
            self._mark_cut()

    def on_resize(self) -> None:
        self._layout_lines()
        self._mark_cut()  # the height may have changed without the width

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._mark_cut()

    def _mark_cut(self, height: int | None = None) -> None:
        """Say in the bottom border how much is out of view, or nothing when all is shown;
        `height`: the rows of text it shows (default: those it has)."""
        if height is None:
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
        subtitle = " · ".join(parts)
        if subtitle != self._said:  # it is asked on every resize and scroll; a change repaints
            self._said = subtitle
            self.border_subtitle = safe(subtitle)  # a Text: a task type is not markup

    def render_lines(self, crop: Region) -> list[Strip]:
        """The panel's style is looked up when its look changes (its styles' key moves with
        its classes and focus; the theme), not once a line or a paint (it walks the DOM); a
        body line is drawn once per style and width, so a scroll or a repaint reuses it."""
        look = (self.styles._cache_key, self.app.theme)
        if look != self._look:
            self._look = look
            self._style = self.rich_style
        key = (self._style, self.scrollable_content_region.width)
        if key != self._strip_key:
            self._strip_key = key
            self._strips = {}
        blank_from = max(0, len(self._lines) - int(self.scroll_y))
        return framed_lines(self, crop, self._frame, blank_from) or super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        index = y + int(self.scroll_y)
        strip = self._strips.get(index)
        if strip is None:
            style, width = self._strip_key or (self.rich_style,
                                               self.scrollable_content_region.width)
            if index >= len(self._lines):
                return Strip.blank(width, style)
            segments = list(Segment.apply_style(self._lines[index], style))  # one strip, not three
            length = Segment.get_line_length(segments)
            if length < width:
                segments.append(Segment(" " * (width - length), style))
            strip = self._strips[index] = Strip(segments, max(length, width))
        return strip
