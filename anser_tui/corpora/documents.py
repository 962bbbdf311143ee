"""What a corpus reader returns: a whole document, or the short summary an evidence row shows."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class Section(BaseModel):
    """A headed stretch of a document's text (an opinion, a report section, an abstract)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    heading: str = ""
    text: str = ""


class Document(BaseModel):
    """One evidence unit as a reviewer reads it: key fields as a table, then its text."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    corpus: str
    id: str
    title: str
    fields: list[tuple[str, str]] = Field(default_factory=list)
    sections: list[Section] = Field(default_factory=list)
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


class Summary(BaseModel):
    """What an evidence row needs: the unit's title and whether it is leaked ground truth."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    title: str
    leaked: bool = False


class CorpusStatus(StrEnum):
    FOUND = "in corpus"
    NOT_IN_CORPUS = "not in corpus"
    CROSS_CORPUS = "cross-corpus"
    LEAKED = "leaked ground_truth"
    UNAVAILABLE = "corpus unavailable"


class EvidenceNote(BaseModel):
    """Where an evidence id stands against its corpus, and the title to show beside it."""

    model_config = ConfigDict(frozen=True, defer_build=True)

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
