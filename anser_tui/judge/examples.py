"""Few-shot examples in a judge's prompt (DESIGN 15, `recalibrate --method fewshot`).

An example is another item's call as the judge would see it (the call's fields: the task
fields the judge may see and the answer, each under its field name in capitals), followed by
the human verdict written as the reply the call asks for (`JudgeProtocol.example_reply`), and
the reviewer's reason code and comment where there are any. The block of a call's examples is

    "\\n\\n" heading "\\n\\n" example 1 "\\n\\n" ... example k "\\n\\n--- end of examples ---"

and goes at the one place the benchmark names for it (`JudgeProtocol.examples_place`): right
before the first occurrence of `ExamplesPlace.before` in the call's user template. The template
is split there and each side filled on its own (a placeholder never straddles the split, and
filling is one pass, so the block's own text is never filled in): the prompt sent is
fill(head) + block + fill(tail), and removing the block gives the official prompt byte for
byte. System messages are untouched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from anser_tui.benchmarks.base import Benchmark, CallSpec
from anser_tui.core.errors import InputError
from anser_tui.judge.prompts import fill_prompt, prompt_template
from anser_tui.judge.request import (
    JudgeCallRequest,
    JudgeParams,
    JudgeRequest,
    Messages,
    request_key,
)
from anser_tui.workspace.records import RunOutput
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.tasks import Task

END = "--- end of examples ---"


@dataclass(frozen=True)
class Example:
    """One example: the call as the judge saw it, and what the human said of it."""

    spec: CallSpec
    reply: str  # the human verdict, as the reply the call asks for
    reason_code: str | None = None
    comment: str | None = None

    def text(self, number: int) -> str:
        parts = [f"--- example {number} ---"]
        parts += [f"{name.upper()}:\n{value}" for name, value in self.spec.fields.items()]
        parts.append(f"HUMAN VERDICT:\n{self.reply}")
        if self.reason_code:
            parts.append(f"REASON: {self.reason_code}")
        if self.comment:
            parts.append(f"COMMENT: {self.comment}")
        return "\n\n".join(parts)


def examples_block(heading: str, examples: Sequence[Example]) -> str:
    """The text inserted into a prompt (see the module)."""
    body = "\n\n".join(e.text(i) for i, e in enumerate(examples, 1))
    return f"\n\n{heading}\n\n{body}\n\n{END}"


def split_template(benchmark: Benchmark, spec: CallSpec, prompt_dir: Path | None = None
                   ) -> tuple[str, str, str]:
    """(head, tail, heading): the call's user template split at its place for examples."""
    place = benchmark.judge.examples_place(spec)
    if place is None:
        raise InputError(f"{benchmark.label}'s judge sends no prompt of its own: it has no "
                         "place for few-shot examples")
    template = prompt_template(spec.user_template, benchmark.judge.prompts, prompt_dir)
    at = template.find(place.before)
    if at < 0:
        raise InputError(f"the judge prompt {spec.user_template!r} has no place for examples "
                         f"(it lacks {place.before!r})")
    return template[:at], template[at:], place.heading


def fewshot_messages(benchmark: Benchmark, spec: CallSpec, block: str,
                     prompt_dir: Path | None = None) -> Messages:
    """The call's messages with `block` inserted at its place in the user message."""
    head, tail, _ = split_template(benchmark, spec, prompt_dir)
    user = {"role": "user", "content": fill_prompt(head, **spec.fields) + block +
            fill_prompt(tail, **spec.fields)}
    if spec.system_template is None:
        return (user,)
    system = {"role": "system", "content": fill_prompt(
        prompt_template(spec.system_template, benchmark.judge.prompts, prompt_dir),
        **spec.fields)}
    return (system, user)


def fewshot_request(benchmark: Benchmark, run: str, task: Task, output: RunOutput | None,
                    rubric: Rubric, params: JudgeParams, blocks: Mapping[str, str]
                    ) -> JudgeRequest:
    """The request judging `output` with each call's examples (`blocks`, by user template)
    inserted; InputError for a call whose template has no block."""
    calls = []
    for spec in benchmark.judge.calls(task, rubric, output.answer_text if output else ""):
        if spec.user_template not in blocks:
            raise InputError(f"no examples for the judge prompt {spec.user_template!r}: no "
                             "train item with a human verdict uses it")
        messages = fewshot_messages(benchmark, spec, blocks[spec.user_template],
                                    params.prompt_dir)
        calls.append(JudgeCallRequest(spec, messages, params.cache_key(messages)))
    return JudgeRequest(run, task.id, rubric, tuple(calls), request_key(calls))
