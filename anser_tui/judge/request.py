"""Judge requests: the calls that judge one (run, task), and the keys that cache their replies.

A judgment is one or more calls, as the benchmark's judge protocol says (one call with the
rubric's prompt, or one per criterion). Each call's messages are exactly what the client sends:
the filled user template, after the filled system template where the benchmark has one (a
benchmark whose release gives no system message sends none); what fills a template is the
protocol's choice (say the task's query and ground truth and the run's answer, never evidence).

A call's cache key is a sha256 of its messages, the model and the parameters that change what
the judge says (reasoning effort, temperature) together with the protocol; a single user
message hashes as the prompt text alone, as workspaces made before system prompts existed did.
Timeouts, retries, the base URL and the API key are not part of it. A judgment's key is its
one call's key, or a hash of its calls' keys.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.base import Benchmark, CallSpec
from anser_tui.core.settings import JudgeSettings
from anser_tui.judge.prompts import fill_prompt, prompt_template
from anser_tui.workspace.records import RunOutput
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.tasks import Task

PROTOCOL = "chat.completions/user-message"
PROTOCOL_WITH_SYSTEM = "chat.completions/system+user"
SOURCE_PREFIX = "judge:"
Messages = tuple[dict[str, str], ...]


@dataclass(frozen=True)
class JudgeParams:
    """What, besides the prompt, decides the judge's reply; and where the prompt files that
    replace the packaged ones are (not part of the cache key: the prompt text itself is)."""

    model: str
    reasoning_effort: str | None = "high"
    temperature: float = 0.0
    prompt_dir: Path | None = None

    @classmethod
    def from_settings(cls, settings: JudgeSettings) -> JudgeParams:
        return cls(settings.model, settings.reasoning_effort, settings.temperature,
                   settings.prompt_dir)

    def as_dict(self) -> dict[str, Any]:
        return {"reasoning_effort": self.reasoning_effort, "temperature": self.temperature}

    def cache_key(self, messages: Messages) -> str:
        if len(messages) == 1 and messages[0]["role"] == "user":
            protocol, prompt = PROTOCOL, messages[0]["content"]
        else:
            protocol, prompt = PROTOCOL_WITH_SYSTEM, json.dumps(list(messages),
                                                                ensure_ascii=False)
        material = json.dumps({"protocol": protocol, "prompt": prompt, "model": self.model,
                               "params": self.as_dict()}, ensure_ascii=False, sort_keys=True)
        return hashlib.sha256(material.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class JudgeCallRequest:
    """One chat completion: what is sent, and the key its reply is cached under."""

    spec: CallSpec
    messages: Messages
    key: str

    @property
    def prompt(self) -> str:
        """The user message (the prompt proper)."""
        return self.messages[-1]["content"]


@dataclass(frozen=True)
class JudgeRequest:
    """Everything one judgment of (run, task) sends."""

    run: str
    task_id: str
    rubric: Rubric
    calls: tuple[JudgeCallRequest, ...]
    key: str

    @property
    def source(self) -> str:
        """How a judgment names the request it answers: a re-run recognises it by this."""
        return SOURCE_PREFIX + self.key


def call_messages(spec: CallSpec, package: str, prompt_dir: Path | None = None) -> Messages:
    """The messages of one call: its templates (`package`'s, or `prompt_dir`'s where it has
    them) filled with its fields."""
    user = {"role": "user", "content": fill_prompt(
        prompt_template(spec.user_template, package, prompt_dir), **spec.fields)}
    if spec.system_template is None:
        return (user,)
    system = {"role": "system", "content": fill_prompt(
        prompt_template(spec.system_template, package, prompt_dir), **spec.fields)}
    return (system, user)


def request_key(calls: Sequence[JudgeCallRequest]) -> str:
    """A judgment's key: its one call's, or a hash of its calls' keys."""
    return calls[0].key if len(calls) == 1 else hashlib.sha256(
        "\n".join(c.key for c in calls).encode()).hexdigest()


def build_request(benchmark: Benchmark, run: str, task: Task, output: RunOutput | None,
                  rubric: Rubric, params: JudgeParams) -> JudgeRequest:
    """The request judging `output` (None: the task is missing from the run, an empty answer)."""
    calls = []
    for spec in benchmark.judge.calls(task, rubric, output.answer_text if output else ""):
        messages = call_messages(spec, benchmark.judge.prompts, params.prompt_dir)
        calls.append(JudgeCallRequest(spec, messages, params.cache_key(messages)))
    return JudgeRequest(run, task.id, rubric, tuple(calls), request_key(calls))
