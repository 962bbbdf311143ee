"""Build the demo benchmark, run, log and judge outputs under one folder, atomically.

Everything is written into a temporary folder beside the target and renamed into place at the
end, so a crash leaves nothing half-written. A folder that already holds a complete demo of
this version is left as it is.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from anser_tui.benchmarks.anser.groups import GROUPS_BY_NAME
from anser_tui.demo import (
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
from anser_tui.demo.corpora import CORPORA, write_corpora
from anser_tui.demo.judge import judgment_records
from anser_tui.demo.records import DemoTask
from anser_tui.demo.run import log_records, run_records
from anser_tui.demo.storage import write_json, write_jsonl

DEMO_VERSION = "1"
MARKER = ".anser-demo"
DEMO_RUN = "demo-system"

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


@dataclass(frozen=True)
class DemoPaths:
    """Where the demo lives: the benchmark folder and the demo system's three run files."""

    root: Path
    data_dir: Path
    run_file: Path
    log_file: Path
    judgments_file: Path

    @classmethod
    def under(cls, root: Path) -> DemoPaths:
        runs = root / "runs"
        return cls(
            root=root,
            data_dir=root / "anser-bench",
            run_file=runs / f"{DEMO_RUN}.jsonl",
            log_file=runs / f"{DEMO_RUN}.log.jsonl",
            judgments_file=runs / f"{DEMO_RUN}.judge.jsonl",
        )

    def files(self) -> list[Path]:
        """Every file a complete demo holds."""
        benchmark = [self.data_dir / "benchmark" / _task_file(group) for group, _ in TASK_GROUPS]
        corpora = [self.data_dir / "corpora" / corpus.path for corpus in CORPORA]
        return [*benchmark, *corpora, self.run_file, self.log_file, self.judgments_file]


def build_demo(root: Path) -> DemoPaths:
    """The demo under `root`, built unless a complete one of this version is already there."""
    root = Path(root)
    paths = DemoPaths.under(root)
    if _complete(paths):
        return paths
    if root.exists() and not (root / MARKER).exists() and any(root.iterdir()):
        raise FileExistsError(f"{root} is not empty and holds no anser-tui demo")
    root.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{root.name}.", suffix=".building", dir=root.parent))
    staging.chmod(0o755)
    try:
        _write(DemoPaths.under(staging))
        (staging / MARKER).write_text(DEMO_VERSION, encoding="utf-8")
        _install(staging, paths)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return paths


def _task_file(group: str) -> str:
    return GROUPS_BY_NAME[group].file


def _complete(paths: DemoPaths) -> bool:
    marker = paths.root / MARKER
    if not marker.is_file() or marker.read_text(encoding="utf-8") != DEMO_VERSION:
        return False
    return all(path.is_file() for path in paths.files())


def _install(staging: Path, paths: DemoPaths) -> None:
    """Rename the finished build to the target, replacing an empty folder or an older demo."""
    root = paths.root
    with tempfile.TemporaryDirectory(
        prefix=f".{root.name}.", suffix=".old", dir=root.parent
    ) as old:
        if root.exists():
            root.rename(Path(old) / "previous")
        try:
            staging.rename(root)
        except OSError:
            if not _complete(paths):  # another process may have installed it meanwhile
                raise


def _write(paths: DemoPaths) -> None:
    tasks: list[DemoTask] = []
    for group, make in TASK_GROUPS:
        file_tasks = make()
        task_file = paths.data_dir / "benchmark" / _task_file(group)
        write_json(task_file, [t.record() for t in file_tasks])
        tasks.extend(file_tasks)
    write_corpora(paths.data_dir / "corpora")
    run = run_records(tasks)
    write_jsonl(paths.run_file, run)
    write_jsonl(paths.log_file, log_records(tasks, run))
    write_jsonl(paths.judgments_file, judgment_records(tasks))
