"""English legal tasks: case counts, cohort associations and precedent application."""

from __future__ import annotations

from collections.abc import Callable

from bench.demo_data.corpora import english_cases
from bench.demo_data.legal_cases import LegalCase
from bench.demo_data.precedents import docid
from bench.demo_data.records import DemoTask, JudgeMarks, Response, Retrieval, task_id
from bench.demo_data.stats import binary_association

COUNT_INSTRUCTION = (
    "Return the number of distinct cases satisfying all conditions as an integer. List the "
    "cluster_id of every counted case in retrieved_evidence."
)
ASSOCIATION_INSTRUCTION = (
    "Describe the observational association only; do not make causal claims. Return JSON only: "
    '{"option": "A|B|C", "n": integer, "rate_x": share of cases with X showing Y, '
    '"rate_not_x": share of cases without X showing Y, "odds_ratio": number, "p_value": '
    "two-sided Fisher exact p}. Options: A = significant positive association, B = significant "
    "negative association, C = no significant association (alpha 0.05). n is the cohort size. "
    "List the cluster_id of every cohort case in retrieved_evidence."
)
PRECEDENT_INSTRUCTION = (
    "Retrieve the controlling precedents, state the rule and apply it to the facts in at most "
    "150 words. Rank the retrieved precedents by relevance in retrieved_evidence."
)
GRANTED = ("granted", "granted in part")
SET_ASIDE = ("remanded", "vacated", "vacated and remanded")


def _where(test: Callable[[LegalCase], bool]) -> list[int]:
    return [c.cluster_id for c in english_cases() if test(c)]


def _caseload(name: str) -> list[LegalCase]:
    return [c for c in english_cases() if c.feature("caseload") == name]


def descriptive() -> list[DemoTask]:
    group = "legal_en_descriptive"
    remanded = _where(
        lambda c: (
            c.feature("caseload") == "APA review"
            and c.feature("disposition") in ("remanded", "vacated and remanded")
        )
    )
    retaliation = _where(
        lambda c: (
            c.feature("caseload") == "Title VII"
            and c.feature("claim_type") == "retaliation"
            and c.feature("disposition") == "affirmed"
        )
    )
    unaddressed = _where(
        lambda c: (
            c.feature("caseload") == "immigration petition for review"
            and c.feature("disposition") in GRANTED
            and c.feature("bia_failed_to_address_argument") == "yes"
            and 2019 <= int(c.feature("decision_year")) <= 2022
        )
    )
    return [
        DemoTask(
            task_id(group, 1),
            "sql",
            "Within the APA-review caseload, how many cases met this condition: the matter was "
            "remanded to the agency?",
            COUNT_INSTRUCTION,
            len(remanded),
            remanded,
            Response(str(len(remanded))),
        ),
        DemoTask(
            task_id(group, 96),
            "semantic",
            "Among Title VII appeals from summary judgment, how many cases involved a retaliation "
            "claim and ended with the grant of summary judgment affirmed?",
            COUNT_INSTRUCTION,
            len(retaliation),
            retaliation,
            None,
        ),
        DemoTask(
            task_id(group, 200),
            "reasoning",
            "Among immigration petitions for review decided from 2019 through 2022, how many "
            "were granted in whole or in part because the Board of Immigration Appeals failed to "
            "address an argument the petitioner raised?",
            COUNT_INSTRUCTION,
            len(unaddressed),
            unaddressed,
            Response(
                f"I count {len(unaddressed) + 1} qualifying cases.",
                Retrieval(keep=len(unaddressed) - 1, trail=2),
            ),
        ),
    ]


def predictive() -> list[DemoTask]:
    group = "legal_en_predictive"
    petitions = _caseload("immigration petition for review")
    counsel = binary_association(
        [
            (c.feature("represented_by_counsel") == "yes", c.feature("disposition") in GRANTED)
            for c in petitions
        ]
    )
    title_vii = _caseload("Title VII")
    comparators = binary_association(
        [
            (c.feature("comparator_evidence") == "yes", c.feature("disposition") != "affirmed")
            for c in title_vii
        ]
    )
    apa = _caseload("APA review")
    comments = binary_association(
        [
            (
                c.feature("agency_responded_to_significant_comments") == "no",
                c.feature("disposition") in SET_ASIDE,
            )
            for c in apa
        ]
    )
    return [
        DemoTask(
            task_id(group, 1),
            "structured",
            "In the cohort of immigration petitions for review, assess the association between "
            "representation by counsel (X) and the petition being granted in whole or in part (Y).",
            ASSOCIATION_INSTRUCTION,
            counsel,
            [c.cluster_id for c in petitions],
            Response({**counsel, "p_value": 0.041}),
        ),
        DemoTask(
            task_id(group, 48),
            "semantic",
            "Among Title VII summary-judgment appeals, assess the association between the "
            "plaintiff offering comparator evidence (X) and reversal in whole or in part (Y).",
            ASSOCIATION_INSTRUCTION,
            comparators,
            [c.cluster_id for c in title_vii],
            Response(
                '{"option": "C", "n": 16, "rate_x": 0.286, "rate_not_x": 0.222, '
                '"odds_ratio": "n/a", "p_value": 1.0}',
                Retrieval(keep=14, trail=1),
            ),
        ),
        DemoTask(
            task_id(group, 95),
            "multi_step",
            "In the APA-review caseload, assess the association between the agency failing to "
            "respond to significant comments (X) and the action being vacated or remanded (Y).",
            ASSOCIATION_INSTRUCTION,
            comments,
            [c.cluster_id for c in apa],
            Response({**comments, "odds_ratio": 12.5}, Retrieval(keep=12, trail=2)),
        ),
    ]


