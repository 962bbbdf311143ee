"""The embedded demo: layout, forms by question range, gold evidence, corpora, run and judge."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from scipy import stats

from anser_tui.demo import DemoPaths, build_demo

# fmt: off
TASK_FILES = {
    "legal_zh_descriptive": "legal/zh/descriptive.json",
    "legal_zh_predictive": "legal/zh/predictive.json",
    "legal_zh_prescriptive": "legal/zh/prescriptive.json",
    "legal_en_descriptive": "legal/en/descriptive.json",
    "legal_en_predictive": "legal/en/predictive.json",
    "legal_en_prescriptive": "legal/en/prescriptive.json",
    "finance_zh_descriptive": "finance/zh/descriptive.json",
    "finance_zh_predictive": "finance/zh/predictive.json",
    "finance_zh_prescriptive": "finance/zh/prescriptive.json",
    "finance_en_descriptive": "finance/en/descriptive.json",
    "finance_en_predictive": "finance/en/predictive.json",
    "finance_en_prescriptive": "finance/en/prescriptive.json",
    "science_en_descriptive": "science/descriptive.json",
    "science_en_predictive": "science/predictive.json",
}
# README task counts: question numbers run from 1 to these
TASK_COUNTS = {
    "legal_zh_descriptive": 200, "legal_zh_predictive": 100, "legal_zh_prescriptive": 100,
    "legal_en_descriptive": 200, "legal_en_predictive": 95, "legal_en_prescriptive": 57,
    "finance_zh_descriptive": 300, "finance_zh_predictive": 200, "finance_zh_prescriptive": 100,
    "finance_en_descriptive": 300, "finance_en_predictive": 200, "finance_en_prescriptive": 300,
    "science_en_descriptive": 20, "science_en_predictive": 63,
}
# DESIGN section 4: forms by question number (inclusive ranges); other groups have one form
RANGES = {
    "finance_zh_descriptive": [(1, 12, "numeric"), (13, 103, "choice"), (104, 200, "short"),
                               (201, 300, "statistic")],
    "finance_zh_predictive": [(1, 60, "choice"), (61, 88, "numeric"), (89, 100, "choice"),
                              (101, 200, "short")],
    "finance_en_descriptive": [(1, 47, "numeric"), (48, 99, "choice"), (100, 200, "short"),
                               (201, 300, "statistic")],
    "finance_en_predictive": [(1, 60, "numeric"), (61, 120, "choice"), (121, 200, "short")],
    "finance_en_prescriptive": [(1, 200, "short"), (201, 300, "structured")],
}
SINGLE_FORM = {
    "legal_zh_descriptive": "statistic", "legal_zh_predictive": "structured",
    "legal_zh_prescriptive": "short", "legal_en_descriptive": "statistic",
    "legal_en_predictive": "structured", "legal_en_prescriptive": "short",
    "finance_zh_prescriptive": "short", "science_en_descriptive": "short",
    "science_en_predictive": "short",
}
# DESIGN section 6: judge dimensions in prompt order with their weights
RUBRICS = {
    "legal_zh": {"conclusion": 0.40, "rule_citation": 0.25, "rule_application": 0.20,
                 "ground_truth_consistency": 0.10, "format": 0.05},
    "legal_en": {"conclusion": 0.40, "precedent": 0.25, "application": 0.20,
                 "ground_truth_consistency": 0.10, "format": 0.05},
    "finance": {"conclusion": 0.40, "fact_coverage": 0.25, "ground_truth_consistency": 0.20,
                "no_hallucination": 0.10, "format": 0.05},
    "finance_zh_prescriptive": {"conclusion": 0.40, "rule_citation": 0.25,
                                "rule_application": 0.20, "uncertainty": 0.10, "format": 0.05},
    "regbench": {"conclusion": 0.35, "rule_citation": 0.25, "calculation": 0.25,
                 "conditions": 0.10, "format": 0.05},
    "science": {"conclusion": 0.45, "coverage": 0.25, "ground_truth_consistency": 0.20,
                "format": 0.10},
}
# docs/corpora.md: every table and its columns
SQLITE_SCHEMAS = {
    "legal/zh/legal_wenshu.db": {
        "cases": ["anhao", "anyou", "wenshuleixing", "fayuanmingcheng", "caipanriqi",
                  "shenpanchengxu", "wenshu_content"],
        "case_features": ["id", "anhao", "feature_name", "feature_value"],
    },
    "legal/en/legal_cases.db": {
        "case_record": ["case_id", "cluster_id", "case_name", "court", "decision_date",
                        "docket_number", "jurisdiction"],
        "opinion": ["opinion_id", "case_id", "opinion_type", "author", "text"],
        "feature": ["feature_id", "case_id", "name", "value"],
        "search_document": ["doc_id", "case_id", "cluster_id", "title", "text"],
    },
    "legal/en/precedents.sqlite": {"documents": ["docid", "case_text", "corpus_role"]},
    "finance/zh/finance_reports.sqlite": {
        "companies": ["stock_code", "company_name", "industry", "exchange", "listing_date"],
        "reports": ["report_id", "stock_code", "fiscal_year", "report_period", "report_type",
                    "title", "publish_date", "split"],
        "financial_fields": ["report_id", "revenue", "net_profit", "total_assets",
                             "total_liabilities", "operating_cash_flow", "eps", "roe", "split"],
        "report_chunks": ["chunk_id", "report_id", "section", "chunk_index", "text", "split"],
    },
    "finance/en/finance_reports.sqlite": {
        "companies": ["cik", "name", "ticker", "sic", "state"],
        "filings": ["accession", "cik", "form", "fiscal_year", "fiscal_period", "report_date",
                    "filed_date", "split"],
        "financial_facts": ["accession", "revenues", "net_income", "total_assets",
                            "total_liabilities", "operating_cash_flow", "eps_diluted", "split"],
        "sections": ["section_id", "accession", "item", "title", "text", "split"],
    },
    "finance/en/audit_rules.sqlite": {
        "dqc_rules": ["rule_id", "name", "description", "severity"],
        "filing_facts": ["fact_id", "accession", "company_name", "concept", "value", "unit",
                         "period_end", "context"],
        "filing_relationships": ["id", "accession", "parent_concept", "child_concept", "weight"],
        "taxonomy_concepts": ["concept", "label", "balance", "period_type"],
        "taxonomy_relationships": ["id", "parent", "child", "arcrole"],
    },
    "finance/en/12_CFR_Part_217.sqlite": {
        "paragraphs": ["paragraph_id", "section", "heading", "text"],
    },
}
JSONL_FIELDS = {
    "legal/zh/law_corpus.jsonl": {"id", "law_name", "item", "content"},
    "finance/zh/regulatory_rules.jsonl": {"id", "law_name", "item", "content"},
    "science/articles.jsonl": {"ID", "pmid", "title", "abstract", "authors", "journal", "doi",
                               "year", "sections", "pmc_id"},
}
BINARY_KEYS = {"option", "n", "rate_x", "rate_not_x", "odds_ratio", "p_value"}
CONTINUOUS_KEYS = {"option", "n", "median_x", "median_not_x", "median_difference", "ci_95"}
# fmt: on


def group_of(task_id: str) -> str:
    return task_id.rsplit("_", 1)[0]


def number_of(task_id: str) -> int:
    return int(task_id.rsplit("_", 1)[1])


def form_of(task_id: str) -> str:
    group, number = group_of(task_id), number_of(task_id)
    if group in SINGLE_FORM:
        return SINGLE_FORM[group]
    return next(form for low, high, form in RANGES[group] if low <= number <= high)


def rubric_of(task_id: str) -> dict[str, float]:
    group = group_of(task_id)
    if group == "finance_en_prescriptive":
        return RUBRICS["regbench"]
    for prefix in ("finance_zh_prescriptive", "legal_zh", "legal_en", "finance", "science"):
        if group.startswith(prefix):
            return RUBRICS[prefix]
    raise KeyError(task_id)


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def first_object(output: str | dict[str, Any]) -> dict[str, Any] | None:
    """The judge output's first JSON object, or None when there is none that parses."""
    if isinstance(output, dict):
        return output
    start = output.find("{")
    if start < 0:
        return None
    try:
        value, _ = json.JSONDecoder().raw_decode(output[start:])
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> DemoPaths:
    return build_demo("anser", tmp_path_factory.mktemp("demo") / "data")


