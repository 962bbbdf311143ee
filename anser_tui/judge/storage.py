"""What the judge runner writes: cache rows, and judgments as they arrive.

The cache holds a reply under the key of the request that produced it (sha256 of prompt,
model and parameters: `request.JudgeParams.cache_key`), so a re-run sends nothing already
answered and an interrupted run resumes where it stopped. Only replies are cached: a transport
error is not, so the next run tries that item again.

Each judgment is committed on its own, with its cache row, in one transaction. The insert is
plain SQL in the judgments table's layout (`sessions.judgments`) because it runs on the event
loop's thread once per reply, where every tenth of a millisecond counts (DESIGN section 10).
"""

from __future__ import annotations

from dataclasses import dataclass

from anser_tui.judge.client import Completion
from anser_tui.judge.request import JudgeParams
from anser_tui.workspace.records import Judgment, dumps
from anser_tui.workspace.store import WorkspaceStore, utc_now

_JUDGMENT_COLUMNS = ("run", "task_id", "rubric_id", "status", "raw", "marks", "score",
                     "recomputed_score", "reason", "error", "arithmetic_mismatch", "model",
                     "source", "latency_s", "input_tokens", "output_tokens", "created_at")
_INSERT_JUDGMENT = (f"INSERT INTO judgments ({', '.join(_JUDGMENT_COLUMNS)}) "
                    f"VALUES ({', '.join('?' * len(_JUDGMENT_COLUMNS))})")
_INSERT_REPLY = ("INSERT OR REPLACE INTO judge_cache (key, model, params, raw, reply_model, "
                 "latency_s, input_tokens, output_tokens, created_at) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")


@dataclass(frozen=True)
class CachedReply:
    raw: str
    model: str | None
    latency_s: float | None
    input_tokens: int | None
    output_tokens: int | None


def cached_reply(store: WorkspaceStore, key: str) -> CachedReply | None:
    row = store.conn.execute(
        "SELECT raw, reply_model, latency_s, input_tokens, output_tokens FROM judge_cache "
        "WHERE key=?", (key,)).fetchone()
    return CachedReply(*row) if row else None


def write_judgment(store: WorkspaceStore, judgment: Judgment,
                   cache: tuple[str, JudgeParams, Completion] | None = None) -> None:
    """Commit one judgment, and the reply it came from under its cache key when given."""
    now = utc_now()
    with store.transaction():
        if cache is not None:
            key, params, reply = cache
            store.conn.execute(_INSERT_REPLY, (
                key, params.model, dumps(params.as_dict()), reply.text, reply.model,
                reply.latency_s, reply.input_tokens, reply.output_tokens, now))
        store.conn.execute(_INSERT_JUDGMENT, (
            judgment.run, judgment.task_id, judgment.rubric_id, judgment.status.value,
            judgment.raw, dumps(judgment.marks), judgment.score, judgment.recomputed_score,
            judgment.reason, judgment.error, int(judgment.arithmetic_mismatch),
            judgment.model, judgment.source, judgment.latency_s, judgment.input_tokens,
            judgment.output_tokens, judgment.created_at or now))
