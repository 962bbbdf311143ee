"""A score on screen reads as the reports give it (a newcomer's walk, stop 29): one decimal
showed PRBench's 13/15 as 0.9 and ANSER's recomputed 93.75 as 93.8."""

from __future__ import annotations

from fractions import Fraction

import pytest

from anser_tui.widgets.render import score_text


@pytest.mark.parametrize(("score", "shown"), [
    (float(Fraction(13, 15)), "0.8667"),  # PRBench: the report's clipped score, 4 decimals
    (float(Fraction(4, 15)), "0.2667"),
    (93.75, "93.75"),  # ANSER: 100 * sum(w * d / 4) moves in steps of 1.25
    (73.75, "73.75"),
    (94.0, "94"),
    (77.5, "77.5"),
    (0.0, "0"),
    (1.0, "1"),
    (None, "—"),
])
def test_a_score_is_shown_to_four_decimals_without_trailing_zeros(
        score: float | None, shown: str) -> None:
    assert score_text(score) == shown
