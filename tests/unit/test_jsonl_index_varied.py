"""The offset index of a varied JSONL file is what json.loads reads, line by line: the same keys
(the last of a duplicated field, an escaped field name unescaped, never a nested field or one
quoted inside a string), offsets and lengths, however the file is cut into blocks; a broken line
is the same error object_line gives, naming the file and line, and leaves no index."""

from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from anser_tui.benchmarks.libraries import registered_corpora
from anser_tui.cli import cli
from anser_tui.core.errors import InputError
from anser_tui.core.json_input import object_line
from anser_tui.corpora import CompositeKey, CorpusDescriptor, JsonlIndex
from anser_tui.corpora.jsonl_index import KeyExtractor
from anser_tui.corpora.jsonl_scan import scan

PLAIN = CorpusDescriptor("notes", "notes.jsonl", "jsonl", "id")
PAIR = CorpusDescriptor("pairs", "pairs.jsonl", "jsonl", "kind_part", aliases=("ref",),
                        composite=CompositeKey(("kind", "part"), lambda a, b: f"{a}/{b}"))
JSONL_CORPORA = [d for d in registered_corpora() if d.kind == "jsonl"]

# One record a line, written as a JSONL file may be: {F} is the key field, {E} the same name
# with every character a \\u escape.
VARIED = [
    '\ufeff{"{F}": "bom-first", "t": "a BOM before the first line"}',
    '{"{F}": "plain", "title": "中文标题，全角（括号）"}',
    '{"title": "key last", "{F}": "last"}',
    '{"nested": {"{F}": "decoy"}, "{F}": "after-nested"}',
    '{"list": [{"{F}": "decoy"}, "\\"{F}\\": \\"x\\""], "{F}" : "after-list"}',
    '{"t": "the \\"{F}\\": \\"decoy\\" quoted", "{F}": "after-quoted"}',
    '{"x\\"{F}": "a name ending in the field\'s", "{F}": "real"}',
    '{"{F}": "first", "{F}": "duplicated, the last counts"}',
    '{"{F}": "plain-then-escaped", "{E}": "escaped name, the last counts"}',
    '{"{E}": "only-escaped"}',
    '{"{F}": "A\\"quote\\\\back\\/slash"}',
    '{"{F}": "caf\\u00e9 \\ud83d\\ude00 \\u4e2d"}',
    '{"{F}": "（２０２１）京0105民初12345号"}',
    '{"{F}": " Ａ６  spaced \\t "}',
    '{"{F}": 42}', '{"{F}": -0}', '{"{F}": 7.0}', '{"{F}": 7.5}', '{"{F}": 1e2}',
    '{"{F}": 12345678901234567890123}', '{"{F}": -9223372036854775809}', '{"{F}": 1e400}',
    '{"{F}": true}', '{"{F}": null}', '{"{F}": ""}', '{"{F}": "   "}', '{"{F}": ["a"]}',
    '{"{F}": {"k": "an object"}}',
    '{"nested": {"{F}": "only nested"}}',
    '{"title": "no key at all"}',
    '{}',
    '',
    '   \t',
    '\u3000',
    '\ufeff{"{F}": "bom-later"}',
    '{"{F}": "plain", "t": "a key seen before: the first line keeps it"}',
    '{"t": "' + "长" * 3000 + '", "{F}": "long-line"}',
    '  {"{F}" :\t"spaced-out" }  ',
]
BROKEN = [
    '{"{F}": "cut o',
    '{"{F}": NaN}',
    '{"{F}": "x", "v": -Infinity}',
    '{"{F}": "\\ud800"}',
    '["{F}", "an array"]',
    '{"{F}": "a"}{"{F}": "b"}',
    '{"{F}": "a", }',
    '{"{F}": 01}',
    '\ufeff\ufeff{"{F}": "two BOMs"}',
]


def _escaped(name: str) -> str:
    return "".join(f"\\u{ord(c):04x}" for c in name)


def _lines(templates: list[str], descriptor: CorpusDescriptor) -> list[str]:
    """The templates for each of the descriptor's key fields in turn, the other fields given
    plain values (a composite key needs both halves)."""
    names = _names(descriptor)
    lines = []
    for name in names:
        others = "".join(f', "{n}": "{n}-value"' for n in names if n != name)
        for template in templates:
            line = template.replace("{F}", name).replace("{E}", _escaped(name))
            if others and line.rstrip().endswith("}"):
                cut = line.rindex("}")
                line = line[:cut] + (others if line[:cut].strip() not in ("{", "\ufeff{")
                                     else others[1:]) + line[cut:]
            lines.append(line)
    return lines


def _names(d: CorpusDescriptor) -> tuple[str, ...]:
    return (*(d.composite.fields if d.composite else (d.key,)), *d.aliases)


