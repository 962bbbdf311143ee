"""`anser-tui show` (the review card as plain text) and leaked evidence in `anser-tui report`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from corpus_fixtures import corpus_workspace

from anser_tui.benchmarks.anser.evidence import Leak, evidence_library, find_leaks
from anser_tui.cli import cli
from anser_tui.workspace import WorkspaceStore


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return corpus_workspace(tmp_path)


def _show(workspace: Path, task_id: str) -> str:
    result = CliRunner().invoke(cli, ["show", str(workspace), task_id])
    assert result.exit_code == 0, result.output
    return result.output


def _rows(card: str) -> list[list[str]]:
    """The evidence rows of a card, split on runs of two or more spaces."""
    import re

    body = card.split("\nEvidence · ", 1)[1].splitlines()[1:]
    return [re.split(r"\s{2,}", line.strip()) for line in body]


def test_show_prints_the_evidence_diff_with_titles(workspace: Path) -> None:
    card = _show(workspace, "legal_zh_prescriptive_1")
    assert card.startswith("Task legal_zh_prescriptive_1 · legal_zh_prescriptive · short\n")
    assert "\nAnswer · run sys-a\n  甲应返还借款本金并支付逾期利息。\n" in card
    assert "Judge · score 74 · status ok" in card
    assert "Evidence · law_corpus (id) · legal/zh/law_corpus.jsonl" in card
    assert _rows(card) == [
        ["Retrieved (4, 1 hits)"],
        ["1", "law_675", "✓ hit", "中华人民共和国民法典 · 第六百七十五条"],
        ["2", "law_9", "✗ miss", "中华人民共和国民法典 · 第九条"],
        ["dup", "law_675", "repeat of #1", "中华人民共和国民法典 · 第六百七十五条"],
        ["3", "law_404", "✗ not in corpus"],
        ["4", "A1", "✗ cross-corpus: articles", "Exercise and depressive symptoms in older adults"],
        ["Gold (2, 1 retrieved)"],
        ["law_675", "✓ retrieved @1", "中华人民共和国民法典 · 第六百七十五条"],
        ["law_676", "✗ missed", "中华人民共和国民法典 · 第六百七十六条"],
    ]


def test_show_marks_leaked_ground_truth(workspace: Path) -> None:
    rows = _rows(_show(workspace, "finance_zh_descriptive_104"))
    assert rows[1] == ["1", "r2", "⚠ leaked ground_truth ✗", "五粮液2023年年度报告"]
    assert rows[3] == ["3", "600519", "✗ cross-corpus: finance_companies_zh", "贵州茅台"]


def test_show_is_plain_text(workspace: Path, tmp_path: Path) -> None:
    card = _show(workspace, "finance_zh_descriptive_13")
    assert "(no output in this run: scored as an empty answer)" in card
    assert "\x1b" not in card
    bad = CliRunner().invoke(cli, ["show", str(workspace), "nope_1"])
    assert bad.exit_code == 2 and "no task 'nope_1'" in bad.output


def test_find_leaks(workspace: Path) -> None:
    store = WorkspaceStore.open(workspace)
    library = evidence_library(store.data_dir / "corpora")
    assert find_leaks(store, library) == [Leak("sys-a", "finance_zh_descriptive_104", ("r2",))]
    library.close()
    store.close()


def test_report_lists_leaks(workspace: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["score", str(workspace)]).exit_code == 0
    table = runner.invoke(cli, ["report", str(workspace)])
    assert table.exit_code == 0, table.output
    assert table.output.endswith(
        "Leaked ground_truth evidence\n  sys-a  finance_zh_descriptive_104  r2\n")
    data = json.loads(runner.invoke(cli, ["report", str(workspace), "--format", "json"]).output)
    assert data["leaks"] == [{"run": "sys-a", "task_id": "finance_zh_descriptive_104",
                              "ids": ["r2"]}]
    md = runner.invoke(cli, ["report", str(workspace), "--format", "md"]).output
    assert "| sys-a | finance_zh_descriptive_104 | r2 |" in md
