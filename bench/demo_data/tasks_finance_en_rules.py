"""English finance prescriptive tasks: Regulation Q capital rules (RegBench) and XBRL audits
(FinAuditing)."""

from __future__ import annotations

from bench.demo_data.audit_rules import FILINGS, UNBALANCED_BY, fact_id
from bench.demo_data.records import DemoTask, JudgeMarks, Response, Retrieval, task_id

GROUP = "finance_en_prescriptive"
REGULATION = (
    "Apply 12 CFR Part 217 to the facts. State the conclusion, cite the paragraphs relied on, "
    "show the calculation with units, in at most 120 words. List the cited paragraph ids in "
    "retrieved_evidence, most relevant first."
)
AUDIT = (
    'Return JSON only: {"rule_id": the DQC rule the filing violates, "value": the audit value '
    "requested, as a number in the fact's unit}. List the filing fact ids examined in "
    "retrieved_evidence."
)


def regbench() -> list[DemoTask]:
    return [
        DemoTask(
            task_id(GROUP, 1),
            "RegBench",
            "A state member bank reports common equity tier 1 capital of $850 million, additional "
            "tier 1 capital of $120 million, tier 2 capital of $210 million and standardized total "
            "risk-weighted assets of $10.2 billion. Does it meet the minimum risk-based capital "
            "ratios, and is it subject to a payout limitation under the capital conservation "
            "buffer?",
            REGULATION,
            "It meets all minimums and faces no payout limitation. CET1 ratio = 850 / 10,200 = "
            "8.33% "
            "(minimum 4.5%, 217.10(a)(1)(i)); tier 1 ratio = 970 / 10,200 = 9.51% (minimum 6%, "
            "(a)(1)(ii)); total capital ratio = 1,180 / 10,200 = 11.57% (minimum 8%, (a)(1)(iii)). "
            "The buffer is the lowest of 3.83%, 3.51% and 3.57%, i.e. 3.51% (217.11(a)(4)(ii)), "
            "above 2.5%, so no maximum payout ratio applies (217.11(a)(4)(iii)).",
            [
                "217.10(a)(1)(i)",
                "217.10(a)(1)(ii)",
                "217.10(a)(1)(iii)",
                "217.11(a)(4)(ii)",
                "217.11(a)(4)(iii)",
            ],
            Response(
                "Yes. CET1 8.33%, tier 1 9.51% and total capital 11.57% exceed the 4.5%, 6% and 8% "
                "minimums of 217.10(a)(1). The conservation buffer is 3.51%, the lowest excess, "
                "which "
                "is above 2.5%, so there is no payout limitation under 217.11.",
                Retrieval(keep=4, trail=1),
                JudgeMarks(
                    (4, 4, 4, 3, 4),
                    "Correct ratios, buffer and conclusion; the payout "
                    "table paragraph is not cited explicitly.",
                ),
            ),
        ),
        DemoTask(
            task_id(GROUP, 100),
            "RegBench",
            "A state member bank has tier 1 capital of $1.1 billion and average total consolidated "
            "assets of $26.4 billion, with no deductions from tier 1 capital. Does it meet the "
            "minimum leverage ratio, and is it well capitalized under the leverage measure?",
            REGULATION,
            "Leverage ratio = 1.1 / 26.4 = 4.17% (217.10(b)(4)). It meets the 4% minimum of "
            "217.10(a)(1)(iv) but is below the 5.0% leverage ratio required to be well capitalized "
            "under 217.403(b)(1), so on this measure it is at most adequately capitalized "
            "(217.403(b)(2)).",
            ["217.10(a)(1)(iv)", "217.10(b)(4)", "217.403(b)(1)", "217.403(b)(2)"],
            Response(
                "The leverage ratio is 4.17%, above the 4% minimum in 217.10(a)(1)(iv), so the "
                "bank "
                "is well capitalized.",
                Retrieval(keep=1, lead=1),
                JudgeMarks(
                    (1, 2, 3, 1, 4),
                    "Ratio is right but the bank is not well capitalized: "
                    "217.403(b)(1) requires a 5% leverage ratio.",
                ),
            ),
        ),
        DemoTask(
            task_id(GROUP, 200),
            "RegBench",
            "Compute standardized risk-weighted assets for: a $40 million first-lien, prudently "
            "underwritten, owner-occupied residential mortgage that is current; a $25 million "
            "loan to a manufacturing company; $10 million of U.S. Treasury bills; and a $5 million "
            "corporate loan 120 days past due with no collateral or guarantee.",
            REGULATION,
            "RWA = $52.5 million: mortgage 40 x 50% = 20 (217.32(g)(1)); corporate loan 25 x "
            "100% = "
            "25 (217.32(f)); Treasuries 10 x 0% = 0 (217.32(a)(1)); past-due loan 5 x 150% = 7.5 "
            "(217.32(k)(1)).",
            ["217.32(g)(1)", "217.32(f)", "217.32(a)(1)", "217.32(k)(1)"],
            Response(
                "RWA = 40 x 50% + 25 x 100% + 10 x 0% + 5 x 100% = $50 million under 217.32(g)(1), "
                "217.32(f) and 217.32(a)(1).",
                Retrieval(keep=3, trail=1),
                JudgeMarks(
                    (2, 3, 1, 2, 4),
                    "Misses the 150% past-due risk weight of 217.32(k)(1); "
                    "RWA should be $52.5 million, not $50 million.",
                ),
            ),
        ),
    ]


