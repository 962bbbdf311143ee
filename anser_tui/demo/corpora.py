"""The ten demo corpora: where each lives under `corpora/`, its records, and writing them."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from anser_tui.demo import (
    articles,
    audit_rules,
    cfr_217,
    finance_en,
    finance_zh,
    laws_zh,
    legal_cases,
    precedents,
    rules_zh,
    wenshu,
)
from anser_tui.demo.storage import write_jsonl, write_sqlite
from anser_tui.demo.wenshu_civil import labour, lending, traffic
from anser_tui.demo.wenshu_criminal import drunk_driving, theft
from anser_tui.demo.wenshu_other import disclosure, divorce, sale

CORPUS_FILES = {
    "legal_wenshu": "legal/zh/legal_wenshu.db",
    "law_corpus": "legal/zh/law_corpus.jsonl",
    "legal_cases": "legal/en/legal_cases.db",
    "precedents": "legal/en/precedents.sqlite",
    "finance_reports_zh": "finance/zh/finance_reports.sqlite",
    "regulatory_rules": "finance/zh/regulatory_rules.jsonl",
    "finance_reports_en": "finance/en/finance_reports.sqlite",
    "audit_rules": "finance/en/audit_rules.sqlite",
    "cfr_217": "finance/en/12_CFR_Part_217.sqlite",
    "articles": "science/articles.jsonl",
}


@cache
def wenshu_cases() -> tuple[wenshu.WenshuCase, ...]:
    """The Chinese decisions, numbered in corpus order."""
    filings = [
        *lending(), *traffic(), *labour(), *theft(), *drunk_driving(),
        *sale(), *divorce(), *disclosure(),
    ]  # fmt: skip
    return tuple(wenshu.number(filings))


@cache
def english_cases() -> tuple[legal_cases.LegalCase, ...]:
    """The English appellate cases in corpus order."""
    return tuple(legal_cases.cases())


def write_corpora(corpora_dir: Path) -> None:
    """Write every corpus file under `corpora_dir`."""
    path = {name: corpora_dir / relative for name, relative in CORPUS_FILES.items()}
    write_sqlite(path["legal_wenshu"], wenshu.tables(list(wenshu_cases())))
    write_jsonl(path["law_corpus"], laws_zh.provisions())
    write_sqlite(path["legal_cases"], legal_cases.tables(list(english_cases())))
    write_sqlite(path["precedents"], precedents.tables())
    write_sqlite(path["finance_reports_zh"], finance_zh.tables())
    write_jsonl(path["regulatory_rules"], rules_zh.rules())
    write_sqlite(path["finance_reports_en"], finance_en.tables())
    write_sqlite(path["audit_rules"], audit_rules.tables())
    write_sqlite(path["cfr_217"], cfr_217.tables())
    write_jsonl(path["articles"], articles.articles())
