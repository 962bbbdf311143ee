"""The descriptors of ANSER-Bench's corpora: which table and columns hold a unit of each of
its twelve key spaces (ten corpus files), and how its ids are compared.

Defaults follow the README's names and docs/corpora.md; the config file's `[corpora.<name>]`
overrides them (`corpora.with_override`). Keys are compared as evidence ids are (`id_text`:
NFKC-folded), a regulatory rule's key is its (law_name, item) pair, and a rule id names the same
rule (`rule_keys`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.anser.evidence_ids import id_text, law_item_key
from anser_tui.benchmarks.anser.groups import (
    ARTICLES,
    AUDIT,
    CFR_217,
    COMPANIES_EN,
    COMPANIES_ZH,
    EVIDENCE_SPACES,
    FILINGS_EN,
    LAW_CORPUS,
    LEGAL_CASES,
    PRECEDENTS,
    REG_RULES,
    REPORTS_ZH,
    WENSHU,
    EvidenceSpace,
)
from anser_tui.benchmarks.anser.rule_keys import rule_key_map
from anser_tui.core.settings import CorpusOverride
from anser_tui.corpora.descriptor import CompositeKey, CorpusDescriptor, Kind, with_override
from anser_tui.corpora.library import CorpusLibrary

# Column and field names as a reviewer reads them.
LABELS: dict[str, str] = {
    "anhao": "case number", "anyou": "cause of action", "wenshuleixing": "document type",
    "fayuanmingcheng": "court", "caipanriqi": "date", "shenpanchengxu": "procedure",
    "law_name": "law", "item": "item", "case_name": "case", "decision_date": "date",
    "docket_number": "docket", "corpus_role": "role", "company_name": "company",
    "report_period": "period", "fiscal_year": "fiscal year", "report_type": "report type",
    "publish_date": "published", "stock_code": "stock code", "listing_date": "listed",
    "net_profit": "net profit", "total_assets": "total assets",
    "total_liabilities": "total liabilities", "operating_cash_flow": "operating cash flow",
    "fiscal_period": "period", "report_date": "report date", "filed_date": "filed",
    "net_income": "net income", "eps_diluted": "EPS (diluted)", "period_end": "period end",
    "paragraph_id": "paragraph", "pmid": "PMID", "doi": "DOI", "pmc_id": "PMC",
    "cik": "CIK", "sic": "SIC", "roe": "ROE", "eps": "EPS", "name": "company",
    "companies.company_name": "company", "companies.name": "company",
    "taxonomy_concepts.label": "concept label", "case_id": "case id",
}


# What the readers try when a release lacks the named columns, and the columns two tables
# preferably join on (names or endings), with ANSER's own names.
_TEXT = ("text", "content", "body", "case_text", "wenshu_content", "abstract")
_TITLE = ("title", "name", "case_name", "company_name", "heading")
_JOIN = ("_id", "_code", "accession", "cik", "concept", "anhao")


def _descriptor(space: EvidenceSpace, kind: Kind, key: str, **fields: Any) -> CorpusDescriptor:
    return CorpusDescriptor(space.corpus, space.path, kind, key, normalize=id_text,
                            labels=LABELS, text_guesses=_TEXT, title_guesses=_TITLE,
                            join_hints=_JOIN, **fields)


_FINANCE_ZH_FIELDS = tuple(f"financial_fields.{c}" for c in (
    "revenue", "net_profit", "total_assets", "total_liabilities", "operating_cash_flow", "eps",
    "roe"))
_FINANCE_EN_FIELDS = tuple(f"financial_facts.{c}" for c in (
    "revenues", "net_income", "total_assets", "total_liabilities", "operating_cash_flow",
    "eps_diluted"))

DEFAULTS: dict[str, CorpusDescriptor] = {d.name: d for d in (
    _descriptor(
        WENSHU, "sqlite", "anhao", table="cases",
        title=("fayuanmingcheng", "anyou", "wenshuleixing"),
        metadata=("anhao", "fayuanmingcheng", "caipanriqi", "anyou", "wenshuleixing",
                  "shenpanchengxu"),
        text=("wenshu_content",),
        features=("case_features", "feature_name", "feature_value")),
    _descriptor(
        LAW_CORPUS, "jsonl", "id", title=("law_name", "item"),
        metadata=("law_name", "item", "id"), text=("content",), split="split"),
    _descriptor(
        LEGAL_CASES, "sqlite", "cluster_id", table="case_record",
        title=("case_name",),
        metadata=("court", "decision_date", "docket_number", "jurisdiction", "case_id"),
        text=("opinion.text",), headings={"opinion": ("opinion_type", "author")},
        order={"opinion": "opinion_id"}, features=("feature", "name", "value")),
    _descriptor(
        PRECEDENTS, "sqlite", "docid", table="documents",
        metadata=("docid", "corpus_role"), text=("case_text",)),
    _descriptor(
        REPORTS_ZH, "sqlite", "report_id", table="reports",
        title=("title",),
        metadata=("companies.company_name", "stock_code", "fiscal_year", "report_period",
                  "report_type", "publish_date", "split", *_FINANCE_ZH_FIELDS),
        text=("report_chunks.text",), headings={"report_chunks": ("section",)},
        order={"report_chunks": "chunk_index"}, split="split"),
    _descriptor(
        COMPANIES_ZH, "sqlite", "stock_code", table="companies",
        title=("company_name",),
        metadata=("stock_code", "company_name", "industry", "exchange", "listing_date"),
        text=("reports.report_id", "reports.report_period", "reports.title"),
        order={"reports": "fiscal_year"}),
    _descriptor(
        REG_RULES, "jsonl", "law_item", title=("law_name", "item"),
        metadata=("law_name", "item", "id"), text=("content",), aliases=("id",), split="split",
        composite=CompositeKey(("law_name", "item"), law_item_key), id_map=rule_key_map),
    _descriptor(
        FILINGS_EN, "sqlite", "accession", table="filings",
        title=("companies.name", "form", "fiscal_year", "fiscal_period"),
        metadata=("companies.name", "cik", "companies.ticker", "form", "fiscal_year",
                  "fiscal_period", "report_date", "filed_date", "split", *_FINANCE_EN_FIELDS),
        text=("sections.text",), headings={"sections": ("item", "title")},
        order={"sections": "section_id"}, split="split"),
    _descriptor(
        COMPANIES_EN, "sqlite", "cik", table="companies",
        title=("name",), metadata=("cik", "name", "ticker", "sic", "state"),
        text=("filings.accession", "filings.form", "filings.fiscal_year",
              "filings.fiscal_period"), order={"filings": "fiscal_year"}),
    _descriptor(
        AUDIT, "sqlite", "fact_id", table="filing_facts",
        title=("company_name", "concept"),
        metadata=("company_name", "accession", "concept", "taxonomy_concepts.label", "value",
                  "unit", "period_end"),
        text=("context", "filing_relationships.parent_concept",
              "filing_relationships.child_concept", "filing_relationships.weight"),
        order={"filing_relationships": "id"}),
    _descriptor(
        CFR_217, "sqlite", "paragraph_id", table="paragraphs",
        title=("paragraph_id", "heading"), metadata=("paragraph_id", "section", "heading"),
        text=("text",)),
    _descriptor(
        ARTICLES, "jsonl", "ID", title=("title",),
        metadata=("journal", "year", "authors", "pmid", "doi", "pmc_id", "ID"),
        text=("abstract", "sections"), split="split"),
)}

assert set(DEFAULTS) == {s.corpus for s in EVIDENCE_SPACES}
CORPORA = tuple(DEFAULTS[s.corpus] for s in EVIDENCE_SPACES)  # in the key spaces' order


def descriptor_for(space: EvidenceSpace | str,
                   overrides: Mapping[str, CorpusOverride] | None = None) -> CorpusDescriptor:
    """The default descriptor of a key space, with the config file's override applied."""
    name = space if isinstance(space, str) else space.corpus
    return with_override(DEFAULTS[name], (overrides or {}).get(name))


def evidence_library(corpora_dir: Path | None,
                     overrides: Mapping[str, CorpusOverride] | None = None,
                     cache: Path | None = None) -> CorpusLibrary:
    """The library of ANSER-Bench's corpora under `corpora_dir` (the folder's corpora/)."""
    return CorpusLibrary(corpora_dir, CORPORA, overrides, cache)
