"""PRBench report bench: the `report` command's rows over 18,692 weighted rubric criteria
(budget 1 s on 2 cores).

    python -m bench.bench_prbench_report [--criteria 18692] [--repeats 5]

The data is PRBench's published size (its dataset card's splits): 600 finance and 500 legal
samples, with the hard splits repeating 300 and 250 of them (1,100 tasks; the hard splits'
files hold no new tasks), and `--criteria` rubric items spread over the 1,100 tasks (4 to 40 a
task, about 17 on average; seeded). It is written in the release layout the loader reads: one
`<split>.jsonl` a split, each line a record in the dataset card's form (`task`, `turns`,
`field`, `topic`, `expert`, flat `prompt_i` / `response_i` / `model_i` / `reference_texts_i`
columns, and `rubric` items `{id, title, annotations: {weight_class, <class>_weight...,
criteria_category, criteria_description}}`; about 15% of the criteria negative). The run is
`{task, response}` lines; the judgments are per-criterion reply lines `{task, criterion_id,
reply}` whose reply is the judge's JSON `{explanation, criteria_met}` (0.5% of them unreadable,
so that the two failure policies differ).

Untimed: the workspace built through the package's own functions, as `init`, `import-run` and
`import-judgments` would (`init_workspace`, `import_run`, `import_judgment_file`). Timed, as
`anser-tui report WS --run NAME` spends its time before formatting: the workspace opened
read-only and `workspace_report(store, run)`, which reads the tasks and builds each one's
rubric from its record (`stored_scores` -> `restore_scores`), reads the run's log records,
the current judgments with their calls and the review decisions settled (`judge_values`), and
builds the rows: every sample scored under both failure policies and a row per (policy,
split), 8 rows (`build_rows`). Formatting the table is not timed. The median of `--repeats`
after one untimed warm-up, wall and CPU time (`time.process_time`); beside it the same steps timed
apart (each on a store opened for it, untimed). Exit status 1 when the budget is missed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

BUDGET_S = 1.0
RUN = "bench-model"
CRITERIA = 18692
SPLIT_SIZES = {"finance": 600, "legal": 500}
HARD_SIZES = {"finance_hard": ("finance", 300), "legal_hard": ("legal", 250)}
# (weight class, weights it takes): PRBench's six classes, negative ones with negative weights
POSITIVE = (("critically important", (8, 9, 10)), ("important", (4, 5, 6, 7)),
            ("slightly important", (1, 2, 3)))
NEGATIVE = (("slightly detrimental", (-1, -2, -3)), ("detrimental", (-4, -5, -6)),
            ("critically detrimental", (-8, -9, -10)))
CLASSES = [c for c, _ in POSITIVE + NEGATIVE]
CATEGORIES = {"finance": ("Financial Accuracy", "Process Transparency", "Risk Disclosure",
                          "Handling Uncertainty"),
              "legal": ("Legal Accuracy", "Application of Law", "Procedural Correctness",
                        "Handling Uncertainty")}
TOPICS = {"finance": ("Corporate Finance", "Taxation", "Accounting", "Risk Management"),
          "legal": ("Contracts", "Employment", "Privacy", "Litigation")}
FAILED_SHARE = 0.005


def criteria_counts(n_tasks: int, total: int, rng: random.Random) -> list[int]:
    """`n_tasks` counts of 4-40 summing to `total` (drawn 8-26, then moved one at a time)."""
    low, high = 4, 40
    if not low * n_tasks <= total <= high * n_tasks:
        raise ValueError(f"{total} criteria do not fit {n_tasks} tasks at {low}-{high} each")
    counts = [rng.randint(8, 26) for _ in range(n_tasks)]
    while (gap := total - sum(counts)) != 0:
        i = rng.randrange(n_tasks)
        step = 1 if gap > 0 else -1
        if low <= counts[i] + step <= high:
            counts[i] += step
    return counts


def _criterion(task: str, j: int, field: str, rng: random.Random) -> dict[str, Any]:
    weight_class, weights = (rng.choice(NEGATIVE) if j > 0 and rng.random() < 0.15
                             else rng.choice(POSITIVE))
    notes: dict[str, Any] = {f"{c.replace(' ', '_')}_weight": None for c in CLASSES}
    notes[f"{weight_class.replace(' ', '_')}_weight"] = rng.choice(weights)
    notes.update(weight_class=weight_class, criteria_category=rng.choice(CATEGORIES[field]),
                 criteria_description=f"Why criterion {j} of {task} matters to an expert.")
    verb = "Invents" if weight_class in dict(NEGATIVE) else "States"
    return {"id": f"{task}-c{j}", "title": f"{verb} point {j} of the {field} question {task}.",
            "annotations": notes}


def _record(task: str, field: str, n_criteria: int, rng: random.Random) -> dict[str, Any]:
    turns = rng.choice((1, 1, 1, 2, 3))
    record: dict[str, Any] = {
        "task": task, "turns": turns, "field": field.capitalize(),
        "topic": rng.choice(TOPICS[field]), "expert": rng.choice(("Expert", "Non-Expert")),
        "scratchpad": "", "rubric": [_criterion(task, j, field, rng) for j in range(n_criteria)]}
    for i in range(10):
        record[f"prompt_{i}"] = (f"Turn {i} of {task}: how should the client treat item {i}? "
                                 * 6 if i < turns else None)
        record[f"reference_texts_{i}"] = ([f"Reference {k} for turn {i} of {task}. " * 20
                                           for k in range(rng.choice((0, 1, 2)))]
                                          if i < turns else None)
        if i < 9:
            record[f"response_{i}"] = (f"An earlier answer {i} on {task}. " * 10
                                       if i < turns - 1 else None)
            record[f"model_{i}"] = "gpt-4o" if i < turns - 1 else None
    return record


def write_data(root: Path, n_criteria: int = CRITERIA,
               sizes: dict[str, int] | None = None,
               hard: dict[str, tuple[str, int]] | None = None, seed: int = 11
               ) -> tuple[Path, Path, Path]:
    """The split files (data folder), the run file and the judgment file; their paths."""
    sizes, hard = sizes or SPLIT_SIZES, hard or HARD_SIZES
    rng = random.Random(seed)
    n_tasks = sum(sizes.values())
    counts = iter(criteria_counts(n_tasks, n_criteria, rng))
    data = root / "prbench"
    data.mkdir(parents=True)
    records: dict[str, list[dict[str, Any]]] = {}
    for field, n in sizes.items():
        records[field] = [_record(f"{field[:3]}-{k:04d}-{rng.getrandbits(16):04x}", field,
                                  next(counts), rng) for k in range(n)]
    for split, (full, n) in hard.items():
        chosen = sorted(rng.sample(range(len(records[full])), n))
        records[split] = [records[full][k] for k in chosen]
    for split, lines in records.items():
        (data / f"{split}.jsonl").write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in lines), encoding="utf-8")
    samples = [r for field in sizes for r in records[field]]
    run_file = root / "run.jsonl"
    run_file.write_text("".join(json.dumps({"task": r["task"], "response": (
        f"The answer to {r['task']}, point by point. " * 25)}) + "\n" for r in samples),
        encoding="utf-8")
    judgment_file = root / "judgments.jsonl"
    with judgment_file.open("w", encoding="utf-8") as out:
        for r in samples:
            for c in r["rubric"]:
                negative = c["annotations"]["weight_class"] in dict(NEGATIVE)
                if rng.random() < FAILED_SHARE:
                    reply = "I cannot grade this criterion."
                else:
                    met = rng.random() < (0.2 if negative else 0.7)
                    reply = json.dumps({"explanation": f"Checked {c['id']} in the response.",
                                        "criteria_met": met})
                out.write(json.dumps({"task": r["task"], "criterion_id": c["id"],
                                      "reply": reply}) + "\n")
    return data, run_file, judgment_file


def make_workspace(root: Path, n_criteria: int = CRITERIA,
                   sizes: dict[str, int] | None = None,
                   hard: dict[str, tuple[str, int]] | None = None) -> Path:
    """A PRBench workspace of the synthetic data, its run imported and judged."""
    from anser_tui.exchange import import_run, init_workspace
    from anser_tui.judge.importing import import_judgment_file

    data, run_file, judgment_file = write_data(root, n_criteria, sizes, hard)
    path = root / "ws.db"
    store = init_workspace(path, "prbench", data)
    try:
        import_run(store, run_file, RUN)
        import_judgment_file(store, judgment_file, RUN)
    finally:
        store.close()
    return path


def report_once(path: Path) -> list[Any]:
    """What `anser-tui report WS --run RUN` computes before formatting: the run's rows."""
    from anser_tui.exchange.workspace_scores import workspace_report
    from anser_tui.workspace import WorkspaceStore

    with WorkspaceStore.open(path, read_only=True) as store:
        return workspace_report(store, store.require_run(RUN))