@pytest.fixture(scope="module")
def tasks(demo: DemoPaths) -> dict[str, dict[str, Any]]:
    result = {}
    for group, relative in TASK_FILES.items():
        for task in json.loads((demo.data_dir / "benchmark" / relative).read_text("utf-8")):
            assert group_of(task["id"]) == group
            result[task["id"]] = task
    return result


def corpus(demo: DemoPaths, relative: str) -> Path:
    return demo.data_dir / "corpora" / relative


def column(demo: DemoPaths, relative: str, sql: str) -> set[Any]:
    db = sqlite3.connect(f"file:{corpus(demo, relative)}?mode=ro", uri=True)
    try:
        return {row[0] for row in db.execute(sql)}
    finally:
        db.close()


def test_the_fourteen_task_files_parse_with_the_schema_fields(
    demo: DemoPaths, tasks: dict[str, dict[str, Any]]
) -> None:
    paths = sorted(
        p.relative_to(demo.data_dir / "benchmark").as_posix()
        for p in (demo.data_dir / "benchmark").rglob("*.json")
    )
    assert paths == sorted(TASK_FILES.values())
    assert 60 <= len(tasks) <= 80
    for task_id, task in tasks.items():
        assert set(task) == {"id", "type", "query", "instruction", "ground_truth", "evidence"}
        assert 1 <= number_of(task_id) <= TASK_COUNTS[group_of(task_id)]
        assert task["query"] and task["instruction"] and task["evidence"]
        chinese = re.search(r"[\u4e00-\u9fff]", task["query"] + task["instruction"]) is not None
        assert chinese == ("_zh_" in task_id), task_id


