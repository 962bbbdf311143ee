"""The LLM judge: prompts, request building, client, parsing and runner.

Names are imported on first use (anser_tui.core.lazy); type checkers see the imports below.
"""

from typing import TYPE_CHECKING

from anser_tui.core.lazy import lazy_exports

if TYPE_CHECKING:
    from anser_tui.judge.client import Completion, JudgeClient, TransportFailure
    from anser_tui.judge.importing import import_judgments, read_judgment_file
    from anser_tui.judge.plan import JudgePlan, plan_judging, run_items
    from anser_tui.judge.prompts import fill_prompt, prompt_template
    from anser_tui.judge.request import JudgeCallRequest, JudgeParams, JudgeRequest, build_request
    from anser_tui.judge.runner import JudgeRunner, JudgeSummary

_EXPORTS = {
    "Completion": "client",
    "JudgeCallRequest": "request",
    "JudgeClient": "client",
    "JudgeParams": "request",
    "JudgePlan": "plan",
    "JudgeRequest": "request",
    "JudgeRunner": "runner",
    "JudgeSummary": "runner",
    "TransportFailure": "client",
    "build_request": "request",
    "fill_prompt": "prompts",
    "import_judgments": "importing",
    "plan_judging": "plan",
    "prompt_template": "prompts",
    "read_judgment_file": "importing",
    "run_items": "plan",
}
__all__ = [
    "Completion",
    "JudgeCallRequest",
    "JudgeClient",
    "JudgeParams",
    "JudgePlan",
    "JudgeRequest",
    "JudgeRunner",
    "JudgeSummary",
    "TransportFailure",
    "build_request",
    "fill_prompt",
    "import_judgments",
    "plan_judging",
    "prompt_template",
    "read_judgment_file",
    "run_items",
]
__getattr__ = lazy_exports(__name__, _EXPORTS)
