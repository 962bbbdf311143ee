"""Drawing a bordered line-API panel without running every line through Textual's styles cache.

Each new item repaints every panel of the review card, and Textual's styles cache costs about
a tenth of a millisecond a line in border, padding and colour arithmetic that is the same for
every line between the top and bottom borders. Here Textual draws the top and bottom border
rows and one content row (titles, focus colours and themes stay its business); every content
row is that row's left and right parts around the widget's own content line, filtered as
Textual filters a line, in one strip. The border rows and the sides are kept in the widget's
`Frame` while its styles (Textual's own cache key, which changes with focus, classes and theme),
its size and its title and subtitle stay the same, so the next item redraws only the border
row whose label changed. The result is Textual's strips, cell for cell (tests/ui/test_framed.py
compares them in every state a panel is seen in).

Only the plain frame takes this path: one border row above and below, no tint, opacity, text
opacity, hatch or outline; anything else is drawn by Textual as usual.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

Sides = tuple[list[Segment], list[Segment]]


class Frame:
    """A widget's border rows and content-row sides, for the styles and size they were drawn
    at."""

    def __init__(self) -> None:
        self._rows: dict[tuple[object, ...], Strip] = {}
        self._sides: dict[tuple[object, ...], Sides] = {}
        self._blank: dict[tuple[object, ...], Strip] = {}  # a content row with no text

    def row(self, key: tuple[object, ...], draw: Region, widget: Widget) -> Strip:
        strip = self._rows.get(key)
        if strip is None:
            if len(self._rows) > 32:
                self._rows.clear()
            strip = self._rows[key] = widget._styles_cache.render_widget(widget, draw)[0]
        return strip

    def sides(self, key: tuple[object, ...], widget: Widget, left: int, content: int) -> Sides:
        sides = self._sides.get(key)
        if sides is None:
            if len(self._sides) > 32:
                self._sides.clear()
            width = widget.region.width
            first = widget._styles_cache.render_widget(widget, Region(0, 1, width, 1))[0]
            sides = self._sides[key] = (first.crop(0, left)._segments,
                                        first.crop(left + content, width)._segments)
        return sides


def framed_lines(widget: Widget, crop: Region, frame: Frame, blank_from: int | None = None
                 ) -> list[Strip] | None:
    """The strips of `widget` in `crop` (widget coordinates), or None where the frame is not
    the plain one this draws (the caller then asks Textual). `blank_from`: the first content
    row (0: the one under the top border) from which the widget draws only blank lines in its
    own style; those rows are drawn once a look and kept (most of a short answer's panel)."""
    styles = widget.styles
    width, height = widget.region.size
    gutter = styles.gutter
    if (height < 3 or gutter.top != 1 or gutter.bottom != 1 or styles.tint.a
            or widget.opacity != 1.0 or styles.text_opacity != 1.0 or styles.has_rule("hatch")
            or any(edge for edge, _color in styles.outline)):
        return None
    content_width = widget.content_region.width
    look = (styles._cache_key, widget.app.theme, widget.has_focus, width)
    prefix, suffix = frame.sides(look, widget, gutter.left, content_width)
    base_background, background = widget.background_colors
    inner = widget._styles_cache.get_inner_outer(base_background, background)[0].rich_style
    filters = widget.get_line_filters()
    blank_key = (*look, content_width, *filters)
    strips: list[Strip] = []
    for y in crop.line_range:
        if y == 0:
            strips.append(frame.row((*look, "top", widget._border_title),
                                    Region(0, 0, width, 1), widget))
            continue
        if y == height - 1:
            strips.append(frame.row((*look, "bottom", widget._border_subtitle),
                                    Region(0, y, width, 1), widget))
            continue
        blank = blank_from is not None and y - 1 >= blank_from
        if blank and (kept := frame._blank.get(blank_key)) is not None:
            strips.append(kept)
            continue
        line = widget.render_line(y - 1)
        if line.cell_length > content_width:
            line = line.crop(0, content_width)
        segments = line._segments
        if line.cell_length < content_width:  # the scroll bar's column, as Textual pads it
            segments = [*segments, Segment(" " * (content_width - line.cell_length), inner)]
        for line_filter in filters:
            segments = line_filter.apply(segments, background)
        strip = Strip([*prefix, *segments, *suffix], width)
        if blank:
            if len(frame._blank) > 32:
                frame._blank.clear()
            frame._blank[blank_key] = strip
        strips.append(strip)
    if crop.column_span != (0, width):
        x1, x2 = crop.column_span
        strips = [strip.crop(x1, x2) for strip in strips]
    return strips
