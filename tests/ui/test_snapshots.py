"""Every screen state a reviewer sees, on each benchmark's demo, at the three sizes the review
screen is laid out for (160x48, 120x36, 100x30): a snapshot of each, and for each state a Pilot
test driving the same keys that asserts what the screen and the workspace hold (a snapshot
approves a bug as happily as a fix).

The states: the review screen fresh, with marks typed (not committed), decided (committed, then
back on the item: the decision shown), blind (the judge hidden); the help screen; the
calibration screen (K from the review screen, after two accepts); the documents (Enter on an
evidence row, or the item's document set) where the benchmark has them. Each demo is built
under the test's tmp_path as `demo/demo.db`, so the header names the same workspace every run;
the test config hides the pace (ANSER_SHOW_TIMINGS=false) and the cursor does not blink.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from textual.pilot import Pilot

from anser_tui.app import AnserApp
from anser_tui.benchmarks.card import CardKey
from anser_tui.cli import build_app
from anser_tui.demo import ensure_demo_workspace
from anser_tui.screens.calibration import CalibrationScreen
from anser_tui.screens.document import DocumentScreen
from anser_tui.screens.document_set import DocumentSetScreen
from anser_tui.screens.help import HelpScreen
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.criterion_list import CriterionList
from anser_tui.widgets.decision_bar import DecisionBar
from anser_tui.widgets.evidence_panel import EvidencePanel
from anser_tui.widgets.review_header import ReviewHeader
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace import WorkspaceStore

SIZES = {"160x48": (160, 48), "120x36": (120, 36), "100x30": (100, 30)}


@dataclass(frozen=True)
class State:
    keys: tuple[str, ...] = ()
    blind: bool = False


FRESH, BLIND = State(), State(blind=True)
HELP = State(("question_mark",))
CALIBRATION = State(("a", "a", "K"))  # two accepts, so the statistics have pairs
DOCUMENTS = State(("enter",))  # nothing typed: Enter opens the evidence row or the documents
STATES: dict[str, dict[str, State]] = {
    "anser": {"fresh": FRESH, "marks": State(("1", "0", "2")), "decided": State(("a", "p")),
              "blind": BLIND, "help": HELP, "calibration": CALIBRATION,
              "documents": DOCUMENTS},
    "prbench": {"fresh": FRESH, "marks": State(("y", "0", "y")), "decided": State(("a", "p")),
                "blind": BLIND, "help": HELP, "calibration": CALIBRATION},
    "aalcr": {"fresh": FRESH, "marks": State(("0",)), "decided": State(("x", "p")),
              "blind": BLIND, "help": HELP, "calibration": CALIBRATION,
              "documents": DOCUMENTS},
}
CASES = [(benchmark, state) for benchmark, states in STATES.items() for state in states]


def demo_app(tmp_path: Path, benchmark: str, state: str) -> tuple[AnserApp, Path]:
    workspace = ensure_demo_workspace(benchmark, tmp_path / "demo")
    assert workspace.name == "demo.db"
    return build_app(workspace, reviewer="tester", blind=STATES[benchmark][state].blind), workspace


async def drive(pilot: Pilot[None], benchmark: str, state: str) -> None:
    """The state's keys, then every worker (the calibration report) done and drawn."""
    await pilot.press(*STATES[benchmark][state].keys)
    await pilot.pause()  # workers started after a refresh (the calibration report) exist now
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize(("benchmark", "state", "size"), [
    pytest.param(b, s, size, id=f"{b}-{s}-{name}")
    for b, s in CASES for name, size in SIZES.items()])
def test_snapshot(benchmark: str, state: str, size: tuple[int, int], tmp_path: Path,
                  snap_compare) -> None:  # type: ignore[no-untyped-def]
    app, _ = demo_app(tmp_path, benchmark, state)

    async def run_before(pilot: Pilot[None]) -> None:
        await drive(pilot, benchmark, state)
        pilot.app.clear_notifications()  # toasts time out: whether one is still up is a race

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_every_benchmark_and_state_has_its_snapshots() -> None:
    assert len(CASES) * len(SIZES) >= 27
    assert {s for states in STATES.values() for s in states} == {
        "fresh", "marks", "decided", "blind", "help", "calibration", "documents"}


# -- the same states, asserted ----------------------------------------------------------------
def decisions(path: Path) -> list[tuple[str, str, dict[str, int]]]:
    with WorkspaceStore.open(path) as store:
        return [(t, k, json.loads(m)) for t, k, m in store.conn.execute(
            "SELECT task_id, kind, marks FROM decisions ORDER BY id")]


def review_of(app: AnserApp) -> ReviewScreen:
    screen = next(s for s in app.screen_stack if isinstance(s, ReviewScreen))
    assert screen.view is not None
    return screen


def header(screen: ReviewScreen) -> str:
    return str(screen.query_one(ReviewHeader).content)


def judge_text(screen: ReviewScreen) -> str:
    return str(screen.query_one("#judge", TextPanel).content)


def typed(screen: ReviewScreen) -> list[int] | dict[str, int]:
    """What is typed on the item: digits in order, or marks by criterion."""
    return dict(screen.query_one(CriterionList).marks) if screen.criterion_mode \
        else list(screen.pending)


