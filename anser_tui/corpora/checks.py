"""Corpus checks at `init` and `index-corpus`: a broken corpus is found there, never in the TUI.

Every corpus file a library's descriptors name that is present is opened as its kind says: a
SQLite file must be whole (its header's page count within the file's size), pass `PRAGMA
quick_check` on a read-only connection (about 1 GB/s from the page cache: 0.6 s for the
full-scale synthetic corpora) and hold the table each key space reads; a JSONL file must be one
JSON object a line, which building its offset index checks as it streams (so a fresh index says
the file was checked). A missing file is allowed (partial benchmarks); a broken one is an
InputError naming the file (and line).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

from anser_tui.core.errors import InputError
from anser_tui.corpora.descriptor import CorpusDescriptor
from anser_tui.corpora.jsonl_index import JsonlIndex, Progress
from anser_tui.corpora.library import CorpusLibrary
from anser_tui.corpora.sqlite_reader import CorpusError, SqliteReader, connect_read_only
from anser_tui.workspace.corpus_sql import quick_check

_MAGIC = b"SQLite format 3\x00"


def _header(path: Path) -> None:
    """The file is a whole SQLite database as far as its 100-byte header tells."""
    size = path.stat().st_size
    if size == 0:
        raise InputError("empty file where a SQLite corpus should be", path)
    with path.open("rb") as f:
        head = f.read(100)
    if not head.startswith(_MAGIC):
        raise InputError("not a SQLite database", path)
    if len(head) < 100:
        raise InputError(f"truncated: {size} bytes, less than a SQLite header", path)
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    header_valid = head[24:28] == head[92:96]  # the in-header size is kept by SQLite >= 3.7
    if page_size < 512 or (header_valid and size < pages * page_size):
        raise InputError(f"truncated: {size:,} bytes of {pages * page_size:,}", path)


def check_sqlite(path: Path, descriptors: Sequence[CorpusDescriptor]) -> None:
    """InputError unless `path` is a whole, consistent SQLite file holding the table each of
    `descriptors` (the key spaces read from it) reads."""
    _header(path)
    try:
        conn = connect_read_only(path)
        try:
            problems = quick_check(conn)
        finally:
            conn.close()
        for descriptor in descriptors:
            SqliteReader(path, descriptor).close()
    except sqlite3.DatabaseError as exc:
        raise InputError(f"cannot be read as SQLite ({exc})", path) from None
    except CorpusError as exc:
        raise InputError(str(exc).removeprefix(f"{path.name}: "), path) from None
    if problems != ["ok"]:
        raise InputError(f"damaged SQLite file ({problems[0]}; {len(problems)} problems)", path)


def check_corpora(library: CorpusLibrary, jsonl: bool = True, progress: Progress | None = None
                  ) -> list[Path]:
    """Check every corpus file of `library` present in its folder (the JSONL ones only with
    `jsonl`, by building their offset index where that is not fresh); the files checked."""
    spaces = library.present()
    checked = [path for path, descriptors in spaces.items()
               if jsonl or descriptors[0].kind != "jsonl"]
    for path in checked:
        if spaces[path][0].kind == "jsonl":
            for descriptor in spaces[path]:
                JsonlIndex(path, descriptor, library.cache).ensure(progress)
        else:
            check_sqlite(path, spaces[path])
    return checked