def test_every_group_and_form_is_present_with_its_range_boundaries(
    tasks: dict[str, dict[str, Any]],
) -> None:
    expected = {(g, f) for g, f in SINGLE_FORM.items()}
    expected |= {(g, form) for g, ranges in RANGES.items() for _, _, form in ranges}
    present = Counter((group_of(task_id), form_of(task_id)) for task_id in tasks)
    assert set(present) == expected
    assert all(3 <= count <= 5 for count in present.values()), present
    numbers = {(group_of(t), number_of(t)) for t in tasks}
    for group, ranges in RANGES.items():
        for low, high, _ in ranges:
            assert (group, low) in numbers and (group, high) in numbers, (group, low, high)


def test_ground_truth_shapes_follow_the_form(tasks: dict[str, dict[str, Any]]) -> None:
    numeric = [t["ground_truth"] for t in tasks.values() if form_of(t["id"]) == "numeric"]
    assert any(v < 0 for v in numeric) and 0 in numeric
    for task in tasks.values():
        truth, form = task["ground_truth"], form_of(task["id"])
        if form == "statistic":
            assert truth == len(task["evidence"]) == len(set(task["evidence"]))
        elif form == "choice":
            assert re.fullmatch(r"[A-D]+|是|否|Yes|No", truth), task["id"]
            if truth not in ("是", "否", "Yes", "No"):
                assert all(f"{x}. " in task["instruction"] for x in "ABCD"), task["id"]
        elif form == "short":
            assert isinstance(truth, str) and len(truth) > 40
        elif form == "numeric":
            assert isinstance(truth, int | float)
        elif task["type"] == "FinAuditing":
            assert set(truth) == {"rule_id", "value"} and isinstance(truth["value"], float)
        else:
            assert set(truth) in (BINARY_KEYS, CONTINUOUS_KEYS), task["id"]
            assert truth["option"] in ("A", "B", "C") and truth["n"] == len(task["evidence"])
    kinds = {
        group: {
            set(t["ground_truth"]) == BINARY_KEYS for i, t in tasks.items() if group_of(i) == group
        }
        for group in ("legal_zh_predictive", "legal_en_predictive")
    }
    assert kinds == {"legal_zh_predictive": {True, False}, "legal_en_predictive": {True}}


