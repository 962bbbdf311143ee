"""The ten demo corpora: where each lives under `corpora/` (the app's evidence key spaces),
its records, and writing them."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from anser_tui.benchmarks.anser.groups import (
    ARTICLES,
    AUDIT,
    CFR_217,
    FILINGS_EN,
    LAW_CORPUS,
    LEGAL_CASES,
    PRECEDENTS,
    REG_RULES,
    REPORTS_ZH,
    WENSHU,
    EvidenceSpace,
)
from bench.demo_data import (
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
from bench.demo_data.storage import write_jsonl, write_sqlite
from bench.demo_data.wenshu_civil import labour, lending, traffic
from bench.demo_data.wenshu_criminal import drunk_driving, theft
from bench.demo_data.wenshu_other import disclosure, divorce, sale

# One key space per corpus file, naming the file; the company spaces share the report files.
CORPORA = (
    WENSHU, LAW_CORPUS, LEGAL_CASES, PRECEDENTS, REPORTS_ZH, REG_RULES,
    FILINGS_EN, AUDIT, CFR_217, ARTICLES,
)  # fmt: skip


def corpus_name(space: EvidenceSpace) -> str:
    """The name of the corpus file that holds a key space's units."""
    return next(corpus.corpus for corpus in CORPORA if corpus.path == space.path)


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

    def path(space: EvidenceSpace) -> Path:
        return corpora_dir / space.path

    write_sqlite(path(WENSHU), wenshu.tables(list(wenshu_cases())))
    write_jsonl(path(LAW_CORPUS), laws_zh.provisions())
    write_sqlite(path(LEGAL_CASES), legal_cases.tables(list(english_cases())))
    write_sqlite(path(PRECEDENTS), precedents.tables())
    write_sqlite(path(REPORTS_ZH), finance_zh.tables())
    write_jsonl(path(REG_RULES), rules_zh.rules())
    write_sqlite(path(FILINGS_EN), finance_en.tables())
    write_sqlite(path(AUDIT), audit_rules.tables())
    write_sqlite(path(CFR_217), cfr_217.tables())
    write_jsonl(path(ARTICLES), articles.articles())
