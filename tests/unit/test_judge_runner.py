"""The judge runner against a real chat completions server on 127.0.0.1, with faults."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from judge_server import JudgeServer, expected_marks, expected_score
from judge_workspace import EVIDENCE_MARKERS, RUN, add_run, judge_workspace

from anser_tui.core.errors import InputError
from anser_tui.core.settings import JudgeSettings
from anser_tui.judge import JudgeParams, JudgeRunner, JudgeSummary, plan_judging, run_items
from anser_tui.judge.client import JudgeClient
from anser_tui.workspace import WorkspaceStore, latest_judgments
from anser_tui.workspace.records import JudgmentStatus

FAULTS = {1: None, 2: "429", 3: "500", 4: "timeout", 5: "500-always", 6: "malformed",
          7: "missing", 8: "range", 9: "arith", 10: "not-json"}
EXPECTED = {1: ("ok", 1), 2: ("ok", 2), 3: ("ok", 2), 4: ("ok", 2),
            5: ("transport_error", 3), 6: ("parse_error", 1), 7: ("invalid", 1),
            8: ("invalid", 1), 9: ("ok", 1), 10: ("transport_error", 1)}


@pytest.fixture
def server() -> Iterator[JudgeServer]:
    srv = JudgeServer(slow_s=1.5).start()
    yield srv
    srv.stop()


def _settings(server: JudgeServer, **changes: object) -> JudgeSettings:
    return JudgeSettings(base_url=server.url, model="judge-test", timeout_s=0.5,
                         max_retries=2, concurrency=4).model_copy(update=changes)


def _answers() -> dict[str, str]:
    answers = {f"science_en_descriptive_{i}": f"Recall improved (trial {i})."
               + (f" #fault={fault}" if fault else "") for i, fault in FAULTS.items()}
    answers.update({"legal_zh_prescriptive_1": "应返还本金并支付利息。",
                    "finance_zh_descriptive_104": "原材料价格波动。",
                    "science_en_predictive_1": "Yes, it does.",
                    "finance_zh_descriptive_12": "1476.94", "finance_zh_descriptive_13": "B",
                    "finance_zh_descriptive_201": "2"})
    return answers


async def _judge(path: Path, settings: JudgeSettings, limit: int | None = None,
                 run: str = RUN) -> JudgeSummary:
    store = WorkspaceStore.open(path)
    try:
        plan = plan_judging(store, run_items(store, run), JudgeParams.from_settings(settings),
                            limit)
        return await JudgeRunner(store, settings, backoff_s=0.01).run(plan)
    finally:
        store.close()


def _prompt_of(server: JudgeServer, query: str) -> str:
    prompts = {p for p in server.prompts() if query in p}
    assert len(prompts) == 1
    return prompts.pop()


async def test_every_status_from_faults_with_retries_and_overhead(
        tmp_path: Path, server: JudgeServer) -> None:
    path = judge_workspace(tmp_path, _answers(), n_science=10)
    summary = await _judge(path, _settings(server))

    store = WorkspaceStore.open(path)
    judgments = latest_judgments(store, RUN)
    for i, (status, attempts) in EXPECTED.items():
        judgment = judgments[f"science_en_descriptive_{i}"]
        query = f"What did trial {i} find"
        assert judgment.status.value == status, (i, judgment.error)
        assert sum(query in p for p in server.prompts()) == attempts, i
    assert {j.status for j in judgments.values()} == set(JudgmentStatus)

    # ok replies: marks and score as the server worked them out, recomputed from DESIGN weights
    for i in (1, 2, 3, 4):
        prompt = _prompt_of(server, f"What did trial {i} find")
        judgment = judgments[f"science_en_descriptive_{i}"]
        assert judgment.marks == expected_marks(prompt)
        assert judgment.score == expected_score(prompt)
        assert judgment.recomputed_score == pytest.approx(expected_score(prompt))
        assert not judgment.arithmetic_mismatch
        assert judgment.raw.startswith('{"score_0_100"')
        assert judgment.model == "judge-test"
        assert judgment.latency_s is not None and judgment.latency_s > 0
        assert judgment.input_tokens == len(prompt) and judgment.output_tokens == 40
    arith = judgments["science_en_descriptive_9"]
    prompt = _prompt_of(server, "What did trial 9 find")
    assert arith.arithmetic_mismatch
    assert arith.recomputed_score == pytest.approx(expected_score(prompt))
    assert abs(arith.score - expected_score(prompt)) == pytest.approx(20)  # type: ignore[operator]
    assert "missing format" in (judgments["science_en_descriptive_7"].error or "")
    assert "coverage=" in (judgments["science_en_descriptive_8"].error or "") or \
        "conclusion=5" in (judgments["science_en_descriptive_8"].error or "")
    transport = judgments["science_en_descriptive_5"]
    assert transport.raw == "" and "HTTP 500" in (transport.error or "")
    assert "3 attempts" in (transport.error or "")
    assert transport.latency_s is None and transport.input_tokens is None
    assert judgments["science_en_descriptive_6"].raw.startswith('{"score_0_100": 70')

    # every short-answer task, including the one missing from the run; nothing else
    assert set(judgments) == {*(f"science_en_descriptive_{i}" for i in FAULTS),
                              "legal_zh_prescriptive_1", "legal_zh_prescriptive_2",
                              "finance_zh_descriptive_104", "science_en_predictive_1"}
    assert _prompt_of(server, "租赁合同中承租人擅自转租").endswith("ANSWER:\n")
    assert _prompt_of(server, "甲借款10万元").startswith("你是一名严格的中文法律规范型答案评审员")

    assert summary.total == 14 and summary.already == 0 and summary.cache_hits == 0
    assert summary.requests_sent == len(server.requests) == 19
    assert summary.counts == {"ok": 9, "parse_error": 1, "invalid": 2, "transport_error": 2}
    assert summary.input_tokens == sum(
        j.input_tokens or 0 for j in judgments.values())
    # judge overhead never enters the evaluated system's log figures
    assert store.conn.execute("SELECT COUNT(*) FROM logs").fetchone()[0] == 0
    store.close()


async def test_requests_carry_only_query_instruction_ground_truth_and_answer(
        tmp_path: Path, server: JudgeServer) -> None:
    path = judge_workspace(tmp_path, {"science_en_descriptive_1": "Recall improved.",
                                      "legal_zh_prescriptive_1": "应还本付息。"}, n_science=2)
    await _judge(path, _settings(server))
    assert len(server.requests) == 6
    for request in server.requests:
        body = request["body"]
        assert set(body) == {"model", "messages", "temperature", "reasoning_effort"}
        assert body["temperature"] == 0 and body["reasoning_effort"] == "high"
        assert [m["role"] for m in body["messages"]] == ["user"]
        for marker in (*EVIDENCE_MARKERS, "gold passage", "retrieved text"):
            assert marker.encode() not in request["raw"]
            assert marker not in body["messages"][0]["content"]
    prompt = _prompt_of(server, "What did trial 1 find")
    assert ("GROUND_TRUTH:\n{\"finding\": \"better recall in arm 1\", \"区间\": \"95%\"}\n\n"
            "ANSWER:\nRecall improved.") in prompt
    assert "QUERY:\nWhat did trial 1 find about sleep and memory?\n\nINSTRUCTION:\nOne sentence." \
        in prompt


async def test_rerun_sends_only_transport_errors_and_cache_serves_other_runs(
        tmp_path: Path, server: JudgeServer) -> None:
    path = judge_workspace(tmp_path, _answers(), n_science=10)
    await _judge(path, _settings(server))
    server.requests.clear()

    again = await _judge(path, _settings(server))
    assert again.already == 12 and again.total == 2
    resent = server.prompts()
    assert len(resent) == 4  # 500-always three times, not-json once
    assert all("trial 5 " in p or "trial 10 " in p for p in resent)

    store = WorkspaceStore.open(path)
    add_run(store, tmp_path, "sys-b", {"science_en_descriptive_1": _answers()[
        "science_en_descriptive_1"], "legal_zh_prescriptive_1": "应返还本金并支付利息。"})
    first = latest_judgments(store, RUN)
    store.close()
    server.requests.clear()
    other = await _judge(path, _settings(server, model="judge-test"), run="sys-b")
    assert other.cache_hits == 3  # the two same answers, and a task both runs leave out
    assert not any("trial 1 " in p or "甲借款" in p for p in server.prompts())
    store = WorkspaceStore.open(path)
    second = latest_judgments(store, "sys-b")
    store.close()
    for tid in ("science_en_descriptive_1", "legal_zh_prescriptive_1"):
        assert second[tid].marks == first[tid].marks and second[tid].raw == first[tid].raw
        assert second[tid].source == first[tid].source
        assert second[tid].latency_s == first[tid].latency_s


async def test_another_model_or_parameters_is_another_cache_key(
        tmp_path: Path, server: JudgeServer) -> None:
    path = judge_workspace(tmp_path, {"science_en_descriptive_1": "Recall improved."},
                           n_science=1)
    await _judge(path, _settings(server))
    server.requests.clear()
    summary = await _judge(path, _settings(server, reasoning_effort="low"))
    assert summary.already == 0 and summary.cache_hits == 0
    assert len(server.requests) == 5
    assert {r["body"]["reasoning_effort"] for r in server.requests} == {"low"}
    server.requests.clear()
    # back to the first parameters (timeouts and concurrency are not part of the key): the
    # current judgments answer "low", so nothing is "already" judged, but the cache serves all
    back = await _judge(path, _settings(server, timeout_s=9, concurrency=1))
    assert (back.already, back.cache_hits, back.requests_sent) == (0, 5, 0)
    other_model = await _judge(path, _settings(server, model="judge-other"))
    assert (other_model.cache_hits, other_model.requests_sent) == (0, 5)
    assert {r["body"]["model"] for r in server.requests} == {"judge-other"}


async def test_limit_takes_the_first_items_not_yet_judged_in_task_order(
        tmp_path: Path, server: JudgeServer) -> None:
    path = judge_workspace(tmp_path, {"science_en_descriptive_1": "Recall improved."},
                           n_science=3)
    store = WorkspaceStore.open(path)
    order = [item.task_id for item in run_items(store, RUN)]
    store.close()
    first = await _judge(path, _settings(server), limit=2)
    assert first.total == 2
    second = await _judge(path, _settings(server), limit=2)
    assert second.already == 2 and second.total == 2
    store = WorkspaceStore.open(path)
    judged = latest_judgments(store, RUN)
    store.close()
    assert set(judged) == set(order[:4])
    assert (await _judge(path, _settings(server), limit=0)).total == 0


async def test_interrupted_run_keeps_what_arrived_and_resume_sends_only_the_rest(
        tmp_path: Path, server: JudgeServer) -> None:
    answers = {f"science_en_descriptive_{i}": f"Finding {i}." + (" #fault=hold" if i in (2, 5)
                                                                 else "")
               for i in range(1, 7)}
    path = judge_workspace(tmp_path, answers, n_science=6)
    store = WorkspaceStore.open(path)
    items = [i for i in run_items(store, RUN) if i.task_id.startswith("science_en_desc")]
    settings = _settings(server, concurrency=2, timeout_s=30)
    plan = plan_judging(store, items, JudgeParams.from_settings(settings))
    runner = JudgeRunner(store, settings, backoff_s=0.01)
    task = asyncio.create_task(runner.run(plan))
    for _ in range(2000):  # 1 ok, 2 held, 3 and 4 ok, 5 held: both senders wait
        if runner.summary.done == 3 and len(server.requests) == 5:
            break
        await asyncio.sleep(0.005)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert runner.summary.interrupted
    assert set(latest_judgments(store, RUN)) == {f"science_en_descriptive_{i}"
                                                 for i in (1, 3, 4)}
    server.release()
    server.requests.clear()
    plan = plan_judging(store, items, JudgeParams.from_settings(settings))
    assert plan.already == 3
    resumed = await JudgeRunner(store, settings, backoff_s=0.01).run(plan)
    assert resumed.requests_sent == 3
    assert sorted(p.split("ANSWER:\n")[1] for p in server.prompts()) == [
        "Finding 2. #fault=hold", "Finding 5. #fault=hold", "Finding 6."]
    assert len(latest_judgments(store, RUN)) == 6
    store.close()


async def test_refused_key_stops_the_run_without_showing_the_key(
        tmp_path: Path, server: JudgeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-ABCDEF0123456789")
    path = judge_workspace(tmp_path, {"science_en_descriptive_1": "x #fault=auth"},
                           n_science=1)
    with pytest.raises(InputError) as refused:
        await _judge(path, _settings(server, concurrency=1))
    assert "HTTP 401" in refused.value.message
    assert "ABCDEF0123456789" not in refused.value.message
    assert server.requests[0]["headers"]["authorization"] == "Bearer sk-test-ABCDEF0123456789"


def test_no_key_for_the_default_endpoint_is_bad_input(tmp_path: Path) -> None:
    path = judge_workspace(tmp_path, {"science_en_descriptive_1": "x"}, n_science=1)
    with pytest.raises(InputError, match="OPENAI_API_KEY"):
        asyncio.run(_judge(path, JudgeSettings(base_url=None)))


def test_nothing_to_send_needs_no_client_and_no_key(tmp_path: Path, server: JudgeServer) -> None:
    path = judge_workspace(tmp_path, {"science_en_descriptive_1": "x"}, n_science=1)
    asyncio.run(_judge(path, _settings(server)))
    # the default endpoint and no key: fine, since every item is already judged
    summary = asyncio.run(_judge(path, _settings(server, base_url=None)))
    assert (summary.already, summary.total, summary.requests_sent) == (5, 0, 0)


def test_cache_table_holds_replies_but_no_transport_errors(tmp_path: Path,
                                                           server: JudgeServer) -> None:
    path = judge_workspace(tmp_path, _answers(), n_science=10)
    asyncio.run(_judge(path, _settings(server)))
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT model, params, raw, input_tokens FROM judge_cache").fetchall()
    conn.close()
    assert len(rows) == 12  # 14 judged, 2 transport errors
    assert {r[0] for r in rows} == {"judge-test"}
    assert {r[1] for r in rows} == {'{"reasoning_effort": "high", "temperature": 0.0}'}


def test_backoff_doubles_with_jitter_and_honours_retry_after(
        server: JudgeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-ABCDEF0123456789")
    settings = _settings(server)
    client = JudgeClient(settings, JudgeParams.from_settings(settings), backoff_s=1.0,
                         max_backoff_s=6.0)
    for attempt, ceiling in ((1, 1.0), (2, 2.0), (3, 4.0), (4, 6.0), (9, 6.0)):
        delay = client._delay(attempt, None)
        assert ceiling / 2 <= delay <= ceiling
    assert client._delay(1, "3") == 3.0
    assert client._delay(1, "600") == 6.0
    assert 0.5 <= client._delay(1, "Wed, 21 Oct 2015 07:28:00 GMT") <= 1.0
    assert client.scrub("bad key sk-test-ABCDEF0123456789 and sk-other-XYZW1234") == \
        "bad key *** and sk-***"
    asyncio.run(client.aclose())
