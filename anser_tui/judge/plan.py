"""Which items a judge run sends: every judged task of the run, minus what is already done.

An item is done when its current judgment answers the very same request (same prompt, model
and parameters) with a reply (ok, invalid or parse_error); a transport error is never done.
`limit` takes the first K items not done, in the order given (task order for a run).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.judge.request import JudgeParams, JudgeRequest, build_request
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import latest_judgments
from anser_tui.workspace.records import Judgment, JudgmentStatus, RunOutput
from anser_tui.workspace.store import WorkspaceStore


@dataclass
class JudgePlan:
    requests: list[JudgeRequest] = field(default_factory=list)
    already: int = 0  # items whose current judgment answers the same request


def run_items(store: WorkspaceStore, run: str) -> list[Item]:
    """Every task of the workspace the LLM judge scores, for `run`, in task order.

    Tasks missing from the run are included: they are judged as an empty answer.
    """
    benchmark = benchmark_named(store.benchmark)
    return [Item(run, t.id) for t in store.tasks() if benchmark.rubric(t) is not None]


def _done(judgment: Judgment | None, request: JudgeRequest) -> bool:
    return (judgment is not None and judgment.source == request.source
            and judgment.status is not JudgmentStatus.TRANSPORT_ERROR)


def plan_judging(store: WorkspaceStore, items: Iterable[Item], params: JudgeParams,
                 limit: int | None = None) -> JudgePlan:
    plan = JudgePlan()
    benchmark = benchmark_named(store.benchmark)
    outputs: dict[str, dict[str, RunOutput]] = {}
    current: dict[str, dict[str, Judgment]] = {}
    for item in items:
        task = store.task(item.task_id)
        rubric = benchmark.rubric(task)
        if rubric is None:
            continue
        if item.run not in outputs:
            outputs[item.run] = store.outputs(item.run)
            current[item.run] = latest_judgments(store, item.run)
        request = build_request(benchmark, item.run, task, outputs[item.run].get(item.task_id),
                                rubric, params)
        if _done(current[item.run].get(item.task_id), request):
            plan.already += 1
        elif limit is None or len(plan.requests) < limit:
            plan.requests.append(request)
    return plan
