"""Merging reviewers' copies of one workspace, by the records' uids.

`merge_workspaces(OUT, [IN, ...])`: OUT is an existing workspace, or a new file that starts as a
copy of the first IN. Every IN is read only (an older schema is migrated in a temporary copy,
never in place) and everything is written in one transaction: a refusal leaves OUT as it was.

- The benchmark (name and fingerprint of its tasks) must be the same, else the merge is refused.
- Runs by name: a run OUT lacks is copied with its outputs, log figures and metrics; a run of
  the same name must have the same content hash (the same outputs and log), else the merge is
  refused. Metric cells are copied where OUT has none; where both hold a cell and they differ
  (a BERTScore-F1 computed in one copy only), the one with a value wins (two values: the
  smaller, so the result never depends on the order of merging).
- Judgments (with their calls) and decisions by uid; sessions by uid, their local ids remapped
  and decisions pointed at the new ids; a queue item one copy added to a shared session is
  appended. Two different sessions with one name: the one whose uid sorts first keeps it, the
  other is renamed `<name>~<uid prefix>`.
- Where the copies judged the same item anew, judgments are renumbered by (created_at, uid),
  so the newest judgment is current whatever the merge order. Judge-cache rows by key (the
  earlier reply kept), BERTScore-F1 cache rows by their key.

Merging an IN twice adds nothing, and merging A then B gives the same decisions, judgments and
report as B then A.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from anser_tui.core.errors import InputError
from anser_tui.workspace.records import Decision, JudgeCall, Judgment
from anser_tui.workspace.schema import SCHEMA_VERSION
from anser_tui.workspace.store import WorkspaceStore, schema_version


@dataclass
class MergeCounts:
    """What one IN added to OUT."""

    source: str
    runs: int = 0
    judgments: int = 0
    sessions: int = 0
    decisions: int = 0
    metrics: int = 0
    renamed: list[str] = field(default_factory=list)


def _read_only(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    return conn



@contextmanager
def _source(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to IN at the current schema (an older one migrated in a copy)."""
    if not path.is_file():
        raise InputError("no workspace there", path)
    conn = _read_only(path)
    try:
        version = schema_version(conn, path)
        if version > SCHEMA_VERSION:
            raise InputError(f"written by a newer anser-tui (schema {version}): upgrade "
                             "anser-tui to merge it", path)
        if version == SCHEMA_VERSION:
            yield conn
            return
        with tempfile.TemporaryDirectory(prefix="anser-merge-") as tmp:
            copy = Path(tmp) / path.name
            target = sqlite3.connect(copy)
            conn.backup(target)
            target.close()
            WorkspaceStore.open(copy).close()  # migrates the copy
            migrated = _read_only(copy)
            try:
                yield migrated
            finally:
                migrated.close()
    finally:
        conn.close()


def _meta(conn: sqlite3.Connection) -> dict[str, str]:
    return {k: v for k, v in conn.execute("SELECT key, value FROM meta")}


def _a(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _check_benchmark(out: WorkspaceStore, src: sqlite3.Connection, path: Path,
                     target: Path) -> None:
    theirs = _meta(src)
    benchmark = theirs.get("benchmark", "anser")
    if benchmark != out.benchmark:
        raise InputError(f"{_a(benchmark)} workspace cannot merge into {_a(out.benchmark)} "
                         f"one ({target}): refusing to merge", path)
    if theirs.get("benchmark_fingerprint") != out.meta("benchmark_fingerprint"):
        raise InputError(f"its tasks differ from {target}'s (another benchmark folder or "
                         "release): refusing to merge", path)


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]


def _copy_rows(out: WorkspaceStore, src: sqlite3.Connection, table: str, where: str,
               params: Sequence[Any]) -> int:
    cols = _columns(src, table)
    rows = [tuple(r) for r in src.execute(f"SELECT {', '.join(cols)} FROM {table} WHERE {where}",
                                          params)]
    out.conn.executemany(f"INSERT INTO {table} ({', '.join(cols)}) VALUES "
                         f"({', '.join('?' * len(cols))})", rows)
    return len(rows)


def _cell_key(value: float | None, detail: str | None) -> tuple[bool, float, str]:
    return (value is None, value if value is not None else 0.0, detail or "")


