"""Synthetic tasks for the scoring bench: 2,235 (the README's group sizes) and runs over them.

In memory only (bench.synthetic_corpora writes the full-scale benchmark folder); these tasks
exist to time the scorer.

Every form appears with the shapes real answers take: numbers with units and separators, option
letters in another order, judgment words, fenced JSON, unparsed answers, duplicated and
unresolvable evidence ids, rule ids for the Chinese regulatory rules, and tasks missing from a
run. Seeded: the same seed gives the same tasks and runs.
"""

from __future__ import annotations

import json
import random
from typing import Any

from anser_tui.benchmarks.anser.evidence_ids import law_item_key
from anser_tui.benchmarks.anser.groups import GROUPS
from anser_tui.workspace.records import LogRecord, RunOutput
from anser_tui.workspace.tasks import AnswerKey, Form, Task, TaskPrompt

SIZES = {
    "legal_zh_descriptive": 200, "legal_zh_predictive": 100, "legal_zh_prescriptive": 100,
    "legal_en_descriptive": 200, "legal_en_predictive": 95, "legal_en_prescriptive": 57,
    "finance_zh_descriptive": 300, "finance_zh_predictive": 200, "finance_zh_prescriptive": 100,
    "finance_en_descriptive": 300, "finance_en_predictive": 200, "finance_en_prescriptive": 300,
    "science_en_descriptive": 20, "science_en_predictive": 63,
}
_TEXT = ("the company reported higher revenue growth while margins declined due to rising costs "
         "court held that the contract was void and the defendant must repay the loan with "
         "interest exercise reduces depressive symptoms in older adults risk increases")
WORDS = _TEXT.split(" ")
RULES = [{"id": f"rule_{i:03d}", "law_name": f"规则{i % 12}", "item": f"第{i}条"}
         for i in range(1, 217)]


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def _truth(rng: random.Random, group: str, form: Form, number: int) -> Any:
    if form is Form.NUMERIC:
        return round(rng.uniform(-500, 5000), 2)
    if form is Form.STATISTIC:
        return rng.randint(0, 300)
    if form is Form.CHOICE:
        if group == "finance_zh_predictive" and number >= 89:
            return rng.choice(["是", "否"])
        return "".join(sorted(rng.sample("ABCD", rng.choice([1, 1, 2]))))
    if form is Form.STRUCTURED and group.startswith("finance"):
        return {"rule_id": f"DQC_{rng.randint(1, 137):04d}", "value": rng.randint(1, 10**6)}
    if form is Form.STRUCTURED:
        if rng.random() < 0.6 or group.startswith("legal_en"):
            return {"option": rng.choice("ABC"), "n": 200,
                    "odds_ratio": round(rng.uniform(0.2, 5), 2), "p_value": 0.03}
        return {"option": rng.choice("ABC"), "n": 150,
                "median_difference": round(rng.uniform(-30, 30), 1), "ci_95": [-1, 1]}
    return _sentence(rng, rng.randint(12, 40))


def _evidence(rng: random.Random, group: str, form: Form) -> list[Any]:
    if group == "finance_zh_prescriptive":
        return [{"law_name": r["law_name"], "item": r["item"]} for r in rng.sample(RULES, 2)]
    sets = form is Form.STATISTIC or (group.startswith("legal") and form is not Form.SHORT)
    size = rng.randint(5, 40) if sets else rng.randint(1, 5)
    return [f"{group[:3]}-{rng.randint(1, 20000)}" for _ in range(size)]


def synthetic_tasks(seed: int = 0) -> list[Task]:
    """2,235 tasks in README order, each placed in its group and form by its number."""
    rng = random.Random(seed)
    tasks: list[Task] = []
    for group in GROUPS:
        for number in range(1, SIZES[group.name] + 1):
            spec = group.range_for(number)
            assert spec is not None
            task_id = f"{group.name}_{number}"
            tasks.append(Task(
                id=task_id, benchmark="anser", group=group.name, form=spec.form,
                lang=group.lang, domain=group.domain, objective=group.objective, number=number,
                seq=len(tasks), source=f"benchmark/{group.file}", line=number + 1,
                prompt=TaskPrompt(id=task_id, query="q", instruction=""),
                key=AnswerKey(ground_truth=_truth(rng, group.name, spec.form, number),
                              evidence=_evidence(rng, group.name, spec.form))))
    return tasks


def _answer(rng: random.Random, task: Task) -> Any:
    truth, roll = task.ground_truth, rng.random()
    if task.form in (Form.NUMERIC, Form.STATISTIC):
        if roll < 0.05:
            return "无法确定"
        value = truth * rng.uniform(0.8, 1.2)
        return rng.choice([f"约{value:,.2f}亿元", f"{value:.1f}", f"${value:,.0f}", value])
    if task.form is Form.CHOICE:
        if truth in ("是", "否"):
            return rng.choice(["是", "否", "不是", "正确", "判断：错误"])
        letters = ", ".join(reversed(truth)) if roll < 0.5 else f"答案：{rng.choice('ABCD')}"
        return letters if roll > 0.05 else "I cannot tell"
    if task.form is Form.STRUCTURED:
        answer = dict(truth)
        for key in ("odds_ratio", "median_difference", "value"):
            if key in answer:
                answer[key] = round(answer[key] * rng.uniform(0.7, 1.3), 2)
        if roll < 0.05:
            answer.pop("odds_ratio", None)
        return f"结果如下：\n```json\n{json.dumps(answer)}\n```" if roll < 0.5 else answer
    return _sentence(rng, rng.randint(8, 40))


def _retrieved(rng: random.Random, task: Task, rule_ids: dict[str, str]) -> list[Any]:
    gold = list(task.evidence)
    if task.group == "finance_zh_prescriptive":
        gold = [rule_ids[law_item_key(g["law_name"], g["item"])] for g in gold]
    kept = rng.sample(gold, rng.randint(0, len(gold)))
    noise = [f"noise-{rng.randint(1, 10**6)}" for _ in range(rng.randint(0, 8))]
    ranked = kept + noise
    rng.shuffle(ranked)
    return ranked + ranked[:1]  # a duplicate at the end


def synthetic_run(tasks: list[Task], seed: int = 1) -> dict[str, RunOutput]:
    """One run's outputs: about 2% of the tasks missing, the rest answered."""
    rng = random.Random(seed)
    rule_ids = {law_item_key(r["law_name"], r["item"]): r["id"] for r in RULES}
    return {t.id: RunOutput(task_id=t.id, answer=_answer(rng, t),
                            retrieved=_retrieved(rng, t, rule_ids))
            for t in tasks if rng.random() > 0.02}


def synthetic_logs(tasks: list[Task], seed: int = 2) -> dict[str, LogRecord]:
    rng = random.Random(seed)
    return {t.id: LogRecord(task_id=t.id, latency_s=rng.lognormvariate(1, 0.5),
                            input_tokens=rng.randint(500, 20000),
                            output_tokens=rng.randint(20, 800))
            for t in tasks if rng.random() > 0.05}


def rule_keys() -> dict[str, str]:
    """The rule map `rule_key_map` would read from these rules."""
    return {r["id"]: law_item_key(r["law_name"], r["item"]) for r in RULES}

