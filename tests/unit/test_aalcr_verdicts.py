"""AA-LCR's equality checker: the prompts of each release verbatim from the README, the calls
each release makes, and strict verdict reading (hedges, cut-off replies and INCORRECT never
read as CORRECT)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from anser_tui.benchmarks.aalcr.judge import RUBRIC, verdict_call
from anser_tui.benchmarks.aalcr.verdicts import read_bare_verdict, read_json_verdict
from anser_tui.benchmarks.judgments import Reply, assemble
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.judge.request import JudgeParams, build_request
from anser_tui.workspace.records import JudgmentStatus, RunOutput
from anser_tui.workspace.tasks import AnswerKey, Form, Task, TaskPrompt

# The spec's README diff, vendored byte for byte (from ../shared/spec/aa-lcr-v1.1-README.diff).
DIFF = Path(__file__).parents[1] / "data" / "aa-lcr-v1.1-README.diff"
UPSTREAM = Path(__file__).parents[2] / ".." / "shared" / "spec" / "aa-lcr-v1.1-README.diff"
OK, PARSE, INVALID = JudgmentStatus.OK, JudgmentStatus.PARSE_ERROR, JudgmentStatus.INVALID


def readme_blocks() -> list[str]:
    """The fenced blocks of the README as v1.1 has it (the diff's context and added lines)."""
    lines, blocks, current = [], [], None
    body = DIFF.read_text(encoding="utf-8").split("\n@@", 1)[1].splitlines()[1:]
    for line in body:
        if line.startswith("@@"):
            continue
        if not line.startswith("-"):
            lines.append(line[1:])
    for line in lines:
        if line.startswith("```"):
            if current is None:
                current = []
            else:
                blocks.append("\n".join(current))
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def prompt_file(name: str) -> str:
    return resources.files("anser_tui.benchmarks.aalcr").joinpath("prompts", f"{name}.txt").read_text()


def test_vendored_diff_is_the_spec_unchanged() -> None:
    if not UPSTREAM.is_file():
        pytest.skip(f"no {UPSTREAM} to compare the vendored copy with")
    assert DIFF.read_bytes() == UPSTREAM.read_bytes()


def test_prompt_files_are_the_readme_blocks_verbatim() -> None:
    blocks = readme_blocks()
    system = [b for b in blocks if b.startswith("Decide whether the CANDIDATE ANSWER")]
    users = [b for b in blocks if b.startswith("Assess whether the following")]
    assert len(system) == 1 and len(users) == 2
    assert prompt_file("aalcr_v1_1_system") == system[0] + "\n"
    assert prompt_file("aalcr_v1_1_user") == users[0] + "\n"
    assert prompt_file("aalcr_v1_0_user") == users[1] + "\n"
    assert users[0].endswith("Reply as JSON, with a verdict of CORRECT or INCORRECT.")
    assert users[1].endswith("Reply only with CORRECT or INCORRECT.")


def task(version: str) -> Task:
    return Task(id="28", benchmark="aalcr", group="Company_Documents", form=Form.SHORT,
                lang="en", domain="Company_Documents", objective="", number=None, seq=0,
                source="AA-LCR_Dataset.csv", line=2,
                prompt=TaskPrompt(id="28", query="What share, as a percentage?"),
                key=AnswerKey(ground_truth="65.8%"),
                extra={"dataset_version": version, "document_category": "Company_Documents",
                       "document_set_id": "Set_1", "data_source_filenames": ["DOC-SECRET"]})


def test_v1_1_sends_the_system_prompt_then_the_user_prompt() -> None:
    request = build_request(benchmark_named("aalcr"), "r", task("1.1"),
                            RunOutput(task_id="28", answer="0.658"), RUBRIC, JudgeParams("m"))
    [call] = request.calls
    assert [m["role"] for m in call.messages] == ["system", "user"]
    assert call.messages[0]["content"] == prompt_file("aalcr_v1_1_system").removesuffix("\n")
    user = call.messages[1]["content"]
    assert "START QUESTION What share, as a percentage?\n\nEND QUESTION" in user
    assert "The OFFICIAL ANSWER: 65.8%\n" in user
    assert "BEGIN CANDIDATE ANSWER TO ASSESS\n\n0.658\n\nEND CANDIDATE" in user
    assert "DOC-SECRET" not in user and call.spec.dataset_version == "1.1"


def test_v1_0_sends_the_user_prompt_alone() -> None:
    request = build_request(benchmark_named("aalcr"), "r", task("1.0.0"), None, RUBRIC,
                            JudgeParams("m"))
    [call] = request.calls
    assert [m["role"] for m in call.messages] == ["user"]
    assert call.prompt.endswith("Reply only with CORRECT or INCORRECT.")
    assert call.spec.dataset_version == "1.0.0"


@pytest.mark.parametrize(("reply", "status", "mark"), [
    ('{"verdict": "CORRECT"}', OK, 1),
    ('{"verdict": "INCORRECT"}', OK, 0),
    ('```json\n{"verdict": " incorrect "}\n```', OK, 0),
    ('Assessment done. {"Verdict": "CORRECT", "reason": "same value"}', OK, 1),
    ({"verdict": "INCORRECT"}, OK, 0),
    ('{"verdict": "PARTIALLY CORRECT"}', PARSE, None),
    ('{"verdict": "CORRECT or INCORRECT"}', PARSE, None),
    ('{"verdict": "CORRECT."}', PARSE, None),
    ('{"verdict": "CORR', PARSE, None),
    ('{"verdict": "CORRECT"} {"verdict": "INCORRECT"}', PARSE, None),
    ("CORRECT", PARSE, None),  # v1.1 asks for JSON
    ('{"answer": "CORRECT"}', INVALID, None),
    ('{"verdict": true}', INVALID, None),
])
def test_v1_1_verdicts(reply: str | dict[str, str], status: JudgmentStatus,
                       mark: int | None) -> None:
    parsed = read_json_verdict(reply)
    assert (parsed.status, parsed.marks.get("verdict")) == (status, mark)


@pytest.mark.parametrize(("reply", "status", "mark"), [
    ("CORRECT", OK, 1), ("INCORRECT", OK, 0), ("  incorrect.\n", OK, 0), ("**CORRECT**", OK, 1),
    ('"INCORRECT"', OK, 0),
    ("PARTIALLY CORRECT", PARSE, None), ("CORRECT, but the unit is wrong", PARSE, None),
    ("The answer is INCORRECT.", PARSE, None), ("CORRECT or INCORRECT", PARSE, None),
    ("INCORR", PARSE, None), ("", PARSE, None), ('{"verdict": "CORRECT"}', PARSE, None),
    ({"verdict": "CORRECT"}, PARSE, None),
])
def test_v1_0_verdicts(reply: str | dict[str, str], status: JudgmentStatus,
                       mark: int | None) -> None:
    parsed = read_bare_verdict(reply)
    assert (parsed.status, parsed.marks.get("verdict")) == (status, mark)


def test_incorrect_never_reads_as_correct() -> None:
    for reply in ("INCORRECT", "incorrect", "INCORRECT.", "**INCORRECT**"):
        assert read_bare_verdict(reply).marks == {"verdict": 0}
    assert read_json_verdict('{"verdict": "INCORRECT"}').marks == {"verdict": 0}


def test_a_judgment_records_the_version_of_its_call() -> None:
    spec = verdict_call(task("1.1"), "0.658")
    judgment = assemble("r", "28", RUBRIC, [Reply(spec, read_json_verdict('{"verdict": '
                                                                          '"CORRECT"}'))],
                        model="m", source="judge:x")
    assert (judgment.dataset_version, judgment.score, judgment.marks) == ("1.1", 100.0,
                                                                          {"verdict": 1})
    failed = assemble("r", "28", RUBRIC, [Reply(spec, read_json_verdict("cut"))], model=None,
                      source="judge:x")
    assert (failed.status, failed.score, failed.dataset_version) == (PARSE, None, "1.1")
