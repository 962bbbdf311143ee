"""What a benchmark is: loaders, groups, forms and rubrics."""

from anser_tui.benchmarks.anser import AnserLayout, load_anser, task_number
from anser_tui.benchmarks.anser_groups import (
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
from anser_tui.benchmarks.evidence_ids import (
    evidence_id,
    evidence_ids,
    id_text,
    law_item_key,
    normalize_text,
)
from anser_tui.benchmarks.model import AnswerKey, Form, Task, TaskPrompt
from anser_tui.benchmarks.rubric import Aggregate, Criterion, CriterionKind, Rubric

__all__ = [
    "EVIDENCE_SPACES",
    "GROUPS",
    "GROUPS_BY_NAME",
    "RUBRICS",
    "Aggregate",
    "AnserLayout",
    "AnswerKey",
    "Criterion",
    "CriterionKind",
    "EvidenceSpace",
    "Form",
    "FormRange",
    "GroupSpec",
    "Rubric",
    "Task",
    "TaskPrompt",
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
