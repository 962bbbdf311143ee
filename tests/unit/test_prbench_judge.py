"""PRBench's judge protocol: one call per criterion with the conversation as the grader sees
it (reference texts prepended, reasoning stripped, never the rationale), strict grade reading,
and the grader prompt file a user can replace."""

from __future__ import annotations

import hashlib
from importlib import resources
from pathlib import Path

import pytest
from prbench_records import card, criterion, write_splits

from anser_tui.benchmarks.prbench.conversation import (
    pages,
    response_segments,
    strip_thinking,
)
from anser_tui.benchmarks.prbench.judge import read_grade
from anser_tui.benchmarks.prbench.loader import load_prbench
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.judge.request import JudgeParams, build_request
from anser_tui.workspace.records import JudgmentStatus, RunOutput
from anser_tui.workspace.tasks import Task

RESPONSE = ("<think>private plan</think>The answer.\n\n\n\n<Reasoning>more\nthoughts"
            "</Reasoning>\nSecond paragraph.")


@pytest.fixture
def task(tmp_path: Path) -> Task:
    record = card("t", ["What applies?", "And now?"],
                  [criterion("a", "Names the statute.", 6, "important"),
                   criterion("b", "Gives legal advice it cannot.", -3, "slightly detrimental")],
                  responses=["Earlier answer."], references={0: ["Statute text.", "Memo."]})
    [loaded] = load_prbench(write_splits(tmp_path / "d", {"legal": [record]}))
    return loaded


def test_strip_thinking_removes_every_block_kind_and_collapses_blank_runs() -> None:
    assert strip_thinking(RESPONSE) == "The answer.\n\nSecond paragraph."
    assert strip_thinking("<reason>x</reason> <thinking>y\n</thinking>kept") == "kept"
    assert strip_thinking("no blocks <think>unclosed") == "no blocks <think>unclosed"


def test_response_segments_fold_reasoning_without_losing_text() -> None:
    segments = response_segments(RESPONSE)
    assert [(s.tag, s.text) for s in segments] == [
        ("think", "private plan"), (None, "The answer.\n\n\n\n"),
        ("reasoning", "more\nthoughts"), (None, "\nSecond paragraph.")]
    assert [s.reasoning for s in segments] == [True, False, True, False]


def test_pages_cut_long_turns_at_line_breaks() -> None:
    text = "\n".join(f"line {i}" for i in range(5))
    assert pages(text, 2) == ["line 0\nline 1", "line 2\nline 3", "line 4"]
    assert pages("short") == ["short"]


def test_one_call_per_criterion_with_the_conversation_the_grader_sees(task: Task) -> None:
    bench = benchmark_named("prbench")
    rubric = bench.rubric(task)
    assert rubric is not None
    request = build_request(bench, "run", task, RunOutput(task_id="t", answer=RESPONSE), rubric,
                            JudgeParams("m"))
    assert [c.spec.criterion for c in request.calls] == ["a", "b"]
    conversation = ("user: Reference Text 0:\nStatute text.\n\nReference Text 1:\nMemo.\n\n"
                    "What applies?\nassistant: Earlier answer.\nuser: And now?\n"
                    "assistant: The answer.\n\nSecond paragraph.")
    first = request.calls[0]
    assert dict(first.spec.fields) == {"conversation": conversation,
                                       "response": "The answer.\n\nSecond paragraph.",
                                       "criterion": "Names the statute."}
    assert len(first.messages) == 1 and first.messages[0]["role"] == "user"
    prompt = first.prompt
    assert conversation in prompt and "Names the statute." in prompt
    assert "Gives legal advice it cannot." in request.calls[1].prompt
    for call in request.calls:
        assert "RATIONALE-NEVER-JUDGED" not in call.prompt
        assert "private plan" not in call.prompt and "thoughts" not in call.prompt
    assert len({c.key for c in request.calls}) == 2


