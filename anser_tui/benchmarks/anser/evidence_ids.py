"""Evidence ids as the scorer compares them: NFKC-trimmed strings in a group's key space."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from anser_tui.benchmarks.anser.groups import EvidenceSpace, form_spec
from anser_tui.workspace.tasks import Task

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
    if type(value) is str and value.isascii() and value.isprintable() and " " not in value:
        return value or None  # printable ASCII without a space: NFKC and trimming leave it as
        # it is (the fast path of corpus indexing; other ASCII whitespace is not printable)
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int | float | str):
        text = normalize_text(str(value))
        return text or None
    return None


def _law_item(law: Any, item: Any) -> str | None:
    """The (law, item) key, or None when either half is not a readable scalar."""
    if id_text(law) is None or id_text(item) is None:
        return None
    return law_item_key(law, item)


def task_space(task: Task) -> EvidenceSpace:
    """The key space a task's evidence, gold and retrieved, is named in."""
    return form_spec(task.group, task.form, task.number).evidence


def evidence_id(element: Any, space: EvidenceSpace) -> str | None:
    """The id an evidence element names in `space`, or None when it names nothing.

    An element is a bare id (string or number), an object naming it by the space's key or
    another id field, or, for (law, item) keys, `{"law" | "law_name", "item"}` or a two-item
    list (finance_zh_prescriptive's gold is "Applicable `(law, item)`").
    """
    if type(element) is str:  # nearly every element: a bare id
        return id_text(element)
    if isinstance(element, dict):
        if "item" in element and ("law_name" in element or "law" in element):
            law = element["law_name"] if "law_name" in element else element["law"]
            return _law_item(law, element["item"])
        for key in (space.key, *_ID_KEYS):
            if key in element:
                return id_text(element[key])
        return None
    if isinstance(element, list | tuple):
        if len(element) == 2 and space.key == "law_item":
            return _law_item(element[0], element[1])
        return None
    return id_text(element)


def unnamed_item(elements: list[Any], space: EvidenceSpace) -> int | None:
    """The 1-based position of the first element that names no id in `space`, else None."""
    return next((n for n, e in enumerate(elements, start=1) if evidence_id(e, space) is None),
                None)


def shapes(space: EvidenceSpace) -> str:
    """The element shapes a space reads, for error messages."""
    if space.key == "law_item":
        return 'a rule id, a {"law", "item"} object or a [law, item] pair'
    return f'a bare id or an object with "{space.key}" or "id"'


def evidence_ids(elements: Any, space: EvidenceSpace) -> list[str]:
    """The ids of a list of evidence elements, in order, dropping elements that name nothing."""
    if not isinstance(elements, list):
        return []
    return [i for e in elements if (i := evidence_id(e, space)) is not None]
