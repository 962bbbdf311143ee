"""Judgments in the workspace: stored as they arrive, with their calls, never replaced.

Every attempt is kept (`judgment_history`). The current judgment of (run, task), the one a
reviewer sees, accepts and a report counts, is the judge's (see below) newest whose status is
ok; where none is ok, the newest of any status (a parse failure still shows when nothing
better exists). So a failed judge call (a transport error, a reply that does not parse)
never hides a good judgment made before it. `add_judgments` is the one way a judgment is
written (an import, or a judge run's batch, with the cache rows of its replies).

Judges (DESIGN 15): every judgment names its judge, and the judgments of several judges of one
run coexist: the current judgment is per (run, task, judge). A run's primary judge is the judge
of its first judgment unless set (`set_primary_judge`). The current judgment (and what is
counted or reviewed) is read with `judge`, where None means the store's chosen judge
(`WorkspaceStore.judge`, a verb's `--judge NAME`) or else the run's primary judge; an item's
history and newest attempt, with judge None, are every judge's."""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from anser_tui.core.value import Value
from anser_tui.workspace.records import JudgeCall, Judgment, JudgmentStatus
from anser_tui.workspace.store import WorkspaceStore, utc_now

_INSERT_JUDGMENT = (f"INSERT INTO judgments ({', '.join(Judgment.COLUMNS)}) "
                    f"VALUES ({', '.join('?' * len(Judgment.COLUMNS))})")
_INSERT_CALL = (f"INSERT INTO judge_calls (judgment_uid, seq, {', '.join(JudgeCall.COLUMNS)}) "
                f"VALUES ({', '.join('?' * (len(JudgeCall.COLUMNS) + 2))})")
