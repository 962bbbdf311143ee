"""English finance predictive tasks: fiscal 2023 forecasts from filings made by August 2023."""

from __future__ import annotations

from bench.demo_data.finance_en import filing
from bench.demo_data.records import DemoTask, JudgeMarks, Response, Retrieval, letter_of, task_id
from bench.demo_data.tasks_finance_en import growth, k10

GROUP = "finance_en_predictive"
CUTOFF = (
    "Use only information filed by August 31, 2023 (the 10-Ks for fiscal 2020-2022 and the 10-Q "
    "for the second quarter of 2023). List the accession numbers used in retrieved_evidence, "
    "most relevant first."
)
BUCKETS = (
    "Options: A. a decline of more than 10% B. a decline of 0-10% C. growth of 0-10% "
    "D. growth of more than 10%."
)


def history(ticker: str) -> list[str]:
    """The filings a fiscal 2023 forecast may use, newest first."""
    return [filing(ticker, 2023, quarterly=True).accession] + [
        k10(ticker, year).accession for year in (2022, 2021, 2020)
    ]


def _bucket(change: float) -> str:
    return letter_of(sum(change > bound for bound in (-10, 0, 10)))


def numeric() -> list[DemoTask]:
    revenue = round(k10("NWRB", 2023).revenues / 1e6, 1)
    eps = k10("HMDV", 2023).eps_diluted
    homes = round(100 * (k10("GPHB", 2023).net_income / k10("GPHB", 2022).net_income - 1), 1)
    return [
        DemoTask(
            task_id(GROUP, 1),
            "multi_period_trend",
            "Forecast Northwind Robotics' fiscal 2023 revenues.",
            f"{CUTOFF} Report USD millions with one decimal; return the number only.",
            revenue,
            history("NWRB"),
            Response("$672.0 million", Retrieval(keep=2, trail=1)),
        ),
        DemoTask(
            task_id(GROUP, 30),
            "mixed_numeric_text",
            "Forecast Harborview Medical Devices' fiscal 2023 diluted earnings per share.",
            f"{CUTOFF} Report USD per share with two decimals; return the number only.",
            eps,
            history("HMDV"),
            None,
        ),
        DemoTask(
            task_id(GROUP, 60),
            "multi_period_trend",
            "Forecast the percentage change in Granite Peak Homebuilders' fiscal 2023 net income.",
            f"{CUTOFF} Report a percentage with one decimal; return the number only.",
            homes,
            history("GPHB"),
            Response("-4.5%", Retrieval(lead=1)),
        ),
    ]


def choice() -> list[DemoTask]:
    energy_falls = k10("BMEC", 2023).net_income < k10("BMEC", 2022).net_income
    return [
        DemoTask(
            task_id(GROUP, 61),
            "multi_period_trend",
            "Forecast the change in Silverline Semiconductor's fiscal 2023 revenues.",
            f"{BUCKETS} {CUTOFF} Return the option letter only.",
            _bucket(growth("SLSC", 2023)),
            history("SLSC"),
            Response("C"),
        ),
        DemoTask(
            task_id(GROUP, 90),
            "mixed_numeric_text",
            "Will Blue Mesa Energy's fiscal 2023 net income be lower than its fiscal 2022 net "
            "income?",
            f"{CUTOFF} Answer Yes or No only.",
            "Yes" if energy_falls else "No",
            history("BMEC"),
            Response("True", Retrieval(keep=1, trail=2)),
        ),
        DemoTask(
            task_id(GROUP, 120),
            "multi_period_trend",
            "Forecast the change in Keystone Logistics' fiscal 2023 revenues.",
            f"{BUCKETS} {CUTOFF} Return the option letter only.",
            _bucket(growth("KLGI", 2023)),
            history("KLGI"),
            Response("C", Retrieval(keep=0)),
        ),
    ]


def short() -> list[DemoTask]:
    words = f"{CUTOFF} Answer in at most 100 words and give your reasons."
    return [
        DemoTask(
            task_id(GROUP, 121),
            "mixed_numeric_text",
            "Will Lumen Bay Software be profitable on a GAAP basis in fiscal 2023? Explain.",
            words,
            "Yes. The net loss narrowed every year, from 8.4% of revenue in fiscal 2020 to 1.3% in "
            f"fiscal 2022, while revenue kept growing ({growth('LBSW', 2022):.1f}% in 2022), and "
            "management expects GAAP profitability in fiscal 2023 as operating expenses grow more "
            "slowly than subscription revenue.",
            history("LBSW"),
            Response(
                "Yes. Losses have narrowed steadily and management guides to GAAP profitability in "
                "fiscal 2023, with subscription revenue growing faster than operating expenses.",
                Retrieval(keep=3),
                JudgeMarks(
                    (4, 3, 4, 4, 4),
                    "Correct forecast with management's reasoning; the "
                    "narrowing-loss figures are not quantified.",
                ),
            ),
        ),
        DemoTask(
            task_id(GROUP, 160),
            "multi_period_trend",
            "Forecast the direction of Cobalt Ridge Mining's fiscal 2023 revenues and explain.",
            words,
            f"Revenues will decline, by about {abs(growth('CRMC', 2023)):.0f}%. Cobalt prices fell "
            "roughly 40% from their 2022 peak and management expects lower realized prices to "
            "reduce revenue in 2023, outweighing the volume gains from the North Pit expansion.",
            history("CRMC"),
            Response(
                "Revenues should increase in fiscal 2023 because the North Pit expansion keeps "
                "lifting "
                "cobalt and copper volumes.",
                Retrieval(keep=1, lead=2),
                JudgeMarks(
                    (0, 1, 1, 1, 4),
                    "Predicts growth although the ground truth expects a "
                    "decline driven by a roughly 40% fall in cobalt prices.",
                ),
            ),
        ),
        DemoTask(
            task_id(GROUP, 200),
            "mixed_numeric_text",
            "Forecast the trend of Meridian Health Services' fiscal 2023 net income and explain.",
            words,
            "Net income should rise, by roughly 20%. Same-facility admissions rose 4.6% in the "
            "first "
            "half of 2023 and contract labor expense declined, supporting a recovery in margins "
            "after labor costs compressed them in fiscal 2022.",
            history("MDHS"),
            Response(
                "Net income will likely increase moderately as admissions grow and contract labor "
                "costs ease, although wage pressure remains.",
                Retrieval(trail=1),
                JudgeMarks(
                    (3, 3, 3, 4, 4),
                    "Direction and drivers match; the size of the increase is not estimated.",
                    reported=92,
                ),
            ),
        ),
    ]


def predictive() -> list[DemoTask]:
    return [*numeric(), *choice(), *short()]
