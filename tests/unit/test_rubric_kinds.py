"""The neutral rubric's grade and number kinds (DESIGN 2: a criterion is a 0-4 scale, binary,
grade letters or a number) and how keys typed on the marks bar become their marks. Every
expected value is worked by hand."""

from __future__ import annotations

import math

import pytest

from anser_tui.review.mark_entry import digit_mark, grow_number, levels_hint, read_number
from anser_tui.scoring.agreement import NUMBER, agreement_row
from anser_tui.workspace.rubric import Aggregate, Criterion, CriterionKind, Level, Rubric

LEVELS = (Level(mark="A", label="full", value=1.0), Level(mark="B", label="half", value=0.5),
          Level(mark="Z", label="none", value=0.0), Level(mark="Q", label="none too", value=0.0))
GRADE = Criterion(key="g", label="grade", kind=CriterionKind.GRADE, weight=0.5, levels=LEVELS)
NUMBER_C = Criterion(key="x", label="rating", kind=CriterionKind.NUMBER, weight=0.5, low=-1.0,
                     high=3.0)
RUBRIC = Rubric(id="r", label="r", criteria=(GRADE, NUMBER_C),
                aggregate=Aggregate.WEIGHTED_0_100)


@pytest.mark.parametrize(("criterion", "value", "valid"), [
    (GRADE, "A", True), (GRADE, "Q", True), (GRADE, "a", False), (GRADE, 4, False),
    (GRADE, 0, False),
    (NUMBER_C, -1.0, True), (NUMBER_C, 3, True), (NUMBER_C, 0.25, True),
    (NUMBER_C, 3.01, False), (NUMBER_C, -1.5, False), (NUMBER_C, True, False),
    (NUMBER_C, math.nan, False), (NUMBER_C, math.inf, False), (NUMBER_C, "1", False),
])
def test_a_mark_is_valid_by_its_criterions_kind(criterion: Criterion, value: object,
                                                valid: bool) -> None:
    assert criterion.valid(value) is valid


def test_marks_count_by_their_fraction_of_full_credit() -> None:
    # grade B: half credit; 0 on -1..3: a quarter of the way. 100 * (0.5 * 1/2 + 0.5 * 1/4)
    assert RUBRIC.score({"g": "B", "x": 0}) == 37.5
    assert RUBRIC.score({"g": "A", "x": 3.0}) == 100.0
    assert RUBRIC.score({"g": "Q", "x": -1}) == 0.0
    assert RUBRIC.score({"g": "Z", "x": 0.2}) == pytest.approx(100 * 0.5 * 1.2 / 4, abs=1e-12)
    assert RUBRIC.score({"g": 2, "x": 0}) is None  # a code is no grade
    assert RUBRIC.score({"g": "A", "x": 9}) is None  # outside the range
    flat = NUMBER_C.model_copy(update={"low": 1.0, "high": 1.0})
    assert flat.fraction(1.0) is None  # an empty range gives no fraction


def test_grades_pair_on_the_0_4_scale_and_numbers_as_themselves() -> None:
    assert [GRADE.paired(lv.mark) for lv in LEVELS] == [4.0, 2.0, 0.0, 0.0]
    assert NUMBER_C.paired(0.25) == 0.25 and NUMBER_C.paired(2) == 2.0
    assert GRADE.allowed() == "one of A, B, Z, Q"
    assert NUMBER_C.allowed() == "a number in -1..3"


def test_typed_keys_become_marks_of_the_criterion() -> None:
    assert levels_hint(GRADE) == "1 A (full) · 2 B (half) · 3 Z (none) · 4 Q (none too)"
    assert digit_mark(GRADE, 1) == ("A", None) and digit_mark(GRADE, 4) == ("Q", None)
    assert digit_mark(GRADE, 0)[0] is None and digit_mark(GRADE, 5)[0] is None
    binary = Criterion(key="b", label="met", kind=CriterionKind.BINARY, weight=1.0)
    assert digit_mark(binary, 1) == (1, None)
    assert digit_mark(binary, 2) == (None, "met is met (1, y) or not met (0).")
    text = ""
    for key in "-0.5.":
        text = grow_number(text, key) or text  # the second point is not taken
    assert text == "-0.5"
    assert grow_number("1", "-") is None and grow_number("", "x") is None
    assert read_number(NUMBER_C, "-0.5") == (-0.5, None)
    assert read_number(NUMBER_C, "2") == (2, None) and isinstance(read_number(NUMBER_C, "2")[0],
                                                                  int)
    assert read_number(NUMBER_C, "4") == (None, "4 is outside rating's range -1..3.")
    assert read_number(NUMBER_C, "-")[0] is None


def test_a_number_scale_row_is_in_its_own_units() -> None:
    """Judge 1, 2, 4 against the human's 1, 3, 3: exact 1/3, MAE (0 + 1 + 1) / 3, bias
    (0 - 1 + 1) / 3 = 0; no within-1, no kappa, no confusion."""
    row = agreement_row([1.0, 2.0, 4.0], [1.0, 3.0, 3.0], NUMBER, resamples=20)
    assert row.n == 3 and row.exact_agreement == pytest.approx(1 / 3)
    assert row.mae == pytest.approx(2 / 3) and row.bias == pytest.approx(0.0)
    assert row.within_1_agreement is None and row.kappa is None and row.confusion is None
    with pytest.raises(ValueError, match="not finite"):
        agreement_row([1.0, math.nan], [1.0, 2.0], NUMBER)
