"""The framed drawing of bordered panels gives Textual's own strips, cell for cell and style for
style, in every state a panel is seen in: plain, focused, cut (a warning subtitle), scrolled,
cropped to a column span, and with a scroll bar."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from anser_tui.widgets.evidence_table import EvidenceTable
from anser_tui.widgets.framed import Frame, framed_lines
from anser_tui.widgets.text_panel import TextPanel

BODY = "\n".join(f"line {i}: 合同应当按照约定履行 {'word ' * (i % 9)}[not markup]"
                 for i in range(40))


class Panels(App[None]):
    CSS = "TextPanel { height: 12; } EvidenceTable { height: 8; border: round $accent; }"

    def compose(self) -> ComposeResult:
        yield TextPanel("Answer", id="answer")
        yield EvidenceTable([("id", 8), ("title", 0)], id="table")


def by_textual(widget: Widget, crop: Region) -> list[Strip]:
    widget._styles_cache.clear()
    return Widget.render_lines(widget, crop)


def row_styles_now(table: EvidenceTable) -> tuple[object, ...]:
    """The table's four row styles worked out afresh."""
    table._rich_style_cache.clear()
    base = table.rich_style
    return (base + table.get_component_rich_style("evidence-table--header"),
            base + table.get_component_rich_style("evidence-table--cursor"),
            base + table.get_component_rich_style("evidence-table--odd"), base)


def same(widget: Widget, crop: Region) -> None:
    widget.render_lines(crop)  # the widget's own set-up (styles of a paint), its frame kept
    framed = framed_lines(widget, crop, widget._frame)  # type: ignore[attr-defined]
    assert framed is not None
    kept = widget.render_lines(crop)  # again: blank rows drawn from those kept the first time
    expected = by_textual(widget, crop)
    for drawn in (framed, kept):
        assert [list(s) for s in drawn] == [list(s) for s in expected]
        assert [s.cell_length for s in drawn] == [s.cell_length for s in expected]
    if isinstance(widget, EvidenceTable):  # its row styles, kept between paints, are current
        assert widget._row_styles == row_styles_now(widget)
    if isinstance(widget, TextPanel):  # and so is a panel's style
        widget._rich_style_cache.clear()
        assert widget._style == widget.rich_style


async def test_framed_lines_equal_textuals_in_every_state() -> None:
    app = Panels()
    async with app.run_test(size=(70, 24)) as pilot:
        panel = app.query_one(TextPanel)
        table = app.query_one(EvidenceTable)
        panel.show(Text("short answer"), subtitle="descriptive")
        table.border_title = "Retrieved (3)"
        table.show(3, lambda i: [Text(f"id-{i}"), Text(f"title {i} 标题")])
        await pilot.pause()
        whole = panel.region.reset_offset
        same(panel, whole)
        same(table, table.region.reset_offset)

        panel.show(Text(BODY), subtitle="descriptive")  # cut: "↓ N more", a scroll bar
        await pilot.pause()
        assert panel.has_class("-cut")
        same(panel, whole)
        panel.focus()
        await pilot.pause()
        same(panel, whole)
        panel.scroll_to(y=7, animate=False)
        await pilot.pause()
        same(panel, whole)
        same(panel, Region(3, 2, 20, 6))  # part of a panel, as a partial repaint asks
        table.focus()
        await pilot.pause()
        same(table, table.region.reset_offset)
        same(panel, whole)  # focus gone: the light border again
        app.theme = "textual-light"
        await pilot.pause()
        same(panel, whole)
        same(table, table.region.reset_offset)
        panel.show(Text("short again"), subtitle="descriptive")  # no longer cut
        await pilot.pause()
        assert not panel.has_class("-cut")
        same(panel, whole)
        table.show(20, lambda i: [Text(f"id-{i}"), Text(f"title {i}")])  # a scroll bar: the
        await pilot.pause()  # rows narrower, the blank rows past the last too
        assert table.show_vertical_scrollbar
        table.scroll_to(y=18, animate=False)
        await pilot.pause()
        same(table, table.region.reset_offset)
        table.show(2, lambda i: [Text(f"id-{i}"), Text(f"title {i}")])  # none again
        await pilot.pause()
        assert not table.show_vertical_scrollbar
        same(table, table.region.reset_offset)
        for focused in (panel, table, panel):  # blank rows under a focused border, and not
            focused.focus()
            await pilot.pause()
            same(panel, whole)
            same(table, table.region.reset_offset)


async def test_a_panel_too_short_for_the_frame_is_drawn_by_textual() -> None:
    app = Panels()
    async with app.run_test(size=(70, 24)) as pilot:
        panel = app.query_one(TextPanel)
        panel.styles.height = 2
        await pilot.pause()
        assert framed_lines(panel, panel.region.reset_offset, Frame()) is None
        panel.styles.height = 12
        panel.styles.tint = "red 20%"
        await pilot.pause()
        assert framed_lines(panel, panel.region.reset_offset, Frame()) is None
