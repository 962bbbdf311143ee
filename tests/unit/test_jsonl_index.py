"""The JSONL offset index: keys found as a full parse would, built once, rebuilt on change."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from corpus_fixtures import write_corpora

from anser_tui.benchmarks.anser.evidence import descriptor_for
from anser_tui.benchmarks.anser.evidence_ids import id_text, law_item_key
from anser_tui.benchmarks.anser.groups import ARTICLES, LAW_CORPUS, REG_RULES
from anser_tui.cli import cli
from anser_tui.core.errors import InputError
from anser_tui.corpora import JsonlIndex
from anser_tui.corpora.jsonl_index import KeyExtractor

TRICKY = [
    '{"ID": "A1", "title": "plain"}',
    '{"title": "key last", "ID": "A2"}',
    '{"nested": {"ID": "decoy"}, "ID": "A3"}',
    '{"list": [{"ID": "decoy"}, "\\"ID\\": \\"x\\""], "ID" : "A4"}',
    '{"title": "quote \\" and brace { in text", "ID": "A5"}',
    '{"ID": 42, "title": "numeric id"}',
    '{"ID": 7.0}',
    '{"ID": " Ａ６ "}',
    '{"ID": "A\\u00e9"}',
    '{"ID": " A7  x "}',
    '{"ID": "A\\"8"}',
    '{"title": "no key at all"}',
    '{"nested": {"ID": "only nested"}}',
    '{"ID": null}',
    '["not", "an", "object"]',
    'not json',
]


def _reference(line: str) -> list[str]:
    try:
        record = json.loads(line)
    except ValueError:
        return []
    key = id_text(record.get("ID")) if isinstance(record, dict) else None
    return [key] if key else []


@pytest.mark.parametrize("line", TRICKY)
def test_fast_key_extraction_agrees_with_a_full_parse(line: str) -> None:
    extractor = KeyExtractor(descriptor_for(ARTICLES))
    buf = b"junk\n" + line.encode() + b"\nmore"
    start = 5
    assert extractor.keys(buf, start, start + len(line.encode())) == _reference(line)


def test_composite_keys_and_aliases() -> None:
    extractor = KeyExtractor(descriptor_for(REG_RULES))
    line = '{"id": "rule_1", "law_name": "办法", "item": " 第三条 "}'.encode()
    assert extractor.keys(line, 0, len(line)) == [law_item_key("办法", "第三条"), "rule_1"]


def _write(path: Path, records: list[dict[str, object]]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
                    encoding="utf-8")


def test_index_is_built_once_in_the_cache_dir(tmp_path: Path) -> None:
    corpora = write_corpora(tmp_path / "corpora")
    path = corpora / LAW_CORPUS.path
    before = path.read_bytes()
    listing = sorted(p.name for p in path.parent.iterdir())
    index = JsonlIndex(path, descriptor_for(LAW_CORPUS), tmp_path / "cache")
    stats = index.ensure()
    assert stats is not None and stats.records == 4 and stats.keys == 4
    stat = path.stat()
    assert stats.sidecar.parent == tmp_path / "cache"
    assert stats.sidecar.name.endswith(f"-{stat.st_size}-{stat.st_mtime_ns}-law_corpus.jsonl"
                                       ".anser-index.sqlite")
    assert sorted(p.name for p in path.parent.iterdir()) == listing  # nothing beside it
    assert index.ensure() is None  # fresh: not rebuilt
    offset, length = index.offsets(["law_716"])["law_716"]
    assert json.loads(before[offset:offset + length])["id"] == "law_716"
    assert path.read_bytes() == before
    index.close()


def test_index_rebuilt_after_the_file_changes(tmp_path: Path) -> None:
    path = tmp_path / "articles.jsonl"
    _write(path, [{"ID": "A1", "title": "one"}, {"ID": "A2", "title": "two"}])
    index = JsonlIndex(path, descriptor_for(ARTICLES), tmp_path / "cache")
    index.ensure()
    assert index.fresh_sidecar() is not None
    # same size, new content and mtime: the head hash and mtime notice
    _write(path, [{"ID": "B1", "title": "one"}, {"ID": "B2", "title": "two"}])
    os.utime(path, ns=(1, 1))
    assert index.fresh_sidecar() is None
    assert set(index.offsets(["A1", "B1", "B2"])) == {"B1", "B2"}
    # appended records are found without an explicit rebuild
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"ID": "B3", "title": "three"}) + "\n")
    assert set(index.offsets(["B3"])) == {"B3"}
    index.close()


def test_nothing_is_written_beside_a_writable_corpus(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "corpora" / "articles.jsonl"
    path.parent.mkdir()
    _write(path, [{"ID": "A1", "title": "one"}])
    monkeypatch.setenv("ANSER_CACHE_DIR", str(tmp_path / "user-cache"))
    index = JsonlIndex(path, descriptor_for(ARTICLES))  # the default: the user cache dir
    stats = index.build()
    assert stats.sidecar.parent == tmp_path / "user-cache" / "corpus-index"
    assert [p.name for p in path.parent.iterdir()] == ["articles.jsonl"]
    # a changed file gets a new index; the old one is removed, not left to pile up
    _write(path, [{"ID": "A1", "title": "one"}, {"ID": "A2", "title": "two"}])
    assert index.fresh_sidecar() is None
    assert set(index.offsets(["A1", "A2"])) == {"A1", "A2"}
    assert [p.name for p in stats.sidecar.parent.iterdir()] == [index.sidecar().name]
    assert [p.name for p in path.parent.iterdir()] == ["articles.jsonl"]
    index.close()


def test_an_unwritable_cache_dir_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "articles.jsonl"
    _write(path, [{"ID": "A1", "title": "one"}])
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    with pytest.raises(InputError) as err:
        JsonlIndex(path, descriptor_for(ARTICLES), blocker / "cache").build()
    assert "ANSER_CACHE_DIR" in err.value.reason
    assert [p.name for p in sorted(tmp_path.iterdir())] == ["articles.jsonl", "not-a-folder"]


def test_index_corpus_command(tmp_path: Path) -> None:
    write_corpora(tmp_path / "bench" / "corpora")
    runner = CliRunner()
    result = runner.invoke(cli, ["index-corpus", str(tmp_path / "bench")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "legal/zh/law_corpus.jsonl", "finance/zh/regulatory_rules.jsonl", "science/articles.jsonl"]
    assert "4 records" in lines[0]
    again = runner.invoke(cli, ["index-corpus", str(tmp_path / "bench" / "corpora")])
    assert again.output.count("index up to date") == 3
    empty = runner.invoke(cli, ["index-corpus", str(tmp_path)])
    assert empty.exit_code == 2 and "no JSONL corpus" in empty.output


def test_a_broken_line_is_named_and_leaves_no_index(tmp_path: Path) -> None:
    path = tmp_path / "articles.jsonl"
    path.write_text('{"ID": "A1"}\n\n{"ID": "A2", "title": "cut o\n{"ID": "A3"}\n',
                    encoding="utf-8")
    with pytest.raises(InputError) as err:
        JsonlIndex(path, descriptor_for(ARTICLES), tmp_path / "cache").build()
    assert (err.value.path, err.value.line) == (str(path), 3)
    assert "invalid JSON" in err.value.reason
    assert list((tmp_path / "cache").iterdir()) == []
