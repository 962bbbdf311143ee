"""PRBench records written by the tests themselves (independent of the demo): the dataset card
form, the evalscope-flattened form, and split folders holding them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mini_bench import write_jsonl

CLASSES = ("critically important", "important", "slightly important", "slightly detrimental",
           "detrimental", "critically detrimental")


def criterion(cid: str, title: str, weight: int, weight_class: str | None = None,
              category: str = "Legal Accuracy", rationale: str = "RATIONALE-NEVER-JUDGED",
              **extra_weights: int) -> dict[str, Any]:
    """A card rubric item; its weight under `weight_class` (default: chosen by sign)."""
    weight_class = weight_class or ("important" if weight > 0 else "detrimental")
    notes: dict[str, Any] = {f"{c.replace(' ', '_')}_weight": None for c in CLASSES}
    notes[f"{weight_class.replace(' ', '_')}_weight"] = weight
    notes.update(extra_weights)
    notes.update(weight_class=weight_class, criteria_category=category,
                 criteria_description=rationale)
    return {"id": cid, "title": title, "annotations": notes}


def card(task: str, prompts: list[str], rubric: list[dict[str, Any]],
         responses: list[str | None] | None = None,
         references: dict[int, list[str]] | None = None, field: str = "Legal"
         ) -> dict[str, Any]:
    record: dict[str, Any] = {"task": task, "turns": len(prompts), "field": field,
                              "topic": "Contracts", "expert": "Non-Expert", "rubric": rubric}
    responses = responses or []
    for i in range(10):
        record[f"prompt_{i}"] = prompts[i] if i < len(prompts) else None
        record[f"reference_texts_{i}"] = (references or {}).get(i)
        if i < 9:
            record[f"response_{i}"] = responses[i] if i < len(responses) else None
            record[f"model_{i}"] = None
    return record


def flat(task: str, messages: list[str], rubric: list[dict[str, Any]],
         field: str = "Finance") -> dict[str, Any]:
    """The evalscope-flattened form: messages (roles alternating) and metadata."""
    return {"input": [{"id": f"m{i}", "content": text} for i, text in enumerate(messages)],
            "id": 0, "group_id": 0,
            "metadata": {"task": task, "field": field, "topic": "Tax", "expert": "Expert",
                         "turns": (len(messages) + 1) // 2, "rubrics": rubric}}


def write_splits(root: Path, splits: dict[str, list[dict[str, Any]]]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for split, records in splits.items():
        write_jsonl(root / f"{split}.jsonl", records)
    return root


def two_criteria(task: str, field: str = "Legal") -> dict[str, Any]:
    """A one-turn sample with weights [8, -4] (the PRBench test vector's rubric)."""
    return card(task, [f"Question of {task}?"],
                [criterion(f"{task}-a", "States the rule.", 8, "critically important"),
                 criterion(f"{task}-b", "Invents a statute.", -4, "detrimental")],
                field=field)
