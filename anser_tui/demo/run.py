"""The demo system's run: one answer line per task and its reproducibility log.

Evidence is ranked relative to each task's gold list (`Retrieval`): gold ids kept, corpus ids
outside the gold list before and after them, duplicates and ids given verbatim.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from anser_tui.demo import articles, audit_rules, finance_en, finance_zh, laws_zh, precedents
from anser_tui.demo.corpora import english_cases, wenshu_cases
from anser_tui.demo.datafiles import cfr_paragraphs, en_companies, zh_companies
from anser_tui.demo.records import DemoTask, Retrieval
from anser_tui.demo.rules_zh import rule_id, rules

MODEL = "gpt-4.1-mini-2025-04-14"
RETRIEVER = "bm25+bge-m3-rerank"
STARTED = datetime(2025, 3, 14, 9, 0, 0, tzinfo=UTC)


@dataclass(frozen=True)
class KeySpace:
    """The evidence key space of a group's tasks (of one type, or of any when None)."""

    prefix: str
    task_type: str | None
    evidence_type: str
    corpus: str
    ids: Callable[[], list[Any]]  # every id of the space in corpus order


# most specific first: the first match wins
KEY_SPACES = (
    KeySpace("legal_zh_prescriptive", None, "law_article", "law_corpus",
             lambda: [p["id"] for p in laws_zh.provisions()]),
    KeySpace("legal_zh", None, "case", "legal_wenshu", lambda: [c.anhao for c in wenshu_cases()]),
    KeySpace("legal_en_prescriptive", None, "precedent_case", "precedents",
             lambda: [d[0] for d in precedents.documents()]),
    KeySpace("legal_en", None, "case", "legal_cases",
             lambda: [c.cluster_id for c in english_cases()]),
    KeySpace("finance_zh_prescriptive", None, "regulatory_rule", "regulatory_rules",
             lambda: [r["id"] for r in rules()]),
    KeySpace("finance_zh", "statistic", "company", "finance_reports_zh",
             lambda: [c.stock_code for c in zh_companies()]),
    KeySpace("finance_zh", None, "financial_report", "finance_reports_zh",
             lambda: [r.report_id for r in finance_zh.reports() if r.split == "retrieval"]),
    KeySpace("finance_en", "statistic", "company", "finance_reports_en",
             lambda: [c.cik for c in en_companies()]),
    KeySpace("finance_en", "RegBench", "cfr_paragraph", "cfr_217",
             lambda: [p.paragraph_id for p in cfr_paragraphs()]),
    KeySpace("finance_en", "FinAuditing", "filing_fact", "audit_rules",
             lambda: [f[0] for f in audit_rules.facts()]),
    KeySpace("finance_en", None, "filing", "finance_reports_en",
             lambda: [f.accession for f in finance_en.filings() if f.split == "retrieval"]),
    KeySpace("science", None, "article", "articles", lambda: [a["ID"] for a in articles.articles()]),
)  # fmt: skip


def key_space(task: DemoTask) -> KeySpace:
    """Where a task's evidence ids come from."""
    return next(
        space
        for space in KEY_SPACES
        if task.id.startswith(space.prefix) and space.task_type in (task.type, None)
    )


def _gold_ids(task: DemoTask) -> list[Any]:
    """Gold evidence as the ids a system retrieves: (law_name, item) pairs become rule ids."""
    return [rule_id(e["law_name"], e["item"]) if isinstance(e, dict) else e for e in task.evidence]


def ranked_evidence(task: DemoTask, retrieval: Retrieval) -> list[dict[str, Any]]:
    """The `retrieved_evidence` list of one task."""
    space = key_space(task)
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
        search = {"corpus": key_space(task).corpus, "query": task.query[:80], "top_k": 20}
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
