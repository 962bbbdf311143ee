"""The demo run's full report against values this test works out on its own.

Nothing from anser_tui.scoring is used for the expected side: the forms come from the README's
question ranges, the columns from its metric tables, and every metric is recomputed here from
the demo's raw files (task JSON, run, log, judge outputs, the rule corpus) with plain Python,
scikit-learn, numpy and bert_score called directly (with a tiny BERT built for the test).
"""

from __future__ import annotations

import json
import math
import re
import statistics
import string
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sklearn.metrics import precision_recall_fscore_support
from tiny_bert import LAYERS, build_tiny_bert

from anser_tui.core.settings import BertScoreSettings
from anser_tui.demo import build_demo, build_demo_workspace, demo_files
from anser_tui.exchange.stateless import score_files
from anser_tui.exchange.workspace_scores import workspace_report
from anser_tui.workspace import WorkspaceStore

DEMO_RUN = demo_files("anser").run
BIG = 10**6
# README "Task Inventory": answer forms by question number.
FORMS = {
    "finance_zh_descriptive": [(1, 12, "numeric"), (13, 103, "choice"), (104, 200, "short"),
                               (201, 300, "statistic")],
    "finance_zh_predictive": [(1, 60, "choice"), (61, 88, "numeric"), (89, 100, "choice"),
                              (101, 200, "short")],
    "finance_en_descriptive": [(1, 47, "numeric"), (48, 99, "choice"), (100, 200, "short"),
                               (201, 300, "statistic")],
    "finance_en_predictive": [(1, 60, "numeric"), (61, 120, "choice"), (121, 200, "short")],
    "finance_en_prescriptive": [(1, 200, "short"), (201, 300, "structured")],
}
SINGLE = {"legal_zh_descriptive": "statistic", "legal_en_descriptive": "statistic",
          "legal_zh_predictive": "structured", "legal_en_predictive": "structured"}
SHORT, TOP5, RANK = ["BERTScore-F1", "LLM Judge"], ["Recall@5", "Precision@5"], ["Recall@5"]
SETS = ["Set Precision", "Set Recall", "Set F1"]
STAT = ["MAE", "Accuracy@10%"]
# README "Evaluation Metrics": (answer metrics, evidence metrics) per (group, form).
METRICS: dict[tuple[str, str], tuple[list[str], list[str]]] = {
    ("legal_zh_descriptive", "statistic"): (STAT, SETS),
    ("legal_en_descriptive", "statistic"): (STAT, SETS),
    ("legal_zh_predictive", "structured"): (
        ["Relation Accuracy", "MAE(log OR)", "MAE(median difference)"], SETS),
    ("legal_en_predictive", "structured"): (["Relation Accuracy", "MAE(log OR)"], SETS),
    ("legal_zh_prescriptive", "short"): (SHORT, ["Recall@5", "R-Precision"]),
    ("legal_en_prescriptive", "short"): (SHORT, ["Recall@5", "MRR"]),
    ("finance_zh_prescriptive", "short"): (SHORT, ["Recall@5", "R-Precision"]),
    ("finance_en_prescriptive", "short"): (SHORT, ["Recall@5", "R-Precision"]),
    ("finance_en_prescriptive", "structured"): (["Rule Accuracy", "SMAPE"],
                                                ["Recall@5", "R-Precision"]),
    ("science_en_descriptive", "short"): (["Token-F1", *SHORT], TOP5),
    ("science_en_predictive", "short"): (["Token-F1", *SHORT], TOP5),
}
for _group in ("finance_zh_descriptive", "finance_zh_predictive", "finance_en_descriptive",
               "finance_en_predictive"):
    METRICS[(_group, "numeric")] = (["SMAPE"], TOP5)
    METRICS[(_group, "choice")] = (["Accuracy"], TOP5)
    METRICS[(_group, "short")] = (SHORT, TOP5)
    if _group.endswith("descriptive"):
        METRICS[(_group, "statistic")] = (STAT, SETS)
