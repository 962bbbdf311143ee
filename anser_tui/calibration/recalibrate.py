"""`recalibrate --method remap` (DESIGN 15): a judge recalibrated from the human verdicts, its
gain measured on held-out items only.

The items with a settled human verdict are split into train and held-out by a salted hash of
their context id (`Benchmark.context_id`; the salt derives from the seed, so one context is
never on both sides), and the split is recorded in the workspace's meta under
`recalibration:<candidate>`. `remap` fits isotonic regression of the settled human score on
BASE's score over the train items (`scoring.isotonic`, no request sent) and writes, for each
held-out item BASE judged with a usable score, a judgment of the candidate judge
`<BASE>+remap-s<seed>`: BASE's marks with the remapped score. Train items get no candidate
judgment, so nothing the candidate learnt from is ever scored or corrected with it. The
candidate is compared with BASE on the held-out items as `calibration --compare` does.
`random_sample` says whether every settled verdict comes from a review session drawn as a
random sample (else the held-out items are not a random sample of the scope).

Few-shot candidates (`--method fewshot`) are not built by this release.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from anser_tui.calibration.adjudication import settle
from anser_tui.calibration.compare import compare_judges
from anser_tui.calibration.pairs import CalibrationInputs
from anser_tui.scoring.agreement_bootstrap import DEFAULT_RESAMPLES
from anser_tui.scoring.isotonic import fit_isotonic
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import add_judgments, usable_score
from anser_tui.workspace.records import new_uid
from anser_tui.workspace.sessions import REVIEW
from anser_tui.workspace.store import WorkspaceStore


def salt_of(seed: int) -> str:
    return f"anser-tui-recalibrate:{seed}"


def held_out(context: str, salt: str, holdout: float) -> bool:
    """Whether a context is held out: its salted sha256, read as a fraction, below `holdout`."""
    digest = hashlib.sha256(f"{salt}|{context}".encode()).hexdigest()
    return int(digest[:16], 16) / 16 ** 16 < holdout


def recalibrate_remap(store: WorkspaceStore, run: str, base: str, *, holdout: float = 0.5,
                      seed: int = 0, resamples: int = DEFAULT_RESAMPLES) -> dict[str, Any]:
    """Fit, store and compare the remap candidate; the JSON of DESIGN 15."""
    inputs = CalibrationInputs(store, [run], judge=base)
    salt = salt_of(seed)
    train: list[tuple[float, float]] = []
    holdout_items: list[Item] = []
    random_sample = True
    n_train = 0
    for item, settlement in settle(inputs.book).items():
        task = inputs.tasks.get(item.task_id)
        if settlement.decision is None or task is None:
            continue
        session = inputs.book.sessions.get(settlement.decision.session_id)
        random_sample &= session is not None and session.purpose == REVIEW and \
            session.random_sample
        if held_out(inputs.benchmark.context_id(task), salt, holdout):
            holdout_items.append(item)
            continue
        n_train += 1
        judgment = inputs.judgments.get(item)
        score = usable_score(judgment) if judgment is not None else None
        if score is not None and settlement.score is not None:
            train.append((score, settlement.score))  # both on the judgment's own scale
    candidate = f"{base}+remap-s{seed}"
    split = {"seed": seed, "salt": salt, "holdout": holdout, "n_train": n_train,
             "n_holdout": len(holdout_items), "random_sample": random_sample}
    store.set_meta({f"recalibration:{candidate}": json.dumps(
        {**split, "run": run, "base": base,
         "holdout_items": [it.task_id for it in holdout_items]})})
    entry: dict[str, Any] = {"judge": candidate, "method": "remap", "n": 0, "stats": {},
                             "delta": {}, "delta_ci": {}}
    if train:
        fit = fit_isotonic([x for x, _ in train], [y for _, y in train])
        made = []
        for item in holdout_items:
            judgment = inputs.judgments.get(item)
            score = usable_score(judgment) if judgment is not None else None
            if judgment is None or score is None:
                continue
            made.append(judgment.model_copy(update={
                "uid": new_uid(), "id": None, "created_at": None, "calls": (),
                "judge": candidate, "source": f"remap:{base}", "score": round(fit(score), 6),
                "reason": f"{base}'s score {score} remapped (isotonic, seed {seed})"}))
        add_judgments(store, made)
        rows = [e for e in compare_judges(store, base, candidate, [run], holdout_items,
                                          seed=seed, resamples=resamples)
                if e["scope"] == "all"]
        entry.update(n=max((e["n"] for e in rows), default=0),
                     stats={e["dimension"]: e["judges"][candidate] for e in rows},
                     delta={e["dimension"]: e["delta"] for e in rows},
                     delta_ci={e["dimension"]: e["delta_ci"] for e in rows})
    return {"split": {k: split[k] for k in ("seed", "n_train", "n_holdout", "random_sample")},
            "candidates": [entry]}

