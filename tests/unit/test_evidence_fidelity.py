"""Evidence in the README's own shapes, not only the demo's: (law, item) gold for
finance_zh_prescriptive, and full-width Chinese case numbers stored as SQLite keys."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from bad_inputs import BAD
from corpus_fixtures import write_corpora
from mini_bench import write_jsonl, write_mini_bench

from anser_tui.benchmarks.anser.evidence import evidence_library
from anser_tui.benchmarks.anser.evidence_ids import evidence_id
from anser_tui.benchmarks.anser.groups import REG_RULES, WENSHU
from anser_tui.core.errors import InputError
from anser_tui.corpora import CorpusStatus
from anser_tui.exchange.stateless import score_files

LAW = "上市公司信息披露管理办法"
PRESCRIPTIVE = [
    {"id": "finance_zh_prescriptive_1", "type": None, "query": "是否合规？", "instruction": "",
     "ground_truth": "不合规。", "evidence": [{"law": LAW, "item": "第三条"}]},
    {"id": "finance_zh_prescriptive_2", "type": None, "query": "是否合规？", "instruction": "",
     "ground_truth": "合规。", "evidence": [[LAW, "第三条"], {"law_name": LAW, "item": "第十二条"}]},
]


@pytest.mark.parametrize("element", [
    {"law": LAW, "item": "第三条"}, {"law_name": LAW, "item": "第三条"}, [LAW, "第三条"],
    {"law": f" {LAW} ", "item": "第三条", "type": "rule"}])
def test_law_item_shapes_name_one_key(element: object) -> None:
    assert evidence_id(element, REG_RULES) == f"{LAW} | 第三条"


@pytest.mark.parametrize("element", [{"law": LAW}, {"law": None, "item": "第三条"},
                                     [LAW], [LAW, "第三条", "第一款"], {"type": "rule"}])
def test_law_item_elements_that_name_nothing(element: object) -> None:
    assert evidence_id(element, REG_RULES) is None


def test_law_item_gold_is_scored(tmp_path: Path) -> None:
    bench = write_mini_bench(tmp_path / "bench", {"finance/zh/prescriptive.json": PRESCRIPTIVE})
    write_corpora(bench / "corpora")
    run = write_jsonl(tmp_path / "run.jsonl", [
        {"id": "finance_zh_prescriptive_1", "answer": "不合规。",
         "retrieved_evidence": ["rule_2", {"type": "rule", "id": "rule_1"}]},
        {"id": "finance_zh_prescriptive_2", "answer": "合规。",
         "retrieved_evidence": [{"law_name": LAW, "item": "第十二条"}]}])
    result = score_files(bench, run)
    metrics = {t["id"]: t["metrics"] for t in result["tasks"]}
    assert metrics["finance_zh_prescriptive_1"]["Recall@5"] == 1.0
    assert metrics["finance_zh_prescriptive_1"]["R-Precision"] == 0.0  # rule_1 is at rank 2
    assert metrics["finance_zh_prescriptive_2"]["Recall@5"] == 0.5
    assert metrics["finance_zh_prescriptive_2"]["R-Precision"] == 0.5
    group = next(g for g in result["groups"] if g["group"] == "finance_zh_prescriptive")
    assert group["metrics"]["Recall@5"] == 0.75


def test_unreadable_gold_item_names_file_line_and_task(tmp_path: Path) -> None:
    broken = [PRESCRIPTIVE[0], {**PRESCRIPTIVE[1], "evidence": [{"law": LAW}]}]
    bench = write_mini_bench(tmp_path / "bench", {"finance/zh/prescriptive.json": broken})
    run = write_jsonl(tmp_path / "run.jsonl", [{"id": "finance_zh_prescriptive_1",
                                                "answer": "x"}])
    with pytest.raises(InputError) as err:
        score_files(bench, run)
    assert err.value.path == str(bench / "benchmark/finance/zh/prescriptive.json")
    assert err.value.line == 15 and "finance_zh_prescriptive_2" in err.value.reason


def test_full_width_case_numbers_are_found(tmp_path: Path) -> None:
    corpora = write_corpora(tmp_path / "corpora")
    shutil.copyfile(BAD / "corpus" / "wenshu-fullwidth.db", corpora / WENSHU.path)
    library = evidence_library(corpora)
    stored = "（2021）京0105民初12345号"
    folded = evidence_id(stored, WENSHU)
    assert folded == "(2021)京0105民初12345号"
    notes = library.classify(WENSHU, [folded, "(2022)沪0115民初678号", "(2023)京01民终1号"])
    assert notes[folded].status is CorpusStatus.FOUND
    assert "北京市朝阳区人民法院" in notes[folded].title
    assert notes["(2022)沪0115民初678号"].status is CorpusStatus.FOUND
    assert notes["(2023)京01民终1号"].status is CorpusStatus.NOT_IN_CORPUS
    document = library.lookup(WENSHU, folded)
    assert document is not None and document.id == folded
    assert any("借款金额: 100000" in s.text for s in document.sections)
    library.close()
