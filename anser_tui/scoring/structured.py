"""Structured answers (DESIGN section 5): a JSON object and the fields the scorer reads from it.

The object is the answer itself when the run gave one; in text it is the whole text as JSON, else
the first fenced block (```json ... ```) holding an object, else the first `{...}` span that
decodes to an object. Keys match case-insensitively ignoring spaces, `_` and `-` (after NFKC), so
`Odds Ratio`, `odds-ratio` and `ODDS_RATIO` are one key.

Fields, by their normalised key (the first alias present wins):
- option: `option`; the odds ratio: `odds_ratio`, `or`; the median difference:
  `median_difference`, `median_diff`; the FinAuditing rule: `rule_id`, `rule`, `dqc_rule`,
  `dqc_rule_id`, `matched_rule`, `applicable_rule`; its value: `value`, `audit_value`,
  `amount`, `fact_value`, `expected_value`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from anser_tui.core.json_input import decode_plain
from anser_tui.core.json_text import first_json_object
from anser_tui.scoring.numbers import Parsed, parse_number

OPTION = ("option",)
ODDS_RATIO = ("oddsratio", "or")
MEDIAN_DIFFERENCE = ("mediandifference", "mediandiff")
RULE = ("ruleid", "rule", "dqcrule", "dqcruleid", "matchedrule", "applicablerule")
VALUE = ("value", "auditvalue", "amount", "factvalue", "expectedvalue")

_FENCE = re.compile(r"```[^\n`]*\n?(.*?)```", re.DOTALL)
_KEY_NOISE = re.compile(r"[\s_\-]+")


def key_of(name: str) -> str:
    """A key as matched: NFKC, case-folded, spaces, `_` and `-` removed."""
    return _KEY_NOISE.sub("", unicodedata.normalize("NFKC", name)).casefold()


def find_object(answer: Any) -> tuple[dict[str, Any] | None, str]:
    """The answer's JSON object and where it was found ("object", "json", "fenced", "span")."""
    if isinstance(answer, dict):
        return answer, "object"
    if not isinstance(answer, str):
        return None, "none"
    try:
        whole = decode_plain(answer)
    except ValueError:
        whole = None
    if isinstance(whole, dict):
        return whole, "json"
    for block in _FENCE.findall(answer):
        found = first_json_object(block)
        if found is not None:
            return found, "fenced"
    found = first_json_object(answer)
    return (found, "span") if found is not None else (None, "none")


def field(obj: Mapping[str, Any] | None, aliases: tuple[str, ...]) -> tuple[bool, Any]:
    """(present, value) of the first alias `obj` has, keys compared by `key_of`."""
    if not obj:
        return False, None
    keyed = {key_of(str(k)): v for k, v in obj.items()}
    for alias in aliases:
        if alias in keyed:
            return True, keyed[alias]
    return False, None


def number_field(obj: Mapping[str, Any] | None, aliases: tuple[str, ...], label: str) -> Parsed:
    """A numeric field: a JSON number, or the first number of a string ("2.3", "OR=2.3")."""
    present, value = field(obj, aliases)
    if not present or value is None:
        return Parsed.failed(f"{label} missing")
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        parsed = parse_number(value)
        if parsed.ok:
            return parsed
    return Parsed.failed(f"{label} is not a number")


def text_field(obj: Mapping[str, Any] | None, aliases: tuple[str, ...]) -> str | None:
    """A text field normalised for comparison: NFKC, trimmed, whitespace collapsed, case-folded."""
    present, value = field(obj, aliases)
    if not present or value is None or isinstance(value, dict | list):
        return None
    text = re.sub(r"\s+", " ", unicodedata.normalize("NFKC", str(value))).strip().casefold()
    return text or None
