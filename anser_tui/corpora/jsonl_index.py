"""A byte-offset index of a JSONL corpus, kept in a sidecar SQLite file, built once.

The JSONL file is streamed once in binary; for each line the index records (key, offset,
length), so a lookup reads one record and never the whole file; every line is checked as JSON
on the way and its keys are read as the json module reads them (`jsonl_scan`), about 300 MB/s
of CPU time from the page cache. The index lives in the user cache dir (ANSER_CACHE_DIR overrides
it), never beside the corpus: a benchmark folder is read-only by contract and may be shared,
synced or checksummed. Its name is keyed by the JSONL's resolved path, size and mtime, and its
meta table by a head+tail hash too; a changed file gets a new index and the old one is removed.
The JSONL file itself is only ever opened for reading.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import platformdirs

from anser_tui.core.errors import InputError
from anser_tui.core.value import Value
from anser_tui.corpora.descriptor import CorpusDescriptor
from anser_tui.corpora.jsonl_scan import Entry, KeyExtractor, Progress, scan
from anser_tui.corpora.sqlite_reader import connect_read_only
from anser_tui.workspace.corpus_sql import index_meta, index_offsets, write_index

INDEX_VERSION = "3"  # 2: every line checked while building; 3: keys as json reads them
SUFFIX = ".anser-index.sqlite"
_SAMPLE = 64 << 10


def fingerprint(path: Path) -> dict[str, str]:
    """Size, mtime and a hash of the first and last 64 KB: what says the file changed."""
    stat = path.stat()
    digest = hashlib.sha256()
    with path.open("rb") as f:
        digest.update(f.read(_SAMPLE))
        if stat.st_size > _SAMPLE:
            f.seek(max(_SAMPLE, stat.st_size - _SAMPLE))
            digest.update(f.read(_SAMPLE))
    return {"size": str(stat.st_size), "mtime_ns": str(stat.st_mtime_ns),
            "sample_sha256": digest.hexdigest()}


class IndexStats(Value):
    """What building one JSONL file's offset index read and took."""

    jsonl: Path
    sidecar: Path
    records: int
    keys: int
    bytes: int
    seconds: float

    @property
    def mb_per_s(self) -> float:
        return self.bytes / 1e6 / self.seconds if self.seconds > 0 else float("inf")


def cache_dir() -> Path:
    """Where indexes live: $ANSER_CACHE_DIR, else the user cache dir."""
    root = os.environ.get("ANSER_CACHE_DIR") or platformdirs.user_cache_dir("anser-tui")
    return Path(root) / "corpus-index"


class JsonlIndex:
    """The offset index of one JSONL corpus file, in the cache dir."""

    def __init__(self, jsonl: Path, descriptor: CorpusDescriptor, cache: Path | None = None):
        self.jsonl = Path(jsonl)
        self.extractor = KeyExtractor(descriptor)
        self.cache = cache or cache_dir()
        self._prefix = hashlib.sha256(str(self.jsonl.resolve()).encode()).hexdigest()[:16]
        self._conn: sqlite3.Connection | None = None
        self._stamp: tuple[int, int] | None = None

    # -- freshness -------------------------------------------------------------------------
    def sidecar(self) -> Path:
        """The index file for the JSONL as it is now: keyed by its path, size and mtime."""
        size, mtime_ns = self._current_stamp()
        return self.cache / f"{self._prefix}-{size}-{mtime_ns}-{self.jsonl.name}{SUFFIX}"

    def _meta(self) -> dict[str, str]:
        return {"version": INDEX_VERSION, "keys": self.extractor.spec(),
                **fingerprint(self.jsonl)}

    def fresh_sidecar(self) -> Path | None:
        """The index that matches the JSONL as it is now, if there is one."""
        candidate = self.sidecar()
        if not candidate.is_file():
            return None
        try:
            conn = connect_read_only(candidate)
            try:
                meta = index_meta(conn)
            finally:
                conn.close()
        except sqlite3.DatabaseError:
            return None
        return candidate if meta == self._meta() else None

    def _current_stamp(self) -> tuple[int, int]:
        stat = self.jsonl.stat()
        return stat.st_size, stat.st_mtime_ns

    # -- building --------------------------------------------------------------------------
    def build(self, progress: Progress | None = None) -> IndexStats:
        """Stream the JSONL once and write a new index (atomically), removing older ones."""
        self.close()
        meta = self._meta()
        target = self.sidecar()
        started = time.perf_counter()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            n_records, n_keys = self._write(target, meta, progress)
        except OSError as exc:
            raise InputError(f"cannot write the corpus index there ({exc}); set ANSER_CACHE_DIR "
                             "to a writable folder", target.parent) from None
        for old in self.cache.glob(f"{self._prefix}-*-{self.jsonl.name}{SUFFIX}"):
            if old != target:
                old.unlink(missing_ok=True)
        seconds = time.perf_counter() - started
        return IndexStats(self.jsonl, target, n_records, n_keys, int(meta["size"]), seconds)

    def _write(self, target: Path, meta: dict[str, str], progress: Progress | None
               ) -> tuple[int, int]:
        tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        tmp.unlink(missing_ok=True)
        try:
            conn = sqlite3.connect(tmp)
        except sqlite3.OperationalError as exc:
            raise OSError(str(exc)) from None
        try:
            n_records = 0

            def batches() -> Iterator[list[Entry]]:
                nonlocal n_records
                for batch in scan(self.jsonl, self.extractor, progress):
                    n_records += len({offset for _, offset, _ in batch})  # a line's keys
                    yield batch

            n_keys = write_index(conn, batches(), meta)
        except BaseException as exc:  # a broken line (InputError) too: no half-built file left
            conn.close()
            tmp.unlink(missing_ok=True)
            if isinstance(exc, sqlite3.OperationalError):
                raise OSError(str(exc)) from None
            raise
        conn.close()
        os.replace(tmp, target)
        return n_records, n_keys

    def ensure(self, progress: Progress | None = None) -> IndexStats | None:
        """Build the sidecar unless a fresh one exists; the stats of a build, else None."""
        if self.fresh_sidecar() is not None:
            return None
        return self.build(progress)

    # -- reading ---------------------------------------------------------------------------
    def _connection(self) -> sqlite3.Connection:
        if self._conn is not None and self._stamp == self._current_stamp():
            return self._conn
        self.close()
        sidecar = self.fresh_sidecar()
        if sidecar is None:
            sidecar = self.build().sidecar
        self._conn = connect_read_only(sidecar)
        self._stamp = self._current_stamp()
        return self._conn

    def offsets(self, keys: Sequence[str]) -> dict[str, tuple[int, int]]:
        """Where each key's record sits in the JSONL: (offset, length); unknown keys left out."""
        return index_offsets(self._connection(), list(dict.fromkeys(keys)))

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
