"""The README's judge prompts, stored verbatim as data files, and filling them in.

Each file under `prompts/` is one prompt block of the ANSER-Bench README ("LLM Judge"), named
by the rubric it scores with: the Chinese prompt for Chinese groups, the English one for English
groups. The file holds the block's text followed by one newline (as a fenced block ends); the
prompt sent is the text without that final newline, so it ends with the answer.

A template is named by the id a benchmark's judge protocol gives (ANSER: the rubric id). The
placeholders the benchmark fills are replaced in one pass (ANSER: exactly {query},
{instruction}, {ground_truth} and {answer}). The prompts also hold braces of their own (the
JSON template), so `str.format` is never used, and a placeholder written inside a filled value
stays as written.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any

from anser_tui.text import ground_truth_text

PLACEHOLDERS = ("query", "instruction", "ground_truth", "answer")
_PLACEHOLDER = re.compile(r"\{(" + "|".join(PLACEHOLDERS) + r")\}")


@cache
def prompt_template(rubric_id: str) -> str:
    """The template with that id (ANSER: a rubric id of `benchmarks.anser.groups.RUBRICS`),
    placeholders intact."""
    path = resources.files("anser_tui.judge").joinpath("prompts", f"{rubric_id}.txt")
    if not path.is_file():
        raise KeyError(f"no judge prompt for rubric {rubric_id!r}")
    return path.read_text(encoding="utf-8").removesuffix("\n")


def fill_prompt(template: str, **fields: Any) -> str:
    """The template with the named placeholders replaced in one pass (nothing else touched;
    a placeholder inside a filled value stays as written). Values that are not text are
    filled in as JSON (`ground_truth_text`)."""
    if not fields:
        return template
    values = {k: ground_truth_text(v) for k, v in fields.items()}
    pattern = _PLACEHOLDER if set(values) == set(PLACEHOLDERS) else re.compile(
        r"\{(" + "|".join(map(re.escape, values)) + r")\}")
    return pattern.sub(lambda match: values[match.group(1)], template)
