"""12 CFR Part 217 (Regulation Q) paragraphs (finance/en/12_CFR_Part_217.sqlite)."""

from __future__ import annotations

from bench.demo_data.datafiles import cfr_paragraphs
from bench.demo_data.storage import Table


def tables() -> list[Table]:
    """`paragraphs(paragraph_id, section, heading, text)`; section is the part before '('."""
    rows = [
        (p.paragraph_id, p.paragraph_id.split("(")[0], p.heading, p.text) for p in cfr_paragraphs()
    ]
    return [
        Table(
            "paragraphs",
            "paragraph_id TEXT PRIMARY KEY, section TEXT, heading TEXT, text TEXT",
            rows,
        )
    ]
