"""XBRL audit corpus (finance/en/audit_rules.sqlite): DQC rules and five filings' facts.

Three filings carry one rule violation each: a negative share-based compensation (DQC.US.0015),
assets that differ from liabilities and equity (DQC.US.0004) and depreciation subtracted in the
operating cash flow calculation (DQC.US.0043).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bench.demo_data.storage import Table

# fmt: off
DQC_RULES: tuple[tuple[str, str, str, str], ...] = (
    ("DQC.US.0001", "Axis with Inappropriate Members", "error", "Checks that only appropriate "
     "members are used with specific axes, such as the Statement Equity Components axis."),
    ("DQC.US.0004", "Assets Equals Liabilities and Equity", "error", "The value of Assets must "
     "equal the value of LiabilitiesAndStockholdersEquity for the same context."),
    ("DQC.US.0005", "Context Dates After Period End Date", "error", "Facts other than subsequent "
     "events must not use contexts that end after the document period end date."),
    ("DQC.US.0006", "DEI and Block Tag Date Contexts", "error", "The duration of DEI and text "
     "block facts must match the period of the report."),
    ("DQC.US.0008", "Reversed Calculation", "error", "A calculation relationship in the filing "
     "must not reverse the parent-child direction defined in the US GAAP taxonomy."),
    ("DQC.US.0009", "Element A must be less than or equal to Element B", "error", "Certain "
     "elements must not exceed related elements, for example a component must not exceed its "
     "total."),
    ("DQC.US.0011", "Dimensional Equivalents", "error", "Values reported with a dimension must "
     "equal the corresponding line-item values where the taxonomy defines them as equivalent."),
    ("DQC.US.0013", "Negative Values with Dependence", "warning", "Elements that must not be "
     "negative when a related element is reported with a specific value."),
    ("DQC.US.0015", "Negative Values", "error", "Elements such as ShareBasedCompensation, "
     "DepreciationDepletionAndAmortization and PaymentsToAcquirePropertyPlantAndEquipment must not "
     "be reported with negative values."),
    ("DQC.US.0033", "Document Period End Date Context", "error", "The DocumentPeriodEndDate must "
     "be reported in the required context and agree with the period of the financial statements."),
    ("DQC.US.0036", "Document Period End Date Context / Fact Value Check", "error", "The value of "
     "DocumentPeriodEndDate must be consistent with the end date of its context."),
    ("DQC.US.0041", "Axis with a Default Member that Differs from the US GAAP Taxonomy", "error", "The "
     "default member of an axis must match the default defined in the taxonomy."),
    ("DQC.US.0043", "Incorrect Calculation Weights in Operating Cash Flows", "error", "Noncash "
     "expenses such as DepreciationDepletionAndAmortization must be added (weight 1) in the "
     "reconciliation of net income to operating cash flows."),
    ("DQC.US.0044", "Accrual Items used in Investing/Financing Cash Flow Reconciliation", "error", "Accrual-based "
     "items must not be used in the investing or financing sections of the cash flow statement."),
    ("DQC.US.0048", "Cash Flow Calculation Root Elements", "warning", "The cash flow statement "
     "calculation must have the net change in cash as its root element."),
    ("DQC.US.0051", "Before Tax Items", "warning", "Elements that represent amounts before tax "
     "must not be children of net income in the calculation."),
)
# fmt: on

CONCEPTS = (  # (concept, label, balance, period type)
    ("Assets", "Assets", "debit", "instant"),
    ("Liabilities", "Liabilities", "credit", "instant"),
    ("StockholdersEquity", "Stockholders' Equity Attributable to Parent", "credit", "instant"),
    ("LiabilitiesAndStockholdersEquity", "Liabilities and Equity", "credit", "instant"),
    ("CashAndCashEquivalentsAtCarryingValue", "Cash and Cash Equivalents", "debit", "instant"),
    ("Revenues", "Revenues", "credit", "duration"),
    ("NetIncomeLoss", "Net Income (Loss)", "credit", "duration"),
    (
        "ShareBasedCompensation",
        "Share-based Payment Arrangement, Noncash Expense",
        "debit",
        "duration",
    ),
    (
        "DepreciationDepletionAndAmortization",
        "Depreciation, Depletion and Amortization",
        "debit",
        "duration",
    ),
    (
        "NetCashProvidedByUsedInOperatingActivities",
        "Net Cash Provided by (Used in) Operating Activities",
        "debit",
        "duration",
    ),
    (
        "PaymentsToAcquirePropertyPlantAndEquipment",
        "Payments to Acquire Property, Plant, and Equipment",
        "credit",
        "duration",
    ),
    ("EarningsPerShareDiluted", "Earnings Per Share, Diluted", "", "duration"),
)
CALCULATIONS = (  # (parent, child); weight 1 unless a filing reverses it
    ("LiabilitiesAndStockholdersEquity", "Liabilities"),
    ("LiabilitiesAndStockholdersEquity", "StockholdersEquity"),
    ("NetCashProvidedByUsedInOperatingActivities", "NetIncomeLoss"),
    ("NetCashProvidedByUsedInOperatingActivities", "ShareBasedCompensation"),
    ("NetCashProvidedByUsedInOperatingActivities", "DepreciationDepletionAndAmortization"),
)


@dataclass(frozen=True)
class AuditFiling:
    accession: str
    company_name: str
    revenue: float  # USD
    flaw: str  # "", "negative_sbc", "unbalanced", "reversed_da"


FILINGS = (
    AuditFiling(
        "0001318605-23-000021", "Pinecrest Industrial Holdings Inc.", 684_210_000, "negative_sbc"
    ),
    AuditFiling("0000946581-23-000008", "Bayshore Community Bancorp", 312_450_000, "unbalanced"),
    AuditFiling(
        "0001577526-23-000015", "Ironwood Specialty Retail Corp.", 1_126_800_000, "reversed_da"
    ),
    AuditFiling("0001094285-23-000012", "Summit Ridge Water Utilities Inc.", 205_730_000, ""),
    AuditFiling("0001759509-23-000006", "Northgate Dental Partners, Inc.", 148_960_000, ""),
)
UNBALANCED_BY = 250_000.0


def _values(f: AuditFiling) -> dict[str, float]:
    r = f.revenue
    assets = round(r * 1.7, -3)
    liabilities = round(assets * 0.58, -3)
    da = 18_400_000.0 if f.flaw == "reversed_da" else round(r * 0.04, -3)
    return {
        "Assets": assets,
        "Liabilities": liabilities,
        "StockholdersEquity": assets - liabilities,
        "LiabilitiesAndStockholdersEquity": assets
        - (UNBALANCED_BY if f.flaw == "unbalanced" else 0),
        "CashAndCashEquivalentsAtCarryingValue": round(r * 0.12, -3),
        "Revenues": r,
        "NetIncomeLoss": round(r * 0.07, -3),
        "ShareBasedCompensation": -1_250_000.0
        if f.flaw == "negative_sbc"
        else round(r * 0.006, -3),
        "DepreciationDepletionAndAmortization": da,
        "NetCashProvidedByUsedInOperatingActivities": round(r * 0.118, -3),
        "PaymentsToAcquirePropertyPlantAndEquipment": round(r * 0.05, -3),
        "EarningsPerShareDiluted": round(r * 0.07 / 41_000_000, 2),
    }


@cache
def facts() -> tuple[tuple[str, str, str, str, float, str, str, str], ...]:
    """`filing_facts` rows: (fact_id, accession, company, concept, value, unit, end, context)."""
    rows: list[tuple[str, str, str, str, float, str, str, str]] = []
    for f in FILINGS:
        for concept, _, _, period_type in CONCEPTS:
            unit = "USD/shares" if concept == "EarningsPerShareDiluted" else "USD"
            context = "I2022-12-31" if period_type == "instant" else "D2022-01-01_2022-12-31"
            fact_id = f"fact-{1001 + len(rows):05d}"
            value = _values(f)[concept]
            rows.append(
                (
                    fact_id,
                    f.accession,
                    f.company_name,
                    f"us-gaap:{concept}",
                    value,
                    unit,
                    "2022-12-31",
                    context,
                )
            )
    return tuple(rows)


def fact_id(accession: str, concept: str) -> str:
    """The id of one filing's fact for a concept."""
    wanted = (accession, f"us-gaap:{concept}")
    return next(row[0] for row in facts() if (row[1], row[3]) == wanted)


