"""A byte-offset index of a JSONL corpus, kept in a sidecar SQLite file, built once.

The JSONL file is streamed once in binary; for each line the index records (key, offset,
length), so a lookup reads one record and never the whole file. The key is found with a
pattern search at the line's top level (a full JSON parse only where that fails), which keeps
the build well above 50 MB/s. The index lives in the user cache dir (ANSER_CACHE_DIR overrides
it), never beside the corpus: a benchmark folder is read-only by contract and may be shared,
synced or checksummed. Its name is keyed by the JSONL's resolved path, size and mtime, and its
meta table by a head+tail hash too; a changed file gets a new index and the old one is removed.
The JSONL file itself is only ever opened for reading.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import platformdirs

from anser_tui.core.errors import InputError
from anser_tui.core.json_input import object_line
from anser_tui.core.value import Value
from anser_tui.corpora.descriptor import CorpusDescriptor
from anser_tui.corpora.sqlite_reader import connect_read_only
from anser_tui.workspace.corpus_sql import index_meta, index_offsets, write_index

INDEX_VERSION = "2"  # 2: every line checked while building
SUFFIX = ".anser-index.sqlite"
_BLOCK = 8 << 20
_SAMPLE = 64 << 10
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_NUMBER = re.compile(rb"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?")
_BRACKETS = re.compile(rb"[\[\]{}]")

Progress = Callable[[int, int], None]


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
    jsonl: Path
    sidecar: Path
    records: int
    keys: int
    bytes: int
    seconds: float

    @property
    def mb_per_s(self) -> float:
        return self.bytes / 1e6 / self.seconds if self.seconds > 0 else float("inf")


class _FieldFinder:
    """Finds the value of one top-level field in a JSON line without parsing the whole line."""

    def __init__(self, name: str):
        self.name = name
        self.pattern = re.compile(b'"' + re.escape(name.encode()) + rb'"\s*:\s*')

    def find(self, buf: bytes, start: int, end: int) -> tuple[bool, Any]:
        """(found, value); found False means "ask the full parser"."""
        match = self.pattern.search(buf, start, end)
        while match is not None:
            if _top_level(buf, start, match.start()):
                return _value_at(buf, match.end(), end)
            match = self.pattern.search(buf, match.end(), end)
        return False, None


def _top_level(buf: bytes, start: int, at: int) -> bool:
    prefix = buf[start:at]
    if prefix.strip() == b"{":
        return True
    depth = 0
    for bracket in _BRACKETS.findall(_STRING.sub(b"", prefix)):
        depth += 1 if bracket in (b"{", b"[") else -1
    return depth == 1


def _value_at(buf: bytes, pos: int, end: int) -> tuple[bool, Any]:
    if buf[pos:pos + 1] == b'"':
        m = _STRING.match(buf, pos, end)
        if m is None:
            return False, None
        raw = m.group(0)
        return True, json.loads(raw) if b"\\" in raw else raw[1:-1].decode("utf-8", "replace")
    m = _NUMBER.match(buf, pos, end)
    if m is None:
        return False, None
    text = m.group(0)
    return True, float(text) if any(c in text for c in b".eE") else int(text)


class KeyExtractor:
    """The keys a JSONL record is indexed under: its own key, then its aliases, each as the
    descriptor's normaliser gives it."""

    def __init__(self, descriptor: CorpusDescriptor):
        self.composite = descriptor.composite
        self.normalize = descriptor.normalize
        names = [*(self.composite.fields if self.composite else (descriptor.key,)),
                 *descriptor.aliases]
        self.finders = [_FieldFinder(n) for n in names]

    def spec(self) -> str:
        return json.dumps({"composite": list(self.composite.fields) if self.composite else None,
                           "fields": [f.name for f in self.finders]})

    def keys(self, buf: bytes, start: int, end: int) -> list[str]:
        if len(self.finders) == 1:  # the common case: one key field
            found, value = self.finders[0].find(buf, start, end)
            if not found:
                return self._parsed(buf[start:end])
            key = self.normalize(value)
            return [key] if key is not None else []
        values: list[Any] = []
        for finder in self.finders:
            found, value = finder.find(buf, start, end)
            if not found:
                return self._parsed(buf[start:end])
            values.append(value)
        return self._from_values(values)

    def _parsed(self, line: bytes) -> list[str]:
        try:
            record = json.loads(line)
        except ValueError:
            return []
        if not isinstance(record, dict):
            return []
        return self._from_values([record.get(f.name) for f in self.finders])

    def _from_values(self, values: list[Any]) -> list[str]:
        keys: list[str] = []
        if self.composite:
            first, second, *aliases = values
            if first is not None and second is not None:
                keys.append(self.composite.join(first, second))
        else:
            aliases = values
        keys.extend(k for k in map(self.normalize, aliases) if k is not None)
        return keys


def scan(path: Path, extractor: KeyExtractor, progress: Progress | None = None
         ) -> Iterable[tuple[str, int, int]]:
    """(key, offset, length) for every keyed line of `path`, streaming it once; every line is
    checked as it passes (json_input.object_line): a broken one stops the scan, naming it."""
    total = path.stat().st_size
    number = 0
    with path.open("rb") as f:
        base = 0
        rest = b""
        while True:
            block = f.read(_BLOCK)
            buf = rest + block if rest else block
            if not block:
                if object_line(buf, path, number + 1) is not None:
                    for key in extractor.keys(buf, 0, len(buf)):
                        yield key, base, len(buf)
                break
            pos = 0
            find = buf.find
            while True:
                nl = find(b"\n", pos)
                if nl < 0:
                    break
                number += 1
                if object_line(buf[pos:nl], path, number) is not None:
                    for key in extractor.keys(buf, pos, nl):
                        yield key, base + pos, nl - pos
                pos = nl + 1
            base += pos
            rest = buf[pos:]
            if progress is not None:
                progress(base, total)


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
            offsets: set[int] = set()

            def entries() -> Iterable[tuple[str, int, int]]:
                for entry in scan(self.jsonl, self.extractor, progress):
                    offsets.add(entry[1])
                    yield entry

            n_keys = write_index(conn, entries(), meta)
        except BaseException as exc:  # a broken line (InputError) too: no half-built file left
            conn.close()
            tmp.unlink(missing_ok=True)
            if isinstance(exc, sqlite3.OperationalError):
                raise OSError(str(exc)) from None
            raise
        conn.close()
        os.replace(tmp, target)
        return len(offsets), n_keys

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
