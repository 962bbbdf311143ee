"""`import-run` stores every metric but BERTScore-F1 with the run, in the import's transaction:
the scorer reads the data folder (the Chinese rules' keys), a failure writes nothing, and
BERTScore-F1 cells say how to get them or why they cannot be had here."""

from __future__ import annotations

import hashlib
import json
import shutil
import signal
from pathlib import Path

import pytest
from click.testing import CliRunner
from kill_import import kill_import_at
from mini_bench import write_jsonl, write_mini_bench
from tiny_bert import LAYERS, build_tiny_bert
from workspace_dump import dump_sha

from anser_tui.cli import cli
from anser_tui.core.settings import BertScoreSettings
from anser_tui.exchange import import_run, init_workspace
from anser_tui.workspace import WorkspaceStore

RULES = "上海证券交易所股票上市规则"
FINANCE_ZH_PRESCRIPTIVE = [
    {"id": "finance_zh_prescriptive_1", "type": None, "query": "担保程序是否合规？",
     "instruction": "简要回答。", "ground_truth": "不合规，应提交股东大会审议。",
     "evidence": [{"law_name": RULES, "item": "第6.1.10条"}, {"law_name": RULES,
                                                             "item": "第15.1条"}]},
]
RULE_LINES = [{"id": "rule_1", "law_name": RULES, "item": "第6.1.10条", "content": "担保..."},
              {"id": "rule_2", "law_name": RULES, "item": "第15.1条", "content": "及时..."}]
RUN = [
    {"id": "finance_zh_prescriptive_1", "answer": "不合规。",
     "retrieved_evidence": [{"type": "rule", "id": "rule_2"}, "rule_9"]},
    {"id": "finance_zh_descriptive_12", "answer": "约1500亿元", "retrieved_evidence": []},
    {"id": "science_en_predictive_1", "answer": "Exercise reduces symptoms.",
     "retrieved_evidence": ["A2", "A9", "A1"]},
]
LOG = [{"id": "science_en_predictive_1", "latency_s": 3.5, "input_tokens": 40,
        "output_tokens": 2}]


def _bench(root: Path) -> Path:
    data = write_mini_bench(root, {"finance/zh/prescriptive.json": FINANCE_ZH_PRESCRIPTIVE})
    rules = data / "corpora" / "finance" / "zh" / "regulatory_rules.jsonl"
    rules.parent.mkdir(parents=True)
    write_jsonl(rules, RULE_LINES)
    return data


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    init_workspace(tmp_path / "ws.db", "anser", _bench(tmp_path / "bench")).close()
    return tmp_path / "ws.db"



def _metrics(path: Path, task_id: str) -> dict[str, tuple[float | None, str | None]]:
    with WorkspaceStore.open(path) as store:
        return store.task_metrics("sys", task_id)


def _tiny_config(config: Path, model: Path) -> None:
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f'[bertscore]\nmodel_en = "{model}"\nlayers_en = {LAYERS}\n'
                      f'model_zh = "{model}"\nlayers_zh = {LAYERS}\n', encoding="utf-8")


