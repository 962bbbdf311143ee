"""Batch submissions (DESIGN 14, 15): each batch input written or submitted is recorded with
the custom ids it holds, so the output lines (joined on custom_id) find their item and call,
and an interrupted `judge --batch` finds the batch it submitted. A file written for
`vllm run-batch` is recorded as batch `file:<uid>`. A submission is recorded before it is
made, as `intent:<uid>` in state `intent`, and becomes the batch's own row once the API
returns its id (`confirm_batch`); an intent left behind by a crash is looked up by the
`judge.batch_api` before anything is submitted again."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from anser_tui.workspace.store import WorkspaceStore, utc_now


@dataclass(frozen=True)
class BatchRecord:
    batch_id: str
    run: str
    judge: str
    part: int
    input_file_id: str
    params: dict[str, Any]
    custom_ids: dict[str, tuple[str, int]]  # custom_id -> (task id, call index)
    state: str
    created_at: str = ""  # when it was recorded (UTC, ISO 8601)


def add_batch(store: WorkspaceStore, record: BatchRecord) -> None:
    with store.transaction():
        store.conn.execute(
            "INSERT INTO judge_batches (batch_id, run, judge, part, input_file_id, params, "
            "custom_ids, state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (record.batch_id, record.run, record.judge, record.part, record.input_file_id,
             json.dumps(record.params), json.dumps(record.custom_ids), record.state,
             utc_now()))


def confirm_batch(store: WorkspaceStore, intent: str, batch_id: str, input_file_id: str,
                  state: str = "submitted") -> None:
    """The intent `intent` became batch `batch_id` (its row renamed, the input file named)."""
    with store.transaction():
        store.conn.execute("UPDATE judge_batches SET batch_id=?, input_file_id=?, state=? "
                           "WHERE batch_id=?", (batch_id, input_file_id, state, intent))


def drop_batch(store: WorkspaceStore, batch_id: str) -> None:
    """Forget a recorded intent that never became a batch."""
    with store.transaction():
        store.conn.execute("DELETE FROM judge_batches WHERE batch_id=?", (batch_id,))


def set_batch_state(store: WorkspaceStore, batch_id: str, state: str) -> None:
    with store.transaction():
        store.conn.execute("UPDATE judge_batches SET state=? WHERE batch_id=?",
                           (state, batch_id))


def run_batches(store: WorkspaceStore, run: str, judge: str | None = None,
                states: tuple[str, ...] | None = None) -> list[BatchRecord]:
    """The batches recorded for `run` (of `judge`, in `states`, when given), oldest first."""
    rows = store.conn.execute(
        "SELECT batch_id, run, judge, part, input_file_id, params, custom_ids, state, created_at "
        "FROM judge_batches WHERE run=? ORDER BY created_at, part", (run,)).fetchall()
    out = []
    for batch_id, run_, judge_, part, file_id, params, ids, state, created in rows:
        if (judge is not None and judge_ != judge) or (states is not None and state not in states):
            continue
        custom: Mapping[str, list[Any]] = json.loads(ids)
        out.append(BatchRecord(batch_id, run_, judge_, part, file_id, json.loads(params),
                               {k: (v[0], int(v[1])) for k, v in custom.items()}, state,
                               created))
    return out
