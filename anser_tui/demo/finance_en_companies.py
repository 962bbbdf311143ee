"""The SEC registrants of the English finance corpus and what their filings say.

Amounts are fiscal 2020 revenue in USD millions plus yearly growth and margins; the filing
module turns them into reported figures. Fiscal years end on December 31.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EnCompany:
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


# fmt: off
COMPANIES = (
    EnCompany(
        "0001408822", "Northwind Robotics Inc.", "NWRB", "3569", "DE",
        412.6, (0.184, 0.221, 0.143), (0.041, 0.058, 0.066, 0.071), (0.09, 0.11, 0.12, 0.12),
        1.6, 0.44, 58.2, 0.0,
        "Revenue growth reflected higher shipments of autonomous mobile robots to warehouse "
        "customers and a 31% increase in recurring software subscriptions.",
        "Backlog of $388 million at June 30, 2023 supports continued growth; we expect gross "
        "margin to expand as our Ohio plant reaches full utilization.",
        "Customer concentration: our three largest e-commerce customers accounted for 44% of "
        "revenue, and a reduction in their warehouse investment would reduce demand.",
    ),
    EnCompany(
        "0001267305", "Harborview Medical Devices Corp.", "HMDV", "3841", "MA",
        1284.3, (0.072, 0.065, 0.081), (0.112, 0.118, 0.121, 0.126), (0.18, 0.18, 0.17, 0.18),
        1.9, 0.38, 96.4, 0.84,
        "Growth came from our cardiac monitoring franchise, where procedure volumes recovered, "
        "partly offset by pricing pressure in Europe.",
        "Procedure volumes remained strong in the first half of 2023 and the FDA clearance of "
        "our next-generation patch monitor broadens the addressable market.",
        "Changes in Medicare reimbursement rates for remote cardiac monitoring could materially "
        "reduce our revenue and margins.",
    ),
    EnCompany(
        "0001593021", "Silverline Semiconductor Inc.", "SLSC", "3674", "CA",
        956.8, (0.263, -0.187, 0.094), (0.152, 0.187, -0.064, 0.021), (0.21, 0.24, 0.05, 0.11),
        2.1, 0.29, 141.5, 0.2,
        "Revenue declined as PC and smartphone customers reduced inventories; we recorded a $142 "
        "million inventory write-down and restructuring charges, resulting in a net loss.",
        "Channel inventories normalized during the first half of 2023 and data-center power "
        "products returned to sequential growth.",
        "The semiconductor industry is highly cyclical, and we depend on a single foundry for "
        "substantially all of our wafers.",
    ),
    EnCompany(
        "0000832417", "Prairie Grain Foods Co.", "PGFC", "2040", "NE",
        2873.4, (0.038, 0.091, 0.027), (0.054, 0.049, 0.046, 0.052), (0.08, 0.07, 0.06, 0.09),
        1.2, 0.57, 210.3, 1.12,
        "Net sales rose on price increases of 11% that offset lower volumes; higher wheat and "
        "freight costs compressed margins.",
        "Input cost inflation moderated in 2023 and we expect margins to recover as pricing "
        "actions annualize, although volumes remain soft.",
        "Commodity price volatility for wheat, oats and corn could adversely affect our costs "
        "and margins.",
    ),
    EnCompany(
        "0001379785", "Blue Mesa Energy Corp.", "BMEC", "1311", "TX",
        1650.2, (0.472, 0.386, -0.214), (-0.031, 0.168, 0.243, 0.152), (0.31, 0.42, 0.48, 0.39),
        2.4, 0.51, 188.0, 0.6,
        "Revenue increased on higher realized oil and natural gas prices and a 9% increase in "
        "Permian production volumes.",
        "Realized natural gas prices fell more than 50% in the first half of 2023; we reduced "
        "our rig count from six to four.",
        "Oil and natural gas prices are volatile, and a sustained decline would reduce our "
        "revenue, cash flow and reserves.",
    ),
    EnCompany(
        "0001122904", "Keystone Logistics Group, Inc.", "KLGI", "4731", "PA",
        3412.9, (0.214, 0.087, -0.061), (0.032, 0.044, 0.039, 0.028), (0.05, 0.06, 0.05, 0.05),
        0.8, 0.63, 74.9, 0.48,
        "Revenue grew as contract logistics volumes increased, while truckload brokerage rates "
        "softened in the second half of the year.",
        "Freight volumes and spot rates declined in the first half of 2023, and we expect "
        "brokerage revenue to remain under pressure.",
        "Our brokerage business depends on third-party carriers, and capacity or rate changes "
        "can rapidly reduce our margins.",
    ),
    EnCompany(
        "0001657842", "Lumen Bay Software Inc.", "LBSW", "7372", "WA",
        318.4, (0.297, 0.244, 0.186), (-0.084, -0.052, -0.013, 0.024), (0.06, 0.09, 0.12, 0.15),
        2.9, 0.41, 122.6, 0.0,
        "Subscription revenue grew 27% with net revenue retention of 118%; we have never "
        "declared or paid cash dividends on our common stock.",
        "We expect to reach GAAP profitability in fiscal 2023 as operating expenses grow more "
        "slowly than subscription revenue.",
        "We have a history of losses and may not achieve or sustain profitability.",
    ),
    EnCompany(
        "0001035443", "Redwood Outdoor Brands, Inc.", "RWOB", "3949", "OR",
        742.0, (0.226, -0.048, -0.036), (0.071, 0.083, 0.052, 0.047), (0.07, 0.08, 0.03, 0.08),
        1.1, 0.48, 44.3, 0.36,
        "Sales declined as retailers reduced orders to work down elevated inventories, and "
        "promotional activity lowered gross margin by 320 basis points.",
        "Retail partners remain cautious; we expect net sales to decline slightly in 2023 as we "
        "reduce our own inventories.",
        "Demand for outdoor products is discretionary and sensitive to weather and consumer "
        "confidence.",
    ),
    EnCompany(
        "0000914208", "Atlas Specialty Chemicals Corp.", "ASCX", "2821", "OH",
        2196.5, (0.158, 0.112, -0.083), (0.068, 0.081, 0.077, 0.059), (0.11, 0.10, 0.11, 0.12),
        1.4, 0.55, 67.8, 1.60,
        "Price increases across coatings resins offset lower volumes; raw material costs peaked "
        "in the second quarter.",
        "Destocking in construction and industrial end markets reduced volumes by 14% in the "
        "first half of 2023.",
        "Volatility in the price of propylene and other petrochemical feedstocks could reduce "
        "our margins.",
    ),
    EnCompany(
        "0001482176", "Meridian Health Services, Inc.", "MDHS", "8062", "TN",
        5321.7, (0.064, 0.052, 0.071), (0.038, 0.042, 0.036, 0.041), (0.07, 0.08, 0.06, 0.07),
        1.3, 0.68, 102.4, 0.40,
        "Admissions grew 3.1%, but contract labor costs for nursing staff increased salaries and "
        "benefits to 47% of revenue.",
        "Same-facility admissions rose 4.6% in the first half of 2023 and contract labor expense "
        "declined, supporting margin recovery.",
        "Shortages of nurses and other clinical staff could increase our labor costs or limit "
        "the services we can provide.",
    ),
    EnCompany(
        "0001526119", "Cobalt Ridge Mining Corp.", "CRMC", "1000", "NV",
        488.9, (0.341, 0.118, -0.156), (0.092, 0.186, 0.141, 0.063), (0.22, 0.24, 0.21, 0.18),
        3.2, 0.36, 230.1, 0.10,
        "Revenue increased on higher cobalt and copper sales volumes from the North Pit "
        "expansion, partly offset by lower cobalt prices.",
        "Cobalt prices fell roughly 40% from their 2022 peak, and we expect lower realized "
        "prices to reduce revenue in 2023.",
        "Our revenue depends on cobalt and copper prices, which are volatile and outside our "
        "control.",
    ),
    EnCompany(
        "0001701258", "Granite Peak Homebuilders, Inc.", "GPHB", "1531", "CO",
        1874.3, (0.288, 0.142, 0.063), (0.083, 0.109, 0.118, 0.104), (0.02, 0.04, 0.05, 0.06),
        1.05, 0.46, 39.7, 0.60,
        "Home closings increased 6% and the average selling price rose 8%; orders slowed in the "
        "fourth quarter as mortgage rates rose.",
        "Net orders recovered in the first half of 2023 as we increased mortgage rate buydowns, "
        "which will lower gross margin.",
        "Rising mortgage interest rates may reduce demand for our homes and increase "
        "cancellations.",
    ),
)
# fmt: on
