"""English finance descriptive tasks over SEC filings: figures, choices, summaries, statistics."""

from __future__ import annotations

from collections.abc import Callable

from bench.demo_data.datafiles import en_companies
from bench.demo_data.finance_en import EnFiling, filing, filings, millions
from bench.demo_data.records import (
    NO_EVIDENCE,
    DemoTask,
    JudgeMarks,
    Response,
    Retrieval,
    letter_of,
    letters,
    task_id,
)

GROUP = "finance_en_descriptive"
SOURCE = (
    "Answer from the companies' SEC filings only. List the accession numbers of the filings "
    "used in retrieved_evidence, most relevant first."
)
CHOICE = f"{SOURCE} Return the option letter(s) only; for multiple answers return every letter."
SHORT = f"{SOURCE} Answer in at most 100 words with the key figures."
STATISTIC = (
    "Count over all companies in the corpus and return an integer. List the CIK of every "
    "counted company in retrieved_evidence."
)


def k10(ticker: str, year: int) -> EnFiling:
    return filing(ticker, year)


def growth(ticker: str, year: int) -> float:
    """Revenue growth in percent over the prior fiscal year."""
    return 100 * (k10(ticker, year).revenues / k10(ticker, year - 1).revenues - 1)


def options(tickers: list[str]) -> str:
    """'Options: A. Northwind Robotics Inc. B. ...': the options of a choice question."""
    names = {c.ticker: c.name for c in en_companies()}
    return "Options: " + " ".join(f"{letter_of(i)}. {names[t]}" for i, t in enumerate(tickers))


def _ciks(test: Callable[[EnFiling], bool]) -> list[str]:
    return [
        f.company.cik for f in filings() if (f.fiscal_year, f.form) == (2022, "10-K") and test(f)
    ]


def numeric() -> list[DemoTask]:
    revenue = round(k10("NWRB", 2022).revenues / 1e6, 1)
    loss = round(k10("SLSC", 2022).net_income / 1e6, 1)
    unit = f"{SOURCE} Report USD millions with one decimal; return the number only."
    return [
        DemoTask(
            task_id(GROUP, 1),
            "numeric_fact",
            "What were Northwind Robotics' revenues for fiscal 2022?",
            unit,
            revenue,
            [k10("NWRB", 2022).accession],
            Response(f"${revenue:,.1f} million"),
        ),
        DemoTask(
            task_id(GROUP, 25),
            "mixed_numeric_text",
            "What was Silverline Semiconductor's net income (loss) for fiscal 2022?",
            unit,
            loss,
            [k10("SLSC", 2022).accession],
            Response(str(loss), Retrieval(lead=1, trail=1)),
        ),
        DemoTask(
            task_id(GROUP, 47),
            "numeric_fact",
            "What cash dividends per share did Lumen Bay Software declare in fiscal 2022?",
            f"{SOURCE} Report USD per share; return the number only.",
            0.0,
            [k10("LBSW", 2022).accession],
            Response("None were declared: $0.00 per share."),
        ),
    ]


def choice() -> list[DemoTask]:
    cash = ["HMDV", "PGFC", "ASCX", "MDHS"]
    top = max(cash, key=lambda t: k10(t, 2022).operating_cash_flow)
    keystone = k10("KLGI", 2022)
    growers = ["NWRB", "RWOB", "BMEC", "CRMC"]
    return [
        DemoTask(
            task_id(GROUP, 48),
            "ranking",
            "Which company reported the highest net cash provided by operating activities in "
            "fiscal 2022?",
            f"{options(cash)} {CHOICE}",
            letters([t == top for t in cash]),
            [k10(t, 2022).accession for t in cash],
            Response("C", Retrieval(keep=2)),
        ),
        DemoTask(
            task_id(GROUP, 70),
            "cross_section_screen",
            "Did Keystone Logistics' total liabilities exceed 60% of its total assets at December "
            "31, 2022? Answer Yes or No.",
            f"{SOURCE} Answer Yes or No only.",
            "Yes" if keystone.total_liabilities > 0.6 * keystone.total_assets else "No",
            [keystone.accession],
            Response("yes"),
        ),
        DemoTask(
            task_id(GROUP, 99),
            "screening",
            "Which companies grew fiscal 2022 revenues by more than 10%?",
            f"{options(growers)} {CHOICE}",
            letters([growth(t, 2022) > 10 for t in growers]),
            [k10(t, 2022).accession for t in growers],
            Response("C, A", Retrieval(keep=3, duplicate=True)),
        ),
    ]


