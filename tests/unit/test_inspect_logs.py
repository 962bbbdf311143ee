"""Inspect AI logs (DESIGN 14), on logs a real `inspect eval` wrote against a fake OpenAI server
(tests/data/inspect/make_fixtures.py): 12 model_graded_qa samples imported with Inspect's own
accuracy and stderr; four blind overrides exported as ScoreEdits that inspect-ai reads back
with the reviewer as author, the reason code as reason, the original first in the history and
accuracy recomputed, the source untouched; a .json log and a two-epoch log; a transcript with
a tool call and an image shown literally; an unscored sample; a real eval run here.

Needs inspect-ai (the `inspect` extra); skipped where it is not installed."""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from datetime import datetime
from pathlib import Path

import pytest
from calibration_ws import session
from click.testing import CliRunner
from inspect_workspace import RUN, cli_output, inspect_workspace
from scipy import stats

from anser_tui.cli import cli
from anser_tui.demo import ensure_demo_workspace
from anser_tui.workspace import Item, WorkspaceStore
from anser_tui.workspace.judgments import current_judgments
from anser_tui.workspace.records import JudgmentStatus, ReasonCode

inspect_log = pytest.importorskip("inspect_ai.log")
from inspect_ai.scorer import value_to_float  # noqa: E402

from anser_tui.benchmarks.inspect.card import card_blocks  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "data" / "inspect"



def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _values(log: object) -> list[float]:
    to_float = value_to_float()
    return [to_float(s.scores["model_graded_qa"].value) for s in log.samples]  # type: ignore[attr-defined]


def test_twelve_model_graded_samples_are_imported_with_inspects_own_accuracy(
        tmp_path: Path) -> None:
    source = tmp_path / "qa12.eval"
    shutil.copyfile(DATA / "qa12.eval", source)
    ws = inspect_workspace(tmp_path, source)
    log = inspect_log.read_eval_log(str(source))
    [stored] = log.results.scores
    report = json.loads(cli_output("report", ws, "--format", "json"))
    assert report == {"benchmark": "inspect", "log": "qa12.eval", "scorers": {
        "model_graded_qa": {"scorer": "model_graded_qa", "n": 12,
                            "metrics": {"accuracy": stored.metrics["accuracy"].value,
                                        "stderr": stored.metrics["stderr"].value}}}}
    values = _values(log)  # the same numbers from the samples, by the reference libraries
    metrics = report["scorers"]["model_graded_qa"]["metrics"]
    assert metrics["accuracy"] == pytest.approx(sum(values) / 12, abs=1e-12)
    assert metrics["stderr"] == pytest.approx(stats.sem(values), abs=1e-12)
    with WorkspaceStore.open(ws) as store:
        assert [t.id for t in store.tasks()] == [str(i) for i in range(1, 13)]
        judgments = current_judgments(store, RUN)
        outputs = store.outputs(RUN)
    for sample in log.samples:
        score = sample.scores["model_graded_qa"]
        judgment = judgments[str(sample.id)]
        assert judgment.marks == {"model_graded_qa": score.value}
        assert judgment.score == 100 * value_to_float()(score.value)
        assert judgment.reason == score.explanation
        assert outputs[str(sample.id)].answer == sample.output.completion
    shown = cli_output("show", ws, "5", "--run", RUN)
    assert "Question 5: What is 5 + 15?" in shown and "GRADE: P" in shown


def test_four_overrides_are_exported_as_score_edits_and_the_source_stays_as_it_was(
        tmp_path: Path) -> None:
    source = tmp_path / "qa12.eval"
    shutil.copyfile(DATA / "qa12.eval", source)
    ws = inspect_workspace(tmp_path, source)
    before = _sha(source)
    original = inspect_log.read_eval_log(str(source))
    grades = {str(s.id): s.scores["model_graded_qa"].value for s in original.samples}
    new = {"1": "I", "3": "C", "5": "C", "7": "P"}  # 1 was C, 3 I, 5 P, 7 I
    assert all(grades[t] != v for t, v in new.items())
    codes = {"1": ReasonCode.JUDGE_MISREAD_ANSWER, "3": ReasonCode.RUBRIC_MISAPPLIED,
             "5": ReasonCode.JUDGE_MISREAD_GROUND_TRUTH, "7": ReasonCode.OTHER}
    with WorkspaceStore.open(ws) as store:
        judgments = current_judgments(store, RUN)
        alice = session(store, "alice", [Item(RUN, t) for t in [*new, "12"]], blind=True,
                        name="audit")
        decisions = {t: alice.override(Item(RUN, t), {"model_graded_qa": v},
                                       judgments[t], judge_visible=False, reason_code=codes[t],
                                       comment="the sum is wrong" if t == "1" else None)
                     for t, v in new.items()}
        alice.override(Item(RUN, "12"), {"model_graded_qa": "I"}, judgments["12"],
                       judge_visible=False)
        bob = session(store, "bob", [Item(RUN, "12")], name="second")
        bob.override(Item(RUN, "12"), {"model_graded_qa": "P"}, judgments["12"])  # disputed
    out = tmp_path / "out" / "reviewed.eval"
    out.parent.mkdir()
    summary = cli_output("export", ws, "--what", "inspect-log", "--run", RUN, "-o", out)
    assert "4 score edits; 1 items in dispute left alone" in summary
    assert _sha(source) == before
    edited = inspect_log.read_eval_log(str(out))
    for sample in edited.samples:
        score = sample.scores["model_graded_qa"]
        task = str(sample.id)
        assert isinstance(sample.id, int)  # the sample id keeps its type
        if task not in new:
            assert score.value == grades[task] and not score.history
            continue
        first, last = score.history[0], score.history[-1]
        assert score.value == new[task] and first.value == grades[task]
        assert first.provenance is None  # the original, first in the history
        assert last.provenance.author == "alice" and last.provenance.reason == codes[task].value
        assert last.provenance.timestamp == datetime.fromisoformat(
            decisions[task].created_at or "")
        assert last.provenance.metadata == {
            "decision_uid": decisions[task].uid, "session": "audit", "blind": True,
            "adjudicated": False, "reviewers": ["alice"]}
        assert score.metadata["grading"]  # the grader's prompt and reply are kept
        assert score.explanation == ("the sum is wrong" if task == "1" else
                                     original.samples[sample.id - 1].scores[
                                         "model_graded_qa"].explanation)
    values = _values(edited)
    [metrics] = edited.results.scores
    assert metrics.metrics["accuracy"].value == pytest.approx(sum(values) / 12, abs=1e-12)
    assert metrics.metrics["stderr"].value == pytest.approx(stats.sem(values), abs=1e-12)
    assert metrics.metrics["accuracy"].value != original.results.scores[0].metrics[
        "accuracy"].value


