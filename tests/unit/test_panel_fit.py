"""The review layout's arithmetic (widgets/panel_fit.py, widgets/line_fit.py), worked by hand."""

from __future__ import annotations

from rich.text import Text

from anser_tui.widgets.line_fit import fit_parts
from anser_tui.widgets.panel_fit import Slot, fit, share


def test_a_short_panel_gives_its_rows_to_the_others() -> None:
    slots = [Slot("task", need=11, least=4, rank=0), Slot("answer", need=4, least=4, rank=1),
             Slot("metrics", need=5, least=3, rank=2)]
    assert share(24, slots, grow="answer") == {"task": 11, "answer": 8, "metrics": 5}
    # too little room: floors first (4 + 4 + 3 = 11), then by rank: task whole, answer whole
    assert share(18, slots, grow="answer") == {"task": 11, "answer": 4, "metrics": 3}
    assert share(16, slots, grow="answer") == {"task": 9, "answer": 4, "metrics": 3}


def test_the_first_ranked_panel_keeps_its_rows_on_a_short_screen() -> None:
    slots = [Slot("ground-truth", need=11, least=3, rank=1), Slot("judge", need=15, least=6,
                                                                    rank=0)]
    assert share(18, slots) == {"ground-truth": 3, "judge": 15}


def test_the_split_that_keeps_the_judge_whole_wins() -> None:
    def left(width: int) -> list[Slot]:
        return [Slot("task", need=10 if width >= 60 else 14, least=4, rank=0)]

    def right(width: int) -> list[Slot]:  # the judge fits in 12 rows once 56 cells wide
        return [Slot("judge", need=12 if width >= 56 else 16, least=6, rank=0, kept=True)]

    left_width, rows = fit(100, 12, left, right, ("task", "judge"))
    assert left_width == 44 and rows == {"task": 12, "judge": 12}
    # room for both at the middle: the middle is kept
    assert fit(120, 16, left, right, ("task", "judge"))[0] == 60


def test_a_line_drops_its_last_ranked_parts_with_a_marker() -> None:
    parts = [(Text(" ? Help "), 0), (Text(" n Next "), 1), (Text(" p Prev "), 2),
             (Text(" q Quit "), 3)]
    assert fit_parts(parts, 40).plain == " ? Help  n Next  p Prev  q Quit "
    marker = lambda n: Text(f" +{n}")  # noqa: E731
    assert fit_parts(parts, 20, marker).plain == " ? Help  n Next  +2"
    assert fit_parts(parts, 5, marker).plain == " ? H…"  # rank 0 stays, cut with an ellipsis
