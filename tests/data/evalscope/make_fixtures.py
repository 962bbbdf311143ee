"""Make the evalscope fixtures by running evalscope's own `prbench` and `aa_lcr` benchmarks
offline against a fake OpenAI server on 127.0.0.1 (solver and judge both), on tiny local
datasets in the shapes the benchmarks read.

Run it with a venv holding evalscope (never the project's own venv):

    python3.11 -m venv .venv-evalscope
    .venv-evalscope/bin/pip install /opt/wheels/torch-2.13.0+cpu-*.whl   # or torch==2.13.0
    .venv-evalscope/bin/pip install evalscope
    .venv-evalscope/bin/python tests/data/evalscope/make_fixtures.py

It writes, beside itself:
- prbench/: the PRBench split files (dataset card form, `finance.jsonl`, `legal.jsonl`) and a
  README.md whose `configs` name them as the splits, as the hub's dataset does (evalscope
  reads a local folder with the `datasets` library).
- aalcr/: `AA-LCR_Dataset.csv` with its `lcr/` documents, and a README.md naming the CSV as
  the `test` split.
- outputs/<timestamp>/: what evalscope wrote (predictions/, reviews/, reports/; configs and
  logs left out), for both benchmarks in one evaluation.

Made to happen: PRBench sample fin-3's judge reply for one criterion is not JSON (evalscope
excludes the sample); AA-LCR question 4's judge reply is a hedge that is no verdict (a failed
review); AA-LCR question 2's answer comes with reasoning content (not part of the answer).
"""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from fake_openai import FakeOpenAI  # noqa: E402

MODEL = "fake-model"


def _criterion(cid: str, title: str, weight: int, category: str) -> dict[str, Any]:
    weight_class = "important" if weight > 0 else "detrimental"
    notes: dict[str, Any] = {f"{c}_weight": None for c in (
        "critically_important", "important", "slightly_important", "slightly_detrimental",
        "detrimental", "critically_detrimental")}
    notes[f"{weight_class}_weight"] = weight
    notes.update(weight_class=weight_class, criteria_category=category,
                 criteria_description="rationale, never judged")
    return {"id": cid, "title": title, "annotations": notes}


def _sample(task: str, field: str, prompts: list[str], rubric: list[dict[str, Any]]
            ) -> dict[str, Any]:
    record: dict[str, Any] = {"task": task, "turns": len(prompts), "field": field,
                              "topic": "Tax", "expert": "Expert", "scratchpad": "",
                              "economic_pathway": "Compliance", "decision_type": "Reporting",
                              "rubric": rubric}
    for i in range(10):
        record[f"prompt_{i}"] = prompts[i] if i < len(prompts) else None
        record[f"reference_texts_{i}"] = None
        if i < 9:
            record[f"response_{i}"] = f"Earlier answer {i}." if i < len(prompts) - 1 else None
            record[f"model_{i}"] = None
    return record


def prbench_splits() -> dict[str, list[dict[str, Any]]]:
    def rubric(task: str) -> list[dict[str, Any]]:
        return [_criterion(f"{task}-a", f"[{task}] MET: names the rule.", 8, "Accuracy"),
                _criterion(f"{task}-b", f"[{task}] NOTMET: cites the statute.", 5, "Accuracy"),
                _criterion(f"{task}-c", f"[{task}] MET: invents a fact.", -4, "Risk")]

    finance = [_sample(f"fin-{i}", "Finance", ["First turn.", f"Finance question {i}?"],
                       rubric(f"fin-{i}")) for i in range(1, 5)]
    legal = [_sample(f"leg-{i}", "Legal", ["First turn.", f"Legal question {i}?"],
                     rubric(f"leg-{i}")) for i in range(1, 3)]
    return {"finance": finance, "legal": legal}


AALCR = [  # (question_id, category, set, question, answer, the system's answer)
    ("1", "Legal", "set_a", "Which year was the act passed?", "1998", "It was passed in 1998."),
    ("2", "Legal", "set_a", "Who signed the act?", "The minister", "The minister signed it."),
    ("3", "Finance", "set_b", "What was the revenue?", "12 million", "About 40 million."),
    ("4", "Finance", "set_b", "Which quarter grew most?", "Q3", "Probably Q2 or Q3."),
    ("5", "Finance", "set_b", "What is the ticker?", "ACME", "ACME"),
]
COLUMNS = ("document_category", "document_set_id", "question_id", "question", "answer",
           "data_source_filenames", "data_source_urls", "input_tokens")