def n_criteria_seen(path: Path) -> tuple[int, int]:
    """(tasks, criteria) of the rubrics the report reads."""
    from anser_tui.exchange.workspace_scores import stored_scores
    from anser_tui.workspace import WorkspaceStore

    with WorkspaceStore.open(path, read_only=True) as store:
        items = stored_scores(store, RUN)
    return len(items), sum(len(i.rubric.criteria) for i in items)  # type: ignore[attr-defined]


def _median_of(fn: Callable[[], object], repeats: int) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def steps(path: Path, repeats: int) -> list[tuple[str, float, float]]:
    """The report's steps timed apart, each on a store freshly opened (untimed, so that no
    step finds the tasks another one read): (step, wall, CPU) medians."""
    from anser_tui.benchmarks.prbench.report import build_rows
    from anser_tui.exchange.workspace_scores import judge_values, stored_scores
    from anser_tui.workspace import WorkspaceStore

    def fresh(step: Callable[[WorkspaceStore], object]) -> tuple[float, float]:
        walls, cpus = [], []
        for _ in range(repeats):
            with WorkspaceStore.open(path, read_only=True) as store:
                wall, cpu = time.perf_counter(), time.process_time()
                step(store)
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
        return statistics.median(walls), statistics.median(cpus)

    out = [("workspace opened", *_median_of(
               lambda: WorkspaceStore.open(path, read_only=True).close(), repeats)),
           ("tasks read, rubrics built (stored_scores)",
            *fresh(lambda store: stored_scores(store, RUN))),
           ("log records read", *fresh(lambda store: store.log_records(RUN))),
           ("judgments read, decisions settled (judge_values)",
            *fresh(lambda store: judge_values(store, RUN)))]
    # read last: the objects it holds would make the steps above pay for more garbage
    # collection than the report does
    with WorkspaceStore.open(path, read_only=True) as store:
        scores, judgments = stored_scores(store, RUN), judge_values(store, RUN).judgments
    return [*out, ("rows built (build_rows)",
                   *_median_of(lambda: build_rows(scores, judgments), repeats))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--criteria", type=int, default=CRITERIA)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="anser-prbench-") as tmp:
        started = time.perf_counter()
        path = make_workspace(Path(tmp), args.criteria)
        built = time.perf_counter() - started
        n_tasks, n_criteria = n_criteria_seen(path)
        rows = report_once(path)  # warm-up
        wall, cpu = _median_of(lambda: report_once(path), args.repeats)
        apart = steps(path, args.repeats)
    verdict = "ok" if wall <= BUDGET_S else "OVER BUDGET"
    print(f"workspace built in {built:.1f} s (untimed): {n_tasks} tasks, {n_criteria} criteria, "
          "the run imported and judged per criterion")
    print(f"PRBench report: {n_criteria} criteria over {n_tasks} tasks, {len(rows)} rows, "
          f"median of {args.repeats}: wall {wall:.3f} s, CPU {cpu:.3f} s "
          f"(budget {BUDGET_S:.1f} s: {verdict})")
    print("  its steps timed apart (medians):")
    for step, step_wall, step_cpu in apart:
        print(f"    {step:<50} wall {step_wall:.3f} s  CPU {step_cpu:.3f} s")
    return 0 if wall <= BUDGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
