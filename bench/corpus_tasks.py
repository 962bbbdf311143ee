"""Synthetic tasks, runs, logs and judgments over the synthetic corpora (bench.synthetic_corpora).

2,235 tasks in the README's group sizes, each with gold evidence drawn from its group's key
space (set-metric groups: tens to thousands of ids), and three runs whose retrieved evidence
mixes hits, misses, duplicates, ids unknown to the corpus, ids of another key space and, for
finance, leaked ground_truth records.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.anser import groups as g
from anser_tui.benchmarks.anser.groups import GROUPS_BY_NAME, rubric_for
from anser_tui.workspace.tasks import Form
from bench.scoring_tasks import SIZES
from bench.synthetic_corpora import CorpusIds

RUNS = ("sys-a", "sys-b", "sys-c")
_SET_SPACES = {g.WENSHU, g.LEGAL_CASES, g.COMPANIES_ZH, g.COMPANIES_EN}


def _ground_truth(form: Form, rng: random.Random, zh: bool) -> Any:
    if form in (Form.NUMERIC, Form.STATISTIC):
        return round(rng.uniform(1, 5000), 2)
    if form is Form.CHOICE:
        return rng.choice("ABCD")
    if form is Form.STRUCTURED:
        return {"option": rng.choice(["positive", "negative", "none"]),
                "odds_ratio": round(rng.uniform(0.3, 3), 3)}
    return "原材料价格波动与市场竞争加剧。" if zh else "Exercise reduces depressive symptoms."


def _gold(space: g.EvidenceSpace, ids: CorpusIds, rng: random.Random) -> list[Any]:
    pool = ids.ids[space.corpus]
    if space in _SET_SPACES:
        size = int(min(len(pool), 3000, max(3, rng.lognormvariate(4.2, 1.3))))
    else:
        size = min(len(pool), rng.randint(1, 5))
    chosen = rng.sample(pool, size)
    if space is g.REG_RULES:
        return [{"law_name": law, "item": item} for law, item in chosen]
    return chosen


def _retrieved(space: g.EvidenceSpace, gold: list[Any], ids: CorpusIds,
               rng: random.Random) -> list[Any]:
    pool = ids.ids[space.corpus]
    if space in _SET_SPACES:
        kept = rng.sample(gold, int(len(gold) * rng.uniform(0.5, 0.95)))
        wrong = min(len(pool), max(1, int(len(gold) * rng.uniform(0.05, 0.3))))
        out: list[Any] = [*kept, *rng.sample(pool, wrong)]
        rng.shuffle(out)
    else:
        misses = rng.sample(pool, min(len(pool), rng.randint(2, 8)))
        out = [*gold[: rng.randint(0, len(gold))], *misses]
        rng.shuffle(out)
        if out and rng.random() < 0.2:
            out.append(out[0])  # a duplicate
    if rng.random() < 0.15:
        out.insert(rng.randrange(len(out) + 1), f"unknown-{rng.randrange(10**6)}")
    if rng.random() < 0.1:
        other = ids.ids["articles" if space is not g.ARTICLES else "precedents"]
        out.insert(rng.randrange(len(out) + 1), rng.choice(other))
    leaked = ids.leaked.get(space.corpus)
    if leaked and rng.random() < 0.1:
        out.insert(rng.randrange(min(len(out), 4) + 1), rng.choice(leaked))
    if space is g.REG_RULES:  # half by rule id, half as (law_name, item)
        rule_ids = dict(zip(ids.ids["regulatory_rules"], ids.ids["regulatory_rule_ids"],
                            strict=True))
        converted: list[Any] = []
        for element in out:
            pair = (element["law_name"], element["item"]) if isinstance(element, dict) \
                else element
            if not isinstance(pair, tuple):
                converted.append(element)
            elif rng.random() < 0.5:
                converted.append(rule_ids[pair])
            else:
                converted.append({"law_name": pair[0], "item": pair[1]})
        out = converted
    return [{"type": space.key, "id": e} if not isinstance(e, dict) else e for e in out]


def _judge_output(rubric_keys: list[str], rng: random.Random) -> str:
    marks = {k: rng.randint(0, 4) for k in rubric_keys}
    return json.dumps({"score_0_100": rng.randint(0, 100), **marks, "reason": "synthetic"})


def write_benchmark(out: Path, ids: CorpusIds, seed: int = 7) -> None:
    rng = random.Random(seed + 1)
    runs: dict[str, list[dict[str, Any]]] = {r: [] for r in RUNS}
    logs: dict[str, list[dict[str, Any]]] = {r: [] for r in RUNS}
    judgments: dict[str, list[dict[str, Any]]] = {r: [] for r in RUNS}
    for name, size in SIZES.items():
        group = GROUPS_BY_NAME[name]
        tasks = []
        for number in range(1, size + 1):
            spec = group.range_for(number)
            assert spec is not None
            task_id = f"{name}_{number}"
            gold = _gold(spec.evidence, ids, rng)
            tasks.append({"id": task_id, "type": spec.form.value,
                          "query": f"Synthetic question {number} of {name}: 借款 revenue trial",
                          "instruction": "Answer briefly.",
                          "ground_truth": _ground_truth(spec.form, rng, group.lang == "zh"),
                          "evidence": gold})
            rubric = rubric_for(name, spec.form, number)
            for run in RUNS:
                runs[run].append({"id": task_id, "answer": "synthetic answer 42",
                                  "retrieved_evidence": _retrieved(spec.evidence, gold, ids,
                                                                   rng)})
                logs[run].append({"id": task_id, "latency_s": round(rng.uniform(1, 30), 2),
                                  "input_tokens": rng.randint(500, 9000),
                                  "output_tokens": rng.randint(50, 900)})
                if rubric is not None:
                    judgments[run].append({"id": task_id, "model": "synthetic",
                                           "output": _judge_output(
                                               [c.key for c in rubric.criteria], rng)})
        path = out / "benchmark" / group.file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(tasks, ensure_ascii=False), encoding="utf-8")
    folder = out / "runs"
    folder.mkdir(parents=True, exist_ok=True)
    for run in RUNS:
        for kind, rows in (("run", runs[run]), ("log", logs[run]),
                           ("judgments", judgments[run])):
            (folder / f"{run}.{kind}.jsonl").write_text(
                "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                encoding="utf-8")
