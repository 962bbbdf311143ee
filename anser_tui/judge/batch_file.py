"""Batch files (DESIGN 14): `judge --write-batch FILE` writes a plan's calls as OpenAI batch
input lines (`{custom_id, method, url, body}`, the body what a live call posts), which
`vllm run-batch` reads too; `import-judgments` reads the batch output lines, OpenAI's
(`{id, custom_id, response: {status_code, body}, error}`) and vLLM's (the error a string, or
`response` the body itself), joined on custom_id through the batch recorded when its input
was written (`workspace.batches`; a few-shot candidate's batch keeps its examples blocks, so
its requests are built again as sent). Each line is an attempt through the live parser; an error
line (or a status other than 200) is a transport_error attempt, never a replaced judgment. A
request whose calls are not all in the file is left for another file. Lines already stored
(the same custom_id and reply) are not stored again."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.core.errors import InputError
from anser_tui.core.json_input import decode_plain
from anser_tui.judge.client import Completion
from anser_tui.judge.examples import fewshot_request
from anser_tui.judge.plan import JudgePlan
from anser_tui.judge.request import JudgeParams, JudgeRequest, Messages, build_request
from anser_tui.judge.runner import judgment_of
from anser_tui.workspace.batches import BatchRecord, add_batch, run_batches
from anser_tui.workspace.records import Judgment, dumps
from anser_tui.workspace.store import WorkspaceStore

URL = "/v1/chat/completions"


def chat_body(params: JudgeParams, messages: Messages) -> dict[str, Any]:
    """The chat completion body of one call, as the live client posts it."""
    body: dict[str, Any] = {"model": params.model, "messages": [dict(m) for m in messages],
                            "temperature": params.temperature}
    if params.reasoning_effort is not None:
        body["reasoning_effort"] = params.reasoning_effort
    return body


def call_uid(judge: str, request: JudgeRequest, index: int) -> str:
    """The uid of a call of a judge's request: its custom_id in a batch."""
    material = f"{judge}|{request.run}|{request.task_id}|{index}|{request.calls[index].key}"
    return hashlib.sha256(material.encode("utf-8")).hexdigest()[:32]


def params_json(params: JudgeParams, examples: Mapping[str, str] | None = None
                ) -> dict[str, Any]:
    """What a batch record keeps to build its requests again: the parameters, and the
    few-shot blocks of a plan that has them."""
    out: dict[str, Any] = {"model": params.model, "reasoning_effort": params.reasoning_effort,
                           "temperature": params.temperature,
                           "prompt_dir": str(params.prompt_dir) if params.prompt_dir else None}
    if examples:
        out["examples"] = dict(examples)
    return out


def batch_lines(plan: JudgePlan, params: JudgeParams
                ) -> tuple[list[str], dict[str, tuple[str, int]]]:
    """The input lines of the plan's calls, and {custom_id: (task id, call index)}."""
    lines, ids = [], {}
    for request in plan.requests:
        for index, call in enumerate(request.calls):
            custom_id = call_uid(plan.judge, request, index)
            ids[custom_id] = (request.task_id, index)
            lines.append(json.dumps({"custom_id": custom_id, "method": "POST", "url": URL,
                                     "body": chat_body(params, call.messages)},
                                    ensure_ascii=False))
    return lines, ids


def write_batch_file(store: WorkspaceStore, plan: JudgePlan, params: JudgeParams, run: str,
                     path: Path) -> int:
    """Write the plan's input lines to `path` and record them; the number of lines."""
    lines, ids = batch_lines(plan, params)
    Path(path).write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    add_batch(store, BatchRecord(f"file:{uuid.uuid4().hex}", run, plan.judge, 0, str(path),
                                 params_json(params, plan.examples), ids, "written"))
    return len(lines)