def test_import_run_scores_everything_but_bertscore(workspace: Path, tmp_path: Path,
                                                    isolated_settings: Path) -> None:
    _tiny_config(isolated_settings, build_tiny_bert(tmp_path / "tiny"))
    run, log = write_jsonl(tmp_path / "run.jsonl", RUN), write_jsonl(tmp_path / "log.jsonl", LOG)
    result = CliRunner().invoke(cli, ["import-run", str(workspace), str(run), "--name", "sys",
                                      "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "imported run 'sys': 3 outputs; scored 8 tasks, 2 unparsed; BERTScore-F1 (en) not "
        "computed: BERTScore runs with `anser-tui score`; BERTScore-F1 (zh) not computed: "
        "BERTScore runs with `anser-tui score`\n")
    # the rule id retrieved resolves to (law_name, item) through the data folder's rules file
    rules = _metrics(workspace, "finance_zh_prescriptive_1")
    assert rules["Recall@5"] == (0.5, None) and rules["R-Precision"] == (0.5, None)
    assert rules["BERTScore-F1"] == (None, "not computed: BERTScore runs with `anser-tui score`")
    science = _metrics(workspace, "science_en_predictive_1")
    assert science["Token-F1"][0] == pytest.approx(2 * 1 * 0.75 / 1.75)
    assert science["Precision@5"] == (pytest.approx(2 / 5), None)
    assert science["Latency"] == (3.5, None)
    assert _metrics(workspace, "finance_zh_descriptive_12")["SMAPE"] == (
        pytest.approx(200 * (1500 - 1476.94) / (1500 + 1476.94)), "parsed: 1500")
    # an empty answer needs no model: BERTScore-F1 0, as `score` gives it
    assert _metrics(workspace, "finance_zh_descriptive_104")["BERTScore-F1"] == (0.0, None)

    report = CliRunner().invoke(cli, ["report", str(workspace), "--format", "json"])
    assert report.exit_code == 0, report.output
    groups = {(g["group"], g["form"]): g for g in json.loads(report.output)["runs"][0]["groups"]}
    science_row = groups[("science_en_predictive", "short")]
    assert science_row["metrics"]["Token-F1"] == pytest.approx(2 * 0.75 / 1.75)
    assert science_row["notes"]["BERTScore-F1"] == ("not computed: BERTScore runs with "
                                                    "`anser-tui score`")

    scored = CliRunner().invoke(cli, ["score", str(workspace), "--run", "sys"])
    assert scored.exit_code == 0, scored.output
    assert scored.stdout == "scored run 'sys': 8 tasks, 2 unparsed\n"
    value, detail = _metrics(workspace, "science_en_predictive_1")["BERTScore-F1"]
    assert value is not None and 0 < value <= 1 and detail is None
    assert _metrics(workspace, "finance_zh_prescriptive_1")["Recall@5"] == (0.5, None)


def test_without_the_model_bertscore_cells_give_its_reason(workspace: Path,
                                                          tmp_path: Path) -> None:
    with WorkspaceStore.open(workspace) as store:
        imported = import_run(store, write_jsonl(tmp_path / "run.jsonl", RUN), "sys",
                              bertscore=BertScoreSettings(model_zh="/no/such/model"))
    assert imported.n_outputs == 3
    # unparsed: the choice and statistic tasks missing from the run (empty answers)
    assert (imported.scored.n, imported.scored.n_unparsed) == (8, 2)
    assert imported.scored.not_computed == {
        "BERTScore-F1 (zh)": "model folder /no/such/model does not exist",
        "BERTScore-F1 (en)": "model roberta-large is not available offline (not a folder, "
                             "not in the local cache)"}
    assert _metrics(workspace, "finance_zh_prescriptive_1")["BERTScore-F1"] == (
        None, "not computed: model folder /no/such/model does not exist")


def test_an_import_whose_scoring_fails_writes_nothing(workspace: Path, tmp_path: Path) -> None:
    rules = tmp_path / "bench" / "corpora" / "finance" / "zh" / "regulatory_rules.jsonl"
    with rules.open("a", encoding="utf-8") as handle:
        handle.write("[1, 2]\n")
    before = dump_sha(workspace)
    run = write_jsonl(tmp_path / "run.jsonl", RUN)
    result = CliRunner().invoke(cli, ["import-run", str(workspace), str(run), "--name", "sys"])
    assert result.exit_code == 2
    assert result.stderr == (f"anser-tui: error: {rules}:3: each line must be a JSON object\n")
    assert dump_sha(workspace) == before


def test_import_run_finds_a_moved_data_folder_with_data(workspace: Path, tmp_path: Path) -> None:
    moved = tmp_path / "elsewhere" / "bench"
    moved.parent.mkdir()
    shutil.move(tmp_path / "bench", moved)
    run = write_jsonl(tmp_path / "run.jsonl", RUN)
    lost = CliRunner().invoke(cli, ["import-run", str(workspace), str(run), "--name", "sys"])
    assert lost.exit_code == 2 and "give it with --data DIR" in lost.stderr
    with WorkspaceStore.open(workspace) as store:
        assert store.run_names() == []
    found = CliRunner().invoke(cli, ["import-run", str(workspace), str(run), "--name", "sys",
                                     "--data", str(moved)])
    assert found.exit_code == 0, found.output
    assert _metrics(workspace, "finance_zh_prescriptive_1")["Recall@5"] == (0.5, None)




def test_the_run_and_its_metrics_are_one_transaction(workspace: Path, tmp_path: Path) -> None:
    run, log = write_jsonl(tmp_path / "run.jsonl", RUN), write_jsonl(tmp_path / "log.jsonl", LOG)
    file_before = hashlib.sha256(workspace.read_bytes()).hexdigest()
    dump_before = dump_sha(workspace)
    done = kill_import_at("INSERT INTO metrics", workspace, run, log)
    assert done.returncode == -signal.SIGKILL, done.stdout + done.stderr
    assert hashlib.sha256(workspace.read_bytes()).hexdigest() == file_before
    assert dump_sha(workspace) == dump_before
    with WorkspaceStore.open(workspace) as store:
        assert store.run_names() == []
