"""The LLM judge: prompts, request building, client, parsing and runner."""

from anser_tui.judge.client import Completion, JudgeClient, TransportFailure
from anser_tui.judge.importing import import_judgments, judgment_from_parsed, read_judgment_file
from anser_tui.judge.parsing import (
    ParsedJudgment,
    first_json_object,
    output_model,
    parse_judge_output,
)
from anser_tui.judge.plan import JudgePlan, plan_judging, run_items
from anser_tui.judge.prompts import fill_prompt, ground_truth_text, prompt_template
from anser_tui.judge.request import JudgeParams, JudgeRequest, build_request, judge_prompt
from anser_tui.judge.runner import JudgeRunner, JudgeSummary
from anser_tui.judge.storage import CachedReply, cached_reply, write_judgment

__all__ = [
    "CachedReply",
    "Completion",
    "JudgeClient",
    "JudgeParams",
    "JudgePlan",
    "JudgeRequest",
    "JudgeRunner",
    "JudgeSummary",
    "ParsedJudgment",
    "TransportFailure",
    "build_request",
    "cached_reply",
    "fill_prompt",
    "first_json_object",
    "ground_truth_text",
    "import_judgments",
    "judge_prompt",
    "judgment_from_parsed",
    "output_model",
    "parse_judge_output",
    "plan_judging",
    "prompt_template",
    "read_judgment_file",
    "run_items",
    "write_judgment",
]
