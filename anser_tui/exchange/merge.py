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

from anser_tui.core.errors import InputError
from anser_tui.core.settings import APP_NAME
from anser_tui.workspace.merge_rows import SourceRows, TargetRows
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
        with tempfile.TemporaryDirectory(prefix=f"{APP_NAME}-merge-") as tmp:
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


def _a(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _check_benchmark(out: WorkspaceStore, src: SourceRows, path: Path, shown: Path) -> None:
    theirs = src.meta()
    benchmark = theirs.get("benchmark")
    if not benchmark:
        raise InputError("it names no benchmark (its meta table has no 'benchmark' row): "
                         "refusing to merge", path)
    if benchmark != out.benchmark:
        raise InputError(f"{_a(benchmark)} workspace cannot merge into {_a(out.benchmark)} "
                         f"one ({shown}): refusing to merge", path)
    if theirs.get("benchmark_fingerprint") != out.meta("benchmark_fingerprint"):
        raise InputError(f"its tasks differ from {shown}'s (another benchmark folder or "
                         "release): refusing to merge", path)


def _cell_key(value: float | None, detail: str | None) -> tuple[bool, float, str]:
    return (value is None, value if value is not None else 0.0, detail or "")


def _merge_runs(out: TargetRows, src: SourceRows, path: Path, out_path: Path,
                counts: MergeCounts) -> None:
    ours = out.run_hashes()
    for name, content_hash in src.runs():
        if name in ours:
            if ours[name] != content_hash:
                raise InputError(f"run {name!r} holds other outputs than the run of that name "
                                 f"in {out_path} (content hashes differ): rename one (import "
                                 "it again under another --name) before merging", path)
        else:
            out.copy_run(src, name)
            counts.runs += 1
        cells = out.metric_cells(name)
        for cell in src.metric_cells(name):
            task_id, metric, value, detail = cell
            mine = cells.get((task_id, metric))
            if mine is None:
                out.add_metric(name, cell)
                counts.metrics += 1
            elif mine != (value, detail) and _cell_key(value, detail) < _cell_key(*mine):
                out.set_metric(name, cell)
                counts.metrics += 1


def _merge_judgments(out: TargetRows, src: SourceRows, counts: MergeCounts) -> bool:
    """Copy the judgments OUT lacks; whether one judged an item OUT had judged already."""
    known = out.judgment_uids()
    judged = out.judged_items()
    rows = [r for r in src.judgments() if r["uid"] not in known]
    out.add_judgments(src, rows)
    counts.judgments += len(rows)
    return any((r["run"], r["task_id"]) in judged for r in rows)


def _session_name(out: TargetRows, name: str, uid: str, counts: MergeCounts) -> str:
    """The name an incoming session gets: its own unless another session holds it, in which
    case the session whose uid sorts first keeps the name and the other gets `name~uid`."""
    holder = out.session_holding(name)
    if holder is None:
        return name
    held_id, held_uid = holder
    if uid < held_uid:
        out.rename_session(held_id, f"{name}~{held_uid[:8]}")
        counts.renamed.append(f"{name} -> {name}~{held_uid[:8]}")
        return name
    counts.renamed.append(f"{name} -> {name}~{uid[:8]}")
    return f"{name}~{uid[:8]}"


def _merge_sessions(out: TargetRows, src: SourceRows, counts: MergeCounts) -> dict[int, int]:
    """Copy the sessions OUT lacks and queue items it lacks; {their id: our id}."""
    ours = out.session_ids()
    cols = [c for c in src.columns("sessions") if c != "id"]
    mapping: dict[int, int] = {}
    for row in src.sessions():
        if row["uid"] in ours:
            mapping[row["id"]] = ours[row["uid"]]
        else:
            values = {c: row[c] for c in cols}
            values["name"] = _session_name(out, row["name"], row["uid"], counts)
            mapping[row["id"]] = out.add_session(values)
            counts.sessions += 1
        sid = mapping[row["id"]]
        have = out.queue_keys(sid)
        pos = out.next_queue_pos(sid)
        for item in src.queue(row["id"]):
            if (item[0], item[1], item[3]) in have:
                continue
            out.add_queue_item(sid, pos, item)
            have.add((item[0], item[1], item[3]))
            pos += 1
    return mapping


def _merge_decisions(out: TargetRows, src: SourceRows, sessions: dict[int, int],
                     counts: MergeCounts) -> None:
    known = out.decision_uids()
    rows = []
    for values in src.decisions():
        if values["uid"] in known:
            continue
        values["session_id"] = sessions[values["session_id"]]
        rows.append(values)
    out.add_decisions(rows)
    counts.decisions += len(rows)


def merge_into(out: WorkspaceStore, sources: Sequence[Path], target: Path | None = None
               ) -> list[MergeCounts]:
    """Merge every source into `out` in one transaction (nothing is written on a refusal);
    `target` is the user's name for `out` in messages (default its path)."""
    shown = target or out.path
    summary = []
    renumber = False
    rows = TargetRows(out)
    with out.transaction():
        for path in sources:
            counts = MergeCounts(str(path))
            with _source(Path(path)) as conn:
                src = SourceRows(conn)
                _check_benchmark(out, src, path, shown)
                _merge_runs(rows, src, path, shown, counts)
                renumber |= _merge_judgments(rows, src, counts)
                rows.merge_caches(src)
                _merge_decisions(rows, src, _merge_sessions(rows, src, counts), counts)
            summary.append(counts)
        if renumber:
            rows.renumber_judgments()
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
            n = {t: TargetRows(store).count(t)
                 for t in ("runs", "judgments", "sessions", "decisions", "metrics")}
            counts = MergeCounts(str(sources[0]), n["runs"], n["judgments"], n["sessions"],
                                 n["decisions"], n["metrics"])
            summary = [counts, *merge_into(store, sources[1:], out)]
            store.checkpoint()
    except BaseException:
        for suffix in ("", "-wal", "-shm"):
            Path(str(tmp) + suffix).unlink(missing_ok=True)
        raise
    for suffix in ("-wal", "-shm"):
        Path(str(tmp) + suffix).unlink(missing_ok=True)
    shutil.move(str(tmp), str(out))
    return summary
