"""What a corpus reader returns: a whole document, or the short summary an evidence row shows."""

from __future__ import annotations

from dataclasses import field
from enum import StrEnum

from anser_tui.core.record import Record


class Section(Record):
    """A headed stretch of a document's text (an opinion, a report section, an abstract)."""

    heading: str = ""
    text: str = ""


class Document(Record):
    """One evidence unit as a reviewer reads it: key fields as a table, then its text."""

    corpus: str
    id: str
    title: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    leaked: bool = False
    records: int = 1  # rows the key names (one key may name several records)

    @property
    def text(self) -> str:
        """The sections as plain text, headings on their own lines."""
        parts = []
        for section in self.sections:
            parts.append(f"{section.heading}\n{section.text}" if section.heading
                         else section.text)
        return "\n\n".join(parts)


class Summary(Record):
    """What an evidence row needs: the unit's title and whether it is leaked ground truth."""

    id: str
    title: str
    leaked: bool = False


class CorpusStatus(StrEnum):
    FOUND = "in corpus"
    NOT_IN_CORPUS = "not in corpus"
    CROSS_CORPUS = "cross-corpus"
    LEAKED = "leaked ground_truth"
    UNAVAILABLE = "corpus unavailable"


class EvidenceNote(Record):
    """Where an evidence id stands against its corpus, and the title to show beside it."""

    status: CorpusStatus
    title: str = ""
    other: str | None = None  # the corpus the id was found in, for a cross-corpus id

    @property
    def label(self) -> str:
        """The status as a row shows it; empty for an ordinary id found in its corpus."""
        if self.status is CorpusStatus.FOUND:
            return ""
        if self.status is CorpusStatus.CROSS_CORPUS:
            return f"cross-corpus: {self.other}"
        if self.status is CorpusStatus.LEAKED:
            return "⚠ leaked ground_truth"
        return self.status.value
