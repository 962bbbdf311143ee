"""English federal appellate cases (legal/en/legal_cases.db): records, opinions and tables.

Each caseload row (data/caseload_*.json) holds a case's facts; its features, opinion text and
search documents are derived here.
"""

from __future__ import annotations

from dataclasses import dataclass

from bench.demo_data.datafiles import apa_caseload, immigration_caseload, title_vii_caseload
from bench.demo_data.storage import Table

CIRCUIT_CODES = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th", "11th")
CIRCUIT_NAMES = [
    "First",
    "Second",
    "Third",
    "Fourth",
    "Fifth",
    "Sixth",
    "Seventh",
    "Eighth",
    "Ninth",
    "Tenth",
    "Eleventh",
]
CIRCUITS = {**dict(zip(CIRCUIT_CODES, CIRCUIT_NAMES, strict=True)), "DC": "District of Columbia"}
DISSENT = (
    "I respectfully dissent. The majority substitutes its own judgment for the one the record "
    "supports, and the standard of review does not permit that."
)
CLOSINGS = {
    "APA review": "For these reasons, the agency action is {}.",
    "Title VII": "The judgment of the district court is {}.",
    "immigration petition for review": "The petition for review is {}.",
}
JUDGES = ("Hartwell", "Okafor", "Lindqvist", "Ramos", "Whitcomb", "Nakamura", "Delacroix")


def yes(flag: bool) -> str:
    return "yes" if flag else "no"


@dataclass(frozen=True)
class LegalCase:
    """One `case_record` row with its features, opinion and search-document texts."""

    case_id: int
    cluster_id: int
    case_name: str
    court: str
    decision_date: str
    docket_number: str
    features: tuple[tuple[str, str], ...]
    opinion: str

    def feature(self, name: str) -> str:
        return dict(self.features)[name]


@dataclass(frozen=True)
class _Row:
    name: str
    circuit: str
    year: int
    features: tuple[tuple[str, str], ...]
    opening: str
    detail: str
    disposition: str


def _rows() -> list[_Row]:
    rows = []
    features: tuple[tuple[str, str], ...]
    for name, circuit, year, agency, disposition, ignored in apa_caseload():
        features = (
            ("caseload", "APA review"),
            ("agency", agency),
            ("agency_responded_to_significant_comments", yes(not ignored)),
        )
        opening = (
            "petitions for review of a final rule. Under the Administrative Procedure Act we set "
            "aside agency action that is arbitrary, capricious, or otherwise not in accordance "
            "with law, 5 U.S.C. 706(2)(A). An agency must examine the relevant data and articulate "
            "a satisfactory explanation for its action, Motor Vehicle Mfrs. Ass'n v. State Farm, "
            "463 U.S. 29, 43 (1983)."
        )
        detail = (
            "The agency did not respond to significant comments that challenged its central "
            "premise, so it failed to consider an important aspect of the problem."
            if ignored
            else "The agency responded to the significant comments and explained its choice."
        )
        rows.append(_Row(name, circuit, year, features, opening, detail, disposition))
    for name, circuit, year, claim, comparator, disposition in title_vii_caseload():
        features = (
            ("caseload", "Title VII"),
            ("claim_type", claim),
            ("procedural_posture", "summary judgment"),
            ("comparator_evidence", yes(comparator)),
        )
        opening = (
            "appeals the district court's grant of summary judgment to the employer on claims "
            "under Title VII of the Civil Rights Act of 1964. We review de novo, viewing the "
            "evidence in the light most favorable to the nonmovant."
        )
        detail = (
            "Plaintiff identified similarly situated coworkers outside the protected class who "
            "were treated more favorably."
            if comparator
            else "Plaintiff offered no similarly situated comparator."
        ) + (" A reasonable jury could find pretext." if disposition != "affirmed" else "")
        rows.append(_Row(name, circuit, year, features, opening, detail, disposition))
    for name, circuit, year, relief, counsel, failed, disposition in immigration_caseload():
        features = (
            ("caseload", "immigration petition for review"),
            ("relief_sought", relief),
            ("represented_by_counsel", yes(counsel)),
            ("bia_failed_to_address_argument", yes(failed)),
        )
        opening = (
            "petitions for review of a decision of the Board of Immigration Appeals. We review "
            "the agency's legal conclusions de novo and its factual findings for substantial "
            "evidence."
        )
        detail = f"Petitioner sought {relief}. " + (
            "The Board did not address petitioner's principal argument, and we cannot affirm on "
            "a ground the agency did not invoke."
            if failed
            else "The Board considered each argument petitioner raised."
        )
        rows.append(_Row(name, circuit, year, features, opening, detail, disposition))
    return rows