def test_the_export_never_writes_the_source(tmp_path: Path) -> None:
    source = tmp_path / "qa12.eval"
    shutil.copyfile(DATA / "qa12.eval", source)
    ws = inspect_workspace(tmp_path, source)
    result = CliRunner().invoke(cli, ["export", str(ws), "--what", "inspect-log", "--run", RUN,
                                      "-o", str(source)])
    assert result.exit_code == 2 and "give another file than the source log" in result.output
    nowhere = tmp_path / "nowhere" / "out.eval"
    result = CliRunner().invoke(cli, ["export", str(ws), "--what", "inspect-log", "--run", RUN,
                                      "-o", str(nowhere)])
    assert result.exit_code == 2 and f"{nowhere.parent}: no such folder" in result.output


def test_a_json_log_is_read(tmp_path: Path) -> None:
    ws = inspect_workspace(tmp_path, DATA / "qa6.json")
    log = inspect_log.read_eval_log(str(DATA / "qa6.json"))
    with WorkspaceStore.open(ws) as store:
        assert [t.id for t in store.tasks()] == [f"s{i}" for i in range(1, 7)]
        assert store.task("s1").extra["sample_id"] == "s1"
    report = json.loads(cli_output("report", ws, "--format", "json"))
    assert report["scorers"]["model_graded_qa"]["metrics"]["accuracy"] == \
        log.results.scores[0].metrics["accuracy"].value


def test_two_epochs_are_a_task_each_and_edited_apart(tmp_path: Path) -> None:
    source = DATA / "epochs2.eval"
    ws = inspect_workspace(tmp_path, source)
    log = inspect_log.read_eval_log(str(source))
    with WorkspaceStore.open(ws) as store:
        assert [t.id for t in store.tasks()] == [f"{s.id}#{s.epoch}" for s in log.samples]
        judgments = current_judgments(store, RUN)
        before = {f"{s.id}#{s.epoch}": s.scores["model_graded_qa"].value for s in log.samples}
        flipped = "I" if before["2#2"] == "C" else "C"
        review = session(store, "carol", [Item(RUN, "2#2")])
        review.override(Item(RUN, "2#2"), {"model_graded_qa": flipped},
                        judgments["2#2"], reason_code=ReasonCode.OTHER)
    report = json.loads(cli_output("report", ws, "--format", "json"))
    assert report["scorers"]["model_graded_qa"]["n"] == 4  # epochs reduced first, as Inspect
    out = tmp_path / "edited.json"
    cli_output("export", ws, "--what", "inspect-log", "--run", RUN, "-o", out)
    edited = inspect_log.read_eval_log(str(out))
    after = {f"{s.id}#{s.epoch}": s.scores["model_graded_qa"].value for s in edited.samples}
    assert after == {**before, "2#2": flipped}


def test_a_transcript_shows_tool_calls_and_images_literally(tmp_path: Path) -> None:
    ws = inspect_workspace(tmp_path, DATA / "transcript.eval")
    shown = cli_output("show", ws, "3", "--run", RUN)
    for line in ("[system]", "You are a careful calculator.", "[image]",
                 '→ tool call add (id call_3): {"a": 3, "b": 9}', "[tool add · call_3]",
                 "Question 3: What is 3 + 9? (transcript)"):
        assert line in shown, line
    assert "data:image/png" not in shown


