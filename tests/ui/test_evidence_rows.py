"""An evidence row drawn by the table's own path is the row Rich draws from the same cells:
cell for cell and style for style, for the cells the panel makes (plain, styled by a theme name,
by a Style, with spans, cut in the middle or at the end, wide characters, empty)."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.strip import Strip

from anser_tui.widgets import palette
from anser_tui.widgets.evidence_table import EvidenceTable, fit

COLUMNS = [("rank", 4), ("id", 18), ("status", 22), ("title", 0)]


class Table(App[None]):
    def on_mount(self) -> None:
        palette.install(self)  # the tui.* names, as the app has them

    def compose(self) -> ComposeResult:
        yield EvidenceTable(COLUMNS, id="table")


def by_rich(table: EvidenceTable, cells: list[Text], width: int, style: Style) -> Strip:
    """The row as one Rich line of fitted cells, each after a space (how rows were drawn)."""
    fixed = sum(w for _, w in table.columns if w) + len(table.columns)
    line = Text(no_wrap=True, end="")
    for (_, w), cell in zip(table.columns, cells, strict=False):
        line.append(" ")
        line.append_text(fit(cell, w or max(1, width - fixed), middle=bool(w)))
    segments = [Segment(s.text, style + s.style if s.style else style)
                for s in line.render(table.app.console)]
    return Strip(segments).crop_extend(0, width, style)


def cells_of(strip: Strip) -> list[tuple[str, Style | None]]:
    """Each character with its style: the same screen whatever the segments' split."""
    return [(ch, seg.style) for seg in strip for ch in seg.text]


ROWS = [
    [Text("1"), Text("A12345"), Text("✓ hit", style="tui.success"),
     Text("Beijing Co. annual report 2021")],
    [Text("dup", style="dim"), Text("(2021)京01民初12345号之一之二之三"),
     Text("repeat of #1", "dim"), Text("东港物流：2021年年度报告 " * 6)],
    [Text("12"), Text("x" * 18), Text("✗ miss · not in corpus", style="tui.error"),
     Text("untitled", style="dim italic")],
    [Text("3"), Text.assemble(("A", "bold"), "-77", ("Z", "tui.accent")),
     Text("leaked ✗", style=Style(color="red", bold=True)), Text("")],
    [Text("4"), Text(""), Text("✓ retrieved @12", style="tui.success"),
     Text.assemble("spans ", ("in a", "italic"), " title ", ("合同", "bold"))],
    [Text("…", style="dim"), Text("上海证券交易所股票上市规则 | 第6.1.2条"), Text("✓ hit"),
     Text("t" * 400, style="tui.warning")],
]


async def test_rows_equal_richs_drawing_of_the_same_cells() -> None:
    app = Table()
    async with app.run_test(size=(160, 20)):
        table = app.query_one(EvidenceTable)
        base = table.rich_style
        for style in (base, base + Style(bgcolor="grey23"), base + Style(reverse=True)):
            for width in (155, 80, 50):
                for cells in ROWS:
                    drawn = table._line(cells, width, style)
                    expected = by_rich(table, cells, width, style)
                    assert cells_of(drawn) == cells_of(expected), (width, cells)
                    assert drawn.cell_length == expected.cell_length == width
        success = app.console.get_style("tui.success")
        assert success.bold and success.color is not None  # the theme's, not a null style
        assert table._cell_style("tui.success") == success
        assert table._cell_style("") is None and table._cell_style(Style()) is None


def test_a_title_cut_at_its_end_keeps_the_ellipsis_against_the_text() -> None:
    title = Text("最高人民法院关于审理民间借贷案件适用法律若干问题的规定", style="dim")
    for width in (9, 10, 11):  # odd and even widths against two-cell characters
        cut = fit(title, width, middle=False)
        assert cut.cell_len == width
        assert cut.style == "dim"
        assert " …" not in cut.plain and "…" in cut.plain
        assert cut.plain.rstrip().endswith("…")
    assert fit(title, 9, middle=False).plain == "最高人民…"  # 8 cells of text, the ellipsis
    assert fit(title, 10, middle=False).plain == "最高人民… "  # a fifth would take 10: padded
    assert fit(title, 11, middle=False).plain == "最高人民法…"
    assert fit(Text("Beijing annual report"), 10, middle=False).plain == "Beijing a…"
    assert fit(Text("short"), 10, middle=False).plain == "short     "
