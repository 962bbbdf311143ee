"""The PRBench and AA-LCR review defects of issue 15, each pinned on the embedded demos: a
committed decision is shown as the decision (no draft, no second commit on Enter); a key means
one thing in one context, and help lists the keys of the benchmark reviewed; the judge panel of
a criterion list repeats no table and follows the marks typed; a good verdict reads as one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from anser_tui.cli import build_app
from anser_tui.demo import ensure_demo_workspace
from anser_tui.screens.help import HelpScreen
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.criterion_list import CriterionList
from anser_tui.widgets.decision_bar import DecisionBar
from anser_tui.widgets.review_header import ReviewHeader
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace import WorkspaceStore

SIZE = (160, 48)


def decision_count(path: Path) -> int:
    with WorkspaceStore.open(path) as store:
        (count,) = store.conn.execute("SELECT COUNT(*) FROM decisions").fetchone()
    return int(count)


def panel_text(screen: ReviewScreen, panel_id: str) -> str:
    return str(screen.query_one(panel_id, TextPanel).content)


def panel_lines(screen: ReviewScreen, panel_id: str) -> list[str]:
    """The panel's lines as drawn (wrapped to its width)."""
    panel = screen.query_one(panel_id, TextPanel)
    return ["".join(s.text for s in line).rstrip() for line in panel._lines]


async def test_prbench_commit_revisit_enter_is_one_decision_shown(tmp_path: Path) -> None:
    ws = ensure_demo_workspace("prbench", tmp_path / "pr")
    app = build_app(ws, reviewer="tester")
    notices: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        real_notify = app.notify

        def collect(message: str, **kwargs: object) -> None:
            notices.append(message)
            real_notify(message, **kwargs)  # type: ignore[arg-type]

        app.notify = collect  # type: ignore[method-assign]
        criteria = screen.query_one(CriterionList)
        assert criteria.rubric is not None
        await pilot.press(*["y"] * len(criteria.rubric.criteria), "enter")
        assert decision_count(ws) == 1
        assert " 1 decided" in str(screen.query_one(ReviewHeader).content)
        assert not any("Draft kept" in notice for notice in notices)
        await pilot.press("p")
        bar = screen.query_one(DecisionBar)
        assert "draft" not in str(bar.border_title)
        assert "decided: overridden" in str(bar.content)
        assert "Enter commits" not in str(bar.content)
        await pilot.press("enter")
        assert decision_count(ws) == 1


async def test_criterion_list_leaves_n_and_p_to_moving_on(tmp_path: Path) -> None:
    ws = ensure_demo_workspace("prbench", tmp_path / "pr")
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        criteria = screen.query_one(CriterionList)
        assert criteria.has_focus and criteria.rubric is not None
        keys = [c.key for c in criteria.rubric.criteria]
        await pilot.press("y", "0")  # met, not met
        assert criteria.marks == {keys[0]: 1, keys[1]: 0}
        await pilot.press("n")  # next item, nothing decided
        assert screen.position == 1 and decision_count(ws) == 0
        await pilot.press("p")  # back: the marks typed are brought back
        assert screen.position == 0 and criteria.marks == {keys[0]: 1, keys[1]: 0}


def help_text(app_screen: object) -> str:
    assert isinstance(app_screen, HelpScreen)
    return str(app_screen.body())


@pytest.mark.parametrize(("which", "present", "absent"), [
    ("prbench", ["criteria.met", "criteria.not-met", "review.unfold"],
     ["review.flip", "review.mark-"]),
    ("aalcr", ["review.flip", "review.mark-"], ["criteria.met", "review.unfold"]),
])
async def test_help_lists_the_keys_of_the_benchmark_reviewed(
        tmp_path: Path, which: str, present: list[str], absent: list[str]) -> None:
    ws = (ensure_demo_workspace("prbench", tmp_path / "pr") if which == "prbench"
          else ensure_demo_workspace("aalcr", tmp_path / "lcr"))
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        text = help_text(app.screen)
        assert "review.next" in text and "review.previous" in text
        for binding_id in present:
            assert binding_id in text
        for binding_id in absent:
            assert binding_id not in text


async def test_help_of_anser_lists_no_criterion_keys(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        text = help_text(app.screen)
        assert "review.mark-0" in text
        for binding_id in ("criteria.met", "criteria.not-met", "review.unfold", "review.flip"):
            assert binding_id not in text


@pytest.mark.parametrize("size", [(160, 48), (120, 36)])
async def test_prbench_judge_panel_follows_the_marks_typed(
        tmp_path: Path, size: tuple[int, int]) -> None:
    ws = ensure_demo_workspace("prbench", tmp_path / "pr")
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.pause()
        criteria = screen.query_one(CriterionList)
        assert criteria.rubric is not None
        total = len(criteria.rubric.criteria)
        text = panel_text(screen, "#judge")
        for criterion in criteria.rubric.criteria:  # the criterion list is the one table
            assert criterion.label not in text
        drawn = panel_lines(screen, "#judge")
        head = next(line for line in drawn if "judge" in line and "you" in line)
        assert re.fullmatch(r"\s*judge\s+you", head)  # the heading on one line
        assert re.search(r"^marked\s+" + str(total) + r"\s+0$", text, re.MULTILINE)
        await pilot.press("y", "y", "0")
        text = panel_text(screen, "#judge")
        assert re.search(r"^marked\s+" + str(total) + r"\s+3$", text, re.MULTILINE)
        assert re.search(r"^met\s+\d+\s+2$", text, re.MULTILINE)
        assert re.search(r"^not met\s+\d+\s+1$", text, re.MULTILINE)


async def test_aalcr_good_verdict_reads_as_the_verdict(tmp_path: Path) -> None:
    ws = ensure_demo_workspace("aalcr", tmp_path / "lcr")
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.view is not None
        await pilot.pause()
        assert screen.view.judgment is not None
        assert screen.view.judgment.raw == '{"verdict": "CORRECT"}'
        text = panel_text(screen, "#judge")
        assert "(none parsed)" not in text and "raw output" not in text
        assert re.search(r"^Verdict: CORRECT$", text, re.MULTILINE)
