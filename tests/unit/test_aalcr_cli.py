"""AA-LCR end to end through the command line on the demo data: the version the user states
kept on the workspace and on every judgment, accuracy with and without parse failures, the
judge run with each release's prompts, and bad input exiting 2 with nothing written."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import judge_server
import pytest
from click.testing import CliRunner
from judge_server import JudgeServer

from anser_tui.cli import cli
from anser_tui.demo import build_demo, demo_files, ensure_demo_workspace
from anser_tui.workspace import WorkspaceStore, latest_judgments

RUN = demo_files("aalcr").run


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    return build_demo("aalcr", tmp_path / "demo").root


def make(ws: Path, demo: Path, *options: str) -> None:
    code, out, err = invoke("init", ws, "--benchmark", "aalcr", "--data", demo / "aalcr",
                            *options)
    assert (code, out) == (0, f"created {ws}: 6 tasks from {demo / 'aalcr'}\n"), err
    assert invoke("import-run", ws, demo / "runs/demo-system.jsonl", "--name", RUN)[0] == 0


def test_demo_files_in_the_real_layout(demo: Path, tmp_path: Path) -> None:
    from anser_tui.benchmarks.aalcr import load_aalcr, read_document_set

    data = demo / "aalcr"
    assert (data / "AA-LCR_Dataset.csv").read_text().startswith(
        ",document_category,document_set_id,question_id,question,answer,data_source_filenames,")
    tasks = load_aalcr(data, {"dataset_version": "1.1"})
    assert [t.id for t in tasks] == ["1", "2", "3", "4", "5", "6"]
    assert [d.filename for d in read_document_set(data, tasks[1])] == [
        "Northwind_Investor_Day_2024", "Northwind_Annual_Report_2023"]
    assert (data / "lcr/Company_Documents/Company_Documents_4/"
            "Northwind_Press_Release_Archive.txt").is_file()  # in the set, listed by none
    assert not any("Northwind_Press_Release_Archive" in d.filename
                   for t in tasks for d in read_document_set(data, t))
    before = {p: p.read_bytes() for p in demo.rglob("*") if p.is_file()}
    assert build_demo("aalcr", demo).root == demo  # complete: left as it is
    again = build_demo("aalcr", tmp_path / "again").root
    assert {p.relative_to(demo): b for p, b in before.items()} == {
        p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}


def test_demo_report_end_to_end(demo: Path, tmp_path: Path) -> None:
    ws = tmp_path / "ws.db"
    make(ws, demo, "--dataset-version", "1.1")
    assert invoke("import-judgments", ws, demo / "runs/demo-system.judge.jsonl", "--run",
                  RUN)[:2] == (0, f"imported 6 judgments for run {RUN!r} (ok 5, parse_error 1)\n")
    code, out, err = invoke("report", ws, "--format", "json")
    assert code == 0, err
    assert json.loads(out) == {"benchmark": "aalcr", "versions": {"1.1": {
        "n": 6, "n_correct": 3, "accuracy": 0.5, "accuracy_excluding_parse_failures": 0.6,
        "parse_failures": ["3"],
        "verdicts": {"1": "CORRECT", "2": "INCORRECT", "3": None, "4": "CORRECT",
                     "5": "CORRECT", "6": "INCORRECT"}}}}
    with WorkspaceStore.open(ws) as store:
        judgments = latest_judgments(store, RUN)
    assert {j.dataset_version for j in judgments.values()} == {"1.1"}
    assert judgments["3"].error == "verdict: verdict 'PARTIALLY CORRECT' is neither CORRECT " \
                                   "nor INCORRECT"
    assert invoke("report", ws, "--policy", "official")[0] == 2
    assert invoke("score", ws)[:2] == (0, f"scored run {RUN!r}: 6 tasks, 0 unparsed\n")
    demo_ws = ensure_demo_workspace("aalcr", tmp_path / "ensured")  # what `demo --benchmark` opens
    assert invoke("report", demo_ws, "--format", "json")[1] == out


def test_verdicts_of_other_answer_keys_are_refused(demo: Path, tmp_path: Path) -> None:
    ws = tmp_path / "ws.db"
    make(ws, demo)  # the default: 1.1
    old = tmp_path / "old.jsonl"
    old.write_text(json.dumps({"question_id": 1, "dataset_version": "1.1", "reply":
                               '{"verdict": "CORRECT"}'}) + "\n" + json.dumps(
        {"question_id": 2, "dataset_version": "1.0.0", "reply": "CORRECT"}) + "\n")
    assert invoke("import-judgments", ws, old, "--run", RUN) == (
        2, "", f"anser-tui: error: {old}:2: judged against the 1.0.0 answer keys; this "
               "workspace holds the 1.1 ones (make one with --dataset-version 1.0.0)\n")
    with WorkspaceStore.open(ws) as store:
        assert latest_judgments(store, RUN) == {}


def test_a_v1_0_workspace_from_a_csv_elsewhere(demo: Path, tmp_path: Path) -> None:
    keys = demo / "aalcr" / "v1.0.0" / "AA-LCR_Dataset.csv"
    keys.parent.mkdir()
    shutil.copy(demo / "aalcr" / "AA-LCR_Dataset.csv", keys)
    ws = tmp_path / "ws.db"
    make(ws, demo, "--dataset-version", "1.0.0", "--csv", keys)
    with WorkspaceStore.open(ws) as store:
        assert json.loads(store.meta("load_options") or "") == {
            "csv": "v1.0.0/AA-LCR_Dataset.csv", "dataset_version": "1.0.0"}
    replies = tmp_path / "v1.jsonl"
    replies.write_text("".join(json.dumps({"question_id": q, "dataset_version": "1.0.0",
                                           "reply": r}) + "\n"
                               for q, r in [(1, "CORRECT"), (2, "INCORRECT."),
                                            (3, "PARTIALLY CORRECT"), (4, "**CORRECT**")]))
    assert invoke("import-judgments", ws, replies, "--run", RUN)[0] == 0
    report = json.loads(invoke("report", ws, "--format", "json")[1])
    assert report["versions"]["1.0.0"] == {
        "n": 4, "n_correct": 2, "accuracy": 0.5, "accuracy_excluding_parse_failures": 2 / 3,
        "parse_failures": ["3"],
        "verdicts": {"1": "CORRECT", "2": "INCORRECT", "3": None, "4": "CORRECT"}}
    moved = tmp_path / "moved"
    shutil.move(demo / "aalcr", moved)
    assert invoke("score", ws)[0] == 2  # the folder is gone from where it was
    assert invoke("score", ws, "--data", moved)[0] == 0  # found again under the same options


def test_bad_csv_exits_2_and_writes_nothing(demo: Path, tmp_path: Path) -> None:
    (demo / "aalcr/lcr/Company_Documents/Company_Documents_4/Northwind_Q1_2024_Results.txt"
     ).unlink()
    ws = tmp_path / "ws.db"
    code, out, err = invoke("init", ws, "--benchmark", "aalcr", "--data", demo / "aalcr")
    docs = demo / "aalcr/lcr/Company_Documents/Company_Documents_4"
    assert (code, out) == (2, "")
    assert err == (f"anser-tui: error: {demo / 'aalcr/AA-LCR_Dataset.csv'}:2: question 1 lists "
                   f"Northwind_Q1_2024_Results, but neither {docs}/Northwind_Q1_2024_Results "
                   f"nor {docs}/Northwind_Q1_2024_Results.txt is a file\n")
    assert not list(tmp_path.glob("ws.db*"))
    assert invoke("init", ws, "--benchmark", "anser", "--data", demo / "aalcr",
                  "--dataset-version", "1.1") == (
        2, "", "anser-tui: error: ANSER-Bench takes no dataset_version option\n")


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[JudgeServer]:
    def verdict(prompt: str, fault: str | None) -> str:
        return '{"verdict": "CORRECT"}' if "About 548" in prompt else "INCORRECT"

    monkeypatch.setattr(judge_server, "judge_text", verdict)
    srv = JudgeServer().start()
    yield srv
    srv.stop()


def test_the_judge_sends_the_v1_1_prompts_and_records_the_version(
        demo: Path, tmp_path: Path, server: JudgeServer) -> None:
    ws = tmp_path / "ws.db"
    make(ws, demo, "--dataset-version", "1.1")
    code, out, err = invoke("judge", ws, "--run", RUN, "--base-url", server.url, "--model",
                            "local-judge")
    assert code == 0, err
    assert out.startswith("judged 6 of 6 (ok 1, parse_error 5, invalid 0, transport_error 0)")
    bodies = [r["body"] for r in server.requests]
    assert len(bodies) == 6
    assert all([m["role"] for m in b["messages"]] == ["system", "user"] for b in bodies)
    assert not any("Chair's statement" in m["content"] or "PRESS RELEASES" in m["content"]
                   for b in bodies for m in b["messages"])  # documents never reach the judge
    with WorkspaceStore.open(ws) as store:
        judgments = latest_judgments(store, RUN)
    assert {j.dataset_version for j in judgments.values()} == {"1.1"}
    assert judgments["5"].marks == {"verdict": 1}
