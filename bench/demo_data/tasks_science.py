"""Science tasks: synthesize the included primary studies of a topic (descriptive, predictive)."""

from __future__ import annotations

from bench.demo_data.articles import articles, included_ids, topic_ids
from bench.demo_data.records import DemoTask, JudgeMarks, Response, Retrieval, task_id

SYNTHESIS = (
    "Synthesize only the primary studies in the corpus that meet the inclusion criteria. Answer "
    "in at most 80 words. List the IDs of the included studies in retrieved_evidence, most "
    "relevant first."
)


def _excluded(topic: str) -> tuple[str, ...]:
    """The topic's look-alike articles a careless search would include."""
    return tuple(i for i in topic_ids(topic) if i not in included_ids(topic))


def descriptive() -> list[DemoTask]:
    group = "science_en_descriptive"
    return [
        DemoTask(
            task_id(group, 1),
            "dominant_category",
            "Population: adults with hypertension. Intervention: mobile health tools to improve "
            "antihypertensive medication adherence. Studies published 2015-2023; include trials "
            "reporting an adherence outcome. Which intervention category dominates the evidence?",
            SYNTHESIS,
            "Text-message (SMS) reminders were the dominant category, used in 4 of the 7 included "
            "trials; smartphone applications were used in 2 trials and pharmacist telephone "
            "counselling in 1.",
            included_ids("adherence"),
            Response(
                "SMS reminder interventions dominate (4 of 7 trials), followed by smartphone apps "
                "(2) and pharmacist telephone counselling (1).",
                Retrieval(extra=_excluded("adherence")[:1]),
                JudgeMarks((4, 4, 4, 4), "Same category and counts as the ground truth."),
            ),
        ),
        DemoTask(
            task_id(group, 9),
            "main_factors",
            "Population: women undergoing caesarean delivery. Exposure: patient and procedural "
            "characteristics. Studies published 2015-2023; include cohort and case-control studies "
            "reporting adjusted associations with surgical site infection. What are the main "
            "risk factors?",
            SYNTHESIS,
            "The main risk factors were maternal obesity (BMI of 30 kg/m2 or more, reported in 4 "
            "of "
            "5 studies), emergency caesarean delivery (4 of 5) and prolonged rupture of membranes "
            "(3 of 5); chorioamnionitis and operative time over 60 minutes were each reported by "
            "one study.",
            included_ids("ssi"),
            Response(
                "Obesity and diabetes are the main risk factors for infection after caesarean "
                "section.",
                Retrieval(keep=2, trail=1),
                JudgeMarks(
                    (2, 1, 1, 4),
                    "Names obesity but misses emergency delivery and ruptured "
                    "membranes, and adds diabetes, which no included study reports.",
                ),
            ),
        ),
        DemoTask(
            task_id(group, 20),
            "study_pattern",
            "Population: children aged 2-59 months with non-severe pneumonia in low- and "
            "middle-income countries. Intervention: assessment and treatment by community health "
            "workers. Studies published 2015-2023. Describe the pattern of study designs and "
            "settings.",
            SYNTHESIS,
            "Most included studies were cluster-randomised trials (4 of 6) conducted in "
            "sub-Saharan Africa (Malawi, Ethiopia, Uganda, Nigeria) and South Asia (Pakistan, "
            "Bangladesh), comparing community treatment with facility referral and measuring "
            "treatment failure or mortality; one before-and-after study and one cross-sectional "
            "study complete the set.",
            included_ids("chw"),
            Response(
                "Mostly cluster randomised trials in sub-Saharan Africa and South Asia comparing "
                "community health worker treatment with referral, with treatment failure as the "
                "usual outcome.",
                Retrieval(lead=1),
                JudgeMarks(
                    (4, 3, 4, 4),
                    "Pattern matches; the proportion of trials and the two "
                    "non-randomised designs are not mentioned.",
                ),
            ),
        ),
    ]


def predictive() -> list[DemoTask]:
    group = "science_en_predictive"
    return [
        DemoTask(
            task_id(group, 2),
            "effect_direction",
            "Population: adults undergoing cardiac surgery. Intervention: perioperative statin "
            "therapy versus placebo or no statin. Studies published 2015-2023; include randomised "
            "trials. What is the overall effect direction on postoperative atrial fibrillation?",
            SYNTHESIS,
            "Statins reduce postoperative atrial fibrillation: 5 of 6 included trials reported "
            "relative risks between 0.42 and 0.67, while the largest trial (rosuvastatin, n = "
            "1,922) found no effect (RR 1.04).",
            included_ids("statin"),
            Response(
                "Overall, perioperative statins lower the risk of postoperative atrial "
                "fibrillation, with relative risks mostly between 0.4 and 0.7.",
                Retrieval(trail=1),
                JudgeMarks(
                    (4, 3, 4, 4), "Correct direction and range; omits the large null trial."
                ),
            ),
        ),
        DemoTask(
            task_id(group, 30),
            "association_direction",
            "Population: adults free of diabetes at baseline. Exposure: sugar-sweetened beverage "
            "intake. Studies published 2015-2023; include prospective cohort and case-cohort "
            "studies. What is the direction of the association with incident type 2 diabetes?",
            SYNTHESIS,
            "Positive association: higher sugar-sweetened beverage intake is associated with a "
            "higher incidence of type 2 diabetes in all 6 cohorts (relative risks 1.13 to 1.42), "
            "partly mediated by weight gain.",
            included_ids("ssb"),
            Response(
                "The evidence shows no consistent association between sugar-sweetened beverages "
                "and diabetes once body weight is accounted for.",
                Retrieval(keep=3, extra=(articles()[0]["pmid"],)),
                JudgeMarks(
                    (0, 1, 0, 3),
                    "Contradicts the ground truth, which reports a positive "
                    "association in every cohort.",
                ),
            ),
        ),
        DemoTask(
            task_id(group, 63),
            "diagnostic_performance",
            "Population: children with suspected community-acquired pneumonia. Index test: "
            "point-of-care lung ultrasound; reference: chest radiography or a composite clinical "
            "reference. Studies published 2015-2023. What is the diagnostic performance?",
            SYNTHESIS,
            "Lung ultrasound has high diagnostic accuracy for childhood pneumonia: sensitivity "
            "0.86-0.98 and specificity 0.83-0.95 across the 5 included studies, with central "
            "values around 0.93 and 0.90.",
            included_ids("lus"),
            Response(
                "High accuracy: sensitivity about 0.93 and specificity about 0.90, ranging from "
                "0.86 to 0.98 and 0.83 to 0.95.",
                Retrieval(extra=_excluded("lus")),
                JudgeMarks((4, 4, 4, 4), "Matches the ground truth ranges and central values."),
            ),
        ),
    ]