_INSERT_CACHE = ("INSERT OR REPLACE INTO judge_cache (key, model, params, raw, reply_model, "
                 "latency_s, input_tokens, output_tokens, created_at) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
_SELECT = f"SELECT id, {', '.join(Judgment.COLUMNS)} FROM judgments"
_FIRST_JUDGE = "INSERT OR IGNORE INTO primary_judges (run, judge) VALUES (?, ?)"
# The judge each run is read with: the store's chosen judge, else the run's primary one.
_JUDGE_OF_RUN = ("COALESCE(?, (SELECT p.judge FROM primary_judges p "
                 "WHERE p.run = judgments.run))")


def primary_judge(store: WorkspaceStore, run: str) -> str | None:
    """The run's primary judge: the first judged, or the one set; None before any judgment."""
    row = store.conn.execute("SELECT judge FROM primary_judges WHERE run=?", (run,)).fetchone()
    return row[0] if row else None


def judge_of(store: WorkspaceStore, run: str, judge: str | None = None) -> str | None:
    """The judge `run` is read with: `judge`, else the store's chosen judge, else the primary."""
    return judge or store.judge or primary_judge(store, run)


def run_judges(store: WorkspaceStore, run: str) -> list[str]:
    """The judges with judgments of `run`, in the order they first judged it."""
    return [r[0] for r in store.conn.execute(
        "SELECT judge FROM judgments WHERE run=? GROUP BY judge ORDER BY MIN(id)", (run,))]


def set_primary_judge(store: WorkspaceStore, run: str, judge: str) -> None:
    """Make `judge` the run's primary judge; ValueError when it has not judged the run."""
    known = run_judges(store, run)
    if judge not in known:
        raise ValueError(f"run {run!r} has no judgments by judge {judge!r} (its judges: "
                         f"{', '.join(known) or 'none'})")
    with store.transaction():
        store.conn.execute("INSERT OR REPLACE INTO primary_judges (run, judge) VALUES (?, ?)",
                           (run, judge))


def add_judgments(store: WorkspaceStore, judgments: Iterable[Judgment],
                  cache_rows: Sequence[tuple[Any, ...]] = ()) -> list[Judgment]:
    """Append judgments (and the judge-cache rows of the replies they came from:
    (key, model, params, raw, reply_model, latency_s, input_tokens, output_tokens)) in one
    transaction. The judgments as stored (creation time filled in)."""
    now = utc_now()
    stored = [j if j.created_at else j.model_copy(update={"created_at": now})
              for j in judgments]
    with store.transaction():
        stored = _named(store, stored)
        store.conn.executemany(_INSERT_CACHE, [(*row, now) for row in cache_rows])
        store.conn.executemany(_INSERT_JUDGMENT, [j.to_row() for j in stored])
        store.conn.executemany(_INSERT_CALL, [(j.uid, seq, *call.to_row())
                                              for j in stored
                                              for seq, call in enumerate(j.calls)])
        store.conn.executemany(_FIRST_JUDGE, [(j.run, j.judge) for j in stored])
    return stored


def _named(store: WorkspaceStore, judgments: list[Judgment]) -> list[Judgment]:
    """Judgments naming no judge (nor model): the run's primary judge's, else their source's."""
    named = []
    for j in judgments:
        if not j.judge:
            primary = primary_judge(store, j.run) or j.source
            j = j.model_copy(update={"judge": primary})
        named.append(j)
    return named


def _calls(store: WorkspaceStore, uids: Sequence[str]) -> dict[str, list[JudgeCall]]:
    found: dict[str, list[JudgeCall]] = defaultdict(list)
    for start in range(0, len(uids), 500):
        chunk = uids[start:start + 500]
        rows = store.rows(
            f"SELECT * FROM judge_calls WHERE judgment_uid IN ({', '.join('?' * len(chunk))}) "
            "ORDER BY judgment_uid, seq", chunk)
        for row in rows:
            found[row["judgment_uid"]].append(JudgeCall.from_row(row))
    return found


def _with_calls(store: WorkspaceStore, rows: list[sqlite3.Row]) -> list[Judgment]:
    calls = _calls(store, [row["uid"] for row in rows])
    return [Judgment.from_row(row, tuple(calls.get(row["uid"], ()))) for row in rows]


def current_of(history: Sequence[Judgment], judge: str | None = None) -> Judgment | None:
    """The current judgment among the attempts of one (run, task), oldest first, by `judge`
    (None: whatever judge): the newest ok one, else the newest."""
    if judge is not None:
        history = [j for j in history if j.judge == judge]
    for judgment in reversed(history):
        if judgment.status is JudgmentStatus.OK:
            return judgment
    return history[-1] if history else None


# Per task: the newest ok judgment's row id, else the newest row id, of one judge.
_CURRENT_IDS = ("SELECT COALESCE(MAX(CASE WHEN status='ok' THEN id END), MAX(id)) "
                "FROM judgments WHERE run=? AND judge=?")


def current_judgment(store: WorkspaceStore, run: str, task_id: str,
                     judge: str | None = None) -> Judgment | None:
    """The judgment of (run, task) a reviewer sees and a report counts (see the module)."""
    rows = store.rows(f"{_SELECT} WHERE id = ({_CURRENT_IDS} AND task_id=?)",
                      (run, judge_of(store, run, judge), task_id)).fetchall()
    found = _with_calls(store, rows)
    return found[0] if found else None


def current_judgments(store: WorkspaceStore, run: str, judge: str | None = None, *,
                      calls: bool = True) -> dict[str, Judgment]:
    """The current judgment of each task of `run` that has one (`calls` False: without their
    calls, for readers of the marks and scores alone)."""
    rows = store.rows(f"{_SELECT} WHERE id IN ({_CURRENT_IDS} GROUP BY task_id)",
                      (run, judge_of(store, run, judge))).fetchall()
    found = _with_calls(store, rows) if calls else [Judgment.from_row(row) for row in rows]
    return {j.task_id: j for j in found}


def latest_judgment(store: WorkspaceStore, run: str, task_id: str,
                    judge: str | None = None) -> Judgment | None:
    """The newest attempt of (run, task) by `judge` (None: by any judge), whatever its status:
    the judges' own bookkeeping. What a reviewer sees is `current_judgment`."""
    found = latest_judgments(store, run, judge, task_id)
    return found.get(task_id)


def latest_judgments(store: WorkspaceStore, run: str, judge: str | None = None,
                     task_id: str | None = None) -> dict[str, Judgment]:
    """The newest attempt of each task of `run` (or of `task_id` only) that has one, by
    `judge` (None: by any judge), whatever its status."""
    where, params = "run=?", [run]
    if judge is not None:
        where, params = where + " AND judge=?", [*params, judge]
    if task_id is not None:
        where, params = where + " AND task_id=?", [*params, task_id]
    rows = store.rows(f"{_SELECT} WHERE id IN (SELECT MAX(id) FROM judgments WHERE {where} "
                      "GROUP BY task_id)", params).fetchall()
    return {j.task_id: j for j in _with_calls(store, rows)}


def unusable_replies(store: WorkspaceStore, run: str,
                     judge: str | None = None) -> dict[str, set[str]]:
    """Per task of `run`: the requests (judgment sources) whose newest reply did not parse or
    did not fit the rubric (parse_error, invalid). A transport error is not a reply: it is
    passed over, never listed."""
    found: dict[str, set[str]] = defaultdict(set)
    for task_id, source in store.conn.execute(
            "SELECT task_id, source FROM judgments WHERE id IN (SELECT MAX(id) FROM judgments "
            "WHERE run=? AND judge=? AND status != ? GROUP BY task_id, source) "
            "AND status IN (?, ?)",
            (run, judge_of(store, run, judge), JudgmentStatus.TRANSPORT_ERROR.value,
             JudgmentStatus.PARSE_ERROR.value, JudgmentStatus.INVALID.value)):
        found[task_id].add(source)
    return found


def latest_judgment_facts(store: WorkspaceStore
                          ) -> dict[tuple[str, str], tuple[JudgmentStatus, float | None, bool]]:
    """{(run, task id): (status, score, arithmetic mismatch)} of the newest attempt of every
    judged item of the workspace, by each run's judge (the store's chosen one, else the
    primary)."""
    return {(run, task_id): (JudgmentStatus(status), score, bool(mismatch))
            for run, task_id, status, score, mismatch in store.conn.execute(
                "SELECT run, task_id, status, score, arithmetic_mismatch FROM judgments "
                f"WHERE id IN (SELECT MAX(id) FROM judgments WHERE judge = {_JUDGE_OF_RUN} "
                "GROUP BY run, task_id)", (store.judge,))}


def usable_judgment_counts(store: WorkspaceStore) -> dict[str, int]:
    """{run: tasks whose newest attempt (by the run's judge, as above) is ok with a score}."""
    return dict(store.conn.execute(
        "SELECT run, COUNT(*) FROM judgments WHERE id IN (SELECT MAX(id) FROM judgments "
        f"WHERE judge = {_JUDGE_OF_RUN} GROUP BY run, task_id) AND status='ok' "
        "AND score IS NOT NULL GROUP BY run", (store.judge,)))


def judgment_marks(store: WorkspaceStore, uid: str) -> tuple[dict[str, Any], float | None, str
                                                             ] | None:
    """(marks, score, status) of the judgment with this uid; None when it is not there."""
    row = store.conn.execute("SELECT marks, score, status FROM judgments WHERE uid=?",
                             (uid,)).fetchone()
    if row is None:
        return None
    marks, score, status = row
    return json.loads(marks), score, status


def judgment_history(store: WorkspaceStore, run: str, task_id: str,
                     judge: str | None = None) -> list[Judgment]:
    """Every judgment of (run, task), oldest first: by `judge`, or (None) by every judge, each
    naming its own (the item's whole history; `current_of(history, judge_of(...))` picks the
    current one)."""
    if judge is None:
        rows = store.rows(f"{_SELECT} WHERE run=? AND task_id=? ORDER BY id",
                          (run, task_id)).fetchall()
    else:
        rows = store.rows(f"{_SELECT} WHERE run=? AND judge=? AND task_id=? ORDER BY id",
                          (run, judge, task_id)).fetchall()
    return _with_calls(store, rows)


class CachedReply(Value):
    """A judge reply kept in the cache, with what it cost."""

    raw: str
    model: str | None
    latency_s: float | None
    input_tokens: int | None
    output_tokens: int | None


def cached_replies(store: WorkspaceStore, keys: Iterable[str]) -> dict[str, CachedReply]:
    """The judge's replies cached under any of `keys`, by key: one query for a whole plan
    (one query per call cost a run's start-up more than its first request)."""
    rows = store.conn.execute(
        "SELECT key, raw, reply_model, latency_s, input_tokens, output_tokens FROM judge_cache "
        "WHERE key IN (SELECT value FROM json_each(?))", (json.dumps(list(keys)),))
    return {key: CachedReply(*rest) for key, *rest in rows}


def usable_score(judgment: Judgment) -> float | None:
    """The judge's score where the judgment gives one (status ok, or invalid with a score)."""
    if judgment.score is not None and judgment.status in (JudgmentStatus.OK,
                                                          JudgmentStatus.INVALID):
        return judgment.score
    return None
