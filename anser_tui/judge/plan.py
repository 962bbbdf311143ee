"""Which items a judge run sends: every judged task of the run, minus what is already done.

An item is done when sending its request (same prompt, model and parameters) again would
change nothing:
- its current judgment (`workspace.judgments`: the newest ok one, else the newest) answers that
  very request with a reply; or
- the judge's newest reply to that request did not parse or did not fit the rubric
  (parse_error, invalid): asking again gets the same cached reply, which could not become
  current over an ok judgment.
A transport error is never done. A good judgment of another request (an imported one, another
model) does not make the item done: the request is sent, and its judgment, if ok, becomes
current. A failed attempt never displaces a good judgment, so after a transport error the
current judgment stays the good one made before, and the next run sends the failed request
again.
`limit` takes the first K items not done, in the order given (task order for a run).
All of this is per judge (DESIGN 15): the plan is the judge's (by default the model's name),
and another judge's judgments neither make an item done nor are displaced.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.judge.request import JudgeParams, JudgeRequest, build_request
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import current_judgments, unusable_replies
from anser_tui.workspace.records import Judgment, JudgmentStatus, RunOutput
from anser_tui.workspace.store import WorkspaceStore


@dataclass
class JudgePlan:
    judge: str  # the name every judgment of the plan is stored under
    requests: list[JudgeRequest] = field(default_factory=list)
    already: int = 0  # items done: the same request already answered (see above)
    # the few-shot blocks its requests carry, by user template (`judge.examples`); empty: the
    # benchmark's prompts as they are. A batch records them, to read its replies back.
    examples: dict[str, str] = field(default_factory=dict)


def run_items(store: WorkspaceStore, run: str) -> list[Item]:
    """Every task of the workspace the LLM judge scores, for `run`, in task order.

    Tasks missing from the run are included: they are judged as an empty answer.
    """
    benchmark = benchmark_named(store.benchmark)
    return [Item(run, t.id) for t in store.tasks() if benchmark.rubric(t) is not None]


def _done(current: Judgment | None, unusable: set[str], request: JudgeRequest) -> bool:
    if (current is not None and current.source == request.source
            and current.status is not JudgmentStatus.TRANSPORT_ERROR):
        return True
    return request.source in unusable


def plan_judging(store: WorkspaceStore, items: Iterable[Item], params: JudgeParams,
                 limit: int | None = None, judge: str | None = None) -> JudgePlan:
    """What judge `judge` (default: named after the model) still has to send for `items`."""
    plan = JudgePlan(judge or params.model)
    benchmark = benchmark_named(store.benchmark)
    outputs: dict[str, dict[str, RunOutput]] = {}
    current: dict[str, dict[str, Judgment]] = {}
    unusable: dict[str, dict[str, set[str]]] = {}
    for item in items:
        task = store.task(item.task_id)
        rubric = benchmark.rubric(task)
        if rubric is None:
            continue
        if item.run not in outputs:
            outputs[item.run] = store.outputs(item.run)
            current[item.run] = current_judgments(store, item.run, plan.judge)
            unusable[item.run] = unusable_replies(store, item.run, plan.judge)
        request = build_request(benchmark, item.run, task, outputs[item.run].get(item.task_id),
                                rubric, params)
        if _done(current[item.run].get(item.task_id),
                 unusable[item.run].get(item.task_id, set()), request):
            plan.already += 1
        elif limit is None or len(plan.requests) < limit:
            plan.requests.append(request)
    return plan
