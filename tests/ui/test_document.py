"""Evidence rows and the document screen, driven with keys; corpus files never change."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest
from corpus_fixtures import corpus_workspace
from rich.console import Console
from textual.widgets import Static

from anser_tui.benchmarks.anser.evidence_diff import evidence_diff
from anser_tui.benchmarks.anser.groups import LEGAL_CASES
from anser_tui.cli import build_app
from anser_tui.screens.document import DocumentScreen
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.evidence_panel import EvidencePanel
from anser_tui.widgets.evidence_table import EvidenceTable
from anser_tui.workspace.tasks import AnswerKey, Form, Task, TaskPrompt

SIZE = (160, 48)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return corpus_workspace(tmp_path)


def table_lines(table: EvidenceTable) -> list[str]:
    """What the table shows, line by line (header first), trailing blanks dropped."""
    lines = [table.render_line(y).text.rstrip() for y in range(table.size.height)]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def static_text(widget: Static, width: int = 150) -> str:
    console = Console(width=width, file=io.StringIO(), record=True)
    console.print(widget.content)
    return console.export_text()


async def test_rows_show_titles_and_corpus_statuses(workspace: Path) -> None:
    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(EvidencePanel)
        retrieved = table_lines(panel.retrieved_table)
        assert retrieved[0].split() == ["rank", "id", "status", "title"]
        assert [line.split(None, 2)[:2] for line in retrieved[1:]] == [
            ["1", "law_675"], ["2", "law_9"], ["dup", "law_675"], ["3", "law_404"], ["4", "A1"]]
        assert "✓ hit" in retrieved[1] and "中华人民共和国民法典 · 第六百七十五条" in retrieved[1]
        assert "repeat of #1" in retrieved[3]
        assert "✗ not in corpus" in retrieved[4]
        assert "✗ cross-corpus: articles" in retrieved[5]
        assert panel.retrieved_table.border_title == (
            "Retrieved (4, 1 hits, 1 not in corpus, 1 cross-corpus)")
        gold = table_lines(panel.gold_table)
        assert "✗ missed" in gold[2] and "第六百七十六条" in gold[2]
        await pilot.press("n", "n")
        assert table_lines(panel.retrieved_table)[0].split() == ["rank", "id", "status", "title"]
        retrieved = table_lines(panel.retrieved_table)
        assert "⚠ leaked ground_truth ✗" in retrieved[1] and "五粮液2023年年度报告" in retrieved[1]


async def test_enter_opens_the_document_and_escape_returns(workspace: Path) -> None:
    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await pilot.press("enter")  # no marks typed: opens the highlighted retrieved row
        screen = app.screen
        assert isinstance(screen, DocumentScreen)
        assert screen.document is not None and screen.document.id == "law_675"
        header = static_text(screen.query_one("#doc-header", Static))
        assert "中华人民共和国民法典 · 第六百七十五条" in header
        assert "retrieved #1 · ✓ hit · 1/5" in header
        assert "借款人应当按照约定的期限返还借款" in screen.body.plain
        # the query's terms are marked: 借款 is a bigram of the task's query
        spans = [screen.body.plain[s.start:s.end] for s in screen.query_one(
            "#doc-body", Static).content.spans]  # type: ignore[union-attr]
        assert "借款" in spans
        await pilot.press("n", "n", "n")
        assert screen.entry.id == "law_404" and screen.document is None
        assert "not in corpus" in screen.body.plain
        await pilot.press("n")
        assert screen.note is not None and screen.note.other == "articles"
        assert screen.document is not None and screen.document.corpus == "articles"
        await pilot.press("p", "p", "p", "p")
        assert screen.entry.id == "law_675"
        await pilot.press("slash", *"期限", "enter")
        assert screen.matches and screen.match_index == 0
        assert screen.query_one("#doc-scroll").border_subtitle == "match 1/2"
        await pilot.press("escape")  # closes the search
        assert app.screen is screen
        await pilot.press("escape")
        assert app.screen is review
        assert review.view is not None and review.view.task.id == "legal_zh_prescriptive_1"


async def test_tab_reaches_the_gold_table(workspace: Path) -> None:
    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        review = app.screen
        assert isinstance(app.focused, EvidenceTable) and app.focused.id == "retrieved"
        await pilot.press("tab", "down", "enter")
        assert isinstance(app.screen, DocumentScreen)
        assert app.screen.entry.id == "law_676"
        assert app.screen.entry.label == "gold · ✗ missed"
        await pilot.press("escape")
        assert app.screen is review


async def test_marks_then_enter_still_commits(workspace: Path) -> None:
    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4", "4", "4", "4", "4", "enter")
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.session.n_decided == 1


async def test_thousands_of_ids_render_lazily(workspace: Path) -> None:
    task = Task(id="legal_en_descriptive_1", benchmark="anser", group="legal_en_descriptive",
                form=Form.STATISTIC, lang="en", domain="legal", objective="descriptive",
                number=1, seq=0, source="x", line=1,
                prompt=TaskPrompt(id="legal_en_descriptive_1", query="How many cases?"),
                key=AnswerKey(ground_truth=3, evidence=[100, 101, 999_999]))
    retrieved = [100, *range(200_000, 205_000), 101]
    diff = evidence_diff(task, retrieved)
    assert diff.space is LEGAL_CASES
    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        panel = app.screen.query_one(EvidencePanel)
        panel.show(diff, task.query)
        await pilot.pause()  # the lookup of the rows past the first starts after a refresh
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = panel.retrieved_table
        assert table.count == 5002
        assert panel.retrieved_table.border_title == (
            "Retrieved (5002, 2 hits, 5000 not in corpus)")
        table.focus()
        await pilot.press("end")
        assert table.cursor == 5001
        last = table_lines(table)[-1]
        assert last.split()[:3] == ["5002", "101", "✓"]
        assert "Sunrise Solar Cooperative v. FERC" in last


def _corpus_files(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


async def test_a_review_session_never_writes_a_corpus_file(workspace: Path) -> None:
    corpora = workspace.parent / "bench" / "corpora"
    before = _corpus_files(corpora)
    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await pilot.press("enter", "n", "n", "n", "n", "escape", "n")
            await app.workers.wait_for_complete()
        await pilot.press("p", "p", "tab", "enter", "n", "escape")
    # nothing new either: no journal, -wal or -shm, and the JSONL offset indexes live in the
    # cache dir, not beside the corpora
    assert _corpus_files(corpora) == before


async def test_enter_on_empty_retrieved_opens_gold(workspace: Path) -> None:
    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await pilot.press("g", *"legal_zh_prescriptive_2", "enter")
        assert review.view is not None and review.view.diff.retrieved == ()
        await pilot.press("enter")
        assert isinstance(app.screen, DocumentScreen)
        assert app.screen.entry.label == "gold · ✗ missed"
