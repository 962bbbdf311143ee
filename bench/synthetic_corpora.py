"""Full-scale synthetic ANSER-Bench corpora: the README's row counts, docs/corpora.md's schema.

    python -m bench.synthetic_corpora /tmp/anser-full [--scale 1.0] [--seed 7]

Writes DIR/corpora/... (every corpus file) and, through bench.corpus_tasks, DIR/benchmark/
(2,235 tasks whose gold ids point into the corpora) and DIR/runs/ (3 runs, logs, judgments).
Text is cut from a large random pool, so articles are about 4 KB without costing minutes.
Finance corpora also hold a small set of split = "ground_truth" records for leak checks.
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# The README's row counts (Strict Task-Corpus Mapping).
COUNTS = {
    "articles": 140_585, "wenshu_cases": 18_423, "wenshu_features": 292_594,
    "laws": 55_348, "en_cases": 12_708, "en_opinions": 13_508, "en_features": 414_959,
    "en_search": 67_260, "precedents": 5_000, "zh_companies": 2_001, "zh_reports": 27_089,
    "zh_chunks": 319_508, "zh_rules": 216, "en_companies": 1_000, "en_filings": 21_220,
    "en_sections": 39_139, "dqc_rules": 137, "filing_facts": 5_877, "filing_rels": 1_321,
    "concepts": 51_643, "taxonomy_rels": 193_993, "cfr": 3_329,
}
LEAKED = {"zh_reports": 600, "en_filings": 400}  # ground_truth records besides the counts

_EN_TEXT = ("the court agency held record evidence review standard claim petition order "
             "remand statute regulation finding capital ratio exposure risk revenue income "
             "asset liability cash flow segment customer supply demand market growth decline "
             "patient cohort trial exercise symptom outcome effect association model analysis "
             "significant increase decrease baseline follow-up randomised observational "
             "participants dose response treatment control group data method result")
_EN_WORDS = _EN_TEXT.split()
_ZH_CHARS = ("的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同"
             "工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理"
             "起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义"
             "事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结"
             "解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设"
             "借款返还利息合同违约责任被告原告判决本院认为依法支付租赁转租解除营业收入净利润资产")


class TextPool:
    """Slices of a large random text: cheap, varied enough, and the right length."""

    def __init__(self, rng: random.Random, chinese: bool, size: int = 1 << 20):
        if chinese:
            chars = rng.choices(_ZH_CHARS, k=size)
            for i in range(40, size, 40):
                chars[i] = "。" if i % 120 else "，"
            self.text = "".join(chars)
        else:
            words = rng.choices(_EN_WORDS, k=size // 6)
            self.text = " ".join(words)
        self.rng = rng

    def cut(self, length: int) -> str:
        start = self.rng.randrange(0, len(self.text) - length - 1)
        return self.text[start:start + length]


@dataclass
class CorpusIds:
    """The ids written into each key space, for the task generator."""

    ids: dict[str, list[Any]] = field(default_factory=dict)
    leaked: dict[str, list[str]] = field(default_factory=dict)


def _db(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    return conn


def _insert(conn: sqlite3.Connection, table: str, rows: Iterable[tuple[Any, ...]],
            width: int) -> None:
    conn.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * width)})", rows)


def _finish(conn: sqlite3.Connection, *indexes: str) -> None:
    for spec in indexes:
        table, column = spec.split(".")
        conn.execute(f"CREATE INDEX {table}_{column} ON {table} ({column})")
    conn.commit()
    conn.close()


def _jsonl(path: Path, records: Iterator[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="\n") as out:
        out.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def _n(name: str, scale: float) -> int:
    return max(1, int(COUNTS[name] * scale))


def _zh_number(n: int) -> str:
    """1..9999 in Chinese numerals, as statute items are numbered (第六百七十五条)."""
    digits = "零一二三四五六七八九"
    out, zero = "", False
    for value, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        digit = n // value % 10
        if digit:
            out += ("零" if zero else "") + digits[digit] + unit
            zero = False
        elif out:
            zero = True
    return out[1:] if out.startswith("一十") else out


def write_science(root: Path, rng: random.Random, en: TextPool, scale: float,
                  ids: CorpusIds) -> None:
    n = _n("articles", scale)
    ids.ids["articles"] = [f"A{i:06d}" for i in range(1, n + 1)]

    def records() -> Iterator[dict[str, Any]]:
        for i, key in enumerate(ids.ids["articles"], start=1):
            yield {"ID": key, "pmid": str(30_000_000 + i), "title": en.cut(70).strip().capitalize(),
                   "abstract": en.cut(700), "authors": [en.cut(12).strip() for _ in range(3)],
                   "journal": rng.choice(("J Aging Health", "BMJ", "Lancet", "Prev Med")),
                   "doi": f"10.1000/syn.{i}", "year": rng.randrange(1995, 2025),
                   "sections": [{"heading": h, "text": en.cut(780)}
                                for h in ("Introduction", "Methods", "Results", "Discussion")],
                   "pmc_id": f"PMC{1_000_000 + i}"}

    _jsonl(root / "science/articles.jsonl", records())


def write_legal_zh(root: Path, rng: random.Random, zh: TextPool, scale: float,
                   ids: CorpusIds) -> None:
    n = _n("wenshu_cases", scale)
    anhao = [f"({2015 + i % 9})京{105 + i % 7:04d}民初{i}号" for i in range(1, n + 1)]
    ids.ids["legal_wenshu"] = anhao
    conn = _db(root / "legal/zh/legal_wenshu.db")
    conn.execute("CREATE TABLE cases (anhao TEXT PRIMARY KEY, anyou, wenshuleixing, "
                 "fayuanmingcheng, caipanriqi, shenpanchengxu, wenshu_content)")
    conn.execute("CREATE TABLE case_features (id INTEGER PRIMARY KEY, anhao, feature_name, "
                 "feature_value)")
    causes = ("民间借贷纠纷", "房屋租赁合同纠纷", "买卖合同纠纷", "劳动争议",
              "机动车交通事故责任纠纷")
    _insert(conn, "cases", ((a, causes[i % 5], "判决书" if i % 4 else "裁定书",
                             f"北京市第{i % 30 + 1}人民法院",
                             f"{2015 + i % 9}-0{1 + i % 9}-1{i % 9}",
                             ("一审", "二审", "再审")[i % 3], zh.cut(2000))
                            for i, a in enumerate(anhao)), 7)
    nf = _n("wenshu_features", scale)
    _insert(conn, "case_features", ((i, anhao[i % n], f"特征{i % 16}", zh.cut(8))
                                    for i in range(1, nf + 1)), 4)
    _finish(conn, "case_features.anhao")

    laws = _n("laws", scale)
    ids.ids["law_corpus"] = [f"law_{i}" for i in range(1, laws + 1)]
    _jsonl(root / "legal/zh/law_corpus.jsonl", (
        {"id": key, "law_name": f"中华人民共和国某某法{i // 500}",
         "item": f"第{_zh_number(i % 500 + 1)}条", "content": zh.cut(160)}
        for i, key in enumerate(ids.ids["law_corpus"])))


def write_legal_en(root: Path, rng: random.Random, en: TextPool, scale: float,
                   ids: CorpusIds) -> None:
    n = _n("en_cases", scale)
    clusters = [100_000 + (i if i % 20 else i - 1) for i in range(n)]  # 1 in 20 shares a cluster
    ids.ids["legal_cases"] = sorted(set(clusters))
    conn = _db(root / "legal/en/legal_cases.db")
    conn.executescript("""
        CREATE TABLE case_record (case_id INTEGER PRIMARY KEY, cluster_id INTEGER, case_name,
                                  court, decision_date, docket_number, jurisdiction);
        CREATE TABLE opinion (opinion_id INTEGER PRIMARY KEY, case_id, opinion_type, author, text);
        CREATE TABLE feature (feature_id INTEGER PRIMARY KEY, case_id, name, value);
        CREATE TABLE search_document (doc_id INTEGER PRIMARY KEY, case_id, cluster_id, title,
                                      text);
    """)
    _insert(conn, "case_record", ((i + 1, c, f"{en.cut(14).strip().title()} v. Agency {i}",
                                   f"{1 + i % 11}th Cir.", f"{2000 + i % 24}-05-0{1 + i % 9}",
                                   f"{i % 24:02d}-{i}", "federal appellate")
                                  for i, c in enumerate(clusters)), 7)
    _insert(conn, "opinion", ((i + 1, i % n + 1, "majority" if i < n else "dissent",
                               f"Judge {i % 97}", en.cut(8000))
                              for i in range(_n("en_opinions", scale))), 5)
    _insert(conn, "feature", ((i + 1, i % n + 1, f"feature_{i % 33}", en.cut(10))
                              for i in range(_n("en_features", scale))), 4)
    _insert(conn, "search_document", ((i + 1, i % n + 1, clusters[i % n], en.cut(40),
                                       en.cut(1000)) for i in range(_n("en_search", scale))), 5)
    _finish(conn, "case_record.cluster_id", "opinion.case_id", "feature.case_id",
            "search_document.case_id")

    m = _n("precedents", scale)
    ids.ids["precedents"] = [f"P-{i:05d}" for i in range(1, m + 1)]
    conn = _db(root / "legal/en/precedents.sqlite")
    conn.execute("CREATE TABLE documents (docid TEXT PRIMARY KEY, case_text, corpus_role)")
    _insert(conn, "documents", ((d, f"Case {d}: {en.cut(40)}\n{en.cut(6000)}",
                                 "precedent" if i % 3 else "distractor")
                                for i, d in enumerate(ids.ids["precedents"])), 3)
    _finish(conn)


def write_finance_zh(root: Path, rng: random.Random, zh: TextPool, scale: float,
                     ids: CorpusIds) -> None:
    nc = _n("zh_companies", scale)
    codes = [f"{600000 + i:06d}" if i % 2 else f"{i:06d}" for i in range(1, nc + 1)]
    ids.ids["finance_companies_zh"] = codes
    conn = _db(root / "finance/zh/finance_reports.sqlite")
    conn.executescript("""
        CREATE TABLE companies (stock_code TEXT PRIMARY KEY, company_name, industry, exchange,
                                listing_date);
        CREATE TABLE reports (report_id TEXT PRIMARY KEY, stock_code, fiscal_year INTEGER,
                              report_period, report_type, title, publish_date, split);
        CREATE TABLE financial_fields (report_id TEXT PRIMARY KEY, revenue, net_profit,
                                       total_assets, total_liabilities, operating_cash_flow, eps,
                                       roe, split);
        CREATE TABLE report_chunks (chunk_id TEXT PRIMARY KEY, report_id, section,
                                    chunk_index INTEGER, text, split);
    """)
    _insert(conn, "companies", ((c, f"{zh.cut(4)}股份有限公司", ("白酒", "银行", "医药")[i % 3],
                                 "SSE" if c.startswith("6") else "SZSE", "2001-08-27")
                                for i, c in enumerate(codes)), 5)
    nr = _n("zh_reports", scale)
    periods = ("annual", "h1", "q1", "q3")
    reports = []
    for i in range(nr + LEAKED["zh_reports"]):
        code = codes[i % nc]
        year = 2015 + (i // nc) % 10
        period = periods[(i // (nc * 10)) % 4]
        reports.append((f"{code}_{year}_{period}_{i}", code, year, period,
                        "retrieval" if i < nr else "ground_truth"))
    ids.ids["finance_reports_zh"] = [r[0] for r in reports if r[4] == "retrieval"]
    ids.leaked["finance_reports_zh"] = [r[0] for r in reports if r[4] == "ground_truth"]
    _insert(conn, "reports", ((rid, code, year, f"{year}年{period}", period,
                               f"{code}公司{year}年{period}报告", f"{year + 1}-04-01", split)
                              for rid, code, year, period, split in reports), 8)
    _insert(conn, "financial_fields", ((r[0], rng.random() * 1e11, rng.random() * 1e10,
                                        rng.random() * 1e12, rng.random() * 1e11,
                                        rng.random() * 1e10, rng.random() * 10, rng.random(),
                                        r[4]) for r in reports), 9)
    sections = ("经营情况讨论与分析", "风险因素", "财务报告", "公司治理")
    nch = _n("zh_chunks", scale)
    _insert(conn, "report_chunks", ((f"c{i}", reports[i % nr][0], sections[i % 4], i // nr,
                                     zh.cut(220), "retrieval") for i in range(nch)), 6)
    _finish(conn, "reports.stock_code", "report_chunks.report_id")

    rules = _n("zh_rules", scale)
    records = [{"id": f"rule_{i}", "law_name": f"上市公司监管办法{i // 40}",
                "item": f"第{_zh_number(i % 40 + 1)}条", "content": zh.cut(200)}
               for i in range(1, rules + 1)]
    ids.ids["regulatory_rules"] = [(r["law_name"], r["item"]) for r in records]
    ids.ids["regulatory_rule_ids"] = [r["id"] for r in records]
    _jsonl(root / "finance/zh/regulatory_rules.jsonl", iter(records))


def write_finance_en(root: Path, rng: random.Random, en: TextPool, scale: float,
                     ids: CorpusIds) -> None:
    nc = _n("en_companies", scale)
    ciks = [f"{320_000 + i * 7:010d}" for i in range(nc)]
    ids.ids["finance_companies_en"] = ciks
    conn = _db(root / "finance/en/finance_reports.sqlite")
    conn.executescript("""
        CREATE TABLE companies (cik TEXT PRIMARY KEY, name, ticker, sic, state);
        CREATE TABLE filings (accession TEXT PRIMARY KEY, cik, form, fiscal_year INTEGER,
                              fiscal_period, report_date, filed_date, split);
        CREATE TABLE financial_facts (accession TEXT PRIMARY KEY, revenues, net_income,
                                      total_assets, total_liabilities, operating_cash_flow,
                                      eps_diluted, split);
        CREATE TABLE sections (section_id TEXT PRIMARY KEY, accession, item, title, text, split);
    """)
    _insert(conn, "companies", ((c, f"{en.cut(10).strip().title()} Inc.", f"T{i}",
                                 str(3000 + i % 900), "CA") for i, c in enumerate(ciks)), 5)
    nf = _n("en_filings", scale)
    filings = [(f"{ciks[i % nc]}-{11 + i % 13:02d}-{i:06d}", ciks[i % nc], 2011 + i % 13,
                "retrieval" if i < nf else "ground_truth")
               for i in range(nf + LEAKED["en_filings"])]
    ids.ids["finance_reports_en"] = [f[0] for f in filings if f[3] == "retrieval"]
    ids.leaked["finance_reports_en"] = [f[0] for f in filings if f[3] == "ground_truth"]
    _insert(conn, "filings", ((a, c, "10-K" if i % 4 == 0 else "10-Q", y,
                               "FY" if i % 4 == 0 else f"Q{i % 4}", f"{y}-09-30",
                               f"{y}-11-0{1 + i % 9}", s)
                              for i, (a, c, y, s) in enumerate(filings)), 8)
    _insert(conn, "financial_facts", ((f[0], rng.random() * 1e10, rng.random() * 1e9, None,
                                       None, rng.random() * 1e9, rng.random() * 10, f[3])
                                      for f in filings), 8)
    _insert(conn, "sections", ((f"s{i}", filings[i % nf][0], f"Item {1 + i % 9}", en.cut(20),
                                en.cut(3000), "retrieval")
                               for i in range(_n("en_sections", scale))), 6)
    _finish(conn, "filings.cik", "sections.accession")

    conn = _db(root / "finance/en/audit_rules.sqlite")
    conn.executescript("""
        CREATE TABLE dqc_rules (rule_id TEXT PRIMARY KEY, name, description, severity);
        CREATE TABLE filing_facts (fact_id TEXT PRIMARY KEY, accession, company_name, concept,
                                   value REAL, unit, period_end, context);
        CREATE TABLE filing_relationships (id INTEGER PRIMARY KEY, accession, parent_concept,
                                           child_concept, weight);
        CREATE TABLE taxonomy_concepts (concept TEXT PRIMARY KEY, label, balance, period_type);
        CREATE TABLE taxonomy_relationships (id INTEGER PRIMARY KEY, parent, child, arcrole);
    """)
    nconcepts = _n("concepts", scale)
    _insert(conn, "dqc_rules", ((f"DQC_{i:04d}", en.cut(20), en.cut(200), "error")
                                for i in range(_n("dqc_rules", scale))), 4)
    nfacts = _n("filing_facts", scale)
    ids.ids["audit_rules"] = [f"F-{i}" for i in range(1, nfacts + 1)]
    _insert(conn, "filing_facts", ((f, f"acc-{i % 300}", f"Company {i % 300}",
                                    f"us-gaap:Concept{i % nconcepts}", rng.random() * 1e6, "USD",
                                    "2023-12-31", f"FY2023 context {i}")
                                   for i, f in enumerate(ids.ids["audit_rules"])), 8)
    _insert(conn, "filing_relationships", ((i, f"acc-{i % 300}", f"us-gaap:Concept{i}",
                                            f"us-gaap:Concept{i + 1}", 1.0)
                                           for i in range(_n("filing_rels", scale))), 5)
    _insert(conn, "taxonomy_concepts", ((f"us-gaap:Concept{i}", en.cut(24), "credit",
                                         "duration") for i in range(nconcepts)), 4)
    _insert(conn, "taxonomy_relationships", ((i, f"us-gaap:Concept{i % nconcepts}",
                                              f"us-gaap:Concept{(i * 7) % nconcepts}",
                                              "summation-item")
                                             for i in range(_n("taxonomy_rels", scale))), 4)
    _finish(conn, "filing_relationships.accession")

    ncfr = _n("cfr", scale)
    ids.ids["cfr_217"] = [f"217.{10 + i // 260}({chr(97 + i // 10 % 26)})({i % 10 + 1})"
                          for i in range(ncfr)]
    conn = _db(root / "finance/en/12_CFR_Part_217.sqlite")
    conn.execute("CREATE TABLE paragraphs (paragraph_id TEXT PRIMARY KEY, section, heading, "
                 "text)")
    _insert(conn, "paragraphs", ((p, p.split("(")[0], en.cut(30).strip().capitalize(),
                                  en.cut(600)) for p in ids.ids["cfr_217"]), 4)
    _finish(conn)


def write_corpora(out: Path, scale: float = 1.0, seed: int = 7) -> CorpusIds:
    rng = random.Random(seed)
    en, zh = TextPool(rng, chinese=False), TextPool(rng, chinese=True)
    root = out / "corpora"
    ids = CorpusIds()
    for step in (write_legal_zh, write_legal_en, write_finance_zh, write_finance_en,
                 write_science):
        started = time.perf_counter()
        step(root, rng, zh if step in (write_legal_zh, write_finance_zh) else en, scale, ids)
        print(f"  {step.__name__}: {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return ids


def main(argv: list[str] | None = None) -> None:
    from bench.corpus_tasks import write_benchmark

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="folder to write (e.g. /tmp/anser-full)")
    parser.add_argument("--scale", type=float, default=1.0, help="row counts x this (tests)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    ids = write_corpora(args.out, args.scale, args.seed)
    write_benchmark(args.out, ids, args.seed)
    size = sum(p.stat().st_size for p in (args.out / "corpora").rglob("*") if p.is_file())
    print(f"wrote {args.out}: corpora {size / 1e9:.2f} GB in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
