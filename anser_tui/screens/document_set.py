"""An item's documents (a card that offers them: `Benchmark.documents`), every one in its
reading order, in one scrolling view that draws only the lines on screen, with search.

A set is about 100k tokens (some 400 KB of text): the text is wrapped to the view's width
once (a greedy wrap for plain ASCII paragraphs, which is fast; `wrap.break_offsets` for the
rest)
and drawn a line at a time, so opening and scrolling cost the same for a long set as for a
short one. `/` searches (Enter jumps to the next match, the border counts them), Esc goes back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Input, Static

from anser_tui.core.text import neutralize
from anser_tui.widgets.wrap import break_offsets


def _wrap_ascii(paragraph: str, width: int) -> list[str]:
    """Greedy wrapping at the last space that fits (one C-level search a line: a 400 KB set
    wraps in a few milliseconds); a word longer than the line is cut at the width."""
    out = []
    while len(paragraph) > width:
        cut = paragraph.rfind(" ", 0, width + 1)
        if cut <= 0:
            cut = width
        out.append(paragraph[:cut].rstrip())
        paragraph = paragraph[cut:].lstrip()
    out.append(paragraph)
    return out


def wrap_documents(documents: Sequence[tuple[str, str]], width: int
                   ) -> tuple[list[str], list[int]]:
    """The documents as display lines (a header line before each) and where each starts."""
    lines: list[str] = []
    starts: list[int] = []
    width = max(width, 10)
    for number, (name, text) in enumerate(documents, start=1):
        starts.append(len(lines))
        lines.append(f"━━ {number}/{len(documents)} · {name} ━━")
        for paragraph in neutralize(text).split("\n"):
            if not paragraph.strip():
                lines.append("")
            elif paragraph.isascii():
                lines.extend(_wrap_ascii(paragraph.rstrip(), width))
            else:
                cuts = [0, *break_offsets(paragraph, width), len(paragraph)]
                lines.extend(paragraph[a:b].rstrip() for a, b in pairwise(cuts))
        lines.append("")
    return lines, starts


class DocumentView(ScrollView, can_focus=True):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", "Up", show=False, id="documents.up"),
        Binding("down", "scroll_down", "Down", show=False, id="documents.down"),
        Binding("pageup", "page_up", "Page up", show=False, id="documents.page-up"),
        Binding("pagedown", "page_down", "Page down", show=False, id="documents.page-down"),
    ]
    DEFAULT_CSS = """
    DocumentView { height: 1fr; border: round $panel-lighten-2; padding: 0 1; }
    DocumentView:focus { border: heavy $accent; }
    """

    def __init__(self, documents: Sequence[tuple[str, str]]):
        super().__init__()
        self.documents = list(documents)
        self.lines: list[str] = []
        self.starts: list[int] = []
        self.pattern: re.Pattern[str] | None = None
        self._width = -1

    def on_resize(self) -> None:
        width = self.scrollable_content_region.width
        if width != self._width:
            self._width = width
            self.lines, self.starts = wrap_documents(self.documents, width)
            self.virtual_size = Size(width, len(self.lines))

    def render_line(self, y: int) -> Strip:
        index = y + int(self.scroll_y)
        width = self.scrollable_content_region.width
        base = self.rich_style
        if index >= len(self.lines):
            return Strip.blank(width, base)
        text = self.lines[index]
        header = index in self.starts
        if header:
            return Strip([Segment(text, base + Style(bold=True))]).crop_extend(0, width, base)
        if self.pattern is None:
            return Strip([Segment(text, base)]).crop_extend(0, width, base)
        segments, pos = [], 0
        for match in self.pattern.finditer(text):
            segments += [Segment(text[pos:match.start()], base),
                         Segment(match.group(), base + Style(reverse=True, bold=True))]
            pos = match.end()
        segments.append(Segment(text[pos:], base))
        return Strip(segments).crop_extend(0, width, base)

    def matches(self) -> list[int]:
        if self.pattern is None:
            return []
        return [i for i, line in enumerate(self.lines) if self.pattern.search(line)]


class DocumentSetScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "search", "Search", key_display="/", id="documents.search"),
        Binding("escape", "back", "Back", id="documents.back"),
    ]
    DEFAULT_CSS = """
    DocumentSetScreen #docs-header { height: 1; background: $panel; padding: 0 1; }
    DocumentSetScreen Input { display: none; }
    DocumentSetScreen.-searching Input { display: block; }
    """

    def __init__(self, title: str, documents: Sequence[tuple[str, str]]):
        super().__init__()
        self.title_text = title
        self.documents = documents
        self._hit = -1

    def compose(self) -> ComposeResult:
        yield Static(id="docs-header", markup=False)
        yield DocumentView(self.documents)
        yield Input(placeholder="search the documents; Enter finds the next match")

    def on_mount(self) -> None:
        size = sum(len(t) for _, t in self.documents)
        self.query_one("#docs-header", Static).update(
            f"{neutralize(self.title_text)} · {len(self.documents)} documents · "
            f"{size:,} characters · / search · Esc back")
        self.query_one(DocumentView).focus()

    def action_search(self) -> None:
        self.add_class("-searching")
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _find(self, event: Input.Submitted) -> None:
        view = self.query_one(DocumentView)
        query = event.value.strip()
        view.pattern = re.compile(re.escape(query), re.IGNORECASE) if query else None
        hits = view.matches()
        if not hits:
            view.border_subtitle = "no match" if query else ""
            view.refresh()
            return
        after = [h for h in hits if h > self._hit]
        self._hit = after[0] if after else hits[0]
        view.scroll_to(y=max(0, self._hit - 3), animate=False)
        view.border_subtitle = f"match {hits.index(self._hit) + 1}/{len(hits)}"
        view.refresh()

    def action_back(self) -> None:
        if self.has_class("-searching"):
            self.remove_class("-searching")
            self.query_one(DocumentView).focus()
            return
        self.dismiss()
