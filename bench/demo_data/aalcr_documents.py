"""The AA-LCR demo's extracted-text documents: two document sets, as
`lcr/<document_category>/<document_set_id>/<filename>.txt`.

The company set holds a document no question lists (a press-release archive): a reader that
shows a question's documents must leave it out.
"""

from __future__ import annotations

COMPANY = ("Company_Documents", "Company_Documents_4")
CONSULTATION = ("Government_Consultations", "Government_Consultations_2")

DOCUMENTS: dict[tuple[str, str], dict[str, str]] = {
    COMPANY: {
        "Northwind_Annual_Report_2023": (
            "NORTHWIND LOGISTICS PLC\nANNUAL REPORT AND ACCOUNTS 2023\n\n"
            "Chair's statement\n\n2023 was a year of consolidation. Group revenue rose to "
            "GBP 1,284.6 million (2022: GBP 1,167.9 million), driven by contract logistics in "
            "the United Kingdom and the first full year of the Rotterdam cross-dock.\n\n"
            "Segment review\n\nContract Logistics: revenue GBP 812.3 million (2022: GBP 733.0 "
            "million); operating margin 6.1%.\nFreight Forwarding: revenue GBP 472.3 million "
            "(2022: GBP 434.9 million); operating margin 3.4%.\n\n"
            "Headcount at 31 December 2023 was 9,412 (2022: 8,870).\n\n"
            "Capital allocation\n\nCapital expenditure was GBP 96.0 million, of which GBP 41.5 "
            "million went to warehouse automation. The board proposes a final dividend of "
            "8.2 pence per share, bringing the full-year dividend to 12.0 pence.\n"),
        "Northwind_Q1_2024_Results": (
            "NORTHWIND LOGISTICS PLC\nTRADING UPDATE FOR THE THREE MONTHS TO 31 MARCH 2024\n\n"
            "Group revenue for the quarter was GBP 338.2 million, up 7.9% on Q1 2023 "
            "(GBP 313.4 million). Contract Logistics grew 9.6% to GBP 217.0 million; Freight "
            "Forwarding grew 4.9% to GBP 121.2 million as ocean rates normalised.\n\n"
            "The Rotterdam cross-dock handled 1.9 million pallets in the quarter. Headcount "
            "rose to 9,655, mainly in the Midlands automation programme.\n\n"
            "Outlook: the board continues to expect full-year revenue growth of 6-8%.\n"),
        "Northwind_Investor_Day_2024": (
            "NORTHWIND LOGISTICS - INVESTOR DAY, JUNE 2024 (TRANSCRIPT EXTRACT)\n\n"
            "CEO: By 2027 we want Contract Logistics to be 70% of group revenue, up from about "
            "63% today, and we are targeting a group operating margin of 5.5%.\n\n"
            "CFO: Automation capex will step up to GBP 55 million a year for 2024-2026. We "
            "expect the Midlands sites to cut cost per pallet by 18% once fully ramped.\n\n"
            "Q&A: Asked about the dividend, the CFO said the policy remains a cover of about "
            "2.5 times underlying earnings.\n"),
        "Northwind_Press_Release_Archive": (
            "PRESS RELEASES 2019-2022 (ARCHIVE)\n\n2019: Northwind opens its Daventry hub.\n"
            "2021: Northwind signs a ten-year contract with a national grocery chain.\n"
            "2022: Northwind announces the Rotterdam cross-dock.\n"),
    },
    CONSULTATION: {
        "Water_Metering_Consultation_2023": (
            "DEPARTMENT FOR ENVIRONMENT - CONSULTATION ON COMPULSORY WATER METERING\n"
            "Published 14 March 2023; closes 6 June 2023\n\n"
            "1. Proposal\n\nWe propose that water companies in areas of serious water stress "
            "may require metering of all households by 2030. Today about 58% of households in "
            "England are metered.\n\n2. Questions\n\nQ1. Do you agree that compulsory "
            "metering should be extended to all areas of serious water stress?\nQ2. Should "
            "low-income households be protected by a social tariff?\nQ3. Should companies be "
            "allowed to charge for the meter installation?\n\n3. Impact\n\nThe impact "
            "assessment estimates average household savings of 12% of consumption once "
            "metered.\n"),
        "Water_Metering_Response_Summary_2024": (
            "SUMMARY OF RESPONSES AND GOVERNMENT RESPONSE\nPublished June 2024\n\n"
            "We received 1,146 responses: 702 from individuals, 311 from organisations and "
            "133 from water companies and regulators.\n\n"
            "Q1: 61% of respondents agreed with extending compulsory metering.\n"
            "Q2: 78% supported a social tariff.\nQ3: 83% opposed installation charges.\n\n"
            "Government response: compulsory metering will be extended to all areas of serious "
            "water stress by 2030, installation will be free of charge, and a social tariff "
            "will be consulted on separately.\n"),
    },
}
