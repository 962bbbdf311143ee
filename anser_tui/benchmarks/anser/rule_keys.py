"""The Chinese regulatory rules' keys: a rule `id` -> its (law_name, item) key.

finance_zh_prescriptive scores evidence as (law_name, item) pairs; a system may retrieve rule ids
instead. This map, read once from `finance/zh/regulatory_rules.jsonl`, lets the scorer resolve
them. The file is only read. A missing file gives an empty map (rule ids then stay unresolved,
and count as misses); a line that is not a JSON object is an InputError naming file and line.
"""

from __future__ import annotations

import json
from pathlib import Path

from anser_tui.benchmarks.anser.evidence_ids import id_text, law_item_key
from anser_tui.benchmarks.anser.groups import REG_RULES
from anser_tui.core.errors import InputError
from anser_tui.core.json_input import decode_plain


def rule_key_map(corpora_dir: Path) -> dict[str, str]:
    """{normalised rule id: law_item_key(law_name, item)} for every complete rule record."""
    path = Path(corpora_dir) / REG_RULES.path
    if not path.is_file():
        return {}
    keys: dict[str, str] = {}
    with path.open(encoding="utf-8-sig") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = decode_plain(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"invalid JSON: {exc.msg}", path, number) from None
            if not isinstance(record, dict):
                raise InputError("each line must be a JSON object", path, number)
            rule_id = id_text(record.get("id"))
            law, item = record.get("law_name"), record.get("item")
            if rule_id is None or law is None or item is None:
                continue
            keys[rule_id] = law_item_key(law, item)
    return keys
