"""Evidence ids as the scorer compares them: NFKC-trimmed strings in a group's key space."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from anser_tui.benchmarks.anser.groups import EvidenceSpace

_SPACE = re.compile(r"\s+")
# Keys an evidence object may carry its id under, besides the space's own key.
_ID_KEYS = ("id", "anhao", "cluster_id", "docid", "report_id", "accession", "stock_code", "cik",
            "paragraph_id", "fact_id", "ID", "doc_id", "key")


def normalize_text(value: str) -> str:
    """DESIGN section 5 normalisation: NFKC, trimmed, whitespace collapsed. Formatting only."""
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", value)).strip()


def law_item_key(law_name: Any, item: Any) -> str:
    """The key of a (law_name, item) pair: both halves normalised, joined by ' | '."""
    return f"{normalize_text(str(law_name))} | {normalize_text(str(item))}"


def id_text(value: Any) -> str | None:
    """A scalar id as compared: numbers without float noise (12.0 -> "12"), NFKC-trimmed."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and value.isascii() and not _SPACE.search(value):
        return value or None  # NFKC leaves such text as it is (the fast path of corpus indexing)
    if isinstance(value, int | float | str):
        text = normalize_text(str(value))
        return text or None
    return None


def evidence_id(element: Any, space: EvidenceSpace) -> str | None:
    """The id an evidence element names in `space`, or None when it names nothing."""
    if isinstance(element, dict):
        if "law_name" in element and "item" in element:
            return law_item_key(element["law_name"], element["item"])
        for key in (space.key, *_ID_KEYS):
            if key in element:
                return id_text(element[key])
        return None
    if isinstance(element, list | tuple) and len(element) == 2 and space.key == "law_item":
        return law_item_key(element[0], element[1])
    return id_text(element)


def evidence_ids(elements: Any, space: EvidenceSpace) -> list[str]:
    """The ids of a list of evidence elements, in order, dropping elements that name nothing."""
    if not isinstance(elements, list):
        return []
    ids = (evidence_id(e, space) for e in elements)
    return [i for i in ids if i is not None]
