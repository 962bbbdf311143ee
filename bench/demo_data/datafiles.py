"""The demo's tables of prose and records: one JSON file each under data/, read on first use.

A file is a JSON array of objects (UTF-8, non-ASCII kept) whose keys are the fields of its row
type below; every row is validated on reading, so a misspelt key or a wrong type fails loudly.
Nothing is read at import time. Values derived from these rows (ids, figures, ground truths)
are computed by the corpus and task modules.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import NamedTuple, TypeVar

from pydantic import TypeAdapter

Row = TypeVar("Row")
DATA = Path(__file__).parent / "data"


def read_table(name: str, row: type[Row]) -> tuple[Row, ...]:
    """Every row of `data/<name>`, in file order."""
    text = (DATA / name).read_text(encoding="utf-8")
    adapter = TypeAdapter(row)
    return tuple(adapter.validate_python(record) for record in json.loads(text))


class Study(NamedTuple):
    """A primary study of a science topic, or a look-alike a review would exclude."""

    title: str
    country: str
    year: int
    design: str
    n: int
    finding: str
    included: bool = True


class Topic(NamedTuple):
    """An evidence-synthesis topic of the science corpus and its studies."""

    key: str
    background: str
    population: str
    measure: str
    journal: str
    studies: tuple[Study, ...]


class Paragraph(NamedTuple):
    """A paragraph of 12 CFR Part 217 (Regulation Q)."""

    paragraph_id: str
    heading: str
    text: str


class Precedent(NamedTuple):
    """An English precedent: a controlling case ("precedent") or a "distractor"."""

    corpus_role: str
    case_text: str


class Provision(NamedTuple):
    """An article of a Chinese statute, judicial interpretation, regulation or rule book."""

    law_name: str
    item: str
    content: str


class ApaCase(NamedTuple):
    """A petition for review of agency action under the APA."""

    case_name: str
    circuit: str
    year: int
    agency: str
    disposition: str
    ignored_significant_comments: bool


class TitleViiCase(NamedTuple):
    """A Title VII appeal from a grant of summary judgment."""

    case_name: str
    circuit: str
    year: int
    claim: str
    comparator_evidence: bool
    disposition: str


class ImmigrationCase(NamedTuple):
    """A petition for review of a Board of Immigration Appeals decision."""

    case_name: str
    circuit: str
    year: int
    relief_sought: str
    represented_by_counsel: bool
    bia_failed_to_address_argument: bool
    disposition: str


class EnCompany(NamedTuple):
    """An SEC registrant: fiscal 2020 revenue in USD millions, growth, margins and its texts.
    Fiscal years end on December 31; the filing module turns these into reported figures."""

    cik: str
    name: str
    ticker: str
    sic: str
    state: str
    revenue_2020: float  # USD millions
    growth: tuple[float, float, float]  # revenue growth in 2021, 2022, 2023
    net_margin: tuple[float, float, float, float]  # 2020-2023
    cash_margin: tuple[float, float, float, float]  # operating cash flow / revenue, 2020-2023
    assets_to_revenue: float
    debt_ratio: float  # total liabilities / total assets at the end of 2020
    shares: float  # diluted weighted average shares, millions
    dividend: float  # cash dividends declared per share in fiscal 2022 (0: none)
    review_2022: str
    outlook_2023: str
    risk: str


class ZhCompany(NamedTuple):
    """A listed Chinese company: fiscal 2022 revenue in 亿元, growth, margins and what management
    said about each year; the report module turns these into yuan figures."""

    stock_code: str
    company_name: str
    short_name: str
    industry: str
    listing_date: str
    revenue_2022: float  # 亿元
    growth: tuple[float, float]  # revenue growth in 2023 and 2024
    net_margin: tuple[float, float, float]  # 2022, 2023, 2024
    cash_margin: tuple[float, float, float]  # operating cash flow / revenue, 2022-2024
    assets_to_revenue: float
    debt_ratio: float  # total liabilities / total assets at the end of 2022
    shares: float  # 亿股
    dividend_2023: float  # 元 per 10 shares (0: none)
    driver_2023: str
    driver_2024: str
    risk: str

    @property
    def exchange(self) -> str:
        return "上海证券交易所" if self.stock_code.startswith("6") else "深圳证券交易所"


@cache
def science_topics() -> tuple[Topic, ...]:
    return read_table("science_topics.json", Topic)


@cache
def cfr_paragraphs() -> tuple[Paragraph, ...]:
    return read_table("cfr_217.json", Paragraph)


@cache
def precedent_cases() -> tuple[Precedent, ...]:
    return read_table("precedents.json", Precedent)


@cache
def law_provisions() -> tuple[Provision, ...]:
    """The Chinese statute corpus in corpus order: the Civil Code first."""
    return read_table("laws_zh.json", Provision)


@cache
def regulatory_rules() -> tuple[Provision, ...]:
    """The Chinese listing and disclosure rules in corpus order."""
    return read_table("rules_zh.json", Provision)


@cache
def apa_caseload() -> tuple[ApaCase, ...]:
    return read_table("caseload_apa.json", ApaCase)


@cache
def title_vii_caseload() -> tuple[TitleViiCase, ...]:
    return read_table("caseload_title_vii.json", TitleViiCase)


@cache
def immigration_caseload() -> tuple[ImmigrationCase, ...]:
    return read_table("caseload_immigration.json", ImmigrationCase)


@cache
def en_companies() -> tuple[EnCompany, ...]:
    return read_table("companies_en.json", EnCompany)


@cache
def zh_companies() -> tuple[ZhCompany, ...]:
    return read_table("companies_zh.json", ZhCompany)
