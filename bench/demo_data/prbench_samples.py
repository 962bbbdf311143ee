"""The PRBench demo's samples, as the dataset card lays a record out.

Five conversations (three Finance, two Legal), one to three user turns, reference texts on
some turns, and rubrics with positive and negative weights. Each criterion is written
(criterion id, title, weight class, weight, category, rationale); `card_record` spreads a
sample over the card's flat columns, every absent turn column null and every weight field but
the class's own null, as the published files have them.
"""

from __future__ import annotations

from typing import Any

WEIGHT_CLASSES = ("critically important", "important", "slightly important",
                  "slightly detrimental", "detrimental", "critically detrimental")

# (task, field, topic, expert, [(prompt, [reference texts], earlier response or None)],
#  [(criterion id, title, weight class, weight, category, rationale)])
SAMPLES: list[tuple[str, str, str, str, list[tuple[str, list[str], str | None]],
                    list[tuple[str, str, str, int, str, str]]]] = [
    ("fin-ccar-overlay-7c1e", "Finance", "Risk Management & Stress Testing", "Expert", [
        ("Our CRE loss model under-forecasts tail losses by about 15-20% in the newest CCAR "
         "severely adverse scenario. Validation flagged it and we have six weeks to the "
         "submission. What should we prioritise?",
         ["Model validation finding MV-2024-031: under the 2024 severely adverse scenario the "
          "commercial real estate PD model under-predicts cumulative nine-quarter losses by "
          "17.4% against the challenger model. Root cause: the rate and spread drivers enter "
          "additively, so a joint shock is under-weighted."],
         "Treat it in two tracks. Track one is a documented management overlay sized from the "
         "challenger gap (about 17%) and approved through model risk governance; track two "
         "is a re-estimation with an interaction term between rate and spread shocks, which "
         "will not be ready for this cycle. Prioritise the overlay: sizing, sensitivity "
         "analysis, sign-off, then the submission narrative."),
        ("The overlay makes sense. Should it apply to the baseline scenario too, so the "
         "projections stay consistent?", [],
         "No. The deficiency shows up in the stressed paths; applying it to baseline would "
         "overstate baseline losses and blur the attribution. Keep the overlay scenario-"
         "specific and document why."),
        ("Got it. What documentation will the Fed expect to see for the overlay itself?", [],
         None),
    ], [
        ("c-ccar-1", "The response says the overlay must be documented and approved under the "
         "bank's model risk management framework (e.g. SR 11-7 effective challenge).",
         "critically important", 8, "Risk & Regulatory Disclosure",
         "SR 11-7 requires overlays to be governed like model changes."),
        ("c-ccar-2", "The response asks for quantitative support for the overlay's size, such "
         "as the challenger-model gap or a sensitivity analysis.", "important", 5,
         "Process Transparency & Auditability",
         "Examiners look for a quantitative basis rather than judgement alone."),
        ("c-ccar-3", "The response mentions the FR Y-14A schedules or the capital plan "
         "narrative as where the overlay is disclosed.", "slightly important", 2,
         "Risk & Regulatory Disclosure", "Where the overlay is reported matters for the "
         "submission."),
        ("c-ccar-4", "The response recommends applying the overlay to the baseline scenario "
         "as well as the stressed ones.", "detrimental", -4, "Financial Accuracy",
         "The user was already told this would overstate baseline losses."),
    ]),
    ("fin-ifrs16-lease-2b90", "Finance", "Accounting & Financial Reporting", "Non-Expert", [
        ("We lease a warehouse for five years at EUR 240,000 a year, paid at year end, and our "
         "incremental borrowing rate is 6%. How do I record it at the start under IFRS 16?",
         [], None),
    ], [
        ("c-lease-1", "The response computes the lease liability as the present value of the "
         "five payments at 6% (about EUR 1,010,964).", "critically important", 7,
         "Financial Accuracy", "PV of an ordinary annuity: 240,000 x 4.21236."),
        ("c-lease-2", "The response records a right-of-use asset equal to the lease liability "
         "(plus any initial direct costs).", "important", 3, "Financial Accuracy",
         "IFRS 16.24."),
        ("c-lease-3", "The response treats the lease as an operating lease kept off the "
         "balance sheet.", "detrimental", -6, "Financial Accuracy",
         "IFRS 16 removed the operating-lease model for lessees."),
    ]),
    ("fin-fx-hedge-55d3", "Finance", "Treasury & Corporate Finance", "Expert", [
        ("We expect USD 12m of sales receipts in nine months and report in EUR. Forward or "
         "option? Budget rate is 1.08.",
         ["Treasury policy TP-4: hedge 50-80% of forecast foreign-currency cash flows within "
          "12 months; options only with CFO approval; hedge accounting under IFRS 9 where the "
          "documentation can be completed at inception."],
         None),
    ], [
        ("c-fx-1", "The response recommends hedging within the policy's 50-80% band.",
         "critically important", 6, "Risk & Regulatory Disclosure",
         "The reference text sets the band."),
        ("c-fx-2", "The response quantifies the hedge (e.g. USD 6-9.6m) and compares the "
         "forward's certainty with the option's premium cost.", "important", 4,
         "Financial Accuracy", "A recommendation without amounts is not actionable."),
        ("c-fx-3", "The response recommends hedging more than 100% of the forecast "
         "exposure.", "critically detrimental", -8, "Financial Accuracy",
         "Over-hedging creates a speculative position."),
    ]),
    ("leg-noncompete-ca-91af", "Legal", "Employment & Labor", "Non-Expert", [
        ("My employer in San Francisco wants me to sign a two-year non-compete before my "
         "promotion. Is that enforceable?", [],
         "In California, non-compete clauses in employment are generally void under Business "
         "and Professions Code section 16600, with narrow exceptions such as the sale of a "
         "business."),
        ("They say it's fine because the contract picks Texas law. Does that change anything?",
         [], None),
    ], [
        ("c-nc-1", "The response explains that Labor Code section 925 bars an employer from "
         "requiring a California-based employee to agree to another state's law to avoid "
         "section 16600.", "critically important", 9, "Legal Accuracy",
         "Section 925 answers the choice-of-law point directly."),
        ("c-nc-2", "The response mentions that since 2024 (SB 699 / AB 1076) employers may not "
         "enter into or try to enforce such clauses and must give notice that they are void.",
         "important", 5, "Legal Accuracy", "Recent amendments strengthen the rule."),
        ("c-nc-3", "The response tells the user the Texas choice-of-law clause will probably "
         "make the non-compete enforceable.", "detrimental", -5, "Legal Accuracy",
         "Wrong for a California-based employee."),
    ]),
    ("leg-gdpr-breach-3e07", "Legal", "Data Privacy & Cybersecurity", "Expert", [
        ("A misconfigured bucket exposed 40,000 EU customers' names and order histories for "
         "two days. We found it this morning. What are our notification duties?", [], None),
    ], [
        ("c-gdpr-1", "The response states the 72-hour deadline to notify the supervisory "
         "authority under GDPR Article 33, counted from awareness.", "critically important",
         8, "Legal Accuracy", "Article 33(1)."),
        ("c-gdpr-2", "The response explains when data subjects must be told (Article 34: high "
         "risk to their rights and freedoms).", "important", 4, "Legal Accuracy",
         "Article 34 is a separate test."),
        ("c-gdpr-3", "The response advises documenting the breach internally whatever the "
         "notification decision (Article 33(5)).", "slightly important", 2,
         "Process Transparency & Auditability", "The record is always required."),
        ("c-gdpr-4", "The response says no notification is needed because no financial data "
         "was exposed.", "slightly detrimental", -3, "Legal Accuracy",
         "Names with order histories are personal data."),
    ]),
]
SPLIT_MEMBERS = {
    "finance": ["fin-ccar-overlay-7c1e", "fin-ifrs16-lease-2b90", "fin-fx-hedge-55d3"],
    "legal": ["leg-noncompete-ca-91af", "leg-gdpr-breach-3e07"],
    "finance_hard": ["fin-ifrs16-lease-2b90", "fin-fx-hedge-55d3"],
    "legal_hard": ["leg-noncompete-ca-91af"],
}


