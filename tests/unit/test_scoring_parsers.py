"""Answer parsers: numbers, option letters and judgment words, structured JSON objects."""

from __future__ import annotations

import pytest

from anser_tui.scoring.choices import parse_choice
from anser_tui.scoring.numbers import parse_number
from anser_tui.scoring.structured import field, find_object, key_of, number_field


@pytest.mark.parametrize(("answer", "value"), [
    ("1476.94", 1476.94),
    ("营业收入为1476.94亿元，同比增长", 1476.94),  # scale word ignored, never multiplied
    ("3.2 million", 3.2),
    ("1,234,567", 1234567.0),
    ("1，234", 1234.0),  # full-width comma folds to a thousands separator
    ("1\u2009234\u2009567", 1234567.0),  # thin spaces
    ("1\u202f234", 1234.0),  # narrow no-break space
    ("１，２３４．５", 1234.5),  # full-width digits
    ("+5%", 5.0),
    ("12.5%", 12.5),
    ("-3.2亿", -3.2),
    ("\u22127", -7.0),  # the minus sign
    ("－8", -8.0),  # full-width hyphen-minus
    ("同比-5.2%", -5.2),
    ("$1,234.50", 1234.5),
    ("USD1,234", 1234.0),
    ("¥ 88", 88.0),
    ("Q3-2024 revenue", 3.0),  # the first number as written
    ("ABC-5", 5.0),  # a hyphen after a letter is not a minus
    ("1.2e3", 1200.0),  # scientific notation written on the number
    ("1,2345", 1.0),  # not a thousands grouping: the first number is 1
    (".5", 0.5),
    ("0", 0.0),
    (12, 12.0),
    (-0.25, -0.25),
    ({"answer": 7}, 7.0),
])
def test_parse_number(answer: object, value: float) -> None:
    parsed = parse_number(answer)
    assert parsed.ok and parsed.value == value
    assert parsed.detail.startswith("parsed: ")


def test_parsed_number_is_shown_as_written() -> None:
    assert parse_number("１，２３４．５").detail == "parsed: 1234.5"
    assert parse_number("2家").detail == "parsed: 2"


@pytest.mark.parametrize("answer", ["", "no number here", "无法确定", None, True, False,
                                    float("nan"), []])
def test_unparsed_numbers(answer: object) -> None:
    parsed = parse_number(answer)
    assert not parsed.ok and parsed.value is None
    assert parsed.detail.startswith("unparsed: ")


@pytest.mark.parametrize(("answer", "letters"), [
    ("B", "B"), ("AC", "AC"), ("C, A", "AC"), ("CA", "AC"), ("c, a", "AC"), ("C、A", "AC"),
    ("c and a", "AC"), ("A和C", "AC"), ("(B)", "B"), ("B) 乙公司", "B"), ("B. 乙公司", "B"),
    ("ＢＤ", "BD"), ("Answer: B", "B"), ("The answer is (C).", "C"),
    ("The answer is B because margins rose", "B"), ("答案：B", "B"), ("答案是B公司", "B"),
    ("应选B和D", "BD"), ("选项：A、C", "AC"), ("AA", "A"), (["A", "C"], "AC"),
])
def test_option_letters_are_an_order_free_set(answer: object, letters: str) -> None:
    parsed = parse_choice(answer)
    assert parsed.ok and parsed.value == frozenset(letters)
    assert parsed.detail == f"parsed: {letters}"


@pytest.mark.parametrize("answer", ["A company raised prices", "I think B",
                                    "The answer is a net loss", "", "   ", None,
                                    "there is no evidence", "不错"])
def test_words_with_capitals_are_not_option_letters(answer: object) -> None:
    assert not parse_choice(answer).ok


@pytest.mark.parametrize(("answer", "positive"), [
    ("是", True), ("是的", True), ("对", True), ("正确", True), ("正确。", True), ("yes", True),
    ("Yes, because revenue grew", True), ("true", True), ("Compliant.", True),
    ("这是正确的", True), ("否", False), ("错", False), ("错误", False), ("不正确", False),
    ("不对", False), ("不是", False), ("No.", False), ("false", False),
    ("non-compliant", False), ("Non-Compliant", False), ("The filing is non-compliant.", False),
    ("是否合规：不合规", False), ("判断：错误", False), ("结论：是", True), (True, True),
    (False, False),
])
def test_judgment_word_polarity(answer: object, positive: bool) -> None:
    parsed = parse_choice(answer, prefer="polarity")
    assert parsed.ok and parsed.value is positive


def test_the_ground_truths_kind_is_tried_first() -> None:
    assert parse_choice("TRUE", prefer="polarity").value is True
    assert parse_choice("TRUE").value == frozenset("TRUE")  # capitals are option letters
    assert parse_choice("B。是的", prefer="letters").value == frozenset("B")
    assert parse_choice("是的，选B", prefer="polarity").value is True


def test_negated_words_never_read_as_their_positive_part() -> None:
    assert parse_choice("不正确").value is False  # contains 正确
    assert parse_choice("non-compliant").value is False  # contains compliant
    assert parse_choice("not compliant").value is False


def test_fenced_json_and_keys_in_another_case() -> None:
    text = "Here is my answer:\n```json\n{\"Option\": \"a\", \"Odds Ratio\": \"2.5\"}\n```\n"
    obj, where = find_object(text)
    assert where == "fenced" and obj == {"Option": "a", "Odds Ratio": "2.5"}
    assert field(obj, ("option",)) == (True, "a")
    parsed = number_field(obj, ("oddsratio", "or"), "odds ratio")
    assert parsed.ok and parsed.value == 2.5
    assert key_of("ODDS_ratio") == key_of("odds-Ratio") == key_of("Odds Ratio") == "oddsratio"


@pytest.mark.parametrize(("answer", "where"), [
    ({"option": "A"}, "object"),
    ('{"option": "A"}', "json"),
    ('The result: {"option": "A", "n": 3} as computed.', "span"),
    ("no object {here", "none"),
    (None, "none"),
])
def test_find_object_where(answer: object, where: str) -> None:
    assert find_object(answer)[1] == where


def test_number_field_reasons() -> None:
    assert number_field({"or": None}, ("or",), "odds ratio").detail == (
        "unparsed: odds ratio missing")
    assert number_field({}, ("or",), "odds ratio").detail == "unparsed: odds ratio missing"
    assert number_field({"or": "n/a"}, ("or",), "odds ratio").detail == (
        "unparsed: odds ratio is not a number")
    assert number_field({"or": True}, ("or",), "odds ratio").detail == (
        "unparsed: odds ratio is not a number")
