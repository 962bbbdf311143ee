"""The demo system's run: one answer line per task and its reproducibility log.

Evidence is ranked relative to each task's gold list (`Retrieval`): gold ids kept, corpus ids
outside the gold list before and after them, duplicates and ids given verbatim.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from anser_tui.benchmarks.anser.groups import (
    ARTICLES,
    AUDIT,
    CFR_217,
    COMPANIES_EN,
    COMPANIES_ZH,
    FILINGS_EN,
    LAW_CORPUS,
    LEGAL_CASES,
    PRECEDENTS,
    REG_RULES,
    REPORTS_ZH,
    WENSHU,
    EvidenceSpace,
)
from bench.demo_data import articles, audit_rules, finance_en, finance_zh, laws_zh, precedents
from bench.demo_data.corpora import corpus_name, english_cases, wenshu_cases
from bench.demo_data.datafiles import cfr_paragraphs, en_companies, zh_companies
from bench.demo_data.records import DemoTask, Retrieval, task_range
from bench.demo_data.rules_zh import rule_id, rules

MODEL = "gpt-4.1-mini-2025-04-14"
RETRIEVER = "bm25+bge-m3-rerank"
STARTED = datetime(2025, 3, 14, 9, 0, 0, tzinfo=UTC)


@dataclass(frozen=True)
class KeySpace:
    """How the demo system names the units of one of the app's evidence key spaces."""

    evidence_type: str  # the `type` of its `retrieved_evidence` entries
    ids: Callable[[], list[Any]]  # every id of the space in corpus order


KEY_SPACES: dict[EvidenceSpace, KeySpace] = {
    WENSHU: KeySpace("case", lambda: [c.anhao for c in wenshu_cases()]),
    LAW_CORPUS: KeySpace("law_article", lambda: [p["id"] for p in laws_zh.provisions()]),
    LEGAL_CASES: KeySpace("case", lambda: [c.cluster_id for c in english_cases()]),
    PRECEDENTS: KeySpace("precedent_case", lambda: [d[0] for d in precedents.documents()]),
    REPORTS_ZH: KeySpace(
        "financial_report",
        lambda: [r.report_id for r in finance_zh.reports() if r.split == "retrieval"],
    ),
    COMPANIES_ZH: KeySpace("company", lambda: [c.stock_code for c in zh_companies()]),
    REG_RULES: KeySpace("regulatory_rule", lambda: [r["id"] for r in rules()]),
    FILINGS_EN: KeySpace(
        "filing", lambda: [f.accession for f in finance_en.filings() if f.split == "retrieval"]
    ),
    COMPANIES_EN: KeySpace("company", lambda: [c.cik for c in en_companies()]),
    AUDIT: KeySpace("filing_fact", lambda: [f[0] for f in audit_rules.facts()]),
    CFR_217: KeySpace("cfr_paragraph", lambda: [p.paragraph_id for p in cfr_paragraphs()]),
    ARTICLES: KeySpace("article", lambda: [a["ID"] for a in articles.articles()]),
}


def evidence_space(task: DemoTask) -> EvidenceSpace:
    """Where a task's evidence ids come from: its group's key space in the app."""
    return task_range(task.id).evidence


def _gold_ids(task: DemoTask) -> list[Any]:
    """Gold evidence as the ids a system retrieves: (law_name, item) pairs become rule ids."""
    return [rule_id(e["law_name"], e["item"]) if isinstance(e, dict) else e for e in task.evidence]


def ranked_evidence(task: DemoTask, retrieval: Retrieval) -> list[dict[str, Any]]:
    """The `retrieved_evidence` list of one task."""
    space = KEY_SPACES[evidence_space(task)]
    gold = _gold_ids(task)
    kept = gold if retrieval.keep is None else gold[: retrieval.keep]
    others = [i for i in space.ids() if i not in gold]
    start = sum(map(ord, task.id)) % len(others)
    picks = (others[start:] + others[:start])[: retrieval.lead + retrieval.trail]
    ids = [
        *picks[: retrieval.lead],
        *kept[:1],
        *(kept[:1] if retrieval.duplicate else []),
        *kept[1:],
        *picks[retrieval.lead :],
        *retrieval.extra,
    ]
    return [{"type": space.evidence_type, "id": i} for i in ids]


def run_records(tasks: list[DemoTask]) -> list[dict[str, Any]]:
    """`demo-system.jsonl`: tasks without a response are missing from the run."""
    return [
        {
            "id": t.id,
            "answer": t.response.answer,
            "retrieved_evidence": ranked_evidence(t, t.response.retrieval),
        }
        for t in tasks
        if t.response is not None
    ]


def log_records(tasks: list[DemoTask], run: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`demo-system.log.jsonl` for the run's lines: deterministic clock, latency and tokens."""
    by_id = {t.id: t for t in tasks}
    records = []
    clock = STARTED
    for i, line in enumerate(run):
        task = by_id[line["id"]]
        latency = round(3.2 + (i * 37 % 230) / 10, 2)
        finished = clock + timedelta(seconds=latency)
        calls = [
            {
                "input_tokens": 1400
                + 310 * len(line["retrieved_evidence"])
                + (i * 131 + k * 57) % 900,
                "output_tokens": 90 + len(str(line["answer"])) // 2 + k * 40,
            }
            for k in range(1 + i % 3)
        ]
        corpus = corpus_name(evidence_space(task))
        search = {"corpus": corpus, "query": task.query[:80], "top_k": 20}
        if task.response is not None and task.response.logged:
            records.append(
                {
                    "id": task.id,
                    "started_at": clock.isoformat(),
                    "finished_at": finished.isoformat(),
                    "latency_s": latency,
                    "model": MODEL,
                    "retriever": RETRIEVER,
                    "calls": calls,
                    "tool_calls": [{"name": "search_corpus", "arguments": search}],
                    "answer": line["answer"],
                    "retrieved_evidence": line["retrieved_evidence"],
                    "error": None,
                }
            )
        clock = finished + timedelta(seconds=0.5)
    return records