def prescriptive() -> list[DemoTask]:
    group = "legal_en_prescriptive"
    return [
        DemoTask(
            task_id(group, 1),
            None,
            "Officers suspected that a homeowner was growing marijuana indoors. Without a warrant, "
            "they scanned the house from the street with a thermal-imaging camera, saw unusual "
            "heat from the garage roof, and used the scan to obtain a search warrant. Was the "
            "scan a search under the Fourth Amendment?",
            PRECEDENT_INSTRUCTION,
            "Yes. Under Kyllo v. United States, using a device not in general public use to learn "
            "details of the home's interior that could not otherwise be known without physical "
            "intrusion is a Fourth Amendment search, presumptively unreasonable without a "
            "warrant. Kyllo applies Katz v. United States's reasonable-expectation-of-privacy "
            "test to the home, where that expectation is strongest. The scan was therefore an "
            "unlawful search and the warrant resting on it is tainted unless an exception applies.",
            [docid("Kyllo v. United States"), docid("Katz v. United States")],
            Response(
                "Yes, it was a search. Kyllo v. United States holds that thermal imaging of a home "
                "with technology not in general public use is a search that requires a warrant, "
                "building on Katz. The warrant based on the scan is invalid and the evidence "
                "should be suppressed absent an exception.",
                Retrieval(lead=1),
                JudgeMarks(
                    (4, 4, 3, 4, 4),
                    "Correct conclusion citing Kyllo and Katz; the "
                    "application is brief but consistent with the ground truth.",
                ),
            ),
        ),
        DemoTask(
            task_id(group, 29),
            None,
            "An employee complained to human resources that her supervisor sexually harassed her. "
            "Two weeks later she was moved from the day shift to the night shift at the same pay. "
            "The employer argues that a reassignment without loss of pay cannot support a "
            "retaliation claim under Title VII. Is the employer right?",
            PRECEDENT_INSTRUCTION,
            "No. Under Burlington Northern & Santa Fe Railway Co. v. White, Title VII's "
            "anti-retaliation provision reaches any action a reasonable employee would find "
            "materially adverse, meaning it might well dissuade a reasonable worker from "
            "complaining; it is not limited to changes in pay. A transfer to a less desirable "
            "night shift can qualify. She must still prove but-for causation under University of "
            "Texas Southwestern Medical Center v. Nassar; the two-week gap supports but does not "
            "by itself establish it.",
            [
                docid("Burlington Northern & Santa Fe Railway Co. v. White"),
                docid("University of Texas Southwestern Medical Center v. Nassar"),
            ],
            Response(
                "Yes. Under the McDonnell Douglas framework the employee must show an adverse "
                "employment action, and a lateral move with no change in pay or benefits is not "
                "adverse. The retaliation claim fails.",
                Retrieval(keep=0, lead=3),
                JudgeMarks(
                    (0, 0, 1, 0, 3),
                    "Wrong conclusion: it applies an adverse-employment-"
                    "action test that Burlington Northern rejects and omits Nassar.",
                    shape="fenced",
                ),
            ),
        ),
        DemoTask(
            task_id(group, 57),
            None,
            "A uniformed officer removed a 13-year-old from class and questioned him for 40 "
            "minutes in a closed school conference room about neighborhood break-ins, without "
            "Miranda warnings. The trial court held he was not in custody and refused to consider "
            "his age. Was that correct?",
            PRECEDENT_INSTRUCTION,
            "No. J.D.B. v. North Carolina holds that a child's age properly informs the Miranda "
            "custody analysis when the age was known to the officer or objectively apparent. The "
            "court must ask whether a reasonable 13-year-old in these circumstances would have "
            "felt free to end the questioning; if he was in custody, statements taken without the "
            "warnings required by Miranda v. Arizona are inadmissible.",
            [docid("J.D.B. v. North Carolina"), docid("Miranda v. Arizona")],
            Response(
                "No. Under J.D.B. v. North Carolina the child's age is part of the custody "
                "analysis when it is known or objectively apparent, so the court erred by ignoring "
                "it. Yarborough v. Alvarado also supports considering age. If he was in custody, "
                "the unwarned statements must be suppressed under Miranda.",
                Retrieval(trail=1, extra=(str(english_cases()[0].cluster_id),)),
                JudgeMarks(
                    (4, 3, 3, 3, 4),
                    "Correct conclusion under J.D.B. and Miranda; the claim "
                    "that Yarborough supports considering age is unsupported.",
                ),
            ),
        ),
    ]
