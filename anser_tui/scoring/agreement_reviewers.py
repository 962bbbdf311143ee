"""Agreement between reviewers, and anchoring on the judge after the reveal (DESIGN section 8).

Between reviewers, per scope and dimension: `marks` maps each reviewer to their marks by item id.
- n_items: items with two or more marks; n_reviewers: reviewers with a mark on one of them.
- alpha: Krippendorff's alpha over those items, missing marks allowed, level and domain the
  scale's (ordinal on 0..4, nominal on 0/1, interval for the 0-100 score).
- pairwise_kappa: for each pair of reviewers that marked at least one item in common, key
  "a|b" with the names in sorted order, Cohen's kappa on the items both marked: quadratic on
  0..4, unweighted on 0/1 (the same number on two labels); null when undefined (fewer than two
  common items, one label throughout) and for the 0-100 score, which has no categories.
`reviewer_agreement` returns None when no item has two marks (no entry for that scope).

Anchoring, per decision: the reviewer's blind value, the value after the judge's marks were
revealed, and the judge's value. A decision moved when revised != blind; it moved toward the
judge when |revised - judge| < |blind - judge|. Shares are None when their denominator is 0.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, TypeVar

from anser_tui.scoring.agreement import Scale
from anser_tui.scoring.agreement_alpha import krippendorff_alpha
from anser_tui.scoring.agreement_coefficients import cohen_kappa

ItemId = TypeVar("ItemId", bound=Hashable)


@dataclass(frozen=True)
class ReviewerAgreement:
    n_items: int
    n_reviewers: int
    alpha: float | None
    pairwise_kappa: Mapping[str, float | None] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """{"n_items", "n_reviewers", "alpha", "pairwise_kappa"}; the caller adds scope and
        dimension."""
        return {"n_items": self.n_items, "n_reviewers": self.n_reviewers, "alpha": self.alpha,
                "pairwise_kappa": dict(self.pairwise_kappa)}


def reviewer_agreement(marks: Mapping[str, Mapping[ItemId, float]],
                       scale: Scale) -> ReviewerAgreement | None:
    """Inter-reviewer alpha and pairwise kappa of reviewer -> item -> value marks on `scale`."""
    for values in marks.values():
        scale.check(list(values.values()))
    items: dict[ItemId, int] = {}
    for values in marks.values():
        for item in values:
            items[item] = items.get(item, 0) + 1
    shared = [item for item, count in items.items() if count >= 2]
    if not shared:
        return None
    names = sorted(name for name, values in marks.items() if any(i in values for i in shared))
    table = [[marks[name].get(item) for name in names] for item in shared]
    pairs: dict[str, float | None] = {}
    for a, b in combinations(names, 2):
        common = [i for i in marks[a] if i in marks[b]]
        if not common:
            continue
        pairs[f"{a}|{b}"] = (None if scale.labels is None else cohen_kappa(
            [marks[a][i] for i in common], [marks[b][i] for i in common], scale.labels,
            quadratic=scale.kind != "binary"))
    return ReviewerAgreement(n_items=len(shared), n_reviewers=len(names),
                             alpha=krippendorff_alpha(table, scale.level, scale.labels),
                             pairwise_kappa=pairs)


@dataclass(frozen=True)
class Anchoring:
    """How often reviewers changed their blind value after the reveal, and toward the judge."""

    n: int
    n_moved: int
    n_toward_judge: int

    @property
    def moved_share(self) -> float | None:
        """Moved decisions over all decisions."""
        return self.n_moved / self.n if self.n else None

    @property
    def toward_judge_share(self) -> float | None:
        """Decisions that moved toward the judge over the decisions that moved."""
        return self.n_toward_judge / self.n_moved if self.n_moved else None

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "n_moved": self.n_moved, "moved_share": self.moved_share,
                "n_toward_judge": self.n_toward_judge,
                "toward_judge_share": self.toward_judge_share}


def anchoring(decisions: Sequence[tuple[float, float, float]]) -> Anchoring:
    """Anchoring of (blind, revised, judge) decisions."""
    moved = [(b, r, j) for b, r, j in decisions if r != b]
    toward = sum(1 for b, r, j in moved if abs(r - j) < abs(b - j))
    return Anchoring(n=len(decisions), n_moved=len(moved), n_toward_judge=toward)
