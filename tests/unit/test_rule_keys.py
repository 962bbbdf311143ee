"""Rule ids resolve to (law_name, item) keys the same way evidence ids are normalised."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anser_tui.benchmarks.anser import evidence_id, id_text
from anser_tui.benchmarks.anser.evidence_ids import normalize_text
from anser_tui.benchmarks.anser.groups import REG_RULES
from anser_tui.benchmarks.anser.rule_keys import rule_key_map
from anser_tui.core.errors import InputError


def _rules(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "finance" / "zh" / "regulatory_rules.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return tmp_path


def test_numeric_and_text_ids(tmp_path: Path) -> None:
    corpora = _rules(tmp_path, [
        json.dumps({"id": 12, "law_name": "上市规则", "item": "第7.1条", "content": "..."}),
        json.dumps({"id": "rule_００８", "law_name": " 信息披露 管理办法 ", "item": "第三条"},
                   ensure_ascii=False),
        json.dumps({"id": "rule_x", "law_name": "缺少条目"}, ensure_ascii=False),
    ])
    keys = rule_key_map(corpora)
    assert keys == {"12": "上市规则 | 第7.1条", "rule_008": "信息披露 管理办法 | 第三条"}
    assert keys[id_text(12.0) or ""] == "上市规则 | 第7.1条"
    assert evidence_id({"law_name": "上市规则", "item": "第7.1条"},
                       REG_RULES) == "上市规则 | 第7.1条"


def test_missing_file_and_bad_line(tmp_path: Path) -> None:
    assert rule_key_map(tmp_path) == {}
    corpora = _rules(tmp_path, ['{"id": 1, "law_name": "a", "item": "b"}', "[1, 2]"])
    with pytest.raises(InputError) as err:
        rule_key_map(corpora)
    assert err.value.line == 2


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=0x3100), max_size=8))
def test_a_string_id_is_its_normalised_text(value: str) -> None:
    """id_text's fast path (printable ASCII without a space) gives what normalisation gives."""
    assert id_text(value) == (normalize_text(value) or None)
    assert id_text(f" {value}\x1f") == (normalize_text(value) or None)
