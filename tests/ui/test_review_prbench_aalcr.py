"""The review screen on PRBench (criteria one at a time) and AA-LCR (accept or flip the verdict,
the document set in its listed order), on the embedded demos."""

from __future__ import annotations

import json
from pathlib import Path

from anser_tui.cli import build_app
from anser_tui.demo import ensure_demo_workspace
from anser_tui.screens.document_set import DocumentSetScreen, DocumentView, wrap_documents
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.criterion_list import CriterionList
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace import WorkspaceStore

SIZE = (160, 48)


def decisions(path: Path) -> list[tuple[str, str, dict[str, int]]]:
    with WorkspaceStore.open(path) as store:
        return [(t, k, json.loads(m)) for t, k, m in store.conn.execute(
            "SELECT task_id, kind, marks FROM decisions ORDER BY id")]


async def test_prbench_criteria_are_marked_one_at_a_time(tmp_path: Path) -> None:
    ws = ensure_demo_workspace("prbench", tmp_path / "pr")
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.view is not None
        assert screen.criterion_mode
        criteria = screen.query_one(CriterionList)
        assert criteria.has_focus and criteria.rubric is not None
        keys = [c.key for c in criteria.rubric.criteria]
        task_id = screen.view.task.id
        # the conversation's reference texts are folded; the response's reasoning too
        task_text = str(screen.query_one("#task", TextPanel).content)
        assert "Reference Text 0 folded" in task_text
        # y met, 0 not met (n stays "next item" everywhere), j/k move
        await pilot.press("y", "0", "k", "y")  # the second criterion changed to met
        assert criteria.marks == {keys[0]: 1, keys[1]: 1}
        await pilot.press("enter")  # not all marked: nothing written
        assert decisions(ws) == []
        await pilot.press(*(["0"] * (len(keys) - 2)))  # the cursor moved on after each mark
        assert len(criteria.marks) == len(keys)
        await pilot.press("enter")
        rows = decisions(ws)
        assert rows[0][:2] == (task_id, "accept")  # these marks are the demo judge's own
        assert rows[0][2] == {keys[0]: 1, keys[1]: 1, **dict.fromkeys(keys[2:], 0)}
        assert screen.view.task.id != task_id  # moved on
        await pilot.press("a")  # the next sample: accept all the judge's marks
        assert decisions(ws)[1][1] == "accept"


async def test_prbench_rationale_shown_for_the_focused_criterion(tmp_path: Path) -> None:
    ws = ensure_demo_workspace("prbench", tmp_path / "pr")
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.pause()
        detail = str(screen.query_one("#ground-truth", TextPanel).content)
        assert "Rationale (reviewers only; never sent to the judge)" in detail
        assert "Weight: +" in detail
        await pilot.press("e")  # unfold the reference texts and reasoning blocks
        assert "Reference Text 0:" in str(screen.query_one("#task", TextPanel).content)


async def test_aalcr_verdict_accepted_or_flipped(tmp_path: Path) -> None:
    ws = ensure_demo_workspace("aalcr", tmp_path / "lcr")
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.view is not None
        assert not screen.criterion_mode and not screen.view.has_evidence
        first = screen.view
        assert first.judgment is not None
        judge = first.judgment.marks["verdict"]
        await pilot.press("x")  # flip the judge's verdict
        second = screen.view
        await pilot.press("a")
    rows = decisions(ws)
    assert rows[0] == (first.task.id, "override", {"verdict": 1 - judge})
    assert rows[1][0] == second.task.id and rows[1][1] == "accept"


async def test_aalcr_documents_open_in_the_listed_order(tmp_path: Path) -> None:
    ws = ensure_demo_workspace("aalcr", tmp_path / "lcr")
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.view is not None
        listed = list(screen.view.task.extra["data_source_filenames"])
        await pilot.press("enter")
        docs = app.screen
        assert isinstance(docs, DocumentSetScreen)
        assert [name for name, _ in docs.documents] == listed  # nothing the row does not list
        view = docs.query_one(DocumentView)
        headers = [view.lines[i] for i in view.starts]
        assert [h.split(" · ", 1)[1].rstrip(" ━") for h in headers] == listed
        word = docs.documents[-1][1].split()[3]
        await pilot.press("slash", *word, "enter")
        assert view.pattern is not None and view.border_subtitle.startswith("match 1/")
        await pilot.press("escape", "escape")
        assert isinstance(app.screen, ReviewScreen)


def test_a_100k_token_set_is_wrapped_whole_in_order() -> None:
    """About 400 KB of text (a 100k-token set), wrapped once to the view's width (the time it
    takes to open is measured by bench/bench_documents.py, not asserted)."""
    paragraph = "The committee approved the overlay of 17.4% after review. " * 12
    documents = [(f"doc-{i}", "\n\n".join([paragraph] * 60)) for i in range(10)]
    assert sum(len(t) for _, t in documents) > 400_000
    lines, starts = wrap_documents(documents, 150)
    assert len(starts) == 10 and all(len(line) <= 150 for line in lines)
    assert [lines[i] for i in starts[:2]] == ["━━ 1/10 · doc-0 ━━", "━━ 2/10 · doc-1 ━━"]
    assert "17.4%" in lines[1] and not any("17.4" in line and "17.4%" not in line
                                           for line in lines)


async def test_a_cut_criterion_list_keeps_its_focused_row_in_view(tmp_path: Path) -> None:
    """At 120x36 the demo's first rubric (4 criteria) shows three rows: moving to the fourth
    shows it (it stayed below the cut, unmarked), the border says what is cut, and moving
    along the list leaves the layout as it was."""
    ws = ensure_demo_workspace("prbench", tmp_path / "pr")
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        criteria = app.screen.query_one(CriterionList)
        assert criteria.rubric is not None and len(criteria.rubric.criteria) == 4
        region = criteria.region
        rows = [line for line in str(criteria.content).splitlines()[1:] if line.strip()]
        assert len(rows) < 4 and rows[0].startswith("›")
        assert str(criteria.border_subtitle).startswith("↓ ")
        for _ in range(3):
            await pilot.press("j")
            await pilot.pause()
            assert criteria.region == region  # the layout stays while the details change
        rows = [line for line in str(criteria.content).splitlines()[1:] if line.strip()]
        assert rows[-1].startswith("›") and "-4" in rows[-1]  # the fourth, in view
        assert str(criteria.border_subtitle).startswith("↑ ")
        assert "↓" not in str(criteria.border_subtitle)
