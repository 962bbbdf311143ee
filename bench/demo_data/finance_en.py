"""English SEC filings (finance/en/finance_reports.sqlite).

Each registrant files 10-Ks for fiscal 2020-2022 and a 10-Q for the second quarter of 2023
(retrieval split) and the fiscal 2023 10-K, the target of the predictive tasks, which sits in
the `ground_truth` split.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bench.demo_data.datafiles import EnCompany, en_companies
from bench.demo_data.stats import Jitter, compounded
from bench.demo_data.storage import Table

HALF_YEAR_SHARE = 0.49
PERIODS = ((2020, False), (2021, False), (2022, False), (2023, True), (2023, False))


@dataclass(frozen=True)
class EnFiling:
    """One filing with its `financial_facts` row (USD; the 10-Q covers six months)."""

    company: EnCompany
    fiscal_year: int
    quarterly: bool
    revenues: float
    net_income: float
    total_assets: float
    total_liabilities: float
    operating_cash_flow: float
    eps_diluted: float

    @property
    def accession(self) -> str:
        filed_year = self.filed_date[2:4]
        sequence = 4 + 3 * PERIODS.index((self.fiscal_year, self.quarterly))
        return f"{self.company.cik}-{filed_year}-{sequence:06d}"

    @property
    def form(self) -> str:
        return "10-Q" if self.quarterly else "10-K"

    @property
    def fiscal_period(self) -> str:
        return "Q2" if self.quarterly else "FY"

    @property
    def report_date(self) -> str:
        return f"{self.fiscal_year}-{'06-30' if self.quarterly else '12-31'}"

    @property
    def filed_date(self) -> str:
        day = 10 + en_companies().index(self.company)
        if self.quarterly:
            return f"{self.fiscal_year}-08-{day:02d}"
        return f"{self.fiscal_year + 1}-02-{day:02d}"

    @property
    def split(self) -> str:
        return (
            "ground_truth" if (self.fiscal_year, self.quarterly) == (2023, False) else "retrieval"
        )


def _filing(company: EnCompany, year: int, quarterly: bool) -> EnFiling:
    index = year - 2020
    jitter = Jitter(int(company.cik) * 10 + index * 2 + quarterly, digits=-3)
    scale = compounded(company.revenue_2020 * 1e6, company.growth, index)
    revenues = jitter(scale * (HALF_YEAR_SHARE if quarterly else 1))
    net_income = jitter(revenues * company.net_margin[index])
    assets = jitter(company.revenue_2020 * 1e6 * company.assets_to_revenue * 1.05**index)
    shares = company.shares * 1e6 * (1 + 0.01 * index)
    return EnFiling(
        company=company,
        fiscal_year=year,
        quarterly=quarterly,
        revenues=revenues,
        net_income=net_income,
        total_assets=assets,
        total_liabilities=round(assets * (company.debt_ratio + 0.01 * index), -3),
        operating_cash_flow=jitter(revenues * company.cash_margin[index]),
        eps_diluted=round(net_income / shares, 2),
    )


@cache
def filings() -> tuple[EnFiling, ...]:
    """All filings, registrant by registrant, oldest first."""
    return tuple(_filing(c, year, quarterly) for c in en_companies() for year, quarterly in PERIODS)


def filing(ticker: str, year: int, quarterly: bool = False) -> EnFiling:
    """One filing by ticker, fiscal year and form."""
    return next(
        f
        for f in filings()
        if (f.company.ticker, f.fiscal_year, f.quarterly) == (ticker, year, quarterly)
    )


def millions(usd: float) -> str:
    """$1,234.5 million, as filings print amounts."""
    return f"${usd / 1e6:,.1f} million"


def _change(current: float, previous: float) -> str:
    ratio = 100 * (current - previous) / abs(previous)
    return f"{'an increase' if ratio >= 0 else 'a decrease'} of {abs(ratio):.1f}%"


def _sections(f: EnFiling, previous: EnFiling | None) -> list[tuple[str, str, str]]:
    c = f.company
    period = "the six months ended June 30, 2023" if f.quarterly else f"fiscal {f.fiscal_year}"
    income = "Net income" if f.net_income >= 0 else "Net loss"
    results = (
        f"Revenues for {period} were {millions(f.revenues)}"
        + (
            f", {_change(f.revenues, previous.revenues)} from the prior year. "
            if previous
            else ". "
        )
        + f"{income} was {millions(abs(f.net_income))}, or ${abs(f.eps_diluted):.2f} per diluted "
        "share. "
        f"Net cash provided by operating activities was {millions(f.operating_cash_flow)}. "
    )
    narrative = {
        2020: "Results reflected disciplined cost management across our operations.",
        2021: "Demand recovered across our end markets during the year.",
        2022: c.review_2022,
        2023: c.outlook_2023,
    }[f.fiscal_year]
    if f.quarterly:
        return [
            ("Part I, Item 2", "Management's Discussion and Analysis", results + narrative),
            (
                "Part II, Item 1A",
                "Risk Factors",
                "There have been no material changes to the "
                f"risk factors disclosed in our 10-K for fiscal 2022. {c.risk}",
            ),
        ]
    dividends = (
        f"During fiscal {f.fiscal_year} we declared cash dividends of ${c.dividend:.2f} per share."
        if c.dividend
        else "We have never declared or paid cash dividends on our common stock and do not "
        "anticipate paying dividends in the foreseeable future."
    )
    balance = (
        f"As of December 31, {f.fiscal_year}, total assets were {millions(f.total_assets)} and "
        f"total liabilities were {millions(f.total_liabilities)}."
    )
    return [
        ("Item 1A", "Risk Factors", c.risk),
        (
            "Item 5",
            "Market for Registrant's Common Equity",
            f"{c.name} common stock trades under the symbol {c.ticker}. {dividends}",
        ),
        ("Item 7", "Management's Discussion and Analysis", results + narrative),
        ("Item 8", "Financial Statements and Supplementary Data", balance),
    ]


def tables() -> list[Table]:
    """`companies`, `filings`, `financial_facts`, `sections` (docs/corpora.md)."""
    section_rows = []
    annual: dict[str, EnFiling] = {}
    for f in filings():
        previous = annual.get(f.company.cik) if not f.quarterly else None
        for i, (item, title, text) in enumerate(_sections(f, previous), start=1):
            section_rows.append((f"{f.accession}-s{i}", f.accession, item, title, text, f.split))
        if not f.quarterly:
            annual[f.company.cik] = f
    return [
        Table(
            "companies",
            "cik TEXT PRIMARY KEY, name TEXT, ticker TEXT, sic TEXT, state TEXT",
            [(c.cik, c.name, c.ticker, c.sic, c.state) for c in en_companies()],
        ),
        Table(
            "filings",
            "accession TEXT PRIMARY KEY, cik TEXT, form TEXT, fiscal_year INTEGER, "
            "fiscal_period TEXT, report_date TEXT, filed_date TEXT, split TEXT",
            [
                (
                    f.accession,
                    f.company.cik,
                    f.form,
                    f.fiscal_year,
                    f.fiscal_period,
                    f.report_date,
                    f.filed_date,
                    f.split,
                )
                for f in filings()
            ],
            indexes=("cik",),
        ),
        Table(
            "financial_facts",
            "accession TEXT PRIMARY KEY, revenues REAL, net_income REAL, "
            "total_assets REAL, total_liabilities REAL, operating_cash_flow REAL, "
            "eps_diluted REAL, split TEXT",
            [
                (
                    f.accession,
                    f.revenues,
                    f.net_income,
                    f.total_assets,
                    f.total_liabilities,
                    f.operating_cash_flow,
                    f.eps_diluted,
                    f.split,
                )
                for f in filings()
            ],
        ),
        Table(
            "sections",
            "section_id TEXT PRIMARY KEY, accession TEXT, item TEXT, title TEXT, "
            "text TEXT, split TEXT",
            section_rows,
            indexes=("accession",),
        ),
    ]
