"""Small corpora of every kind, written by the tests in docs/corpora.md's schema.

Ids line up with mini_bench's tasks and runs (law_675, r1, A1, ...). Each file holds a case a
reader must get right: a cluster of two cases, a leaked ground_truth report and filing, a JSONL
record whose nested object carries a decoy `id`, Chinese text.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any


def _db(path: Path, script: str, rows: dict[str, list[tuple[Any, ...]]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.executescript(script)
    for table, values in rows.items():
        marks = ", ".join("?" * len(values[0]))
        conn.executemany(f"INSERT INTO {table} VALUES ({marks})", values)
    conn.commit()
    conn.close()


def _jsonl(path: Path, records: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
                    encoding="utf-8")


LAWS = [
    {"id": "law_675", "law_name": "中华人民共和国民法典", "item": "第六百七十五条",
     "content": "借款人应当按照约定的期限返还借款。对借款期限没有约定或者约定不明确的，借款人可以随时返还。"},
    {"law_name": "中华人民共和国民法典", "item": "第六百七十六条", "extra": {"id": "decoy"},
     "id": "law_676", "content": "借款人未按照约定的期限返还借款的，应当按照约定或者国家有关规定支付逾期利息。"},
    {"id": "law_716", "law_name": "中华人民共和国民法典", "item": "第七百一十六条",
     "content": "承租人经出租人同意，可以将租赁物转租给第三人。承租人未经出租人同意转租的，出租人可以解除合同。"},
    {"id": "law_9", "law_name": "中华人民共和国民法典", "item": "第九条",
     "content": "民事主体从事民事活动，应当有利于节约资源、保护生态环境。"},
]
RULES = [
    {"id": "rule_1", "law_name": "上市公司信息披露管理办法", "item": "第三条",
     "content": "信息披露义务人应当及时依法履行信息披露义务，披露的信息应当真实、准确、完整。"},
    {"id": "rule_2", "law_name": "上市公司信息披露管理办法", "item": "第十二条",
     "content": "上市公司应当披露的定期报告包括年度报告、中期报告。"},
]
ARTICLES = [
    {"ID": "A1", "pmid": "31000001", "title": "Exercise and depressive symptoms in older adults",
     "abstract": "A randomised trial of supervised exercise in adults over 65.",
     "authors": ["Li Wei", "Ana Souza"], "journal": "J Aging Health", "doi": "10.1/ex.1",
     "year": 2019, "pmc_id": "PMC100001",
     "sections": [{"heading": "Methods", "text": "Participants exercised three times a week."},
                  {"heading": "Results", "text": "Exercise reduced depressive symptoms."}]},
    {"ID": "A2", "pmid": "31000002", "title": "Walking programmes and mood",
     "abstract": "Walking improved mood scores.", "authors": ["K. Tanaka"],
     "journal": "Prev Med", "doi": "10.1/walk.2", "year": 2021, "pmc_id": "PMC100002",
     "sections": [{"heading": "Discussion", "text": "Mood improved with regular walking."}]},
]


def write_corpora(root: Path) -> Path:
    """Write every corpus file under `root` (the benchmark's corpora/ folder)."""
    _db(root / "legal/zh/legal_wenshu.db", """
        CREATE TABLE cases (anhao TEXT PRIMARY KEY, anyou, wenshuleixing, fayuanmingcheng,
                            caipanriqi, shenpanchengxu, wenshu_content);
        CREATE TABLE case_features (id INTEGER PRIMARY KEY, anhao, feature_name, feature_value);
    """, {"cases": [
        ("(2021)京0105民初12345号", "民间借贷纠纷", "判决书", "北京市朝阳区人民法院", "2021-06-01",
         "一审", "原告张三诉被告李四民间借贷纠纷一案，本院依法审理。被告应返还借款本金十万元。"),
        ("(2022)沪0115民初678号", "房屋租赁合同纠纷", "裁定书", "上海市浦东新区人民法院",
         "2022-03-15", "一审", "承租人擅自转租，出租人请求解除合同。")],
        "case_features": [(1, "(2021)京0105民初12345号", "借款金额", "100000"),
                          (2, "(2021)京0105民初12345号", "判决结果", "支持")]})
    _jsonl(root / "legal/zh/law_corpus.jsonl", LAWS)
    _db(root / "legal/en/legal_cases.db", """
        CREATE TABLE case_record (case_id INTEGER PRIMARY KEY, cluster_id INTEGER, case_name,
                                  court, decision_date, docket_number, jurisdiction);
        CREATE TABLE opinion (opinion_id INTEGER PRIMARY KEY, case_id, opinion_type, author,
                              text);
        CREATE TABLE feature (feature_id INTEGER PRIMARY KEY, case_id, name, value);
        CREATE TABLE search_document (doc_id INTEGER PRIMARY KEY, case_id, cluster_id, title,
                                      text);
    """, {"case_record": [
        (1, 100, "Coalition for Clean Air v. EPA", "D.C. Cir.", "2019-05-02", "18-1001",
         "federal appellate"),
        (2, 100, "Coalition for Clean Air v. EPA (rehearing)", "D.C. Cir.", "2019-09-10",
         "18-1001", "federal appellate"),
        (3, 101, "Sunrise Solar Cooperative v. FERC", "D.C. Cir.", "2023-02-01", "21-1200",
         "federal appellate")],
        "opinion": [(1, 1, "majority", "Hartwell", "The agency ignored significant comments."),
                    (2, 2, "per curiam", None, "Rehearing denied."),
                    (3, 3, "majority", "Okafor", "The order is affirmed.")],
        "feature": [(1, 1, "disposition", "vacated and remanded"),
                    (2, 3, "disposition", "affirmed")],
        "search_document": [(1, 1, 100, "Coalition v. EPA", "search text")]})
    _db(root / "legal/en/precedents.sqlite",
        "CREATE TABLE documents (docid TEXT PRIMARY KEY, case_text, corpus_role);",
        {"documents": [("P-001", "Smith v. Jones, 500 U.S. 1 (1991)\nThe court held that ...",
                        "precedent"),
                       ("P-002", "Doe v. Roe\nA distractor opinion.", "distractor")]})
    _db(root / "finance/zh/finance_reports.sqlite", """
        CREATE TABLE companies (stock_code TEXT PRIMARY KEY, company_name, industry, exchange,
                                listing_date);
        CREATE TABLE reports (report_id TEXT PRIMARY KEY, stock_code, fiscal_year INTEGER,
                              report_period, report_type, title, publish_date, split);
        CREATE TABLE financial_fields (report_id TEXT PRIMARY KEY, revenue, net_profit,
                                       total_assets, total_liabilities, operating_cash_flow,
                                       eps, roe, split);
        CREATE TABLE report_chunks (chunk_id TEXT PRIMARY KEY, report_id, section,
                                    chunk_index INTEGER, text, split);
    """, {"companies": [("600519", "贵州茅台", "白酒", "SSE", "2001-08-27"),
                        ("000858", "五粮液", "白酒", "SZSE", "1998-04-27")],
          "reports": [("r1", "600519", 2023, "2023年报", "annual", "贵州茅台2023年年度报告",
                       "2024-04-03", "retrieval"),
                      ("r2", "000858", 2023, "2023年报", "annual", "五粮液2023年年度报告",
                       "2024-04-26", "ground_truth")],
          "financial_fields": [("r1", 147694000000.0, 74734000000.0, 2.7e11, 4.6e10, 6.6e10,
                                59.49, 0.3422, "retrieval"),
                               ("r2", 83272000000.0, 30211000000.0, 1.6e11, 3.4e10, 4.3e10,
                                7.78, 0.25, "ground_truth")],
          "report_chunks": [("c1", "r1", "经营情况讨论与分析", 1, "原材料价格波动与市场竞争加剧。",
                             "retrieval"),
                            ("c2", "r1", "风险因素", 0, "公司面临的主要风险。", "retrieval"),
                            ("c3", "r2", "经营情况", 0, "营业收入832.72亿元。", "ground_truth")]})
    _jsonl(root / "finance/zh/regulatory_rules.jsonl", RULES)
    _db(root / "finance/en/finance_reports.sqlite", """
        CREATE TABLE companies (cik TEXT PRIMARY KEY, name, ticker, sic, state);
        CREATE TABLE filings (accession TEXT PRIMARY KEY, cik, form, fiscal_year INTEGER,
                              fiscal_period, report_date, filed_date, split);
        CREATE TABLE financial_facts (accession TEXT PRIMARY KEY, revenues, net_income,
                                      total_assets, total_liabilities, operating_cash_flow,
                                      eps_diluted, split);
        CREATE TABLE sections (section_id TEXT PRIMARY KEY, accession, item, title, text, split);
    """, {"companies": [("0000320193", "Apple Inc.", "AAPL", "3571", "CA")],
          "filings": [("0000320193-23-000106", "0000320193", "10-K", 2023, "FY", "2023-09-30",
                       "2023-11-03", "retrieval"),
                      ("0000320193-23-000999", "0000320193", "10-K", 2022, "FY", "2022-09-24",
                       "2022-10-28", "ground_truth")],
          "financial_facts": [("0000320193-23-000106", 383285000000.0, 96995000000.0, None,
                               None, None, 6.13, "retrieval")],
          "sections": [("s1", "0000320193-23-000106", "Item 1A", "Risk Factors",
                        "Supply chain concentration.", "retrieval")]})
    _db(root / "finance/en/audit_rules.sqlite", """
        CREATE TABLE dqc_rules (rule_id TEXT PRIMARY KEY, name, description, severity);
        CREATE TABLE filing_facts (fact_id TEXT PRIMARY KEY, accession, company_name, concept,
                                   value REAL, unit, period_end, context);
        CREATE TABLE filing_relationships (id INTEGER PRIMARY KEY, accession, parent_concept,
                                           child_concept, weight);
        CREATE TABLE taxonomy_concepts (concept TEXT PRIMARY KEY, label, balance, period_type);
        CREATE TABLE taxonomy_relationships (id INTEGER PRIMARY KEY, parent, child, arcrole);
    """, {"dqc_rules": [("DQC_0015", "Negative values", "Elements should not be negative.",
                         "error")],
          "filing_facts": [("F-1", "0001-24-000001", "Acme Corp", "us-gaap:Revenues",
                            -1200.0, "USD", "2023-12-31", "FY2023 consolidated")],
          "filing_relationships": [(1, "0001-24-000001", "us-gaap:Revenues",
                                    "us-gaap:ProductRevenue", 1.0)],
          "taxonomy_concepts": [("us-gaap:Revenues", "Revenues", "credit", "duration")],
          "taxonomy_relationships": [(1, "us-gaap:Revenues", "us-gaap:ProductRevenue",
                                      "summation-item")]})
    _db(root / "finance/en/12_CFR_Part_217.sqlite",
        "CREATE TABLE paragraphs (paragraph_id TEXT PRIMARY KEY, section, heading, text);",
        {"paragraphs": [("217.10(a)(1)(i)", "217.10", "Minimum capital requirements",
                         "A common equity tier 1 capital ratio of 4.5 percent.")]})
    _jsonl(root / "science/articles.jsonl", ARTICLES)
    return root


EVIDENCE_RUN = [
    {"id": "legal_zh_prescriptive_1", "answer": "甲应返还借款本金并支付逾期利息。",
     "retrieved_evidence": [{"type": "law", "id": "law_675"}, "law_9", "law_675", "law_404",
                            "A1"]},
    {"id": "finance_zh_descriptive_104", "answer": "原材料价格波动。",
     "retrieved_evidence": ["r2", "r1", "600519"]},
    {"id": "science_en_predictive_1", "answer": "Exercise reduces symptoms.",
     "retrieved_evidence": ["A2", "A1"]},
]
EVIDENCE_JUDGE = [
    {"id": "legal_zh_prescriptive_1", "model": "gpt-5.6-sol", "output":
     '{"score_0_100":74,"conclusion":3,"rule_citation":3,"rule_application":3,'
     '"ground_truth_consistency":2,"format":4,"reason":"结论正确。"}'},
]


def corpus_workspace(tmp: Path) -> Path:
    """A workspace over mini_bench with every corpus written and EVIDENCE_RUN imported."""
    from mini_bench import write_jsonl, write_mini_bench

    from anser_tui.exchange import import_run, init_workspace
    from anser_tui.judge import import_judgments

    bench = write_mini_bench(tmp / "bench")
    write_corpora(bench / "corpora")
    path = tmp / "ws.db"
    store = init_workspace(path, "anser", bench)
    import_run(store, write_jsonl(tmp / "run.jsonl", EVIDENCE_RUN), "sys-a")
    import_judgments(store, write_jsonl(tmp / "judge.jsonl", EVIDENCE_JUDGE), "sys-a")
    store.close()
    return path
