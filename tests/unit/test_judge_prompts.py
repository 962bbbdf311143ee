"""The judge prompts: the README's blocks byte for byte, chosen by group, filled in one pass."""

from __future__ import annotations

import hashlib
import json
import re
from importlib import resources

import pytest
from readme_prompts import (
    BLOCK_RUBRIC,
    README,
    README_SHA256,
    UPSTREAM_README,
    JudgeBlock,
    judge_blocks,
)

from anser_tui.benchmarks.anser.benchmark import PROMPT_FIELDS as PLACEHOLDERS
from anser_tui.benchmarks.anser.groups import GROUPS, RUBRICS, rubric_for
from anser_tui.judge.prompts import fill_prompt, ground_truth_text, prompt_template

# sha256 of each prompt file when it was made: they flag an edit to a file. The guard that a file
# is the README's block is test_prompt_file_equals_its_readme_block, against the vendored README.
PROMPT_SHA256 = {
    "legal_prescriptive_zh": "308f25b337ccd129cf6ff4f986542780bb209e8123630daabcb315612b2eeb16",
    "legal_prescriptive_en": "ed5bfc2b14c331f077da36b48e0017ee308c2888b3d348f6cd78d305829f5576",
    "finance_dp_zh": "2988c8ffe13328e0875a55021e6b56afd9bf58e1e6c1f174acb0f5b5040da29e",
    "finance_dp_en": "d262961a06290c06bf11a14eb767e9fa15cc0179fc65f42f5fa2be28eebfb949",
    "finance_prescriptive_zh": "c21cb028185b9580b6568203ae6cc3ce2b7b271d002eae85b9ff2cd2afab7f48",
    "regbench_en": "c7610e73953721e2ed1a51d7b676f96b8ca3b1614f1b459a7f3809441e278cf8",
    "science_en": "16448483947b1d17862564e6c402ab2ef871b55660aa694975f1559dd3678d56",
}
FIRST_LINES = {
    "legal_prescriptive_zh": "你是一名严格的中文法律规范型答案评审员。",
    "legal_prescriptive_en": "You are a strict evaluator of precedent-grounded legal answers.",
    "finance_dp_zh": "你是一名严格的中文金融描述型／预测型简答评审员。",
    "finance_dp_en": "You are a strict evaluator of financial descriptive and forecasting",
    "finance_prescriptive_zh": "你是一名严格的中文金融监管合规答案评审员。",
    "regbench_en": "You are a strict evaluator of RegBench answers.",
    "science_en": "You are a strict evaluator of evidence-synthesis short answers.",
}
# The other benchmarks' templates, each checked against its source in its own tests
# (test_prbench_judge.py, test_aalcr_verdicts.py); the folder holds nothing else.
PROMPTS = "anser_tui.benchmarks.anser"  # the package whose prompts/ holds ANSER-Bench's
OTHER_BENCHMARK_FILES = {"anser_tui.benchmarks.prbench": {"prbench_grader.txt"},
                         "anser_tui.benchmarks.aalcr": {"aalcr_v1_1_system.txt",
                                                        "aalcr_v1_1_user.txt",
                                                        "aalcr_v1_0_user.txt"}}
TAIL = "QUERY:\n{query}\n\nINSTRUCTION:\n{instruction}\n\nGROUND_TRUTH:\n{ground_truth}\n\nANSWER:\n{answer}\n"


def _file_bytes(rubric_id: str) -> bytes:
    return resources.files(PROMPTS).joinpath("prompts", f"{rubric_id}.txt").read_bytes()


def test_one_prompt_file_per_rubric() -> None:
    files = {p.name for p in resources.files(PROMPTS).joinpath("prompts").iterdir()}
    assert files == {f"{rid}.txt" for rid in RUBRICS}
    for package, names in OTHER_BENCHMARK_FILES.items():  # each benchmark's in its own package
        assert {p.name for p in resources.files(package).joinpath("prompts").iterdir()} == names
    assert set(PROMPT_SHA256) == set(RUBRICS)


