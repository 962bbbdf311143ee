"""`anser-tui show` prints the item's decisions (every session's, undone ones marked) after the
judge; `anser-tui demo` says where its workspace and data are before the screen opens."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from corpus_fixtures import corpus_workspace

from anser_tui.cli import cli
from anser_tui.review import ReviewSession
from anser_tui.workspace import (
    DecisionKind,
    Item,
    ReasonCode,
    WorkspaceStore,
    current_judgment,
)

TASK = "legal_zh_prescriptive_1"
ITEM = Item("sys-a", TASK)


def _show(workspace: Path) -> list[str]:
    result = CliRunner().invoke(cli, ["show", str(workspace), TASK])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def _block(lines: list[str], head: str) -> list[str]:
    start = next(i for i, line in enumerate(lines) if line.startswith(head))
    end = lines.index("", start)
    return lines[start:end]


def test_show_prints_every_sessions_decisions_after_the_judge(tmp_path: Path) -> None:
    workspace = corpus_workspace(tmp_path)
    assert _block(_show(workspace), "Decisions") == ["Decisions", "  (none)"]
    with WorkspaceStore.open(workspace) as store:
        judgment = current_judgment(store, ITEM.run, ITEM.task_id)
        assert judgment is not None
        alice = ReviewSession.create(store, "alice", "alice-1", False, [ITEM])
        alice.accept(ITEM, judgment, time_spent_s=4.0)
        alice.undo(ITEM)
        alice.override(ITEM, {"conclusion": 2, "rule_citation": 1, "rule_application": 2,
                              "ground_truth_consistency": 2, "format": 4}, judgment,
                       reason_code=ReasonCode.JUDGE_MISREAD_ANSWER,
                       comment="[bold]未引用[/bold]\x1b[2J第六百七十六条")
        bob = ReviewSession.create(store, "bob\x1b]0;x\x07", "bob-1", True, [ITEM])
        bob.override(ITEM, {"conclusion": 4, "rule_citation": 4, "rule_application": 4,
                            "ground_truth_consistency": 4, "format": 4}, judgment,
                     judge_visible=False)
        bob.mark(ITEM, DecisionKind.FLAG)
        times = [row[0] for row in store.conn.execute(
            "SELECT created_at FROM decisions ORDER BY id")]
    lines = _show(workspace)
    when = [t[:19].replace("T", " ") for t in times]
    assert _block(lines, "Decisions") == [
        "Decisions (5 events, 2 sessions)",
        f"  {when[0]} · alice · session alice-1 · accept · marks conclusion=3 rule_citation=3 "
        "rule_application=3 ground_truth_consistency=2 format=4 · score 74 · [undone]",
        f"  {when[1]} · alice · session alice-1 · undo · takes back the accept of {when[0]}",
        f"  {when[2]} · alice · session alice-1 · override · marks conclusion=2 "
        "rule_citation=1 rule_application=2 ground_truth_consistency=2 format=4 · score 46 · "
        "reason: judge misread answer · comment: [bold]未引用[/bold]␛[2J第六百七十六条",
        f"  {when[3]} · bob␛]0;x␇ · session bob-1 · override · marks conclusion=4 "
        "rule_citation=4 rule_application=4 ground_truth_consistency=4 format=4 · score 100 · "
        "judge hidden",
        f"  {when[4]} · bob␛]0;x␇ · session bob-1 · flag",
    ]
    text = "\n".join(lines)
    assert "\x1b" not in text and "\x07" not in text
    # after the judge, before the evidence
    assert text.index("Judge · score 74") < text.index("Decisions (5") < text.index("Evidence ·")


def test_demo_says_where_its_workspace_and_data_are(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from anser_tui.app import AnserApp

    opened: list[Path] = []
    monkeypatch.setattr(AnserApp, "run", lambda self, *a, **k: opened.append(self.store.path))
    result = CliRunner().invoke(cli, ["demo"])
    assert result.exit_code == 0, result.output
    root = tmp_path / "data" / "demo"  # ANSER_DATA_DIR is tmp_path/data in the tests
    assert result.stderr.splitlines()[0] == (
        f"demo workspace: {root / 'demo.db'} (data: {root / 'data' / 'anser-bench'})")
    assert opened == [root / "demo.db"]
    assert (root / "data" / "anser-bench" / "benchmark").is_dir()


def test_show_prints_prbench_and_aalcr_cards(tmp_path: Path) -> None:
    from anser_tui.demo import ensure_demo_workspace

    runner = CliRunner()
    pr = ensure_demo_workspace("prbench", tmp_path / "pr")
    with WorkspaceStore.open(pr) as store:
        task = store.tasks()[0]
    shown = runner.invoke(cli, ["show", str(pr), task.id])
    assert shown.exit_code == 0, shown.output
    assert "Reference Text 0:" in shown.output and "Answer · run demo-system" in shown.output
    assert "Ground truth" not in shown.output and "Metrics" not in shown.output
    lcr = ensure_demo_workspace("aalcr", tmp_path / "lcr")
    with WorkspaceStore.open(lcr) as store:
        question = store.tasks()[0]
    shown = runner.invoke(cli, ["show", str(lcr), question.id])
    assert shown.exit_code == 0, shown.output
    names = question.extra["data_source_filenames"]
    assert f"1. {names[0]}" in shown.output and "Ground truth" in shown.output
    assert "verdict" in shown.output.lower()
