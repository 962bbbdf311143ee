"""One pass over a JSONL corpus: the keys of each line, and where the line sits in the file.

Every line is checked as JSON while its keys are read. orjson parses a line several times faster
than the json module, and refuses what `json_input.object_line` refuses (bad syntax, NaN and
Infinity, bytes that are not UTF-8, a lone surrogate escape, a line that is not one value). A
line orjson refuses, or whose key orjson may read differently (a float, which orjson also gives
for an integer beyond 64 bits, or an object), goes to `object_line`: it accepts a BOM and a
blank line and names a broken line with its file and number. So a key is the one the json
module reads: the last of a field written twice, a field name written with escapes unescaped,
never a field of a nested object.

The file is read into one reused buffer and cut at each b"\n", each line parsed in place
(a memoryview, not a copy); a line's length leaves its "\n" out and keeps a CRLF's "\r"."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import orjson

from anser_tui.core.json_input import decode_plain, object_line
from anser_tui.corpora.descriptor import CorpusDescriptor

_BLOCK = 8 << 20
_EXACT = (str, int, bool, type(None))  # read by orjson as by json; floats and objects are not

Progress = Callable[[int, int], None]
Entry = tuple[str, int, int]  # (key, offset, length) of a line


class KeyExtractor:
    """The keys a JSONL record is indexed under: its own key, then its aliases, each as the
    descriptor's normaliser gives it."""

    def __init__(self, descriptor: CorpusDescriptor):
        self.composite = descriptor.composite
        self.normalize = descriptor.normalize
        self.names = (*(self.composite.fields if self.composite else (descriptor.key,)),
                      *descriptor.aliases)
        self._single = self.names[0] if len(self.names) == 1 else None

    def spec(self) -> str:
        return json.dumps({"composite": list(self.composite.fields) if self.composite else None,
                           "fields": list(self.names)})

    def of_line(self, line: bytes | bytearray | memoryview) -> list[str] | None:
        """The keys of a line orjson reads as an object holding scalar keys; None for any
        other line (json decides)."""
        try:
            record = orjson.loads(line)
        except orjson.JSONDecodeError:
            return None
        if type(record) is not dict:
            return None
        if self._single is not None:  # the common case: one key field
            value = record.get(self._single)
            if type(value) is str or type(value) is int:
                key = self.normalize(value)
                return [key] if key is not None else []
            values = [value]
        else:
            values = [record.get(n) for n in self.names]
        if not all(isinstance(v, _EXACT) for v in values):
            return None
        return self._from_values(values)

    def of_record(self, record: dict[str, Any]) -> list[str]:
        """The keys of a record the json module parsed."""
        return self._from_values([record.get(n) for n in self.names])

    def keys(self, buf: bytes, start: int, end: int) -> list[str]:
        """The keys of the line buf[start:end] as the json module reads them; none for a line
        that is not one JSON object."""
        line = buf[start:end]
        found = self.of_line(line)
        if found is not None:
            return found
        try:
            record = decode_plain(line.decode("utf-8").removeprefix("\ufeff"))
        except ValueError:  # not UTF-8 either
            return []
        return self.of_record(record) if isinstance(record, dict) else []

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


def scan(path: Path, extractor: KeyExtractor, progress: Progress | None = None,
         block: int = _BLOCK) -> Iterator[list[Entry]]:
    """(key, offset, length) for every keyed line of `path`, in file order, a list for each
    `block` bytes read, streaming the file once; every line is checked as it passes: a broken
    one stops the scan with an InputError naming it."""
    total = path.stat().st_size
    of_line = extractor.of_line
    number = 0
    base = 0  # the file offset of buf[0]
    with path.open("rb") as f:
        buf = bytearray(block)
        filled = 0
        while read := f.readinto(memoryview(buf)[filled:]):
            filled += read
            entries: list[Entry] = []
            add = entries.append
            pos = 0
            find = buf.find
            with memoryview(buf) as view:  # lines read in place, not copied
                while (nl := find(b"\n", pos, filled)) >= 0:
                    number += 1
                    line = view[pos:nl]
                    keys = of_line(line)
                    if keys is None:
                        keys = _checked(extractor, bytes(line), path, number)
                    for key in keys:
                        add((key, base + pos, nl - pos))
                    pos = nl + 1
                    line.release()
            yield entries
            base += pos
            buf, filled = _carry(buf, pos, filled)
            if progress is not None:
                progress(base, total)
        if filled:  # a last line without its "\n"
            yield [(key, base, filled)
                   for key in _checked(extractor, bytes(buf[:filled]), path, number + 1)]


def _checked(extractor: KeyExtractor, line: bytes, path: Path, number: int) -> list[str]:
    """The keys of a line orjson left to json: none for a blank line, InputError for a broken
    one."""
    record = object_line(line, path, number)
    return [] if record is None else extractor.of_record(record)


def _carry(buf: bytearray, pos: int, filled: int) -> tuple[bytearray, int]:
    """The buffer with its unfinished line moved to the front (and room for more: the buffer
    doubles when one line fills it)."""
    rest = filled - pos
    if pos == 0 and rest == len(buf):
        return buf + bytearray(len(buf)), rest
    if pos:
        buf[:rest] = buf[pos:filled]
    return buf, rest
