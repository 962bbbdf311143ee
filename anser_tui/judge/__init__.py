"""The LLM judge: prompts, request building, client, parsing and runner.

Names are imported on first use (anser_tui.lazy); type checkers see the imports below.
"""

from typing import TYPE_CHECKING

from anser_tui.lazy import lazy_exports

if TYPE_CHECKING:
    from anser_tui.judge.client import Completion, JudgeClient, TransportFailure
    from anser_tui.judge.importing import import_judgments, judgment_from_parsed, read_judgment_file
    from anser_tui.judge.plan import JudgePlan, plan_judging, run_items
    from anser_tui.judge.prompts import fill_prompt, ground_truth_text, prompt_template
    from anser_tui.judge.request import JudgeParams, JudgeRequest, build_request, judge_prompt
    from anser_tui.judge.runner import JudgeRunner, JudgeSummary
    from anser_tui.judge.storage import CachedReply, cached_reply, write_judgment

_EXPORTS = {
    "CachedReply": "storage",
    "Completion": "client",
    "JudgeClient": "client",
    "JudgeParams": "request",
    "JudgePlan": "plan",
    "JudgeRequest": "request",
    "JudgeRunner": "runner",
    "JudgeSummary": "runner",
    "TransportFailure": "client",
    "build_request": "request",
    "cached_reply": "storage",
    "fill_prompt": "prompts",
    "ground_truth_text": "prompts",
    "import_judgments": "importing",
    "judge_prompt": "request",
    "judgment_from_parsed": "importing",
    "plan_judging": "plan",
    "prompt_template": "prompts",
    "read_judgment_file": "importing",
    "run_items": "plan",
    "write_judgment": "storage",
}
__all__ = [
    "CachedReply",
    "Completion",
    "JudgeClient",
    "JudgeParams",
    "JudgePlan",
    "JudgeRequest",
    "JudgeRunner",
    "JudgeSummary",
    "TransportFailure",
    "build_request",
    "cached_reply",
    "fill_prompt",
    "ground_truth_text",
    "import_judgments",
    "judge_prompt",
    "judgment_from_parsed",
    "plan_judging",
    "prompt_template",
    "read_judgment_file",
    "run_items",
    "write_judgment",
]
__getattr__ = lazy_exports(__name__, _EXPORTS)