def cases() -> list[LegalCase]:
    """All cases in corpus order; case_id from 1, cluster ids spread like a real docket."""
    result = []
    for i, row in enumerate(_rows()):
        party = row.name.split(" v. ")[0]
        closing = CLOSINGS[dict(row.features)["caseload"]].format(row.disposition)
        if row.disposition == "dismissed":
            closing = "The petition for review is dismissed."
        result.append(
            LegalCase(
                case_id=i + 1,
                cluster_id=4_213_577 + (i * 104_729) % 800_000,
                case_name=row.name,
                court=f"United States Court of Appeals for the {CIRCUITS[row.circuit]} Circuit",
                decision_date=f"{row.year}-{1 + (i * 7) % 12:02d}-{1 + (i * 13) % 28:02d}",
                docket_number=f"{row.year % 100 - 1:02d}-{1000 + (i * 389) % 9000}",
                features=(
                    *row.features,
                    ("disposition", row.disposition),
                    ("decision_year", str(row.year)),
                ),
                opinion=(
                    f"{JUDGES[i % len(JUDGES)]}, Circuit Judge: {party} {row.opening} "
                    f"{row.detail} {closing}"
                ),
            )
        )
    return result


def tables(records: list[LegalCase]) -> list[Table]:
    """`case_record`, `opinion`, `feature` and `search_document` (docs/corpora.md)."""
    opinions = [
        (c.case_id, "majority", JUDGES[(c.case_id - 1) % len(JUDGES)], c.opinion) for c in records
    ]
    opinions += [
        (c.case_id, "dissent", JUDGES[(c.case_id + 3) % len(JUDGES)], DISSENT)
        for c in records
        if c.case_id % 6 == 0
    ]
    features = [(c.case_id, name, value) for c in records for name, value in c.features]
    documents = [
        (c.case_id, c.cluster_id, title, text)
        for c in records
        for title, text in (
            (
                c.case_name,
                f"{c.case_name}, {c.court}, decided {c.decision_date}. "
                f"Disposition: {c.feature('disposition')}.",
            ),
            (f"{c.case_name} (opinion)", c.opinion),
        )
    ]
    return [
        Table(
            "case_record",
            "case_id INTEGER PRIMARY KEY, cluster_id INTEGER, case_name TEXT, court TEXT, "
            "decision_date TEXT, docket_number TEXT, jurisdiction TEXT",
            [
                (
                    c.case_id,
                    c.cluster_id,
                    c.case_name,
                    c.court,
                    c.decision_date,
                    c.docket_number,
                    "federal appellate",
                )
                for c in records
            ],
            indexes=("cluster_id",),
        ),
        Table(
            "opinion",
            "opinion_id INTEGER PRIMARY KEY, case_id INTEGER, opinion_type TEXT, author TEXT, "
            "text TEXT",
            [(i, *row) for i, row in enumerate(opinions, start=1)],
            indexes=("case_id",),
        ),
        Table(
            "feature",
            "feature_id INTEGER PRIMARY KEY, case_id INTEGER, name TEXT, value TEXT",
            [(i, *row) for i, row in enumerate(features, start=1)],
            indexes=("case_id",),
        ),
        Table(
            "search_document",
            "doc_id INTEGER PRIMARY KEY, case_id INTEGER, cluster_id INTEGER, title TEXT, "
            "text TEXT",
            [(i, *row) for i, row in enumerate(documents, start=1)],
            indexes=("case_id",),
        ),
    ]
