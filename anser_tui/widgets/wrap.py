"""Wrapping text for a terminal panel: words stay whole, CJK text breaks between characters,
and a number is never split.

Rich wraps on spaces only, so a Chinese sentence (no spaces) is one long "word" that it folds
at any cell, in the middle of "14.86%" as readily as between two characters. Here a line may
break after a space, between two wide characters, or between a wide character and anything
else; never inside a run of letters, digits and number punctuation ("2,235", "14.86%",
"（2021）京0105民初12345号" breaks around "0105" and "12345", not inside them), and never
before a narrow closing mark (a line does not start with "," or ")": it goes with the word
before it; full-width marks still break as wide characters do). A single unit wider than the
line is folded at the cell limit, as a last resort.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Span, Text

# A run that must stay whole: letters/digits with the punctuation numbers and words carry.
_WORD = re.compile(r"(?:[-+−$¥€£￥](?=\d))*[^\W_]+(?:[.,:/%'’\-+][^\W_]+)*[%‰]?|\S",
                   re.UNICODE)
# Narrow marks that close what comes before them: never the first character of a line.
CLOSING = frozenset(",.;:!?)]}\"'’”»…")


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _units(line: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each unbreakable unit of `line`, spaces included as their own units."""
    pos = 0
    while pos < len(line):
        char = line[pos]
        if char.isspace():
            end = pos
            while end < len(line) and line[end].isspace():
                end += 1
            yield pos, end
            pos = end
            continue
        if _wide(char) and not char.isdigit():
            end = pos + 1
        else:
            match = _WORD.match(line, pos)
            end = match.end() if match else pos + 1
            # a run stops at a wide character that is not a digit (CJK text around a number)
            for i in range(pos + 1, end):
                if _wide(line[i]) and not line[i].isdigit():
                    end = i
                    break
        while end < len(line) and line[end] in CLOSING and line[pos] not in CLOSING:
            end += 1  # closing marks stay with what they close
        yield pos, end
        pos = end


def break_offsets(line: str, width: int) -> list[int]:
    """Where `line` breaks to fit `width` cells (offsets into the line)."""
    if cell_len(line) <= width:
        return []  # it fits: no unit can overflow a line that holds them all
    breaks: list[int] = []
    used = 0
    for start, end in _units(line):
        unit = line[start:end]
        size = cell_len(unit)
        if unit.isspace():
            used += size
            continue
        if used and used + size > width:
            breaks.append(start)
            used = 0
        while size > width:  # one unit wider than the line: fold it at the cell limit
            cut, cells = start, 0
            while cut < end and cells + cell_len(line[cut]) <= width:
                cells += cell_len(line[cut])
                cut += 1
            cut = max(cut, start + 1)
            breaks.append(cut)
            start, size = cut, cell_len(line[cut:end])
        used += size
    return [b for b in breaks if 0 < b < len(line)]


class Wrapped:
    """A Text rendered with `break_offsets` line breaks (styles kept)."""

    def __init__(self, text: Text):
        self.text = text

    def lines(self, width: int) -> list[Text]:
        out: list[Text] = []
        for line in self.text.split("\n", allow_blank=True):
            if not line.plain:
                out.append(line)
                continue
            for piece in line.divide(break_offsets(line.plain, max(width, 1))):
                piece.rstrip()
                out.append(piece)
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            line.no_wrap = True
            line.end = "\n"
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)


def wrapped_lines(console: Console, text: Text, width: int) -> list[list[Segment]]:
    """`text` wrapped to `width` cells as lines of segments: what `console.render_lines` gives
    for `Wrapped(text)` (pad off), drawn straight from the wrapped lines without Rich wrapping
    each of them again."""
    out: list[list[Segment]] = []
    for line in Wrapped(text).lines(width):
        if "\t" in line.plain:
            line.expand_tabs(console.tab_size if line.tab_size is None else line.tab_size)
        if line.style:  # as Rich joins the lines it wrapped: the line's own style a span
            line = Text(line.plain, spans=[Span(0, len(line), line.style), *line.spans])
        segments = list(line.render(console, end=""))
        if line.cell_len > width:  # a unit folded at the cell limit never is; crop as Rich does
            segments = Segment.adjust_line_length(segments, width, pad=False)
        out.append(segments)
    return out