def test_statistics_and_associations_agree_with_the_corpora(
    demo: DemoPaths, tasks: dict[str, dict[str, Any]]
) -> None:
    large_loans = column(
        demo,
        "legal/zh/legal_wenshu.db",
        """
        SELECT c.anhao FROM cases c JOIN case_features f ON f.anhao = c.anhao
        WHERE c.anyou = '民间借贷纠纷' AND c.shenpanchengxu = '一审'
          AND c.caipanriqi LIKE '2021-%' AND f.feature_name = '借款金额（元）'
          AND CAST(f.feature_value AS INTEGER) > 100000""",
    )
    assert tasks["legal_zh_descriptive_1"]["ground_truth"] == len(large_loans) == 4
    assert set(tasks["legal_zh_descriptive_1"]["evidence"]) == large_loans
    high_eps = column(
        demo,
        "finance/en/finance_reports.sqlite",
        """
        SELECT f.cik FROM filings f JOIN financial_facts x ON x.accession = f.accession
        WHERE f.form = '10-K' AND f.fiscal_year = 2022 AND x.eps_diluted > 2""",
    )
    assert tasks["finance_en_descriptive_300"]["ground_truth"] == len(high_eps) == 5
    assert set(tasks["finance_en_descriptive_300"]["evidence"]) == high_eps
    db = sqlite3.connect(f"file:{corpus(demo, 'legal/zh/legal_wenshu.db')}?mode=ro", uri=True)
    try:
        rows = db.execute("""
            SELECT x.feature_value = '是', y.feature_value = '全部支持' FROM cases c
            JOIN case_features x ON x.anhao = c.anhao AND x.feature_name = '是否有书面借条'
            JOIN case_features y ON y.anhao = c.anhao AND y.feature_name = '裁判结果'
            WHERE c.anyou = '民间借贷纠纷' AND c.shenpanchengxu = '一审'""").fetchall()
    finally:
        db.close()
    table = [[sum(1 for x, y in rows if x == a and y == b) for b in (1, 0)] for a in (1, 0)]
    truth = tasks["legal_zh_predictive_3"]["ground_truth"]
    assert truth["n"] == len(rows) == 14
    assert truth["odds_ratio"] == pytest.approx(
        stats.contingency.odds_ratio(table, kind="sample").statistic
    )
    assert truth["p_value"] == pytest.approx(stats.fisher_exact(table).pvalue, abs=5e-5)
    assert truth["option"] == "A"


