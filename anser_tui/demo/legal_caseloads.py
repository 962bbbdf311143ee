"""The three English caseloads: APA petitions against agencies, Title VII summary-judgment
appeals and immigration petitions for review, one row of facts per case."""

from __future__ import annotations

# (case name, circuit, year, agency, disposition, agency ignored significant comments)
APA = (
    ("Coalition for Clean Air v. EPA", "DC", 2019, "EPA", "vacated and remanded", True),
    ("Mountain Valley Growers Ass'n v. USDA", "9th", 2020, "USDA", "remanded", True),
    ("Tri-County Hospital Authority v. Becerra", "DC", 2022, "HHS", "affirmed", False),
    ("Great Lakes Shipping Co. v. FMC", "DC", 2018, "FMC", "remanded", True),
    ("Citizens for Rural Broadband v. FCC", "DC", 2021, "FCC", "affirmed", False),
    ("Northern Plains Resource Council v. U.S. Army Corps", "9th", 2020, "USACE", "vacated", True),
    ("American Trucking Alliance v. FMCSA", "DC", 2019, "FMCSA", "affirmed", False),
    ("Delta Pharmaceuticals, Inc. v. FDA", "4th", 2021, "FDA", "remanded", False),
    (
        "Friends of the Cascades v. U.S. Forest Service",
        "9th",
        2022,
        "USFS",
        "vacated and remanded",
        True,
    ),
    ("Sunrise Solar Cooperative v. FERC", "DC", 2023, "FERC", "affirmed", False),
    ("National Ass'n of Home Lenders v. CFPB", "5th", 2020, "CFPB", "affirmed", False),
    ("Rio Grande Water Users v. Bureau of Reclamation", "10th", 2019, "USBR", "remanded", True),
    ("Harbor Seafood Processors v. NOAA", "1st", 2021, "NOAA", "affirmed", True),
    ("Midwest Ethanol Producers v. EPA", "DC", 2022, "EPA", "dismissed", False),
    ("Pacific Tribal Fisheries Comm'n v. NMFS", "9th", 2023, "NMFS", "affirmed", False),
    ("Keystone Rail Shippers v. STB", "DC", 2020, "STB", "vacated and remanded", False),
    ("Valley Children's Clinic v. CMS", "6th", 2021, "CMS", "affirmed", False),
    ("Gulf Coast Refiners Ass'n v. DOE", "5th", 2022, "DOE", "affirmed", False),
)
# (case name, circuit, year, claim, comparator evidence offered, disposition)
TITLE_VII = (
    ("Alvarez v. Lone Star Logistics, Inc.", "5th", 2019, "retaliation", True, "reversed"),
    ("Brooks v. Meridian Health Systems", "6th", 2020, "discrimination", False, "affirmed"),
    ("Chen v. Pacific Northwest Bank", "9th", 2021, "retaliation", False, "affirmed"),
    ("Daniels v. City of Riverside", "9th", 2018, "hostile work environment", True, "affirmed"),
    (
        "Eastman v. Tri-State Manufacturing Co.",
        "3rd",
        2020,
        "discrimination",
        True,
        "reversed in part",
    ),
    ("Fofana v. Greenfield Senior Living", "4th", 2022, "retaliation", False, "affirmed"),
    ("Garcia v. Sun Valley Foods", "10th", 2019, "discrimination", True, "affirmed"),
    ("Hollis v. Atlantic Coast Airlines", "11th", 2021, "retaliation", True, "affirmed"),
    ("Ibrahim v. Metro Transit Authority", "2nd", 2022, "discrimination", False, "reversed"),
    ("Jackson v. Cornerstone Staffing LLC", "7th", 2020, "retaliation", False, "reversed"),
    (
        "Kowalski v. Lakeshore Steel Corp.",
        "7th",
        2023,
        "hostile work environment",
        False,
        "affirmed",
    ),
    ("Lopez v. Desert Sun Casino", "9th", 2021, "retaliation", False, "affirmed"),
    ("Mensah v. Capital Region Hospital", "4th", 2019, "discrimination", True, "affirmed"),
    ("Nguyen v. Silicon Valley Instruments", "9th", 2022, "discrimination", False, "affirmed"),
    ("O'Connell v. Harbor Freight Terminals", "1st", 2023, "retaliation", False, "affirmed"),
    ("Patel v. Keystone Pharmacy Group", "3rd", 2020, "discrimination", True, "affirmed"),
)
# (case name, circuit, year, relief sought, counsel, BIA failed to address an argument, disposition)
IMMIGRATION = (
    ("Ramirez-Lopez v. Garland", "9th", 2021, "asylum", True, True, "granted"),
    ("Osei v. Barr", "4th", 2019, "withholding of removal", True, False, "denied"),
    ("Mejia-Hernandez v. Garland", "5th", 2022, "cancellation of removal", False, False, "denied"),
    ("Tesfaye v. Garland", "8th", 2022, "asylum", True, True, "granted in part"),
    ("Guzman v. Barr", "9th", 2020, "CAT protection", False, False, "dismissed"),
    ("Singh v. Garland", "9th", 2021, "asylum", True, True, "granted"),
    ("Alvarado-Cruz v. Barr", "1st", 2019, "withholding of removal", False, True, "denied"),
    ("Kamara v. Garland", "3rd", 2023, "asylum", True, False, "granted"),
    ("Petrov v. Barr", "2nd", 2020, "asylum", True, True, "granted"),
    ("Nunez-Reyes v. Garland", "10th", 2022, "cancellation of removal", False, False, "denied"),
    ("Boateng v. Garland", "6th", 2021, "CAT protection", True, False, "denied"),
    ("Chavez-Morales v. Barr", "5th", 2019, "asylum", False, False, "denied"),
    ("Hakimi v. Garland", "7th", 2022, "asylum", True, True, "granted in part"),
    ("Diallo v. Garland", "2nd", 2023, "withholding of removal", False, True, "granted"),
    ("Esquivel v. Barr", "9th", 2020, "cancellation of removal", True, False, "granted"),
    ("Fernandes v. Garland", "11th", 2021, "asylum", False, False, "dismissed"),
)