@pytest.mark.parametrize("rubric_id", sorted(PROMPT_SHA256))
def test_prompt_file_matches_its_pin(rubric_id: str) -> None:
    data = _file_bytes(rubric_id)
    assert hashlib.sha256(data).hexdigest() == PROMPT_SHA256[rubric_id]
    text = data.decode("utf-8")
    assert text.startswith(FIRST_LINES[rubric_id])
    assert text.endswith(TAIL)
    assert "\r" not in text


def test_vendored_readme_is_the_spec_unchanged() -> None:
    data = README.read_bytes()
    assert hashlib.sha256(data).hexdigest() == README_SHA256
    if not UPSTREAM_README.is_file():
        pytest.skip(f"no {UPSTREAM_README} to compare the vendored copy with")
    assert data == UPSTREAM_README.read_bytes()


BLOCK_KEYS = sorted(BLOCK_RUBRIC, key=lambda k: BLOCK_RUBRIC[k])


def _block(key: tuple[str, str | None]) -> JudgeBlock:
    found = [b for b in judge_blocks() if (b.heading, b.variant) == key]
    assert len(found) == 1, (key, [b.line for b in found])
    return found[0]


def test_every_readme_judge_block_has_a_file_and_every_file_a_block() -> None:
    blocks = judge_blocks()
    keys = [(b.heading, b.variant) for b in blocks]
    assert len(keys) == len(set(keys))
    assert set(keys) == set(BLOCK_RUBRIC), "a README judge block the tests do not know"
    files = {p.name for p in resources.files(PROMPTS).joinpath("prompts").iterdir()}
    assert files == {f"{b.rubric_id}.txt" for b in blocks}
    assert {b.rubric_id for b in blocks} == set(RUBRICS)


@pytest.mark.parametrize("key", BLOCK_KEYS, ids=lambda k: BLOCK_RUBRIC[k])
def test_prompt_file_equals_its_readme_block(key: tuple[str, str | None]) -> None:
    block = _block(key)
    assert _file_bytes(BLOCK_RUBRIC[key]) == (block.text + "\n").encode("utf-8")
    assert prompt_template(BLOCK_RUBRIC[key], PROMPTS) == block.text  # what is sent: the block itself


HEADING_DOMAIN = {"Legal": "legal", "Finance": "finance", "Scientific-Research": "science"}
VARIANT_LANG = {"Chinese": "zh", "English": "en"}


@pytest.mark.parametrize("key", BLOCK_KEYS, ids=lambda k: BLOCK_RUBRIC[k])
def test_rubric_of_a_file_is_the_one_its_readme_block_names_and_weighs(
        key: tuple[str, str | None]) -> None:
    block = _block(key)
    rubric = RUBRICS[BLOCK_RUBRIC[key]]
    # dimensions: the JSON template the block asks the judge to fill, in its order
    template = re.search(r'\{"score_0_100":0,.*?\}', block.text)
    assert template is not None
    fields = list(json.loads(template.group(0)))
    assert fields[0] == "score_0_100" and fields[-1] == "reason"
    assert tuple(fields[1:-1]) == rubric.keys
    # weights: the block's percentages (or the decimals of the Chinese legal block), in order
    percents = re.findall(r"(\d+)%", block.text)
    weights = ([int(p) / 100 for p in percents] if percents
               else [float(w) for w in re.findall(r"\b0\.\d+", block.text)])
    assert weights == pytest.approx([c.weight for c in rubric.criteria])
    assert sum(weights) == pytest.approx(1.0)
    # heading and language bullet: the groups scored with this rubric are the ones they name
    first, _, rest = block.heading.removesuffix(" LLM Judge").partition(" ")
    domain = HEADING_DOMAIN[first]
    objectives = (set(rest.lower().split("/")) if rest
                  else {g.objective for g in GROUPS if g.domain == domain})
    langs = ({VARIANT_LANG[block.variant.split()[0]]} if block.variant
             else {g.lang for g in GROUPS if g.domain == domain})
    assert len(langs) == 1
    scored = {(g.domain, g.lang, g.objective) for g in GROUPS for r in g.ranges
              if r.rubric == rubric.id}
    assert scored == {(domain, lang, o) for lang in langs for o in objectives}
    assert rubric.id.endswith("_" + langs.pop())
    assert (re.search(r"[\u4e00-\u9fff]", block.text) is not None) == (block.variant == "Chinese")