def is_batch_output(path: Path) -> bool:
    """Whether `path`'s first line is a batch output line (custom_id with response or error)."""
    try:
        with Path(path).open(encoding="utf-8") as f:
            first = decode_plain(f.readline() or "null")
    except (OSError, ValueError, UnicodeDecodeError):
        return False
    return isinstance(first, dict) and "custom_id" in first and (
        "response" in first or "error" in first)


def reply_of(line: dict[str, Any]) -> Completion | str:
    """A batch output line's reply, or why it has none (an error line)."""
    error, response = line.get("error"), line.get("response")
    if error:
        if isinstance(error, dict):
            return f"batch error {error.get('code', '')}: {error.get('message', '')}"
        return str(error)
    if not isinstance(response, dict):
        return "batch line with neither response nor error"
    body = response if "choices" in response else response.get("body")
    status = response.get("status_code", 200)
    if status != 200 or not isinstance(body, dict):
        return f"batch HTTP {status}: {dumps(body)[:200]}"
    try:
        text = body["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        return "the batch reply is not a chat completion"
    raw_usage = body.get("usage")
    usage: dict[str, Any] = raw_usage if isinstance(raw_usage, dict) else {}
    return Completion(str(text), body.get("model"), 0.0, usage.get("prompt_tokens"),
                      usage.get("completion_tokens"))


def read_batch_lines(path: Path) -> list[tuple[int, dict[str, Any]]]:
    out = []
    for number, text in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not text.strip():
            continue
        try:
            line = decode_plain(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"not a JSON line ({exc.msg})", path, number) from None
        if not isinstance(line, dict) or not isinstance(line.get("custom_id"), str):
            raise InputError("a batch output line needs a custom_id", path, number)
        out.append((number, line))
    return out


def batch_judgments(store: WorkspaceStore, path: Path, run: str,
                    batches: Iterable[BatchRecord] | None = None) -> list[Judgment]:
    """The judgments of a batch output file's lines (checked whole first)."""
    return line_judgments(store, read_batch_lines(path), path, run, batches)


def line_judgments(store: WorkspaceStore, lines: list[tuple[int, dict[str, Any]]],
                   path: Path | str, run: str, batches: Iterable[BatchRecord] | None = None
                   ) -> list[Judgment]:
    """The judgments of batch output lines ((line number, line) of `path`)."""
    known = {cid: (batch, task_id, index)
             for batch in (batches if batches is not None else run_batches(store, run))
             for cid, (task_id, index) in batch.custom_ids.items()}
    replies: dict[tuple[str, str], dict[int, Completion | str]] = {}
    owners: dict[tuple[str, str], BatchRecord] = {}
    for number, line in lines:
        found = known.get(line["custom_id"])
        if found is None:
            raise InputError(f"custom_id {line['custom_id']!r} is in no batch written or "
                             f"submitted for run {run!r}", path, number)
        batch, task_id, index = found
        replies.setdefault((batch.batch_id, task_id), {})[index] = reply_of(line)
        owners[(batch.batch_id, task_id)] = batch
    benchmark = benchmark_named(store.benchmark)
    outputs = store.outputs(run)
    out = []
    for (batch_id, task_id), by_index in replies.items():
        batch = owners[(batch_id, task_id)]
        p = batch.params
        params = JudgeParams(p["model"], p["reasoning_effort"], p["temperature"],
                             Path(p["prompt_dir"]) if p["prompt_dir"] else None)
        task = store.task(task_id)
        rubric = benchmark.rubric(task)
        if rubric is None:
            continue
        blocks = p.get("examples")
        request = fewshot_request(benchmark, run, task, outputs.get(task_id), rubric, params,
                                  blocks) if blocks else build_request(
            benchmark, run, task, outputs.get(task_id), rubric, params)
        if len(by_index) != len(request.calls):
            continue  # some call of the request is in another file
        out.append(judgment_of(benchmark, request, [by_index[i] for i in range(len(by_index))],
                               params.model, batch.judge))
    return out
