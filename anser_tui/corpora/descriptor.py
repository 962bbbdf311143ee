"""Corpus descriptors: which table and columns hold a unit's key, title, fields and text, and how
keys are compared.

A benchmark with corpora describes each of its key spaces with one descriptor, in its own
package (`Benchmark.corpus_descriptors`); the readers here read whatever a descriptor names. A
release whose columns differ is handled by an override in the config file (`[corpora.<name>]`
with table, key, title, text, metadata), applied by `with_override`. A column written
`table.column` is read from a related table joined on the column the two tables share (one row
for a field, every row for text).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field, replace
from pathlib import Path
from typing import Any, Literal

from anser_tui.core.settings import CorpusOverride
from anser_tui.core.value import Value

Kind = Literal["sqlite", "jsonl"]
KeyNormalizer = Callable[[Any], str | None]
IdMap = Callable[[Path], Mapping[str, str]]

TEXT_GUESSES = ("text", "content", "body", "abstract")
TITLE_GUESSES = ("title", "name", "heading")
JOIN_HINTS = ("_id", "_code")


def plain_key(value: Any) -> str | None:
    """A scalar key as compared when a descriptor names no normaliser: a whole float as an
    integer, text trimmed; None for no value."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int | float | str):
        return str(value).strip() or None
    return None


class CompositeKey(Value):
    """A key made of two fields of a record, joined into one text by `join`."""

    fields: tuple[str, str]
    join: Callable[[Any, Any], str]


class CorpusDescriptor(Value):
    """How to read one key space's units out of its corpus file (`path`, relative to the
    benchmark's corpora folder)."""

    name: str
    path: str
    kind: Kind
    key: str
    table: str | None = None
    title: tuple[str, ...] = ()
    metadata: tuple[str, ...] = ()
    text: tuple[str, ...] = ()
    # joined text rows: the columns that head each row's section, and the order of the rows
    headings: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    order: Mapping[str, str] = field(default_factory=dict)
    # a name/value table of features: (table, name column, value column)
    features: tuple[str, str, str] | None = None
    split: str | None = None  # the column whose value "ground_truth" marks a leaked record
    # JSONL: fields that name the same record under another key
    aliases: tuple[str, ...] = ()
    composite: CompositeKey | None = None  # JSONL: a key made of two fields
    normalize: KeyNormalizer = plain_key  # a key as ids are compared
    # ids that name a unit under another key: {id: key}, read from the corpora folder
    id_map: IdMap | None = None
    labels: Mapping[str, str] = field(default_factory=dict)  # column -> what a reviewer reads
    # SQLite: the columns tried when the named text or title columns are all missing, and the
    # column names (or endings) preferred when two tables share several columns
    text_guesses: tuple[str, ...] = TEXT_GUESSES
    title_guesses: tuple[str, ...] = TITLE_GUESSES
    join_hints: tuple[str, ...] = JOIN_HINTS

    def label(self, column: str) -> str:
        return self.labels.get(column) or self.labels.get(column.split(".")[-1]) or \
            column.split(".")[-1].replace("_", " ")


def with_override(base: CorpusDescriptor, override: CorpusOverride | None) -> CorpusDescriptor:
    """`base` with the config file's override for its corpus applied (None: as it is)."""
    if override is None:
        return base
    changes: dict[str, object] = {}
    if override.table is not None:
        changes["table"] = override.table
    if override.key is not None:
        changes["key"] = override.key
        changes["composite"] = None
    for attr in ("title", "text", "metadata"):
        value = getattr(override, attr)
        if value is not None:
            changes[attr] = tuple(value)
    return replace(base, **changes)  # type: ignore[arg-type]
