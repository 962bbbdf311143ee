"""The evidence of one item as a benchmark-neutral view model (no rich, no Textual).

What a run retrieved, ranked, each row a hit or a miss against the gold list, and the gold
list, each row retrieved at a rank or missed; every id in one key space of the benchmark's
corpora. The space names its corpus as the corpus library knows it (a descriptor's name), so
the review screen, the document screen and `anser-tui show` look each id up there (its title,
its standing in the corpus, the record itself) without knowing whose corpora they are. A
benchmark builds the view (`Benchmark.evidence`); one without evidence lists gives none.
"""

from __future__ import annotations

from anser_tui.core.value import Value


class EvidenceSpace(Value):
    """Where a list's ids live: the corpus (its library name), the key that names a unit in
    it, and the corpus file (relative to the benchmark's corpora folder), as a reviewer reads
    them."""

    corpus: str
    key: str
    path: str


class RetrievedRow(Value):
    rank: int | None  # None for a repeated id
    id: str
    hit: bool
    duplicate_of: int | None = None


class GoldRow(Value):
    id: str
    rank: int | None  # the rank it was retrieved at, None when missed


class EvidenceView(Value):
    """Retrieved against gold, in one key space. A ranked list keeps the first occurrence of a
    duplicate; later occurrences are rows that take no rank."""

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
