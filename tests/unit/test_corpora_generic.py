"""The corpus readers are generic: a benchmark that is not ANSER-Bench describes its own corpora
(its key normaliser, a two-field key, an id map) and the library reads them; corpora/ imports
no benchmark."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from anser_tui.corpora import (
    CompositeKey,
    CorpusDescriptor,
    CorpusLibrary,
    CorpusStatus,
    check_corpora,
)


def _folded(value: Any) -> str | None:
    """This benchmark's ids: NFKC, trimmed, lower-cased."""
    if value is None:
        return None
    return unicodedata.normalize("NFKC", str(value)).strip().lower() or None


ITEMS = CorpusDescriptor("items", "shop/items.sqlite", "sqlite", "code", table="items",
                         title=("title",), metadata=("code", "price"), text=("body",),
                         split="split", normalize=_folded, labels={"price": "price (EUR)"})
NOTES = CorpusDescriptor("notes", "shop/notes.jsonl", "jsonl", "kind_part", title=("name",),
                         metadata=("ref",), text=("text",), aliases=("ref",),
                         composite=CompositeKey(("kind", "part"), lambda a, b: f"{a}/{b}"),
                         normalize=_folded, id_map=lambda folder: {"legacy-1": "x/a"})


def _write(root: Path) -> Path:
    (root / "shop").mkdir(parents=True)
    conn = sqlite3.connect(root / "shop" / "items.sqlite")
    conn.execute("CREATE TABLE items (code TEXT PRIMARY KEY, title TEXT, body TEXT, "
                 "price REAL, split TEXT)")
    conn.executemany("INSERT INTO items VALUES (?, ?, ?, ?, ?)", [
        ("ab-1", "First", "Body one", 12.5, "train"),
        ("ab-2", "Second", "Body two", 3.0, "ground_truth"),
        ("（c3）", "Third", "Body three", None, None),  # stored full-width: found folded
    ])
    conn.commit()
    conn.close()
    lines = [{"ref": "N1", "kind": "x", "part": "a", "name": "Note A", "text": "alpha"},
             {"ref": "n2", "kind": "y", "part": "b", "name": "Note B", "text": "beta"}]
    (root / "shop" / "notes.jsonl").write_text(
        "".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return root


@pytest.fixture
def library(tmp_path: Path) -> Iterator[CorpusLibrary]:
    lib = CorpusLibrary(_write(tmp_path / "corpora"), (ITEMS, NOTES), cache=tmp_path / "cache")
    yield lib
    lib.close()


def test_sqlite_document_and_folded_key(library: CorpusLibrary) -> None:
    doc = library.lookup("items", "ab-1")
    assert doc is not None
    assert (doc.title, doc.fields, doc.text) == (
        "First", [("code", "ab-1"), ("price (EUR)", "12.5")], "Body one")
    third = library.lookup("items", "(c3)")  # the stored key folds to the id
    assert third is not None and third.title == "Third"


def test_jsonl_composite_key_and_alias(library: CorpusLibrary) -> None:
    by_key = library.lookup("notes", "x/a")
    by_alias = library.lookup("notes", "n1")  # "N1" as the normaliser folds it
    assert by_key is not None and by_alias is not None
    assert by_key.title == by_alias.title == "Note A"
    resolve = library.resolver("notes")
    assert resolve is not None and resolve("legacy-1") == "x/a" and resolve("n2") == "n2"
    assert library.resolver("items") is None


def test_classify_in_the_descriptors_order(library: CorpusLibrary) -> None:
    notes = library.classify("items", ["ab-1", "ab-2", "y/b", "zzz"])
    assert {k: n.status for k, n in notes.items()} == {
        "ab-1": CorpusStatus.FOUND, "ab-2": CorpusStatus.LEAKED,
        "y/b": CorpusStatus.CROSS_CORPUS, "zzz": CorpusStatus.NOT_IN_CORPUS}
    assert notes["y/b"].other == "notes" and notes["y/b"].title == "Note B"
    assert library.leaked("items", ["ab-2", "ab-1", "ab-2"]) == ["ab-2"]


def test_checks_and_indexes(library: CorpusLibrary) -> None:
    root = library.corpora_dir
    assert root is not None
    assert check_corpora(library) == [root / ITEMS.path, root / NOTES.path]
    assert [i.jsonl for i in library.jsonl_indexes()] == [root / NOTES.path]


def test_no_corpora_folder() -> None:
    library = CorpusLibrary(None, (ITEMS,))
    assert library.classify("items", ["ab-1"])["ab-1"].status is CorpusStatus.UNAVAILABLE
    assert library.errors == {"items": "no corpora folder"}
    assert library.jsonl_indexes() == []


def test_corpora_imports_no_benchmark() -> None:
    code = ("import sys, anser_tui.corpora.library, anser_tui.corpora.checks; "
            "print([m for m in sys.modules if m.startswith('anser_tui.benchmarks')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
