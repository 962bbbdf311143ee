"""The ANSER-Bench demo's files: the release layout (`anser-bench/benchmark/` task files,
`anser-bench/corpora/` with all ten corpora) and one run (`runs/demo-system.jsonl`, its
reproducibility log `.log.jsonl` and the recorded judge outputs `.judge.jsonl`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from anser_tui.benchmarks.anser.groups import GROUPS_BY_NAME
from bench.demo_data import (
    tasks_finance_en,
    tasks_finance_en_outlook,
    tasks_finance_en_rules,
    tasks_finance_zh,
    tasks_finance_zh_outlook,
    tasks_legal_en,
    tasks_legal_zh,
    tasks_legal_zh_prescriptive,
    tasks_science,
)
from bench.demo_data.corpora import write_corpora
from bench.demo_data.judge import judgment_records
from bench.demo_data.records import DemoTask
from bench.demo_data.run import log_records, run_records
from bench.demo_data.storage import DEMO_RUN, write_json, write_jsonl

# Each group's tasks in README order; its task file is where the app reads the group.
TASK_GROUPS: tuple[tuple[str, Callable[[], list[DemoTask]]], ...] = (
    ("legal_zh_descriptive", tasks_legal_zh.descriptive),
    ("legal_zh_predictive", tasks_legal_zh.predictive),
    ("legal_zh_prescriptive", tasks_legal_zh_prescriptive.prescriptive),
    ("legal_en_descriptive", tasks_legal_en.descriptive),
    ("legal_en_predictive", tasks_legal_en.predictive),
    ("legal_en_prescriptive", tasks_legal_en.prescriptive),
    ("finance_zh_descriptive", tasks_finance_zh.descriptive),
    ("finance_zh_predictive", tasks_finance_zh_outlook.predictive),
    ("finance_zh_prescriptive", tasks_finance_zh_outlook.prescriptive),
    ("finance_en_descriptive", tasks_finance_en.descriptive),
    ("finance_en_predictive", tasks_finance_en_outlook.predictive),
    ("finance_en_prescriptive", tasks_finance_en_rules.prescriptive),
    ("science_en_descriptive", tasks_science.descriptive),
    ("science_en_predictive", tasks_science.predictive),
)


def write(root: Path) -> None:
    """Every file of the demo under `root`."""
    data_dir, runs = root / "anser-bench", root / "runs"
    tasks: list[DemoTask] = []
    for group, make in TASK_GROUPS:
        file_tasks = make()
        write_json(data_dir / "benchmark" / GROUPS_BY_NAME[group].file,
                   [t.record() for t in file_tasks])
        tasks.extend(file_tasks)
    write_corpora(data_dir / "corpora")
    run = run_records(tasks)
    write_jsonl(runs / f"{DEMO_RUN}.jsonl", run)
    write_jsonl(runs / f"{DEMO_RUN}.log.jsonl", log_records(tasks, run))
    write_jsonl(runs / f"{DEMO_RUN}.judge.jsonl", judgment_records(tasks))
