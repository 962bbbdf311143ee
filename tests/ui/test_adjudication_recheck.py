"""`review --adjudicate`: an adjudicator settles the items reviewers dispute, with their
verdicts in the header; `review --recheck`: a seeded share of decided items comes back blind,
marked recheck, and shows as self-consistency in the calibration report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from calibration_ws import flat, judge, sci, science_workspace, session
from click.testing import CliRunner

from anser_tui.app import AnserApp
from anser_tui.calibration.recheck import choose_rechecks
from anser_tui.calibration.report import calibration_report
from anser_tui.cli import build_app, cli
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.review_header import ReviewHeader
from anser_tui.workspace import Item, WorkspaceStore

SIZE = (160, 48)
RUN = "sys-a"
ITEMS = [Item(RUN, sci(i)) for i in range(1, 6)]


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """alice and bob both review items 1-2: they differ on item 1 (3 against 1), agree on 2."""
    store = science_workspace(tmp_path, 6)
    judged = judge(store, RUN, {sci(i): flat(2) for i in range(1, 7)})
    alice = session(store, "alice", ITEMS, name="alice-1")
    for item, value in zip(ITEMS, [3, 4, 2, 1, 0], strict=True):
        alice.override(item, flat(value), judged[item.task_id])
    bob = session(store, "bob", ITEMS[:2], name="bob-1")
    bob.override(ITEMS[0], flat(1), judged[ITEMS[0].task_id])
    bob.override(ITEMS[1], flat(4), judged[ITEMS[1].task_id])
    path = store.path
    store.close()
    return path


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[AnserApp]:
    """The apps the CLI would run (not run: the tests drive them with a pilot)."""
    apps: list[AnserApp] = []
    monkeypatch.setattr(AnserApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


def adjudication_counts(path: Path) -> dict[str, Any]:
    with WorkspaceStore.open(path) as store:
        return calibration_report(store, resamples=20).to_json()["adjudication"][0]


def header_text(app: AnserApp) -> str:
    return str(app.screen.query_one(ReviewHeader).render())


async def test_adjudication_flow(workspace: Path, opened: list[AnserApp]) -> None:
    before = adjudication_counts(workspace)
    assert (before["n_in_dispute"], before["n_adjudicated"], before["n_agreed"]) == (1, 0, 1)
    result = CliRunner().invoke(cli, ["review", str(workspace), "--adjudicate",
                                      "--reviewer", "carol"])
    assert result.exit_code == 0, result.output
    assert len(opened) == 1 and opened[0].session is not None
    name = opened[0].session.name
    assert opened[0].session.items == [ITEMS[0]]
    assert opened[0].session.purpose == "adjudication"
    opened[0].store.close()
    again = CliRunner().invoke(cli, ["review", str(workspace), "--adjudicate",
                                     "--reviewer", "carol"])
    assert again.exit_code == 0 and opened[1].session is not None
    assert opened[1].session.name == name  # resumed, not a second session
    opened[1].store.close()

    app = build_app(workspace, reviewer="carol", session=name)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ReviewScreen)
        assert "adjudication: alice 3 3 3 3 (75) · bob 1 1 1 1 (25)" in header_text(app)
        await pilot.press("2", "2", "2", "2", "enter")
    after = adjudication_counts(workspace)
    assert (after["n_in_dispute"], after["n_adjudicated"], after["n_reviewed"]) == (0, 1, 5)
    with WorkspaceStore.open(workspace) as store:
        purpose = store.conn.execute(
            "SELECT s.purpose FROM decisions d JOIN sessions s ON s.id = d.session_id "
            "WHERE d.reviewer='carol'").fetchall()
    assert purpose == [("adjudication",)]

    done = CliRunner().invoke(cli, ["review", str(workspace), "--adjudicate",
                                    "--reviewer", "carol"])
    assert done.exit_code == 0
    assert "Nothing to adjudicate: no item is in dispute." in done.output
    assert len(opened) == 2  # the screen was not opened


async def test_review_screen_has_no_adjudication_line(workspace: Path) -> None:
    app = build_app(workspace, reviewer="alice", session="alice-1")
    async with app.run_test(size=SIZE):
        assert "adjudication" not in header_text(app)


async def test_recheck_session_of_its_own(workspace: Path, opened: list[AnserApp]) -> None:
    with WorkspaceStore.open(workspace) as store:
        expected = choose_rechecks(store, "alice", 0.4, seed=3)
    assert len(expected) == 2
    result = CliRunner().invoke(cli, ["review", str(workspace), "--reviewer", "alice",
                                      "--recheck", "0.4", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "2 items re-inserted for recheck" in result.stderr
    assert "calibration" in result.stderr
    review = opened[0].session
    assert review is not None and review.blind
    assert len(review.items) == 2 and set(review.items) == set(expected)
    assert review.rechecks == frozenset(expected)
    opened[0].store.close()

    app = build_app(workspace, reviewer="alice", session=review.name)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.view is not None
        assert not screen.session.judge_visible(screen.view.item)
        first = screen.view.item
        await pilot.press("0", "0", "0", "0", "enter")  # blind: the judge shown after
        assert screen.session.judge_visible(first)
    with WorkspaceStore.open(workspace) as store:
        rows = calibration_report(store, resamples=20).to_json()["self_consistency"]
    alice = next(r for r in rows if r["scope"] == "reviewer:alice"
                 and r["dimension"] == "conclusion")
    original = dict(zip(ITEMS, [3, 4, 2, 1, 0], strict=True))[first]
    assert alice["n"] == 1 and alice["bias"] == 0 - original


async def test_recheck_into_an_existing_session(workspace: Path,
                                                opened: list[AnserApp]) -> None:
    with WorkspaceStore.open(workspace) as store:
        later = session(store, "alice", [Item(RUN, sci(6))], name="alice-2")  # not blind
        expected = choose_rechecks(store, "alice", 0.4, seed=5, exclude=later.items)
    result = CliRunner().invoke(cli, ["review", str(workspace), "--reviewer", "alice",
                                      "--session", "alice-2", "--recheck", "0.4",
                                      "--seed", "5"])
    assert result.exit_code == 0, result.output
    review = opened[0].session
    assert review is not None and review.name == "alice-2" and not review.blind
    assert len(review.items) == 3 and set(expected) <= set(review.items)
    assert review.rechecks == frozenset(expected)
    assert all(not review.judge_visible(it) for it in expected)  # rechecks are blind
    assert review.judge_visible(Item(RUN, sci(6)))
    opened[0].store.close()
    with WorkspaceStore.open(workspace) as store:
        marked = store.conn.execute(
            "SELECT task_id FROM session_items si JOIN sessions s ON s.id = si.session_id "
            "WHERE s.name='alice-2' AND recheck=1").fetchall()
    assert sorted(t for (t,) in marked) == sorted(it.task_id for it in expected)


def test_recheck_and_adjudicate_refuse_queue_options(workspace: Path) -> None:
    runner = CliRunner()
    bad = runner.invoke(cli, ["review", str(workspace), "--adjudicate", "--order", "random"])
    assert bad.exit_code == 2 and "--adjudicate" in bad.output
    bad = runner.invoke(cli, ["review", str(workspace), "--recheck", "0.1", "--limit", "3"])
    assert bad.exit_code == 2 and "--recheck" in bad.output
    bad = runner.invoke(cli, ["review", str(workspace), "--recheck", "1.5"])
    assert bad.exit_code == 2
