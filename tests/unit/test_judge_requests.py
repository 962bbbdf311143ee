"""Judge requests: built from query, instruction, ground truth and answer only; cache keys."""

from __future__ import annotations

import hashlib
import json

from anser_tui.benchmarks.anser.groups import RUBRICS
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.config import JudgeSettings
from anser_tui.judge.request import JudgeParams, build_request
from anser_tui.workspace.records import RunOutput
from anser_tui.workspace.tasks import AnswerKey, Form, Task, TaskPrompt

TASK = Task(id="science_en_descriptive_3", benchmark="anser", group="science_en_descriptive",
            form=Form.SHORT, lang="en", domain="science", objective="descriptive", number=3,
            seq=0, source="science/descriptive.json", line=1,
            prompt=TaskPrompt(id="science_en_descriptive_3", type="GOLD-TYPE-MARKER",
                              query="Which factors predict relapse?", instruction="List them."),
            key=AnswerKey(ground_truth=["age", "dose"],
                          evidence=["GOLD-EVIDENCE-A", {"id": "GOLD-EVIDENCE-B"}]),
            extra={"note": "EXTRA-FIELD-MARKER"})
OUTPUT = RunOutput(task_id=TASK.id, answer="Age and dose.",
                   retrieved=["RETRIEVED-EVIDENCE-A", {"id": "R", "text": "RETRIEVED-TEXT"}])
PARAMS = JudgeParams("judge-model", "high", 0.0)
ANSER = benchmark_named("anser")


def user(prompt: str) -> tuple[dict[str, str], ...]:
    return ({"role": "user", "content": prompt},)


def test_request_holds_the_four_fields_and_nothing_else() -> None:
    request = build_request(ANSER, "run-1", TASK, OUTPUT, RUBRICS["science_en"], PARAMS)
    assert request.calls[0].prompt.endswith(
        "QUERY:\nWhich factors predict relapse?\n\nINSTRUCTION:\nList them.\n\n"
        'GROUND_TRUTH:\n["age", "dose"]\n\nANSWER:\nAge and dose.')
    for marker in ("GOLD-EVIDENCE", "RETRIEVED", "GOLD-TYPE-MARKER", "EXTRA-FIELD-MARKER"):
        assert marker not in request.calls[0].prompt
    assert request.calls[0].messages == ({"role": "user", "content": request.calls[0].prompt},)
    assert (request.run, request.task_id, request.rubric.id) == ("run-1", TASK.id, "science_en")
    assert request.source == "judge:" + request.key == "judge:" + request.calls[0].key


def test_task_missing_from_the_run_is_an_empty_answer() -> None:
    request = build_request(ANSER, "run-1", TASK, None, RUBRICS["science_en"], PARAMS)
    assert request.calls[0].prompt.endswith("ANSWER:\n")


def test_structured_answer_is_sent_as_json_text() -> None:
    output = RunOutput(task_id=TASK.id, answer={"因素": ["年龄"]})
    request = build_request(ANSER, "run-1", TASK, output, RUBRICS["science_en"], PARAMS)
    assert request.calls[0].prompt.endswith('ANSWER:\n{"因素": ["年龄"]}')


def test_cache_key_is_sha256_of_prompt_model_and_parameters() -> None:
    prompt = "a prompt"
    material = json.dumps({"protocol": "chat.completions/user-message", "prompt": prompt,
                           "model": "judge-model",
                           "params": {"reasoning_effort": "high", "temperature": 0.0}},
                          sort_keys=True)
    assert PARAMS.cache_key(user(prompt)) == hashlib.sha256(material.encode()).hexdigest()
    keys = {PARAMS.cache_key(user(prompt)), PARAMS.cache_key(user(prompt + " ")),
            JudgeParams("other", "high", 0.0).cache_key(user(prompt)),
            JudgeParams("judge-model", None, 0.0).cache_key(user(prompt)),
            JudgeParams("judge-model", "high", 0.5).cache_key(user(prompt))}
    assert len(keys) == 5


def test_params_from_settings_ignore_transport_and_the_key_name() -> None:
    one = JudgeSettings(model="m", base_url="http://a/v1", timeout_s=5, max_retries=1,
                        concurrency=2, api_key_env="A")
    two = JudgeSettings(model="m", base_url="http://b/v1", timeout_s=50, max_retries=9,
                        concurrency=64, api_key_env="B")
    assert JudgeParams.from_settings(one) == JudgeParams.from_settings(two)
    assert JudgeParams.from_settings(one).cache_key(user("p")) == \
        JudgeParams.from_settings(two).cache_key(user("p"))
