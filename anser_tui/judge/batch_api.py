"""`judge --batch` (DESIGN 15): a plan's calls through the Files and Batches API with the
official client (`files.create(purpose="batch")`, `batches.create(endpoint=
"/v1/chat/completions", completion_window="24h")`, `batches.retrieve`, `files.content`).

Input is split at 50,000 requests or 200 MB per file. Each batch is recorded (batch and input
file ids, the custom ids it holds) right after it is created, so the same command after an
interruption finds it and polls it instead of submitting again (a batch created but not yet
recorded when the process dies is the one window left). Polling every `poll_s` seconds, it
downloads the output and error files when the batch ends and stores every line as an attempt
through the live parser (`batch_file.line_judgments`); a failed line is a transport_error
attempt. A batch that ended (completed, expired, failed, cancelled) is marked so; what it did
not answer is still to be judged, and the next run submits only that.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from anser_tui.core.settings import JudgeSettings
from anser_tui.judge.batch_file import URL, batch_lines, line_judgments, params_json
from anser_tui.judge.client import require_api_key
from anser_tui.judge.plan import JudgePlan
from anser_tui.judge.request import JudgeParams
from anser_tui.workspace.batches import BatchRecord, add_batch, run_batches, set_batch_state
from anser_tui.workspace.judgments import add_judgments
from anser_tui.workspace.records import Judgment
from anser_tui.workspace.store import WorkspaceStore

MAX_REQUESTS = 50_000
MAX_BYTES = 200 * 1024 * 1024
ENDED = ("completed", "expired", "failed", "cancelled")
Part = tuple[list[str], dict[str, tuple[str, int]]]


@dataclass
class BatchSummary:
    submitted: list[str] = field(default_factory=list)  # batch ids created by this run
    resumed: list[str] = field(default_factory=list)  # batch ids found recorded
    polls: int = 0
    judgments: list[Judgment] = field(default_factory=list)


def split_parts(lines: list[str], ids: dict[str, tuple[str, int]],
                max_requests: int = MAX_REQUESTS, max_bytes: int = MAX_BYTES) -> list[Part]:
    """The lines in input files of at most `max_requests` lines and `max_bytes` bytes."""
    parts: list[Part] = []
    size = 0
    for line in lines:
        n = len(line.encode("utf-8")) + 1
        if not parts or len(parts[-1][0]) >= max_requests or size + n > max_bytes:
            parts.append(([], {}))
            size = 0
        custom_id = json.loads(line)["custom_id"]
        parts[-1][0].append(line)
        parts[-1][1][custom_id] = ids[custom_id]
        size += n
    return parts


def _client(settings: JudgeSettings) -> Any:
    import openai

    return openai.OpenAI(base_url=settings.base_url, api_key=require_api_key(settings) or "none",
                         max_retries=settings.max_retries, timeout=settings.timeout_s)


def _submit(store: WorkspaceStore, client: Any, plan: JudgePlan, params: JudgeParams,
            run: str) -> list[str]:
    lines, ids = batch_lines(plan, params)
    created = []
    for index, (part, part_ids) in enumerate(split_parts(lines, ids)):
        data = "".join(f"{line}\n" for line in part).encode("utf-8")
        upload = client.files.create(file=(f"{run}-{index}.jsonl", data), purpose="batch")
        batch = client.batches.create(input_file_id=upload.id, endpoint=URL,
                                      completion_window="24h")
        add_batch(store, BatchRecord(batch.id, run, plan.judge, index, upload.id,
                                     params_json(params), part_ids, "submitted"))
        created.append(batch.id)
    return created


def _lines(client: Any, file_id: str | None) -> list[tuple[int, dict[str, Any]]]:
    if not file_id:
        return []
    text = client.files.content(file_id).text
    return [(n, json.loads(t)) for n, t in enumerate(text.splitlines(), 1) if t.strip()]


def run_batch(store: WorkspaceStore, plan: JudgePlan, params: JudgeParams,
              settings: JudgeSettings, run: str, *, wait: bool = True, poll_s: float = 30.0,
              on_poll: Callable[[str, int, int], None] | None = None) -> BatchSummary:
    """Submit the plan (unless a recorded batch of this judge is still pending), then, with
    `wait`, poll each pending batch to its end and store its lines."""
    summary = BatchSummary()
    client = _client(settings)
    pending = run_batches(store, run, plan.judge, ("submitted",))
    summary.resumed = [b.batch_id for b in pending]
    if not pending and plan.requests:
        summary.submitted = _submit(store, client, plan, params, run)
        pending = run_batches(store, run, plan.judge, ("submitted",))
    if not wait:
        return summary
    for record in pending:
        while True:
            batch = client.batches.retrieve(record.batch_id)
            summary.polls += 1
            counts = batch.request_counts
            if on_poll is not None and counts is not None:
                on_poll(record.batch_id, counts.completed + counts.failed, counts.total)
            if batch.status in ENDED:
                break
            time.sleep(poll_s)
        lines = _lines(client, batch.output_file_id) + _lines(client, batch.error_file_id)
        read = line_judgments(store, lines, f"batch {record.batch_id}", run, [record])
        summary.judgments += add_judgments(store, read)  # each line a new attempt
        set_batch_state(store, record.batch_id, batch.status)
    return summary
