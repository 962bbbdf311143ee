"""The evidence diff of one task: retrieved (ranked, hit or miss) against gold (found or missed),
as the neutral view the screens and `show` lay out (benchmarks/evidence.py).

Ids are compared as normalised strings in the group's key space. A ranked list keeps the first
occurrence of a duplicate; later occurrences are shown but take no rank.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from anser_tui.benchmarks.anser.evidence_ids import evidence_id, evidence_ids, task_space
from anser_tui.benchmarks.evidence import EvidenceSpace, EvidenceView, GoldRow, RetrievedRow
from anser_tui.workspace.tasks import Task


def _same(evidence: str) -> str:
    return evidence


def _gold(task: Task, space: EvidenceSpace, resolve: Callable[[str], str] | None
          ) -> list[str]:
    return list(dict.fromkeys(map(resolve or _same, evidence_ids(task.evidence, space))))


def evidence_lists(task: Task, retrieved: list[Any],
                   resolve: Callable[[str], str] | None = None) -> tuple[list[str], list[str]]:
    """The retrieved ids in rank order (later duplicates dropped) and the gold ids: what
    `evidence_diff` gives as `ranked_ids` and `gold_ids`, without a row for each id (the
    scorer needs only the two lists, for every task of a run)."""
    space = task_space(task)
    ids = evidence_ids(retrieved, space)
    return (list(dict.fromkeys(ids if resolve is None else map(resolve, ids))),
            _gold(task, space, resolve))


def evidence_diff(task: Task, retrieved: list[Any],
                  resolve: Callable[[str], str] | None = None) -> EvidenceView:
    """`resolve` maps an id into the group's key space (a rule id -> "law | item"); ids it
    cannot resolve are returned unchanged and stay in the list as misses at their rank."""
    space = task_space(task)
    gold = _gold(task, space, resolve)
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
    return EvidenceView(space, tuple(rows), tuple(GoldRow(g, first_rank.get(g)) for g in gold))
