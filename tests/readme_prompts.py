"""The judge prompts as the ANSER-Bench README gives them, read without the code under test.

The README is vendored byte for byte as tests/data/anser-bench-README.md (from
../shared/spec/anser-bench-README.md). Its "### LLM Judge" section has one "#### ... LLM Judge"
heading per rubric family; under a heading, a bullet ("- Chinese", "- English",
"- English (RegBench)") names the language of the fenced block that follows it. The
Scientific-Research heading has a single block and no bullet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

README = Path(__file__).parent / "data" / "anser-bench-README.md"
README_SHA256 = "819561a961b9d43d79d8f1ad3be19957c671eb2bc5f530f51e9102ee3b84f85e"
UPSTREAM_README = Path(__file__).parents[1] / ".." / "shared" / "spec" / "anser-bench-README.md"

# Which rubric (prompt file name) each README block is for: (heading, language bullet) -> id.
BLOCK_RUBRIC: dict[tuple[str, str | None], str] = {
    ("Legal Prescriptive LLM Judge", "Chinese"): "legal_prescriptive_zh",
    ("Legal Prescriptive LLM Judge", "English"): "legal_prescriptive_en",
    ("Finance Descriptive/Predictive LLM Judge", "Chinese"): "finance_dp_zh",
    ("Finance Descriptive/Predictive LLM Judge", "English"): "finance_dp_en",
    ("Finance Prescriptive LLM Judge", "Chinese"): "finance_prescriptive_zh",
    ("Finance Prescriptive LLM Judge", "English (RegBench)"): "regbench_en",
    ("Scientific-Research LLM Judge", None): "science_en",
}


@dataclass(frozen=True)
class JudgeBlock:
    heading: str  # the "####" heading, e.g. "Legal Prescriptive LLM Judge"
    variant: str | None  # the bullet before the block, e.g. "Chinese"; None where there is none
    text: str  # the lines between the fences, joined by "\n" (no final newline)
    line: int  # the README line of the opening fence (1-based)

    @property
    def rubric_id(self) -> str:
        key = (self.heading, self.variant)
        assert key in BLOCK_RUBRIC, f"README line {self.line}: no rubric known for block {key}"
        return BLOCK_RUBRIC[key]


def judge_blocks(readme: Path = README) -> list[JudgeBlock]:
    """Every fenced block of the README's "### LLM Judge" section, in README order."""
    lines = readme.read_bytes().decode("utf-8").split("\n")
    start = lines.index("### LLM Judge")
    blocks: list[JudgeBlock] = []
    heading: str | None = None
    variant: str | None = None
    opened: int | None = None
    body: list[str] = []
    for number, line in enumerate(lines[start + 1:], start + 2):
        if opened is not None:
            if line == "```":
                assert heading is not None, f"README line {opened}: a block before any heading"
                blocks.append(JudgeBlock(heading, variant, "\n".join(body), opened))
                opened, body = None, []
            else:
                body.append(line)
        elif line.startswith(("# ", "## ", "### ")):
            break
        elif line.startswith("#### "):
            heading, variant = line.removeprefix("#### ").strip(), None
        elif line.startswith("- "):
            variant = line.removeprefix("- ").strip()
        elif line.startswith("```"):
            opened = number
    assert opened is None, f"README line {opened}: the block is never closed"
    return blocks


def readme_prompt(rubric_id: str) -> str:
    """The README block of a rubric, placeholders intact."""
    found = [b.text for b in judge_blocks() if b.rubric_id == rubric_id]
    assert len(found) == 1, (rubric_id, len(found))
    return found[0]


def fill(template: str, **values: str) -> str:
    """The README block with its four placeholders replaced, in one pass."""
    assert set(values) == {"query", "instruction", "ground_truth", "answer"}
    return re.sub(r"\{(query|instruction|ground_truth|answer)\}",
                  lambda m: values[m.group(1)], template)
