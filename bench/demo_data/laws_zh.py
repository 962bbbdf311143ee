"""Chinese statutes and judicial interpretations (legal/zh/law_corpus.jsonl).

The names below are the laws the tasks cite; the provisions themselves are data/laws_zh.json.
"""

from __future__ import annotations

from typing import Any

from bench.demo_data.datafiles import law_provisions

CIVIL_CODE = "中华人民共和国民法典"
CRIMINAL_LAW = "中华人民共和国刑法"
ADMIN_LITIGATION_LAW = "中华人民共和国行政诉讼法"
LENDING_RULES = "最高人民法院关于审理民间借贷案件适用法律若干问题的规定"
THEFT_INTERPRETATION = "最高人民法院、最高人民检察院关于办理盗窃刑事案件适用法律若干问题的解释"
DISCLOSURE_REGULATION = "中华人民共和国政府信息公开条例"


def provisions() -> list[dict[str, Any]]:
    """The corpus records: `{id, law_name, item, content}`, ids `law_0001` onwards."""
    return [
        {"id": f"law_{i:04d}", "law_name": law, "item": item, "content": content}
        for i, (law, item, content) in enumerate(law_provisions(), start=1)
    ]


def law_id(law_name: str, item: str) -> str:
    """The corpus id of one provision."""
    for record in provisions():
        if (record["law_name"], record["item"]) == (law_name, item):
            return str(record["id"])
    raise KeyError(f"{law_name} {item}")
