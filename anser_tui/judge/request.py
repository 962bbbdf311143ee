"""Judge requests: the filled prompt of one (run, task), and the key that caches its reply.

A request is built from the task's query and instruction, its ground truth and the run's
answer, and nothing else: never the gold evidence, never the retrieved evidence (README,
"LLM Judge"). The prompt is sent as one user message; the README gives no system message, so
none is sent.

The cache key is a sha256 of the prompt, the model and the parameters that change what the
judge says (reasoning effort, temperature) together with the protocol. Timeouts, retries, the
base URL and the API key are not part of it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from anser_tui.config import JudgeSettings
from anser_tui.judge.prompts import fill_prompt, prompt_template
from anser_tui.workspace.records import RunOutput
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.tasks import Task

PROTOCOL = "chat.completions/user-message"
SOURCE_PREFIX = "judge:"


@dataclass(frozen=True)
class JudgeParams:
    """What, besides the prompt, decides the judge's reply."""

    model: str
    reasoning_effort: str | None = "high"
    temperature: float = 0.0

    @classmethod
    def from_settings(cls, settings: JudgeSettings) -> JudgeParams:
        return cls(settings.model, settings.reasoning_effort, settings.temperature)

    def as_dict(self) -> dict[str, Any]:
        return {"reasoning_effort": self.reasoning_effort, "temperature": self.temperature}

    def cache_key(self, prompt: str) -> str:
        material = json.dumps({"protocol": PROTOCOL, "prompt": prompt, "model": self.model,
                               "params": self.as_dict()}, ensure_ascii=False, sort_keys=True)
        return hashlib.sha256(material.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class JudgeRequest:
    run: str
    task_id: str
    rubric: Rubric
    prompt: str
    key: str

    @property
    def source(self) -> str:
        """How a judgment names the request it answers: a re-run recognises it by this."""
        return SOURCE_PREFIX + self.key

    @property
    def messages(self) -> list[dict[str, str]]:
        return [{"role": "user", "content": self.prompt}]


def judge_prompt(rubric: Rubric, query: str, instruction: str, ground_truth: Any,
                 answer: str) -> str:
    """The rubric's prompt filled with the four fields the judge may see."""
    return fill_prompt(prompt_template(rubric.id), query=query, instruction=instruction,
                       ground_truth=ground_truth, answer=answer)


def build_request(run: str, task: Task, output: RunOutput | None, rubric: Rubric,
                  params: JudgeParams) -> JudgeRequest:
    """The request judging `output` (None: the task is missing from the run, an empty answer)."""
    prompt = judge_prompt(rubric, task.prompt.query, task.prompt.instruction,
                          task.key.ground_truth, output.answer_text if output else "")
    return JudgeRequest(run, task.id, rubric, prompt, params.cache_key(prompt))
