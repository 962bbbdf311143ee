"""ANSER-Bench: the layout, groups and forms, evidence ids, the scorer and the report."""

from anser_tui.benchmarks.anser.evidence_ids import (
    evidence_id,
    evidence_ids,
    id_text,
    law_item_key,
    normalize_text,
)
from anser_tui.benchmarks.anser.groups import (
    EVIDENCE_SPACES,
    GROUPS,
    GROUPS_BY_NAME,
    RUBRICS,
    EvidenceSpace,
    FormRange,
    GroupSpec,
    form_spec,
    rubric_for,
)
from anser_tui.benchmarks.anser.layout import AnserLayout, load_anser, task_number

__all__ = [
    "EVIDENCE_SPACES",
    "GROUPS",
    "GROUPS_BY_NAME",
    "RUBRICS",
    "AnserLayout",
    "EvidenceSpace",
    "FormRange",
    "GroupSpec",
    "evidence_id",
    "evidence_ids",
    "form_spec",
    "id_text",
    "law_item_key",
    "load_anser",
    "normalize_text",
    "rubric_for",
    "task_number",
]
