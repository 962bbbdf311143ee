"""Chinese listing and disclosure rules (finance/zh/regulatory_rules.jsonl)."""

from __future__ import annotations

from typing import Any

from bench.demo_data.datafiles import regulatory_rules

SSE_RULES = "上海证券交易所股票上市规则（2024年4月修订）"


def rules() -> list[dict[str, Any]]:
    """The corpus records: `{id, law_name, item, content}`, ids `rule_001` onwards."""
    return [
        {"id": f"rule_{i:03d}", "law_name": law, "item": item, "content": content}
        for i, (law, item, content) in enumerate(regulatory_rules(), start=1)
    ]


def rule_id(law_name: str, item: str) -> str:
    """The corpus id of one rule."""
    return next(r["id"] for r in rules() if (r["law_name"], r["item"]) == (law_name, item))
