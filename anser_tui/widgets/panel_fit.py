"""How the review card's panels share the screen: heights that follow what each panel holds, and
the split between the two columns that leaves the fewest panels cut.

Plain arithmetic over rows and cells (no Textual), so the rules are tested on their own:

- In a column, every panel first gets its floor (`least`: its border and a line or two), then
  panels in rank order get what shows them whole while rows remain; a panel that cannot be
  whole takes what is left, and rows no panel needs go to the column's `grow` panel. A short
  answer thus gives its rows to the task above it, and the judge (ranked first on its side)
  keeps its marks and reason on a short screen.
- Between the columns, the split is chosen among a few candidates near the middle (within 6%,
  so the columns stay put from item to item): the one that keeps the judge's panel whole,
  then the one with the most first-ranked panels whole (the judge's, the task's), then the
  most panels whole, then the nearest the middle (a column moves only to make a panel whole),
  then the fewest lines out of view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from anser_tui.core.value import Value

BORDER_ROWS = 2  # a panel's top and bottom border
SIDE_CELLS = 5  # a text panel's border (2), padding (2) and scroll bar gutter (1)
SPLITS = (0.5, 0.44, 0.56)  # the left column's share of the width, tried in turn
LEAST_COLUMN = 36  # cells a column never goes below


class Slot(Value):
    """One panel of a column: the rows that show it whole, its floor, its rank (0 first)."""

    name: str
    need: int
    least: int
    rank: int
    counted: bool = True  # whether its being whole counts when choosing the split
    kept: bool = False  # kept whole before anything else where a split can (the judge's)


def share(height: int, slots: Sequence[Slot], grow: str | None = None) -> dict[str, int]:
    """Rows for each slot of a column `height` rows tall (see the module's rules)."""
    rows = {s.name: min(s.least, s.need) if s.need else s.least for s in slots}
    left = height - sum(rows.values())
    for slot in sorted(slots, key=lambda s: s.rank):
        extra = max(0, min(slot.need - rows[slot.name], left))
        rows[slot.name] += extra
        left -= extra
    if left > 0 and slots:
        rows[grow if grow in rows else slots[-1].name] += left
    return rows


def cut_rows(slots: Sequence[Slot], rows: dict[str, int]) -> tuple[int, int, int, int]:
    """(kept panels whole, first-ranked panels whole, panels counted that are whole, lines
    out of view)."""
    whole = [s for s in slots if rows[s.name] >= s.need]
    hidden = sum(max(0, s.need - rows[s.name]) for s in slots)
    return (sum(1 for s in whole if s.kept), sum(1 for s in whole if s.rank == 0),
            sum(1 for s in whole if s.counted), hidden)


Column = Callable[[int], list[Slot]]  # a column's slots at a panel width (cells)


def fit(width: int, height: int, left: Column, right: Column, grow: tuple[str, str]
        ) -> tuple[int, dict[str, int]]:
    """The left column's width and every panel's rows, for a body `width` x `height`."""
    best: tuple[tuple[int, int, int, float, int], int, dict[str, int]] | None = None
    for split in SPLITS:
        left_width = round(width * split)
        if min(left_width, width - left_width) < LEAST_COLUMN and split != SPLITS[0]:
            continue
        slots = (left(left_width), right(width - left_width))
        rows = {**share(height, slots[0], grow[0]), **share(height, slots[1], grow[1])}
        kept, first, whole, hidden = cut_rows([*slots[0], *slots[1]], rows)
        score = (kept, first, whole, -abs(split - 0.5), -hidden)
        if best is None or score > best[0]:
            best = (score, left_width, rows)
        if hidden == 0:
            break  # every panel whole: the split nearest the middle that does it
    assert best is not None
    return best[1], best[2]
