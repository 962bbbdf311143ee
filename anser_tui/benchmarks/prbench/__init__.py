"""PRBench: split files, per-task weighted binary rubrics, one judge call per criterion,
scores per sample and per split under the official or evalscope failure policy, and readers
for the judgments its peers record.

The grader prompt is the data file `prompts/prbench_grader.txt` here, written from
the documented facts (the judge sees the conversation ending with the response, reasoning
blocks stripped, and the criterion's title; it answers JSON with `explanation` and
`criteria_met`). To judge with PRBench's official prompt instead, save it as
`prbench_grader.txt` in a folder named by the `judge.prompt_dir` setting
(ANSER_JUDGE__PROMPT_DIR), with `<<conversation>>` written `{conversation}` and
`<<rubric_item>>` written `{criterion}`.
"""

from anser_tui.benchmarks.prbench.conversation import (
    Segment,
    judged_conversation,
    pages,
    references_block,
    response_segments,
    strip_thinking,
    turn_text,
)
from anser_tui.benchmarks.prbench.loader import SPLITS, load_prbench, task_turns
from anser_tui.benchmarks.prbench.records import RubricItem, Sample, Turn
from anser_tui.benchmarks.prbench.scores import (
    EVALSCOPE,
    OFFICIAL,
    POLICIES,
    SampleScore,
    SplitRow,
    sample_score,
)

__all__ = [
    "EVALSCOPE",
    "OFFICIAL",
    "POLICIES",
    "SPLITS",
    "RubricItem",
    "Sample",
    "SampleScore",
    "Segment",
    "SplitRow",
    "Turn",
    "judged_conversation",
    "load_prbench",
    "pages",
    "references_block",
    "response_segments",
    "sample_score",
    "strip_thinking",
    "task_turns",
    "turn_text",
]
