"""Reading option letters or a judgment word out of a choice answer (DESIGN section 5).

Text is NFKC-folded first, so full-width letters and colons read as ASCII ones.

Option letters (a set: order, case, repeats and separators do not matter; "C, A" = "AC") are
read only where they cannot be part of an ordinary word, in this order:
1. at the start of the answer: letters, optionally in brackets, followed by the end of the answer
   or by `.` `:` `)` `]` `】` `、` `。` (so "B", "AC", "C, A", "(B)", "B. 乙公司" read, but
   "A company" does not);
2. after an explicit marker anywhere: 答案/选项/选择/选/answer/option/choice, optionally followed
   by is/are/为/是 and a colon ("答案：B", "The answer is (C)", "应选B和D").
A letter group is a run of capitals (AC), or a single lower-case letter not followed by a word
("c, a" reads; "the answer is a net loss" does not); groups are separated by spaces, `,` `、`
`;` `/` `&`, "and", 和, 与 or 及. Lower-case runs ("yes") never read as letters.

Judgment words (polarity): positive 是 对 正确 yes true compliant, negative 否 错 错误 no false
non-compliant, and the negated positives 不是 不对 不正确 "not compliant" / noncompliant
(negatives are tried first, so "不正确" and "non-compliant" never read as positive). A word is read
when it is the whole answer, the start of the answer followed by punctuation, space or the end,
or the word after a marker (答案/结论/判断/answer/conclusion); elsewhere in running text only the
unambiguous words are searched (正确 错误 不正确 不对 yes true false compliant non-compliant),
never 是 对 否 错 no, which occur in ordinary sentences ("是否", "对于", "no evidence").
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Literal

from anser_tui.scoring.numbers import Parsed

Kind = Literal["letters", "polarity"]

_SEP = r"(?:\s*(?:[,;/&、，；]|\band\b|和|与|及)\s*|\s+)"
_GROUP = r"(?:[A-Z]+|(?<![A-Za-z])[a-z](?=\s*(?:$|[^\sA-Za-z]|and\b|[a-z](?![A-Za-z]))))"
_LETTERS = rf"(?P<letters>{_GROUP}(?:{_SEP}{_GROUP})*)"
_LEADING_LETTERS = re.compile(
    rf"^\s*[(\[【]?\s*{_LETTERS}\s*(?:[)\]】]|(?=$|[.:、。]))")
_MARKED_LETTERS = re.compile(
    rf"(?i:答案|选项|选择|选|\banswers?\b|\boptions?\b|\bchoices?\b)\s*"
    rf"(?:(?i:is|are|为|是)\s*)?:?\s*[(\[【]?\s*{_LETTERS}(?![A-Za-z])")
_SPLIT_GROUP = re.compile(_GROUP)

_NEGATIVE = ("non-compliant", "non compliant", "noncompliant", "not compliant", "不合规", "不正确",
             "不对", "不是", "错误", "false", "no", "否", "错")
_POSITIVE = ("compliant", "合规", "正确", "yes", "true", "是", "对")
_UNAMBIGUOUS = {"non-compliant", "non compliant", "noncompliant", "not compliant", "不合规",
                "不正确", "不对", "错误", "false", "compliant", "正确", "yes", "true"}


def _word_pattern(words: tuple[str, ...]) -> str:
    parts = []
    for word in sorted(words, key=len, reverse=True):
        escaped = re.escape(word)
        parts.append(rf"(?<![A-Za-z-]){escaped}(?![A-Za-z-])" if word.isascii() else escaped)
    return "|".join(parts)


_ALL_WORDS = _word_pattern(_NEGATIVE + _POSITIVE)
_ANY_WORD = re.compile(rf"(?P<word>{_ALL_WORDS})", re.IGNORECASE)
_WHOLE_WORD = re.compile(rf"^[\s\W_]*(?P<word>{_ALL_WORDS})[\s\W_]*$", re.IGNORECASE)
_LEADING_WORD = re.compile(rf"^[\s(\[【\"'“]*(?P<word>{_ALL_WORDS})(?=$|[\s\W_]|的)",
                           re.IGNORECASE)
_MARKED_WORD = re.compile(
    rf"(?:答案|结论|判断|\banswer\b|\bconclusion\b)\s*(?:(?:is|为|是)\s*)?[:：]\s*"
    rf"(?P<word>{_ALL_WORDS})", re.IGNORECASE)
_UNAMBIGUOUS_WORD = re.compile(
    rf"(?P<word>{_word_pattern(tuple(sorted(_UNAMBIGUOUS)))})", re.IGNORECASE)


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip()


def _letters(match: re.Match[str]) -> frozenset[str]:
    return frozenset("".join(_SPLIT_GROUP.findall(match.group("letters"))).upper())


def _parse_letters(text: str) -> Parsed | None:
    for pattern in (_LEADING_LETTERS, _MARKED_LETTERS):
        match = pattern.search(text)
        if match:
            letters = _letters(match)
            return Parsed(letters, "".join(sorted(letters)), True)
    return None


def _polarity(word: str) -> bool:
    return word.casefold() not in _NEGATIVE


def _parse_polarity(text: str) -> Parsed | None:
    for pattern in (_WHOLE_WORD, _LEADING_WORD, _MARKED_WORD, _UNAMBIGUOUS_WORD):
        match = pattern.search(text)
        if match:
            word = match.group("word")
            positive = _polarity(word)
            return Parsed(positive, f"{'yes' if positive else 'no'} ({word})", True)
    return None


def parse_choice(answer: Any, prefer: Kind | None = None) -> Parsed:
    """Option letters (a frozenset) or a judgment polarity (a bool) read from `answer`.

    `prefer` is the kind the ground truth has: tried first, the other kind after it.
    """
    if isinstance(answer, bool):
        return Parsed(answer, f"{'yes' if answer else 'no'} ({str(answer).lower()})", True)
    if isinstance(answer, list) and answer and all(isinstance(a, str) for a in answer):
        answer = ", ".join(answer)
    if not isinstance(answer, str) or not answer.strip():
        return Parsed.failed("no option letter or judgment word")
    text = _fold(answer)
    order = (_parse_polarity, _parse_letters) if prefer == "polarity" else (
        _parse_letters, _parse_polarity)
    for parse in order:
        found = parse(text)
        if found is not None:
            return found
    return Parsed.failed("no option letter or judgment word")


def kind_of(parsed: Parsed) -> Kind | None:
    if not parsed.ok:
        return None
    return "polarity" if isinstance(parsed.value, bool) else "letters"
