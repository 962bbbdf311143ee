"""Rubric scores are exact (integer arithmetic over the weights' common denominator), worked
by hand: a weight is the fraction its shortest decimal writes."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from anser_tui.benchmarks.anser.groups import RUBRICS
from anser_tui.workspace.rubric import Aggregate, Criterion, CriterionKind, Rubric


def test_weighted_scores_are_exact() -> None:
    science = RUBRICS["science_en"]  # .45 .25 .20 .10
    marks = dict(zip(science.keys, (3, 2, 1, 4), strict=True))
    # 100 * (.45*3 + .25*2 + .20*1 + .10*4) / 4 = 100 * 2.45 / 4 = 61.25
    assert science.score(marks) == 61.25
    assert science.human_score(marks) == 61.0  # the prompt's integer, half away from zero
    legal = RUBRICS["legal_prescriptive_zh"]  # .40 .25 .20 .10 .05
    marks = dict(zip(legal.keys, (1, 1, 1, 1, 2), strict=True))
    # 100 * (.40 + .25 + .20 + .10 + .10) / 4 = 26.25
    assert legal.score(marks) == 26.25
    assert legal.score({**marks, "format": True}) is None  # a 0-4 mark is not a boolean
    assert legal.score({k: v for k, v in marks.items() if k != "format"}) is None


def test_points_over_positive_is_exact() -> None:
    criteria = tuple(Criterion(key=k, label=k, kind=CriterionKind.BINARY, weight=w)
                     for k, w in (("a", 0.5), ("b", -0.75), ("c", 1.25), ("d", 3.0)))
    rubric = Rubric(id="r", label="r", criteria=criteria,
                    aggregate=Aggregate.POINTS_OVER_POSITIVE)
    # met a, b, d: (1/2 - 3/4 + 3) / (1/2 + 5/4 + 3) = (11/4) / (19/4) = 11/19
    assert rubric.score({"a": True, "b": True, "c": False, "d": 1}) == float(Fraction(11, 19))
    # met b only: -3/4 over 19/4 = -3/19 (below 0: the negative criterion outweighs)
    assert rubric.score({"a": 0, "b": 1, "c": 0, "d": 0}) == float(Fraction(-3, 19))


def _by_hand(rubric: Rubric, marks: dict[str, object]) -> Fraction | None:
    """DESIGN 6's formula written out again: 100 * sum(w_i * d_i / 4), binary d over 1."""
    total = Fraction(0)
    for c in rubric.criteria:
        value = marks.get(c.key)
        top = 4 if c.kind is CriterionKind.SCALE_0_4 else 1
        if not isinstance(value, int) or (isinstance(value, bool)
                                          and c.kind is not CriterionKind.BINARY):
            return None
        if not 0 <= value <= top:
            return None
        total += Fraction(str(c.weight)) * Fraction(int(value), top)
    return 100 * total


def test_every_mark_combination_of_every_weighted_rubric_scores_as_by_hand() -> None:
    # the scores are remembered by value (workspace.rubric._integer_score): each rubric's
    # every 0-4 combination twice, then marks out of range, booleans and missing ones
    for rubric in RUBRICS.values():
        for _ in range(2):
            for values in product(range(5), repeat=len(rubric.criteria)):
                marks: dict[str, object] = dict(zip(rubric.keys, values, strict=True))
                expected = _by_hand(rubric, marks)
                assert expected is not None
                assert rubric.score(marks) == float(expected)  # type: ignore[arg-type]
        first = rubric.keys[0]
        base = dict.fromkeys(rubric.keys, 2)
        for bad in (5, -1, True, 2.0, "2", None):
            assert rubric.score({**base, first: bad}) is None, bad  # type: ignore[dict-item]
        assert rubric.score({k: v for k, v in base.items() if k != first}) is None


def test_a_rubric_of_scale_and_binary_criteria_checks_each_mark_by_its_own_kind() -> None:
    criteria = (Criterion(key="s", label="s", kind=CriterionKind.SCALE_0_4, weight=0.7),
                Criterion(key="b", label="b", kind=CriterionKind.BINARY, weight=0.3))
    rubric = Rubric(id="mixed", label="mixed", criteria=criteria)
    for s, b in product((0, 1, 2, 3, 4, 5, True), (0, 1, 2, True, False)):
        marks: dict[str, object] = {"s": s, "b": b}
        expected = _by_hand(rubric, marks)
        got = rubric.score(marks)  # type: ignore[arg-type]
        assert got == (None if expected is None else float(expected)), (s, b)
    # 100 * (.7 * 3/4 + .3 * 1) = 82.5; True is 1 for the binary criterion only
    assert rubric.score({"s": 3, "b": True}) == 82.5
    assert rubric.score({"s": True, "b": 1}) is None
