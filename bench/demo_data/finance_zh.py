"""Chinese financial reports (finance/zh/finance_reports.sqlite).

Each company files annual reports for 2022 and 2023 and a 2024 half-year report (retrieval
split) and an annual report for 2024, the target period of the predictive tasks, which sits in
the `ground_truth` split: a system must never retrieve it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bench.demo_data.datafiles import ZhCompany, zh_companies
from bench.demo_data.stats import Jitter, compounded
from bench.demo_data.storage import Table

HALF_YEAR_SHARE = 0.47
PERIODS = ((2022, False), (2023, False), (2024, True), (2024, False))  # (year, half-year)


@dataclass(frozen=True)
class ZhReport:
    """One report with its `financial_fields` row (amounts in yuan)."""

    company: ZhCompany
    fiscal_year: int
    half: bool
    revenue: float
    net_profit: float
    total_assets: float
    total_liabilities: float
    operating_cash_flow: float
    eps: float
    roe: float

    @property
    def report_id(self) -> str:
        return f"{self.company.stock_code}_{self.fiscal_year}_{'H1' if self.half else 'FY'}"

    @property
    def split(self) -> str:
        return "ground_truth" if (self.fiscal_year, self.half) == (2024, False) else "retrieval"

    @property
    def report_type(self) -> str:
        return "半年度报告" if self.half else "年度报告"

    @property
    def title(self) -> str:
        return f"{self.company.short_name}：{self.fiscal_year}年{self.report_type}"

    @property
    def debt_ratio(self) -> float:
        return self.total_liabilities / self.total_assets


def _report(company: ZhCompany, year: int, half: bool) -> ZhReport:
    index = year - 2022
    jitter = Jitter(int(company.stock_code) * 8 + index * 2 + half, digits=2)
    scale = compounded(company.revenue_2022 * 1e8, company.growth, index)
    revenue = jitter(scale * (HALF_YEAR_SHARE if half else 1))
    net_profit = jitter(revenue * company.net_margin[index])
    assets = jitter(company.revenue_2022 * 1e8 * company.assets_to_revenue * 1.06**index)
    liabilities = round(assets * (company.debt_ratio + 0.01 * index), 2)
    return ZhReport(
        company=company,
        fiscal_year=year,
        half=half,
        revenue=revenue,
        net_profit=net_profit,
        total_assets=assets,
        total_liabilities=liabilities,
        operating_cash_flow=jitter(revenue * company.cash_margin[index]),
        eps=round(net_profit / (company.shares * 1e8), 2),
        roe=round(100 * net_profit / (assets - liabilities), 2),
    )


@cache
def reports() -> tuple[ZhReport, ...]:
    """All reports, company by company, oldest first."""
    return tuple(_report(c, year, half) for c in zh_companies() for year, half in PERIODS)


def report(stock_code: str, year: int, half: bool = False) -> ZhReport:
    """One report by company, fiscal year and period."""
    return next(
        r
        for r in reports()
        if (r.company.stock_code, r.fiscal_year, r.half) == (stock_code, year, half)
    )


def wan(yuan: float) -> str:
    """An amount in 万元 with thousands separators, as reports print it."""
    return f"{yuan / 1e4:,.2f}万元"


def change(current: float, previous: float) -> str:
    """同比增长 x% / 同比下降 x%, or the turn between profit and loss."""
    if previous < 0 < current:
        return "同比扭亏为盈"
    if current < 0 < previous:
        return "同比由盈转亏"
    if current < 0 and previous < 0:
        return "亏损同比收窄" if current > previous else "亏损同比扩大"
    ratio = 100 * (current - previous) / abs(previous)
    return f"同比{'增长' if ratio >= 0 else '下降'}{abs(ratio):.2f}%"


def _chunks(r: ZhReport, previous: ZhReport | None) -> list[tuple[str, str]]:
    c = r.company
    period = f"{r.fiscal_year}年上半年" if r.half else f"{r.fiscal_year}年度"
    revenue_change = change(r.revenue, previous.revenue) if previous else ""
    profit_change = change(r.net_profit, previous.net_profit) if previous else ""
    figures = (
        f"{c.short_name}{period}实现营业收入{wan(r.revenue)}{'，' + revenue_change if previous else ''}"
        "；"
        f"归属于上市公司股东的净利润{wan(r.net_profit)}{'，' + profit_change if previous else ''}；"
        f"经营活动产生的现金流量净额{wan(r.operating_cash_flow)}；基本每股收益{r.eps:.2f}元/股；"
        f"加权平均净资产收益率{r.roe:.2f}%。报告期末总资产{wan(r.total_assets)}，"
        f"总负债{wan(r.total_liabilities)}，资产负债率{100 * r.debt_ratio:.2f}%。"
    )
    driver = {
        2022: "公司聚焦主营业务，持续推进降本增效，主要产品市场份额保持稳定",
        2023: c.driver_2023,
        2024: c.driver_2024,
    }[r.fiscal_year]
    chunks = [
        ("主要会计数据和财务指标", figures),
        (
            "管理层讨论与分析",
            f"报告期内，{driver}。{c.short_name}将继续围绕{c.industry}主业，"
            "坚持研发投入和精益管理，提升经营质量。",
        ),
        ("风险因素", f"公司可能面临{c.risk}。敬请投资者注意投资风险。"),
    ]
    if not r.half:
        if r.net_profit <= 0:
            plan = "鉴于公司本年度亏损，公司拟不派发现金红利，不送红股，不以资本公积金转增股本。"
        elif c.dividend_2023 == 0:
            plan = "为满足研发投入和经营资金需求，公司拟不派发现金红利，不送红股，不以资本公积金转增股本。"
        else:
            plan = (
                "公司拟以实施权益分派股权登记日的总股本为基数，向全体股东每10股派发现金红利"
                f"{c.dividend_2023:.2f}元（含税），不送红股，不以资本公积金转增股本。"
            )
        chunks.append(("利润分配预案", f"{r.fiscal_year}年度利润分配预案：{plan}"))
    return chunks


def tables() -> list[Table]:
    """`companies`, `reports`, `financial_fields`, `report_chunks` (docs/corpora.md)."""
    chunk_rows = []
    annual: dict[str, ZhReport] = {}
    for r in reports():
        previous = annual.get(r.company.stock_code) if not r.half else None
        for i, (section, text) in enumerate(_chunks(r, previous)):
            chunk_rows.append(
                (f"{r.report_id}_c{i + 1:02d}", r.report_id, section, i, text, r.split)
            )
        if not r.half:
            annual[r.company.stock_code] = r
    companies = [
        (c.stock_code, c.company_name, c.industry, c.exchange, c.listing_date)
        for c in zh_companies()
    ]
    report_rows = [
        (
            r.report_id,
            r.company.stock_code,
            r.fiscal_year,
            f"{r.fiscal_year}-{'06-30' if r.half else '12-31'}",
            r.report_type,
            r.title,
            _published(r),
            r.split,
        )
        for r in reports()
    ]
    fields = [
        (
            r.report_id,
            r.revenue,
            r.net_profit,
            r.total_assets,
            r.total_liabilities,
            r.operating_cash_flow,
            r.eps,
            r.roe,
            r.split,
        )
        for r in reports()
    ]
    return [
        Table(
            "companies",
            "stock_code TEXT PRIMARY KEY, company_name TEXT, industry TEXT, "
            "exchange TEXT, listing_date TEXT",
            companies,
        ),
        Table(
            "reports",
            "report_id TEXT PRIMARY KEY, stock_code TEXT, fiscal_year INTEGER, "
            "report_period TEXT, report_type TEXT, title TEXT, publish_date TEXT, split TEXT",
            report_rows,
            indexes=("stock_code",),
        ),
        Table(
            "financial_fields",
            "report_id TEXT PRIMARY KEY, revenue REAL, net_profit REAL, "
            "total_assets REAL, total_liabilities REAL, operating_cash_flow REAL, eps REAL, "
            "roe REAL, split TEXT",
            fields,
        ),
        Table(
            "report_chunks",
            "chunk_id TEXT PRIMARY KEY, report_id TEXT, section TEXT, "
            "chunk_index INTEGER, text TEXT, split TEXT",
            chunk_rows,
            indexes=("report_id",),
        ),
    ]


def _published(r: ZhReport) -> str:
    day = 10 + zh_companies().index(r.company)
    return f"{r.fiscal_year}-08-{day:02d}" if r.half else f"{r.fiscal_year + 1}-04-{day:02d}"
