"""`judge --batch` (DESIGN 15): a plan's calls through the Files and Batches API with the
official client (`files.create(purpose="batch")`, `batches.create(endpoint=
"/v1/chat/completions", completion_window="24h")`, `batches.retrieve`, `files.content`,
`batches.list`).

Input is split at 50,000 requests or 200 MB per file. Each submission is recorded as an intent
(`intent:<uid>`, with the custom ids it will hold) before its file is uploaded, and the batch
is created with that uid in its metadata (`anser-tui-submission`) and without the client's
own retries (a retried create after a lost reply would be a second batch); the intent becomes
the batch's row as soon as the id comes back. So a process that dies anywhere in between
leaves an intent, and the next run looks it up before submitting anything: `batches.list`
(newest first, paged with `after`, back to an hour before the intent was recorded) finds the
batch created with that uid, which is recorded and polled; an intent no batch names never
reached `batches.create` and is dropped, its items still to be judged. The same command after
an interruption thus resumes the batch and never submits twice.

Polling every `poll_s` seconds, it downloads the output and error files when the batch ends
and stores every line as an attempt through the live parser (`batch_file.line_judgments`); a
failed line is a transport_error attempt. A batch that ended (completed, expired, failed,
cancelled) is marked so; what it did not answer is still to be judged, and the next run
submits only that.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from anser_tui.core.settings import JudgeSettings
from anser_tui.judge.batch_file import URL, batch_lines, line_judgments, params_json
from anser_tui.judge.client import require_api_key
from anser_tui.judge.plan import JudgePlan
from anser_tui.judge.request import JudgeParams
from anser_tui.workspace.batches import (
    BatchRecord,
    add_batch,
    confirm_batch,
    drop_batch,
    run_batches,
    set_batch_state,
)
from anser_tui.workspace.judgments import add_judgments
from anser_tui.workspace.records import Judgment
from anser_tui.workspace.store import WorkspaceStore

MAX_REQUESTS = 50_000
MAX_BYTES = 200 * 1024 * 1024
ENDED = ("completed", "expired", "failed", "cancelled")
INTENT = "intent"  # the state of a submission recorded before it is made
INTENT_KEY = "anser-tui-submission"  # the batch metadata key naming the intent
LOOKBACK_S = 3600.0  # how far before an intent `batches.list` is read (clocks differ)
Part = tuple[list[str], dict[str, tuple[str, int]]]
Polled = Callable[[str, str, int, int], None]  # (batch id, status, requests done, total)


@dataclass
class BatchSummary:
    submitted: list[str] = field(default_factory=list)  # batch ids created by this run
    resumed: list[str] = field(default_factory=list)  # batch ids found recorded
    recovered: list[str] = field(default_factory=list)  # found by an intent's metadata
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
        intent = f"{INTENT}:{uuid.uuid4().hex}"
        add_batch(store, BatchRecord(intent, run, plan.judge, index, "",
                                     params_json(params, plan.examples), part_ids, INTENT))
        data = "".join(f"{line}\n" for line in part).encode("utf-8")
        upload = client.files.create(file=(f"{run}-{index}.jsonl", data), purpose="batch")
        batch = client.with_options(max_retries=0).batches.create(
            input_file_id=upload.id, endpoint=URL, completion_window="24h",
            metadata={INTENT_KEY: intent})
        confirm_batch(store, intent, batch.id, upload.id)
        created.append(batch.id)
    return created


def _epoch(recorded: str) -> float:
    return datetime.fromisoformat(recorded).timestamp() if recorded else 0.0


def recover_intents(store: WorkspaceStore, client: Any, run: str, judge: str) -> list[str]:
    """Settle the intents a crashed run left (see the module); the batch ids found."""
    wanted = {r.batch_id: r for r in run_batches(store, run, judge, (INTENT,))}
    if not wanted:
        return []
    since = min(_epoch(r.created_at) for r in wanted.values()) - LOOKBACK_S
    found = []
    for batch in client.batches.list(limit=100):
        intent = (batch.metadata or {}).get(INTENT_KEY)
        if intent in wanted:
            confirm_batch(store, intent, batch.id, batch.input_file_id)
            found.append(batch.id)
            del wanted[intent]
        if not wanted or batch.created_at < since:
            break
    for intent in wanted:
        drop_batch(store, intent)
    return found


def _lines(client: Any, file_id: str | None) -> list[tuple[int, dict[str, Any]]]:
    if not file_id:
        return []
    text = client.files.content(file_id).text
    return [(n, json.loads(t)) for n, t in enumerate(text.splitlines(), 1) if t.strip()]


def run_batch(store: WorkspaceStore, plan: JudgePlan, params: JudgeParams,
              settings: JudgeSettings, run: str, *, wait: bool = True, poll_s: float = 30.0,
              on_poll: Polled | None = None) -> BatchSummary:
    """Settle any intent left by a crash, submit the plan (unless a recorded batch of this
    judge is still pending), then, with `wait`, poll each pending batch to its end and store
    its lines."""
    summary = BatchSummary()
    client = _client(settings)
    summary.recovered = recover_intents(store, client, run, plan.judge)
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
            if on_poll is not None:
                done = counts.completed + counts.failed if counts is not None else 0
                total = counts.total if counts is not None else 0
                on_poll(record.batch_id, batch.status, done, total or len(record.custom_ids))
            if batch.status in ENDED:
                break
            time.sleep(poll_s)
        lines = _lines(client, batch.output_file_id) + _lines(client, batch.error_file_id)
        read = line_judgments(store, lines, f"batch {record.batch_id}", run, [record])
        summary.judgments += add_judgments(store, read)  # each line a new attempt
        set_batch_state(store, record.batch_id, batch.status)
    return summary
