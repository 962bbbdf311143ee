"""Evidence metrics (DESIGN section 5) over a ranked, de-duplicated list and the gold set.

`ranked` keeps the first occurrence of each id (see evidence_diff); `gold` is the gold set.
Set P/R/F1: both empty 1, 1, 1; exactly one empty 0, 0, 0. Ranked metrics follow their formula
where it is defined: Recall@5 and R-Precision divide by |G| and are undefined (None) when the
task has no gold evidence; Precision@5 divides by 5 and MRR is 0 when no gold item is retrieved.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

K = 5


def set_prf(retrieved: Collection[str], gold: Collection[str]) -> tuple[float, float, float]:
    """Set precision, recall and F1 of the retrieved ids against the gold ids."""
    a, g = set(retrieved), set(gold)
    if not a and not g:
        return 1.0, 1.0, 1.0
    if not a or not g:
        return 0.0, 0.0, 0.0
    hits = len(a & g)
    precision, recall = hits / len(a), hits / len(g)
    f1 = 2 * precision * recall / (precision + recall) if hits else 0.0
    return precision, recall, f1


def recall_at(ranked: Sequence[str], gold: Collection[str], k: int = K) -> float | None:
    g = set(gold)
    return len(set(ranked[:k]) & g) / len(g) if g else None


def precision_at(ranked: Sequence[str], gold: Collection[str], k: int = K) -> float:
    return len(set(ranked[:k]) & set(gold)) / k


def r_precision(ranked: Sequence[str], gold: Collection[str]) -> float | None:
    g = set(gold)
    return len(set(ranked[: len(g)]) & g) / len(g) if g else None


def reciprocal_rank(ranked: Sequence[str], gold: Collection[str]) -> float:
    g = set(gold)
    return next((1.0 / rank for rank, rid in enumerate(ranked, start=1) if rid in g), 0.0)
