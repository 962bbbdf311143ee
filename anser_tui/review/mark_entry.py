"""What a key typed on the marks bar gives the criterion it fills (rubric order), as plain
rules the bar follows (no Textual):

- a 0-4 criterion takes a digit 0-4; a binary one 1 (met) or 0 (not met);
- a grade criterion takes its level's place in the list, 1 the first, and shows the level
  itself (its mark as written), never the digit;
- a number criterion takes digits, a decimal point and a leading minus sign as text, which
  Enter ends: the number must lie in the criterion's range.
Each rule answers with the mark (or the text grown), or with the one line that says why the
key gives none (`Given`: a mark and no problem, or no mark and the problem).
"""

from __future__ import annotations

from anser_tui.workspace.rubric import Criterion, CriterionKind, Mark

NUMBER_KEYS = frozenset("0123456789.-")
Given = tuple[Mark | None, str | None]


def levels_hint(criterion: Criterion) -> str:
    """"1 C (correct) · 2 P (partial) · ..."."""
    return " · ".join(f"{i} {lv.mark} ({lv.label})"
                      for i, lv in enumerate(criterion.levels, start=1))


def digit_mark(criterion: Criterion, digit: int) -> Given:
    """The mark `digit` gives a 0-4, binary or grade criterion."""
    if criterion.kind is CriterionKind.GRADE:
        if 1 <= digit <= len(criterion.levels):
            return criterion.levels[digit - 1].mark, None
        return None, f"{criterion.label} takes a level: {levels_hint(criterion)}."
    if criterion.kind is CriterionKind.BINARY and digit > 1:
        return None, f"{criterion.label} is met (1, y) or not met (0)."
    if digit > criterion.max_value:
        return None, f"{criterion.label} takes a digit 0-{criterion.max_value}."
    return digit, None


def grow_number(text: str, key: str) -> str | None:
    """The number's text with `key` added; None when the key cannot go there (a second
    decimal point, a minus sign past the start, anything but a digit)."""
    if key not in NUMBER_KEYS or (key == "." and "." in text) or (key == "-" and text):
        return None
    return text + key


def read_number(criterion: Criterion, text: str) -> Given:
    """The number `text` gives the criterion (an integer when written as one)."""
    try:
        value: float | int = int(text) if text.lstrip("-").isdigit() else float(text)
    except ValueError:
        return None, f"{text!r} is not a number: {criterion.label} takes {criterion.allowed()}."
    if not criterion.valid(value):
        return None, f"{text} is outside {criterion.label}'s range {criterion.range_text()}."
    return value, None
