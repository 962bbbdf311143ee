"""The review screen after a failed judge call: the good judgment stays shown (and is what `a`
accepts), with the attempts listed under the judge's head; and metrics are there as soon as a
run is imported."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from conftest import decisions
from judge_server import FailingServer
from judge_workspace import RUN, judge_workspace
from mini_bench import write_jsonl
from rich.console import Console

from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.cli import build_app
from anser_tui.core.settings import JudgeSettings, load_settings
from anser_tui.judge import import_judgments
from anser_tui.review.attempts import attempts_line
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.render import judge_body
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace import (
    ItemState,
    Judgment,
    JudgmentStatus,
    WorkspaceStore,
    add_judgments,
    judgment_history,
)

SIZE = (160, 48)
TASK = "legal_zh_prescriptive_1"


def panel_text(screen: ReviewScreen, panel_id: str) -> str:
    body = screen.query_one(f"#{panel_id}", TextPanel)
    console = Console(width=150, file=io.StringIO(), record=True)
    console.print(body.content)
    return console.export_text()


def _fail(path: Path, model: str, error: str, created_at: str) -> None:
    with WorkspaceStore.open(path) as store:
        add_judgments(store, [Judgment(
            run="sys-a", task_id=TASK, rubric_id="legal_prescriptive_zh",
            status=JudgmentStatus.TRANSPORT_ERROR, error=error, model=model,
            source="judge:k", created_at=created_at)])


async def test_a_failed_attempt_leaves_the_good_judgment_shown_with_the_attempts(
        review_workspace: Path) -> None:
    with WorkspaceStore.open(review_workspace) as store:
        [imported] = judgment_history(store, "sys-a", TASK)
    assert imported.created_at is not None
    day, clock = imported.created_at[:10], imported.created_at[11:16]
    _fail(review_workspace, "[red]local[/red]\x1b[2J",
          "HTTP 500: Error code: 500 - internal error (6 attempts) and a long tail that is cut",
          f"{day}T23:59:00.000+00:00")
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.view is not None and screen.view.task.id == TASK
        text = panel_text(screen, "judge")
        assert "Score 74   status ok   recomputed" in text and "model gpt-5.6-sol" in text
        assert "transport_error:" not in text  # the failure is not the judgment shown
        attempts = " ".join(text.split())  # the line wraps in the panel
        assert (f"attempts (UTC): ok gpt-5.6-sol {day} {clock} (shown) · transport_error "
                "[red]local[/red]␛[2J 23:59 (HTTP 500: Error code: 500 - internal error (6 "
                "attempts) and…) ") in attempts  # the error cut at 60 characters
        assert "结论正确，但未引用第六百七十六条。" in text  # the good judgment's reason
        await pilot.press("a")
    assert decisions(review_workspace)[0] == (
        TASK, "accept", json.dumps({"conclusion": 3, "rule_citation": 3, "rule_application": 3,
                                    "ground_truth_consistency": 2, "format": 4}), 74.0)
    with WorkspaceStore.open(review_workspace) as store:
        uid = store.conn.execute("SELECT judgment_uid FROM decisions").fetchone()[0]
    assert uid == imported.uid


def test_one_attempt_lists_no_attempts(review_workspace: Path) -> None:
    with WorkspaceStore.open(review_workspace) as store:
        history = judgment_history(store, "sys-a", TASK)
        rubric = benchmark_named(store.benchmark).rubric(store.task(TASK))
    assert rubric is not None and len(history) == 1
    assert attempts_line(history, history[0]) is None
    console = Console(width=150, file=io.StringIO(), record=True)
    console.print(judge_body(rubric, history[0], ItemState(), [], history=history))
    assert "attempts" not in console.export_text()


async def test_metrics_are_there_as_soon_as_the_run_is_imported(review_workspace: Path) -> None:
    """The fixture imports the run and never runs `score`: the metrics panel has the metrics."""
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE):
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        text = panel_text(screen, "metrics")
    assert "No metrics yet" not in text
    assert "Recall@5 0.5  ·  R-Precision 0.5" in text
    assert ("BERTScore-F1: not computed: model bert-base-chinese is not available offline"
            in text)


async def test_a_run_whose_metrics_were_deleted_says_no_metrics_yet(
        review_workspace: Path) -> None:
    with WorkspaceStore.open(review_workspace) as store:
        store.replace_metrics("sys-a", [])
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE):
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        text = panel_text(screen, "metrics")
    assert "No metrics yet (run `anser-tui score`)." in text


async def test_a_palette_judge_run_that_fails_keeps_the_shown_judgment_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = judge_workspace(tmp_path, {TASK: "应返还本金并支付利息。"})
    judged = write_jsonl(tmp_path / "judge.jsonl", [{"id": TASK, "model": "gpt-x", "output": {
        "score_0_100": 74, "conclusion": 3, "rule_citation": 3, "rule_application": 3,
        "ground_truth_consistency": 2, "format": 4, "reason": "好"}}])
    with WorkspaceStore.open(path) as store:
        import_judgments(store, judged, RUN)
    server = FailingServer().start()
    try:
        settings = load_settings(judge=JudgeSettings(base_url=server.url, model="local-judge",
                                                     max_retries=0))
        app = build_app(path, reviewer="tester", settings=settings)
        notes: list[tuple[str, str]] = []
        monkeypatch.setattr(app, "notify", lambda message, **kw: notes.append(
            (str(message), str(kw.get("severity", "information")))))
        async with app.run_test(size=SIZE) as pilot:
            screen = app.screen
            assert isinstance(screen, ReviewScreen) and screen.view is not None
            assert screen.view.item.task_id == TASK
            await pilot.press("ctrl+p")
            await pilot.press(*("space" if ch == " " else ch for ch in "judge: run current"))
            await pilot.pause()
            await pilot.press("enter")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert len(server.requests) == 1
            view = screen.view
            assert view.judgment is not None
            assert (view.judgment.status, view.judgment.score, view.judgment.model) == (
                JudgmentStatus.OK, 74.0, "gpt-x")
            assert [j.status.value for j in view.history] == ["ok", "transport_error"]
            text = " ".join(panel_text(screen, "judge").split())
            assert "Score 74 status ok" in text and "transport_error local-judge" in text
    finally:
        server.stop()
    errors = [message for message, severity in notes if severity == "error"]
    assert errors == ["every judge request failed (the first: HTTP 500: Error code: 500 - "
                      "internal error (1 attempt)); no good judgment was replaced"]
