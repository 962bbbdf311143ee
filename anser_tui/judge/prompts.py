"""The judge prompts, stored as data files, and filling them in.

Each file under `prompts/` is one prompt template, named by the id a benchmark's judge protocol
gives. ANSER-Bench: one prompt block of its README ("LLM Judge") per rubric id, the Chinese
prompt for Chinese groups, the English one for English groups. PRBench: `prbench_grader`
(fields {conversation}, {response}, {criterion}). AA-LCR: `aalcr_v1_1_system`,
`aalcr_v1_1_user` and `aalcr_v1_0_user` (fields {question}, {official_answer},
{candidate_answer}), verbatim from its README. A file holds the text followed by one newline
(as a fenced block ends); the prompt sent is the text without that final newline.

A folder named by the `judge.prompt_dir` setting (ANSER_JUDGE__PROMPT_DIR) overrides the
packaged files: a `<template id>.txt` there is used instead of the packaged one, so a user can
judge with PRBench's official grader prompt (its `<<conversation>>` written `{conversation}`,
its `<<rubric_item>>` written `{criterion}`). The prompt text is part of every call's cache
key, so a replaced prompt is never answered from replies to the packaged one.

The placeholders the benchmark fills are replaced in one pass (ANSER: exactly {query},
{instruction}, {ground_truth} and {answer}). The prompts also hold braces of their own (the
JSON template), so `str.format` is never used, and a placeholder written inside a filled value
stays as written.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from anser_tui.core.text import ground_truth_text

PLACEHOLDERS = ("query", "instruction", "ground_truth", "answer")
_PLACEHOLDER = re.compile(r"\{(" + "|".join(PLACEHOLDERS) + r")\}")


@cache
def prompt_template(template_id: str, prompt_dir: Path | None = None) -> str:
    """The template with that id (ANSER: a rubric id of `benchmarks.anser.groups.RUBRICS`),
    placeholders intact: `prompt_dir`'s file of that name where there is one, else the
    packaged one."""
    if prompt_dir is not None:
        override = Path(prompt_dir).expanduser() / f"{template_id}.txt"
        if override.is_file():
            return override.read_text(encoding="utf-8").removesuffix("\n")
    path = resources.files("anser_tui.judge").joinpath("prompts", f"{template_id}.txt")
    if not path.is_file():
        raise KeyError(f"no judge prompt {template_id!r}")
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