def expected_marks(screen: ReviewScreen, benchmark: str) -> list[int] | dict[str, int]:
    """What the 'marks' keys type: digits in order, or met / not met / met on the first three
    criteria of a list (the cursor moves on after each)."""
    if not screen.criterion_mode:
        return [int(k) for k in STATES[benchmark]["marks"].keys]
    rubric = screen.query_one(CriterionList).rubric
    assert rubric is not None
    return dict(zip([c.key for c in rubric.criteria[:3]], [1, 0, 1], strict=True))


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
@pytest.mark.parametrize(("benchmark", "state"), CASES, ids=[f"{b}-{s}" for b, s in CASES])
async def test_state(benchmark: str, state: str, size: tuple[int, int], tmp_path: Path) -> None:
    app, workspace = demo_app(tmp_path, benchmark, state)
    async with app.run_test(size=size) as pilot:
        first = review_of(app).view
        assert first is not None and review_of(app).position == 0
        await drive(pilot, benchmark, state)
        screen = review_of(app)
        check = CHECKS[state]
        await check(app, screen, workspace, benchmark, first.task.id)


async def check_fresh(app: AnserApp, screen: ReviewScreen, workspace: Path, benchmark: str,
                      first: str) -> None:
    assert app.screen is screen and decisions(workspace) == []
    assert typed(screen) in ([], {})
    assert " 0 decided" in header(screen) and "(blind)" not in header(screen)
    assert "pace" not in header(screen)  # the test config hides timings
    assert "Score " in judge_text(screen)  # the judge is shown


async def check_marks(app: AnserApp, screen: ReviewScreen, workspace: Path, benchmark: str,
                      first: str) -> None:
    assert app.screen is screen and decisions(workspace) == []  # typed, not committed
    assert screen.view is not None and screen.view.task.id == first
    assert typed(screen) == expected_marks(screen, benchmark)
    assert " 0 decided" in header(screen)


async def check_decided(app: AnserApp, screen: ReviewScreen, workspace: Path, benchmark: str,
                        first: str) -> None:
    rows = decisions(workspace)
    kind = "override" if STATES[benchmark]["decided"].keys[0] == "x" else "accept"
    assert [row[:2] for row in rows] == [(first, kind)]  # one decision, on the first item
    assert screen.view is not None and screen.view.task.id == first  # back on it
    assert " 1 decided" in header(screen) and "pace" not in header(screen)
    bar = str(screen.query_one(DecisionBar).content)
    assert f"decided: {'overridden' if kind == 'override' else 'accepted'}" in bar
    assert "Your decision: " in judge_text(screen)
    assert typed(screen) in ([], {})  # the decision is shown, not a draft to commit again
    await app.workers.wait_for_complete()
    assert len(decisions(workspace)) == 1


async def check_blind(app: AnserApp, screen: ReviewScreen, workspace: Path, benchmark: str,
                      first: str) -> None:
    assert app.screen is screen and screen.session.blind and decisions(workspace) == []
    assert "(blind)" in header(screen)
    text = judge_text(screen)
    assert "Judge hidden (blind review)" in text and "Score " not in text


async def check_help(app: AnserApp, screen: ReviewScreen, workspace: Path, benchmark: str,
                     first: str) -> None:
    help_screen = app.screen
    assert isinstance(help_screen, HelpScreen)
    areas = [area for area, *_ in help_screen.rows]
    ids = {row[3] for row in help_screen.rows}
    assert ("Criteria" in areas) is screen.criterion_mode  # the benchmark's own keys only
    assert ("Evidence tables" in areas) is (screen.view is not None and screen.view.has_evidence)
    card = screen.view.card if screen.view is not None else None
    assert card is not None
    assert ("review.flip" in ids) is card.offers(CardKey.FLIP)
    assert ("review.unfold" in ids) is card.offers(CardKey.UNFOLD)
    assert "review.next" in ids and "help.close" in ids


async def check_calibration(app: AnserApp, screen: ReviewScreen, workspace: Path,
                            benchmark: str, first: str) -> None:
    assert [kind for _, kind, _ in decisions(workspace)] == ["accept", "accept"]
    calibration = app.screen
    assert isinstance(calibration, CalibrationScreen)
    assert not calibration.computing and calibration.view is not None
    assert len(calibration.view.chosen("all", "score")) == 2  # the two accepts, paired
    stats = {line[:22].strip(): line[22:].strip() for line in str(
        calibration.query_one("#cal-stats", TextPanel).content).splitlines()}
    # two accepts: the human marks are the judge's own, so they agree exactly
    assert stats["n"] == "2" and stats["exact agreement"] == "1.000"
    assert stats["mean abs. error"] == "0.000"


async def check_documents(app: AnserApp, screen: ReviewScreen, workspace: Path,
                          benchmark: str, first: str) -> None:
    assert decisions(workspace) == []
    shown = app.screen
    view = screen.view
    assert view is not None
    if view.has_evidence:  # the highlighted evidence row's document
        assert isinstance(shown, DocumentScreen)
        evidence = screen.query_one(EvidencePanel)
        assert shown.index == evidence.retrieved_table.cursor == 0
        assert shown.entry == evidence.entries("retrieved")[0]  # the first retrieved row
        assert shown.document is not None  # found in its corpus, text shown
    else:  # the item's documents, in the order its row lists them
        assert isinstance(shown, DocumentSetScreen) and shown.documents
        assert [name for name, _ in shown.documents] == list(
            view.task.extra["data_source_filenames"])


CHECKS = {"fresh": check_fresh, "marks": check_marks, "decided": check_decided,
          "blind": check_blind, "help": check_help, "calibration": check_calibration,
          "documents": check_documents}


@pytest.mark.parametrize("show", [True, False])
async def test_the_pace_shows_unless_the_config_hides_it(show: bool, tmp_path: Path) -> None:
    from anser_tui.core.settings import load_settings

    workspace = ensure_demo_workspace("anser", tmp_path / "demo")
    app = build_app(workspace, reviewer="tester", settings=load_settings(show_timings=show))
    async with app.run_test(size=SIZES["160x48"]) as pilot:
        await pilot.press("a")  # a verdict with its time spent: the session has a pace
        screen = review_of(app)
        assert screen.session.progress().pace_s is not None
        assert ("s/item" in header(screen)) is show
