"""A virtual table of evidence rows: only the lines on screen are ever rendered.

A set-metric task can list thousands of ids. DataTable builds a row object per id; this line-API
widget keeps a count and a function that makes one row's cells, so showing 10,000 ids costs what
showing ten does. Columns have fixed widths but the last, which takes the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from anser_tui.widgets.framed import Frame, framed_lines

Cells = Callable[[int], list[Text]]


def fit(cell: Text, width: int, middle: bool = True) -> Text:
    """`cell` in exactly `width` cells: padded, or cut with an ellipsis; in the middle where
    both ends of an id matter ("(2021)京01…12345号", "上海证券…| 第6.1.2条")."""
    if cell.cell_len <= width:
        out = cell.copy()
        out.pad_right(width - cell.cell_len)
        return out
    room = max(0, width - 1)
    # by cells: a wide character that does not fit goes whole (the end cut once went through
    # Rich's truncate, which put a space before the ellipsis: "若干问 …")
    head, used = _lead(cell.plain, (room + 1) // 2 if middle else room)
    out = cell[:head]
    out.append("…")
    if middle:
        tail, tail_used = len(cell.plain), 0
        while tail > head and tail_used + cell_len(cell.plain[tail - 1]) <= room - used:
            tail -= 1
            tail_used += cell_len(cell.plain[tail])
        out.append_text(cell[tail:])
    out.pad_right(width - out.cell_len)
    return out


def _lead(text: str, cells: int) -> tuple[int, int]:
    """How many leading characters of `text` fit in `cells` cells, and the cells they take."""
    head, used = 0, 0
    for ch in text:
        size = cell_len(ch)
        if used + size > cells:
            break
        used += size
        head += 1
    return head, used


class EvidenceTable(ScrollView, can_focus=True):
    """Rows of cells under a header, a cursor row, Enter handled by whoever owns the table."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "evidence-table--header", "evidence-table--cursor", "evidence-table--odd"}
    DEFAULT_CSS = """
    EvidenceTable { overflow-x: hidden; }
    EvidenceTable > .evidence-table--header { text-style: bold; color: $text-accent; }
    EvidenceTable > .evidence-table--odd { background: $surface-lighten-1 30%; }
    EvidenceTable > .evidence-table--cursor { background: $panel-lighten-2; }
    EvidenceTable:focus > .evidence-table--cursor {
        background: $block-cursor-background; color: $block-cursor-foreground;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False, id="evidence.up"),
        Binding("down", "move(1)", "Down", show=False, id="evidence.down"),
        Binding("pageup", "page(-1)", "Page up", show=False, id="evidence.page-up"),
        Binding("pagedown", "page(1)", "Page down", show=False, id="evidence.page-down"),
        Binding("home", "jump(0)", "First", show=False, id="evidence.first"),
        Binding("end", "jump(-1)", "Last", show=False, id="evidence.last"),
    ]

    cursor: reactive[int] = reactive(0, init=False)

    @dataclass
    class Highlighted(Message):
        """The cursor moved to another row."""

        table: EvidenceTable
        row: int

    def __init__(self, columns: list[tuple[str, int]], *, id: str | None = None):
        super().__init__(id=id)
        self.columns = columns  # (label, width); width 0: the rest of the line
        self.count = 0
        self.cells: Cells = lambda _index: []
        self._generation = 0
        self._strips: LRUCache[tuple[object, ...], Strip] = LRUCache(512)
        self._row_styles = (Style(), Style(), Style(), Style())
        self._row_look: tuple[object, ...] | None = None
        self._cell_styles: dict[str, Style] = {}  # a cell's style by name, this look's
        self._paint_width: int | None = None  # the content width and first row, while
        self._paint_top: int | None = None  # `render_lines` draws (the same for each line)
        self._frame = Frame()  # its border rows and sides, drawn once a look and size

    def show(self, count: int, cells: Cells) -> None:
        """Show `count` rows whose cells `cells(i)` makes, cursor on the first."""
        self.count = count
        self.cells = cells
        self._generation += 1
        self.set_reactive(EvidenceTable.cursor, 0)
        self.virtual_size = Size(self.size.width, count + 1)
        self.scroll_to(y=0, animate=False)
        self.refresh()

    def invalidate(self) -> None:
        """The rows' cells changed (titles arrived): render them again."""
        self._generation += 1
        self.refresh()

    # -- rendering -------------------------------------------------------------------------
    def _line(self, cells: list[Text], width: int, style: Style) -> Strip:
        """One row: each cell after a space, fitted to its column, over the row's `style`.

        A cell of one style that fits (nearly every cell: an id, a status, a title) is one
        segment drawn here: its text padded to the column, its style looked up once a look.
        A cell with spans, or one cut to fit, goes through Rich as a line of its own. Either
        way the cells are what `fit` makes of them, drawn as Rich draws them (the test holds
        the two to each other)."""
        fixed = sum(w for _, w in self.columns if w) + len(self.columns)
        console = self.app.console
        segments: list[Segment] = []
        for (_, w), cell in zip(self.columns, cells, strict=False):
            room = w or max(1, width - fixed)
            segments.append(Segment(" ", style))
            size = cell.cell_len
            if cell.spans or size > room:
                line = Text(end="")  # its own style a span: Text.render draws spans only
                line.append_text(fit(cell, room, middle=bool(w)))
                segments.extend(Segment(s.text, style + s.style if s.style else style)
                                for s in line.render(console))
                continue
            own = self._cell_style(cell.style)
            text = cell.plain if size == room else cell.plain + " " * (room - size)
            segments.append(Segment(text, style + own if own else style))
        return Strip(segments).crop_extend(0, width, style)

    def _cell_style(self, name: str | Style) -> Style | None:
        """A cell's own style ("tui.success", "dim italic") as Rich resolves it for the
        theme of this look (`render_lines` empties the cache when the look changes)."""
        if isinstance(name, Style):
            return name or None
        if not name:
            return None
        found = self._cell_styles.get(name)
        if found is None:
            found = self._cell_styles[name] = self.app.console.get_style(
                name, default=Style.null())
        return found or None

    def render_lines(self, crop: Region) -> list[Strip]:
        # The four row styles, worked out again only when the table's look changes (its
        # styles' key moves with its classes and focus; the theme), not on each paint.
        look = (self.styles._cache_key, self.app.theme, self.has_focus)
        if look != self._row_look:
            self._row_look = look
            self._cell_styles = {}
            base = self.rich_style
            self._row_styles = (
                base + self.get_component_rich_style("evidence-table--header"),
                base + self.get_component_rich_style("evidence-table--cursor"),
                base + self.get_component_rich_style("evidence-table--odd"),
                base)
        blank_from = max(1, self.count + 1 - round(self.scroll_y))  # rows past the last
        self._paint_width = self.scrollable_content_region.width  # once a paint, not a line
        self._paint_top = round(self.scroll_y)
        try:
            return framed_lines(self, crop, self._frame, blank_from) or \
                super().render_lines(crop)
        finally:
            self._paint_width = self._paint_top = None

    def render_line(self, y: int) -> Strip:
        width = self._paint_width
        if width is None:  # asked outside a paint
            width = self.scrollable_content_region.width
        top = self._paint_top
        header_style, cursor_style, odd_style, base = self._row_styles
        if y == 0:
            key: tuple[object, ...] = ("header", tuple(self.columns), width, header_style)
            header = self._strips.get(key)
            if header is None:
                header = self._strips[key] = self._line(
                    [Text(label) for label, _ in self.columns], width, header_style)
            return header
        index = (round(self.scroll_y) if top is None else top) + y - 1
        if index >= self.count:
            return Strip.blank(width, base)
        if index == self.cursor:
            style = cursor_style
        elif index % 2:
            style = odd_style
        else:
            style = base
        key = (self._generation, index, width, style)
        strip = self._strips.get(key)
        if strip is None:
            strip = self._strips[key] = self._line(self.cells(index), width, style)
        return strip

    # -- moving ----------------------------------------------------------------------------
    def watch_cursor(self, old: int, new: int) -> None:
        visible = max(1, self.scrollable_content_region.height - 1)
        if new < self.scroll_y:
            self.scroll_to(y=new, animate=False)
        elif new >= self.scroll_y + visible:
            self.scroll_to(y=new - visible + 1, animate=False)
        self.refresh()
        self.post_message(self.Highlighted(self, new))

    def _set_cursor(self, row: int) -> None:
        if self.count:
            self.cursor = max(0, min(self.count - 1, row))

    def action_move(self, delta: int) -> None:
        self._set_cursor(self.cursor + delta)

    def action_page(self, direction: int) -> None:
        self._set_cursor(self.cursor + direction * max(1, self.scrollable_content_region.height
                                                       - 2))

    def action_jump(self, row: int) -> None:
        self._set_cursor(row if row >= 0 else self.count - 1)

    def on_click(self, event: events.Click) -> None:
        if event.y >= 1:
            self._set_cursor(round(self.scroll_y) + event.y - 1)
