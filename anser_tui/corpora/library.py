"""The corpus library: a reader per key space, opened on first use and kept; ids classified.

A library reads the corpora a benchmark describes (`Benchmark.corpus_descriptors`), under the
folder the benchmark names (`Benchmark.corpora_dir`); a key space is named by its descriptor's
name, or by any object whose `corpus` attribute is that name. `lookup(space, id)` renders one
unit; `classify(space, ids)` says, for many ids at once, whether each is in its corpus (with its
title), leaked ground truth, not in the corpus, or found in another key space (cross-corpus).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol

from anser_tui.core.errors import InputError
from anser_tui.core.settings import CorpusOverride
from anser_tui.corpora.descriptor import CorpusDescriptor, with_override
from anser_tui.corpora.documents import CorpusStatus, Document, EvidenceNote, Summary
from anser_tui.corpora.jsonl_index import JsonlIndex
from anser_tui.corpora.jsonl_reader import JsonlReader
from anser_tui.corpora.sqlite_reader import CorpusError, SqliteReader


class NamedSpace(Protocol):
    """A key space as a benchmark names it: any object with the descriptor's name as `corpus`."""

    @property
    def corpus(self) -> str: ...


Space = NamedSpace | str


def space_name(space: Space) -> str:
    return space if isinstance(space, str) else space.corpus


class CorpusReader(Protocol):
    descriptor: CorpusDescriptor

    def summaries(self, ids: Sequence[str]) -> dict[str, Summary]: ...

    def document(self, id: str) -> Document | None: ...

    def close(self) -> None: ...


class CorpusLibrary:
    """Every corpus of one benchmark folder, read-only, opened lazily and cached.

    `descriptors` are the benchmark's key spaces, in the order a cross-corpus search asks them;
    `corpora_dir` None (a benchmark without corpora) finds no file for any of them."""

    def __init__(self, corpora_dir: Path | None, descriptors: Sequence[CorpusDescriptor] = (),
                 overrides: Mapping[str, CorpusOverride] | None = None,
                 cache: Path | None = None):
        self.corpora_dir = Path(corpora_dir) if corpora_dir is not None else None
        self.overrides = dict(overrides or {})
        self.descriptors = {d.name: with_override(d, self.overrides.get(d.name))
                            for d in descriptors}
        self.cache = cache
        self._readers: dict[str, CorpusReader | None] = {}
        self.errors: dict[str, str] = {}
        self._lock = threading.Lock()
        self._id_maps: dict[str, Mapping[str, str]] = {}
        self._closed = False

    def descriptor(self, space: Space) -> CorpusDescriptor:
        return self.descriptors[space_name(space)]

    def path(self, space: Space) -> Path | None:
        """Where the space's corpus file is (None: the library has no corpora folder)."""
        if self.corpora_dir is None:
            return None
        return self.corpora_dir / self.descriptor(space).path

    def reader(self, space: Space) -> CorpusReader | None:
        """The space's reader; None when its file is missing or unreadable (see `errors`)."""
        name = space_name(space)
        with self._lock:
            if self._closed:
                return None
            if name not in self._readers:
                self._readers[name] = self._open(self.descriptor(name))
            return self._readers[name]

    def _open(self, descriptor: CorpusDescriptor) -> CorpusReader | None:
        path = self.path(descriptor.name)
        if path is None or not path.is_file():
            self.errors[descriptor.name] = f"no file {path}" if path else "no corpora folder"
            return None
        try:
            if descriptor.kind == "jsonl":
                return JsonlReader(path, descriptor, self.cache)
            return SqliteReader(path, descriptor)
        except (CorpusError, OSError) as exc:
            self.errors[descriptor.name] = str(exc)
            return None
        except Exception as exc:  # a damaged file: say so beside the row, never crash
            self.errors[descriptor.name] = f"{path.name}: {exc}"
            return None

    def present(self) -> dict[Path, list[CorpusDescriptor]]:
        """The corpus files present in the folder, each with the key spaces read from it."""
        files: dict[Path, list[CorpusDescriptor]] = {}
        for descriptor in self.descriptors.values():
            path = self.path(descriptor.name)
            if path is not None and path.is_file():
                files.setdefault(path, []).append(descriptor)
        return files

    def jsonl_indexes(self) -> list[JsonlIndex]:
        """The offset index of each JSONL corpus present in the folder."""
        return [JsonlIndex(path, descriptor, self.cache)
                for path, descriptors in self.present().items()
                for descriptor in descriptors if descriptor.kind == "jsonl"]

    def available(self, space: Space) -> bool:
        return self.reader(space) is not None

    def resolver(self, space: Space) -> Callable[[str], str] | None:
        """What maps a retrieved id into the space's keys (its descriptor's `id_map`, read
        once: e.g. a rule id -> the rule's composite key), None where ids are the keys
        already."""
        descriptor = self.descriptor(space)
        if descriptor.id_map is None:
            return None
        if descriptor.name not in self._id_maps:
            try:
                found = descriptor.id_map(self.corpora_dir) if self.corpora_dir else {}
            except InputError as exc:
                self.errors[descriptor.name] = exc.message
                found = {}
            self._id_maps[descriptor.name] = found
        keys = self._id_maps[descriptor.name]
        return lambda evidence: keys.get(evidence, evidence)

    # -- one unit --------------------------------------------------------------------------
    def lookup(self, space: Space, id: str) -> Document | None:
        reader = self.reader(space)
        return reader.document(id) if reader is not None else None

    def title(self, space: Space, id: str) -> str:
        reader = self.reader(space)
        found = reader.summaries([id]).get(id) if reader is not None else None
        return found.title if found else ""

    # -- many ids --------------------------------------------------------------------------
    def classify(self, space: Space, ids: Sequence[str]) -> dict[str, EvidenceNote]:
        """Each id's standing against the space's corpus, the other spaces asked only for ids
        the space lacks."""
        name = space_name(space)
        unique = list(dict.fromkeys(ids))
        reader = self.reader(space)
        if reader is None:
            return {i: _note(CorpusStatus.UNAVAILABLE) for i in unique}
        found = reader.summaries(unique)
        notes = {k: _note(CorpusStatus.LEAKED if s.leaked else CorpusStatus.FOUND, title=s.title)
                 for k, s in found.items()}
        missing = [i for i in unique if i not in found]
        for other in self.descriptors.values():
            if not missing:
                break
            if other.name == name:
                continue
            other_reader = self.reader(other.name)
            if other_reader is None:
                continue
            elsewhere = other_reader.summaries(missing)
            for k, s in elsewhere.items():
                notes[k] = _note(CorpusStatus.CROSS_CORPUS, title=s.title, other=other.name)
            missing = [i for i in missing if i not in elsewhere]
        notes.update((i, _note(CorpusStatus.NOT_IN_CORPUS)) for i in missing)
        return notes

    def leaked(self, space: Space, ids: Sequence[str]) -> list[str]:
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


def _note(status: CorpusStatus, title: str = "", other: str | None = None) -> EvidenceNote:
    """A note, constructed without validation (its fields are typed here): thousands of ids
    are classified per item, and the first paint then builds no validator for them."""
    return EvidenceNote.model_construct(status=status, title=title, other=other)
