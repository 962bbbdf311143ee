"""Judge requests: built from query, instruction, ground truth and answer only; cache keys.

What reaches the judge is checked where it arrives: the bodies a local chat completions server
receives from a real `anser-tui judge` run.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from judge_server import JudgeServer
from mini_bench import write_jsonl, write_mini_bench
from readme_prompts import fill, judge_blocks, readme_prompt

from anser_tui.benchmarks.anser.groups import RUBRICS
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.cli import cli
from anser_tui.core.settings import JudgeSettings
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


# --- what the judge endpoint receives --------------------------------------------------------

# Every gold evidence element, retrieved evidence element, task "type" and extra field below
# holds LEAK, which is in no README prompt and in none of the four fields the judge may see.
LEAK = "ZQX"


def _task(tid: str, query: str, instruction: str, ground_truth: Any) -> dict[str, Any]:
    evidence = [f"ZQX-GOLD-{tid}-1", {"id": f"ZQX-GOLD-{tid}-2", "text": f"ZQX gold text {tid}"},
                {"law_name": f"ZQX法规{tid}", "item": f"ZQX第{tid}条"},
                {"type": "ZQX-KIND", "id": f"ZQX-GOLD-{tid}-4", "text": "ZQX 金标段落"}]
    return {"id": tid, "type": f"ZQX-TYPE-{tid}", "query": query, "instruction": instruction,
            "ground_truth": ground_truth, "evidence": evidence, "note": f"ZQX-EXTRA-{tid}"}


BENCH = {
    "legal/zh/prescriptive.json": [
        _task("legal_zh_prescriptive_1", "借款到期未还，出借人可否主张逾期利息？",
              "简要回答并引用法条。", "可以主张逾期利息，依据《民法典》第六百七十六条。"),
        _task("legal_zh_prescriptive_2", "承租人擅自转租，出租人可否解除合同？", "简要回答。",
              "可以解除。")],
    "legal/en/prescriptive.json": [
        _task("legal_en_prescriptive_1", "Does the appellate precedent bind the trial court?",
              "Answer in two sentences.", "Yes; the controlling precedent applies.")],
    "finance/zh/descriptive.json": [
        _task("finance_zh_descriptive_12", "2023年营业收入是多少亿元？", "只填数字。", 1476.94),
        _task("finance_zh_descriptive_104", "概括公司2023年主要经营风险。", "100字以内。",
              "原材料价格波动与市场竞争加剧。")],
    "finance/zh/prescriptive.json": [
        _task("finance_zh_prescriptive_1", "该关联交易是否需要及时披露？", "给出结论和依据。",
              {"结论": "需要披露", "依据": ["上市规则第6.3.6条"]})],
    "finance/en/predictive.json": [
        _task("finance_en_predictive_121", "Will the operating margin widen next year?",
              "One sentence with a reason.", "Yes, because input costs fall.")],
    "finance/en/prescriptive.json": [
        _task("finance_en_prescriptive_1", "Does the bank meet the 4.5% CET1 minimum?",
              "Show the calculation.", {"compliant": True, "cet1_ratio": 0.052})],
    "science/descriptive.json": [
        _task("science_en_descriptive_1", "Which factors predict relapse after treatment?",
              "List them.", ["age", "dose"])],
    "science/predictive.json": [
        _task("science_en_predictive_1", "Does exercise reduce depressive symptoms?",
              "Answer in one sentence.", "Exercise reduces depressive symptoms.")],
}
ANSWERS: dict[str, Any] = {
    "legal_zh_prescriptive_1": "可以，出借人可主张逾期利息。",
    "legal_en_prescriptive_1": "Yes, it binds the trial court.",
    "finance_zh_descriptive_12": "1476.94",
    "finance_zh_descriptive_104": "原材料价格波动。",
    "finance_zh_prescriptive_1": {"结论": "需要披露", "理由": "达到披露标准"},
    "finance_en_predictive_121": "Yes, costs fall.",
    "finance_en_prescriptive_1": "Yes: 5.2% is above 4.5%.",
    "science_en_descriptive_1": "Age and dose.",
    "science_en_predictive_1": "Yes, it does.",
}  # legal_zh_prescriptive_2 is missing from the run: judged with an empty answer
# The README block (named as in readme_prompts.BLOCK_RUBRIC) of every task the judge scores.
README_BLOCK = {
    "legal_zh_prescriptive_1": "legal_prescriptive_zh",
    "legal_zh_prescriptive_2": "legal_prescriptive_zh",
    "legal_en_prescriptive_1": "legal_prescriptive_en",
    "finance_zh_descriptive_104": "finance_dp_zh",
    "finance_zh_prescriptive_1": "finance_prescriptive_zh",
    "finance_en_predictive_121": "finance_dp_en",
    "finance_en_prescriptive_1": "regbench_en",
    "science_en_descriptive_1": "science_en",
    "science_en_predictive_1": "science_en",
}


def _run_record(tid: str, answer: Any) -> dict[str, Any]:
    return {"id": tid, "answer": answer, "note": f"ZQX-RUN-EXTRA-{tid}",
            "retrieved_evidence": [
                f"ZQX-RETRIEVED-{tid}-1",
                {"id": f"ZQX-RETRIEVED-{tid}-2", "text": "ZQX retrieved 检索段落"},
                {"type": "ZQX-KIND", "law_name": "ZQX法规R", "item": f"ZQX-R-{tid}"}]}


def _strings(value: Any) -> Iterator[str]:
    """Every string (and number, as text) inside a JSON value, keys excluded."""
    if isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif value is not None:
        yield str(value)


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


@pytest.fixture
def server() -> Iterator[JudgeServer]:
    srv = JudgeServer().start()
    yield srv
    srv.stop()


def test_judge_endpoint_receives_the_four_fields_in_one_user_message_and_no_evidence(
        tmp_path: Path, server: JudgeServer) -> None:
    data = write_mini_bench(tmp_path / "bench", BENCH)
    records = [_run_record(tid, answer) for tid, answer in ANSWERS.items()]
    run_file = write_jsonl(tmp_path / "run.jsonl", records)
    ws = tmp_path / "ws.db"
    for command in (["init", str(ws), "--benchmark", "anser", "--data", str(data)],
                    ["import-run", str(ws), str(run_file), "--name", "sys-a"]):
        result = CliRunner().invoke(cli, command)
        assert result.exit_code == 0, result.stderr
    tasks = {t["id"]: t for tasks in BENCH.values() for t in tasks}
    leaks = [s for t in tasks.values() for s in (t["type"], t["note"], *_strings(t["evidence"]))]
    leaks += [s for r in records for s in (r["note"], *_strings(r["retrieved_evidence"]))]
    assert len(leaks) > 150 and all(LEAK in s for s in leaks)
    # the data cannot hold LEAK by chance where the judge may look
    seen = [*(b.text for b in judge_blocks()),
            *(_as_text(t[k]) for t in tasks.values() for k in ("query", "instruction",
                                                               "ground_truth")),
            *(_as_text(a) for a in ANSWERS.values())]
    assert not any(LEAK in text for text in seen)

    result = CliRunner().invoke(cli, ["judge", str(ws), "--run", "sys-a", "--base-url",
                                      server.url, "--model", "m"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("judged 9 of 9 (ok 9, parse_error 0, invalid 0, "
                                    "transport_error 0)")

    by_query = {t["query"]: tid for tid, t in tasks.items()}
    received: list[str] = []
    for request in server.requests:
        body = request["body"]
        serialized = (request["raw"].decode("utf-8"), json.dumps(body, ensure_ascii=False))
        for text in serialized:
            for leak in leaks:
                assert leak not in text, f"{leak!r} reached the judge"
            assert LEAK not in text
        assert request["path"] == "/v1/chat/completions"
        assert set(body) == {"model", "messages", "temperature", "reasoning_effort"}
        assert body["model"] == "m"
        messages = body["messages"]
        assert [m["role"] for m in messages] == ["user"]  # one user message, no system message
        assert [set(m) for m in messages] == [{"role", "content"}]
        content = messages[0]["content"]
        matched = [tid for query, tid in by_query.items() if f"QUERY:\n{query}\n\n" in content]
        assert len(matched) == 1, content
        tid = matched[0]
        task = tasks[tid]
        for part in (task["query"], task["instruction"], _as_text(task["ground_truth"]),
                     _as_text(ANSWERS.get(tid, ""))):
            assert part in content
        assert content == fill(readme_prompt(README_BLOCK[tid]), query=task["query"],
                               instruction=task["instruction"],
                               ground_truth=_as_text(task["ground_truth"]),
                               answer=_as_text(ANSWERS.get(tid, "")))
        received.append(tid)
    # every task the judge scores was sent, once; the numeric one never
    assert sorted(received) == sorted(README_BLOCK)
