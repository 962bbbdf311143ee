"""The judge prompts, stored as data files in each benchmark's package, and filling them in.

Each file under a benchmark's `prompts/` folder (the package its judge protocol names,
`JudgeProtocol.prompts`) is one prompt template, named by the id the protocol's calls give,
with the `{placeholders}` the calls' fields fill. A file holds the text followed by one newline
(as a fenced block ends); the prompt sent is the text without that final newline.

A folder named by the `judge.prompt_dir` setting (ANSER_JUDGE__PROMPT_DIR) overrides the
packaged files: a `<template id>.txt` there is used instead of the packaged one, so a user can
judge with another prompt (a benchmark's official grader, its placeholders written as the
calls name them). The prompt text is part of every call's cache key, so a replaced prompt is
never answered from replies to the packaged one.

The placeholders a call fills are replaced in one pass. The prompts also hold braces of their
own (a JSON template), so `str.format` is never used, and a placeholder written inside a
filled value stays as written.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from anser_tui.core.text import ground_truth_text


@cache
def prompt_template(template_id: str, package: str, prompt_dir: Path | None = None) -> str:
    """The template with that id, placeholders intact: `prompt_dir`'s file of that name where
    there is one, else the one in `package`'s `prompts/` folder."""
    if prompt_dir is not None:
        override = Path(prompt_dir).expanduser() / f"{template_id}.txt"
        if override.is_file():
            return override.read_text(encoding="utf-8").removesuffix("\n")
    path = resources.files(package).joinpath("prompts", f"{template_id}.txt")
    if not path.is_file():
        raise KeyError(f"no judge prompt {template_id!r} in {package}")
    return path.read_text(encoding="utf-8").removesuffix("\n")


@cache
def _placeholders(names: frozenset[str]) -> re.Pattern[str]:
    return re.compile(r"\{(" + "|".join(map(re.escape, sorted(names))) + r")\}")


def fill_prompt(template: str, **fields: Any) -> str:
    """The template with the named placeholders replaced in one pass (nothing else touched;
    a placeholder inside a filled value stays as written). Values that are not text are
    filled in as JSON (`ground_truth_text`)."""
    if not fields:
        return template
    values = {k: ground_truth_text(v) for k, v in fields.items()}
    return _placeholders(frozenset(values)).sub(lambda match: values[match.group(1)], template)