def test_a_missing_response_is_judged_as_empty(task: Task) -> None:
    bench = benchmark_named("prbench")
    rubric = bench.rubric(task)
    assert rubric is not None
    request = build_request(bench, "run", task, None, rubric, JudgeParams("m"))
    assert request.calls[0].spec.fields["conversation"].endswith("user: And now?\nassistant:")


@pytest.mark.parametrize(("reply", "status", "mark", "error"), [
    ('```json\n{\n  "explanation": "It does.",\n  "criteria_met": true\n}\n```',
     JudgmentStatus.OK, 1, None),
    ('{"explanation": "It does not.", "criteria_met": false}', JudgmentStatus.OK, 0, None),
    ({"explanation": "object given", "criteria_met": True}, JudgmentStatus.OK, 1, None),
    ('{"explanation": "The claim is false", "criteria_met": true}', JudgmentStatus.OK, 1, None),
    ('{"criteria_met": true, "explanation": "it is false that it fails"}',
     JudgmentStatus.PARSE_ERROR, None, 'criteria_met holds both "true" and "false"'),
    ('{"criteria_met": true}\nOn reflection:\n{"criteria_met": false}',
     JudgmentStatus.PARSE_ERROR, None, "criteria_met is given both true and false"),
    ('{"explanation": "cut off', JudgmentStatus.PARSE_ERROR, None, "no JSON object found"),
    ("criteria_met: true", JudgmentStatus.PARSE_ERROR, None, "no JSON object found"),
    ('{"explanation": "x", "criteria_met": "true"}', JudgmentStatus.INVALID, None,
     "criteria_met='true' is not a boolean"),
    ('{"explanation": "x"}', JudgmentStatus.INVALID, None, "missing criteria_met"),
])
def test_grades_are_read_strictly(reply: str | dict[str, object], status: JudgmentStatus,
                                  mark: int | None, error: str | None) -> None:
    parsed = read_grade("a", reply)
    assert (parsed.status, parsed.marks.get("a"), parsed.error) == (status, mark, error)
    if isinstance(reply, str):
        assert parsed.raw == reply


GRADER = resources.files("anser_tui.benchmarks.prbench").joinpath("prompts", "prbench_grader.txt")


def test_grader_prompt_file_is_pinned_and_fills_its_fields() -> None:
    data = GRADER.read_bytes()
    assert hashlib.sha256(data).hexdigest() == (
        "7be043b2b0ea715085a8a761dbbf254bc996ba203bc4f4c1ae3c2829c72dc12a")
    text = data.decode()
    assert text.count("{conversation}") == 1 and text.count("{criterion}") == 1
    assert '"criteria_met"' in text and '"explanation"' in text and "\r" not in text


def test_a_prompt_dir_replaces_the_packaged_grader(task: Task, tmp_path: Path) -> None:
    folder = tmp_path / "prompts"
    folder.mkdir()
    (folder / "prbench_grader.txt").write_text(
        "OFFICIAL GRADER\n# Conversation\n{conversation}\n\n# Rubric item\n{criterion}\n")
    bench = benchmark_named("prbench")
    rubric = bench.rubric(task)
    assert rubric is not None
    output = RunOutput(task_id="t", answer="Fine.")
    packaged = build_request(bench, "run", task, output, rubric, JudgeParams("m"))
    replaced = build_request(bench, "run", task, output, rubric,
                             JudgeParams("m", prompt_dir=folder))
    assert replaced.calls[0].prompt.startswith("OFFICIAL GRADER\n# Conversation\nuser: ")
    assert replaced.calls[0].prompt.endswith("# Rubric item\nNames the statute.")
    assert packaged.calls[0].prompt.startswith("You are grading one rubric item")
    assert replaced.key != packaged.key  # never answered from the packaged prompt's cache
    other = build_request(bench, "run", task, output, rubric,
                          JudgeParams("m", prompt_dir=tmp_path / "none"))
    assert other.key == packaged.key  # a folder without the file: the packaged prompt