def _annotations(weight_class: str, weight: int, category: str, rationale: str
                 ) -> dict[str, Any]:
    fields: dict[str, Any] = {f"{c.replace(' ', '_')}_weight": None for c in WEIGHT_CLASSES}
    fields[f"{weight_class.replace(' ', '_')}_weight"] = weight
    return {"criteria_category": category, "criteria_description": rationale,
            "weight_class": weight_class, **fields}


def card_record(sample: tuple[Any, ...]) -> dict[str, Any]:
    task, field, topic, expert, turns, rubric = sample
    record: dict[str, Any] = {"task": task, "turns": len(turns), "field": field,
                              "topic": topic, "expert": expert, "scratchpad": None}
    for i in range(10):
        prompt, refs, response = turns[i] if i < len(turns) else (None, [], None)
        record[f"prompt_{i}"] = prompt
        record[f"reference_texts_{i}"] = refs or None
        if i < 9:
            record[f"response_{i}"] = response
            record[f"model_{i}"] = "gpt-4.1" if response else None
    record["rubric"] = [{"id": cid, "title": title,
                         "annotations": _annotations(wc, w, category, rationale)}
                        for cid, title, wc, w, category, rationale in rubric]
    record["economic_pathway"] = None
    record["decision_type"] = None
    return record


def split_records() -> dict[str, list[dict[str, Any]]]:
    """{split: its records in file order}."""
    by_task = {s[0]: card_record(s) for s in SAMPLES}
    return {split: [by_task[t] for t in tasks] for split, tasks in SPLIT_MEMBERS.items()}