def _write(path: Path, lines: list[str], newline: str = "\n", last: bool = True) -> bytes:
    data = (newline.join(lines) + (newline if last else "")).encode()
    path.write_bytes(data)
    return data


def expected_index(data: bytes, d: CorpusDescriptor) -> tuple[dict[str, tuple[int, int]], int]:
    """The index as json.loads reads each line: {key: (offset, length)} of the first line
    giving it (the line's "\\n" left out), and how many lines give a key."""
    index: dict[str, tuple[int, int]] = {}
    keyed = offset = 0
    for raw in data.split(b"\n"):
        text = raw.decode("utf-8").removeprefix("\ufeff")
        if text and not text.isspace():
            record = json.loads(text)
            assert isinstance(record, dict)
            values = [record.get(n) for n in _names(d)]
            keys = []
            if d.composite:
                first, second, *values = values
                if first is not None and second is not None:
                    keys.append(d.composite.join(first, second))
            keys += [k for k in map(d.normalize, values) if k is not None]
            for key in keys:
                index.setdefault(key, (offset, len(raw)))
            keyed += bool(keys)
        offset += len(raw) + 1
    return index, keyed


def _scanned(path: Path, d: CorpusDescriptor, block: int) -> dict[str, tuple[int, int]]:
    found: dict[str, tuple[int, int]] = {}
    for batch in scan(path, KeyExtractor(d), block=block):
        for key, offset, length in batch:
            found.setdefault(key, (offset, length))
    return found


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
@pytest.mark.parametrize("descriptor", [PLAIN, PAIR, *JSONL_CORPORA], ids=lambda d: d.name)
def test_the_index_of_a_varied_file_is_what_json_reads(tmp_path: Path, newline: str,
                                                       descriptor: CorpusDescriptor) -> None:
    path = tmp_path / "varied.jsonl"
    data = _write(path, _lines(VARIED, descriptor), newline)
    expected, keyed = expected_index(data, descriptor)
    assert len(expected) > 20
    index = JsonlIndex(path, descriptor, tmp_path / "cache")
    stats = index.build()
    assert (stats.keys, stats.records) == (len(expected), keyed)
    assert index.offsets(list(expected)) == expected
    for key, (offset, length) in expected.items():
        line = data[offset:offset + length]
        assert b"\n" not in line and line.endswith(b"\r") == (newline == "\r\n")
        assert key in KeyExtractor(descriptor).keys(line, 0, len(line))
    index.close()


@pytest.mark.parametrize("block", [1, 5, 64, 4096, 1 << 20])
@pytest.mark.parametrize("last", [True, False], ids=["newline-at-end", "no-newline-at-end"])
def test_the_scan_finds_the_same_however_the_file_is_cut(tmp_path: Path, block: int,
                                                        last: bool) -> None:
    path = tmp_path / "varied.jsonl"
    data = _write(path, _lines(VARIED, PAIR), "\r\n", last)
    assert _scanned(path, PAIR, block) == expected_index(data, PAIR)[0]


def test_progress_is_told_each_block(tmp_path: Path) -> None:
    path = tmp_path / "varied.jsonl"
    data = _write(path, _lines(VARIED, PLAIN))
    seen: list[tuple[int, int]] = []
    for _ in scan(path, KeyExtractor(PLAIN), lambda done, total: seen.append((done, total)),
                  block=4096):
        pass
    assert len(seen) > 3 and all(total == len(data) for _, total in seen)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert seen[-1][0] == len(data)


def _reference_error(raw: str, path: Path, number: int) -> str:
    with pytest.raises(InputError) as err:
        object_line(raw.encode(), path, number)
    return err.value.message


