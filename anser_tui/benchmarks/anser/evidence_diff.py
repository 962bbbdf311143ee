"""The evidence diff of one task: retrieved (ranked, hit or miss) against gold (found or missed).

Ids are compared as normalised strings in the group's key space. A ranked list keeps the first
occurrence of a duplicate; later occurrences are shown but take no rank.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from anser_tui.benchmarks.anser.evidence_ids import evidence_id, evidence_ids, task_space
from anser_tui.benchmarks.anser.groups import EvidenceSpace
from anser_tui.workspace.tasks import Task


@dataclass(frozen=True)
class RetrievedRow:
    rank: int | None  # None for a repeated id
    id: str
    hit: bool
    duplicate_of: int | None = None


@dataclass(frozen=True)
class GoldRow:
    id: str
    rank: int | None  # the rank it was retrieved at, None when missed


@dataclass(frozen=True)
class EvidenceDiff:
    space: EvidenceSpace
    retrieved: tuple[RetrievedRow, ...]
    gold: tuple[GoldRow, ...]

    @property
    def ranked_ids(self) -> list[str]:
        """The retrieved ids in rank order, duplicates dropped."""
        return [r.id for r in self.retrieved if r.rank is not None]

    @property
    def gold_ids(self) -> list[str]:
        return [g.id for g in self.gold]

    @property
    def n_hits(self) -> int:
        return sum(1 for r in self.retrieved if r.hit and r.rank is not None)


def _same(evidence: str) -> str:
    return evidence


def evidence_diff(task: Task, retrieved: list[Any],
                  resolve: Callable[[str], str] | None = None) -> EvidenceDiff:
    """`resolve` maps an id into the group's key space (a rule id -> "law | item"); ids it
    cannot resolve are returned unchanged and stay in the list as misses at their rank."""
    space = task_space(task)
    gold = list(dict.fromkeys(map(resolve or _same, evidence_ids(task.evidence, space))))
    gold_set = set(gold)
    rows: list[RetrievedRow] = []
    first_rank: dict[str, int] = {}
    for element in retrieved:
        rid = evidence_id(element, space)
        if rid is None:
            continue
        if resolve is not None:
            rid = resolve(rid)
        if rid in first_rank:
            rows.append(RetrievedRow(None, rid, rid in gold_set, first_rank[rid]))
            continue
        first_rank[rid] = len(first_rank) + 1
        rows.append(RetrievedRow(first_rank[rid], rid, rid in gold_set))
    return EvidenceDiff(space, tuple(rows), tuple(GoldRow(g, first_rank.get(g)) for g in gold))
