"""`Pairing`, worked out once a rubric: the values it pairs are the criteria's own verdict
(`Criterion.valid`, `Criterion.paired`, `scale_of`, `pooled_dimensions`) on every kind of
criterion and every kind of mark, valid or not, in the rubric's order."""

from __future__ import annotations

from typing import Any

import pytest

from anser_tui.calibration.pairs import (
    POOLED,
    SCORE,
    Pairing,
    pooled_dimensions,
    scale_of,
    side_values,
)
from anser_tui.workspace.rubric import Aggregate, Criterion, CriterionKind, Level, Rubric

GRADE = Criterion(key="g", label="grade", kind=CriterionKind.GRADE, weight=1.0,
                  levels=(Level(mark="C", label="correct", value=1.0),
                          Level(mark="P", label="partial", value=0.5),
                          Level(mark="I", label="incorrect", value=0.0)))
CRITERIA = (
    Criterion(key="s", label="scale", kind=CriterionKind.SCALE_0_4, weight=0.5),
    Criterion(key="b", label="met", kind=CriterionKind.BINARY, weight=3.0, category="law"),
    Criterion(key="n", label="negative", kind=CriterionKind.BINARY, weight=-2.0),
    GRADE,
    Criterion(key="x", label="number", kind=CriterionKind.NUMBER, weight=1.0, low=0.0,
              high=10.0),
)
MARKS: tuple[Any, ...] = (None, True, False, 0, 1, 2, 4, 5, -1, 2.0, 0.5, "2", "C", "P", "Z",
                          10, 10.5, float("nan"))


def _reference(rubric: Rubric, marks: dict[str, Any], score: float | None, pooled: bool
               ) -> dict[tuple[str, str], float]:
    """The pairing spelled out from the criteria's own methods."""
    out: dict[tuple[str, str], float] = {}
    for c in rubric.criteria:
        value = marks.get(c.key)
        if value is None or not c.valid(value):
            continue
        out[(c.key, scale_of(c.kind))] = c.paired(value)
        if pooled and c.kind is CriterionKind.BINARY and len(rubric.criteria) > 1:
            for row in pooled_dimensions(c):
                out[(f"{row}{POOLED}{c.key}", "binary")] = float(int(value))
    scaled = rubric.aggregate.on_0_100(score)
    if scaled is not None:
        out[(SCORE, "score_0_100")] = scaled
    return out


@pytest.mark.parametrize("pooled", [False, True])
@pytest.mark.parametrize("criteria", [CRITERIA, CRITERIA[1:2], CRITERIA[:1]])
def test_pairing_pairs_what_the_criteria_say(criteria: tuple[Criterion, ...],
                                             pooled: bool) -> None:
    rubric = Rubric(id="r", label="r", criteria=criteria, aggregate=Aggregate.WEIGHTED_0_100)
    pairing = Pairing(rubric)
    seen = 0
    for mark in MARKS:
        for score in (None, 62.5, 101.0, -3.0):
            marks = {c.key: mark for c in criteria}
            got = pairing.values(marks, score, pooled)
            expected = _reference(rubric, marks, score, pooled)
            assert got == expected
            assert list(got) == list(expected)  # the same order: the pairs' order
            assert side_values(rubric, marks, score, pooled) == expected
            seen += len(got)
    assert seen > 0


def test_pairing_of_mixed_marks_keeps_the_rubrics_order_and_pooled_rows() -> None:
    rubric = Rubric(id="r", label="r", criteria=CRITERIA, aggregate=Aggregate.WEIGHTED_0_100)
    got = Pairing(rubric).values({"s": 3, "b": True, "n": 0, "g": "P", "x": 7.5}, 40.0,
                                 pooled=True)
    assert list(got.items()) == list({
        ("s", "scale_0_4"): 3.0,
        ("b", "binary"): 1.0,
        (f"criteria{POOLED}b", "binary"): 1.0,
        (f"criteria[weight>0]{POOLED}b", "binary"): 1.0,
        (f"criteria[category=law]{POOLED}b", "binary"): 1.0,
        ("n", "binary"): 0.0,
        (f"criteria{POOLED}n", "binary"): 0.0,
        (f"criteria[weight<0]{POOLED}n", "binary"): 0.0,
        ("g", "scale_0_4"): 2.0,
        ("x", "number"): 7.5,
        (SCORE, "score_0_100"): 40.0,
    }.items())
