"""The PRBench demo system's responses and the judge's recorded per-criterion replies.

One response opens with a `<think>` block (shown folded, never sent to the judge). The judge
met or missed each criterion as `GRADES` says; one reply (fin-fx-hedge-55d3, c-fx-2) was cut
off mid-JSON, a parse failure: the official policy counts it as not met, evalscope's excludes
the sample. A negative criterion is met once (fin-ifrs16-lease-2b90, c-lease-3).
"""

from __future__ import annotations

import json
from typing import Any

JUDGE_MODEL = "o4-mini"
RESPONSES = {
    "fin-ccar-overlay-7c1e": (
        "<think>The user wants the documentation package for a CCAR overlay. Cover governance "
        "(SR 11-7), the quantitative basis, and where it is disclosed; keep it to baseline-"
        "excluded stressed scenarios as agreed.</think>\n\n"
        "For the overlay the Federal Reserve will expect a package that could stand on its "
        "own in an exam:\n\n"
        "1. **Governance.** Treat the overlay as a model change under your SR 11-7 framework: "
        "an owner, independent validation's effective challenge, and approval by the model "
        "risk committee before the submission.\n"
        "2. **Quantitative basis.** Size it from the 17.4% challenger gap in MV-2024-031 and "
        "show a sensitivity analysis (for example +/- 5 points) so the committee sees the "
        "range.\n"
        "3. **Scope.** State that it applies to the stressed scenarios only and why.\n"
        "4. **Remediation plan.** Dates for the re-estimated model with the rate-spread "
        "interaction term, and the criteria for retiring the overlay."),
    "fin-ifrs16-lease-2b90": (
        "Because the payments are fixed and the lease is for a warehouse, you can keep it as an "
        "operating lease: expense EUR 240,000 a year through profit or loss and disclose the "
        "commitment in the notes. No asset or liability needs to be recognised at the start."),
    "fin-fx-hedge-55d3": (
        "Within TP-4 I would hedge 70% of the forecast, about USD 8.4m, with a nine-month "
        "forward: it locks in roughly the budget rate at no upfront cost, and the remaining "
        "30% stays open in case the sales slip. An option would protect the budget rate while "
        "keeping upside, but the premium (often 2-3% of notional for this tenor) needs CFO "
        "approval under the policy. Document the hedge relationship at inception if you want "
        "IFRS 9 hedge accounting."),
    "leg-noncompete-ca-91af": (
        "It does not help them. California Labor Code section 925 says an employer may not "
        "require an employee who primarily lives and works in California to agree, as a "
        "condition of employment, to a choice-of-law clause that deprives them of California's "
        "protections, and a clause like that is voidable by you. Section 16600 would still "
        "apply, so the non-compete remains void. Consider asking a California employment "
        "lawyer to review the promotion paperwork before you sign."),
    "leg-gdpr-breach-3e07": (
        "Under GDPR Article 33 you must notify your lead supervisory authority without undue "
        "delay and within 72 hours of becoming aware of the breach, i.e. from this morning, "
        "unless it is unlikely to result in a risk to individuals; names with order histories "
        "make that hard to argue. Under Article 34 you must also tell the affected customers "
        "without undue delay if the breach is likely to result in a high risk to their rights "
        "and freedoms (consider what the order histories reveal). Whatever you decide, record "
        "the facts, effects and remedial action in your breach register (Article 33(5))."),
}
# task -> criterion -> met (1) or not (0); None: the reply was cut off
GRADES: dict[str, dict[str, int | None]] = {
    "fin-ccar-overlay-7c1e": {"c-ccar-1": 1, "c-ccar-2": 1, "c-ccar-3": 0, "c-ccar-4": 0},
    "fin-ifrs16-lease-2b90": {"c-lease-1": 0, "c-lease-2": 0, "c-lease-3": 1},
    "fin-fx-hedge-55d3": {"c-fx-1": 1, "c-fx-2": None, "c-fx-3": 0},
    "leg-noncompete-ca-91af": {"c-nc-1": 1, "c-nc-2": 0, "c-nc-3": 0},
    "leg-gdpr-breach-3e07": {"c-gdpr-1": 1, "c-gdpr-2": 1, "c-gdpr-3": 1, "c-gdpr-4": 0},
}
EXPLANATIONS = {
    "c-ccar-1": "It calls for treating the overlay as a model change under SR 11-7, with "
                "effective challenge and committee approval.",
    "c-ccar-2": "It sizes the overlay from the 17.4% challenger gap and asks for a "
                "sensitivity analysis.",
    "c-ccar-3": "It never mentions the FR Y-14A schedules or the capital plan narrative.",
    "c-ccar-4": "It limits the overlay to the stressed scenarios, so the undesirable "
                "recommendation is absent.",
    "c-lease-1": "No lease liability is computed at all.",
    "c-lease-2": "It says no asset needs to be recognised.",
    "c-lease-3": "It tells the user to keep the lease off the balance sheet as an operating "
                 "lease, which is the undesirable behaviour.",
    "c-fx-1": "Hedging 70% is inside the 50-80% band of TP-4.",
    "c-fx-3": "It hedges 70%, not more than the exposure.",
    "c-nc-1": "It explains Labor Code section 925 and its effect on the Texas clause.",
    "c-nc-2": "The 2024 amendments and the notice duty are not mentioned.",
    "c-nc-3": "It says the choice-of-law clause does not help the employer.",
    "c-gdpr-1": "It gives the 72-hour Article 33 deadline counted from awareness.",
    "c-gdpr-2": "It explains the Article 34 high-risk test for telling customers.",
    "c-gdpr-3": "It advises recording the breach in the register under Article 33(5).",
    "c-gdpr-4": "It treats names and order histories as personal data requiring notice.",
}
CUT_OFF = ('```json\n{\n  "explanation": "The response gives USD 8.4m and compares the '
           'forward with the option premium, but')


def run_records() -> list[dict[str, Any]]:
    """The run file: one {task, response} a line."""
    return [{"task": task, "response": text} for task, text in RESPONSES.items()]


def reply_text(criterion: str, met: int) -> str:
    body = json.dumps({"explanation": EXPLANATIONS[criterion], "criteria_met": bool(met)},
                      indent=2)
    return f"```json\n{body}\n```"


def judge_records() -> list[dict[str, Any]]:
    """The recorded judge replies: one {task, criterion_id, reply, model} a line."""
    return [{"task": task, "criterion_id": cid,
             "reply": CUT_OFF if met is None else reply_text(cid, met), "model": JUDGE_MODEL}
            for task, grades in GRADES.items() for cid, met in grades.items()]