def test_every_gold_evidence_id_exists_in_its_corpus(
    demo: DemoPaths, tasks: dict[str, dict[str, Any]]
) -> None:
    wenshu = column(demo, "legal/zh/legal_wenshu.db", "SELECT anhao FROM cases")
    clusters = column(demo, "legal/en/legal_cases.db", "SELECT cluster_id FROM case_record")
    docids = column(demo, "legal/en/precedents.sqlite", "SELECT docid FROM documents")
    zh_db, en_db = "finance/zh/finance_reports.sqlite", "finance/en/finance_reports.sqlite"
    stock_codes = column(demo, zh_db, "SELECT stock_code FROM companies")
    report_ids = column(demo, zh_db, "SELECT report_id FROM reports WHERE split = 'retrieval'")
    ciks = column(demo, en_db, "SELECT cik FROM companies")
    accessions = column(demo, en_db, "SELECT accession FROM filings WHERE split = 'retrieval'")
    paragraphs = column(
        demo, "finance/en/12_CFR_Part_217.sqlite", "SELECT paragraph_id FROM paragraphs"
    )
    facts = column(demo, "finance/en/audit_rules.sqlite", "SELECT fact_id FROM filing_facts")
    laws = {r["id"] for r in read_jsonl(corpus(demo, "legal/zh/law_corpus.jsonl"))}
    rules = {
        (r["law_name"], r["item"])
        for r in read_jsonl(corpus(demo, "finance/zh/regulatory_rules.jsonl"))
    }
    article_ids = {r["ID"] for r in read_jsonl(corpus(demo, "science/articles.jsonl"))}
    for task in tasks.values():
        group, form = group_of(task["id"]), form_of(task["id"])
        if group in ("legal_zh_descriptive", "legal_zh_predictive"):
            keys = wenshu
        elif group in ("legal_en_descriptive", "legal_en_predictive"):
            keys = clusters
        elif group == "legal_zh_prescriptive":
            keys = laws
        elif group == "legal_en_prescriptive":
            keys = docids
        elif group == "finance_zh_prescriptive":
            keys = {(e["law_name"], e["item"]) for e in task["evidence"]} & rules
            assert len(keys) == len(task["evidence"]), task["id"]
            continue
        elif group.startswith("finance_zh"):
            keys = stock_codes if form == "statistic" else report_ids
        elif group == "finance_en_prescriptive":
            keys = paragraphs if form == "short" else facts
        elif group.startswith("finance_en"):
            keys = ciks if form == "statistic" else accessions
        else:
            keys = article_ids
        missing = [e for e in task["evidence"] if e not in keys]
        assert not missing, (task["id"], missing)


def test_each_corpus_has_the_named_tables_and_fields(demo: DemoPaths) -> None:
    for relative, schema in SQLITE_SCHEMAS.items():
        db = sqlite3.connect(f"file:{corpus(demo, relative)}?mode=ro", uri=True)
        try:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            assert tables == set(schema), relative
            for table, columns in schema.items():
                assert [r[1] for r in db.execute(f"PRAGMA table_info({table})")] == columns
                assert db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] > 0
        finally:
            db.close()
    for relative, fields in JSONL_FIELDS.items():
        records = read_jsonl(corpus(demo, relative))
        assert records and all(set(r) == fields for r in records), relative
    sections = read_jsonl(corpus(demo, "science/articles.jsonl"))[0]["sections"]
    assert all(set(s) == {"heading", "text"} for s in sections)
    counts = {
        "legal/zh/legal_wenshu.db": "SELECT count(*) FROM case_features",
        "legal/en/legal_cases.db": "SELECT count(*) FROM case_record",
        "finance/en/audit_rules.sqlite": "SELECT count(*) FROM filing_facts",
        "finance/en/12_CFR_Part_217.sqlite": "SELECT count(*) FROM paragraphs",
    }
    sizes = {rel: next(iter(column(demo, rel, sql))) for rel, sql in counts.items()}
    assert sizes == {
        "legal/zh/legal_wenshu.db": 332,
        "legal/en/legal_cases.db": 50,
        "finance/en/audit_rules.sqlite": 60,
        "finance/en/12_CFR_Part_217.sqlite": 51,
    }


def test_ground_truth_records_exist_and_the_run_retrieves_one(demo: DemoPaths) -> None:
    zh_db, en_db = "finance/zh/finance_reports.sqlite", "finance/en/finance_reports.sqlite"
    leaked_zh = column(demo, zh_db, "SELECT report_id FROM reports WHERE split = 'ground_truth'")
    leaked_en = column(demo, en_db, "SELECT accession FROM filings WHERE split = 'ground_truth'")
    assert leaked_zh and leaked_en
    for relative, table in ((zh_db, "report_chunks"), (en_db, "sections")):
        assert column(demo, relative, f"SELECT DISTINCT split FROM {table}") == {
            "retrieval",
            "ground_truth",
        }
    retrieved = {e["id"] for line in read_jsonl(demo.run_file) for e in line["retrieved_evidence"]}
    assert retrieved & (leaked_zh | leaked_en) == {"002467_2024_FY"}