def tables() -> list[Table]:
    """`dqc_rules`, `filing_facts` and the filing and taxonomy relationship tables."""
    relationships = [
        (
            f.accession,
            f"us-gaap:{parent}",
            f"us-gaap:{child}",
            -1.0
            if f.flaw == "reversed_da" and child == "DepreciationDepletionAndAmortization"
            else 1.0,
        )
        for f in FILINGS
        for parent, child in CALCULATIONS
    ]
    taxonomy = [(f"us-gaap:{p}", f"us-gaap:{c}", "summation-item") for p, c in CALCULATIONS]
    return [
        Table(
            "dqc_rules",
            "rule_id TEXT PRIMARY KEY, name TEXT, description TEXT, severity TEXT",
            [(rule, name, text, severity) for rule, name, severity, text in DQC_RULES],
        ),
        Table(
            "filing_facts",
            "fact_id TEXT PRIMARY KEY, accession TEXT, company_name TEXT, "
            "concept TEXT, value REAL, unit TEXT, period_end TEXT, context TEXT",
            list(facts()),
            indexes=("accession",),
        ),
        Table(
            "filing_relationships",
            "id INTEGER PRIMARY KEY, accession TEXT, parent_concept TEXT, "
            "child_concept TEXT, weight REAL",
            [(i, *row) for i, row in enumerate(relationships, start=1)],
        ),
        Table(
            "taxonomy_concepts",
            "concept TEXT PRIMARY KEY, label TEXT, balance TEXT, period_type TEXT",
            [(f"us-gaap:{c}", label, balance, period) for c, label, balance, period in CONCEPTS],
        ),
        Table(
            "taxonomy_relationships",
            "id INTEGER PRIMARY KEY, parent TEXT, child TEXT, arcrole TEXT",
            [(i, *row) for i, row in enumerate(taxonomy, start=1)],
        ),
    ]
