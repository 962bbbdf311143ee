"""12 CFR Part 217 (Regulation Q) paragraphs (finance/en/12_CFR_Part_217.sqlite)."""

from __future__ import annotations

from anser_tui.demo.storage import Table

PURPOSE = "Purpose, applicability, reservations of authority, and timing."
MINIMUMS = "Minimum capital requirements."
BUFFER = "Capital conservation buffer, countercyclical capital buffer amount, and GSIB surcharge."
COMPONENTS = "Capital components and eligibility criteria for regulatory capital instruments."
DEDUCTIONS = "Regulatory capital adjustments and deductions."
RISK_WEIGHTS = "General risk weights."
OFF_BALANCE = "Off-balance sheet exposures."
PCA = "Capital measures and capital category definitions."
CBLR = "Community bank leverage ratio."

# fmt: off
PARAGRAPHS: tuple[tuple[str, str, str], ...] = (
    ("217.1(a)", PURPOSE, "This part establishes minimum capital requirements and overall capital "
     "adequacy standards for Board-regulated institutions. This part includes methodologies for "
     "calculating minimum capital requirements, public disclosure requirements related to the "
     "capital requirements, and transition provisions for the application of this part."),
    ("217.1(c)(1)", PURPOSE, "This part applies on a consolidated basis to every Board-regulated "
     "institution that is a state member bank, a bank holding company domiciled in the United "
     "States that is not subject to the Small Bank Holding Company Policy Statement, or a covered "
     "savings and loan holding company."),
    ("217.1(d)(1)", PURPOSE, "Notwithstanding the minimum requirements in this part, the Board may "
     "require a Board-regulated institution to maintain an amount of regulatory capital greater "
     "than otherwise required under this part if the Board determines that the institution's "
     "capital requirements are not commensurate with its credit, market, operational, or other "
     "risks."),
    ("217.10(a)(1)", MINIMUMS, "Except as provided in paragraph (a)(2) of this section, a "
     "Board-regulated institution must maintain the following minimum capital ratios:"),
    ("217.10(a)(1)(i)", MINIMUMS, "A common equity tier 1 capital ratio of 4.5 percent."),
    ("217.10(a)(1)(ii)", MINIMUMS, "A tier 1 capital ratio of 6 percent."),
    ("217.10(a)(1)(iii)", MINIMUMS, "A total capital ratio of 8 percent."),
    ("217.10(a)(1)(iv)", MINIMUMS, "A leverage ratio of 4 percent."),
    ("217.10(a)(1)(v)", MINIMUMS, "For advanced approaches Board-regulated institutions or for "
     "Category III Board-regulated institutions, a supplementary leverage ratio of 3 percent."),
    ("217.10(b)(1)", MINIMUMS, "A Board-regulated institution's common equity tier 1 capital ratio "
     "is the ratio of the institution's common equity tier 1 capital to standardized total "
     "risk-weighted assets."),
    ("217.10(b)(2)", MINIMUMS, "A Board-regulated institution's tier 1 capital ratio is the ratio "
     "of the institution's tier 1 capital to standardized total risk-weighted assets."),
    ("217.10(b)(3)", MINIMUMS, "A Board-regulated institution's total capital ratio is the ratio "
     "of the institution's total capital to standardized total risk-weighted assets."),
    ("217.10(b)(4)", MINIMUMS, "A Board-regulated institution's leverage ratio is the ratio of the "
     "institution's tier 1 capital to the institution's average total consolidated assets as "
     "reported on the institution's Call Report or FR Y-9C, minus amounts deducted from tier 1 "
     "capital under 217.22(a), (c), and (d)."),
    ("217.10(c)(1)", MINIMUMS, "An advanced approaches Board-regulated institution must calculate "
     "each of its risk-based capital ratios under both the standardized approach and the advanced "
     "approaches, and the lower of each ratio is the institution's ratio for purposes of "
     "determining compliance with the minimum capital requirements."),
    ("217.10(d)", MINIMUMS, "A Board-regulated institution must maintain capital commensurate with "
     "the level and nature of all risks to which the institution is exposed, and must have a "
     "process for assessing its overall capital adequacy in relation to its risk profile and a "
     "comprehensive strategy for maintaining an appropriate level of capital."),
    ("217.11(a)(1)", BUFFER, "A Board-regulated institution must maintain a capital conservation "
     "buffer of common equity tier 1 capital in an amount greater than 2.5 percent of total "
     "risk-weighted assets, plus, as applicable, 100 percent of its countercyclical capital buffer "
     "amount, to avoid limitations on distributions and discretionary bonus payments."),
    ("217.11(a)(2)(i)", BUFFER, "Eligible retained income is the greater of the institution's net "
     "income, calculated in accordance with the instructions to the Call Report or FR Y-9C, for "
     "the four calendar quarters preceding the current calendar quarter, net of any distributions "
     "and associated tax effects not already reflected in net income, and the average of its net "
     "income over the preceding four quarters."),
    ("217.11(a)(3)(i)", BUFFER, "A Board-regulated institution shall not make distributions or "
     "discretionary bonus payments or create an obligation to make such distributions or payments "
     "during the current calendar quarter that, in the aggregate, exceed the maximum payout "
     "amount."),
    ("217.11(a)(4)(i)", BUFFER, "The capital conservation buffer is composed solely of common "
     "equity tier 1 capital."),
    ("217.11(a)(4)(ii)", BUFFER, "A Board-regulated institution's capital conservation buffer is "
     "equal to the lowest of the following ratios, calculated as of the last day of the previous "
     "calendar quarter: (A) the common equity tier 1 capital ratio minus 4.5 percent; (B) the tier "
     "1 capital ratio minus 6 percent; and (C) the total capital ratio minus 8 percent. If any of "
     "these ratios is less than or equal to the minimum, the buffer is zero."),
    ("217.11(a)(4)(iii)", BUFFER, "Table 1 to 217.11: a capital conservation buffer greater than "
     "2.5 percent plus any applicable countercyclical buffer carries no payout ratio limitation; "
     "less than or equal to 2.5 percent and greater than 1.875 percent, a maximum payout ratio of "
     "60 percent; less than or equal to 1.875 percent and greater than 1.25 percent, 40 percent; "
     "less than or equal to 1.25 percent and greater than 0.625 percent, 20 percent; less than or "
     "equal to 0.625 percent, 0 percent."),
    ("217.11(b)(1)", BUFFER, "An advanced approaches Board-regulated institution must calculate a "
     "countercyclical capital buffer amount in accordance with this paragraph for purposes of "
     "determining its maximum payout ratio."),
    ("217.20(a)", COMPONENTS, "Total capital is the sum of tier 1 capital and tier 2 capital. Tier "
     "1 capital is the sum of common equity tier 1 capital and additional tier 1 capital."),
    ("217.20(b)(1)", COMPONENTS, "Common equity tier 1 capital is the sum of the common equity "
     "tier 1 elements in this paragraph, minus regulatory adjustments and deductions, including "
     "any common stock instruments issued by the institution that meet the criteria of this "
     "paragraph."),
    ("217.20(b)(2)", COMPONENTS, "Retained earnings are an element of common equity tier 1 "
     "capital."),
    ("217.20(b)(3)", COMPONENTS, "Accumulated other comprehensive income (AOCI) as reported under "
     "GAAP is an element of common equity tier 1 capital, subject to the AOCI opt-out election "
     "available to institutions that are not advanced approaches institutions."),
    ("217.20(c)(1)", COMPONENTS, "Additional tier 1 capital is the sum of noncumulative perpetual "
     "preferred stock and other instruments that are issued and paid in, subordinated to "
     "depositors and general creditors, perpetual with no maturity date, and callable only after "
     "five years at the institution's option, subject to prior approval."),
    ("217.20(d)(1)", COMPONENTS, "Tier 2 capital is the sum of instruments that are issued and "
     "paid in, subordinated to depositors and general creditors, with a minimum original maturity "
     "of at least five years, plus related surplus."),
    ("217.20(d)(3)", COMPONENTS, "The allowance for loan and lease losses, or adjusted allowance "
     "for credit losses, is included in tier 2 capital up to 1.25 percent of the institution's "
     "standardized total risk-weighted assets not including any amount of the allowance."),
    ("217.22(a)(1)", DEDUCTIONS, "A Board-regulated institution must deduct from the sum of its "
     "common equity tier 1 elements goodwill, net of associated deferred tax liabilities, "
     "including goodwill embedded in the valuation of a significant investment in the capital of "
     "an unconsolidated financial institution."),
    ("217.22(a)(2)", DEDUCTIONS, "A Board-regulated institution must deduct intangible assets, "
     "other than mortgage servicing assets, net of associated deferred tax liabilities."),
    ("217.22(a)(3)", DEDUCTIONS, "A Board-regulated institution must deduct deferred tax assets "
     "that arise from net operating loss and tax credit carryforwards, net of any related "
     "valuation allowances and of deferred tax liabilities."),
    ("217.22(c)(1)", DEDUCTIONS, "A Board-regulated institution must deduct an investment in its "
     "own capital instruments, whether held directly or indirectly, using the corresponding "
     "deduction approach."),
    ("217.22(d)(1)", DEDUCTIONS, "A Board-regulated institution that is not an advanced approaches "
     "institution must deduct from common equity tier 1 elements the amount of each of the "
     "following items that, individually, exceeds 25 percent of the sum of its common equity tier "
     "1 elements, less adjustments and deductions: deferred tax assets arising from temporary "
     "differences, mortgage servicing assets, and investments in the capital of unconsolidated "
     "financial institutions."),
    ("217.32(a)(1)", RISK_WEIGHTS, "A Board-regulated institution must assign a zero percent risk "
     "weight to an exposure to the U.S. government, its central bank, or a U.S. government agency, "
     "and to the portion of an exposure that is directly and unconditionally guaranteed by them."),
    ("217.32(b)", RISK_WEIGHTS, "A Board-regulated institution must assign a zero percent risk "
     "weight to an exposure to the Bank for International Settlements, the European Central Bank, "
     "the European Commission, the International Monetary Fund, and multilateral development "
     "banks."),
    ("217.32(d)(1)", RISK_WEIGHTS, "A Board-regulated institution must assign a 20 percent risk "
     "weight to an exposure to a depository institution or credit union that is organized under "
     "the laws of the United States or any state."),
    ("217.32(e)(1)", RISK_WEIGHTS, "A Board-regulated institution must assign a 20 percent risk "
     "weight to a general obligation exposure to a public sector entity organized under the laws "
     "of the United States or any state, and a 50 percent risk weight to a revenue obligation "
     "exposure to such a public sector entity."),
    ("217.32(f)", RISK_WEIGHTS, "A Board-regulated institution must assign a 100 percent risk "
     "weight to all its corporate exposures, except as provided in paragraph (f)(2) of this "
     "section for exposures to qualifying central counterparties."),
    ("217.32(g)(1)", RISK_WEIGHTS, "A Board-regulated institution must assign a 50 percent risk "
     "weight to a first-lien residential mortgage exposure that is secured by a property that is "
     "owner-occupied or rented, is made in accordance with prudent underwriting standards, is not "
     "90 days or more past due or carried in nonaccrual status, and is not restructured or "
     "modified."),
    ("217.32(g)(2)", RISK_WEIGHTS, "A Board-regulated institution must assign a 100 percent risk "
     "weight to all residential mortgage exposures that are not assigned a 50 percent risk weight "
     "under paragraph (g)(1) of this section."),
    ("217.32(j)", RISK_WEIGHTS, "A Board-regulated institution must assign a 150 percent risk "
     "weight to a high volatility commercial real estate exposure."),
    ("217.32(k)(1)", RISK_WEIGHTS, "A Board-regulated institution must assign a 150 percent risk "
     "weight to the portion of an exposure, other than a sovereign exposure or a residential "
     "mortgage exposure, that is 90 days or more past due or on nonaccrual, to the extent it is "
     "not guaranteed or secured by financial collateral."),
    ("217.32(l)(1)", RISK_WEIGHTS, "A Board-regulated institution must assign a zero percent risk "
     "weight to cash owned and held in all offices of the institution or in transit, and to gold "
     "bullion held in its own vaults."),
    ("217.33(b)(1)", OFF_BALANCE, "A Board-regulated institution may apply a zero percent credit "
     "conversion factor to the unused portion of a commitment that is unconditionally cancelable "
     "by the institution."),
    ("217.33(b)(2)", OFF_BALANCE, "A Board-regulated institution must apply a 20 percent credit "
     "conversion factor to commitments with an original maturity of one year or less that are not "
     "unconditionally cancelable, and to self-liquidating, trade-related contingent items with an "
     "original maturity of one year or less."),
    ("217.33(b)(3)", OFF_BALANCE, "A Board-regulated institution must apply a 50 percent credit "
     "conversion factor to commitments with an original maturity of more than one year that are "
     "not unconditionally cancelable, and to transaction-related contingent items, including "
     "performance bonds and standby letters of credit."),
    ("217.12(a)(1)", CBLR, "A qualifying community banking organization that has a leverage ratio "
     "of greater than 9 percent may elect to use the community bank leverage ratio framework, and "
     "is then considered to have met the minimum capital requirements of 217.10 and the capital "
     "ratio requirements for the well capitalized category."),
    ("217.403(b)(1)", PCA, "A state member bank is well capitalized if it has a total risk-based "
     "capital ratio of 10.0 percent or greater, a tier 1 risk-based capital ratio of 8.0 percent "
     "or greater, a common equity tier 1 risk-based capital ratio of 6.5 percent or greater, and a "
     "leverage ratio of 5.0 percent or greater, and is not subject to any written agreement or "
     "directive to meet a specific capital level."),
    ("217.403(b)(2)", PCA, "A state member bank is adequately capitalized if it has a total "
     "risk-based capital ratio of 8.0 percent or greater, a tier 1 risk-based capital ratio of 6.0 "
     "percent or greater, a common equity tier 1 risk-based capital ratio of 4.5 percent or "
     "greater, and a leverage ratio of 4.0 percent or greater, and does not meet the definition of "
     "a well capitalized bank."),
    ("217.403(b)(3)", PCA, "A state member bank is undercapitalized if it has a total risk-based "
     "capital ratio of less than 8.0 percent, a tier 1 risk-based capital ratio of less than 6.0 "
     "percent, a common equity tier 1 risk-based capital ratio of less than 4.5 percent, or a "
     "leverage ratio of less than 4.0 percent."),
)
# fmt: on


def tables() -> list[Table]:
    """`paragraphs(paragraph_id, section, heading, text)`; section is the part before '('."""
    rows = [(pid, pid.split("(")[0], heading, text) for pid, heading, text in PARAGRAPHS]
    return [
        Table(
            "paragraphs",
            "paragraph_id TEXT PRIMARY KEY, section TEXT, heading TEXT, text TEXT",
            rows,
        )
    ]
