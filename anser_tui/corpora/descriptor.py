"""Per-corpus descriptors: which table and columns hold a unit's key, title, fields and text.

Defaults follow the README's names and docs/corpora.md. A release whose columns differ is
handled by an override in the config file (`[corpora.<name>]` with table, key, title, text,
metadata). A column written `table.column` is read from a related table joined on the column the
two tables share (one row for a field, every row for text).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

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
from anser_tui.core.settings import CorpusOverride

Kind = Literal["sqlite", "jsonl"]

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


@dataclass(frozen=True)
class CorpusDescriptor:
    """How to read one key space's units out of its corpus file."""

    name: str
    path: str
    kind: Kind
    key: str
    table: str | None = None
    title: tuple[str, ...] = ()
    metadata: tuple[str, ...] = ()
    text: tuple[str, ...] = ()
    # joined text rows: the columns that head each row's section, and the order of the rows
    headings: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    order: Mapping[str, str] = field(default_factory=dict)
    # a name/value table of features: (table, name column, value column)
    features: tuple[str, str, str] | None = None
    split: str | None = None  # the column whose value "ground_truth" marks a leaked record
    # JSONL: fields that name the same record under another key (a rule id for a law item)
    aliases: tuple[str, ...] = ()
    # JSONL: a key made of two fields, joined as evidence_ids.law_item_key does
    composite: tuple[str, str] | None = None

    def label(self, column: str) -> str:
        return LABELS.get(column) or LABELS.get(column.split(".")[-1]) or \
            column.split(".")[-1].replace("_", " ")


_FINANCE_ZH_FIELDS = tuple(f"financial_fields.{c}" for c in (
    "revenue", "net_profit", "total_assets", "total_liabilities", "operating_cash_flow", "eps",
    "roe"))
_FINANCE_EN_FIELDS = tuple(f"financial_facts.{c}" for c in (
    "revenues", "net_income", "total_assets", "total_liabilities", "operating_cash_flow",
    "eps_diluted"))

DEFAULTS: dict[str, CorpusDescriptor] = {d.name: d for d in (
    CorpusDescriptor(
        WENSHU.corpus, WENSHU.path, "sqlite", "anhao", table="cases",
        title=("fayuanmingcheng", "anyou", "wenshuleixing"),
        metadata=("anhao", "fayuanmingcheng", "caipanriqi", "anyou", "wenshuleixing",
                  "shenpanchengxu"),
        text=("wenshu_content",),
        features=("case_features", "feature_name", "feature_value")),
    CorpusDescriptor(
        LAW_CORPUS.corpus, LAW_CORPUS.path, "jsonl", "id", title=("law_name", "item"),
        metadata=("law_name", "item", "id"), text=("content",)),
    CorpusDescriptor(
        LEGAL_CASES.corpus, LEGAL_CASES.path, "sqlite", "cluster_id", table="case_record",
        title=("case_name",),
        metadata=("court", "decision_date", "docket_number", "jurisdiction", "case_id"),
        text=("opinion.text",), headings={"opinion": ("opinion_type", "author")},
        order={"opinion": "opinion_id"}, features=("feature", "name", "value")),
    CorpusDescriptor(
        PRECEDENTS.corpus, PRECEDENTS.path, "sqlite", "docid", table="documents",
        metadata=("docid", "corpus_role"), text=("case_text",)),
    CorpusDescriptor(
        REPORTS_ZH.corpus, REPORTS_ZH.path, "sqlite", "report_id", table="reports",
        title=("title",),
        metadata=("companies.company_name", "stock_code", "fiscal_year", "report_period",
                  "report_type", "publish_date", "split", *_FINANCE_ZH_FIELDS),
        text=("report_chunks.text",), headings={"report_chunks": ("section",)},
        order={"report_chunks": "chunk_index"}, split="split"),
    CorpusDescriptor(
        COMPANIES_ZH.corpus, COMPANIES_ZH.path, "sqlite", "stock_code", table="companies",
        title=("company_name",),
        metadata=("stock_code", "company_name", "industry", "exchange", "listing_date"),
        text=("reports.report_id", "reports.report_period", "reports.title"),
        order={"reports": "fiscal_year"}),
    CorpusDescriptor(
        REG_RULES.corpus, REG_RULES.path, "jsonl", "law_item", title=("law_name", "item"),
        metadata=("law_name", "item", "id"), text=("content",), aliases=("id",),
        composite=("law_name", "item")),
    CorpusDescriptor(
        FILINGS_EN.corpus, FILINGS_EN.path, "sqlite", "accession", table="filings",
        title=("companies.name", "form", "fiscal_year", "fiscal_period"),
        metadata=("companies.name", "cik", "companies.ticker", "form", "fiscal_year",
                  "fiscal_period", "report_date", "filed_date", "split", *_FINANCE_EN_FIELDS),
        text=("sections.text",), headings={"sections": ("item", "title")},
        order={"sections": "section_id"}, split="split"),
    CorpusDescriptor(
        COMPANIES_EN.corpus, COMPANIES_EN.path, "sqlite", "cik", table="companies",
        title=("name",), metadata=("cik", "name", "ticker", "sic", "state"),
        text=("filings.accession", "filings.form", "filings.fiscal_year",
              "filings.fiscal_period"), order={"filings": "fiscal_year"}),
    CorpusDescriptor(
        AUDIT.corpus, AUDIT.path, "sqlite", "fact_id", table="filing_facts",
        title=("company_name", "concept"),
        metadata=("company_name", "accession", "concept", "taxonomy_concepts.label", "value",
                  "unit", "period_end"),
        text=("context", "filing_relationships.parent_concept",
              "filing_relationships.child_concept", "filing_relationships.weight"),
        order={"filing_relationships": "id"}),
    CorpusDescriptor(
        CFR_217.corpus, CFR_217.path, "sqlite", "paragraph_id", table="paragraphs",
        title=("paragraph_id", "heading"), metadata=("paragraph_id", "section", "heading"),
        text=("text",)),
    CorpusDescriptor(
        ARTICLES.corpus, ARTICLES.path, "jsonl", "ID", title=("title",),
        metadata=("journal", "year", "authors", "pmid", "doi", "pmc_id", "ID"),
        text=("abstract", "sections")),
)}

assert set(DEFAULTS) == {s.corpus for s in EVIDENCE_SPACES}


def descriptor_for(space: EvidenceSpace | str,
                   overrides: Mapping[str, CorpusOverride] | None = None) -> CorpusDescriptor:
    """The default descriptor of a key space, with the config file's override applied."""
    name = space if isinstance(space, str) else space.corpus
    base = DEFAULTS[name]
    override = (overrides or {}).get(name)
    if override is None:
        return base
    changes: dict[str, object] = {}
    if override.table is not None:
        changes["table"] = override.table
    if override.key is not None:
        changes["key"] = override.key
        changes["composite"] = None
    for attr in ("title", "text", "metadata"):
        value = getattr(override, attr)
        if value is not None:
            changes[attr] = tuple(value)
    return replace(base, **changes)  # type: ignore[arg-type]