def _merge_runs(out: WorkspaceStore, src: sqlite3.Connection, path: Path, target: Path,
                counts: MergeCounts) -> None:
    ours = {r[0]: r[1] for r in out.conn.execute("SELECT name, content_hash FROM runs")}
    for run in src.execute("SELECT * FROM runs ORDER BY imported_at, name").fetchall():
        name = run["name"]
        if name in ours:
            if ours[name] != run["content_hash"]:
                raise InputError(f"run {name!r} holds other outputs than the run of that name "
                                 f"in {target} (content hashes differ): rename one (import "
                                 "it again under another --name) before merging", path)
        else:
            _copy_rows(out, src, "runs", "name=?", (name,))
            _copy_rows(out, src, "outputs", "run=?", (name,))
            _copy_rows(out, src, "logs", "run=?", (name,))
            counts.runs += 1
        cells = {(r[0], r[1]): (r[2], r[3]) for r in out.conn.execute(
            "SELECT task_id, name, value, detail FROM metrics WHERE run=?", (name,))}
        for task_id, metric, value, detail in src.execute(
                "SELECT task_id, name, value, detail FROM metrics WHERE run=?", (name,)):
            mine = cells.get((task_id, metric))
            if mine is None:
                out.conn.execute("INSERT INTO metrics (run, task_id, name, value, detail) "
                                 "VALUES (?, ?, ?, ?, ?)", (name, task_id, metric, value, detail))
                counts.metrics += 1
            elif mine != (value, detail) and _cell_key(value, detail) < _cell_key(*mine):
                out.conn.execute("UPDATE metrics SET value=?, detail=? WHERE run=? AND "
                                 "task_id=? AND name=?", (value, detail, name, task_id, metric))
                counts.metrics += 1


def _merge_judgments(out: WorkspaceStore, src: sqlite3.Connection, counts: MergeCounts
                     ) -> bool:
    """Copy the judgments OUT lacks; whether one judged an item OUT had judged already."""
    known = {r[0] for r in out.conn.execute("SELECT uid FROM judgments")}
    judged = {(r[0], r[1]) for r in out.conn.execute("SELECT run, task_id FROM judgments")}
    cols = ", ".join(Judgment.COLUMNS)
    rows = [r for r in src.execute(f"SELECT {cols} FROM judgments ORDER BY created_at, id")
            if r["uid"] not in known]
    out.conn.executemany(f"INSERT INTO judgments ({cols}) VALUES "
                         f"({', '.join('?' * len(Judgment.COLUMNS))})", [tuple(r) for r in rows])
    call_cols = ", ".join(("judgment_uid", "seq", *JudgeCall.COLUMNS))
    for r in rows:
        out.conn.executemany(
            f"INSERT INTO judge_calls ({call_cols}) VALUES "
            f"({', '.join('?' * (len(JudgeCall.COLUMNS) + 2))})",
            [tuple(c) for c in src.execute(f"SELECT {call_cols} FROM judge_calls "
                                           "WHERE judgment_uid=? ORDER BY seq", (r["uid"],))])
    counts.judgments += len(rows)
    return any((r["run"], r["task_id"]) in judged for r in rows)


def _renumber_judgments(out: WorkspaceStore) -> None:
    """Local ids in (created_at, uid) order: the newest judgment of an item is current."""
    order = [r[0] for r in out.conn.execute("SELECT id FROM judgments ORDER BY created_at, uid")]
    out.conn.execute("UPDATE judgments SET id = -id")
    out.conn.executemany("UPDATE judgments SET id=? WHERE id=?",
                         [(new, -old) for new, old in enumerate(order, start=1)])


def _merge_caches(out: WorkspaceStore, src: sqlite3.Connection) -> None:
    cols = _columns(src, "judge_cache")
    updates = ", ".join(f"{c}=excluded.{c}" for c in cols if c != "key")
    out.conn.executemany(
        f"INSERT INTO judge_cache ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))}) "
        f"ON CONFLICT (key) DO UPDATE SET {updates} "
        "WHERE excluded.created_at < judge_cache.created_at",
        [tuple(r) for r in src.execute(f"SELECT {', '.join(cols)} FROM judge_cache")])
    cols = _columns(src, "bertscore_cache")
    out.conn.executemany(
        f"INSERT OR IGNORE INTO bertscore_cache ({', '.join(cols)}) VALUES "
        f"({', '.join('?' * len(cols))})",
        [tuple(r) for r in src.execute(f"SELECT {', '.join(cols)} FROM bertscore_cache")])


def _session_name(out: WorkspaceStore, name: str, uid: str, counts: MergeCounts) -> str:
    """The name an incoming session gets: its own unless another session holds it, in which
    case the session whose uid sorts first keeps the name and the other gets `name~uid`."""
    row = out.conn.execute("SELECT id, uid FROM sessions WHERE name=?", (name,)).fetchone()
    if row is None:
        return name
    if uid < row[1]:
        out.conn.execute("UPDATE sessions SET name=? WHERE id=?", (f"{name}~{row[1][:8]}",
                                                                   row[0]))
        counts.renamed.append(f"{name} -> {name}~{row[1][:8]}")
        return name
    counts.renamed.append(f"{name} -> {name}~{uid[:8]}")
    return f"{name}~{uid[:8]}"


