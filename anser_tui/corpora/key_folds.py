"""Stored keys that a folding normaliser changes, so a folded id still finds its record.

A benchmark may compare ids NFKC-folded (DESIGN section 5) while a corpus stores
its keys as the source wrote them: real Chinese case numbers use full-width brackets,
`（2021）京0105民初12345号`, which an id folds to `(2021)京0105民初12345号`. The map
{folded: stored} holds only the keys that change, found in one scan of the key column (SQL picks
the keys with a character outside printable ASCII; `unicodedata.is_normalized`, in C, drops most
of the rest: a normaliser that folds more than NFKC and whitespace finds no more keys here).
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from typing import Any

from anser_tui.corpora.descriptor import KeyNormalizer
from anser_tui.workspace.corpus_sql import keys_beyond_ascii

_SPACE = re.compile(r"\s")


def _changes(stored: Any) -> bool:
    return isinstance(stored, str) and (
        not unicodedata.is_normalized("NFKC", stored) or _SPACE.search(stored) is not None)


def fold_map(conn: sqlite3.Connection, table: str, key: str, normalize: KeyNormalizer
             ) -> dict[str, Any]:
    """{folded key: stored key} for the keys of `table`.`key` that `normalize` changes."""
    folds: dict[str, Any] = {}
    for stored in keys_beyond_ascii(conn, table, key):
        if not _changes(stored):
            continue
        folded = normalize(stored)
        if folded is not None and folded != stored:
            folds.setdefault(folded, stored)
    return folds