def short() -> list[DemoTask]:
    chips = k10("SLSC", 2022)
    return [
        DemoTask(
            task_id(GROUP, 100),
            "text_evidence",
            "According to its fiscal 2022 10-K, why did Silverline Semiconductor report a net "
            "loss?",
            SHORT,
            f"Revenues fell {abs(growth('SLSC', 2022)):.1f}% to {millions(chips.revenues)} as PC "
            "and "
            "smartphone customers reduced inventories, and the company recorded a $142 million "
            "inventory write-down and restructuring charges, producing a net loss of "
            f"{millions(abs(chips.net_income))} (${abs(chips.eps_diluted):.2f} per diluted share).",
            [chips.accession],
            Response(
                f"Revenue dropped {abs(growth('SLSC', 2022)):.1f}% to {millions(chips.revenues)} "
                "because PC and smartphone customers cut inventories, and a $142 million inventory "
                f"write-down plus restructuring charges led to a net loss of {millions(abs(chips.net_income))}"
                ".",
                Retrieval(trail=1),
                JudgeMarks(
                    (4, 4, 4, 4, 4), "Matches the ground truth on cause, write-down and loss."
                ),
            ),
        ),
        DemoTask(
            task_id(GROUP, 150),
            "text_summary",
            "What customer-related risk does Northwind Robotics highlight in its fiscal 2022 10-K?",
            SHORT,
            "Customer concentration: its three largest e-commerce customers accounted for 44% of "
            "revenue, so a reduction in their warehouse investment would reduce demand for its "
            "robots.",
            [k10("NWRB", 2022).accession],
            Response(
                "Northwind depends on a small number of large customers, and losing one could "
                "hurt revenue.",
                Retrieval(keep=1, lead=1),
                JudgeMarks(
                    (3, 2, 3, 4, 4),
                    "Identifies customer concentration but omits the 44% share and "
                    "the link to warehouse investment.",
                    shape="truncated",
                ),
            ),
        ),
        DemoTask(
            task_id(GROUP, 200),
            "text_comparison",
            "Compare how Prairie Grain Foods and Atlas Specialty Chemicals explained their fiscal "
            "2022 revenue changes.",
            SHORT,
            f"Both relied on pricing. Prairie Grain Foods' net sales rose {growth('PGFC', 2022):.1f}"
            "% "
            "on price increases of 11% that offset lower volumes, while wheat and freight costs "
            f"compressed margins. Atlas Specialty Chemicals' revenues rose {growth('ASCX', 2022):.1f}"
            "% "
            "as coatings-resin price increases offset lower volumes, with raw material costs "
            "peaking "
            "in the second quarter.",
            [k10("PGFC", 2022).accession, k10("ASCX", 2022).accession],
            Response(
                "Both companies raised prices to offset weaker volumes. Prairie Grain also faced "
                "higher "
                "wheat and freight costs; Atlas saw demand collapse in construction markets.",
                Retrieval(),
                JudgeMarks(
                    (3, 3, 3, 2, 4),
                    "Pricing-over-volume theme is right, but growth rates are "
                    "missing and the construction-demand claim is unsupported for 2022.",
                ),
            ),
        ),
    ]


def statistic() -> list[DemoTask]:
    def profitable(f: EnFiling) -> bool:
        return all(k10(f.company.ticker, y).net_income > 0 for y in (2020, 2021, 2022))

    always_profitable = _ciks(profitable)
    leveraged = _ciks(lambda f: f.total_liabilities > 0.5 * f.total_assets)
    high_eps = _ciks(lambda f: f.eps_diluted > 2)
    return [
        DemoTask(
            task_id(GROUP, 201),
            "statistic",
            "How many companies reported positive net income in every fiscal year from 2020 "
            "through 2022?",
            STATISTIC,
            len(always_profitable),
            always_profitable,
            Response(
                str(len(always_profitable)), Retrieval(keep=len(always_profitable) - 2, trail=1)
            ),
        ),
        DemoTask(
            task_id(GROUP, 250),
            "statistic",
            "How many companies had total liabilities above 50% of total assets at the end of "
            "fiscal 2022?",
            STATISTIC,
            len(leveraged),
            leveraged,
            Response("I could not determine the number", NO_EVIDENCE),
        ),
        DemoTask(
            task_id(GROUP, 300),
            "statistic",
            "How many companies reported diluted earnings per share above $2.00 for fiscal 2022?",
            STATISTIC,
            len(high_eps),
            high_eps,
            Response(f"{len(high_eps)} companies", Retrieval(extra=(k10("GPHB", 2022).accession,))),
        ),
    ]


def descriptive() -> list[DemoTask]:
    return [*numeric(), *choice(), *short(), *statistic()]