def test_the_run_leaves_out_two_tasks_and_the_log_one_more(
    demo: DemoPaths, tasks: dict[str, dict[str, Any]]
) -> None:
    run = read_jsonl(demo.run_file)
    assert all(set(line) == {"id", "answer", "retrieved_evidence"} for line in run)
    missing = set(tasks) - {line["id"] for line in run}
    assert missing == {"legal_en_descriptive_96", "finance_en_predictive_30"}
    assert sum(1 for line in run if not line["retrieved_evidence"]) >= 2
    log = read_jsonl(demo.log_file)
    assert {line["id"] for line in run} - {r["id"] for r in log} == {"finance_zh_descriptive_150"}
    for record in log:
        assert record["error"] is None and record["latency_s"] > 0
        assert record["finished_at"] > record["started_at"]
        assert all(set(c) == {"input_tokens", "output_tokens"} for c in record["calls"])


def test_judge_outputs_follow_the_prompt_shape_with_one_malformed_and_one_mismatch(
    demo: DemoPaths,
) -> None:
    records = read_jsonl(demo.judgments_file)
    run_ids = {line["id"] for line in read_jsonl(demo.run_file)}
    assert {r["id"] for r in records} == {i for i in run_ids if form_of(i) == "short"}
    assert {r["model"] for r in records} == {"gpt-5.6-sol"}
    parsed = {r["id"]: first_object(r["output"]) for r in records}
    assert [i for i, v in parsed.items() if v is None] == ["finance_en_descriptive_150"]
    assert sum(isinstance(r["output"], dict) for r in records) == 1
    mismatched = []
    for task_id, verdict in parsed.items():
        if verdict is None:
            continue
        weights = rubric_of(task_id)
        assert list(verdict) == ["score_0_100", *weights, "reason"], task_id
        assert all(verdict[d] in range(5) for d in weights)
        recomputed = 100 * sum(w * verdict[d] / 4 for d, w in weights.items())
        if abs(verdict["score_0_100"] - recomputed) > 1:
            mismatched.append(task_id)
        chinese = re.search(r"[\u4e00-\u9fff]", verdict["reason"]) is not None
        assert chinese == ("_zh_" in task_id)
    assert mismatched == ["finance_en_predictive_200"]


def test_building_again_is_byte_identical_and_reuses_a_complete_demo(
    demo: DemoPaths, tmp_path: Path
) -> None:
    script = "import sys; from pathlib import Path; from anser_tui.demo import build_demo; "
    script += "build_demo('anser', Path(sys.argv[1]))"
    env = {**os.environ, "PYTHONHASHSEED": "4242"}
    subprocess.run([sys.executable, "-c", script, str(tmp_path / "data")], check=True, env=env)
    again = DemoPaths.under(tmp_path / "data", "anser")
    files = sorted(p.relative_to(demo.root) for p in demo.root.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(again.root) for p in again.root.rglob("*") if p.is_file())
    for relative in files:
        assert (demo.root / relative).read_bytes() == (again.root / relative).read_bytes(), relative
    stamp = again.run_file.stat().st_mtime_ns
    assert build_demo("anser", tmp_path / "data") == again
    assert again.run_file.stat().st_mtime_ns == stamp
    assert [p.name for p in tmp_path.iterdir()] == ["data"]


def test_a_failed_build_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(source: object, target: Path) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("anser_tui.demo.files.copy_files", fail)
    with pytest.raises(OSError, match="disk full"):
        build_demo("anser", tmp_path / "data")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_holding_something_else_is_refused(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(FileExistsError):
        build_demo("anser", tmp_path / "data")
    assert [p.name for p in (tmp_path / "data").iterdir()] == ["notes.txt"]
