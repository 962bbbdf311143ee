"""Corpus readers: every corpus kind, descriptor overrides, schema discovery, classification."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from corpus_fixtures import write_corpora

from anser_tui.benchmarks.anser.evidence import evidence_library
from anser_tui.benchmarks.anser.groups import (
    ARTICLES,
    AUDIT,
    CFR_217,
    COMPANIES_EN,
    COMPANIES_ZH,
    FILINGS_EN,
    LAW_CORPUS,
    LEGAL_CASES,
    PRECEDENTS,
    REG_RULES,
    REPORTS_ZH,
    WENSHU,
    EvidenceSpace,
)
from anser_tui.core.settings import CorpusOverride, load_settings
from anser_tui.corpora import CorpusLibrary, CorpusStatus, query_terms, term_pattern


@pytest.fixture
def library(tmp_path: Path) -> Iterator[CorpusLibrary]:
    lib = evidence_library(write_corpora(tmp_path / "corpora"), cache=tmp_path / "cache")
    yield lib
    lib.close()


CASES = [
    (WENSHU, "(2021)京0105民初12345号", "北京市朝阳区人民法院 · 民间借贷纠纷 · 判决书",
     ("court", "北京市朝阳区人民法院"), "被告应返还借款本金十万元"),
    (LAW_CORPUS, "law_676", "中华人民共和国民法典 · 第六百七十六条", ("item", "第六百七十六条"),
     "支付逾期利息"),
    (LEGAL_CASES, "101", "Sunrise Solar Cooperative v. FERC", ("court", "D.C. Cir."),
     "The order is affirmed."),
    (PRECEDENTS, "P-001", "Smith v. Jones, 500 U.S. 1 (1991)", ("role", "precedent"),
     "The court held"),
    (REPORTS_ZH, "r1", "贵州茅台2023年年度报告", ("company", "贵州茅台"), "原材料价格波动"),
    (COMPANIES_ZH, "600519", "贵州茅台", ("industry", "白酒"), "贵州茅台2023年年度报告"),
    (REG_RULES, "上市公司信息披露管理办法 | 第三条", "上市公司信息披露管理办法 · 第三条",
     ("id", "rule_1"), "真实、准确、完整"),
    (FILINGS_EN, "0000320193-23-000106", "Apple Inc. · 10-K · 2023 · FY",
     ("revenues", "383,285,000,000"), "Supply chain concentration."),
    (COMPANIES_EN, "0000320193", "Apple Inc.", ("ticker", "AAPL"), "10-K"),
    (AUDIT, "F-1", "Acme Corp · us-gaap:Revenues", ("concept label", "Revenues"),
     "us-gaap:ProductRevenue"),
    (CFR_217, "217.10(a)(1)(i)", "217.10(a)(1)(i) · Minimum capital requirements",
     ("section", "217.10"), "4.5 percent"),
    (ARTICLES, "A1", "Exercise and depressive symptoms in older adults",
     ("authors", "Li Wei, Ana Souza"), "Exercise reduced depressive symptoms."),
]


@pytest.mark.parametrize(("space", "key", "title", "field", "text"), CASES,
                         ids=[c[0].corpus for c in CASES])
def test_every_corpus_kind_renders(library: CorpusLibrary, space: EvidenceSpace, key: str,
                                   title: str, field: tuple[str, str], text: str) -> None:
    doc = library.lookup(space, key)
    assert doc is not None
    assert (doc.corpus, doc.id, doc.title) == (space.corpus, key, title)
    assert field in doc.fields
    assert text in doc.text
    assert library.classify(space, [key])[key].title == title


def test_cluster_holds_every_case_with_its_opinions(library: CorpusLibrary) -> None:
    doc = library.lookup(LEGAL_CASES, "100")
    assert doc is not None and doc.records == 2
    headings = [s.heading for s in doc.sections]
    assert headings[0] == "Record 1 of 2: Coalition for Clean Air v. EPA"
    assert "majority · Hartwell" in headings and "per curiam" in headings
    assert "Record 2 of 2: Coalition for Clean Air v. EPA (rehearing)" in headings
    assert "disposition: vacated and remanded" in doc.text


def test_report_sections_follow_chunk_order(library: CorpusLibrary) -> None:
    doc = library.lookup(REPORTS_ZH, "r1")
    assert doc is not None
    assert [s.heading for s in doc.sections] == ["风险因素", "经营情况讨论与分析"]


def test_rule_id_and_law_item_name_the_same_rule(library: CorpusLibrary) -> None:
    by_id = library.lookup(REG_RULES, "rule_2")
    assert by_id is not None and by_id.title == "上市公司信息披露管理办法 · 第十二条"
    resolve = library.resolver(REG_RULES)
    assert resolve is not None and resolve("rule_2") == "上市公司信息披露管理办法 | 第十二条"
    assert resolve("unknown") == "unknown"
    assert library.resolver(LAW_CORPUS) is None


def test_unknown_and_cross_corpus_ids(library: CorpusLibrary) -> None:
    notes = library.classify(LAW_CORPUS, ["law_675", "law_404", "A1", "100", "decoy"])
    assert notes["law_675"].status is CorpusStatus.FOUND and notes["law_675"].label == ""
    assert notes["law_404"].status is CorpusStatus.NOT_IN_CORPUS
    assert notes["law_404"].label == "not in corpus"
    assert (notes["A1"].status, notes["A1"].other) == (CorpusStatus.CROSS_CORPUS, "articles")
    assert notes["A1"].label == "cross-corpus: articles"
    assert notes["100"].other == "legal_cases"
    # a nested object's "id" is not a record's key
    assert notes["decoy"].status is CorpusStatus.NOT_IN_CORPUS
    # a stock code is another key space of the same file
    assert library.classify(REPORTS_ZH, ["600519"])["600519"].other == "finance_companies_zh"


def test_leaked_ground_truth_records(library: CorpusLibrary) -> None:
    notes = library.classify(REPORTS_ZH, ["r1", "r2"])
    assert notes["r1"].status is CorpusStatus.FOUND
    assert notes["r2"].status is CorpusStatus.LEAKED
    assert notes["r2"].label == "⚠ leaked ground_truth"
    doc = library.lookup(REPORTS_ZH, "r2")
    assert doc is not None and doc.leaked
    assert library.leaked(FILINGS_EN, ["0000320193-23-000999", "0000320193-23-000106"]) == [
        "0000320193-23-000999"]


def test_integer_keys_match_text_ids(library: CorpusLibrary) -> None:
    notes = library.classify(LEGAL_CASES, ["100", "101", "102", "abc"])
    assert [notes[i].status for i in ("100", "101", "102", "abc")] == [
        CorpusStatus.FOUND, CorpusStatus.FOUND, CorpusStatus.NOT_IN_CORPUS,
        CorpusStatus.NOT_IN_CORPUS]


def test_missing_corpus_is_unavailable_not_absent(tmp_path: Path) -> None:
    library = evidence_library(tmp_path / "nothing")
    notes = library.classify(WENSHU, ["(2021)京0105民初12345号"])
    assert notes["(2021)京0105民初12345号"].status is CorpusStatus.UNAVAILABLE
    assert "no file" in library.errors["legal_wenshu"]
    assert library.lookup(WENSHU, "x") is None


def _renamed_precedents(root: Path) -> None:
    path = root / PRECEDENTS.path
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE precedent_docs (doc_key TEXT PRIMARY KEY, body, role, caption)")
    conn.execute("INSERT INTO precedent_docs VALUES ('P-9', 'Body text of P-9.', 'precedent', "
                 "'Nine v. Ten')")
    conn.commit()
    conn.close()


def test_descriptor_override_from_the_config_file(tmp_path: Path,
                                                  isolated_settings: Path) -> None:
    _renamed_precedents(tmp_path / "corpora")
    isolated_settings.parent.mkdir(parents=True, exist_ok=True)
    isolated_settings.write_text(
        '[corpora.precedents]\ntable = "precedent_docs"\nkey = "doc_key"\n'
        'title = ["caption"]\ntext = ["body"]\nmetadata = ["role", "doc_key"]\n',
        encoding="utf-8")
    settings = load_settings()
    assert settings.corpora["precedents"].table == "precedent_docs"
    library = evidence_library(tmp_path / "corpora", settings.corpora)
    doc = library.lookup(PRECEDENTS, "P-9")
    assert doc is not None
    assert doc.title == "Nine v. Ten"
    assert doc.fields == [("role", "precedent"), ("doc key", "P-9")]
    assert doc.text == "Body text of P-9."
    library.close()


def test_schema_discovery_without_an_override(tmp_path: Path) -> None:
    """Without an override the table is found by its key column and text is guessed."""
    root = tmp_path / "corpora"
    path = root / PRECEDENTS.path
    path.parent.mkdir(parents=True)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE docs (docid TEXT PRIMARY KEY, text)")
    conn.execute("INSERT INTO docs VALUES ('P-1', 'First line\nmore')")
    conn.commit()
    conn.close()
    library = evidence_library(root)
    doc = library.lookup(PRECEDENTS, "P-1")
    assert doc is not None and doc.title == "First line" and doc.text == "First line\nmore"
    assert doc.fields == [("docid", "P-1")]  # corpus_role is not in this release
    library.close()


def test_override_pointing_nowhere_is_reported(tmp_path: Path) -> None:
    _renamed_precedents(tmp_path / "corpora")
    library = evidence_library(tmp_path / "corpora",
                            {"precedents": CorpusOverride(table="nope", key="nope")})
    assert library.classify(PRECEDENTS, ["P-9"])["P-9"].status is CorpusStatus.UNAVAILABLE
    assert "nope" in library.errors["precedents"]


def test_query_terms_english_and_chinese() -> None:
    assert query_terms("Does exercise reduce depressive symptoms?") == [
        "depressive", "exercise", "symptoms", "reduce"]
    terms = query_terms("甲借款10万元到期未还，法院应如何处理？")
    assert {"借款", "到期", "未还", "法院", "10"} <= set(terms)
    assert "如何" not in terms
    pattern = term_pattern(terms)
    assert pattern is not None
    assert [m.group(0) for m in pattern.finditer("借款人到期未还")] == ["借款", "到期", "未还"]
    assert term_pattern([]) is None
