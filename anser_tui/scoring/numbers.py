"""Reading a number out of an answer (DESIGN section 5), reporting what was read.

The first number in the answer, as written:
- Unicode NFKC folds full-width digits, signs and separators (`１，２３４．５` -> `1,234.5`);
- thousands separators are removed: `,` and `，` between groups of exactly three digits, and thin
  or narrow no-break spaces between digits (`1 234 567`); a plain space is not a separator;
- a number may follow letters directly (`USD1,234` reads 1234, `Q3-2024` reads 3);
- a leading `+` is dropped; `-`, `－` and `−` make the number negative when they stand right
  before its digits and do not follow a Latin letter or a digit (`ABC-5` reads 5);
- `%`, currency signs, units and scale words (万, 亿, million, ...) are ignored, never applied:
  `12.5%` reads 12.5 and `3.2亿元` reads 3.2;
- scientific notation written directly on the number counts (`1.2e3` reads 1200): it is how the
  number is written, not a scale word.
A JSON number (not a boolean) is taken as it is. Anything else with no number is unparsed.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

_THIN_SPACE = re.compile(r"(?<=\d)[\u2009\u202f](?=\d)")
_NUMBER = re.compile(
    r"(?P<sign>[-+\u2212]?)"
    r"(?P<digits>\d{1,3}(?:,\d{3})+(?!\d)|\d+|(?=\.\d))"
    r"(?P<fraction>\.\d+)?"
    r"(?P<exponent>[eE][-+]?\d+(?![A-Za-z0-9]))?",
    re.ASCII)
_SIGN_AFTER_WORD = re.compile(r"[A-Za-z0-9]$", re.ASCII)


@dataclass(frozen=True)
class Parsed:
    """What a parser read from an answer: the value, the text it came from, or why nothing."""

    value: Any
    text: str
    ok: bool
    reason: str | None = None

    @property
    def detail(self) -> str:
        """The line shown to the reviewer: "parsed: 1234.5" or "unparsed: no number"."""
        return f"parsed: {self.text}" if self.ok else f"unparsed: {self.reason}"

    @classmethod
    def failed(cls, reason: str) -> Parsed:
        return cls(None, "", False, reason)


def number_text(value: float) -> str:
    """A parsed number as the reviewer reads it: 1234.5, 2, -0.3 (no float noise)."""
    if value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    return repr(value)


def parse_number(answer: Any) -> Parsed:
    """The first number in `answer` (see the module docstring), as a float."""
    if isinstance(answer, bool) or answer is None:
        return Parsed.failed("no number")
    if isinstance(answer, int | float):
        value = float(answer)
        if not math.isfinite(value):
            return Parsed.failed("not a finite number")
        return Parsed(value, number_text(value), True)
    text = answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
    text = unicodedata.normalize("NFKC", _THIN_SPACE.sub("", text))
    for match in _NUMBER.finditer(text):
        sign = match.group("sign")
        if sign and _SIGN_AFTER_WORD.search(text[: match.start()]):
            sign = ""
        digits = match.group("digits").replace(",", "") or "0"
        literal = digits + (match.group("fraction") or "") + (match.group("exponent") or "")
        value = float(literal)
        if sign in ("-", "\u2212"):
            value = -value
        if not math.isfinite(value):
            return Parsed.failed("number out of range")
        return Parsed(value, number_text(value), True)
    return Parsed.failed("no number")

