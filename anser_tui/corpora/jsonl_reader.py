"""A JSONL corpus read through its offset index: a lookup reads one line, never the file."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from anser_tui.core.json_input import decode_plain
from anser_tui.corpora.descriptor import CorpusDescriptor
from anser_tui.corpora.documents import Document, Section, Summary
from anser_tui.corpora.jsonl_index import JsonlIndex, Progress
from anser_tui.corpora.sqlite_reader import LEAK, cell_text


def field_text(value: Any) -> str:
    """A record field as a reviewer reads it: lists joined, objects as JSON."""
    if isinstance(value, list):
        return ", ".join(field_text(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    return cell_text(value)


class JsonlReader:
    """Read one key space out of a JSONL corpus file."""

    def __init__(self, path: Path, descriptor: CorpusDescriptor, cache: Path | None = None):
        self.path = Path(path)
        self.descriptor = descriptor
        self.index = JsonlIndex(self.path, descriptor, cache)
        self._lock = threading.Lock()
        self._fd: int | None = None
        self.closed = False

    def ensure_index(self, progress: Progress | None = None) -> None:
        with self._lock:
            self.index.ensure(progress)

    def records(self, ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        """The parsed record of each id found."""
        with self._lock:
            if self.closed:
                return {}
            where = self.index.offsets(ids)
            if self._fd is None:
                self._fd = os.open(self.path, os.O_RDONLY)
            found: dict[str, dict[str, Any]] = {}
            for key, (offset, length) in where.items():
                try:
                    record = decode_plain(os.pread(self._fd, length, offset))
                except ValueError:
                    continue
                if isinstance(record, dict):
                    found[key] = record
        return found

    def title(self, record: dict[str, Any]) -> str:
        parts = (field_text(record.get(f)).strip() for f in self.descriptor.title)
        return " · ".join(p for p in parts if p)

    def leaked(self, record: dict[str, Any]) -> bool:
        """Whether the record is ground truth (its split field, where the descriptor names one)."""
        split = self.descriptor.split
        return split is not None and record.get(split) == LEAK

    def summaries(self, ids: Sequence[str]) -> dict[str, Summary]:
        return {k: Summary.model_construct(id=k, title=self.title(r), leaked=self.leaked(r))
                for k, r in self.records(ids).items()}

    def document(self, id: str) -> Document | None:
        record = self.records([id]).get(id)
        if record is None:
            return None
        d = self.descriptor
        fields = [(d.label(f), field_text(record.get(f))) for f in d.metadata]
        several = len(d.text) > 1
        sections: list[Section] = []
        for name in d.text:
            value = record.get(name)
            if isinstance(value, list) and all(isinstance(v, dict) for v in value):
                sections.extend(Section(heading=field_text(v.get("heading", "")),
                                        text=field_text(v.get("text", ""))) for v in value)
            elif value not in (None, ""):
                sections.append(Section(heading=d.label(name) if several else "",
                                        text=field_text(value)))
        return Document(corpus=d.name, id=id, title=self.title(record),
                        fields=[(k, v) for k, v in fields if v], sections=sections,
                        leaked=self.leaked(record))

    def close(self) -> None:
        with self._lock:
            self.closed = True
            self.index.close()
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None
