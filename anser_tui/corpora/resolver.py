"""The corpus library: a reader per key space, opened on first use and kept; ids classified.

`lookup(space, id)` renders one evidence unit; `classify(space, ids)` says, for many ids at once,
whether each is in its corpus (with its title), leaked ground truth, not in the corpus, or found
in another group's key space (cross-corpus).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol

from anser_tui.benchmarks.anser.groups import EVIDENCE_SPACES, REG_RULES, EvidenceSpace
from anser_tui.benchmarks.anser.rule_keys import rule_key_map
from anser_tui.core.errors import InputError
from anser_tui.core.settings import CorpusOverride
from anser_tui.corpora.descriptor import CorpusDescriptor, descriptor_for
from anser_tui.corpora.documents import CorpusStatus, Document, EvidenceNote, Summary
from anser_tui.corpora.jsonl_index import JsonlIndex
from anser_tui.corpora.jsonl_reader import JsonlReader
from anser_tui.corpora.sqlite_reader import CorpusError, SqliteReader

SPACES_BY_CORPUS = {s.corpus: s for s in EVIDENCE_SPACES}


class CorpusReader(Protocol):
    descriptor: CorpusDescriptor

    def summaries(self, ids: Sequence[str]) -> dict[str, Summary]: ...

    def document(self, id: str) -> Document | None: ...

    def close(self) -> None: ...


def _space(space: EvidenceSpace | str) -> EvidenceSpace:
    return space if isinstance(space, EvidenceSpace) else SPACES_BY_CORPUS[space]


class CorpusLibrary:
    """Every corpus of one benchmark folder, read-only, opened lazily and cached."""

    def __init__(self, corpora_dir: Path, overrides: Mapping[str, CorpusOverride] | None = None,
                 cache: Path | None = None):
        self.corpora_dir = Path(corpora_dir)
        self.overrides = dict(overrides or {})
        self.cache = cache
        self._readers: dict[str, CorpusReader | None] = {}
        self.errors: dict[str, str] = {}
        self._lock = threading.Lock()
        self._rule_keys: dict[str, str] | None = None
        self._closed = False

    def descriptor(self, space: EvidenceSpace | str) -> CorpusDescriptor:
        return descriptor_for(_space(space), self.overrides)

    def path(self, space: EvidenceSpace | str) -> Path:
        return self.corpora_dir / _space(space).path

    def reader(self, space: EvidenceSpace | str) -> CorpusReader | None:
        """The space's reader; None when its file is missing or unreadable (see `errors`)."""
        space = _space(space)
        with self._lock:
            if self._closed:
                return None
            if space.corpus not in self._readers:
                self._readers[space.corpus] = self._open(space)
            return self._readers[space.corpus]

    def _open(self, space: EvidenceSpace) -> CorpusReader | None:
        path = self.path(space)
        descriptor = self.descriptor(space)
        if not path.is_file():
            self.errors[space.corpus] = f"no file {path}"
            return None
        try:
            if descriptor.kind == "jsonl":
                return JsonlReader(path, descriptor, self.cache)
            return SqliteReader(path, descriptor)
        except (CorpusError, OSError) as exc:
            self.errors[space.corpus] = str(exc)
            return None
        except Exception as exc:  # a damaged file: say so beside the row, never crash
            self.errors[space.corpus] = f"{path.name}: {exc}"
            return None

    def jsonl_indexes(self) -> list[JsonlIndex]:
        """The offset index of each JSONL corpus present in the folder."""
        indexes = []
        for space in EVIDENCE_SPACES:
            descriptor = self.descriptor(space)
            if descriptor.kind == "jsonl" and self.path(space).is_file():
                indexes.append(JsonlIndex(self.path(space), descriptor, self.cache))
        return indexes

    def available(self, space: EvidenceSpace | str) -> bool:
        return self.reader(space) is not None

    def resolver(self, space: EvidenceSpace | str) -> Callable[[str], str] | None:
        """What maps a retrieved id into the space's keys: a rule id -> "law | item" for the
        regulatory rules (rule_keys), None where ids are the keys already."""
        if _space(space).corpus != REG_RULES.corpus:
            return None
        if self._rule_keys is None:
            try:
                self._rule_keys = rule_key_map(self.corpora_dir)
            except InputError as exc:
                self.errors[REG_RULES.corpus] = exc.message
                self._rule_keys = {}
        keys = self._rule_keys
        return lambda evidence: keys.get(evidence, evidence)

    # -- one unit --------------------------------------------------------------------------
    def lookup(self, space: EvidenceSpace | str, id: str) -> Document | None:
        reader = self.reader(space)
        return reader.document(id) if reader is not None else None

    def title(self, space: EvidenceSpace | str, id: str) -> str:
        reader = self.reader(space)
        found = reader.summaries([id]).get(id) if reader is not None else None
        return found.title if found else ""

    # -- many ids --------------------------------------------------------------------------
    def classify(self, space: EvidenceSpace | str, ids: Sequence[str]
                 ) -> dict[str, EvidenceNote]:
        """Each id's standing against the space's corpus, the other spaces asked only for ids
        the space lacks."""
        space = _space(space)
        unique = list(dict.fromkeys(ids))
        reader = self.reader(space)
        if reader is None:
            return {i: EvidenceNote(status=CorpusStatus.UNAVAILABLE) for i in unique}
        found = reader.summaries(unique)
        notes = {k: EvidenceNote(status=CorpusStatus.LEAKED if s.leaked else CorpusStatus.FOUND,
                                 title=s.title) for k, s in found.items()}
        missing = [i for i in unique if i not in found]
        for other in EVIDENCE_SPACES:
            if not missing:
                break
            if other.corpus == space.corpus:
                continue
            other_reader = self.reader(other)
            if other_reader is None:
                continue
            elsewhere = other_reader.summaries(missing)
            for k, s in elsewhere.items():
                notes[k] = EvidenceNote(status=CorpusStatus.CROSS_CORPUS, title=s.title,
                                        other=other.corpus)
            missing = [i for i in missing if i not in elsewhere]
        notes.update((i, EvidenceNote(status=CorpusStatus.NOT_IN_CORPUS)) for i in missing)
        return notes

    def leaked(self, space: EvidenceSpace | str, ids: Sequence[str]) -> list[str]:
        """The ids that name leaked ground-truth records in the space's corpus, in order."""
        reader = self.reader(space)
        if reader is None or not ids:
            return []
        found = reader.summaries(list(dict.fromkeys(ids)))
        return [i for i in dict.fromkeys(ids) if i in found and found[i].leaked]

    def close(self) -> None:
        """Close every reader; lookups after this find nothing (a late worker stays safe)."""
        with self._lock:
            self._closed = True
            for reader in self._readers.values():
                if reader is not None:
                    reader.close()
            self._readers.clear()