POSITIVE = {"是", "对", "正确", "yes", "true", "compliant"}
NEGATIVE = {"否", "错", "错误", "no", "false", "non-compliant"}


def form_of(group: str, task_id: str) -> str:
    if group in SINGLE:
        return SINGLE[group]
    number = int(task_id.rsplit("_", 1)[1])
    return next((f for lo, hi, f in FORMS.get(group, [(1, BIG, "short")]) if lo <= number <= hi))


def nfkc(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


def number(value: Any) -> float | None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if not isinstance(value, str):
        return None
    match = re.search(r"-?\d+(?:\.\d+)?", re.sub(r"(?<=\d),(?=\d{3})", "", nfkc(value)))
    return float(match.group()) if match else None


def choice(value: Any) -> Any:
    text = nfkc(str(value)).strip("。. ")
    if re.fullmatch(r"[A-Z](?:\s*,\s*[A-Z])*|[A-Z]+", text):
        return frozenset(re.findall(r"[A-Z]", text))
    word = text.lower()
    return True if word in POSITIVE else False if word in NEGATIVE else None


def json_object(value: Any) -> dict[str, Any] | None:
    if isinstance(value, dict):
        obj = value
    elif isinstance(value, str) and "{" in value:
        try:
            obj = json.loads(value[value.index("{"): value.rindex("}") + 1])
        except ValueError:
            return None
    else:
        return None
    return {re.sub(r"[\s_-]", "", k.lower()): v for k, v in obj.items()}


def squad_f1(prediction: str, truth: str) -> float:
    def norm(s: str) -> list[str]:
        s = "".join(ch for ch in s.lower() if ch not in set(string.punctuation))
        return re.sub(r"\b(a|an|the)\b", " ", s).split()

    p, g = norm(prediction), norm(truth)
    if not p and not g:
        return 1.0
    same = sum((Counter(p) & Counter(g)).values())
    return 0.0 if same == 0 else 2 * same / (len(p) + len(g))


def ident(element: Any, rules: dict[str, tuple[str, str]]) -> Any:
    if isinstance(element, dict) and "law_name" in element:
        return (nfkc(element["law_name"]), nfkc(element["item"]))
    key = nfkc(str(element["id"] if isinstance(element, dict) else element))
    return rules.get(key, key)


def set_prf(a: list[Any], g: list[Any]) -> list[float]:
    if not a and not g:
        return [1.0, 1.0, 1.0]
    if not a or not g:
        return [0.0, 0.0, 0.0]
    universe = sorted(set(a) | set(g), key=str)
    p, r, f, _ = precision_recall_fscore_support([u in g for u in universe],
                                                 [u in a for u in universe],
                                                 average="binary", zero_division=0)
    return [float(p), float(r), float(f)]


def expected_task(group: str, form: str, task: dict[str, Any], out: dict[str, Any] | None,
                  rules: dict[str, tuple[str, str]]) -> tuple[dict[str, float | None], bool]:
    answer = out["answer"] if out else None
    truth = task["ground_truth"]
    values: dict[str, float | None] = {}
    unparsed = False
    if form in ("numeric", "statistic"):
        p, g = number(answer), number(truth)
        assert g is not None
        unparsed = p is None
        if form == "numeric":
            values["SMAPE"] = 200.0 if p is None else (
                0.0 if p == g == 0 else 200 * abs(p - g) / (abs(p) + abs(g)))
        else:
            values["MAE"] = None if p is None else abs(p - g)
            values["Accuracy@10%"] = 0.0 if p is None else float(
                abs(p - g) <= 0.1 * abs(g) + 1e-9 if g else p == 0)
    elif form == "choice":
        got, want = choice(answer) if answer is not None else None, choice(truth)
        assert want is not None
        unparsed = got is None
        values["Accuracy"] = float(got == want)
    elif form == "structured":
        obj, gobj = json_object(answer), json_object(truth)
        assert gobj is not None
        obj = obj or {}
        if group == "finance_en_prescriptive":
            values["Rule Accuracy"] = float(
                nfkc(str(obj.get("ruleid", ""))).lower() == nfkc(gobj["ruleid"]).lower())
            p, g = number(obj.get("value")), float(gobj["value"])
            unparsed = p is None
            values["SMAPE"] = 200.0 if p is None else (
                0.0 if p == g == 0 else 200 * abs(p - g) / (abs(p) + abs(g)))
        else:
            values["Relation Accuracy"] = float(str(obj.get("option", "")).upper()
                                                == gobj["option"])
            for name, key in (("MAE(log OR)", "oddsratio"),
                              ("MAE(median difference)", "mediandifference")):
                if key not in gobj:
                    values[name] = None
                    continue
                p = number(obj.get(key))
                if p is None or (key == "oddsratio" and p <= 0):
                    unparsed, values[name] = True, None
                elif key == "oddsratio":
                    values[name] = abs(math.log(p) - math.log(gobj[key]))
                else:
                    values[name] = abs(p - gobj[key])
    elif group.startswith("science"):
        values["Token-F1"] = squad_f1(answer or "", truth)
    retrieved = list(dict.fromkeys(ident(e, rules) for e in (out or {}).get(
        "retrieved_evidence", [])))
    gold = list(dict.fromkeys(ident(e, rules) for e in task["evidence"]))
    hits = [r in gold for r in retrieved]
    p, r, f = set_prf(retrieved, gold)
    values.update({"Set Precision": p, "Set Recall": r, "Set F1": f,
                   "Recall@5": sum(hits[:5]) / len(gold), "Precision@5": sum(hits[:5]) / 5,
                   "R-Precision": sum(hits[:len(gold)]) / len(gold),
                   "MRR": next((1 / (i + 1) for i, h in enumerate(hits) if h), 0.0)})
    return values, unparsed


def judge_score(output: Any) -> float | None:
    score = (json_object(output) or {}).get("score0100")
    return float(score) if isinstance(score, int | float) and 0 <= score <= 100 else None


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Path, Path]:
    root = tmp_path_factory.mktemp("demo")
    paths = build_demo("anser", root / "data")
    model = build_tiny_bert(root / "tiny-bert")
    settings = BertScoreSettings(model_en=str(model), layers_en=LAYERS, model_zh=str(model),
                                 layers_zh=LAYERS)
    build_demo_workspace(paths, root / "demo.db", settings)
    return paths, root / "demo.db", model


