"""The group report: workspace scoring, LLM Judge judge/adjudicated means, formats, CLI."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from mini_bench import write_jsonl, write_mini_bench
from tiny_bert import LAYERS, build_tiny_bert

from anser_tui.benchmarks.anser.report_format import csv_columns, render_report, table_blocks
from anser_tui.cli import cli
from anser_tui.cli.console import report_table
from anser_tui.core.settings import BertScoreSettings
from anser_tui.exchange import import_run, init_workspace
from anser_tui.exchange.workspace_scores import (
    judge_values,
    score_workspace,
    workspace_report,
)
from anser_tui.review import ReviewSession
from anser_tui.workspace import Item, Judgment, JudgmentStatus, WorkspaceStore, add_judgments

RUN = [
    {"id": "legal_zh_prescriptive_1", "answer": "甲应返还借款本金",
     "retrieved_evidence": ["law_675", "law_1", "law_676"]},
    {"id": "legal_zh_prescriptive_2", "answer": "可以解除", "retrieved_evidence": ["law_716"]},
    {"id": "finance_zh_descriptive_12", "answer": "约1500亿元",
     "retrieved_evidence": ["600519_2023_annual"]},
    {"id": "finance_zh_descriptive_13", "answer": "选项C", "retrieved_evidence": []},
    {"id": "finance_zh_descriptive_201", "answer": "无法统计",
     "retrieved_evidence": ["600519", "000858", "000001"]},
    {"id": "science_en_predictive_1", "answer": "Exercise reduces symptoms.",
     "retrieved_evidence": ["A2", "A9", "A1"]},
]  # finance_zh_descriptive_104 is missing: an empty answer with no evidence
LOG = [{"id": "legal_zh_prescriptive_1", "latency_s": 2.0, "input_tokens": 1000,
        "output_tokens": 100},
       {"id": "legal_zh_prescriptive_2", "latency_s": 4.0, "input_tokens": 3000,
        "output_tokens": 300}]


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_bert(tmp_path_factory.mktemp("tiny-bert"))


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path, Path]:
    root = write_mini_bench(tmp_path / "bench")
    return root, write_jsonl(tmp_path / "run.jsonl", RUN), write_jsonl(tmp_path / "log.jsonl",
                                                                       LOG)


@pytest.fixture
def store(tmp_path: Path, files: tuple[Path, Path, Path]) -> WorkspaceStore:
    root, run, log = files
    store = init_workspace(tmp_path / "ws.db", "anser", root)
    import_run(store, run, "sys", log)
    return store


def tiny_settings(model: Path) -> BertScoreSettings:
    return BertScoreSettings(model_en=str(model), layers_en=LAYERS, model_zh=str(model),
                             layers_zh=LAYERS)


def test_workspace_scoring_writes_task_rows_and_caches_bertscore(
        store: WorkspaceStore, tiny_model: Path) -> None:
    [summary] = score_workspace(store, tiny_settings(tiny_model))
    assert (summary.n, summary.n_unparsed, summary.not_computed) == (7, 1, {})
    numeric = store.task_metrics("sys", "finance_zh_descriptive_12")
    assert numeric["SMAPE"] == (pytest.approx(200 * (1500 - 1476.94) / (1500 + 1476.94)),
                                "parsed: 1500")
    statistic = store.task_metrics("sys", "finance_zh_descriptive_201")
    assert statistic["MAE"] == (None, "unparsed: no number")
    assert statistic["Accuracy@10%"] == (0.0, "unparsed: no number")
    legal = store.task_metrics("sys", "legal_zh_prescriptive_1")
    assert legal["Latency"] == (2.0, None)
    assert legal["Token Usage"] == (1100.0, "input 1000, output 100")
    assert store.task_metrics("sys", "finance_zh_descriptive_104")["BERTScore-F1"] == (0.0, None)
    cached = store.conn.execute("SELECT COUNT(*) FROM bertscore_cache").fetchone()[0]
    assert cached == 3  # two legal answers and the science one; not the empty answer
    first = store.task_metrics("sys", "science_en_predictive_1")["BERTScore-F1"]
    score_workspace(store, tiny_settings(tiny_model), run="sys")
    assert store.task_metrics("sys", "science_en_predictive_1")["BERTScore-F1"] == first


def test_without_the_model_bertscore_says_why(store: WorkspaceStore) -> None:
    [summary] = score_workspace(store, BertScoreSettings())  # roberta-large: not offline
    assert "not available offline" in summary.not_computed["BERTScore-F1 (en)"]
    value, detail = store.task_metrics("sys", "science_en_predictive_1")["BERTScore-F1"]
    assert value is None and detail is not None and detail.startswith("not computed: model")
    rows = {(r.group, r.form.value): r for r in workspace_report(store, "sys")}
    science = rows[("science_en_predictive", "short")]
    assert science.metrics["BERTScore-F1"] is None
    assert science.notes["BERTScore-F1"].startswith("not computed: model roberta-large")
    assert science.metrics["Token-F1"] == pytest.approx(2 * 1 * 0.75 / 1.75)


def _judgment(task_id: str, status: JudgmentStatus, score: float | None) -> Judgment:
    return Judgment(run="sys", task_id=task_id, rubric_id="legal_prescriptive_zh",
                    status=status, raw="{}", score=score, latency_s=1.5, input_tokens=900,
                    output_tokens=60)


def test_llm_judge_and_adjudicated_side_by_side(store: WorkspaceStore) -> None:
    score_workspace(store, BertScoreSettings())
    add_judgments(store, [
        _judgment("legal_zh_prescriptive_1", JudgmentStatus.OK, 80.0),
        _judgment("legal_zh_prescriptive_2", JudgmentStatus.PARSE_ERROR, None),
        _judgment("finance_zh_descriptive_104", JudgmentStatus.INVALID, 30.0),
    ])
    row = next(r for r in workspace_report(store, "sys") if r.group == "legal_zh_prescriptive")
    assert row.metrics["LLM Judge"] == {"judge": 80.0, "adjudicated": 80.0, "n_judged": 1,
                                        "n_reviewed": 0, "n_in_dispute": 0, "left_out": 1}
    session = ReviewSession.create(store, "ann", "s1", False,
                                   [Item("sys", "legal_zh_prescriptive_2")])
    marks = dict.fromkeys(session.rubric(session.items[0]).keys, 2)  # every dimension 2 of 4
    decision = session.override(session.items[0], marks, None)
    assert decision.score == pytest.approx(50.0)
    row = next(r for r in workspace_report(store, "sys") if r.group == "legal_zh_prescriptive")
    assert row.metrics["LLM Judge"]["judge"] == 80.0
    assert row.metrics["LLM Judge"]["adjudicated"] == pytest.approx(65.0)
    assert row.metrics["LLM Judge"]["n_reviewed"] == 1
    assert row.judge_overhead is not None
    assert row.judge_overhead["Latency"] == {"mean": 1.5, "median": 1.5, "p95": 1.5}
    assert row.metrics["Latency"] == {"mean": 3.0, "median": 3.0, "p95": pytest.approx(3.9)}
    session.undo(session.items[0])
    assert judge_values(store, "sys").adjudicated == {"legal_zh_prescriptive_1": 80.0,
                                                      "finance_zh_descriptive_104": 30.0}


def test_report_formats(store: WorkspaceStore) -> None:
    score_workspace(store, BertScoreSettings())
    runs = [("sys", workspace_report(store, "sys"))]
    data = json.loads(render_report(runs, "json"))
    groups = data["runs"][0]["groups"]
    assert [(g["group"], g["form"]) for g in groups] == [
        ("legal_zh_prescriptive", "short"), ("finance_zh_descriptive", "numeric"),
        ("finance_zh_descriptive", "choice"), ("finance_zh_descriptive", "short"),
        ("finance_zh_descriptive", "statistic"), ("science_en_predictive", "short")]
    numeric = groups[1]
    assert set(numeric["metrics"]) == {"SMAPE", "Accuracy", "BERTScore-F1", "LLM Judge", "MAE",
                                       "Accuracy@10%", "Recall@5", "Precision@5",
                                       "Set Precision", "Set Recall", "Set F1", "Latency",
                                       "Token Usage"}
    assert numeric["notes"]["MAE"] == "n/a for this form"
    table = report_table(table_blocks(runs), 160)
    assert "finance_zh_descriptive" in table and "statistic" in table
    markdown = render_report(runs, "md")
    assert "### science_en_predictive" in markdown and "| form | n | n_unparsed |" in markdown
    rows = list(csv.DictReader(io.StringIO(render_report(runs, "csv"))))
    assert len(rows) == 6 and list(rows[0])[5:] == csv_columns()
    assert rows[4]["n_unparsed"] == "1" and rows[4]["Accuracy@10%"] == "0.0"
    assert rows[0]["Latency mean"] == "3.0" and rows[0]["LLM Judge judge"] == ""


def test_cli_stateless_score_json(files: tuple[Path, Path, Path], tmp_path: Path) -> None:
    root, run, log = files
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(cli, ["score", "--data", str(root), "--run-file", str(run),
                                      "--log", str(log), "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert len(data["tasks"]) == 7
    missing = next(t for t in data["tasks"] if t["id"] == "finance_zh_descriptive_104")
    assert missing["metrics"]["Recall@5"] == 0.0 and missing["metrics"]["LLM Judge"] is None
    choice = next(g for g in data["groups"] if g["form"] == "choice")
    assert (choice["n"], choice["n_unparsed"], choice["metrics"]["Accuracy"]) == (1, 0, 0.0)
    legal = data["groups"][0]
    assert legal["metrics"]["Token Usage"] == {"input_mean": 2000.0, "output_mean": 200.0,
                                               "total_mean": 2200.0, "total_sum": 4400.0}
    stdout = CliRunner().invoke(cli, ["score", "--data", str(root), "--run-file", str(run),
                                      "--json", "-"])
    assert json.loads(stdout.output)["groups"][1]["metrics"]["SMAPE"] == pytest.approx(
        200 * (1500 - 1476.94) / (1500 + 1476.94))


def test_cli_bad_input_exits_2(files: tuple[Path, Path, Path], tmp_path: Path) -> None:
    root, _, _ = files
    bad = write_jsonl(tmp_path / "bad.jsonl", [{"id": "finance_zh_descriptive_12",
                                                "answer": "1"}, {"id": "nope", "answer": "2"}])
    result = CliRunner().invoke(cli, ["score", "--data", str(root), "--run-file", str(bad),
                                      "--json", "-"])
    assert result.exit_code == 2 and "bad.jsonl:2:" in result.output
    neither = CliRunner().invoke(cli, ["score"])
    assert neither.exit_code == 2 and "--data DIR --run-file" in neither.output


def test_cli_score_then_report(store: WorkspaceStore, tmp_path: Path) -> None:
    # import-run stored every metric but BERTScore-F1: a report straight away
    store.close()
    ws = str(tmp_path / "ws.db")
    at_once = CliRunner().invoke(cli, ["report", ws, "--format", "json"])
    assert at_once.exit_code == 0, at_once.output
    legal = json.loads(at_once.output)["runs"][0]["groups"][0]
    assert (legal["group"], legal["n"], legal["metrics"]["R-Precision"]) == (
        "legal_zh_prescriptive", 2, 0.75)
    # a run whose metrics were deleted (by hand, or by an older release) says how to get them
    with WorkspaceStore.open(Path(ws)) as emptied:
        emptied.replace_metrics("sys", [])
    before = CliRunner().invoke(cli, ["report", ws, "--format", "json"])
    assert before.exit_code == 2 and "no metrics yet" in before.output
    scored = CliRunner().invoke(cli, ["score", ws, "--run", "sys"])
    assert scored.exit_code == 0 and "scored run 'sys': 7 tasks, 1 unparsed" in scored.output
    report = CliRunner().invoke(cli, ["report", ws, "--format", "json"])
    assert report.exit_code == 0
    assert json.loads(report.output)["runs"][0]["run"] == "sys"
