"""The LLM judge: prompts, request building, client, parsing and runner."""

from anser_tui.judge.importing import import_judgments, judgment_from_parsed, read_judgment_file
from anser_tui.judge.parsing import ParsedJudgment, first_json_object, parse_judge_output

__all__ = [
    "ParsedJudgment",
    "first_json_object",
    "import_judgments",
    "judgment_from_parsed",
    "parse_judge_output",
    "read_judgment_file",
]
