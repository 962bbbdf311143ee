"""Rubric scores are exact (integer arithmetic over the weights' common denominator), worked
by hand: a weight is the fraction its shortest decimal writes."""

from __future__ import annotations

from fractions import Fraction

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
