"""The PRBench loader: card and evalscope-flattened records, weight_class, splits that overlap,
and bad input named by file and line."""

from __future__ import annotations

from pathlib import Path

import pytest
from mini_bench import write_jsonl
from prbench_records import card, criterion, flat, two_criteria, write_splits

from anser_tui.benchmarks.prbench.loader import load_prbench, task_turns
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.core.errors import InputError
from anser_tui.workspace.rubric import Aggregate, CriterionKind


def test_card_record_becomes_a_task_with_its_conversation_and_rubric(tmp_path: Path) -> None:
    record = card("t1", ["First question?", "Follow-up?"],
                  [criterion("a", "Cites the case.", 7, "important", category="Citations",
                             rationale="Why it matters."),
                   criterion("b", "Is rude.", -2, "slightly detrimental")],
                  responses=["First answer."], references={0: ["Ref zero.", "Ref one."]})
    data = write_splits(tmp_path / "d", {"legal": [record]})
    [task] = load_prbench(data)
    assert (task.id, task.group, task.domain, task.lang, task.objective, task.prompt.type) == \
        ("t1", "legal", "legal", "en", "non-expert", "Contracts")
    assert task.query == "Follow-up?"  # the final user turn, without reference texts
    assert (task.source, task.line) == ("legal.jsonl", 1)
    turns = task_turns(task)
    assert [(t.role, t.text, t.references) for t in turns] == [
        ("user", "First question?", ("Ref zero.", "Ref one.")),
        ("assistant", "First answer.", ()),
        ("user", "Follow-up?", ())]
    rubric = benchmark_named("prbench").rubric(task)
    assert rubric is not None and rubric.aggregate is Aggregate.POINTS_OVER_POSITIVE
    assert [(c.key, c.label, c.kind, c.weight, c.category, c.description)
            for c in rubric.criteria] == [
        ("a", "Cites the case.", CriterionKind.BINARY, 7.0, "Citations", "Why it matters."),
        ("b", "Is rude.", CriterionKind.BINARY, -2.0, "Legal Accuracy",
         "RATIONALE-NEVER-JUDGED")]


def test_the_weight_is_the_field_weight_class_names_never_the_first_set(tmp_path: Path) -> None:
    # critically_important_weight comes first and is set, but the class says "important"
    item = criterion("a", "Does X.", 3, "important", critically_important_weight=10)
    assert list(item["annotations"]).index("critically_important_weight") < \
        list(item["annotations"]).index("important_weight")
    data = write_splits(tmp_path / "d", {"finance": [card("t", ["Q?"], [item], field="Finance")]})
    [task] = load_prbench(data)
    rubric = benchmark_named("prbench").rubric(task)
    assert rubric is not None and [c.weight for c in rubric.criteria] == [3.0]


def test_a_weight_class_without_its_weight_field_is_bad_input(tmp_path: Path) -> None:
    item = criterion("a", "Does X.", 3, "important")
    item["annotations"]["important_weight"] = None
    item["annotations"]["critically_important_weight"] = 9
    data = write_splits(tmp_path / "d", {"legal": [two_criteria("ok"),
                                                   card("t", ["Q?"], [item])]})
    with pytest.raises(InputError) as err:
        load_prbench(data)
    assert err.value.message == (f"{data / 'legal.jsonl'}:2: criterion a: weight_class "
                                 "'important' has no important_weight field")


@pytest.mark.parametrize(("record", "reason"), [
    ({**two_criteria("t"), "rubric": []}, "the record has no rubric"),
    ({k: v for k, v in two_criteria("t").items() if k != "rubric"}, "the record has no rubric"),
    (card("t", ["Q?"], [criterion("a", "Harms.", -3)]),
     "the rubric has no positive weight (its clipped score is undefined)"),
    (card("t", ["Q?"], [criterion("a", "A.", 2), criterion("a", "B.", 3)]),
     "criterion a appears twice in the rubric"),
    (card("t", ["Q?"], [criterion("a", "A.", 2)], responses=["final answer given"]),
     "the conversation must end with a user turn (the response under evaluation answers it)"),
    (card("t", ["Q?", ""], [criterion("a", "A.", 2)], references={1: ["orphan"]}),
     "reference_texts_1 belongs to an empty prompt_1"),
    ({"id": 3, "question": "?"}, "neither a dataset card record (task, prompt_0..., rubric) nor "
     "an evalscope-flattened one (input, metadata)"),
])
def test_bad_records_name_file_and_line(tmp_path: Path, record: dict[str, object],
                                        reason: str) -> None:
    data = write_splits(tmp_path / "d", {"finance": [two_criteria("ok", "Finance"), record]})
    with pytest.raises(InputError) as err:
        load_prbench(data)
    assert err.value.message == f"{data / 'finance.jsonl'}:2: {reason}"


def test_evalscope_flattened_record_reads_like_the_card(tmp_path: Path) -> None:
    rubric = [{"id": "x", "title": "Computes the tax.", "weight": 9.0, "category": "Tax"},
              {"id": "y", "title": "Recommends evasion.", "weight": -6.0, "category": "Ethics"}]
    record = flat("f1", ["Reference Text 0:\nA memo.\n\nHow much tax?", "About 20%.",
                         "And with the credit?"], rubric)
    data = write_splits(tmp_path / "d", {"finance_hard": [record]})
    [task] = load_prbench(data)
    assert task.query == "And with the credit?"
    assert [(t.role, t.text) for t in task_turns(task)] == [
        ("user", "Reference Text 0:\nA memo.\n\nHow much tax?"), ("assistant", "About 20%."),
        ("user", "And with the credit?")]
    rubric_ = benchmark_named("prbench").rubric(task)
    assert rubric_ is not None
    assert [(c.key, c.weight, c.category) for c in rubric_.criteria] == [
        ("x", 9.0, "Tax"), ("y", -6.0, "Ethics")]
    assert benchmark_named("prbench").splits(task) == ("finance_hard",)


def test_a_sample_in_two_splits_is_one_task_in_both(tmp_path: Path) -> None:
    a, b, c = two_criteria("a"), two_criteria("b"), two_criteria("c")
    data = write_splits(tmp_path / "d", {"legal": [a, b, c], "legal_hard": [c, a]})
    tasks = load_prbench(data)
    bench = benchmark_named("prbench")
    assert [(t.id, t.seq, bench.splits(t)) for t in tasks] == [
        ("a", 0, ("legal", "legal_hard")), ("b", 1, ("legal",)), ("c", 2, ("legal", "legal_hard"))]
    assert tasks[0].extra["split_positions"] == {"legal": 0, "legal_hard": 1}


def test_a_sample_that_differs_between_splits_is_bad_input(tmp_path: Path) -> None:
    changed = two_criteria("a")
    changed["rubric"][0]["title"] = "Another text."
    data = write_splits(tmp_path / "d", {"legal": [two_criteria("a")], "legal_hard": [changed]})
    with pytest.raises(InputError) as err:
        load_prbench(data)
    assert err.value.message == (f"{data / 'legal_hard.jsonl'}:1: task a differs from its "
                                 "record in legal.jsonl line 1")


def test_no_split_file_and_a_bad_line(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="no PRBench split file here"):
        load_prbench(tmp_path / "empty")
    path = write_jsonl(tmp_path / "legal.jsonl", [two_criteria("a")])
    path.write_text(path.read_text() + "{not json\n")
    with pytest.raises(InputError) as err:
        load_prbench(tmp_path)
    assert err.value.message.startswith(f"{path}:2: invalid JSON")
