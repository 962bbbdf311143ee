"""PRBench end to end through the command line on the demo data, values worked out by hand;
the judge runner against a local server (one request per criterion, a task judged once though
it sits in two splits); bad input exits 2 writing nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import judge_server
import pytest
from click.testing import CliRunner
from judge_server import JudgeServer

from anser_tui.cli import cli
from anser_tui.demo import build_demo, demo_files, ensure_demo_workspace
from anser_tui.workspace import WorkspaceStore, latest_judgments

RUN = demo_files("prbench").run
F1, F2, F3 = "fin-ccar-overlay-7c1e", "fin-ifrs16-lease-2b90", "fin-fx-hedge-55d3"
L1, L2 = "leg-noncompete-ca-91af", "leg-gdpr-breach-3e07"


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    paths = build_demo("prbench", tmp_path / "demo")
    ws = tmp_path / "ws.db"
    assert invoke("init", ws, "--benchmark", "prbench", "--data", paths.data_dir)[:2] == (
        0, f"created {ws}: 5 tasks from {paths.data_dir}\n")
    assert invoke("import-run", ws, paths.run_file, "--name", RUN)[:2] == (
        0, f"imported run {RUN!r}: 5 outputs; scored 5 tasks, 0 unparsed\n")
    return ws


def test_demo_files_in_the_card_layout(tmp_path: Path) -> None:
    from anser_tui.benchmarks.prbench import load_prbench, task_turns

    paths = build_demo("prbench", tmp_path / "one")
    assert sorted(p.name for p in paths.data_dir.iterdir()) == [
        "finance.jsonl", "finance_hard.jsonl", "legal.jsonl", "legal_hard.jsonl"]
    first = json.loads((paths.data_dir / "finance.jsonl").read_text().splitlines()[0])
    assert {"task", "turns", "field", "topic", "expert", "prompt_9", "reference_texts_9",
            "response_8", "model_8", "rubric"} <= set(first)
    tasks = {t.id: t for t in load_prbench(paths.data_dir)}
    assert [t.role for t in task_turns(tasks[F1])] == ["user", "assistant", "user",
                                                       "assistant", "user"]
    assert task_turns(tasks[F1])[0].references  # a reference text on the first turn
    again = build_demo("prbench", tmp_path / "two")
    assert [(p.relative_to(paths.root), p.read_bytes()) for p in sorted(paths.root.rglob("*"))
            if p.is_file()] == [(p.relative_to(again.root), p.read_bytes())
                                for p in sorted(again.root.rglob("*")) if p.is_file()]


def test_demo_report_end_to_end(workspace: Path, tmp_path: Path) -> None:
    judged = invoke("import-judgments", workspace, tmp_path / "demo/runs/demo-system.judge.jsonl",
                    "--run", RUN)
    assert judged[:2] == (0, f"imported 5 judgments for run {RUN!r} (ok 4, parse_error 1)\n")
    code, out, err = invoke("report", workspace, "--format", "json")
    assert code == 0, err
    report = json.loads(out)
    assert list(report) == ["benchmark", "policies"]
    official = report["policies"]["official"]["splits"]
    strict = report["policies"]["evalscope"]["splits"]
    # F1 [8, 5, 2, -4] met 1 1 0 0: 13/15; F2 [7, 3, -6] met 0 0 1: -6/10;
    # F3 [6, 4, -8] met 1, cut off, 0: official 6/10, evalscope excluded;
    # L1 [9, 5, -5] met 1 0 0: 9/14; L2 [8, 4, 2, -3] met 1 1 1 0: 14/14
    assert official["finance"]["samples"][F1] == {
        "points": 13.0, "pos": 15.0, "neg": -4.0, "clipped": pytest.approx(13 / 15),
        "normalized": pytest.approx(17 / 19), "criteria_met": 2, "rubric_count": 4}
    assert official["finance"]["samples"][F3]["points"] == 6.0
    expected = {  # split: (n_samples, n, excluded, raw mean clipped, mean normalized)
        ("official", "finance"): (3, 3, [], 13 / 45, (17 / 19 + 0 + 7 / 9) / 3),
        ("official", "legal"): (2, 2, [], 23 / 28, 33 / 38),
        ("official", "finance_hard"): (2, 2, [], 0.0, 7 / 18),
        ("official", "legal_hard"): (1, 1, [], 9 / 14, 14 / 19),
        ("evalscope", "finance"): (3, 2, [F3], 2 / 15, 17 / 38),
        ("evalscope", "legal"): (2, 2, [], 23 / 28, 33 / 38),
        ("evalscope", "finance_hard"): (2, 1, [F3], -0.6, 0.0),
        ("evalscope", "legal_hard"): (1, 1, [], 9 / 14, 14 / 19),
    }
    for (policy, split), (n_samples, n, excluded, raw, normalized) in expected.items():
        row = (official if policy == "official" else strict)[split]
        assert (row["n_samples"], row["n"], row["n_excluded"], row["excluded"]) == (
            n_samples, n, len(excluded), excluded), (policy, split)
        assert row["raw_mean_clipped"] == pytest.approx(raw), (policy, split)
        assert row["mean_clipped"] == pytest.approx(max(0.0, raw)), (policy, split)
        assert row["mean_normalized"] == pytest.approx(normalized), (policy, split)
    assert strict["finance_hard"]["mean_clipped"] == 0.0  # -0.6 clipped after the exclusion
    code, out, _ = invoke("report", workspace, "--format", "json", "--policy", "evalscope")
    assert json.loads(out) == {"benchmark": "prbench", **report["policies"]["evalscope"]}
    code, table, _ = invoke("report", workspace)
    assert code == 0 and "official policy: a failed call is not met" in table
    assert f"excluded from finance_hard: {F3}" in table
    demo_ws = ensure_demo_workspace("prbench", tmp_path / "ensured")  # what `demo --benchmark` opens
    assert json.loads(invoke("report", demo_ws, "--format", "json")[1]) == report


def test_bad_judgments_exit_2_and_write_nothing(workspace: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"task": F1, "criterion_id": "c-ccar-1", "reply": "{}"}) + "\n"
                   + json.dumps({"task": "nope", "criterion_id": "x", "reply": "{}"}) + "\n")
    code, out, err = invoke("import-judgments", workspace, bad, "--run", RUN)
    assert (code, out) == (2, "")
    assert err == f"anser-tui: error: {bad}:2: 'task' 'nope' is not a task of the workspace\n"
    with WorkspaceStore.open(workspace) as store:
        assert latest_judgments(store, RUN) == {}


def test_bad_data_and_bad_runs_exit_2_and_write_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "legal.jsonl").write_text(json.dumps({"task": "t", "field": "Legal",
                                                  "prompt_0": "Q?"}) + "\n")
    ws = tmp_path / "ws.db"
    assert invoke("init", ws, "--benchmark", "prbench", "--data", data) == (
        2, "", f"anser-tui: error: {data / 'legal.jsonl'}:1: the record has no rubric\n")
    assert not ws.exists() and not list(tmp_path.glob("ws.db*"))
    assert invoke("init", ws, "--benchmark", "prbench", "--data", data, "--dataset-version",
                  "1.1")[0] == 2
    paths = build_demo("prbench", tmp_path / "demo")
    assert invoke("init", ws, "--benchmark", "prbench", "--data", paths.data_dir)[0] == 0
    run = tmp_path / "run.jsonl"
    run.write_text(json.dumps({"task": F1, "response": "x"}) + "\n"
                   + json.dumps({"task": F2, "answer": "x"}) + "\n")
    assert invoke("import-run", ws, run, "--name", "r") == (
        2, "", f"anser-tui: error: {run}:2: missing 'response'\n")
    with WorkspaceStore.open(ws) as store:
        assert store.run_names() == []
    assert invoke("report", ws, "--policy", "official")[0] == 2  # no runs yet


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[JudgeServer]:
    def grade(prompt: str, fault: str | None) -> str:
        title = prompt.split("# Rubric item\n", 1)[1].split("\n", 1)[0]
        return json.dumps({"explanation": "local", "criteria_met": len(title) % 2 == 0})

    monkeypatch.setattr(judge_server, "judge_text", grade)
    srv = JudgeServer().start()
    yield srv
    srv.stop()


def test_the_judge_sends_one_request_per_criterion_and_judges_a_task_once(
        workspace: Path, server: JudgeServer) -> None:
    code, out, err = invoke("judge", workspace, "--run", RUN, "--base-url", server.url,
                            "--model", "local-judge")
    assert code == 0, err
    assert out.startswith("judged 5 of 5 (ok 5, parse_error 0, invalid 0, transport_error 0)")
    prompts = server.prompts()
    assert len(prompts) == 4 + 3 + 3 + 3 + 4  # every criterion once, in no split twice
    assert not any("<think>" in p or "Treat it in two tracks" not in p
                   for p in prompts if "CCAR" in p)
    titles: dict[str, Any] = {}
    with WorkspaceStore.open(workspace) as store:
        judgments = latest_judgments(store, RUN)
        for task in store.tasks():
            titles.update({c["id"]: c["title"] for c in task.extra["rubric"]})
    assert set(judgments) == {F1, F2, F3, L1, L2}
    for judgment in judgments.values():
        assert judgment.marks == {c.criterion: int(len(titles[c.criterion]) % 2 == 0)
                                  for c in judgment.calls}
    assert not any(re.search("RATIONALE|Examiners look for", p) for p in prompts)
