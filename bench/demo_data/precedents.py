"""English precedents (legal/en/precedents.sqlite): controlling cases and distractors."""

from __future__ import annotations

from bench.demo_data.datafiles import precedent_cases
from bench.demo_data.storage import Table


def documents() -> list[tuple[str, str, str]]:
    """(docid, case_text, corpus_role) in corpus order: docids pc-0101, pc-0102, ..."""
    return [
        (f"pc-{101 + i:04d}", case.case_text, case.corpus_role)
        for i, case in enumerate(precedent_cases())
    ]


def docid(case: str) -> str:
    """The docid of one case by its name, as its text opens."""
    return next(doc for doc, text, _ in documents() if text.startswith(case + ","))


def tables() -> list[Table]:
    """`documents(docid, case_text, corpus_role)`."""
    return [
        Table("documents", "docid TEXT PRIMARY KEY, case_text TEXT, corpus_role TEXT", documents())
    ]