def expected_rows(paths: Any, model: Path) -> dict[tuple[str, str], dict[str, Any]]:
    import bert_score

    bench = paths.data_dir / "benchmark"
    rules = {nfkc(r["id"]): (nfkc(r["law_name"]), nfkc(r["item"])) for r in map(
        json.loads, (paths.data_dir / "corpora/finance/zh/regulatory_rules.jsonl").open())}
    outputs = {r["id"]: r for r in map(json.loads, paths.run_file.open())}
    logs = {r["id"]: r for r in map(json.loads, paths.log_file.open())}
    judged = {r["id"]: judge_score(r["output"]) for r in map(json.loads,
                                                             paths.judgments_file.open())}
    rows: dict[tuple[str, str], dict[str, Any]] = defaultdict(lambda: {"tasks": []})
    for file in sorted(bench.rglob("*.json")):
        for task in json.loads(file.read_text(encoding="utf-8")):
            group = task["id"].rsplit("_", 1)[0]
            form = form_of(group, task["id"])
            out = outputs.get(task["id"])
            values, unparsed = expected_task(group, form, task, out, rules)
            if form == "short":
                answer = (out or {}).get("answer") or ""
                truth = task["ground_truth"]
                values["BERTScore-F1"] = float(bert_score.score(
                    [answer], [truth], model_type=str(model), num_layers=LAYERS)[2][0]) \
                    if answer.strip() else 0.0
                values["LLM Judge"] = judged.get(task["id"])
            rows[(group, form)]["tasks"].append((task["id"], values, unparsed))
    out_rows = {}
    for key, row in rows.items():
        answer_metrics, evidence_metrics = METRICS[key]
        tasks = row["tasks"]
        metrics: dict[str, Any] = {}
        for name in answer_metrics + evidence_metrics:
            present = [v[name] for _, v, _ in tasks if v.get(name) is not None]
            metrics[name] = statistics.fmean(present) if present else None
        if "LLM Judge" in metrics:
            judge = [v["LLM Judge"] for _, v, _ in tasks if v["LLM Judge"] is not None]
            metrics["LLM Judge"] = {"judge": statistics.fmean(judge),
                                    "left_out": len(tasks) - len(judge)}
        records = [logs[t] for t, _, _ in tasks if t in logs]
        latencies = [r["latency_s"] for r in records]
        totals = [sum(c["input_tokens"] + c["output_tokens"] for c in r["calls"])
                  for r in records]
        metrics["Latency"] = {"mean": np.mean(latencies), "median": np.median(latencies),
                              "p95": np.percentile(latencies, 95)} if records else None
        metrics["Token Usage"] = {"total_mean": np.mean(totals),
                                  "total_sum": sum(totals)} if records else None
        out_rows[key] = {"n": len(tasks), "n_unparsed": sum(u for _, _, u in tasks),
                         "metrics": metrics}
    return out_rows


