"""The current judgment of an item is the newest ok one, else the newest: a failed judge call
never replaces a good judgment, in the report, the review item or `show`; `judge` exits 3 when
every request it sent failed, 0 when some were answered; the plan sends what would change."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from judge_server import FailingServer, JudgeServer
from judge_workspace import RUN, judge_workspace
from mini_bench import write_jsonl

from anser_tui.cli import cli
from anser_tui.core.settings import JudgeSettings
from anser_tui.exchange.workspace_scores import judge_values
from anser_tui.judge import JudgeParams, plan_judging
from anser_tui.review import ReviewSession
from anser_tui.review.item_view import load_item
from anser_tui.workspace import (
    Item,
    Judgment,
    JudgmentStatus,
    WorkspaceStore,
    add_judgments,
    current_judgment,
    current_judgments,
    judgment_history,
    latest_judgments,
)
from anser_tui.workspace.judgments import current_of

TASK = "science_en_descriptive_1"
GOOD = {"score_0_100": 65, "conclusion": 2, "coverage": 4, "ground_truth_consistency": 3,
        "format": 1, "reason": "covers the finding"}  # 100*(.45*2+.25*4+.20*3+.10*1)/4 = 65


@pytest.fixture
def failing() -> Iterator[JudgeServer]:
    srv = FailingServer().start()
    yield srv
    srv.stop()


@pytest.fixture
def server() -> Iterator[JudgeServer]:
    srv = JudgeServer().start()
    yield srv
    srv.stop()


@pytest.fixture(autouse=True)
def no_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANSER_JUDGE__MAX_RETRIES", "0")


def _imported(tmp_path: Path, answer: str = "Recall improved in arm 1.") -> Path:
    """A workspace whose run has one science task, with a good imported judgment of it."""
    path = judge_workspace(tmp_path, {TASK: answer}, n_science=1)
    file = write_jsonl(tmp_path / "judge.jsonl", [{"id": TASK, "output": GOOD,
                                                   "model": "gpt-x"}])
    result = CliRunner().invoke(cli, ["import-judgments", str(path), str(file), "--run", RUN])
    assert result.exit_code == 0, result.output
    return path


def _judge(path: Path, url: str) -> Any:
    return CliRunner().invoke(cli, ["judge", str(path), "--run", RUN, "--base-url", url,
                                    "--model", "local-judge"])


def _report_judge(path: Path) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["report", str(path), "--run", RUN, "--format", "json"])
    assert result.exit_code == 0, result.output
    groups = json.loads(result.output)["runs"][0]["groups"]
    return next(g for g in groups if g["group"] == "science_en_descriptive")["metrics"][
        "LLM Judge"]


def test_a_failed_judge_run_keeps_the_good_judgment_and_exits_3(
        tmp_path: Path, failing: JudgeServer) -> None:
    """The defect: a transport error (and exit 0) replaced the imported judgment, and the
    report's LLM Judge value went with it."""
    path = _imported(tmp_path)
    before = _report_judge(path)
    assert (before["judge"], before["n_judged"]) == (65.0, 1)

    result = _judge(path, failing.url)
    assert result.exit_code == 3, result.output
    n_sent = len(failing.requests)
    assert n_sent == 5  # every judged task of the run: the science one and the mini bench's 4
    assert result.stdout.startswith(f"judged {n_sent} of {n_sent} (ok 0, parse_error 0, "
                                    f"invalid 0, transport_error {n_sent})")
    [error] = [line for line in result.stderr.splitlines() if line.startswith("anser-tui:")]
    assert error.startswith("anser-tui: error: every judge request failed (5 transport errors;"
                            " the first: HTTP 500: Error code: 500 - internal error "
                            "(1 attempt))")
    assert "no good judgment was replaced" in error

    assert _report_judge(path) == before
    with WorkspaceStore.open(path) as store:
        shown = current_judgment(store, RUN, TASK)
        assert shown is not None
        assert (shown.status, shown.score, shown.model) == (JudgmentStatus.OK, 65.0, "gpt-x")
        assert judge_values(store, RUN).judge[TASK] == 65.0
        assert [(j.status.value, j.model) for j in judgment_history(store, RUN, TASK)] == [
            ("ok", "gpt-x"), ("transport_error", "local-judge")]
        # the newest attempt is still there, for the judge's bookkeeping
        assert latest_judgments(store, RUN)[TASK].status is JudgmentStatus.TRANSPORT_ERROR
        session = ReviewSession.open(store, "alice")
        position = session.items.index(Item(RUN, TASK))
        view = load_item(session, position)
        assert view.judgment is not None and view.judgment.uid == shown.uid
        assert [j.status for j in view.history] == [JudgmentStatus.OK,
                                                     JudgmentStatus.TRANSPORT_ERROR]
        session.accept(view.item, view.judgment)  # what `a` accepts: the good judgment
    card = CliRunner().invoke(cli, ["show", str(path), TASK, "--run", RUN])
    assert card.exit_code == 0, card.output
    assert "Judge · score 65 · status ok · recomputed 65 · model gpt-x" in card.output
    assert "  attempts (UTC), 2:\n" in card.output
    lines = card.output.splitlines()
    at = lines.index("  attempts (UTC), 2:")
    assert lines[at + 1].startswith("    ok gpt-x 20") and lines[at + 1].endswith("(shown)")
    assert lines[at + 2].startswith("    transport_error local-judge ")
    assert lines[at + 2].endswith("(HTTP 500: Error code: 500 - internal error (1 attempt))")