def _merge_sessions(out: WorkspaceStore, src: sqlite3.Connection, counts: MergeCounts
                    ) -> dict[int, int]:
    """Copy the sessions OUT lacks and queue items it lacks; {their id: our id}."""
    ours = {r[0]: r[1] for r in out.conn.execute("SELECT uid, id FROM sessions")}
    cols = [c for c in _columns(src, "sessions") if c != "id"]
    mapping: dict[int, int] = {}
    for row in src.execute("SELECT * FROM sessions ORDER BY id").fetchall():
        if row["uid"] in ours:
            mapping[row["id"]] = ours[row["uid"]]
        else:
            values = {c: row[c] for c in cols}
            values["name"] = _session_name(out, row["name"], row["uid"], counts)
            cursor = out.conn.execute(
                f"INSERT INTO sessions ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                [values[c] for c in cols])
            mapping[row["id"]] = int(cursor.lastrowid or 0)
            counts.sessions += 1
        sid = mapping[row["id"]]
        have = {(r[0], r[1], r[2]) for r in out.conn.execute(
            "SELECT run, task_id, recheck FROM session_items WHERE session_id=?", (sid,))}
        pos = out.conn.execute("SELECT COALESCE(MAX(pos) + 1, 0) FROM session_items "
                               "WHERE session_id=?", (sid,)).fetchone()[0]
        for item in src.execute("SELECT run, task_id, inclusion_probability, recheck FROM "
                                "session_items WHERE session_id=? ORDER BY pos", (row["id"],)):
            if (item[0], item[1], item[3]) in have:
                continue
            out.conn.execute("INSERT INTO session_items (session_id, pos, run, task_id, "
                             "inclusion_probability, recheck) VALUES (?, ?, ?, ?, ?, ?)",
                             (sid, pos, *item))
            have.add((item[0], item[1], item[3]))
            pos += 1
    return mapping


def _merge_decisions(out: WorkspaceStore, src: sqlite3.Connection, sessions: dict[int, int],
                     counts: MergeCounts) -> None:
    known = {r[0] for r in out.conn.execute("SELECT uid FROM decisions")}
    cols = Decision.COLUMNS
    rows = []
    for r in src.execute(f"SELECT {', '.join(cols)} FROM decisions ORDER BY created_at, id"):
        if r["uid"] in known:
            continue
        values = dict(zip(cols, r, strict=True))
        values["session_id"] = sessions[values["session_id"]]
        rows.append(tuple(values[c] for c in cols))
    out.conn.executemany(f"INSERT INTO decisions ({', '.join(cols)}) VALUES "
                         f"({', '.join('?' * len(cols))})", rows)
    counts.decisions += len(rows)


def merge_into(out: WorkspaceStore, sources: Sequence[Path], target: Path | None = None
               ) -> list[MergeCounts]:
    """Merge every source into `out` in one transaction (nothing is written on a refusal);
    `target` is the user's name for `out` in messages (default its path)."""
    target = target or out.path
    summary = []
    renumber = False
    with out.transaction():
        for path in sources:
            counts = MergeCounts(str(path))
            with _source(Path(path)) as src:
                _check_benchmark(out, src, path, target)
                _merge_runs(out, src, path, target, counts)
                renumber |= _merge_judgments(out, src, counts)
                _merge_caches(out, src)
                _merge_decisions(out, src, _merge_sessions(out, src, counts), counts)
            summary.append(counts)
        if renumber:
            _renumber_judgments(out)
    return summary


def _same_file(a: Path, b: Path) -> bool:
    return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))


def merge_workspaces(out: Path, sources: Sequence[Path]) -> list[MergeCounts]:
    """Merge the sources into OUT; a new OUT starts as a copy of the first source (written
    beside it and renamed into place once the merge is complete)."""
    out = Path(out)
    sources = [Path(p) for p in sources]
    if not sources:
        raise InputError("name at least one workspace to merge")
    for path in sources:
        if _same_file(out, path):
            raise InputError("the output is also an input: choose another OUT", path)
    if out.exists():
        with WorkspaceStore.open(out) as store:
            return merge_into(store, sources)
    tmp = out.with_name(out.name + ".merging")
    for suffix in ("", "-wal", "-shm"):
        Path(str(tmp) + suffix).unlink(missing_ok=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        with _source(sources[0]) as first:
            target = sqlite3.connect(tmp)
            first.backup(target)
            target.close()
        with WorkspaceStore.open(tmp) as store:
            n = {t: store.conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
                 for t in ("runs", "judgments", "sessions", "decisions", "metrics")}
            counts = MergeCounts(str(sources[0]), n["runs"], n["judgments"], n["sessions"],
                                 n["decisions"], n["metrics"])
            summary = [counts, *merge_into(store, sources[1:], out)]
            store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except BaseException:
        for suffix in ("", "-wal", "-shm"):
            Path(str(tmp) + suffix).unlink(missing_ok=True)
        raise
    for suffix in ("-wal", "-shm"):
        Path(str(tmp) + suffix).unlink(missing_ok=True)
    shutil.move(str(tmp), str(out))
    return summary