def write_aalcr(root: Path) -> None:
    for category, doc_set in {(r[1], r[2]) for r in AALCR}:
        folder = root / "lcr" / category / doc_set
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("report", "annex"):
            (folder / f"{name}.txt").write_text(f"{category} {doc_set} {name}: the facts.\n",
                                                encoding="utf-8")
    with (root / "AA-LCR_Dataset.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(COLUMNS)
        for qid, category, doc_set, question, answer, _ in AALCR:
            writer.writerow([category, doc_set, qid, question, answer, "report;annex",
                             "https://example.org/r;https://example.org/a", 100])
    _card(root, {"test": "AA-LCR_Dataset.csv"})


def _card(root: Path, splits: dict[str, str]) -> None:
    """A dataset card whose `configs` name each split's file (how `datasets` finds them)."""
    lines = ["---", "configs:", "- config_name: default", "  data_files:"]
    for split, name in splits.items():
        lines += [f"  - split: {split}", f"    path: {name}"]
    (root / "README.md").write_text("\n".join([*lines, "---", ""]), encoding="utf-8")


def _prbench_judge(prompt: str) -> str:
    title = re.search(r"# Rubric item\n(.*?)\n", prompt)
    text = title.group(1) if title else ""
    if text.startswith("[fin-3] NOTMET"):
        return "I think it is met, mostly."  # not JSON: evalscope excludes the sample
    met = "MET:" in text and "NOTMET" not in text
    if text.startswith("[fin-2]"):
        met = not met
    return "```json\n" + json.dumps({"explanation": f"judged: {text}", "criteria_met": met}) \
        + "\n```"


def _aalcr_judge(prompt: str) -> str:
    official = re.search(r"The OFFICIAL ANSWER: (.*)\n", prompt)
    candidate = re.search(r"CANDIDATE ANSWER TO ASSESS: (.*)\n", prompt)
    said = candidate.group(1) if candidate else ""
    if "Probably" in said:
        return "PARTIALLY CORRECT"
    right = bool(official) and official.group(1).strip().lower() in said.lower()
    return json.dumps({"reasoning": "compared", "verdict": "CORRECT" if right else "INCORRECT"})


def reply(prompt: str) -> str | tuple[str, str]:
    if "# Rubric item" in prompt:
        return _prbench_judge(prompt)
    if "CANDIDATE ANSWER TO ASSESS" in prompt:
        return _aalcr_judge(prompt)
    for qid, _, _, question, _, answer in AALCR:
        if f"\n{question}\n" in prompt:
            return ("Let me look at the documents first.", answer) if qid == "2" else answer
    found = re.search(r"(Finance|Legal) question (\d+)\?", prompt)
    return f"A careful answer to {found.group(0)}" if found else "An answer."


def main() -> None:
    from evalscope import run_task
    from evalscope.config import TaskConfig

    prbench, aalcr = HERE / "prbench", HERE / "aalcr"
    shutil.rmtree(prbench, ignore_errors=True)
    shutil.rmtree(aalcr, ignore_errors=True)
    prbench.mkdir()
    for split, records in prbench_splits().items():
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
        (prbench / f"{split}.jsonl").write_text(text, encoding="utf-8")
    _card(prbench, {s: f"{s}.jsonl" for s in prbench_splits()})
    write_aalcr(aalcr)
    os.environ.update(HF_HUB_OFFLINE="1", MODELSCOPE_OFFLINE="1")
    with FakeOpenAI(reply) as url, tempfile.TemporaryDirectory() as tmp:
        judge = {"strategy": "llm", "models": [{"model_id": MODEL, "api_url": url,
                                                "api_key": "dummy"}]}
        run_task(TaskConfig(
            model=MODEL, api_url=url, api_key="dummy", eval_type="openai_api",
            datasets=["prbench", "aa_lcr"], work_dir=tmp, judge=judge, eval_batch_size=1,
            dataset_args={"prbench": {"dataset_id": str(prbench),
                                      "subset_list": ["finance", "legal"]},
                          "aa_lcr": {"dataset_id": str(aalcr),
                                     "extra_params": {"text_dir": str(aalcr / "lcr")}}}))
        [run] = [d for d in Path(tmp).iterdir() if d.is_dir()]
        shutil.rmtree(HERE / "outputs", ignore_errors=True)
        for part in ("predictions", "reviews", "reports"):
            shutil.copytree(run / part, HERE / "outputs" / run.name / part,
                            ignore=shutil.ignore_patterns("*.html"))
    for path in sorted((HERE / "outputs").rglob("*.*")):
        print(path.relative_to(HERE))


if __name__ == "__main__":
    main()
