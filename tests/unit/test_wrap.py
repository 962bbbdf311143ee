"""Panel text wrapping: CJK breaks between characters, numbers and words stay whole."""

from __future__ import annotations

import io
import re

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from anser_tui.widgets.wrap import Wrapped, break_offsets, wrapped_lines


def wrapped(text: str, width: int) -> list[str]:
    return [line.plain for line in Wrapped(Text(text)).lines(width)]


def test_cjk_breaks_between_characters_never_inside_a_number() -> None:
    text = "嘉禾生物2023年度营业收入同比增长14.86%，高于华林医疗的8.79%。"
    lines = wrapped(text, 10)
    assert lines == ["嘉禾生物", "2023年度营", "业收入同比", "增长14.86%", "，高于华林",
                     "医疗的", "8.79%。"]
    assert "".join(lines) == text
    assert all(cell_len(line) <= 10 for line in lines)


def test_case_numbers_keep_their_digit_runs() -> None:
    assert wrapped("（2021）京0105民初12345号", 8) == ["（2021）", "京0105民", "初12345", "号"]


@pytest.mark.parametrize("number", ["-3.5%", "$1,234.5", "2,235", "14.86%", "1.2e3"])
def test_numbers_with_signs_separators_and_units_stay_whole(number: str) -> None:
    lines = wrapped(f"grew by {number} to", len(number) + 1)
    assert number in lines


def test_english_wraps_at_spaces_and_folds_only_a_word_longer_than_the_line() -> None:
    assert wrapped("The revenue grew by a lot", 12) == ["The revenue", "grew by a", "lot"]
    assert wrapped("a" * 14, 6) == ["aaaaaa", "aaaaaa", "aa"]


def test_every_line_fits_and_nothing_is_lost_on_mixed_text() -> None:
    text = "依据《民法典》第675条，借款人应当按照约定的期限返还借款 (Civil Code art. 675)。"
    for width in range(4, 40):
        lines = wrapped(text, width)
        assert all(cell_len(line) <= width for line in lines)
        assert re.sub(r"\s", "", "".join(lines)) == re.sub(r"\s", "", text)


def test_offsets_of_an_empty_or_short_line() -> None:
    assert break_offsets("", 5) == []
    assert break_offsets("短", 5) == []


@pytest.mark.parametrize(("line", "width"), [
    ("Retrieve the controlling precedents, state the rule", 35),
    ("A transfer (to a night shift), she says; it is not a loss.", 12),
    ("The employer argues that reassignment is fine.", 45),
])
def test_no_line_starts_with_closing_punctuation(line: str, width: int) -> None:
    breaks = break_offsets(line, width)
    assert breaks  # the line does wrap
    starts = [line[b] for b in breaks]
    assert not any(ch in ",.;:!?)" for ch in starts), starts
    pieces = [line[a:b] for a, b in zip([0, *breaks], [*breaks, len(line)], strict=True)]
    assert "".join(pieces) == line and all(cell_len(p.rstrip()) <= width for p in pieces)


SAMPLES = [
    "",
    "short",
    "a\n\nb",
    "本院认为，被告应于判决生效之日起十日内支付原告借款本金人民币 14.86% 及利息（2021）京0105民初12345号",
    "word " * 40,
    "x" * 130,
    "tab\tseparated\tcolumns and more words to wrap around the end of the line",
    "closing marks, (kept) together; \"quoted\" text… and ’apostrophes’",
    "  leading spaces and trailing   ",
]


@pytest.mark.parametrize("width", [1, 7, 20, 33, 75])
@pytest.mark.parametrize("plain", SAMPLES)
def test_wrapped_lines_draw_what_rich_draws(plain: str, width: int) -> None:
    """The direct drawing the text panels use gives Rich's own lines, segment for segment."""
    text = Text(plain, style="italic")
    if len(plain) > 6:
        text.stylize("bold red", 2, 6)
        text.stylize("on blue", len(plain) // 2)
    console = Console(width=200, color_system="truecolor", file=io.StringIO())
    options = console.options.update(width=width, highlight=False, markup=False)
    expected = console.render_lines(Wrapped(text), options, pad=False)
    assert wrapped_lines(console, text, width) == expected
