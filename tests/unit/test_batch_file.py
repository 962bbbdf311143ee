"""Batch files (DESIGN 14): `judge --write-batch FILE` writes OpenAI batch input lines
(custom_id = the call's uid) that `vllm run-batch` reads; `import-judgments` reads OpenAI's and
vLLM's output lines joined on custom_id, each an attempt through the live parser, an error line
a failed attempt; importing the same output again adds nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from judge_server import expected_score, judge_text
from judge_workspace import RUN, judge_workspace

from anser_tui.cli import cli
from anser_tui.workspace import JudgmentStatus, WorkspaceStore, current_judgments
from anser_tui.workspace.judgments import judgment_history

ANSWERS = {f"science_en_descriptive_{i}": f"answer {i}" for i in range(1, 4)}


def _body(prompt: str, model: str = "served-model") -> dict[str, Any]:
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": judge_text(prompt, None)}}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}}


def _write_batch(tmp_path: Path) -> tuple[Path, list[dict[str, Any]]]:
    path = judge_workspace(tmp_path, ANSWERS, n_science=3)
    batch = tmp_path / "batch.jsonl"
    result = CliRunner().invoke(cli, ["judge", str(path), "--run", RUN, "--model", "m-1",
                                      "--judge", "vllm-j", "--write-batch", str(batch)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in batch.read_text(encoding="utf-8").splitlines()]
    return path, lines


def test_a_vllm_batch_file_round_trip_keeps_its_error_line_as_a_failed_attempt(
        tmp_path: Path) -> None:
    path, lines = _write_batch(tmp_path)
    assert len(lines) == 7  # the three science tasks and the mini bench's four
    assert len({line["custom_id"] for line in lines}) == len(lines)
    first = lines[0]
    assert (first["method"], first["url"]) == ("POST", "/v1/chat/completions")
    assert first["body"]["model"] == "m-1" and first["body"]["messages"][-1]["role"] == "user"
    out = []
    for i, line in enumerate(lines):
        prompt = line["body"]["messages"][-1]["content"]
        if i == 0:  # vLLM: the error a string
            out.append({"id": f"vllm-{i}", "custom_id": line["custom_id"], "response": None,
                        "error": "This model's maximum context length is 8192 tokens"})
        elif i == 1:  # an older vLLM: the response the body itself
            out.append({"id": f"vllm-{i}", "custom_id": line["custom_id"],
                        "response": _body(prompt), "error": None})
        else:
            out.append({"id": f"vllm-{i}", "custom_id": line["custom_id"],
                        "response": {"status_code": 200, "request_id": f"r{i}",
                                     "body": _body(prompt)}, "error": None})
    output = tmp_path / "out.jsonl"
    output.write_text("".join(json.dumps(x) + "\n" for x in reversed(out)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["import-judgments", str(path), str(output), "--run", RUN])
    assert result.exit_code == 0, result.output
    assert "imported 7 judgments" in result.output and "transport_error 1" in result.output
    with WorkspaceStore.open(path) as store:
        current = current_judgments(store, RUN, "vllm-j")
        by_prompt = {line["custom_id"]: line["body"]["messages"][-1]["content"]
                     for line in lines}
        assert len(current) == 7
        failed = [j for j in current.values() if j.status is JudgmentStatus.TRANSPORT_ERROR]
        assert len(failed) == 1 and "maximum context length" in (failed[0].error or "")
        ok = [j for j in current.values() if j.status is JudgmentStatus.OK]
        assert len(ok) == 6 and {j.model for j in ok} == {"served-model"}
        expected = sorted(expected_score(by_prompt[x["custom_id"]]) for x in out[1:])
        assert sorted(j.score for j in ok if j.score is not None) == expected
        task = failed[0].task_id
        assert [j.status for j in judgment_history(store, RUN, task)] == [
            JudgmentStatus.TRANSPORT_ERROR]
    again = CliRunner().invoke(cli, ["import-judgments", str(path), str(output), "--run", RUN])
    assert "imported 0 judgments" in again.output and "7 already stored" in again.output


def test_an_openai_output_line_with_an_error_object_and_an_unknown_custom_id(
        tmp_path: Path) -> None:
    path, lines = _write_batch(tmp_path)
    prompt = lines[1]["body"]["messages"][-1]["content"]
    rows = [{"id": "batch_req_1", "custom_id": lines[0]["custom_id"], "response": None,
             "error": {"code": "batch_expired", "message": "not completed in time"}},
            {"id": "batch_req_2", "custom_id": lines[1]["custom_id"],
             "response": {"status_code": 200, "request_id": "x", "body": _body(prompt)},
             "error": None}]
    output = tmp_path / "openai.jsonl"
    output.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    result = CliRunner().invoke(cli, ["import-judgments", str(path), str(output), "--run", RUN])
    assert result.exit_code == 0, result.output
    assert "imported 2 judgments for run 'sys-a' (ok 1, transport_error 1)" in result.output
    rows.append({"id": "batch_req_3", "custom_id": "nobody", "response": None, "error": "x"})
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    refused = CliRunner().invoke(cli, ["import-judgments", str(path), str(bad), "--run", RUN])
    assert refused.exit_code == 2
    assert "bad.jsonl" in refused.output and "3" in refused.output
    assert "custom_id 'nobody'" in refused.output