def test_the_scorer_is_chosen_and_dict_values_are_one_criterion_per_key(
        tmp_path: Path) -> None:
    ws = inspect_workspace(tmp_path, DATA / "transcript.eval", "--scorer", "style")
    with WorkspaceStore.open(ws) as store:
        judgments = current_judgments(store, RUN)
    # one criterion per key: a grade and a number (DESIGN 14), each in the scorer's own values
    assert judgments["1"].marks == {"mentions_sum": "C", "length": 13}
    bad = CliRunner().invoke(cli, ["init", str(tmp_path / "b.db"), "--benchmark", "inspect",
                                   "--data", str(DATA / "transcript.eval"), "--scorer", "nope"])
    assert bad.exit_code == 2 and "the log has no scorer 'nope'" in bad.output
    assert not (tmp_path / "b.db").exists()


def test_an_unscored_sample_is_a_failed_judgment_and_a_human_score_fills_it(
        tmp_path: Path) -> None:
    ws = inspect_workspace(tmp_path, DATA / "unscored.eval")
    log = inspect_log.read_eval_log(str(DATA / "unscored.eval"))
    with WorkspaceStore.open(ws) as store:
        judgments = current_judgments(store, RUN)
        assert judgments["2"].status is JudgmentStatus.PARSE_ERROR and not judgments["2"].marks
        assert judgments["2"].error == "the scorer gave no value (unscored)"
        review = session(store, "dana", [Item(RUN, "2")])
        review.override(Item(RUN, "2"), {"model_graded_qa": "C"}, judgments["2"],
                        reason_code=ReasonCode.OTHER)
    [stored] = log.results.scores
    report = json.loads(cli_output("report", ws, "--format", "json"))["scorers"]["model_graded_qa"]
    assert report["n"] == stored.scored_samples == 2
    out = tmp_path / "filled.eval"
    cli_output("export", ws, "--what", "inspect-log", "--run", RUN, "-o", out)
    [metrics] = inspect_log.read_eval_log(str(out)).results.scores
    assert metrics.scored_samples == 3
    assert metrics.metrics["accuracy"].value == pytest.approx(2 / 3, abs=1e-12)  # C, C, I


def test_the_card_shows_the_score_beside_the_graders_prompt_and_reply(tmp_path: Path) -> None:
    ws = inspect_workspace(tmp_path, DATA / "qa12.eval")
    with WorkspaceStore.open(ws) as store:
        task, judgment = store.task("7"), current_judgments(store, RUN)["7"]
        answer = store.outputs(RUN)["7"].answer
    blocks = dict(card_blocks(task, answer, judgment))
    assert blocks["Transcript"] == "Question 7: What is 7 + 21? (qa12)"
    assert blocks["Target"] == "28" and blocks["Answer"] == "The sum is 38."
    assert blocks["Score"].startswith("value: I\nstatus: ok\nanswer: The sum is 38.")
    assert "[BEGIN DATA]" in blocks["Grader prompt"] and "[Submission]: The sum is 38." in \
        blocks["Grader prompt"]
    assert blocks["Grader reply"] == "[assistant]\nThe submission does not state 28.\nGRADE: I"


def test_a_real_inspect_eval_against_a_local_fake_server_is_imported(tmp_path: Path) -> None:
    sys.path.insert(0, str(DATA))
    try:
        from make_fixtures import make
    finally:
        sys.path.remove(str(DATA))
    [log_path] = make(tmp_path, ["qa12"]).values()
    log = inspect_log.read_eval_log(str(log_path))
    assert log.status == "success" and len(log.samples) == 12
    ws = inspect_workspace(tmp_path, log_path)
    report = json.loads(cli_output("report", ws, "--format", "json"))["scorers"]["model_graded_qa"]
    assert report["metrics"]["accuracy"] == log.results.scores[0].metrics["accuracy"].value
    assert report["metrics"]["accuracy"] == pytest.approx((7 + 2 * 0.5) / 12, abs=1e-12)


@pytest.mark.parametrize(("name", "text", "says"), [
    ("bad.json", '{"a": 1}', "not a readable Inspect AI log (ValidationError: "),
    ("bad.eval", "garbage", "not a readable Inspect AI log ("),  # inspect-ai's words after
    ("log.txt", "{}", "an Inspect AI log is a .eval or .json file"),
])
def test_a_file_that_is_no_inspect_log_is_refused_in_one_line(
        tmp_path: Path, name: str, text: str, says: str) -> None:
    log = tmp_path / name
    log.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["init", str(tmp_path / "ws.db"), "--benchmark",
                                      "inspect", "--data", str(log)])
    assert result.exit_code == 2
    [line] = result.output.strip().splitlines()
    assert line.startswith(f"anser-tui: error: {log}: {says}")
    assert not (tmp_path / "ws.db").exists()


def test_the_embedded_demo_is_the_twelve_sample_log(tmp_path: Path) -> None:
    ws = ensure_demo_workspace("inspect", tmp_path / "home")
    with WorkspaceStore.open(ws) as store:
        assert len(store.tasks()) == 12 and store.run_names() == ["demo-system"]
        assert len(current_judgments(store, "demo-system")) == 12
    report = json.loads(cli_output("report", ws, "--format", "json"))
    assert report["scorers"]["model_graded_qa"]["n"] == 12
