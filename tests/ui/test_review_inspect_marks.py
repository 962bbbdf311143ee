"""Marking Inspect items on the review screen in the scorer's own values (DESIGN 14): a grade
is typed by its level's place (1 C, 2 P, 3 I, 4 N) and shown as its letter, on the marks bar
and in the judge panel, never as a code; a number is typed as text that Enter ends, and a
number outside the criterion's range is refused with a line saying so.

Needs inspect-ai (the `inspect` extra); skipped where it is not installed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from anser_tui.cli import build_app, cli
from anser_tui.demo import ensure_demo_workspace
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.decision_bar import DecisionBar
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace import WorkspaceStore

pytest.importorskip("inspect_ai.log")

DATA = Path(__file__).resolve().parent.parent / "data" / "inspect"
SIZE = (160, 48)


def _decisions(path: Path) -> list[tuple[str, str, dict[str, object]]]:
    with WorkspaceStore.open(path) as store:
        return [(t, k, json.loads(m)) for t, k, m in store.conn.execute(
            "SELECT task_id, kind, marks FROM decisions ORDER BY id")]


def _bar(screen: ReviewScreen) -> str:
    return str(screen.query_one(DecisionBar).render())


def _judge(screen: ReviewScreen) -> str:
    return str(screen.query_one("#judge", TextPanel).content)


async def test_a_grade_is_typed_by_its_place_and_shown_as_its_letter(tmp_path: Path) -> None:
    ws = ensure_demo_workspace("inspect", tmp_path / "home")
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.view is not None
        assert screen.view.task.id == "1"  # judged C
        assert "1 C (correct) · 2 P (partial) · 3 I (incorrect) · 4 N (no answer)" in _bar(
            screen)
        await pilot.press("0")  # no level has place 0: refused, nothing typed
        assert screen.pending == []
        await pilot.press("3")
        assert screen.pending == ["I"]
        assert "[I]" in _bar(screen) and "[3]" not in _bar(screen)
        judge_rows = [line for line in _judge(screen).splitlines()
                      if line.startswith("model_graded_qa")]
        assert judge_rows and judge_rows[0].split()[-2:] == ["C", "I"]  # judge, you
        await pilot.press("enter")
        await pilot.pause()
        assert _decisions(ws) == [("1", "override", {"model_graded_qa": "I"})]
        await pilot.press("p")  # back to sample 1: the decision stands, as its letter
        assert "[I]" in _bar(screen) and "decided: overridden" in _bar(screen)
        await pilot.press("n", "4", "enter")  # sample 2 (judged C) marked N, no answer
        await pilot.pause()
        assert _decisions(ws)[-1] == ("2", "override", {"model_graded_qa": "N"})


async def test_a_number_is_typed_as_text_that_enter_ends(tmp_path: Path) -> None:
    ws = tmp_path / "ws.db"
    log = DATA / "rating8.eval"
    for args in (["init", ws, "--benchmark", "inspect", "--data", log, "--scorer", "rating",
                  "--range", "0:1"],
                 ["import-run", ws, log, "--name", "fake"],
                 ["import-judgments", ws, log, "--run", "fake"]):
        result = CliRunner().invoke(cli, [str(a) for a in args])
        assert result.exit_code == 0, result.output
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.view is not None
        assert "a number 0..1, Enter ends it" in _bar(screen)
        await pilot.press("1", "full_stop", "5")  # 1.5 is outside 0..1
        assert "[1.5▏]" in _bar(screen) and screen.pending == []
        await pilot.press("enter")
        await pilot.pause()
        assert _decisions(ws) == [] and screen.bar.number == "1.5"  # refused, kept to fix
        await pilot.press("backspace", "backspace", "backspace", "0", "full_stop", "7",
                          "5", "full_stop")  # a second decimal point is not taken
        assert screen.bar.number == "0.75"
        await pilot.press("enter")  # the number ends and, the last mark, commits
        await pilot.pause()
        assert _decisions(ws) == [("1", "override", {"rating": 0.75})]
        await pilot.press("p")
        assert "[0.75]" in _bar(screen)
        await pilot.press("n", "minus", "0")
        assert screen.bar.number == "-0"


@pytest.mark.parametrize(("benchmark", "shown"), [("anser", " 0-4 Marks "),
                                                   ("aalcr", " 0/1 Marks "),
                                                   ("inspect", " 1-4 Marks ")])
async def test_the_key_bar_shows_the_digits_the_rubric_takes(tmp_path: Path, benchmark: str,
                                                              shown: str) -> None:
    from anser_tui.widgets.key_bar import KeyBar

    ws = ensure_demo_workspace(benchmark, tmp_path / "home")
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = str(app.screen.query_one(KeyBar).content)
        assert shown in bar, bar
        assert sum(f" {keys} Marks " in bar for keys in ("0-4", "0/1", "1-4")) == 1