@pytest.mark.parametrize("rubric_id", sorted(PROMPT_SHA256))
def test_template_names_the_rubric_dimensions_in_order(rubric_id: str) -> None:
    template = prompt_template(rubric_id, PROMPTS)
    found = re.search(r'\{"score_0_100":0,(.*?),"reason":"[^"]*"\}', template)
    assert found is not None
    keys = [part.split(":")[0].strip('"') for part in found.group(1).split(",")]
    assert keys == list(RUBRICS[rubric_id].keys)
    for name in PLACEHOLDERS:
        assert template.count("{" + name + "}") == 1
    assert template.endswith("ANSWER:\n{answer}")  # the file's final newline is not sent


@pytest.mark.parametrize(("group", "form", "number", "rubric_id"), [
    ("legal_zh_prescriptive", "short", 1, "legal_prescriptive_zh"),
    ("legal_en_prescriptive", "short", 1, "legal_prescriptive_en"),
    ("finance_zh_descriptive", "short", 104, "finance_dp_zh"),
    ("finance_zh_predictive", "short", 101, "finance_dp_zh"),
    ("finance_en_descriptive", "short", 100, "finance_dp_en"),
    ("finance_en_predictive", "short", 121, "finance_dp_en"),
    ("finance_zh_prescriptive", "short", 7, "finance_prescriptive_zh"),
    ("finance_en_prescriptive", "short", 10, "regbench_en"),
    ("science_en_descriptive", "short", 1, "science_en"),
    ("science_en_predictive", "short", 1, "science_en"),
])
def test_prompt_chosen_by_group_form_and_language(group: str, form: str, number: int,
                                                  rubric_id: str) -> None:
    rubric = rubric_for(group, form, number)
    assert rubric is not None and rubric.id == rubric_id
    chinese = re.search(r"[\u4e00-\u9fff]", prompt_template(rubric.id, PROMPTS)) is not None
    assert chinese == ("_zh_" in group)


def test_forms_the_judge_does_not_score_have_no_rubric() -> None:
    assert rubric_for("finance_zh_descriptive", "numeric", 5) is None
    assert rubric_for("finance_en_prescriptive", "structured", 250) is None


def test_fill_replaces_exactly_the_four_placeholders_once() -> None:
    template = prompt_template("legal_prescriptive_zh", PROMPTS)
    filled = fill_prompt(template, query="Q {answer}", instruction="I {query}",
                         ground_truth="G", answer="A {ground_truth} {\"x\": 1}")
    assert filled.endswith("QUERY:\nQ {answer}\n\nINSTRUCTION:\nI {query}\n\n"
                           "GROUND_TRUTH:\nG\n\nANSWER:\nA {ground_truth} {\"x\": 1}")
    # the JSON template's own braces are untouched
    assert '{"score_0_100":0,"conclusion":0,"rule_citation":0' in filled
    assert filled.startswith(FIRST_LINES["legal_prescriptive_zh"])


def test_ground_truth_text_as_is_or_json_with_non_ascii_kept() -> None:
    assert ground_truth_text("可以解除。") == "可以解除。"
    assert ground_truth_text({"结论": "是", "odds_ratio": 1.5}) == '{"结论": "是", "odds_ratio": 1.5}'
    assert ground_truth_text(1476.94) == "1476.94"
    assert ground_truth_text(["A", "C"]) == json.dumps(["A", "C"])
