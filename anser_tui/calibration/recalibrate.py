"""`recalibrate` (DESIGN 15): a judge recalibrated from the human verdicts, its gain measured
on held-out items only.

The items with a settled human verdict are split into train and held-out by a salted hash of
their context id (`Benchmark.context_id`; the salt derives from the seed, so one context is
never on both sides); the split is recorded in the workspace's meta under
`recalibration:<candidate>`, with the held-out items (and, for few-shot, the examples). Each
candidate is a judge of its own, built from the train items only and judged on the held-out
items only, so nothing it learnt from is ever scored or corrected with it; it is compared with
BASE on the held-out items as `calibration --compare` does.

- `remap` fits isotonic regression of the settled human score on BASE's score over the train
  items (`scoring.isotonic`, no request sent) and writes, for each held-out item BASE judged
  with a usable score, a judgment of `<BASE>+remap-s<seed>`: BASE's marks with the remapped
  score.
- `fewshot` (`calibration.fewshot`) puts k examples from the train items in BASE's prompt and
  judges the held-out items with it, as `<BASE>+fewshot-k<k>-s<seed>`.

`random_sample` says whether every settled verdict comes from a review session drawn as a
random sample; where not, the held-out items are not a random sample of the scope either, and
the JSON carries a `note` saying so.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from anser_tui.calibration.adjudication import Settlement, settle
from anser_tui.calibration.compare import compare_judges
from anser_tui.calibration.pairs import CalibrationInputs
from anser_tui.scoring.agreement_bootstrap import DEFAULT_RESAMPLES
from anser_tui.scoring.isotonic import fit_isotonic
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import add_judgments, usable_score
from anser_tui.workspace.records import new_uid
from anser_tui.workspace.sessions import REVIEW
from anser_tui.workspace.store import WorkspaceStore

NOT_RANDOM = ("the held-out items are not a random sample of the scope (some settled verdict "
              "comes from a review session that was not a random sample): the gain holds for "
              "these items, not for the run")


def salt_of(seed: int) -> str:
    return f"anser-tui-recalibrate:{seed}"


def held_out(context: str, salt: str, holdout: float) -> bool:
    """Whether a context is held out: its salted sha256, read as a fraction, below `holdout`."""
    digest = hashlib.sha256(f"{salt}|{context}".encode()).hexdigest()
    return int(digest[:16], 16) / 16 ** 16 < holdout


@dataclass
class Split:
    """The settled items of a run, train and held-out (see the module)."""

    seed: int
    holdout: float
    train: list[tuple[Item, Settlement]]
    held: list[Item]
    random_sample: bool

    @property
    def salt(self) -> str:
        return salt_of(self.seed)

    def summary(self) -> dict[str, Any]:
        """The JSON's `split`."""
        return {"seed": self.seed, "n_train": len(self.train), "n_holdout": len(self.held),
                "random_sample": self.random_sample}

    def record(self, store: WorkspaceStore, candidate: str, run: str, base: str,
               **extra: Any) -> None:
        store.set_meta({f"recalibration:{candidate}": json.dumps(
            {"seed": self.seed, "salt": self.salt, "holdout": self.holdout,
             "n_train": len(self.train), "n_holdout": len(self.held),
             "random_sample": self.random_sample, "run": run, "base": base,
             "holdout_items": [it.task_id for it in self.held], **extra},
            ensure_ascii=False)})


def split_items(inputs: CalibrationInputs, holdout: float, seed: int) -> Split:
    """The settled items of `inputs`, split by their contexts' salted hash."""
    split = Split(seed, holdout, [], [], True)
    for item, settlement in settle(inputs.book).items():
        task = inputs.tasks.get(item.task_id)
        if settlement.decision is None or task is None:
            continue
        session = inputs.book.sessions.get(settlement.decision.session_id)
        split.random_sample &= session is not None and session.purpose == REVIEW and \
            session.random_sample
        if held_out(inputs.benchmark.context_id(task), split.salt, holdout):
            split.held.append(item)
        else:
            split.train.append((item, settlement))
    return split


def compared(store: WorkspaceStore, base: str, candidate: str, method: str, run: str,
             items: Collection[Item], *, seed: int, resamples: int) -> dict[str, Any]:
    """A candidate's entry: its statistics and its deltas over BASE on `items` (scope all)."""
    rows = [e for e in compare_judges(store, base, candidate, [run], items, seed=seed,
                                      resamples=resamples) if e["scope"] == "all"]
    return {"judge": candidate, "method": method, "n": max((e["n"] for e in rows), default=0),
            "stats": {e["dimension"]: e["judges"][candidate] for e in rows},
            "delta": {e["dimension"]: e["delta"] for e in rows},
            "delta_ci": {e["dimension"]: e["delta_ci"] for e in rows}}


def remap_candidate(store: WorkspaceStore, inputs: CalibrationInputs, split: Split, run: str,
                    base: str, *, resamples: int) -> dict[str, Any]:
    """Fit, store and compare the remap candidate (see the module)."""
    candidate = f"{base}+remap-s{split.seed}"
    split.record(store, candidate, run, base)
    train = []
    for item, settlement in split.train:
        judgment = inputs.judgments.get(item)
        score = usable_score(judgment) if judgment is not None else None
        if score is not None and settlement.score is not None:
            train.append((score, settlement.score))  # both on the judgment's own scale
    if not train:
        return {"judge": candidate, "method": "remap", "n": 0, "stats": {}, "delta": {},
                "delta_ci": {}}
    fit = fit_isotonic([x for x, _ in train], [y for _, y in train])
    made = []
    for item in split.held:
        judgment = inputs.judgments.get(item)
        score = usable_score(judgment) if judgment is not None else None
        if judgment is None or score is None:
            continue
        made.append(judgment.model_copy(update={
            "uid": new_uid(), "id": None, "created_at": None, "calls": (),
            "judge": candidate, "source": f"remap:{base}", "score": round(fit(score), 6),
            "reason": f"{base}'s score {score} remapped (isotonic, seed {split.seed})"}))
    add_judgments(store, made)
    return compared(store, base, candidate, "remap", run, split.held, seed=split.seed,
                    resamples=resamples)


Candidate = Callable[[WorkspaceStore, CalibrationInputs, Split], dict[str, Any]]


def recalibrate(store: WorkspaceStore, run: str, base: str, candidates: Collection[Candidate],
                *, holdout: float = 0.5, seed: int = 0) -> dict[str, Any]:
    """The split, then each candidate built from it; the JSON of DESIGN 15."""
    inputs = CalibrationInputs(store, [run], judge=base)
    split = split_items(inputs, holdout, seed)
    out = {"split": split.summary(),
           "candidates": [make(store, inputs, split) for make in candidates]}
    if not split.random_sample:
        out["note"] = NOT_RANDOM
    return out


def recalibrate_remap(store: WorkspaceStore, run: str, base: str, *, holdout: float = 0.5,
                      seed: int = 0, resamples: int = DEFAULT_RESAMPLES) -> dict[str, Any]:
    """`recalibrate --method remap`."""
    def remap(store: WorkspaceStore, inputs: CalibrationInputs, split: Split) -> dict[str, Any]:
        return remap_candidate(store, inputs, split, run, base, resamples=resamples)

    return recalibrate(store, run, base, [remap], holdout=holdout, seed=seed)