def finauditing() -> list[DemoTask]:
    sbc, unbalanced, reversed_da = FILINGS[0], FILINGS[1], FILINGS[2]
    return [
        DemoTask(
            task_id(GROUP, 201),
            "FinAuditing",
            f"In the fiscal 2022 10-K of {sbc.company_name} (accession {sbc.accession}), audit the "
            "ShareBasedCompensation fact in the cash flow statement. Which DQC rule does it "
            "violate, and what is the reported value?",
            AUDIT,
            {"rule_id": "DQC.US.0015", "value": -1_250_000.0},
            [fact_id(sbc.accession, "ShareBasedCompensation")],
            Response({"rule_id": "DQC.US.0015", "value": -1_250_000}, Retrieval(trail=2)),
        ),
        DemoTask(
            task_id(GROUP, 250),
            "FinAuditing",
            f"In the fiscal 2022 10-K of {unbalanced.company_name} (accession {unbalanced.accession}"
            "), "
            "check the balance sheet totals. Which DQC rule is violated, and by how many dollars "
            "does Assets exceed LiabilitiesAndStockholdersEquity?",
            AUDIT,
            {"rule_id": "DQC.US.0004", "value": UNBALANCED_BY},
            [
                fact_id(unbalanced.accession, "Assets"),
                fact_id(unbalanced.accession, "LiabilitiesAndStockholdersEquity"),
            ],
            Response({"rule_id": "DQC.US.0008", "value": 250_000}, Retrieval(keep=1)),
        ),
        DemoTask(
            task_id(GROUP, 300),
            "FinAuditing",
            f"In the fiscal 2022 10-K of {reversed_da.company_name} (accession "
            f"{reversed_da.accession}), check the reconciliation of net income to operating cash "
            "flows. Which DQC rule is violated, and what is the value of the affected fact?",
            AUDIT,
            {"rule_id": "DQC.US.0043", "value": 18_400_000.0},
            [fact_id(reversed_da.accession, "DepreciationDepletionAndAmortization")],
            Response(
                "Rule DQC.US.0043 applies: depreciation is subtracted instead of added back.",
                Retrieval(trail=1, extra=("217.32(f)",)),
            ),
        ),
    ]


def prescriptive() -> list[DemoTask]:
    return [*regbench(), *finauditing()]
