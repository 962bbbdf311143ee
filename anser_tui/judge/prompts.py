"""The README's judge prompts, stored verbatim as data files, and filling them in.

Each file under `prompts/` is one prompt block of the ANSER-Bench README ("LLM Judge"), named
by the rubric it scores with: the Chinese prompt for Chinese groups, the English one for English
groups. The file holds the block's text followed by one newline (as a fenced block ends); the
prompt sent is the text without that final newline, so it ends with the answer.

Exactly four placeholders are filled, in one pass: {query}, {instruction}, {ground_truth} and
{answer}. The prompts also hold braces of their own (the JSON template), so `str.format` is
never used, and a placeholder written inside a filled value stays as written.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

PLACEHOLDERS = ("query", "instruction", "ground_truth", "answer")
_PLACEHOLDER = re.compile(r"\{(" + "|".join(PLACEHOLDERS) + r")\}")


@cache
def prompt_template(rubric_id: str) -> str:
    """The prompt of a rubric (an id of `benchmarks.anser.groups.RUBRICS`), placeholders intact."""
    path = resources.files("anser_tui.judge").joinpath("prompts", f"{rubric_id}.txt")
    if not path.is_file():
        raise KeyError(f"no judge prompt for rubric {rubric_id!r}")
    return path.read_text(encoding="utf-8").removesuffix("\n")


def ground_truth_text(value: Any) -> str:
    """A ground truth as the judge reads it: text as is, anything else as JSON (non-ASCII kept)."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def fill_prompt(template: str, *, query: str, instruction: str, ground_truth: Any,
                answer: str) -> str:
    """The template with its four placeholders replaced (one pass; nothing else touched)."""
    values = {"query": query, "instruction": instruction,
              "ground_truth": ground_truth_text(ground_truth), "answer": answer}
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], template)