def test_judge_exits_0_when_some_requests_were_answered(
        tmp_path: Path, server: JudgeServer) -> None:
    path = _imported(tmp_path, "Recall improved. #fault=500-always")
    result = _judge(path, server.url)
    assert result.exit_code == 0, result.output
    assert "(ok 4, parse_error 0, invalid 0, transport_error 1)" in result.stdout
    assert "anser-tui: error" not in result.stderr
    assert _report_judge(path)["judge"] == 65.0  # the failed one kept the imported judgment
    again = _judge(path, server.url)  # a transport error is never done: sent again
    assert "judged 1 of 1 (ok 0, parse_error 0, invalid 0, transport_error 1); " \
           "already judged 4" in again.stdout
    assert again.exit_code == 3  # the one request sent failed: nothing was judged


def test_nothing_to_judge_is_not_a_failure(tmp_path: Path, failing: JudgeServer) -> None:
    path = judge_workspace(tmp_path, {TASK: "x"}, n_science=1)
    result = CliRunner().invoke(cli, ["judge", str(path), "--run", RUN, "--base-url",
                                      failing.url, "--limit", "0"])
    assert result.exit_code == 0 and result.stdout.startswith("judged 0 of 0")


def _judgment(status: JudgmentStatus, score: float | None = None, source: str = "imported",
              model: str = "m") -> Judgment:
    return Judgment(run=RUN, task_id=TASK, rubric_id="science_en", status=status, score=score,
                    model=model, source=source)


@pytest.mark.parametrize(("statuses", "current"), [
    (["ok", "transport_error"], 0),
    (["ok", "parse_error", "invalid"], 0),
    (["ok", "ok", "transport_error"], 1),
    (["parse_error"], 0),
    (["parse_error", "transport_error"], 1),  # nothing ok: the newest of any status
    (["transport_error", "ok", "parse_error", "ok", "invalid"], 3),
])
def test_current_is_the_newest_ok_else_the_newest(tmp_path: Path, statuses: list[str],
                                                   current: int) -> None:
    path = judge_workspace(tmp_path, {TASK: "x"}, n_science=1)
    with WorkspaceStore.open(path) as store:
        stored = add_judgments(store, [_judgment(JudgmentStatus(s), score=float(i))
                                       for i, s in enumerate(statuses)])
        other = add_judgments(store, [_judgment(JudgmentStatus.OK, 9.0).model_copy(
            update={"task_id": "legal_zh_prescriptive_1"})])
        history = judgment_history(store, RUN, TASK)
        assert [j.uid for j in history] == [j.uid for j in stored]
        expected = stored[current].uid
        assert current_of(history) is not None and current_of(history).uid == expected
        found = current_judgment(store, RUN, TASK)
        assert found is not None and found.uid == expected
        assert {t: j.uid for t, j in current_judgments(store, RUN).items()} == {
            TASK: expected, "legal_zh_prescriptive_1": other[0].uid}
        assert current_judgment(store, RUN, "science_en_predictive_1") is None
    assert current_of([]) is None


def _request_source(store: WorkspaceStore, settings: JudgeSettings) -> str:
    plan = plan_judging(store, [Item(RUN, TASK)], JudgeParams.from_settings(settings), judge="m")
    [request] = plan.requests
    return request.source


def _planned(store: WorkspaceStore, settings: JudgeSettings) -> int:
    return len(plan_judging(store, [Item(RUN, TASK)], JudgeParams.from_settings(settings),
                            judge="m").requests)


def test_the_plan_sends_what_would_change_the_current_judgment(tmp_path: Path) -> None:
    path = judge_workspace(tmp_path, {TASK: "x"}, n_science=1)
    a, b = JudgeSettings(model="judge-a"), JudgeSettings(model="judge-b")
    with WorkspaceStore.open(path) as store:
        source_a, source_b = _request_source(store, a), _request_source(store, b)
        add_judgments(store, [_judgment(JudgmentStatus.OK, 70.0)])  # imported: another request
        assert _planned(store, a) == 1
        add_judgments(store, [_judgment(JudgmentStatus.TRANSPORT_ERROR, source=source_a)])
        assert _planned(store, a) == 1  # a transport error is never done
        add_judgments(store, [_judgment(JudgmentStatus.PARSE_ERROR, source=source_a)])
        # the judge answered A; asking again gets the same reply, which would not be current
        assert _planned(store, a) == 0
        add_judgments(store, [_judgment(JudgmentStatus.OK, 60.0, source=source_a)])
        assert _planned(store, a) == 0
        add_judgments(store, [_judgment(JudgmentStatus.OK, 50.0, source=source_b)])
        # B is current now; asking A again (a cache hit) makes A's judgment current again
        assert _planned(store, a) == 1 and _planned(store, b) == 0
        plan = plan_judging(store, [Item(RUN, TASK)], JudgeParams.from_settings(b), judge="m")
        assert plan.already == 1


def test_current_judgments_without_calls_are_the_same_judgments(tmp_path: Path) -> None:
    """`calls=False` (calibration reads marks and scores alone): the same current judgments,
    field for field, only without their calls."""
    from anser_tui.workspace.records import JudgeCall

    path = judge_workspace(tmp_path, {TASK: "x"}, n_science=1)
    with WorkspaceStore.open(path) as store:
        add_judgments(store, [
            _judgment(JudgmentStatus.OK, 40.0).model_copy(update={"calls": (
                JudgeCall(status=JudgmentStatus.OK, raw='{"score_0_100": 40}'),)}),
            _judgment(JudgmentStatus.PARSE_ERROR).model_copy(update={"calls": (
                JudgeCall(status=JudgmentStatus.PARSE_ERROR, raw="no json"),)})])
        whole = current_judgments(store, RUN)
        light = current_judgments(store, RUN, calls=False)
    assert [c.raw for c in whole[TASK].calls] == ['{"score_0_100": 40}']
    assert light[TASK].calls == ()
    assert light == {t: j.model_copy(update={"calls": ()}) for t, j in whole.items()}