def test_demo_report_matches_independent_values(demo: tuple[Any, Path, Path]) -> None:
    paths, workspace, model = demo
    expected = expected_rows(paths, model)
    store = WorkspaceStore.open(workspace)
    try:
        rows = {(r.group, r.form.value): r for r in workspace_report(store, DEMO_RUN)}
    finally:
        store.close()
    assert set(rows) == set(METRICS)  # every (group, form) of DESIGN section 4
    for key, want in expected.items():
        row = rows[key]
        assert (row.n, row.n_unparsed) == (want["n"], want["n_unparsed"]), key
        answer_metrics, evidence_metrics = METRICS[key]
        columns = {n for k, (a, e) in METRICS.items() if k[0] == key[0] for n in a + e}
        assert set(row.metrics) == columns | {"Latency", "Token Usage"}, key
        for name in set(row.metrics) - set(answer_metrics + evidence_metrics) - {
                "Latency", "Token Usage"}:
            assert row.metrics[name] is None, (key, name)  # a column of another form
        for name, value in want["metrics"].items():
            got = row.metrics[name]
            if isinstance(value, dict):
                assert got is not None, (key, name)
                for part, number_ in value.items():
                    assert got[part] == pytest.approx(number_, abs=1e-6), (key, name, part)
            else:
                assert got == pytest.approx(value, abs=1e-6), (key, name)


def test_stateless_json_matches_the_workspace(demo: tuple[Any, Path, Path]) -> None:
    paths, workspace, model = demo
    settings = BertScoreSettings(model_en=str(model), layers_en=LAYERS, model_zh=str(model),
                                 layers_zh=LAYERS)
    data = score_files(paths.data_dir, paths.run_file, paths.log_file, settings)
    store = WorkspaceStore.open(workspace)
    try:
        rows = {(r.group, r.form.value): r for r in workspace_report(store, DEMO_RUN)}
    finally:
        store.close()
    assert len(data["groups"]) == len(METRICS) == 25
    for group in data["groups"]:
        row = rows[(group["group"], group["form"])]
        assert (group["n"], group["n_unparsed"]) == (row.n, row.n_unparsed)
        for name, value in group["metrics"].items():
            if name == "LLM Judge":
                assert value is None  # no judgments without a workspace
            else:
                assert value == pytest.approx(row.metrics[name]), (group["group"], name)
