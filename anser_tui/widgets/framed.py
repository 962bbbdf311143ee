"""Drawing a bordered line-API panel without running every line through Textual's styles cache.

Each new item repaints every panel of the review card, and Textual's styles cache costs about
a tenth of a millisecond a line in border, padding and colour arithmetic that is the same for
every line between the top and bottom borders. Here Textual draws the top and bottom border
rows and the first content row (titles, focus colours and themes stay its business, and it
caches them); every other row is that first row's left and right parts around the widget's own
content line, filtered as Textual filters a line, in one strip. The result is the same
strips, cell for cell
(the snapshot tests compare them), for a third of the work.

Only the plain frame takes this path: one border row above and below, no tint, opacity or text
opacity; anything else is drawn by Textual as usual.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


def framed_lines(widget: Widget, crop: Region) -> list[Strip] | None:
    """The strips of `widget` in `crop` (widget coordinates), or None where the frame is not
    the plain one this draws (the caller then asks Textual)."""
    styles = widget.styles
    width, height = widget.region.size
    gutter = styles.gutter
    if (height < 4 or gutter.top != 1 or gutter.bottom != 1 or styles.tint.a
            or widget.opacity != 1.0 or styles.text_opacity != 1.0 or styles.has_rule("hatch")
            or any(edge for edge, _color in styles.outline)):
        return None
    cache = widget._styles_cache
    content_width = widget.content_region.width

    def by_textual(y: int) -> Strip:
        return cache.render_widget(widget, Region(0, y, width, 1))[0]

    first = by_textual(1)
    prefix_segments = first.crop(0, gutter.left)._segments
    suffix_segments = first.crop(gutter.left + content_width, width)._segments
    base_background, background = widget.background_colors
    inner = cache.get_inner_outer(base_background, background)[0].rich_style
    filters = widget.get_line_filters()
    strips: list[Strip] = []
    for y in crop.line_range:
        if y in (0, 1, height - 1):
            strips.append(first if y == 1 else by_textual(y))
            continue
        line = widget.render_line(y - 1)
        if line.cell_length > content_width:
            line = line.crop(0, content_width)
        segments = line._segments
        if line.cell_length < content_width:  # the scroll bar's column, as Textual pads it
            segments = [*segments, Segment(" " * (content_width - line.cell_length), inner)]
        for line_filter in filters:
            segments = line_filter.apply(segments, background)
        strips.append(Strip([*prefix_segments, *segments, *suffix_segments], width))
    if crop.column_span != (0, width):
        x1, x2 = crop.column_span
        strips = [strip.crop(x1, x2) for strip in strips]
    return strips
