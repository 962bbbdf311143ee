"""What the next layout will give a widget, worked out before it runs.

Textual sizes widgets in a layout and then tells them (a resize); a widget that fits its
children, draws a marker or shows a scroll bar by its size then asks for a second layout, and
the screen paints a frame with the old arrangement before the one that is right. Where the
size follows from styles already set (a height in cells, capped by a max-height; an auto
height from the widget's text), it is known before the layout: worked out here as the layout
will work it out, so that a new item is laid out once and painted once.
"""

from __future__ import annotations

from fractions import Fraction

from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widget import Widget


def laid_out_height(widget: Widget, container: Size | None = None) -> int | None:
    """The rows (border included) the next layout gives `widget` in its parent, from its
    styles as they are now; None when it takes a share of what is left (`fr`) or its parent
    has no size yet. `container`: the parent's content size, where it has none yet."""
    parent = widget.parent
    height = widget.styles.height
    if not isinstance(parent, Widget) or (height is not None and height.is_fraction):
        return None
    size = parent.size if container is None else container
    if size.width <= 0 or size.height <= 0:
        return None
    box = widget._get_box_model(size, widget.app.size, Fraction(size.width),
                                Fraction(size.height))
    return int(box.height)


def _laid_out_width(widget: Widget, container: Size) -> int | None:
    """The cells the next layout gives `widget` across a horizontal parent of `container`
    size; None for a share (`fr`)."""
    width = widget.styles.width
    if width is not None and width.is_fraction:
        return None
    box = widget._get_box_model(container, widget.app.size, Fraction(container.width),
                                Fraction(container.height))
    return int(box.width)


def first_layout_size(widget: Widget) -> Size | None:
    """The size the screen's first layout will give `widget`, worked out before it runs (no
    widget has a size yet): a screen the terminal's size; in a vertical (horizontal) parent,
    the parent's width (height) and, for the one share (`fr`) of its height (width), what the
    other children leave of it. None where that does not follow from the styles alone (two
    shares, a margin, another layout): the layout then decides, and the widget follows it."""
    if widget.size.width > 0 and widget.size.height > 0:
        return widget.size
    if isinstance(widget, Screen):
        return None if isinstance(widget, ModalScreen) else widget.app.size
    parent = widget.parent
    if not isinstance(parent, Widget):
        return None
    outer = first_layout_size(parent)
    styles = widget.styles
    if outer is None or styles.margin.width or styles.margin.height:
        return None
    gutter = parent.styles.gutter
    inner = Size(max(0, outer.width - gutter.width), max(0, outer.height - gutter.height))
    layout = parent.styles.layout.name if parent.styles.layout is not None else "vertical"
    if layout not in ("vertical", "horizontal"):
        return None
    vertical = layout == "vertical"
    share = styles.height if vertical else styles.width
    fraction = (Fraction(inner.width), Fraction(inner.height))
    if share is not None and share.is_fraction:
        left = inner.height if vertical else inner.width
        for child in parent.children:
            if child is widget or not child.display:
                continue
            taken = laid_out_height(child, inner) if vertical else _laid_out_width(child, inner)
            if taken is None or child.styles.margin.width or child.styles.margin.height:
                return None  # another share: the layout splits them
            left -= taken
        unit = Fraction(max(0, left)) / Fraction(share.value)
        fraction = (fraction[0], unit) if vertical else (unit, fraction[1])
    box = widget._get_box_model(inner, widget.app.size, *fraction)
    return Size(int(box.width), int(box.height))


def expect_vertical_scrollbar(widget: Widget, virtual_height: int, height: int) -> None:
    """Show or hide the vertical scroll bar of `widget` (an `overflow-y: auto` scroll view)
    as Textual will once it is `height` rows tall and holds `virtual_height` lines: Textual
    decides it after the layout, and a change then takes another layout and another frame."""
    if widget.styles.overflow_y != "auto":
        return
    shown = virtual_height > height - widget.styles.gutter.height
    if shown != widget.show_vertical_scrollbar:
        widget.show_vertical_scrollbar = shown
        if widget._vertical_scrollbar is not None or shown:
            widget.vertical_scrollbar.display = shown


class Unscrolled(Widget):
    """A container that never scrolls, mixed in after its container class
    (`class Column(Vertical, Unscrolled)`). When a layout resizes a container, Textual sets
    its virtual size in a way that asks for another layout, for its scroll bars; one that
    never scrolls has none, and that layout moves nothing but repaints it: its virtual size
    is set here without it."""

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)
