"""One line of parts that fits its width by priority: the parts ranked last are dropped first,
and a marker says something was (the header's "…", the key bar's "+3 keys: ? help"), so a
narrow terminal never cuts a line silently in the middle of a word."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text


def fit_parts(parts: Sequence[tuple[Text, int]], width: int,
              marker: Callable[[int], Text] = lambda _n: Text(" …", style="tui.muted")
              ) -> Text:
    """The parts (text, rank: 0 is never dropped) in their order, within `width` cells:
    the highest ranks dropped (the last such part first) until the line fits, then
    `marker(dropped)` at its end. Kept parts still too wide are cut with an ellipsis."""
    kept = list(range(len(parts)))

    def line(indices: list[int]) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis")
        for i in indices:
            out.append_text(parts[i][0])
        dropped = len(parts) - len(indices)
        if dropped:
            out.append_text(marker(dropped))
        return out

    out = line(kept)
    while out.cell_len > width:
        droppable = [i for i in kept if parts[i][1] > 0]
        if not droppable:
            break
        worst = max(droppable, key=lambda i: (parts[i][1], i))
        kept.remove(worst)
        out = line(kept)
    if out.cell_len > width:
        out.truncate(max(width, 1), overflow="ellipsis")
    return out