@pytest.mark.parametrize("template", BROKEN)
@pytest.mark.parametrize("where", ["first", "middle", "last-without-newline"])
def test_a_broken_line_is_the_error_json_gives_and_leaves_no_index(
        tmp_path: Path, template: str, where: str) -> None:
    lines = _lines(VARIED, PLAIN)
    broken = template.replace("{F}", "id")
    at = {"first": 0, "middle": len(lines) // 2, "last-without-newline": len(lines)}[where]
    lines.insert(at, broken)
    path = tmp_path / "varied.jsonl"
    _write(path, lines, "\r\n", last=where != "last-without-newline")
    raw = broken + ("\r" if where != "last-without-newline" else "")
    with pytest.raises(InputError) as err:
        JsonlIndex(path, PLAIN, tmp_path / "cache").build()
    assert (err.value.path, err.value.line) == (str(path), at + 1)
    assert err.value.message == _reference_error(raw, path, at + 1)
    assert list((tmp_path / "cache").iterdir()) == []
    with pytest.raises(InputError) as small:  # the same when the line spans blocks
        for _ in scan(path, KeyExtractor(PLAIN), block=7):
            pass
    assert small.value.message == err.value.message


def test_a_broken_corpus_line_exits_2_naming_it(tmp_path: Path) -> None:
    d = JSONL_CORPORA[0]
    path = tmp_path / "bench" / "corpora" / d.path
    path.parent.mkdir(parents=True)
    lines = _lines(VARIED, d)
    _write(path, [*lines[:5], BROKEN[0].replace("{F}", d.key), *lines[5:]])
    result = CliRunner().invoke(cli, ["index-corpus", str(tmp_path / "bench")],
                                env={"ANSER_CACHE_DIR": str(tmp_path / "cache")})
    assert result.exit_code == 2
    assert f"{path}:6: invalid JSON" in result.output


# -- any record, any of the descriptors: hypothesis writes the lines -----------------------------
_TEXT = st.text(alphabet=st.sampled_from([*string.ascii_letters[:6], *"0 9_\t\"\\/", "中",
                                          "（", "Ａ", "é", "\u3000", "😀"]), max_size=8)
_SCALARS = (st.none() | st.booleans() | st.integers(-10**25, 10**25)
            | st.sampled_from([2**64, -2**63 - 1, 10**22 + 1])  # beyond 64 bits: json's ints
            | st.floats(allow_nan=False, allow_infinity=False) | _TEXT)


def _record(names: list[str]) -> st.SearchStrategy[list[tuple[str, Any]]]:
    fields = st.sampled_from([*names, "title", "nested"])
    values = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=3)
                          | st.dictionaries(fields, inner, max_size=3), max_leaves=6)
    return st.lists(st.tuples(fields, values), max_size=6)


def _encoded(pairs: list[tuple[str, Any]], ascii_only: bool, escape_names: bool) -> str:
    """A JSON object written by hand: duplicate fields kept, names escaped or not."""
    def name(n: str) -> str:
        return f'"{_escaped(n)}"' if escape_names else json.dumps(n)
    return "{" + ", ".join(f"{name(n)}: {json.dumps(v, ensure_ascii=ascii_only)}"
                           for n, v in pairs) + "}"


@st.composite
def _files(draw: st.DrawFn, d: CorpusDescriptor) -> str:
    lines = []
    for _ in range(draw(st.integers(1, 8))):
        if draw(st.integers(0, 9)) == 0:
            lines.append(draw(st.sampled_from(["", " ", "\r"])))
            continue
        lines.append(_encoded(draw(_record(list(_names(d)))), draw(st.booleans()),
                              draw(st.integers(0, 4)) == 0))
    return draw(st.sampled_from(["\n", "\r\n"])).join(lines) + draw(st.sampled_from(["", "\n"]))


@pytest.mark.parametrize("descriptor", [PLAIN, PAIR, *JSONL_CORPORA], ids=lambda d: d.name)
@settings(max_examples=60, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_file_is_indexed_as_json_reads_it(tmp_path: Path, descriptor: CorpusDescriptor,
                                              data: st.DataObject) -> None:
    text = data.draw(_files(descriptor))
    path = tmp_path / "drawn.jsonl"
    path.write_bytes(text.encode())
    assert _scanned(path, descriptor, 64) == expected_index(text.encode(), descriptor)[0]


_BYTES = [b"{", b"}", b"[", b"]", b'"', b"\\", b":", b",", b" ", b"\r", b"1", b"0", b"-", b".",
          b"e", b"+", b"u", b"d8", b"00", b"NaN", b"Infinity", b"null", b"tru", b"\xe4\xb8\xad",
          b"\xe4\xb8", b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\x01", b"\\ud800", "\ufeff".encode()]


@st.composite
def _mutated(draw: st.DrawFn, d: CorpusDescriptor) -> bytes:
    line = bytearray(_encoded(draw(_record(list(_names(d)))), draw(st.booleans()), False).encode())
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(line)))
        cut = draw(st.integers(0, 2))
        line[at:at + cut] = draw(st.sampled_from(_BYTES))
    return bytes(line)


@settings(max_examples=300, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(line=_mutated(PAIR))
def test_a_damaged_line_is_refused_or_read_as_json_does(tmp_path: Path, line: bytes) -> None:
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(b'{"kind": "k", "part": "p"}\n' + line + b"\n")
    try:
        object_line(line, path, 2)
    except InputError as err:
        with pytest.raises(InputError) as scanned:
            _scanned(path, PAIR, 64)
        assert scanned.value.message == err.message
    else:
        assert _scanned(path, PAIR, 64) == expected_index(path.read_bytes(), PAIR)[0]
