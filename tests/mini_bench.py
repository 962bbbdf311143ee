"""A tiny ANSER-layout benchmark written by the tests themselves (independent of the demo)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

LEGAL_ZH_PRESCRIPTIVE = [
    {"id": "legal_zh_prescriptive_1", "type": None,
     "query": "甲借款10万元到期未还，乙起诉要求还本付息，法院应如何处理？",
     "instruction": "请在200字以内回答，并引用相关法条。",
     "ground_truth": "甲应返还借款本金并支付逾期利息，依据《民法典》第六百七十五条、第六百七十六条。",
     "evidence": ["law_675", "law_676"]},
    {"id": "legal_zh_prescriptive_2", "type": None,
     "query": "租赁合同中承租人擅自转租，出租人可否解除合同？",
     "instruction": "简要回答。",
     "ground_truth": "可以解除，依据《民法典》第七百一十六条。",
     "evidence": ["law_716"]},
]
FINANCE_ZH_DESCRIPTIVE = [
    {"id": "finance_zh_descriptive_12", "type": "numeric_fact",
     "query": "贵州茅台2023年营业收入是多少亿元？", "instruction": "只填数字。",
     "ground_truth": 1476.94, "evidence": ["600519_2023_annual"]},
    {"id": "finance_zh_descriptive_13", "type": "screening",
     "query": "以下哪家公司2023年净利润最高？A. 甲 B. 乙 C. 丙 D. 丁", "instruction": "只填选项。",
     "ground_truth": "B", "evidence": ["000001_2023_annual"]},
    {"id": "finance_zh_descriptive_104", "type": "text_summary",
     "query": "概括公司2023年主要经营风险。", "instruction": "100字以内。",
     "ground_truth": "原材料价格波动与市场竞争加剧。", "evidence": [{"type": "report", "id": "r1"}]},
    {"id": "finance_zh_descriptive_201", "type": "statistic",
     "query": "2023年营业收入超过1000亿元的公司有几家？", "instruction": "填整数。",
     "ground_truth": 2, "evidence": ["600519", "000858"]},
]
SCIENCE_PREDICTIVE = [
    {"id": "science_en_predictive_1", "type": "effect_direction",
     "query": "Does exercise reduce depressive symptoms in older adults?",
     "instruction": "Answer in one sentence.",
     "ground_truth": "Exercise reduces depressive symptoms.", "evidence": ["A1", "A2"]},
]


def write_mini_bench(root: Path, extra: dict[str, list[Any]] | None = None) -> Path:
    files = {"legal/zh/prescriptive.json": LEGAL_ZH_PRESCRIPTIVE,
             "finance/zh/descriptive.json": FINANCE_ZH_DESCRIPTIVE,
             "science/predictive.json": SCIENCE_PREDICTIVE, **(extra or {})}
    for rel, tasks in files.items():
        path = root / "benchmark" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(tasks, ensure_ascii=False, indent=2), encoding="utf-8")
    (root / "corpora").mkdir(exist_ok=True)
    return root


def write_jsonl(path: Path, records: list[Any]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
                    encoding="utf-8")
    return path
